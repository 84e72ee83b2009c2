/* Task-heavy kernel: recursive Fibonacci with a task per call and fully nested
 * taskwaits (about 240 000 tasks for n = 25). Race-free. */
#include <stdio.h>
#include <stdlib.h>

static int fib(int n) {
  if (n < 2)
    return n;
  int a, b;
#pragma omp task shared(a)
  a = fib(n - 1);
#pragma omp task shared(b)
  b = fib(n - 2);
#pragma omp taskwait
  return a + b;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 25, r = 0;
#pragma omp parallel
#pragma omp single
  r = fib(n);
  printf("%d\n", r);
  return 0;
}
