/* Constructs the runtime sees but does not model yet: each is named once, with the
 * source line where it was first met, so a missed race is never silent. */
#ifndef OMPRACER_UNSUPPORTED_H
#define OMPRACER_UNSUPPORTED_H

#include "sites.h"

enum unsupported_construct {
  UNSUPPORTED_MAP_COPY, /* map clauses of a target region offloaded by libomptarget */
  UNSUPPORTED_CANCEL,
  UNSUPPORTED_DOACROSS, /* ordered(n) loops with depend(source/sink) */
  UNSUPPORTED_COUNT
};

/* site 0: the runtime does not know the construct's source line. */
void warn_unsupported(enum unsupported_construct what, site_id site);

#endif
