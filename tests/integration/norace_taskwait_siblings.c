// norace_taskwait_siblings.c -- sibling tasks on disjoint data, joined by taskwait.
//
// A batch of sibling tasks each writes its own part[i]; after the taskwait a
// second batch reads all parts (reads do not race with reads) and writes its
// own out[i]. In the worksharing loop, every iteration creates a task writing
// that iteration's element and waits for it before reading it back. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

#define NT 16
int part[NT];
int out[NT];
int total;
int loopdata[64];
int loopcheck[64];

int main(void) {
#pragma omp parallel
  {
#pragma omp single
    {
      for (int i = 0; i < NT; i++) {
#pragma omp task firstprivate(i)
        part[i] = i * i;
      }
#pragma omp taskwait
      for (int i = 0; i < NT; i++) {
#pragma omp task firstprivate(i)
        {
          int s = 0;
          for (int j = 0; j < NT; j++)
            s += part[j];
          out[i] = s + i;
        }
      }
#pragma omp taskwait
      for (int i = 0; i < NT; i++)
        total += out[i];
    }
#pragma omp for schedule(dynamic, 4)
    for (int i = 0; i < 64; i++) {
#pragma omp task firstprivate(i)
      loopdata[i] = 3 * i;
#pragma omp taskwait
      loopcheck[i] = loopdata[i] + 1;
    }
  }
  long sum = 0;
  for (int i = 0; i < 64; i++)
    sum += loopcheck[i];
  printf("total=%d sum=%ld\n", total, sum);
  return 0;
}
