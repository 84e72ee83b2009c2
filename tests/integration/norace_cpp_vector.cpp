// norace_cpp_vector.cpp -- C++: std::vector / std::array filled by loop chunks.
//
// Each iteration writes only its own element of a std::vector (through
// operator[], which only reads the vector object), per-thread partial sums go to
// their own element of a std::array, and a std::string per thread is built in a
// local. Everything shared is read after the implicit barrier or after the
// region. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <array>
#include <cstdio>
#include <string>
#include <vector>

int main() {
  const int n = 1000;
  std::vector<long> v(n);
  std::array<long, 64> partial{};
  std::vector<std::size_t> lengths(64, 0);
  int threads = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp for schedule(dynamic, 16)
    for (int i = 0; i < n; i++)
      v[i] = static_cast<long>(i) * 3;
    long s = 0;
#pragma omp for schedule(static)
    for (int i = 0; i < n; i++)
      s += v[n - 1 - i];
    partial[t] = s;
    std::string label = "thread-" + std::to_string(t);
    lengths[t] = label.size();
#pragma omp single
    threads = omp_get_num_threads();
  }
  long total = 0;
  for (int t = 0; t < threads; t++)
    total += partial[t];
  std::size_t len = 0;
  for (int t = 0; t < threads; t++)
    len += lengths[t];
  std::printf("total=%ld len=%zu\n", total, len);
  return 0;
}
