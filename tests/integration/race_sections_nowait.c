// race_sections_nowait.c -- sections nowait: code after the construct reads a section's result.
//
// With nowait there is no barrier at the end of the sections construct, so the
// implicit tasks that go on after it are logically parallel with the sections
// that other threads run. Every thread reads `produced`, which the first section
// writes: one write/read report. The second section only writes `aux`, which
// nobody else touches before the region ends.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

int produced;
int aux;
int consumed[64];

int main(void) {
#pragma omp parallel
  {
#pragma omp sections nowait
    {
#pragma omp section
      produced = 7;
#pragma omp section
      aux = 3;
    }
    consumed[omp_get_thread_num()] = produced;
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_sections_nowait.c:[[@LINE-7]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}race_sections_nowait.c:[[@LINE-10]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_sections_nowait.c:[[@LINE-4]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_sections_nowait.c:[[@LINE-13]])
  // CHECK-NEXT: ==ompracer==   location: global 'produced' of 4 bytes, declared at {{(.*/)?}}race_sections_nowait.c:[[@LINE-19]]
  // CHECK-NEXT: ==ompracer==   why: the nowait at {{(.*/)?}}race_sections_nowait.c:[[@LINE-13]] removes the barrier at the end of the omp sections: one access is in that omp sections, the other after it, in another thread's implicit task of the omp parallel at {{(.*/)?}}race_sections_nowait.c:[[@LINE-15]]
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("produced=%d aux=%d\n", produced, aux);
  return 0;
}
