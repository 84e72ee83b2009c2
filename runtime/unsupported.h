/* Constructs the runtime sees but does not model yet: each is named once, with the
 * source line where it was first met, so a missed race is never silent. */
#ifndef OMPRACER_UNSUPPORTED_H
#define OMPRACER_UNSUPPORTED_H

#include "sites.h"

enum unsupported_construct {
  UNSUPPORTED_DISTRIBUTE,
  UNSUPPORTED_CANCEL,
  UNSUPPORTED_SIMD,
  UNSUPPORTED_COUNT
};

void warn_unsupported(enum unsupported_construct what, site_id site);

#endif
