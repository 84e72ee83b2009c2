// race_explain_siblings.c -- the why line of a race between two sibling tasks.
//
// The single creates tasks and waits for them only at its end: two tasks of two
// directives write `a`; the two tasks one directive creates in a loop write `b`;
// a task writes `c` while its creator, after creating it, reads `c`. The first two
// read "sibling tasks ... with no dependence between them" (the second with one
// site: "both created at"), the third names the task and its creator's code.
//
// MODES: fast precise
// EXPECT: race
#include <stdio.h>

int a, b, c, seen;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    a = 1;
#pragma omp task
    a = 2;
    for (int k = 0; k < 2; k++) {
#pragma omp task firstprivate(k)
      b = k;
    }
#pragma omp task
    c = 1;
    seen = c;
#pragma omp taskwait
  }
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_siblings.c:20:7 in main (explicit task created at {{(.*/)?}}race_explain_siblings.c:19)
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_siblings.c:22:7 in main (explicit task created at {{(.*/)?}}race_explain_siblings.c:21)
  // CHECK-NEXT: ==ompracer==   location: global 'a' of 4 bytes, declared at {{(.*/)?}}race_explain_siblings.c:13
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_explain_siblings.c:19 and {{(.*/)?}}race_explain_siblings.c:21 with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_siblings.c:25:9 in main (explicit task created at {{(.*/)?}}race_explain_siblings.c:24)
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_siblings.c:25:9 in main (explicit task created at {{(.*/)?}}race_explain_siblings.c:24)
  // CHECK-NEXT: ==ompracer==   location: global 'b' of 4 bytes, declared at {{(.*/)?}}race_explain_siblings.c:13
  // CHECK-NEXT: ==ompracer==   why: sibling tasks both created at {{(.*/)?}}race_explain_siblings.c:24 with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_explain_siblings.c:28:7 in main (explicit task created at {{(.*/)?}}race_explain_siblings.c:27)
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_explain_siblings.c:29:12 in main (implicit task of omp parallel at {{(.*/)?}}race_explain_siblings.c:16)
  // CHECK-NEXT: ==ompracer==   location: global 'c' of 4 bytes, declared at {{(.*/)?}}race_explain_siblings.c:13
  // CHECK-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}race_explain_siblings.c:27 runs in parallel with what its creator does after creating it: no taskwait, taskgroup or dependence orders them
  // CHECK: ==ompracer== SUMMARY: 3 data race(s) reported
  printf("done\n");
  return 0;
}
