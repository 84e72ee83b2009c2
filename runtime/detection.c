#include "detection.h"

#include "log.h"

#include <stdarg.h>
#include <stdio.h>

atomic_bool g_detecting;
static atomic_bool g_gap[GAP_COUNT];

void detection_gap(enum detection_gap gap, bool stop, const char *fmt, ...) {
  if (stop)
    atomic_store(&g_detecting, false);
  if (atomic_exchange(&g_gap[gap], true))
    return;
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  log_line("ERROR: %s", msg);
}

bool detection_incomplete(void) {
  for (int g = 0; g < GAP_COUNT; g++)
    if (atomic_load(&g_gap[g]))
      return true;
  return false;
}
