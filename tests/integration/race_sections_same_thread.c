// race_sections_same_thread.c -- more sections than threads: each section is still its own strand.
//
// Eight sections; sections 2k and 2k+1 both write v[k]. The sections of one
// construct are logically parallel with each other even when one thread runs
// several of them back to back (libomp hands consecutive sections to the same
// thread when there are fewer threads than sections), so each pair races: four
// write/write reports. done[] is written by one section per element.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

int v[4];
int done[8];

int main(void) {
#pragma omp parallel sections
  {
#pragma omp section
    {
      v[0] = 1;
      done[0] = 1;
    }
#pragma omp section
    {
      v[0] = 2;
      done[1] = 1;
    }
#pragma omp section
    {
      v[1] = 1;
      done[2] = 1;
    }
#pragma omp section
    {
      v[1] = 2;
      done[3] = 1;
    }
#pragma omp section
    {
      v[2] = 1;
      done[4] = 1;
    }
#pragma omp section
    {
      v[2] = 2;
      done[5] = 1;
    }
#pragma omp section
    {
      v[3] = 1;
      done[6] = 1;
    }
#pragma omp section
    {
      v[3] = 2;
      done[7] = 1;
    }
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-40]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-44]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-36]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-45]])
  // CHECK-NEXT: ==ompracer==   location: global 'v' of 16 bytes, declared at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-50]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different sections of the omp sections at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-47]]: the sections of one sections construct are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-35]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-49]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-31]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-50]])
  // CHECK-NEXT: ==ompracer==   location: global 'v' of 16 bytes, declared at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-55]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different sections of the omp sections at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-52]]: the sections of one sections construct are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-30]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-54]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-26]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-55]])
  // CHECK-NEXT: ==ompracer==   location: global 'v' of 16 bytes, declared at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-60]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different sections of the omp sections at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-57]]: the sections of one sections construct are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-25]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-59]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-21]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-60]])
  // CHECK-NEXT: ==ompracer==   location: global 'v' of 16 bytes, declared at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-65]] (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different sections of the omp sections at {{(.*/)?}}race_sections_same_thread.c:[[@LINE-62]]: the sections of one sections construct are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 4 data race(s) reported
  int n = 0;
  for (int i = 0; i < 8; i++)
    n += done[i];
  printf("done=%d ok=%d\n", n, v[0] + v[1] + v[2] + v[3] >= 4);
  return 0;
}
