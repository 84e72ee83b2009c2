// norace_joined_inside_task.c -- what a task's nested parallel region or taskgroup
// ran has ended when the task has.
//
// Three tasks of one creator, in precise mode's terms (Algorithm 1) each a +1 on
// the path of what runs inside it:
//   t1 runs a nested `parallel for` that writes a[]; the creator reads a[] after its
//      taskwait. The region's implicit tasks are P-nodes too, but the region's end
//      waited for them: not tasks left unwaited.
//   t2 writes b[] in grandchild tasks inside a taskgroup, without a taskwait of its
//      own: the taskgroup waited for them. The creator reads b[] after the taskwait.
//   t3 writes c[] in a nested `parallel for`; a sibling task t4 with depend(in: c)
//      on t3's depend(out: c) reads c[] (the dependence orders t4 after all of t3).
// No race, at any thread count, in every mode.
//
// EXPECT: norace
// MODES: fast precise
// CHECK-NOT: ==ompracer==
#include <stdio.h>

#define N 64
int a[N], b[N], c[N];

int main(void) {
  long sa = 0, sb = 0, sc = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task
    {
#pragma omp parallel for num_threads(2)
      for (int i = 0; i < N; i++)
        a[i] = i;
    }
#pragma omp task
    {
#pragma omp taskgroup
      {
        for (int k = 0; k < 4; k++) {
#pragma omp task firstprivate(k)
          for (int i = k; i < N; i += 4)
            b[i] = 2 * i;
        }
      }
    }
#pragma omp task depend(out : c)
    {
#pragma omp parallel for num_threads(2)
      for (int i = 0; i < N; i++)
        c[i] = 3 * i;
    }
#pragma omp task depend(in : c) shared(sc)
    for (int i = 0; i < N; i++)
      sc += c[i];
#pragma omp taskwait
    for (int i = 0; i < N; i++)
      sa += a[i] + b[i];
    for (int i = 0; i < N; i++)
      sb += b[i];
  }
  printf("%ld %ld %ld\n", sa, sb, sc);
  return 0;
}
