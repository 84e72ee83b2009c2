// race_joined_span_unwaited_grandchild.c -- a task's span of joined ids (the ids
// its taskwait finds accounted for, runtime/joined_ids.c) must not cover a grandchild
// that the child left unwaited.
//
// task T { task C1 { spin }; taskwait; task C { task G { x = 1 }; c = 1 };
// taskwait; read x, c }. T's second taskwait waits for C, not for G (C ends
// without a taskwait), so G's write to `x` is parallel with T's read after it: one
// race. Every id handed out while T waited the second time was made by T, C or G
// (the first round, C1's spin, lets the other threads' nodes of the single and its
// barrier go into T's first window), but G's never reach T (only a task that waits
// for G would pass them on): T's count comes out short and T's continuation gets
// no span holding G's strand. C's write to `c` is ordered before T's read by the
// taskwait: no race. Fast mode reads the taskwait as waiting for the whole subtree
// (it warns so): precise mode only.
//
// MODES: precise
// EXPECT: race
// VERDICT: precise task at 37
#include <omp.h>
#include <stdio.h>

int x, c;
int seen_x, seen_c;
volatile int spin;

int main(void) {
#pragma omp parallel
#pragma omp single
#pragma omp task
  {
#pragma omp task
    {
      for (int i = 0; i < 2000000; i++)
        spin = spin + 1;
    }
#pragma omp taskwait
#pragma omp task
    {
#pragma omp task
      x = 1;
      c = 1;
    }
#pragma omp taskwait
    seen_x = x;
    seen_c = c;
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_joined_span_unwaited_grandchild.c:[[@LINE-8]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_joined_span_unwaited_grandchild.c:[[@LINE-9]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_joined_span_unwaited_grandchild.c:[[@LINE-5]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_joined_span_unwaited_grandchild.c:[[@LINE-20]])
  // CHECK-NEXT: ==ompracer==   location: global 'x' of 4 bytes, declared at {{(.*/)?}}race_joined_span_unwaited_grandchild.c:[[@LINE-28]]
  // CHECK-NEXT: ==ompracer==   why: the taskwait at {{(.*/)?}}race_joined_span_unwaited_grandchild.c:[[@LINE-8]] waits for child tasks, not for the grandchild created at {{(.*/)?}}race_joined_span_unwaited_grandchild.c:[[@LINE-12]]
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("seen_c=%d\n", seen_c);
  return 0;
}
