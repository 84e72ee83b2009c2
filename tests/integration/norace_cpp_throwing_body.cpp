// norace_cpp_throwing_body.cpp -- C++: loop bodies that call functions that may throw.
//
// clang lowers a call that may throw inside an OpenMP loop to an invoke whose unwind
// edge leaves the loop (to a landing pad that calls std::terminate for omp for, or to
// the caller's handler for a plain simd loop). The pass must mark such loops without
// breaking the IR (it used to crash clang on this shape). Each iteration writes its
// own element; an exception thrown and caught inside one iteration stays in it. No
// race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <cstdio>
#include <stdexcept>
#include <vector>

__attribute__((noinline)) int g(int i) {
  if (i < 0)
    throw std::invalid_argument("negative");
  return 2 * i + 1;
}

__attribute__((noinline)) int checked(int i) {
  try {
    return g(i - 5);
  } catch (const std::invalid_argument &) {
    return -1;
  }
}

// clang rejects try inside simd; the call that may throw is enough for an unwind edge.
__attribute__((noinline)) void simd_fill(std::vector<int> &v) {
#pragma omp simd
  for (int i = 0; i < (int)v.size(); i++)
    v[i] = g(i);
}

int main() {
  const int n = 256;
  std::vector<int> v(n), w(n), c(n);
#pragma omp parallel
  {
#pragma omp for nowait
    for (int i = 0; i < n; i++)
      v[i] = g(i);
#pragma omp for
    for (int i = 0; i < n; i++)
      w[i] = g(i);
#pragma omp for
    for (int i = 0; i < n; i++)
      c[i] = checked(i);
  }
  std::vector<int> s(n, 0);
  simd_fill(s);
  long sum = 0;
  for (int i = 0; i < n; i++)
    sum += v[i] + w[i] + c[i] + s[i];
  std::printf("sum=%ld\n", sum);
  return 0;
}
