/* Critical-heavy kernel: N iterations (default 300 000) of a parallel loop, each
 * doing a little private work and then entering one of two named critical sections
 * to update shared state (a counter and a running sum; an insertion into a shared
 * ring of recent values). Race-free. Checks the totals and prints OK or FAIL. The
 * argument is N. */
#include <stdio.h>
#include <stdlib.h>

#define RING 1024

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 300000L;
  long count = 0, sum = 0, inserted = 0;
  long ring[RING] = {0};
  int head = 0;
#pragma omp parallel for schedule(dynamic, 64)
  for (long i = 0; i < n; i++) {
    long w = 0;
    for (int k = 0; k < 20; k++) /* private work */
      w += (i * 31 + k) % 17;
#pragma omp critical(totals)
    {
      count++;
      sum += w;
    }
    if (w % 3 == 0) {
#pragma omp critical(ring)
      {
        ring[head] = w;
        head = (head + 1) % RING;
        inserted++;
      }
    }
  }
  long want_sum = 0, want_ins = 0;
  for (long i = 0; i < n; i++) {
    long w = 0;
    for (int k = 0; k < 20; k++)
      w += (i * 31 + k) % 17;
    want_sum += w;
    want_ins += w % 3 == 0;
  }
  int ok = count == n && sum == want_sum && inserted == want_ins && head == want_ins % RING;
  printf("critical %ld: %s\n", n, ok ? "OK" : "FAIL");
  return !ok;
}
