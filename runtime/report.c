#include "report.h"

#include "detection.h"
#include "explain.h"
#include "log.h"
#include "mode_check.h"
#include "objects.h"
#include "options.h"
#include "reentry.h"
#include "report_formats.h"
#include "reserve.h"
#include "suppressions.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The set of reported site pairs: open addressing on (low site, high site). */
struct pair_set {
  uint64_t *keys; /* 0: empty slot (site pairs are never (0, 0) twice over: see key) */
  size_t cap, len;
};

static struct pair_set g_reported;
/* Guards the set, the count and the printing of a report, so that once the summary
 * has closed the reports (report_summary) no report is counted or printed after it. */
static pthread_mutex_t g_report_mutex = PTHREAD_MUTEX_INITIALIZER;
/* Inside the runtime while the lock is held (reentry.h): a signal handler that
 * interrupts this thread then is not checked, so it never waits for this lock. */
static void report_lock(void) {
  runtime_enter();
  pthread_mutex_lock(&g_report_mutex);
}
static void report_unlock(void) {
  pthread_mutex_unlock(&g_report_mutex);
  runtime_leave();
}
static unsigned g_count;
static unsigned g_suppressed; /* site pairs silenced by option suppressions */
static bool g_closed;
/* Option dump_ospg: the first reported race's two sides, in report order, so that the
 * dump at exit can show its region with the two strands and their LCA. Only written
 * when a race is reported with the option set: the access path never sees it. */
static struct race_side g_first_race[2];
static bool g_have_first_race;

static uint64_t pair_key(uint32_t a, uint32_t b) {
  uint32_t lo = a < b ? a : b, hi = a < b ? b : a;
  return ((uint64_t)lo << 32 | hi) + 1; /* +1: never 0 */
}

static size_t slot_of(uint64_t key, size_t cap) {
  return (size_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & (cap - 1);
}

/* With mmap, not calloc: a race may be reported from a signal handler that interrupted
 * the program inside malloc (reserve_regrow). */
static int set_grow(struct pair_set *s) {
  size_t cap = s->cap ? s->cap * 2 : 256;
  uint64_t *keys = reserve_regrow(NULL, 0, cap * sizeof *keys);
  if (!keys)
    return -1;
  for (size_t i = 0; i < s->cap; i++) {
    if (!s->keys[i])
      continue;
    size_t j = slot_of(s->keys[i], cap);
    while (keys[j])
      j = (j + 1) & (cap - 1);
    keys[j] = s->keys[i];
  }
  if (s->keys)
    munmap(s->keys, s->cap * sizeof *s->keys);
  s->keys = keys;
  s->cap = cap;
  return 0;
}

/* Adds key; returns 1 if it was new, 0 if it was there already. */
static int set_insert(struct pair_set *s, uint64_t key) {
  if ((s->len + 1) * 2 > s->cap && set_grow(s))
    return 0; /* out of memory: stay quiet rather than repeat */
  size_t j = slot_of(key, s->cap);
  while (s->keys[j]) {
    if (s->keys[j] == key)
      return 0;
    j = (j + 1) & (s->cap - 1);
  }
  s->keys[j] = key;
  s->len++;
  return 1;
}

/* "iteration of omp simd at x.c:8": an access made in a tagged loop iteration
 * (iterations.h) is explained by the loop its strand hosts. */
static bool describe_iteration(node_id w, uint32_t iter, char *buf, size_t len) {
  const struct ospg_node *n = ospg_node(w);
  const char *what;
  switch (iter ? n->construct : CK_NONE) {
  case CK_ITER_FOR: what = "omp for"; break;
  case CK_ITER_DISTRIBUTE: what = "omp distribute"; break;
  case CK_ITER_TASKLOOP: what = "omp taskloop"; break;
  case CK_ITER_SIMD: what = "omp simd"; break;
  default: return false;
  }
  char where[512] = "";
  if (n->site)
    sites_format_line(n->site, where, sizeof where);
  snprintf(buf, len, "iteration of %s%s%s", what, n->site ? " at " : "", where);
  return true;
}

/* "implicit task of omp parallel at x.c:8" and the like. */
static void describe_strand(node_id w, uint32_t iter, char *buf, size_t len) {
  w = ospg_live(w); /* a strand of finished work: the one it was reclaimed into (ospg.h) */
  if (describe_iteration(w, iter, buf, len))
    return;
  const struct ospg_node *n = ospg_explaining_ancestor(w);
  if (!n) {
    snprintf(buf, len, "serial code");
    return;
  }
  const char *what = "?";
  switch (n->construct) {
  case CK_IMPLICIT_TASK: what = "implicit task of omp parallel"; break;
  case CK_CHUNK: what = "iteration chunk of omp for"; break;
  case CK_SECTION: what = "section of omp sections"; break;
  case CK_TASK: what = "explicit task created"; break;
  case CK_TASK_IF0: what = "explicit task created"; break; /* an if(0) one */
  case CK_TEAM: what = "team of omp teams"; break;
  case CK_DIST_CHUNK: what = "team's chunk of omp distribute"; break;
  case CK_TARGET_TASK: what = "target task created"; break;
  default: break;
  }
  sites_format_what_at(what, n->site, buf, len);
}

/* ---- suppressions and the machine-readable formats (report=json|sarif) ---------- */

static bool side_suppressed(const struct race_side *s) {
  const struct ompracer_site *site = sites_lookup(s->site);
  return site && suppressions_match(site->file, site->function, site->line);
}

/* Whether option suppressions silences the race (either access matches). */
static bool race_suppressed(const struct race_side *a, const struct race_side *b) {
  bool sa = side_suppressed(a), sb = side_suppressed(b); /* both: mark both used */
  return sa || sb;
}

/* report=json|sarif: the race in that form instead of the text block. */
static void report_race_machine(const struct race_side *first, const struct race_side *second,
                                const struct race_found *race) {
  char strand[2][600];
  describe_strand(first->node, first->iter, strand[0], sizeof strand[0]);
  describe_strand(second->node, second->iter, strand[1], sizeof strand[1]);
  char memory[1024], why[1024];
  objects_describe(race->addr, race->nbytes, memory, sizeof memory);
  /* Always explained: the machine formats carry the explanation whatever option
   * explain says (a field a tool can ignore; explain only adds the text line). */
  explain_race(first, second, why, sizeof why);
  struct report_record r = {race->addr,
                            race->nbytes,
                            {{first->site, first->is_write, first->atomic, strand[0]},
                             {second->site, second->is_write, second->atomic, strand[1]}},
                            memory,
                            why};
  if (g_opts.report == REPORT_JSON)
    rformat_json_race(&r);
  else
    rformat_sarif_add(&r);
}

static void print_unused_suppression(const char *text, unsigned lineno, void *arg) {
  (void)arg;
  log_line("unused suppression: %s (%s:%u)", text, suppressions_path(), lineno);
}

/* The summary in the machine-readable formats, and (verbosity >= 1) the suppressions
 * that matched no race. Returns false for report=text (the caller prints the line). */
static bool report_summary_machine(unsigned n, unsigned suppressed) {
  if (g_opts.verbosity >= 1 && suppressions_path())
    suppressions_for_each_unused(print_unused_suppression, NULL);
  if (g_opts.report == REPORT_JSON)
    rformat_json_summary(n, suppressed, detection_incomplete());
  else if (g_opts.report == REPORT_SARIF)
    rformat_sarif_write(n, suppressed, detection_incomplete());
  return g_opts.report != REPORT_TEXT;
}

/* ---- the text report --------------------------------------------------------------- */

static void print_side(const struct race_side *s) {
  char where[512], strand[600];
  sites_format_location(s->site, where, sizeof where);
  describe_strand(s->node, s->iter, strand, sizeof strand);
  log_line_locked("  %s at %s in %s (%s)", explain_kind_name(s->is_write, s->atomic), where,
                  sites_function(s->site), strand);
}

/* The accesses ran in two strands on the initial thread outside any parallel or teams
 * region (the program's initial task and the tasks it made there, ospg.h): the
 * initial team has one thread by definition, and only that thread runs the team's
 * tasks, so the two never run at the same time, in any execution. OpenMP defines a
 * data race between threads; the OSPG orders neither (a task may run at any
 * scheduling point), so the histories keep both accesses and only the report is left
 * out. Two iterations of one strand stay reported: simd lanes run at once on one
 * thread. */
static bool both_on_initial_thread(node_id a, node_id b) {
  return a != b && (ospg_node(ospg_live(a))->flags & ospg_node(ospg_live(b))->flags &
                    NODE_ON_INITIAL_THREAD) != 0;
}

void report_race(const struct race_found *race, const struct access_now *now) {
  if (both_on_initial_thread(race->prev.node, now->node))
    return;
  struct race_side prev = {ACCESS_SITE(race->prev.site),
                           race->prev.node,
                           race->prev.iter,
                           race->prev_is_write,
                           (race->prev.site & ACCESS_ATOMIC) != 0,
                           race->prev_lockset};
  struct race_side cur = {ACCESS_SITE(now->site),           now->node,   now->iter, now->is_write,
                          (now->site & ACCESS_ATOMIC) != 0, now->lockset};
  report_lock();
  if (g_closed || !set_insert(&g_reported, pair_key(prev.site, cur.site))) {
    report_unlock();
    return;
  }
  if (suppressions_path() && race_suppressed(&prev, &cur)) {
    g_suppressed++;
    report_unlock();
    return;
  }
  g_count++;
  mode_before_report();
  /* Print in source order so the same pair always reads the same way. */
  const struct race_side *first = &prev, *second = &cur;
  if (sites_compare(cur.site, prev.site) < 0) {
    first = &cur;
    second = &prev;
  }
  if (g_opts.dump_ospg && !g_have_first_race) {
    g_first_race[0] = *first;
    g_first_race[1] = *second;
    g_have_first_race = true;
  }
  if (g_opts.report != REPORT_TEXT) {
    report_race_machine(first, second, race);
    report_unlock();
    return;
  }
  char memory[1024]; /* what the race is on (a global, heap block or local) */
  objects_describe(race->addr, race->nbytes, memory, sizeof memory);
  log_lock();
  log_line_locked("WARNING: data race (%s/%s) on %u byte%s at %p",
                  explain_kind_name(first->is_write, first->atomic),
                  explain_kind_name(second->is_write, second->atomic), race->nbytes,
                  race->nbytes == 1 ? "" : "s", (void *)race->addr);
  print_side(first);
  print_side(second);
  log_line_locked("  location: %s", memory);
  if (g_opts.explain) {
    char why[1024];
    explain_race(first, second, why, sizeof why);
    log_line_locked("  why: %s", why);
  }
  log_unlock();
  report_unlock();
}

bool report_first_race(struct race_side *first, struct race_side *second) {
  report_lock();
  bool have = g_have_first_race;
  if (have) {
    *first = g_first_race[0];
    *second = g_first_race[1];
  }
  report_unlock();
  return have;
}

unsigned report_count(void) {
  report_lock();
  unsigned n = g_count;
  report_unlock();
  return n;
}

void report_summary(void) {
  report_lock();
  g_closed = true;
  unsigned n = g_count, suppressed = g_suppressed;
  report_unlock();
  if (report_summary_machine(n, suppressed))
    return;
  char supp[40] = "";
  if (suppressed)
    snprintf(supp, sizeof supp, ", %u suppressed", suppressed);
  if (detection_incomplete())
    log_line("SUMMARY: %u data race(s) reported%s; checking was incomplete (see the ERROR "
             "above), so races may have been missed",
             n, supp);
  else if (n || suppressed || g_opts.verbosity >= 1)
    log_line("SUMMARY: %u data race(s) reported%s", n, supp);
}

void report_atfork_prepare(void) {
  report_lock();
}

void report_atfork_parent(void) {
  report_unlock();
}

void report_atfork_child(void) {
  if (g_reported.keys)
    memset(g_reported.keys, 0, g_reported.cap * sizeof *g_reported.keys);
  g_reported.len = 0;
  g_count = 0;
  g_suppressed = 0;
  g_have_first_race = false; /* the child's dump shows its own first race */
  rformat_atfork_child();
  g_closed = false;
  report_unlock();
}
