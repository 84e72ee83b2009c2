#include "sites.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* One registered module table. Modules are few (one per instrumented object file or
 * shared library), so a small array searched linearly at report time is enough. */
struct module_table {
  const struct ompracer_site *sites;
  site_id base;
  uint32_t count;
};

#define MAX_MODULES 65536

static struct module_table g_modules[MAX_MODULES];
static uint32_t g_nmodules;
static site_id g_next_id = 1;
static pthread_mutex_t g_sites_mutex = PTHREAD_MUTEX_INITIALIZER;

site_id sites_register(const struct ompracer_site *table, uint32_t count) {
  site_id base = 0;
  pthread_mutex_lock(&g_sites_mutex);
  /* Site ids keep their top bit free: history entries use it for "atomic". */
  if (g_nmodules < MAX_MODULES && (uint64_t)g_next_id + count < (1u << 31)) {
    base = g_next_id;
    g_modules[g_nmodules++] = (struct module_table){table, base, count};
    g_next_id += count;
  }
  pthread_mutex_unlock(&g_sites_mutex);
  return base;
}

const struct ompracer_site *sites_lookup(site_id id) {
  if (!id)
    return NULL;
  pthread_mutex_lock(&g_sites_mutex);
  const struct ompracer_site *found = NULL;
  for (uint32_t i = 0; i < g_nmodules && !found; i++) {
    const struct module_table *m = &g_modules[i];
    if (id >= m->base && id - m->base < m->count)
      found = &m->sites[id - m->base];
  }
  pthread_mutex_unlock(&g_sites_mutex);
  return found;
}

void sites_format_location(site_id id, char *buf, unsigned len) {
  const struct ompracer_site *s = sites_lookup(id);
  if (!s)
    snprintf(buf, len, "<unknown site>");
  else if (!s->file)
    snprintf(buf, len, "<unknown location (compile with -g)>");
  else if (!s->line)
    snprintf(buf, len, "%s:? (no line: the optimiser merged this access; -O0 keeps lines)",
             s->file);
  else
    snprintf(buf, len, "%s:%u:%u", s->file, s->line, s->column);
}

void sites_format_line(site_id id, char *buf, unsigned len) {
  const struct ompracer_site *s = sites_lookup(id);
  if (!s)
    snprintf(buf, len, "<unknown site>");
  else if (!s->file)
    snprintf(buf, len, "<unknown location (compile with -g)> in %s",
             s->function ? s->function : "??");
  else if (!s->line)
    snprintf(buf, len, "%s:?", s->file);
  else
    snprintf(buf, len, "%s:%u", s->file, s->line);
}

const char *sites_function(site_id id) {
  const struct ompracer_site *s = sites_lookup(id);
  return s && s->function ? s->function : "??";
}

int sites_compare(site_id a, site_id b) {
  const struct ompracer_site *sa = sites_lookup(a), *sb = sites_lookup(b);
  if (sa && sb) {
    int c = strcmp(sa->file ? sa->file : "", sb->file ? sb->file : "");
    if (c)
      return c;
    if (sa->line != sb->line)
      return sa->line < sb->line ? -1 : 1;
    if (sa->column != sb->column)
      return sa->column < sb->column ? -1 : 1;
  }
  return a < b ? -1 : a > b;
}

void sites_format_what_at(const char *what, site_id site, char *buf, size_t len) {
  if (!site) {
    snprintf(buf, len, "%s", what);
    return;
  }
  char where[512];
  sites_format_line(site, where, sizeof where);
  snprintf(buf, len, "%s at %s", what, where);
}
