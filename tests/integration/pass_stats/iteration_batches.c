// iteration_batches.c -- which worksharing loops the pass checks as batches of
// iterations (pass/IterationBatches.h), counted by OMPRACER_PASS_STATS.
//
// Compiled at -O2 (the STATS-FLAGS line; at -O0 scalar evolution sees no induction
// variable and nothing is batched) by check_stats.sh, which runs FileCheck over the
// pass's statistics with the CHECK lines below.
// STATS-FLAGS: -O2
extern void g(int);
double x[1000], y[1000];
double *shared_p = y;

// Batched: a load and a store that move by 8 bytes per iteration (2).
void copy(void) {
#pragma omp parallel for
  for (int i = 0; i < 1000; i++)
    x[i] = y[i];
}

// Batched: the pointer read from a shared variable in every iteration (its read is one
// of the batch's accesses, step 0), the element it points to and the store (3).
void through_pointer(void) {
#pragma omp parallel for
  for (int i = 0; i < 1000; i++)
    x[i] = shared_p[i];
}

// Not batched: a call in the body (it may create tasks, take locks, ...).
void calls(void) {
#pragma omp parallel for
  for (int i = 0; i < 1000; i++) {
    x[i] = 1;
    g(i);
  }
}

// Not batched: a store that only some iterations make (the load stays per access too:
// a loop is batched whole or not at all).
void conditional(void) {
#pragma omp parallel for
  for (int i = 0; i < 1000; i++)
    if (y[i] > 0)
      x[i] = 0;
}

// Not batched: the worksharing loop is not innermost (the inner loop's accesses are
// checked once per inner loop, as ranges).
void nested(int n) {
#pragma omp parallel for
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < n; j++)
      x[i * 100 + j] += y[j];
}

// CHECK: ompracer: {{.*}}iteration_batches.c: instrumented {{[0-9]+}} reads, {{[0-9]+}} writes ({{[1-9][0-9]*}} of these reads and writes once per loop, as ranges, 5 by iteration batches)
