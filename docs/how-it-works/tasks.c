// A task that creates a task of its own and returns without waiting for it.
#include <stdio.h>
int x;
int main(void) {
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task
    {
#pragma omp task
      x = 1; // the grandchild: nobody waits for it
    }
#pragma omp taskwait
    x = 2; // races with the grandchild
  }
  printf("%d\n", x);
  return 0;
}
