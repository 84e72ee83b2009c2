// race_joined_inside_task.c -- what a nested parallel region or taskgroup inside a
// task ran is ordered only by what orders the task itself.
//
// The counterparts of norace_joined_inside_task.c, each with the order removed:
//   t1 writes a[] in a nested `parallel for`; the creator reads a[] before its
//      taskwait: a race between the loop's iterations and the creator's code.
//   t3 writes c[] in a nested `parallel for`; the sibling task t4 reads c[] with no
//      dependence on t3: a race between sibling tasks.
//   t2 writes b[] in a grandchild task that it creates outside its taskgroup and
//      never waits for; the creator's taskwait waits for t2, not for that grandchild,
//      so its read of b[] after the taskwait races (precise mode; fast mode cannot
//      see it and warns).
// Three reports (precise mode and the default mode; fast mode would miss the third).
//
// EXPECT: race
// MODES: precise
#include <stdio.h>

#define N 64
int a[N], b[N], c[N];
volatile long sink;

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
#pragma omp task
        b[0] = 1;
      }
#pragma omp task
      b[1] = 2;
    }
#pragma omp task
    {
#pragma omp parallel for num_threads(2)
      for (int i = 0; i < N; i++)
        c[i] = 3 * i;
    }
#pragma omp task shared(sc)
    for (int i = 0; i < N; i++)
      sc += c[i];
    sa = a[N - 1];
#pragma omp taskwait
    sb = b[0] + b[1];
  }
  sink = sa + sb + sc; /* the values race: stdout must not show them */
  printf("done\n");
  return 0;
}
// PRECISE: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
// PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}race_joined_inside_task.c:[[@LINE-30]]:14 in main (iteration of omp for at {{(.*/)?}}race_joined_inside_task.c:[[@LINE-32]])
// PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}race_joined_inside_task.c:[[@LINE-10]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_joined_inside_task.c:[[@LINE-38]])
// PRECISE-NEXT: ==ompracer==   location: global 'a' of 256 bytes, declared at {{(.*/)?}}race_joined_inside_task.c:[[@LINE-44]] (offset 252)
// PRECISE-NEXT: ==ompracer==   why: the task created at {{(.*/)?}}race_joined_inside_task.c:[[@LINE-37]] runs in parallel with what its creator does after creating it: no taskwait, taskgroup or dependence orders them
// PRECISE: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
// PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}race_joined_inside_task.c:[[@LINE-25]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_joined_inside_task.c:[[@LINE-26]])
// PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}race_joined_inside_task.c:[[@LINE-13]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_joined_inside_task.c:[[@LINE-43]])
// PRECISE-NEXT: ==ompracer==   location: global 'b' of 256 bytes, declared at {{(.*/)?}}race_joined_inside_task.c:[[@LINE-49]] (offset 4)
// PRECISE-NEXT: ==ompracer==   why: the taskwait at {{(.*/)?}}race_joined_inside_task.c:[[@LINE-16]] waits for child tasks, not for the grandchild created at {{(.*/)?}}race_joined_inside_task.c:[[@LINE-29]]
// The read of c[] is one range check of the whole array; how many of the bytes racing
// with one write of the nested loop it reports as one run depends on which of the
// loop's accesses the first granules keep (seen: 4 and 8 bytes at 8 threads).
// PRECISE: ==ompracer== WARNING: data race (write/read) on {{4|8}} bytes at 0x{{[0-9a-f]+}}
// PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}race_joined_inside_task.c:[[@LINE-27]]:14 in main (iteration of omp for at {{(.*/)?}}race_joined_inside_task.c:[[@LINE-29]])
// PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}race_joined_inside_task.c:[[@LINE-24]]:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_joined_inside_task.c:[[@LINE-26]])
// PRECISE-NEXT: ==ompracer==   location: global 'c' of 256 bytes, declared at {{(.*/)?}}race_joined_inside_task.c:[[@LINE-57]] (offset 0)
// PRECISE-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_joined_inside_task.c:[[@LINE-34]] and {{(.*/)?}}race_joined_inside_task.c:[[@LINE-28]] with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
// PRECISE: ==ompracer== SUMMARY: 3 data race(s) reported
