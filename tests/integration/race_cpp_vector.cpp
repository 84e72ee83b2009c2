// race_cpp_vector.cpp -- C++: std::vector elements shared between loop chunks.
//
// schedule(static, 16) over 256 iterations: each chunk of 16 iterations writes
// all four elements of `counts` (counts[i % 4]), and chunks are logically
// parallel strands: one write/write report (the store is in main, through the
// inlined or called std::vector::operator[], which only reads the vector
// object). data[i] belongs to iteration i; the printed sum is deterministic.
//
// EXPECT: race
#include <omp.h>
#include <cstdio>
#include <vector>

int main() {
  std::vector<int> data(256, 1);
  std::vector<int> counts(4, 0);
#pragma omp parallel for schedule(static, 16)
  for (int i = 0; i < 256; i++) {
    data[i] *= 2;
    counts[i % 4] = i;
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_cpp_vector.cpp:[[@LINE-3]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_cpp_vector.cpp:[[@LINE-6]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_cpp_vector.cpp:[[@LINE-4]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_cpp_vector.cpp:[[@LINE-7]])
  // CHECK-NEXT: ==ompracer==   location: heap block of 16 bytes allocated at {{.*}} (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}race_cpp_vector.cpp:[[@LINE-9]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  long sum = 0;
  for (int v : data)
    sum += v;
  std::printf("sum=%ld counts_mod4=%d%d%d%d\n", sum, counts[0] % 4, counts[1] % 4, counts[2] % 4,
              counts[3] % 4);
  return 0;
}
