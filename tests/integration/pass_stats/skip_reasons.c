// skip_reasons.c -- OMPRACER_PASS_STATS names every reason an access gets no hook.
//
// Compiled at -O0 (pass_stats.cmake) by check_stats.sh, which runs FileCheck over the
// pass's statistics with the CHECK lines below: each construct here makes the pass
// skip accesses for one reason (the exact counts depend on clang's lowering, so the
// CHECK lines ask for some, not how many), and the summary line adds the reasons up
// by group.
#include <omp.h>

const int table[4] = {1, 2, 3, 4}; // constant global
int counter;                       // threadprivate: thread-local
#pragma omp threadprivate(counter)
int shared[100];

int sum(int n) {
  int s = 0;
  // The loop bounds (.omp.lb, .omp.ub, ...) are private to the implicit task; the
  // reduction's private copy too. The outlined body reads the thread id libomp passes.
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += shared[i] + table[i % 4];
  return s;
}

void bump(void) { counter++; }

void tasks(void) {
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 4; i++) {
#pragma omp task firstprivate(i) // the task descriptor holds i
    shared[i] = i;
  }
}

// A task reduction: in_reduction tasks update libomp's per-thread copy.
int task_sum(void) {
  int r = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+ : r)
  for (int i = 0; i < 4; i++) {
#pragma omp task in_reduction(+ : r)
    r += i;
  }
  return r;
}

// CHECK: ompracer: {{.*}}skip_reasons.c: instrumented {{[1-9][0-9]*}} reads, {{[1-9][0-9]*}} writes ({{[0-9]+}} of these reads and writes once per loop, as ranges, {{[0-9]+}} by iteration batches), {{[0-9]+}} atomics, {{[0-9]+}} memory ranges, {{[1-9][0-9]*}} OpenMP calls; skipped {{[1-9][0-9]*}} local, {{[1-9][0-9]*}} constant/thread-local, {{[1-9][0-9]*}} task-descriptor, 0 other accesses
// CHECK-NEXT: ompracer: {{.*}}skip_reasons.c: skipped accesses by reason: {{[1-9][0-9]*}} non-escaping stack, {{[1-9][0-9]*}} implicit-task private, {{[1-9][0-9]*}} thread-id argument, {{[1-9][0-9]*}} constant global, {{[1-9][0-9]*}} thread-local, 0 ompracer/LLVM global, {{[1-9][0-9]*}} task descriptor, {{[1-9][0-9]*}} task-reduction copy, 0 other address space, 0 scalable vector
