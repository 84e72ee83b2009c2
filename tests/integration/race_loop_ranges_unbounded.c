// race_loop_ranges_unbounded.c -- loops whose count scalar evolution cannot bound: a
// merge, left when an index reaches its bound, whose indexes move by 0 or 1 an
// iteration, has its accesses checked on its exit edges over the iterations that ran
// (pass/LoopRanges.h, MONOTONE for the inputs); a search for a sentinel and a
// partition's scan, left when a value they load says, stay per access (a cost rule);
// short searches with a bound are checked element by element in the range hooks
// (hooks.c, SHORT_RUNS). Either way the last element such a loop touches was touched,
// so a sibling task's write of it races.
//
// Four pairs of sibling tasks. One searches ints forward for a sentinel at N/2, which
// its sibling writes again; one merges two sorted runs of M ints each (evens and odds)
// into out, whose main loop writes out[0 .. 2M - 1) and leaves the last element to the
// tail loop, while its sibling writes out[2M - 2] and evens[M - 1], the last element
// of its input that the main loop reads; one scans down from the top for the first
// element no larger than a pivot, at N/4, which its sibling writes again; one makes two
// short bounded searches (5 ints, 20 bytes, checked as ints; 6 ints, 24 bytes from an
// 8-byte boundary, as 3 words), after a search of 10 000 ints that pauses the repeat
// filter, whose last elements its sibling writes. One report
// each, naming the loop's line (a range that stopped an element short would miss
// them); the elements the loops do not reach are written too (no report: a range that
// overreached would add to them).
//
// EXPECT: race
#include <stdio.h>

#include "loops_unbounded.h"

#define N 1000
#define M 300
int searched[N], evens[M], odds[M], out[2 * M + 50], scanned[N];
int short4[16], short8[16];
long short_len = 16; /* not a constant: the searches stay loops */
int warm[10000];

__attribute__((noinline)) static void write_searched(void) {
  searched[N / 2] = -7;
  for (int i = N / 2 + 1; i < N; i++)
    searched[i] = i;
}

__attribute__((noinline)) static void write_out(void) {
  out[2 * M - 2] = 1;
  evens[M - 1] = 2 * M - 2;
  for (int i = 2 * M; i < 2 * M + 50; i++)
    out[i] = i;
}

__attribute__((noinline)) static void write_scanned(void) {
  scanned[N / 4] = 1;
  for (int i = 0; i < N / 4; i++)
    scanned[i] = 0;
}

/* Short searches with a bound: the reads up to the element found are one short loop
 * range, checked on the exit edge. */
__attribute__((noinline)) static long find_first(const int *p, long n, int v) {
  for (long i = 0; i < n; i++)
    if (p[i] == v)
      return i;
  return n;
}
__attribute__((noinline)) static void write_short(void) {
  short4[4] = -3;
  short8[5] = -3;
  for (int i = 6; i < 16; i++)
    short4[i] = short8[i] = i;
}

int main(void) {
  long a = 0, b = 0, c = 0, d = 0, e = 0, warm_n = 0;
  warm[9999] = -5;
  short4[4] = short8[5] = -3;
  searched[N / 2] = -7;
  for (int i = 0; i < M; i++) {
    evens[i] = 2 * i;
    odds[i] = 2 * i + 1;
  }
  for (int i = 0; i < N; i++)
    scanned[i] = i >= N / 4 + 1 ? 5 : 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(a)
    a = find_sentinel(searched, -7);
#pragma omp task
    write_searched();
#pragma omp task shared(b)
    b = merge(evens, M, odds, M, out);
#pragma omp task
    write_out();
#pragma omp task shared(c)
    c = scan_down(scanned, N - 1, 1);
#pragma omp task
    write_scanned();
#pragma omp task shared(d, e, warm_n)
    {
      /* 10 000 checks that never repeat first: the repeat filter pauses after a window
       * of 8 192 such (history_repeats.h), as in a long run, and the short searches'
       * elements go the hooks' way (SHORT_RUNS, which leaves the filter's checks to it) */
      warm_n = find_sentinel(warm, -5);
      d = find_first(short4, short_len, -3);
      e = find_first(short8, short_len, -3);
    }
#pragma omp task
    write_short();
  }
  // The blocks in the order of their access lines (the harness sorts them).
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}{{loops_unbounded.h:12|race_loop_ranges_unbounded.c:36}}:{{[0-9]+}} in {{find_sentinel|write_searched}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{83|85}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}{{loops_unbounded.h:12|race_loop_ranges_unbounded.c:36}}:{{[0-9]+}} in {{find_sentinel|write_searched}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{83|85}})
  // CHECK-NEXT: ==ompracer==   location: global 'searched' of 4000 bytes, declared at {{(.*/)?}}race_loop_ranges_unbounded.c:30 (offset 2000)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_loop_ranges_unbounded.c:83 and {{(.*/)?}}race_loop_ranges_unbounded.c:85 with no dependence between them{{.*}}
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}{{loops_unbounded.h:21|race_loop_ranges_unbounded.c:43}}:{{[0-9]+}} in {{merge|write_out}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{87|89}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}{{loops_unbounded.h:21|race_loop_ranges_unbounded.c:43}}:{{[0-9]+}} in {{merge|write_out}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{87|89}})
  // CHECK-NEXT: ==ompracer==   location: global 'evens' of 1200 bytes, declared at {{(.*/)?}}race_loop_ranges_unbounded.c:30 (offset 1196)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_loop_ranges_unbounded.c:87 and {{(.*/)?}}race_loop_ranges_unbounded.c:89 with no dependence between them{{.*}}
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}{{loops_unbounded.h:22|race_loop_ranges_unbounded.c:42}}:{{[0-9]+}} in {{merge|write_out}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{87|89}})
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}{{loops_unbounded.h:22|race_loop_ranges_unbounded.c:42}}:{{[0-9]+}} in {{merge|write_out}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{87|89}})
  // CHECK-NEXT: ==ompracer==   location: global 'out' of 2600 bytes, declared at {{(.*/)?}}race_loop_ranges_unbounded.c:30 (offset 2392)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_loop_ranges_unbounded.c:87 and {{(.*/)?}}race_loop_ranges_unbounded.c:89 with no dependence between them{{.*}}
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}{{loops_unbounded.h:35|race_loop_ranges_unbounded.c:49}}:{{[0-9]+}} in {{scan_down|write_scanned}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{91|93}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}{{loops_unbounded.h:35|race_loop_ranges_unbounded.c:49}}:{{[0-9]+}} in {{scan_down|write_scanned}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{91|93}})
  // CHECK-NEXT: ==ompracer==   location: global 'scanned' of 4000 bytes, declared at {{(.*/)?}}race_loop_ranges_unbounded.c:30 (offset 1000)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_loop_ranges_unbounded.c:91 and {{(.*/)?}}race_loop_ranges_unbounded.c:93 with no dependence between them{{.*}}
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}{{race_loop_ranges_unbounded.c:58|race_loop_ranges_unbounded.c:63}}:{{[0-9]+}} in {{find_first|write_short}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{95|104}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}{{race_loop_ranges_unbounded.c:58|race_loop_ranges_unbounded.c:63}}:{{[0-9]+}} in {{find_first|write_short}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{95|104}})
  // CHECK-NEXT: ==ompracer==   location: global 'short4' of 64 bytes, declared at {{(.*/)?}}race_loop_ranges_unbounded.c:31 (offset 16)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_loop_ranges_unbounded.c:95 and {{(.*/)?}}race_loop_ranges_unbounded.c:104 with no dependence between them{{.*}}
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}{{race_loop_ranges_unbounded.c:58|race_loop_ranges_unbounded.c:64}}:{{[0-9]+}} in {{find_first|write_short}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{95|104}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}{{race_loop_ranges_unbounded.c:58|race_loop_ranges_unbounded.c:64}}:{{[0-9]+}} in {{find_first|write_short}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{95|104}})
  // CHECK-NEXT: ==ompracer==   location: global 'short8' of 64 bytes, declared at {{(.*/)?}}race_loop_ranges_unbounded.c:31 (offset 20)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_loop_ranges_unbounded.c:95 and {{(.*/)?}}race_loop_ranges_unbounded.c:104 with no dependence between them{{.*}}
  // CHECK: ==ompracer== SUMMARY: 6 data race(s) reported
  printf("found %ld %ld %ld %ld %ld\n", a, b, c, d, e);
  return a == N / 2 && b == 2 * M && c == N / 4 && d == 4 && e == 5 && warm_n == 9999 ? 0 : 1;
}
