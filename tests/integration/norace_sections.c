// norace_sections.c -- sections writing distinct variables, read after the barrier.
//
// Each section of the first construct writes its own variable and reads only
// shared input that nobody writes. The implicit barrier at the end of the
// construct orders those writes before the second sections construct, whose
// sections read all of them and write their own outputs. No race, whichever
// thread runs which section.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

int input[4] = {1, 2, 3, 4};
int s0, s1, s2, s3;
int o0, o1;

int main(void) {
#pragma omp parallel
  {
#pragma omp sections
    {
#pragma omp section
      s0 = input[0] + input[1];
#pragma omp section
      s1 = input[1] + input[2];
#pragma omp section
      s2 = input[2] + input[3];
#pragma omp section
      s3 = input[3] + input[0];
    }
#pragma omp sections
    {
#pragma omp section
      o0 = s0 + s1 + s2;
#pragma omp section
      o1 = s1 + s2 + s3;
    }
  }
  printf("o0=%d o1=%d\n", o0, o1);
  return 0;
}
