// race_sections.c -- two sections of one sections construct write the same variable.
//
// Each section is its own strand and the sections of one construct are
// logically parallel, whichever thread runs them (even one thread running both).
// Both sections write `mode`: one write/write report between the two sites.
// `r1` and `r2` are each written by one section only.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

int mode;
int r1, r2;

int main(void) {
#pragma omp parallel sections
  {
#pragma omp section
    {
      mode = 1;
      r1 = 10;
    }
#pragma omp section
    {
      mode = 2;
      r2 = 20;
    }
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_sections.c:[[@LINE-10]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}race_sections.c:[[@LINE-14]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_sections.c:[[@LINE-6]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}race_sections.c:[[@LINE-15]])
  // CHECK-NEXT: ==ompracer==   location: global 'mode' of 4 bytes, declared at {{(.*/)?}}race_sections.c:[[@LINE-20]]
  // CHECK-NEXT: ==ompracer==   why: different sections of the omp sections at {{(.*/)?}}race_sections.c:[[@LINE-17]]: the sections of one sections construct are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("r1=%d r2=%d\n", r1, r2);
  return 0;
}
