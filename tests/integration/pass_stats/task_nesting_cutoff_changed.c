// task_nesting_cutoff_changed.c -- task_nesting_cutoff.c with a store to the cutoff
// between the two tests: they may disagree, so a task may return with children
// unwaited, and the pass must not say that every task waits.
//
// CHECK: ompracer: {{.*}}task_nesting_cutoff_changed.c: every task waits for its children: no
#define CUTOFF_CHANGE cutoff = n->value
#include "task_nesting_cutoff.c"
