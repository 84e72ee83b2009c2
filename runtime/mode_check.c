#include "mode_check.h"

#include "log.h"
#include "options.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

static atomic_bool g_unsafe;
static char g_reason[600];

void mode_note_unsafe(const char *what, site_id site) {
  if (atomic_exchange(&g_unsafe, true))
    return;
  char where[512];
  sites_format_line(site, where, sizeof where);
  snprintf(g_reason, sizeof g_reason, "%s at %s", what, where);
  if (g_opts.mode == MODE_FAST)
    log_line("WARNING: fast mode may report false races or miss races in this program: it "
             "uses %s; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run "
             "--mode=auto)",
             g_reason);
}

void mode_print_verdict(void) {
  if (g_opts.mode != MODE_CHECK)
    return;
  if (atomic_load(&g_unsafe))
    log_line("CHECK: precise (the program uses %s)", g_reason);
  else
    log_line("CHECK: fast (taskwaits are fully nested and there is no mutual exclusion)");
}
