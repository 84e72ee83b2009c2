/* Whether every task waits for its children: precise verdicts at fast mode's cost.
 *
 * Algorithm 1 answers a query otherwise than Algorithm 18 only when the LCA's left
 * child is an ST-node and the st_val sum from the earlier strand up to it is positive.
 * Every +1 on that path is a task's P-node, which sits in its creator's children
 * group; once that group is closed (-1) the two cancel. A sum stays positive only
 * through a group still open while the left child, an ST-node above it, has a later
 * sibling: that left child was closed by a taskwait (or ended a construct that joins
 * all below), so every task below it has ended, and the open group's task among them
 * ended without waiting for its children. So while no task has ended with children
 * unwaited, Algorithm 1 answers every query as Algorithm 18 (with the same dependence
 * and synchronisation edges). Groups opened inside groups (taskwait depend) and if(0)
 * tasks' ST-nodes add no +1 of their own: they can only lower a sum.
 *
 * If moreover no task ever will, fast mode's read-pair lemma holds for every query the
 * run makes, and precise mode's lazy families need not expand when their root entry
 * drops an access parallel with the one it keeps (history_precise.c, "Lazy entries"):
 * a program without locks pays fast mode's cost, and one with locks an entry per
 * lockset only. The future is not known at run time; the pass proves it per module
 * (pass/TaskNesting.h: on every path from a task creation to the creating function's
 * return a taskwait, or the end of a taskgroup around it, comes first) and says so in
 * the module's constructor. The runtime assumes it while every module that registered
 * sites has said so, and watches: a task that ends with children unwaited after the
 * assumption has been relied on (an ST-node was made while it held) means an access
 * dropped then may be missing from the histories (a task made by code the pass did
 * not see, a longjmp out of a task). That is a gap (checking incomplete, exit code 67
 * unless a race is reported); from then on the assumption is off and lazy families
 * expand as before. */
#ifndef OMPRACER_TASK_NESTING_H
#define OMPRACER_TASK_NESTING_H

#include <stdatomic.h>
#include <stdbool.h>

/* A module registered its sites (__ompracer_register_sites). */
void nesting_module_registered(void);
/* A module's constructor says whether every task of the module waits for its children. */
void nesting_module_tasks(bool every_task_waits);
/* The first ST-node of the run is being made. */
void nesting_st_made(void);
/* A task ended with children it did not wait for. */
void nesting_task_abandoned(void);

/* Whether no task is assumed to end with children unwaited, for the rest of the run. */
static inline bool nesting_assumed(void) {
  extern atomic_bool g_nesting_assumed;
  return atomic_load_explicit(&g_nesting_assumed, memory_order_relaxed);
}

#endif
