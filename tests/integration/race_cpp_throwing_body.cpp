// race_cpp_throwing_body.cpp -- C++: a race inside an omp for whose body may throw.
//
// The body calls g, which may throw, so clang lowers the call to an invoke with an
// unwind edge out of the loop. Every iteration writes the shared `last`: the
// iterations race on it (write/write), as in any loop; the exception edges must not
// change the verdict. Each iteration also writes its own element of `out`: no race.
//
// EXPECT: race
#include <cstdio>
#include <stdexcept>

__attribute__((noinline)) int g(int i) {
  if (i < 0)
    throw std::invalid_argument("negative");
  return i % 7;
}

int last;
int out[1000];

int main() {
#pragma omp parallel for
  for (int i = 0; i < 1000; i++) {
    out[i] = g(i);
    last = g(i + 1);
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_cpp_throwing_body.cpp:[[@LINE-3]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_cpp_throwing_body.cpp:[[@LINE-6]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_cpp_throwing_body.cpp:[[@LINE-4]]:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_cpp_throwing_body.cpp:[[@LINE-7]])
  // CHECK-NEXT: ==ompracer==   location: global 'last' of 4 bytes, declared at {{(.*/)?}}race_cpp_throwing_body.cpp:[[@LINE-12]]
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}race_cpp_throwing_body.cpp:[[@LINE-9]]: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  long sum = 0;
  for (int i = 0; i < 1000; i++)
    sum += out[i];
  std::printf("sum=%ld\n", sum);
  return 0;
}
