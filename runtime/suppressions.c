#include "suppressions.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct suppression {
  char *text;    /* the line as written, after "race:" (for the unused list) */
  char *pattern; /* function or file pattern */
  unsigned line; /* 0: any line (then the pattern may also name a function) */
  unsigned lineno;
  atomic_bool used;
};

static struct suppression *g_supps;
static size_t g_nsupps;
static const char *g_path;

/* Glob match: '*' any run of characters, '?' one character, anything else itself. */
static bool glob_match(const char *pat, const char *s) {
  const char *star = NULL, *resume = NULL;
  while (*s) {
    if (*pat == '*') {
      star = pat++;
      resume = s;
    } else if (*pat == '?' || *pat == *s) {
      pat++;
      s++;
    } else if (star) {
      pat = star + 1;
      s = ++resume;
    } else {
      return false;
    }
  }
  while (*pat == '*')
    pat++;
  return !*pat;
}

/* The whole path, or a suffix of it that starts just after a '/'. */
static bool file_match(const char *pat, const char *file) {
  if (glob_match(pat, file))
    return true;
  for (const char *p = file; (p = strchr(p, '/')) != NULL;)
    if (glob_match(pat, ++p))
      return true;
  return false;
}

static char *trim(char *s) {
  while (*s == ' ' || *s == '\t')
    s++;
  size_t n = strlen(s);
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
    s[--n] = '\0';
  return s;
}

/* Parses one non-comment line; returns NULL or the reason it is bad. */
static const char *parse_line(char *s, struct suppression *out) {
  static const char k_race[] = "race:";
  if (strncmp(s, k_race, sizeof k_race - 1)) {
    char *colon = strchr(s, ':');
    return colon ? "unknown suppression type (only 'race:' is supported)"
                 : "expected 'race:PATTERN' or 'race:FILE:LINE'";
  }
  char *pat = s + sizeof k_race - 1;
  if (!*pat)
    return "empty pattern after 'race:'";
  out->text = strdup(s);
  if (!out->text)
    return "out of memory";
  out->line = 0;
  char *colon = strrchr(pat, ':');
  if (colon && !colon[1])
    return "expected a line number after the last ':' (race:FILE:LINE)";
  /* Only digits after the last ':' make a line number ("race:ns::f" is a function). */
  if (colon && strspn(colon + 1, "0123456789") == strlen(colon + 1)) {
    char *digits = colon + 1, *end;
    errno = 0;
    unsigned long v = strtoul(digits, &end, 10);
    if (errno || !v || v > 0xFFFFFFFFul)
      return "the line number must be in 1..4294967295";
    *colon = '\0';
    if (!*pat)
      return "empty file name before ':LINE'";
    out->line = (unsigned)v;
  }
  out->pattern = strdup(pat);
  return out->pattern ? NULL : "out of memory";
}

int suppressions_load(const char *path, char *err, size_t errlen) {
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, errlen, "cannot read suppressions file '%.400s': %s", path, strerror(errno));
    return -1;
  }
  char buf[4096];
  unsigned lineno = 0;
  size_t cap = 0;
  int rc = 0;
  while (fgets(buf, sizeof buf, f)) {
    lineno++;
    size_t n = strlen(buf);
    if (n == sizeof buf - 1 && buf[n - 1] != '\n' && !feof(f)) {
      snprintf(err, errlen, "suppressions file '%.400s' line %u: line too long", path, lineno);
      rc = -1;
      break;
    }
    char *s = trim(buf);
    if (!*s || *s == '#')
      continue;
    if (g_nsupps == cap) {
      cap = cap ? cap * 2 : 16;
      struct suppression *grown = realloc(g_supps, cap * sizeof *grown);
      if (!grown) {
        snprintf(err, errlen, "suppressions file '%.400s': out of memory", path);
        rc = -1;
        break;
      }
      g_supps = grown;
    }
    struct suppression *sup = &g_supps[g_nsupps];
    memset(sup, 0, sizeof *sup);
    const char *why = parse_line(s, sup);
    if (why) {
      snprintf(err, errlen, "suppressions file '%.400s' line %u: %s: '%.100s'", path, lineno,
               why, s);
      rc = -1;
      break;
    }
    sup->lineno = lineno;
    atomic_init(&sup->used, false);
    g_nsupps++;
  }
  if (!rc && ferror(f)) {
    snprintf(err, errlen, "cannot read suppressions file '%.400s': %s", path, strerror(errno));
    rc = -1;
  }
  fclose(f);
  if (!rc)
    g_path = path;
  return rc;
}

bool suppressions_match(const char *file, const char *function, unsigned line) {
  bool any = false;
  for (size_t i = 0; i < g_nsupps; i++) {
    struct suppression *s = &g_supps[i];
    bool hit;
    if (s->line)
      hit = file && line == s->line && file_match(s->pattern, file);
    else
      hit = (function && glob_match(s->pattern, function)) ||
            (file && file_match(s->pattern, file));
    if (hit) {
      atomic_store_explicit(&s->used, true, memory_order_relaxed);
      any = true;
    }
  }
  return any;
}

void suppressions_for_each_unused(void (*fn)(const char *text, unsigned lineno, void *arg),
                                  void *arg) {
  for (size_t i = 0; i < g_nsupps; i++)
    if (!atomic_load_explicit(&g_supps[i].used, memory_order_relaxed))
      fn(g_supps[i].text, g_supps[i].lineno, arg);
}

const char *suppressions_path(void) {
  return g_path;
}
