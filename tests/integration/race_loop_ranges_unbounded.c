// race_loop_ranges_unbounded.c -- loops whose count scalar evolution cannot bound (a
// search for a sentinel with no index bound, a merge whose indexes move by 0 or 1 an
// iteration, a partition's scan down to an element no larger than the pivot) have
// their affine accesses checked on their exit edges over the iterations that ran
// (pass/LoopRanges.h): the last element such a loop touches was touched, so a sibling
// task's write of it races.
//
// Four pairs of sibling tasks. One searches ints forward for a sentinel at N/2, which
// its sibling writes again; one merges two sorted runs of M ints each (evens and odds)
// into out, whose main loop writes out[0 .. 2M - 1) and leaves the last element to the
// tail loop, while its sibling writes out[2M - 2] and evens[M - 1], the last element
// of its input that the main loop reads (at an index that moves by 0 or 1); one scans
// down from the top for the first element no larger than a pivot, at N/4, which its
// sibling writes again; one makes two short searches (checked as the sized hooks
// check single accesses), whose last elements its sibling writes. One report each,
// naming the loop's line (a range that stopped an element short would miss them); the
// elements the loops do not reach are written too (no report: a range that
// overreached would add to them).
//
// EXPECT: race
#include <stdio.h>

#define N 1000
#define M 300
int searched[N], evens[M], odds[M], out[2 * M + 50], scanned[N];
int short4[16], short8[16];

__attribute__((noinline)) static long find_sentinel(const int *p, int v) {
  long i = 0;
  while (p[i] != v)
    i++;
  return i;
}
__attribute__((noinline)) static void write_searched(void) {
  searched[N / 2] = -7;
  for (int i = N / 2 + 1; i < N; i++)
    searched[i] = i;
}

__attribute__((noinline)) static long merge(const int *a, long na, const int *b, long nb,
                                            int *o) {
  long i = 0, j = 0, k = 0;
  while (i < na && j < nb) {
    int x = a[i], y = b[j]; /* one read of each per iteration, at every -O level */
    o[k++] = x <= y ? x : y;
    i += x <= y;
    j += x > y;
  }
  while (i < na)
    o[k++] = a[i++];
  while (j < nb)
    o[k++] = b[j++];
  return k;
}
__attribute__((noinline)) static void write_out(void) {
  out[2 * M - 2] = 1;
  evens[M - 1] = 2 * M - 2;
  for (int i = 2 * M; i < 2 * M + 50; i++)
    out[i] = i;
}

__attribute__((noinline)) static long scan_down(const int *p, long top, int pivot) {
  long j = top;
  while (p[j] > pivot)
    j--;
  return j;
}
__attribute__((noinline)) static void write_scanned(void) {
  scanned[N / 4] = 1;
  for (int i = 0; i < N / 4; i++)
    scanned[i] = 0;
}

/* Short searches: 5 ints (20 bytes, checked as ints) and 6 (24 bytes from an 8-byte
 * boundary, checked as 3 words), each the sized hooks' way (hooks.c, SHORT_RUNS). */
__attribute__((noinline)) static void write_short(void) {
  short4[4] = -3;
  short8[5] = -3;
  for (int i = 6; i < 16; i++)
    short4[i] = short8[i] = i;
}

int main(void) {
  long a = 0, b = 0, c = 0, d = 0, e = 0;
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
#pragma omp task shared(d, e)
    {
      d = find_sentinel(short4, -3);
      e = find_sentinel(short8, -3);
    }
#pragma omp task
    write_short();
  }
  // The blocks in the order of their access lines (the harness sorts them).
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_unbounded.c:{{30|35}}:{{[0-9]+}} in {{find_sentinel|write_searched}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{96|98}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_unbounded.c:{{30|35}}:{{[0-9]+}} in {{find_sentinel|write_searched}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{96|98}})
  // CHECK-NEXT: ==ompracer==   location: global 'searched' of 4000 bytes, declared at {{(.*/)?}}race_loop_ranges_unbounded.c:25 (offset 2000)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_loop_ranges_unbounded.c:96 and {{(.*/)?}}race_loop_ranges_unbounded.c:98 with no dependence between them{{.*}}
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_unbounded.c:{{30|77}}:{{[0-9]+}} in {{find_sentinel|write_short}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{108|113}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_unbounded.c:{{30|77}}:{{[0-9]+}} in {{find_sentinel|write_short}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{108|113}})
  // CHECK-NEXT: ==ompracer==   location: global 'short4' of 64 bytes, declared at {{(.*/)?}}race_loop_ranges_unbounded.c:26 (offset 16)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_loop_ranges_unbounded.c:108 and {{(.*/)?}}race_loop_ranges_unbounded.c:113 with no dependence between them{{.*}}
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_unbounded.c:{{30|78}}:{{[0-9]+}} in {{find_sentinel|write_short}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{108|113}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_unbounded.c:{{30|78}}:{{[0-9]+}} in {{find_sentinel|write_short}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{108|113}})
  // CHECK-NEXT: ==ompracer==   location: global 'short8' of 64 bytes, declared at {{(.*/)?}}race_loop_ranges_unbounded.c:26 (offset 20)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_loop_ranges_unbounded.c:108 and {{(.*/)?}}race_loop_ranges_unbounded.c:113 with no dependence between them{{.*}}
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_unbounded.c:{{44|57}}:{{[0-9]+}} in {{merge|write_out}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{100|102}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_unbounded.c:{{44|57}}:{{[0-9]+}} in {{merge|write_out}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{100|102}})
  // CHECK-NEXT: ==ompracer==   location: global 'evens' of 1200 bytes, declared at {{(.*/)?}}race_loop_ranges_unbounded.c:25 (offset 1196)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_loop_ranges_unbounded.c:100 and {{(.*/)?}}race_loop_ranges_unbounded.c:102 with no dependence between them{{.*}}
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_loop_ranges_unbounded.c:{{45|56}}:{{[0-9]+}} in {{merge|write_out}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{100|102}})
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_loop_ranges_unbounded.c:{{45|56}}:{{[0-9]+}} in {{merge|write_out}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{100|102}})
  // CHECK-NEXT: ==ompracer==   location: global 'out' of 2600 bytes, declared at {{(.*/)?}}race_loop_ranges_unbounded.c:25 (offset 2392)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_loop_ranges_unbounded.c:100 and {{(.*/)?}}race_loop_ranges_unbounded.c:102 with no dependence between them{{.*}}
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_unbounded.c:{{64|69}}:{{[0-9]+}} in {{scan_down|write_scanned}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{104|106}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_unbounded.c:{{64|69}}:{{[0-9]+}} in {{scan_down|write_scanned}} (explicit task created at {{(.*/)?}}race_loop_ranges_unbounded.c:{{104|106}})
  // CHECK-NEXT: ==ompracer==   location: global 'scanned' of 4000 bytes, declared at {{(.*/)?}}race_loop_ranges_unbounded.c:25 (offset 1000)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_loop_ranges_unbounded.c:104 and {{(.*/)?}}race_loop_ranges_unbounded.c:106 with no dependence between them{{.*}}
  // CHECK: ==ompracer== SUMMARY: 6 data race(s) reported
  printf("found %ld %ld %ld %ld %ld\n", a, b, c, d, e);
  return a == N / 2 && b == 2 * M && c == N / 4 && d == 4 && e == 5 ? 0 : 1;
}
