#include "report_formats.h"

#include "log.h"
#include "reserve.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A growing text buffer; on out of memory it stays as it was and `failed` is set. Its
 * memory comes from mmap, not malloc: a race may be reported from a signal handler
 * that interrupted the program inside malloc (reserve_regrow). */
struct buf {
  char *s;
  size_t len, cap;
  bool failed;
};

/* Room for n more characters and the terminating NUL. */
static bool room(struct buf *b, size_t n) {
  if (b->failed)
    return false;
  if (b->len + n + 1 <= b->cap)
    return true;
  size_t cap = b->cap ? b->cap : 4096;
  while (b->len + n + 1 > cap)
    cap *= 2;
  char *grown = reserve_regrow(b->s, b->cap, cap);
  if (!grown) {
    b->failed = true;
    return false;
  }
  b->s = grown;
  b->cap = cap;
  return true;
}

static void buf_free(struct buf *b) {
  if (b->s)
    munmap(b->s, b->cap);
  *b = (struct buf){0};
}

static void put(struct buf *b, const char *s, size_t n) {
  if (!room(b, n))
    return;
  memcpy(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = '\0';
}

static void puts_(struct buf *b, const char *s) {
  put(b, s, strlen(s));
}

static void printf_(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void printf_(struct buf *b, const char *fmt, ...) {
  char tmp[256];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n < 0) {
    b->failed = true;
  } else if ((size_t)n < sizeof tmp) {
    put(b, tmp, (size_t)n);
  } else if (room(b, (size_t)n)) { /* longer than tmp: format again into the buffer */
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
  }
}

/* A JSON string literal (NULL: null). */
static void json_str(struct buf *b, const char *s) {
  if (!s) {
    puts_(b, "null");
    return;
  }
  puts_(b, "\"");
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\') {
      char esc[2] = {'\\', (char)*p};
      put(b, esc, 2);
    } else if (*p < 0x20) {
      printf_(b, "\\u%04x", *p);
    } else {
      put(b, (const char *)p, 1);
    }
  }
  puts_(b, "\"");
}

static const char *access_kind(const struct report_access *a) {
  if (a->atomic)
    return a->is_write ? "atomic-write" : "atomic-read";
  return a->is_write ? "write" : "read";
}

static int kind_rank(const struct report_access *a) {
  return a->is_write ? (a->atomic ? 1 : 0) : (a->atomic ? 3 : 2);
}

/* "write-read": the two access kinds, the more writing one first (so one name per
 * kind of race, whatever the order the accesses are printed in). */
static void race_kind(const struct report_record *r, char *out, size_t len) {
  const struct report_access *a = &r->access[0], *b = &r->access[1];
  if (kind_rank(b) < kind_rank(a)) {
    const struct report_access *t = a;
    a = b;
    b = t;
  }
  snprintf(out, len, "%s-%s", access_kind(a), access_kind(b));
}

static void json_access(struct buf *b, const struct report_access *a) {
  const struct ompracer_site *s = sites_lookup(a->site);
  puts_(b, "{\"access\":");
  json_str(b, a->is_write ? "write" : "read");
  printf_(b, ",\"atomic\":%s,\"file\":", a->atomic ? "true" : "false");
  json_str(b, s ? s->file : NULL);
  if (s && s->file && s->line)
    printf_(b, ",\"line\":%u", s->line);
  else
    puts_(b, ",\"line\":null");
  if (s && s->file && s->line && s->column)
    printf_(b, ",\"column\":%u", s->column);
  else
    puts_(b, ",\"column\":null");
  puts_(b, ",\"function\":");
  json_str(b, sites_function(a->site));
  puts_(b, ",\"construct\":");
  json_str(b, a->construct);
  puts_(b, "}");
}

void rformat_json_race(const struct report_record *r) {
  struct buf b = {0};
  char kind[40];
  race_kind(r, kind, sizeof kind);
  printf_(&b, "{\"type\":\"race\",\"pid\":%ld,\"kind\":\"%s\",\"rule\":\"ompracer/%s\",",
          (long)getpid(), kind, kind);
  printf_(&b, "\"address\":\"%p\",\"size\":%u,\"accesses\":[", (void *)r->addr, r->nbytes);
  json_access(&b, &r->access[0]);
  puts_(&b, ",");
  json_access(&b, &r->access[1]);
  puts_(&b, "],\"location\":");
  json_str(&b, r->memory);
  puts_(&b, ",\"why\":");
  json_str(&b, r->why);
  puts_(&b, "}");
  if (!b.failed) {
    log_lock();
    log_raw_line_locked(b.s);
    log_unlock();
  }
  buf_free(&b);
}

void rformat_json_summary(unsigned races, unsigned suppressed, bool incomplete) {
  char line[160];
  snprintf(line, sizeof line,
           "{\"type\":\"summary\",\"pid\":%ld,\"races\":%u,\"suppressed\":%u,\"incomplete\":%s}",
           (long)getpid(), races, suppressed, incomplete ? "true" : "false");
  log_lock();
  log_raw_line_locked(line);
  log_unlock();
}

/* ---- SARIF 2.1.0 ------------------------------------------------------------------ */

/* The results so far, rendered SARIF result objects separated by commas. */
static struct buf g_results;
static size_t g_nresults;

static const char *const k_rules[][2] = {
    {"write-write", "two unordered writes to the same memory"},
    {"write-atomic-write", "a plain write unordered with an atomic write to the same memory"},
    {"write-read", "a write and a read of the same memory, unordered"},
    {"write-atomic-read", "a plain write and an atomic read of the same memory, unordered"},
    {"atomic-write-read", "an atomic write and a plain read of the same memory, unordered"},
};
#define NUM_RULES (sizeof k_rules / sizeof k_rules[0])

/* A file name as a URI reference: file:// for absolute paths, percent-encoding all
 * but unreserved characters and '/'. */
static void sarif_uri(struct buf *b, const char *path) {
  struct buf u = {0};
  if (path[0] == '/')
    puts_(&u, "file://");
  for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
    if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
        strchr("-._~/", *p))
      put(&u, (const char *)p, 1);
    else
      printf_(&u, "%%%02X", *p);
  }
  json_str(b, u.failed ? "" : u.s);
  buf_free(&u);
}

static void sarif_location(struct buf *b, const struct report_access *a) {
  const struct ompracer_site *s = sites_lookup(a->site);
  puts_(b, "{");
  if (s && s->file) {
    puts_(b, "\"physicalLocation\":{\"artifactLocation\":{\"uri\":");
    sarif_uri(b, s->file);
    puts_(b, "}");
    if (s->line) {
      printf_(b, ",\"region\":{\"startLine\":%u", s->line);
      if (s->column)
        printf_(b, ",\"startColumn\":%u", s->column);
      puts_(b, "}");
    }
    puts_(b, "},");
  }
  puts_(b, "\"logicalLocations\":[{\"name\":");
  json_str(b, sites_function(a->site));
  puts_(b, ",\"kind\":\"function\"}],\"message\":{\"text\":");
  char text[900];
  snprintf(text, sizeof text, "%s%s in %s (%s)", a->atomic ? "atomic " : "",
           a->is_write ? "write" : "read", sites_function(a->site), a->construct);
  json_str(b, text);
  puts_(b, "}}");
}

/* The result's message: the race, the memory and the explanation (SARIF viewers show
 * the message first, so it says what raced and why in one sentence). */
static void sarif_message(struct buf *b, const struct report_record *r) {
  struct buf t = {0};
  printf_(&t, "data race (%s%s/%s%s) on %u byte%s at %p", r->access[0].atomic ? "atomic " : "",
          r->access[0].is_write ? "write" : "read", r->access[1].atomic ? "atomic " : "",
          r->access[1].is_write ? "write" : "read", r->nbytes, r->nbytes == 1 ? "" : "s",
          (void *)r->addr);
  if (r->memory)
    printf_(&t, " (%s)", r->memory);
  if (r->why)
    printf_(&t, ". Why: %s", r->why);
  json_str(b, t.failed ? "data race" : t.s);
  buf_free(&t);
}

void rformat_sarif_add(const struct report_record *r) {
  struct buf b = {0};
  char kind[40];
  race_kind(r, kind, sizeof kind);
  printf_(&b, "{\"ruleId\":\"ompracer/%s\",\"level\":\"warning\",\"message\":{\"text\":", kind);
  sarif_message(&b, r);
  puts_(&b, "},\"locations\":[");
  sarif_location(&b, &r->access[0]);
  puts_(&b, ",");
  sarif_location(&b, &r->access[1]);
  puts_(&b, "]");
  if (r->memory) { /* the memory has no source region of its own: a message-only location */
    puts_(&b, ",\"relatedLocations\":[{\"id\":1,\"message\":{\"text\":");
    json_str(&b, r->memory);
    puts_(&b, "}}]");
  }
  printf_(&b, ",\"properties\":{\"address\":\"%p\",\"size\":%u,\"location\":", (void *)r->addr,
          r->nbytes);
  json_str(&b, r->memory);
  puts_(&b, ",\"why\":");
  json_str(&b, r->why);
  puts_(&b, "}}");
  if (!b.failed) {
    if (g_nresults)
      puts_(&g_results, ",");
    puts_(&g_results, b.s);
    g_nresults += !g_results.failed;
  }
  buf_free(&b);
}

void rformat_sarif_write(unsigned races, unsigned suppressed, bool incomplete) {
  struct buf b = {0};
  puts_(&b, "{\"$schema\":\"https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
            "sarif-schema-2.1.0.json\",\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{"
            "\"name\":\"ompracer\",\"rules\":[");
  for (size_t i = 0; i < NUM_RULES; i++) {
    printf_(&b, "%s{\"id\":\"ompracer/%s\",\"shortDescription\":{\"text\":", i ? "," : "",
            k_rules[i][0]);
    json_str(&b, k_rules[i][1]);
    puts_(&b, "}}");
  }
  printf_(&b,
          "]}},\"invocations\":[{\"executionSuccessful\":true,\"properties\":{"
          "\"pid\":%ld,\"races\":%u,\"suppressed\":%u,\"incomplete\":%s}}],\"results\":[",
          (long)getpid(), races, suppressed, incomplete ? "true" : "false");
  if (g_nresults)
    puts_(&b, g_results.s);
  puts_(&b, "]}]}\n");
  if (!b.failed)
    log_write_document(b.s);
  buf_free(&b);
}

void rformat_atfork_child(void) {
  buf_free(&g_results);
  g_nresults = 0;
}
