/* Part of the install tests' CMake project: a static library instrumented with
   ompracer_instrument, linked into a program that is not. The reduction is done by
   hand, so the update of `total` (line 9) races. */
long sum(const long *values, int n) {
  long total = 0;
#pragma omp parallel for num_threads(2)
  for (int i = 0; i < n; i++)
    if (values[i] > 0)
      total += values[i];
  return total;
}
