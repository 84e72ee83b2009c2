// Reproducer of a pass crash: `omp for` loops whose bodies call a function that may
// throw (an external one). clang lowers the call to an invoke whose unwind edge leaves
// the loop for a landing pad; the loop marker must put its loop-end marker on that
// edge without reaching the landing pad by a plain branch (invalid IR, which made
// later passes segfault). compile_only.sh builds it at -O0..-O3, with and without -g,
// with the IR verifier on after the pipeline.
#include <vector>

int g(int);

void fill(std::vector<int> &v, std::vector<int> &w) {
  int n = v.size();
#pragma omp parallel
  {
#pragma omp for nowait
    for (int i = 0; i < n; i++)
      v[i] = g(i);
#pragma omp for
    for (int i = 0; i < n; i++)
      w[i] = g(i);
  }
}

void simd_fill(std::vector<int> &v) {
#pragma omp simd
  for (int i = 0; i < (int)v.size(); i++)
    v[i] = g(i);
}
