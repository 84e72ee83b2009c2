/* Whether accesses are checked, and whether the run's checking was complete.
 *
 * Detection is off before the tool starts and for good once the node arena or the shadow
 * runs out of room (the hooks read g_detecting on every access, so the failure paths,
 * not the hooks, switch it off). A limit that only narrows checking (a full precise
 * entry pool, too many locksets, a full dependence-edge arena) leaves it on. Either way
 * the run has a gap: the reason is logged once, the summary says checking was
 * incomplete, and the run exits with incomplete_exitcode unless a race decides the exit
 * code, so a CI job that checks the exit code does not pass a run that may have missed
 * races. */
#ifndef OMPRACER_DETECTION_H
#define OMPRACER_DETECTION_H

#include <stdatomic.h>
#include <stdbool.h>

extern atomic_bool g_detecting;

enum detection_gap {
  GAP_NODES,        /* the OSPG node arena is full */
  GAP_SHADOW,       /* the shadow memory limit (or the per-byte pool) is reached */
  GAP_PRECISE_POOL, /* precise-mode history entries are full */
  GAP_LOCKSETS,     /* too many distinct locksets */
  GAP_INSTANCES,    /* too many parallel regions run under a lock (lockset.h) */
  GAP_DEP_EDGES,    /* the task dependence edge arena is full */
  GAP_TASK_STATE,   /* out of memory for task state */
  GAP_NO_TOOL,      /* instrumented code ran but libomp never started the tool */
  GAP_UNWAITED,     /* a task left children unwaited, against the pass's finding */
  GAP_COUNT
};

/* Records a gap; the first time for this reason, logs "ERROR: <fmt...>". With stop,
 * also switches detection off for the rest of the run. */
void detection_gap(enum detection_gap gap, bool stop, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Whether any gap was recorded. */
bool detection_incomplete(void);

#endif
