// deps_non_siblings.c -- dependences order sibling tasks only.
//
// Two parent tasks P1 and P2 each create one child: C1 with depend(out: tok)
// writes `v`, C2 with depend(in: tok) reads it. The dependence would order them
// if they were siblings, but they have different parents, so it does not: C1 and
// C2 are logically parallel (P1 and P2 are siblings without a dependence), one
// write/read report in both modes. Every task waits for its children (fully
// nested taskwaits), so fast mode prints no warning.
//
// MODES: fast precise
// EXPECT: race
// VERDICT: fast
#include <omp.h>
#include <stdio.h>

int tok;
int v;
int seen;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    {
#pragma omp task depend(out: tok)
      v = 42;
#pragma omp taskwait
    }
#pragma omp task
    {
#pragma omp task depend(in: tok)
      seen = v;
#pragma omp taskwait
    }
#pragma omp taskwait
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}deps_non_siblings.c:[[@LINE-12]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}deps_non_siblings.c:[[@LINE-13]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}deps_non_siblings.c:[[@LINE-7]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}deps_non_siblings.c:[[@LINE-8]])
  // CHECK-NEXT: ==ompracer==   location: global 'v' of 4 bytes, declared at {{(.*/)?}}deps_non_siblings.c:[[@LINE-24]]
  // CHECK-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}deps_non_siblings.c:[[@LINE-18]] runs in parallel with what its creator does after creating it: no taskwait, taskgroup or dependence orders them
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("v=%d\n", v);
  return 0;
}
