// task_nesting_cutoff_O2.c -- task_nesting_cutoff.c at -O2, where clang keeps both
// tests of the cutoff as reloads around the calls.
//
// STATS-FLAGS: -O2
// CHECK: ompracer: {{.*}}task_nesting_cutoff_O2.c: every task waits for its children: yes
#include "task_nesting_cutoff.c"
