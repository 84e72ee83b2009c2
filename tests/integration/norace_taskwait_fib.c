// norace_taskwait_fib.c -- recursive tasks with fully nested taskwaits.
//
// fib() creates two child tasks that write the parent's locals `x` and `y`
// (shared with the children), and reads them only after its taskwait. Every
// task waits for its own children, so every write is ordered before the read of
// the same variable; the two children write different variables. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

static int fib_serial(int n) { return n < 2 ? n : fib_serial(n - 1) + fib_serial(n - 2); }

static int fib(int n) {
  if (n < 10)
    return fib_serial(n);
  int x = 0, y = 0;
#pragma omp task shared(x)
  x = fib(n - 1);
#pragma omp task shared(y)
  y = fib(n - 2);
#pragma omp taskwait
  return x + y;
}

int main(void) {
  int result = 0;
#pragma omp parallel
#pragma omp single
  result = fib(17);
  printf("fib(17)=%d\n", result);
  return 0;
}
