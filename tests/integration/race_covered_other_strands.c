// race_covered_other_strands.c -- the covered read (runtime/history_access.h,
// aligned_read_covered): a read whose slot keeps two other strands' reads that cover it
// is answered "recorded" without its update, but only when neither write the slot keeps
// is parallel with it, and only when the two reads do cover it.
//
// The accesses go through helpers the compiler may not inline, so each is a sized
// hook's check, made after enough checks without a repeat that the thread's repeat
// filter has paused (while it is on, the hooks ask it instead). The team has one
// thread, which runs each task as it is created, in the order written; the tasks are
// logically parallel all the same, unless a taskwait or a dependence orders them.
// - x (an int): a task writes it, then three tasks read it, each at a site of its own.
//   The first two reads take the slot's read pair, which covers the third; but the
//   third meets the parallel write: a covered test that did not ask the write entry
//   would miss the third race.
// - y (a long): task P's two children read it (P waits for them), then task M reads it:
//   the children's pair does not cover M's read (their common ancestor lies below M's
//   with either), so it is recorded. Task W, which depends on P, then writes y: ordered
//   after the children, parallel with M. A covered test that took the pair as covering
//   M's read would miss that race.
//
// EXPECT: race
// LEVELS: O0 O1 O2 O3
#include <stdio.h>

#define WARM 20000
int x;
long y;
long sink[8];

__attribute__((noinline)) int get_a(const int *p) { return *p; }
__attribute__((noinline)) int get_b(const int *p) { return *p; }
__attribute__((noinline)) int get_c(const int *p) { return *p; }
__attribute__((noinline)) void put4(int *p, int v) { *p = v; }
__attribute__((noinline)) long get8_a(const long *p) { return *p; }
__attribute__((noinline)) long get8_b(const long *p) { return *p; }
__attribute__((noinline)) long get8_c(const long *p) { return *p; }
__attribute__((noinline)) void put8(long *p, long v) { *p = v; }

__attribute__((noinline)) static void run_tasks(void) {
  static int warm[WARM];
  for (int i = 0; i < WARM; i++) /* no repeats: the repeat filter pauses */
    put4(&warm[i], i);
  int d = 0;
#pragma omp task shared(x)
  put4(&x, 1);
#pragma omp task shared(x, sink)
  sink[0] = get_a(&x);
#pragma omp task shared(x, sink)
  sink[1] = get_b(&x);
#pragma omp task shared(x, sink)
  sink[2] = get_c(&x);
#pragma omp task shared(y, sink) depend(out : d)
  {
#pragma omp task shared(y, sink)
    sink[3] = get8_a(&y);
#pragma omp task shared(y, sink)
    sink[4] = get8_b(&y);
#pragma omp taskwait
  }
#pragma omp task shared(y, sink)
  sink[5] = get8_c(&y);
#pragma omp task shared(y) depend(in : d)
  put8(&y, 2);
#pragma omp taskwait
}

int main(void) {
#pragma omp parallel num_threads(1)
#pragma omp single
  run_tasks();
  long s = 0;
  for (int i = 0; i < 6; i++)
    s += sink[i];
  printf("x=%d y=%ld s=%ld\n", x, y, s);
  return 0;
}

// CHECK: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-49]]:{{[0-9]+}} in get_a (explicit task created at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-33]])
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-47]]:{{[0-9]+}} in put4 (explicit task created at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-36]])
// CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-55]]
// CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-38]] and {{(.*/)?}}race_covered_other_strands.c:[[@LINE-36]] with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
// CHECK: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-53]]:{{[0-9]+}} in get_b (explicit task created at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-36]])
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-52]]:{{[0-9]+}} in put4 (explicit task created at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-41]])
// CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-60]]
// CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-43]] and {{(.*/)?}}race_covered_other_strands.c:[[@LINE-39]] with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
// CHECK: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-57]]:{{[0-9]+}} in get_c (explicit task created at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-39]])
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-57]]:{{[0-9]+}} in put4 (explicit task created at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-46]])
// CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-65]]
// CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-48]] and {{(.*/)?}}race_covered_other_strands.c:[[@LINE-42]] with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
// CHECK: ==ompracer== WARNING: data race (read/write) on 8 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-58]]:{{[0-9]+}} in get8_c (explicit task created at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-34]])
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-58]]:{{[0-9]+}} in put8 (explicit task created at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-33]])
// CHECK-NEXT: ==ompracer==   location: global 'y' of 8 bytes, declared at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-69]]
// CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_covered_other_strands.c:[[@LINE-37]] and {{(.*/)?}}race_covered_other_strands.c:[[@LINE-35]] with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
// CHECK: ==ompracer== SUMMARY: 4 data race(s) reported
