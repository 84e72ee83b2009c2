// race_loop_ranges_exits.c -- searches that leave their loop early have their reads
// checked on the loop's exit edges (pass/LoopRanges.h), over the iterations that ran:
// the element a search stops at was read, so a sibling task's write of it races.
//
// Three pairs of sibling tasks. One searches ints forward for a marker at N/2 while
// its sibling writes the same marker over that element (so the search finds it
// whatever the schedule); one searches chars backward for a marker at N/4 while its
// sibling writes that char; one searches a loop with a constant bound (unrolled at
// -O2, with an exit after each copy) for a marker at 502, in the middle of an unrolled
// iteration. Each search reads exactly through the element it stops at: one read/write
// report each, naming the search loop's line. The elements the searches do not reach
// are written too (no report: a range that overreached would add to them, one that
// stopped an element short would miss the races).
//
// EXPECT: race
#include <stdio.h>

#define N 1000
int ints[N], fixed[N];
char chars[N];

__attribute__((noinline)) static long find(const int *p, long n, int v) {
  for (long i = 0; i < n; i++)
    if (p[i] == v)
      return i;
  return n;
}
__attribute__((noinline)) static void write_ints(void) {
  ints[N / 2] = -7;
  for (int i = N / 2 + 1; i < N; i++)
    ints[i] = i;
}

__attribute__((noinline)) static long find_last(const char *s, long n, char c) {
  long i = n - 1;
  for (; i >= 0; i--)
    if (s[i] == c)
      break;
  return i;
}
__attribute__((noinline)) static void write_chars(void) {
  chars[N / 4] = '#';
  for (int i = 0; i < N / 4; i++)
    chars[i] = 'x';
}

__attribute__((noinline)) static long find_fixed(const int *p, int v) {
  for (long i = 0; i < N; i++)
    if (p[i] == v)
      return i;
  return N;
}
__attribute__((noinline)) static void write_fixed(void) {
  fixed[502] = -9;
  for (int i = 503; i < N; i++)
    fixed[i] = i;
}

int main(void) {
  long a = 0, b = 0, c = 0;
  fixed[502] = -9;
  ints[N / 2] = -7;
  chars[N / 4] = '#';
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(a)
    a = find(ints, N, -7);
#pragma omp task
    write_ints();
#pragma omp task shared(b)
    b = find_last(chars, N, '#');
#pragma omp task
    write_chars();
#pragma omp task shared(c)
    c = find_fixed(fixed, -9);
#pragma omp task
    write_fixed();
  }
  // The blocks in the order of their access lines (the harness sorts them).
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_exits.c:{{24|29}}:{{[0-9]+}} in {{find|write_ints}} (explicit task created at {{(.*/)?}}race_loop_ranges_exits.c:{{67|69}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_exits.c:{{24|29}}:{{[0-9]+}} in {{find|write_ints}} (explicit task created at {{(.*/)?}}race_loop_ranges_exits.c:{{67|69}})
  // CHECK-NEXT: ==ompracer==   location: global 'ints' of 4000 bytes, declared at {{(.*/)?}}race_loop_ranges_exits.c:19 (offset 2000)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_loop_ranges_exits.c:67 and {{(.*/)?}}race_loop_ranges_exits.c:69 with no dependence between them{{.*}}
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 1 byte at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_exits.c:{{37|42}}:{{[0-9]+}} in {{find_last|write_chars}} (explicit task created at {{(.*/)?}}race_loop_ranges_exits.c:{{71|73}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_exits.c:{{37|42}}:{{[0-9]+}} in {{find_last|write_chars}} (explicit task created at {{(.*/)?}}race_loop_ranges_exits.c:{{71|73}})
  // CHECK-NEXT: ==ompracer==   location: global 'chars' of 1000 bytes, declared at {{(.*/)?}}race_loop_ranges_exits.c:20 (offset 250)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_loop_ranges_exits.c:71 and {{(.*/)?}}race_loop_ranges_exits.c:73 with no dependence between them{{.*}}
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_exits.c:{{49|54}}:{{[0-9]+}} in {{find_fixed|write_fixed}} (explicit task created at {{(.*/)?}}race_loop_ranges_exits.c:{{75|77}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_loop_ranges_exits.c:{{49|54}}:{{[0-9]+}} in {{find_fixed|write_fixed}} (explicit task created at {{(.*/)?}}race_loop_ranges_exits.c:{{75|77}})
  // CHECK-NEXT: ==ompracer==   location: global 'fixed' of 4000 bytes, declared at {{(.*/)?}}race_loop_ranges_exits.c:19 (offset 2008)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_loop_ranges_exits.c:75 and {{(.*/)?}}race_loop_ranges_exits.c:77 with no dependence between them{{.*}}
  // CHECK: ==ompracer== SUMMARY: 3 data race(s) reported
  printf("found %ld %ld %ld\n", a, b, c);
  return a == N / 2 && b == N / 4 && c == 502 ? 0 : 1;
}
