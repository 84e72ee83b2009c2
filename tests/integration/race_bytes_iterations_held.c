// race_bytes_iterations_held.c -- one thread runs every iteration of a loop that
// writes one char.
//
// The iterations of an omp for are logically parallel whichever thread runs them;
// one thread runs them all here, so every write comes from one strand, at one site,
// with another iteration tag each time. The char's granule is split into per-byte
// histories, and the hooks' first test for char accesses (runtime/history_held.h)
// must not take iteration 1's write for iteration 0's, which the byte already holds.
//
// EXPECT: race
#include <stdio.h>

char flags[4];

int main(void) {
#pragma omp parallel for num_threads(1) schedule(static)
  for (int i = 0; i < 8; i++)
    flags[1] = (char)i;
  // CHECK: ==ompracer== WARNING: data race (write/write) on 1 byte at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_bytes_iterations_held.c:[[@LINE-2]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_bytes_iterations_held.c:[[@LINE-4]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_bytes_iterations_held.c:[[@LINE-3]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_bytes_iterations_held.c:[[@LINE-5]])
  // CHECK-NEXT: ==ompracer==   location: global 'flags' of 4 bytes, declared at {{(.*/)?}}race_bytes_iterations_held.c:[[@LINE-9]] (offset 1)
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}race_bytes_iterations_held.c:[[@LINE-7]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("flags[1]=%d\n", flags[1]);
  return 0;
}
