// norace_memset_memcpy.c -- memset/memcpy on disjoint ranges, and after barriers.
//
// Each implicit task memsets its own 16-byte block of `blocks` (blocks are
// adjacent: the ranges touch but do not overlap), copies the shared read-only
// template into its own block of `copies` (reads of `tmpl` do not race), and
// assigns a struct (a memcpy) into its own element. After the barrier, each
// task copies its neighbour's block: ordered after the neighbour's memset. No
// race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define B 16
struct big {
  int v[12];
};

char blocks[64 * B];
char copies[64 * B];
char neighbour[64 * B];
char tmpl[B] = "0123456789abcde";
struct big proto = {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}};
struct big mine[64];

int main(void) {
  int n = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    int nt = omp_get_num_threads();
    memset(blocks + t * B, 'a' + t % 26, B);
    memcpy(copies + t * B, tmpl, B);
    mine[t] = proto;
    mine[t].v[0] = t;
#pragma omp barrier
    memcpy(neighbour + t * B, blocks + ((t + 1) % nt) * B, B);
    if (t == 0)
      n = nt;
  }
  long sum = 0;
  for (int i = 0; i < n * B; i++)
    sum += blocks[i] + copies[i] + neighbour[i];
  for (int i = 0; i < n; i++)
    sum += mine[i].v[0] + mine[i].v[11];
  printf("sum=%ld\n", sum);
  return 0;
}
