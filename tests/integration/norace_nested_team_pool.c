// norace_nested_team_pool.c -- many nested regions, forked by every outer thread.
//
// libomp returns a nested team's structure to its pool when the region ends and the
// next nested region, of any outer thread, may take it, parallel data included,
// before the first region's end has been announced to the tool. The tool must end
// the region its encountering task began, not the one the parallel data names by
// then: it ended the other, running region instead and freed it under its members
// (a crash or a hang, at 8 threads in a few runs out of ten). Each nested loop
// iteration writes its own element. No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

#define OUTER 16
#define ROUNDS 64
int out[OUTER][ROUNDS][4];

int main(void) {
  omp_set_max_active_levels(2);
  int outer = omp_get_max_threads() < OUTER ? omp_get_max_threads() : OUTER;
#pragma omp parallel num_threads(outer)
  {
    int o = omp_get_thread_num();
    for (int r = 0; r < ROUNDS; r++) {
#pragma omp parallel num_threads(2)
#pragma omp for
      for (int i = 0; i < 4; i++)
        out[o][r][i] = o + r + i;
    }
  }
  long sum = 0;
  for (int o = 0; o < outer; o++)
    for (int r = 0; r < ROUNDS; r++)
      for (int i = 0; i < 4; i++)
        sum += out[o][r][i];
  printf("outer=%d sum=%ld\n", outer, sum);
  return 0;
}
