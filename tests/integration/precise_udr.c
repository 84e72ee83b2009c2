// precise_udr.c -- a user-defined reduction: libomp combines the threads' copies
// under its reduction lock (a critical section), so precise mode sees no race; fast
// mode ignores mutual exclusion by design (and says so), hence precise mode only.
//
// MODES: precise
// EXPECT: norace
// VERDICT: precise critical at 20
// PRECISE-NOT: ==ompracer==
#include <stdio.h>

struct pair { int lo, hi; };
#pragma omp declare reduction(minmax : struct pair : omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi) initializer(omp_priv = (struct pair){1000, -1000})

int a[64];

int main(void) {
  for (int i = 0; i < 64; i++)
    a[i] = (i * 37) % 101;
  struct pair mm = {1000, -1000};
#pragma omp parallel for reduction(minmax : mm)
  for (int i = 0; i < 64; i++) {
    if (a[i] < mm.lo)
      mm.lo = a[i];
    if (a[i] > mm.hi)
      mm.hi = a[i];
  }
  printf("%d..%d\n", mm.lo, mm.hi);
  return 0;
}
