// task_nesting_cutoff_other.c -- task_nesting_cutoff.c whose taskwait is under another
// condition than the task creations: the pass must not say that every task waits.
//
// STATS-FLAGS: -O2
// CHECK: ompracer: {{.*}}task_nesting_cutoff_other.c: every task waits for its children: no
#define SECOND_TEST(node) ((node)->depth < other_limit)
#include "task_nesting_cutoff.c"
