#include "mode_check.h"

#include "log.h"
#include "options.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

/* The first construct of some kind. `claimed` picks it; `ready` is set (release) only
 * once its text is written, so a thread that sees it (acquire) reads a complete text. */
struct unsafe_construct {
  atomic_bool claimed, ready, warned;
  char text[600];
};

/* The first of all (the check-mode verdict), and the first of each effect on fast
 * mode: [0] may cause false races (mutual exclusion), [1] may hide races (a task that
 * does not wait for its children). Fast mode warns about each effect once. */
static struct unsafe_construct g_first, g_effect[2];

static void remember(struct unsafe_construct *u, const char *text) {
  if (atomic_exchange(&u->claimed, true))
    return;
  snprintf(u->text, sizeof u->text, "%s", text);
  atomic_store_explicit(&u->ready, true, memory_order_release);
}

static void warn(bool may_miss) {
  struct unsafe_construct *u = &g_effect[may_miss];
  if (g_opts.mode != MODE_FAST || !atomic_load_explicit(&u->ready, memory_order_acquire) ||
      atomic_exchange(&u->warned, true))
    return;
  log_line("WARNING: fast mode may %s in this program: it uses %s; run it with "
           "OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)",
           may_miss ? "miss races" : "report false races", u->text);
}

void mode_note_unsafe(const char *what, site_id site, bool may_miss) {
  if (atomic_load_explicit(&g_effect[may_miss].claimed, memory_order_relaxed))
    return;
  char where[512], text[600];
  sites_format_line(site, where, sizeof where);
  snprintf(text, sizeof text, "%s at %s", what, where);
  remember(&g_first, text);
  remember(&g_effect[may_miss], text);
  /* Races it may miss are worth saying at once; false reports only when a report is
   * about to be printed (a program without reports stays silent). */
  if (may_miss)
    warn(true);
}

void mode_before_report(void) {
  warn(false);
}

void mode_print_verdict(void) {
  if (g_opts.mode != MODE_CHECK)
    return;
  if (atomic_load_explicit(&g_first.ready, memory_order_acquire))
    log_line("CHECK: precise (the program uses %s)", g_first.text);
  else
    log_line("CHECK: fast (taskwaits are fully nested and there is no mutual exclusion)");
}
