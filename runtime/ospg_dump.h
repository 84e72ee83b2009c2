/* Option dump_ospg=PATH: the OSPG as a Graphviz dot file, written at exit, so that a
 * person can look at the graph the verdicts come from (docs/how-it-works.md). With the
 * option set, finished regions keep their nodes (ompt_events.c). W-nodes are boxes;
 * S-nodes, P-nodes and ST-nodes (with st_val) ellipses; children left to right in
 * creation order; dependence edges dashed.
 *
 * When a race was reported, the file is the picture of that race (the first one): only
 * the outermost region holding its two strands and their LCA is drawn, with the path
 * from it up to the root (its other children left out, so the other regions of the run
 * do not bury the race); the two strands are filled red and named by their accesses,
 * the LCA has a bold double border, and the graph's title is the race and its why
 * line. With no race, the whole run is drawn. */
#ifndef OMPRACER_OSPG_DUMP_H
#define OMPRACER_OSPG_DUMP_H

#include "explain.h"

/* Writes the graph to path (created or replaced, never through a symbolic link);
 * race: the first race's two sides in report order, or NULL when there was none.
 * Returns 0, or -1 with errno set. */
int ospg_dump_write(const char *path, const struct race_side *race);

#endif
