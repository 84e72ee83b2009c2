// race_escaping_reader_among_sealed.c -- a reader that escapes its creator's
// taskwait is still found among task subtrees that finished long before.
//
// A binary tree of tasks, four levels deep, every leaf reading all of in[]: the reads
// of one element are parallel, so precise mode keeps an entry per task group on the
// readers' paths. Every inner task waits for its two children, except the one with
// id 5, which ends without a taskwait: its two leaves may outlive it and the taskwait
// of its creator. Finished, fully waited subtrees are folded into the group above them
// (history_precise.c, "Folding"); the subtree of task 5 must not be, since its leaves
// race with main's writes after the outermost taskwait.
// One report: a leaf's read of in[] with main's write (precise mode and the default
// mode; fast mode cannot see it and warns).
//
// EXPECT: race
// MODES: precise
#include <stdio.h>

#define N 64
int in[N];
long out[16];

static void leaf(int id) {
  long s = 0;
  for (int i = 0; i < N; i++)
    s += in[i];
  out[id % 16] = s;
}

static void tree(int depth, int id) {
  if (depth == 0) {
    leaf(id);
    return;
  }
  for (int k = 0; k < 2; k++) {
#pragma omp task
    tree(depth - 1, 2 * id + k);
  }
  if (id != 5) {
#pragma omp taskwait
  }
}

int main(void) {
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task
    tree(4, 1);
#pragma omp taskwait
    for (int i = 0; i < N; i++)
      in[i] = i;
  }
  printf("done\n");
  return 0;
}
// PRECISE: ==ompracer== WARNING: data race (read/write) on {{[0-9]+}} bytes at 0x{{[0-9a-f]+}}
// PRECISE-NEXT: ==ompracer==   read at {{(.*/)?}}race_escaping_reader_among_sealed.c:[[@LINE-32]]:{{[0-9]+}} in leaf (explicit task created at {{(.*/)?}}race_escaping_reader_among_sealed.c:[[@LINE-22]])
// PRECISE-NEXT: ==ompracer==   write at {{(.*/)?}}race_escaping_reader_among_sealed.c:[[@LINE-7]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_escaping_reader_among_sealed.c:[[@LINE-14]])
// PRECISE-NEXT: ==ompracer==   location: global 'in' of 256 bytes, declared at {{(.*/)?}}race_escaping_reader_among_sealed.c:[[@LINE-40]] (offset 0)
// PRECISE-NEXT: ==ompracer==   why: the taskwait at {{(.*/)?}}race_escaping_reader_among_sealed.c:[[@LINE-11]] waits for child tasks, not for the descendant task created at {{(.*/)?}}race_escaping_reader_among_sealed.c:[[@LINE-25]]
// PRECISE: ==ompracer== SUMMARY: 1 data race(s) reported
