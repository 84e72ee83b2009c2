// race_nested_inner.c -- nested parallel regions: the inner team's implicit tasks race.
//
// With two active levels, each outer thread opens an inner team of two threads.
// The implicit tasks of an inner region are logically parallel with each other
// (and with the other outer thread's inner region), and all of them write
// `level_seen`: one write/write report, the construct being the inner region.
// Every thread writes the same value (the nesting level, 2), so the output is
// deterministic.
//
// The one site pair races in two ways: two threads of one inner team (parallel by the
// inner region) and two threads of different inner teams (parallel by the outer
// region). The report, one per site pair, explains the first pair of accesses found,
// so its why line names either region, depending on the schedule (a documented
// limit: docs/report-format.md).
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

int level_seen;

int main(void) {
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
  {
#pragma omp parallel num_threads(2)
    {
      level_seen = omp_get_level();
    }
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_nested_inner.c:[[@LINE-4]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_nested_inner.c:[[@LINE-6]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_nested_inner.c:[[@LINE-5]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_nested_inner.c:[[@LINE-7]])
  // CHECK-NEXT: ==ompracer==   location: global 'level_seen' of 4 bytes, declared at {{(.*/)?}}race_nested_inner.c:[[@LINE-14]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_nested_inner.c:{{24|26}}, with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("level=%d\n", level_seen);
  return 0;
}
