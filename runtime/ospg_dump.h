/* Option dump_ospg=PATH: the OSPG as a Graphviz dot file, written at exit, so that a
 * person can look at the graph the verdicts come from (docs/how-it-works.md). With the
 * option set, finished regions keep their nodes (ompt_events.c), so the file holds the
 * whole run: W-nodes as boxes, S-nodes, P-nodes and ST-nodes (with st_val) as
 * ellipses, children left to right in creation order, dependence edges dashed. */
#ifndef OMPRACER_OSPG_DUMP_H
#define OMPRACER_OSPG_DUMP_H

/* Writes the graph to path (created or replaced, never through a symbolic link);
 * returns 0, or -1 with errno set. */
int ospg_dump_write(const char *path);

#endif
