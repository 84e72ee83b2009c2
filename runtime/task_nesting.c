#include "task_nesting.h"

#include "detection.h"
#include "options.h"

atomic_bool g_nesting_assumed = true;
static _Atomic unsigned g_registered, g_waiting; /* modules: with sites; saying yes */
static atomic_bool g_relied;                     /* an ST-node was made while the assumption held */

/* Off for good when a module registered sites without saying yes (an older pass), or
 * said no. */
static void recheck(void) {
  if (atomic_load(&g_waiting) < atomic_load(&g_registered))
    atomic_store(&g_nesting_assumed, false);
}

void nesting_module_tasks(bool every_task_waits) {
  if (every_task_waits)
    atomic_fetch_add(&g_waiting, 1);
  else
    atomic_store(&g_nesting_assumed, false);
}

void nesting_module_registered(void) {
  atomic_fetch_add(&g_registered, 1);
  recheck();
}

void nesting_st_made(void) {
  if (nesting_assumed())
    atomic_store(&g_relied, true);
}

void nesting_task_abandoned(void) {
  atomic_store(&g_nesting_assumed, false);
  /* Only precise mode's histories rely on it (fast mode warns of such tasks anyway). */
  if (atomic_load(&g_relied) && mode_precise())
    detection_gap(GAP_UNWAITED, false,
                  "a task ended without waiting for its child tasks, although the compiler "
                  "pass found that every task waits for its children (a task made by code "
                  "it did not instrument, or a longjmp out of a task?); accesses that "
                  "precise mode dropped before may be missing, so races with them may be "
                  "missed");
}
