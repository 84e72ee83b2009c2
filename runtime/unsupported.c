#include "unsupported.h"

#include "log.h"

#include <stdatomic.h>
#include <stdbool.h>

static atomic_bool g_warned[UNSUPPORTED_COUNT];

static const char *const k_what[UNSUPPORTED_COUNT] = {
    [UNSUPPORTED_DISTRIBUTE] = "distribute is not modelled yet: its chunks are checked as "
                               "one strand per team, so races between them can be missed",
    [UNSUPPORTED_SIMD] = "an omp simd loop: simd is not modelled yet: its iterations are "
                         "checked as one strand, so races between them are missed",
    [UNSUPPORTED_CANCEL] = "cancellation is not modelled: code skipped by a cancel is "
                           "treated as not run, and the ordering a cancel implies is ignored",
};

void warn_unsupported(enum unsupported_construct what, site_id site) {
  if (what >= UNSUPPORTED_COUNT || atomic_exchange(&g_warned[what], true))
    return;
  char where[512];
  sites_format_line(site, where, sizeof where);
  log_line("WARNING: at %s: %s", where, k_what[what]);
}
