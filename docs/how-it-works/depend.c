// Three sibling tasks: b depends on a, c on nothing.
#include <stdio.h>
int a, b, c;
int main(void) {
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out : a)
    a = 1;
#pragma omp task depend(in : a)
    b = a; // ordered after the first task by the dependence
#pragma omp task
    c = a; // nothing orders it: races with the first task
  }
  printf("%d %d\n", b, c);
  return 0;
}
