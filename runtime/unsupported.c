#include "unsupported.h"

#include "log.h"
#include "options.h"

#include <stdatomic.h>
#include <stdbool.h>

static atomic_bool g_warned[UNSUPPORTED_COUNT];

static const char *const k_what[UNSUPPORTED_COUNT] = {
    [UNSUPPORTED_MAP_COPY] =
        "a target region offloaded by libomptarget (the program was built with "
        "-fopenmp-targets): the copies its map clauses make between host and device "
        "memory are not checked, so races of those copies with other code can be "
        "missed; build without -fopenmp-targets to check target regions as host code",
    [UNSUPPORTED_DOACROSS] =
        "a doacross loop (ordered(n) with depend(source/sink)): its cross-iteration "
        "dependences are not modelled, so data ordered only by them can be reported "
        "as racing between iterations",
    [UNSUPPORTED_CANCEL] = "cancellation is not modelled: code skipped by a cancel is "
                           "treated as not run, and the ordering a cancel implies is ignored",
};

void warn_unsupported(enum unsupported_construct what, site_id site) {
  /* Check mode checks no access: its one line is the verdict (the run that follows
   * in the chosen mode gives these warnings). */
  if (g_opts.mode == MODE_CHECK)
    return;
  if (what >= UNSUPPORTED_COUNT || atomic_exchange(&g_warned[what], true))
    return;
  if (!site) { /* e.g. libomptarget's events, which no marker of the pass precedes */
    log_line("WARNING: %s (source line unknown)", k_what[what]);
    return;
  }
  char where[512];
  sites_format_line(site, where, sizeof where);
  log_line("WARNING: at %s: %s", where, k_what[what]);
}
