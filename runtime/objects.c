#include "objects.h"

#include "sites.h"
#include "tls.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

/* ---- Globals: the modules' tables, merged into one array sorted by address when a
 * report needs it after a registration. */

struct global_table {
  const struct ompracer_global *rows;
  uint32_t count;
};

static pthread_mutex_t g_globals_mutex = PTHREAD_MUTEX_INITIALIZER;
static struct global_table *g_tables;
static size_t g_ntables, g_tables_cap;
static const struct ompracer_global **g_sorted; /* every row, by address */
static size_t g_nsorted;

static int by_address(const void *a, const void *b) {
  uintptr_t x = (uintptr_t)(*(const struct ompracer_global *const *)a)->addr;
  uintptr_t y = (uintptr_t)(*(const struct ompracer_global *const *)b)->addr;
  return x < y ? -1 : x > y;
}

/* With g_globals_mutex held. */
static void sort_globals(void) {
  size_t n = 0;
  for (size_t i = 0; i < g_ntables; i++)
    n += g_tables[i].count;
  const struct ompracer_global **sorted = malloc((n ? n : 1) * sizeof *sorted);
  if (!sorted)
    return; /* keep the old array */
  size_t k = 0;
  for (size_t i = 0; i < g_ntables; i++)
    for (uint32_t j = 0; j < g_tables[i].count; j++)
      sorted[k++] = &g_tables[i].rows[j];
  qsort(sorted, n, sizeof *sorted, by_address);
  free(g_sorted);
  g_sorted = sorted;
  g_nsorted = n;
}

void objects_register_globals(const struct ompracer_global *globals, uint32_t count) {
  pthread_mutex_lock(&g_globals_mutex);
  if (g_ntables == g_tables_cap) {
    size_t cap = g_tables_cap ? 2 * g_tables_cap : 16;
    struct global_table *t = realloc(g_tables, cap * sizeof *t);
    if (!t) { /* out of memory: these globals go unnamed */
      pthread_mutex_unlock(&g_globals_mutex);
      return;
    }
    g_tables = t;
    g_tables_cap = cap;
  }
  g_tables[g_ntables++] = (struct global_table){globals, count};
  /* Sorted here, where malloc may be called, not when a report looks a global up: that
   * may be in a signal handler that interrupted the program inside malloc. */
  sort_globals();
  pthread_mutex_unlock(&g_globals_mutex);
}

/* The global holding addr, or NULL. */
static const struct ompracer_global *find_global(uintptr_t addr) {
  pthread_mutex_lock(&g_globals_mutex);
  const struct ompracer_global *found = NULL;
  size_t lo = 0, hi = g_nsorted; /* the last row starting at or below addr */
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if ((uintptr_t)g_sorted[mid]->addr <= addr)
      lo = mid + 1;
    else
      hi = mid;
  }
  /* Zero-sized rows may sit between: look back over rows that start at the same
   * place or earlier until one holds addr (globals do not overlap otherwise). */
  for (size_t i = lo; i > 0 && !found; i--) {
    const struct ompracer_global *g = g_sorted[i - 1];
    if (addr - (uintptr_t)g->addr < g->size)
      found = g;
    else if (g->size)
      break;
  }
  pthread_mutex_unlock(&g_globals_mutex);
  return found;
}

/* ---- Heap blocks and locals: a hash of block starts, split into stripes with a lock
 * each so that threads allocating at once seldom meet. Entries are never removed: a
 * freed block stays until an object starts at its address again. */

struct object {
  uintptr_t start; /* 0: empty slot */
  uint64_t size;
  uint64_t gen; /* order of the marks: the newest entry holding an address wins */
  const char *name;
  uint32_t site;
};

#define STRIPES 64

struct stripe {
  pthread_mutex_t mutex;
  struct object *slots;
  size_t cap, len;
} __attribute__((aligned(64)));

static struct stripe g_stripes[STRIPES];
static atomic_uint_fast64_t g_next_gen = 1;
static pthread_once_t g_stripes_once = PTHREAD_ONCE_INIT;

/* The mark of a new entry. Two entries holding one address were noted in the order of
 * the program (memory is reused only after its earlier object ended), and the marks
 * must follow it. A heap block takes the next mark of the global count. A local is
 * noted by the thread whose stack holds it, which takes its marks from a block of
 * LOCAL_MARKS of that count, its own: one shared increment per block instead of one
 * per local (BOTS uts notes two arrays a task, and the two threads' increments of the
 * one line were about half of objects_note's time at 2 threads). The order holds:
 * a thread's locals among themselves by its block; a local and a heap block at one
 * address (stack memory that was or becomes a heap mapping, or a thread's stack that
 * a later thread reuses) because a thread's stack exists before its first local is
 * noted and the block is taken then, after any earlier object there, while an object
 * noted there later comes after the whole block (its mark, or its thread's block,
 * is taken from the count past it). Relaxed increments of one counter follow the
 * program's order (coherence). */
#define LOCAL_MARKS (UINT64_C(1) << 32)
static OMPR_TLS uint64_t t_local_mark, t_local_marks_end;

static uint64_t next_mark(bool local) {
  if (!local)
    return atomic_fetch_add_explicit(&g_next_gen, 1, memory_order_relaxed);
  if (t_local_mark == t_local_marks_end) {
    t_local_mark = atomic_fetch_add_explicit(&g_next_gen, LOCAL_MARKS, memory_order_relaxed);
    t_local_marks_end = t_local_mark + LOCAL_MARKS;
  }
  return t_local_mark++;
}

static void init_stripes(void) {
  for (unsigned i = 0; i < STRIPES; i++)
    pthread_mutex_init(&g_stripes[i].mutex, NULL);
}

static uint64_t hash_addr(uintptr_t a) {
  return (uint64_t)a * 0x9E3779B97F4A7C15ull;
}

static size_t slot_of(uintptr_t start, size_t cap) {
  return (size_t)(hash_addr(start) >> 7) & (cap - 1);
}

/* With the stripe's mutex held. */
static int stripe_grow(struct stripe *s) {
  size_t cap = s->cap ? 2 * s->cap : 64;
  struct object *slots = calloc(cap, sizeof *slots);
  if (!slots)
    return -1;
  for (size_t i = 0; i < s->cap; i++) {
    if (!s->slots[i].start)
      continue;
    size_t j = slot_of(s->slots[i].start, cap);
    while (slots[j].start)
      j = (j + 1) & (cap - 1);
    slots[j] = s->slots[i];
  }
  free(s->slots);
  s->slots = slots;
  s->cap = cap;
  return 0;
}

void objects_note(uintptr_t addr, uint64_t size, uint32_t site, const char *name) {
  if (!addr)
    return; /* a failed allocation */
  pthread_once(&g_stripes_once, init_stripes);
  uint64_t gen = next_mark(name != NULL);
  struct stripe *s = &g_stripes[hash_addr(addr) >> 58]; /* top 6 bits: STRIPES */
  pthread_mutex_lock(&s->mutex);
  if ((s->len + 1) * 4 > s->cap * 3 && stripe_grow(s)) { /* at most three quarters full */
    pthread_mutex_unlock(&s->mutex); /* out of memory: this object goes unnamed */
    return;
  }
  size_t j = slot_of(addr, s->cap);
  while (s->slots[j].start && s->slots[j].start != addr)
    j = (j + 1) & (s->cap - 1);
  if (!s->slots[j].start)
    s->len++;
  s->slots[j] = (struct object){addr, size, gen, name, site};
  pthread_mutex_unlock(&s->mutex);
}

/* The newest object holding addr; false if none. */
static bool find_object(uintptr_t addr, struct object *out) {
  pthread_once(&g_stripes_once, init_stripes);
  bool found = false;
  for (unsigned i = 0; i < STRIPES; i++) {
    struct stripe *s = &g_stripes[i];
    pthread_mutex_lock(&s->mutex);
    for (size_t j = 0; j < s->cap; j++) {
      const struct object *o = &s->slots[j];
      if (o->start && addr - o->start < o->size && (!found || o->gen > out->gen)) {
        *out = *o;
        found = true;
      }
    }
    pthread_mutex_unlock(&s->mutex);
  }
  return found;
}

/* ---- The description. */

/* " (offset N)" when the race covers only part of the object. */
static void format_offset(uint64_t offset, uint64_t nbytes, uint64_t size, char *buf, size_t len) {
  if (offset == 0 && nbytes >= size)
    buf[0] = '\0';
  else
    snprintf(buf, len, " (offset %" PRIu64 ")", offset);
}

static void describe_object(const struct object *o, uintptr_t addr, uint64_t nbytes, char *buf,
                            size_t len) {
  char offset[48];
  format_offset(addr - o->start, nbytes, o->size, offset, sizeof offset);
  const struct ompracer_site *s = sites_lookup(o->site);
  const char *function = s && s->function ? s->function : "??";
  char where[512];
  if (s && s->file && s->line)
    snprintf(where, sizeof where, " at %s:%u", s->file, s->line);
  else if (s && s->file)
    snprintf(where, sizeof where, " at %s:?", s->file);
  else
    snprintf(where, sizeof where, " at <unknown location (compile with -g)>");
  if (o->name)
    snprintf(buf, len, "local '%s' of %s, declared%s%s", o->name, function, where, offset);
  else
    snprintf(buf, len, "heap block of %" PRIu64 " bytes allocated%s in %s%s", o->size, where,
             function, offset);
}

void objects_describe(uintptr_t addr, uint64_t nbytes, char *buf, size_t len) {
  const struct ompracer_global *g = find_global(addr);
  if (g) {
    char offset[48], where[512] = "";
    format_offset(addr - (uintptr_t)g->addr, nbytes, g->size, offset, sizeof offset);
    if (g->file && g->line)
      snprintf(where, sizeof where, ", declared at %s:%u", g->file, g->line);
    snprintf(buf, len, "global '%s' of %" PRIu64 " bytes%s%s", g->name, g->size, where, offset);
    return;
  }
  struct object o;
  if (find_object(addr, &o)) {
    describe_object(&o, addr, nbytes, buf, len);
    return;
  }
  snprintf(buf, len,
           "unknown (no global, heap block or local variable of instrumented code "
           "holds it)");
}

enum object_kind objects_name(uintptr_t addr, char *buf, size_t len) {
  const struct ompracer_global *g = find_global(addr);
  if (g) {
    snprintf(buf, len, "%s", g->name);
    return OBJECT_GLOBAL;
  }
  struct object o;
  if (!find_object(addr, &o))
    return OBJECT_NONE;
  if (o.name) {
    snprintf(buf, len, "%s", o.name);
    return OBJECT_LOCAL;
  }
  sites_format_line(o.site, buf, (unsigned)len);
  return OBJECT_HEAP;
}

/* ---- fork(). */

void objects_atfork_prepare(void) {
  pthread_once(&g_stripes_once, init_stripes);
  pthread_mutex_lock(&g_globals_mutex);
  for (unsigned i = 0; i < STRIPES; i++)
    pthread_mutex_lock(&g_stripes[i].mutex);
}

void objects_atfork_parent(void) {
  for (unsigned i = STRIPES; i > 0; i--)
    pthread_mutex_unlock(&g_stripes[i - 1].mutex);
  pthread_mutex_unlock(&g_globals_mutex);
}

void objects_atfork_child(void) {
  objects_atfork_parent();
}
