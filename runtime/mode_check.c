#include "mode_check.h"

#include "log.h"
#include "options.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

/* g_claimed picks the first construct; g_unsafe is set (release) only once its reason
 * is written, so a thread that sees it (acquire) reads a complete reason. */
static atomic_bool g_claimed, g_unsafe, g_warned;
static bool g_may_miss;
static char g_reason[600];

static void warn(void) {
  if (g_opts.mode != MODE_FAST || atomic_exchange(&g_warned, true))
    return;
  log_line("WARNING: fast mode may %s in this program: it uses %s; run it with "
           "OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)",
           g_may_miss ? "miss races" : "report false races", g_reason);
}

void mode_note_unsafe(const char *what, site_id site, bool may_miss) {
  if (atomic_exchange(&g_claimed, true))
    return;
  char where[512];
  sites_format_line(site, where, sizeof where);
  snprintf(g_reason, sizeof g_reason, "%s at %s", what, where);
  g_may_miss = may_miss;
  atomic_store_explicit(&g_unsafe, true, memory_order_release);
  /* Races it may miss are worth saying at once; false reports only when a report is
   * about to be printed (a program without reports stays silent). */
  if (may_miss)
    warn();
}

void mode_before_report(void) {
  if (atomic_load_explicit(&g_unsafe, memory_order_acquire))
    warn();
}

void mode_print_verdict(void) {
  if (g_opts.mode != MODE_CHECK)
    return;
  if (atomic_load(&g_unsafe))
    log_line("CHECK: precise (the program uses %s)", g_reason);
  else
    log_line("CHECK: fast (taskwaits are fully nested and there is no mutual exclusion)");
}
