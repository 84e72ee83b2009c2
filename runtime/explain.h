/* The why line of a race report: what in the OSPG leaves the two accesses unordered,
 * and, in precise mode, which locks each held. It names the program's constructs (two
 * iterations of one loop, a task and its creator...), never the schedule of the run,
 * so the same race reads the same at any thread count or schedule. The format is in
 * docs/report-format.md. */
#ifndef OMPRACER_EXPLAIN_H
#define OMPRACER_EXPLAIN_H

#include "lockset.h"
#include "ospg.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One access of a race, as reports see it. */
struct race_side {
  uint32_t site;
  node_id node;
  uint32_t iter; /* its iteration tag (iterations.h); 0: none */
  bool is_write, atomic;
  lockset_id locks; /* precise mode: the locks the access held */
};

/* "write", "atomic read"... */
const char *explain_kind_name(bool is_write, bool atomic);

/* The explanation, without the "why: " prefix. */
void explain_race(const struct race_side *a, const struct race_side *b, char *buf, size_t len);

#endif
