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

void suppressions_clear(void) {
  for (size_t i = 0; i < g_nsupps; i++) {
    free(g_supps[i].text);
    free(g_supps[i].pattern);
  }
  free(g_supps);
  g_supps = NULL;
  g_nsupps = 0;
  g_path = NULL;
}

/* Longest line accepted, without its newline. */
#define LINE_MAX_BYTES 4094
/* Bytes of a path or line an error message shows. */
#define SHOWN_PATH 400
#define SHOWN_LINE 100

/* User text as an error message shows it: at most max bytes ("..." marks a cut), and
 * anything not printable as '?', so the message stays one line of plain text. */
static void shown(const char *s, size_t max, char *out) {
  size_t i = 0;
  for (; s[i] && i < max; i++)
    out[i] = s[i] >= 0x20 && s[i] < 0x7f ? s[i] : '?';
  strcpy(out + i, s[i] ? "..." : "");
}

int suppressions_load_stream(FILE *f, const char *path, char *err, size_t errlen) {
  char spath[SHOWN_PATH + 4], sline[SHOWN_LINE + 4];
  shown(path, SHOWN_PATH, spath);
  char *buf = NULL;
  size_t bufcap = 0, cap = 0;
  unsigned lineno = 0;
  int rc = 0;
  ssize_t got;
  errno = 0;
  /* getline, not fgets: it gives the line's real length, so a NUL byte cannot hide the
   * rest of a line (which fgets would then hand out as a line of its own). */
  while ((got = getline(&buf, &bufcap, f)) >= 0) {
    lineno++;
    size_t n = (size_t)got;
    if (n && buf[n - 1] == '\n')
      n--;
    if (n > LINE_MAX_BYTES) {
      snprintf(err, errlen, "suppressions file '%s' line %u: line too long", spath, lineno);
      rc = -1;
      break;
    }
    if (memchr(buf, '\0', n)) {
      snprintf(err, errlen, "suppressions file '%s' line %u: NUL byte in line", spath, lineno);
      rc = -1;
      break;
    }
    buf[n] = '\0';
    char *s = trim(buf);
    if (!*s || *s == '#')
      continue;
    if (g_nsupps == cap) {
      cap = cap ? cap * 2 : 16;
      struct suppression *grown = realloc(g_supps, cap * sizeof *grown);
      if (!grown) {
        snprintf(err, errlen, "suppressions file '%s': out of memory", spath);
        rc = -1;
        break;
      }
      g_supps = grown;
    }
    struct suppression *sup = &g_supps[g_nsupps];
    memset(sup, 0, sizeof *sup);
    const char *why = parse_line(s, sup);
    if (why) {
      free(sup->text);
      free(sup->pattern);
      shown(s, SHOWN_LINE, sline);
      snprintf(err, errlen, "suppressions file '%s' line %u: %s: '%s'", spath, lineno, why, sline);
      rc = -1;
      break;
    }
    sup->lineno = lineno;
    atomic_init(&sup->used, false);
    g_nsupps++;
  }
  if (!rc && ferror(f)) {
    snprintf(err, errlen, "cannot read suppressions file '%s': %s", spath, strerror(errno));
    rc = -1;
  }
  free(buf);
  if (rc)
    suppressions_clear(); /* all or nothing */
  else
    g_path = path;
  return rc;
}

int suppressions_load(const char *path, char *err, size_t errlen) {
  FILE *f = fopen(path, "r");
  if (!f) {
    char spath[SHOWN_PATH + 4];
    shown(path, SHOWN_PATH, spath);
    snprintf(err, errlen, "cannot read suppressions file '%s': %s", spath, strerror(errno));
    return -1;
  }
  int rc = suppressions_load_stream(f, path, err, errlen);
  fclose(f);
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
      hit =
          (function && glob_match(s->pattern, function)) || (file && file_match(s->pattern, file));
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
