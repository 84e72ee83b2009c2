// race_pointer_reads.c -- a race on a list's `next` pointer, read by the pointer-load
// hook (__ompracer_read_pointer: checked as any 8-byte read, and the runtime prefetches
// the shadow of the node it points to).
//
// One task walks a list of 64 nodes, loading each `next`; its sibling cuts the list
// after node 40 (writes that node's `next`). The walk reads it whether or not the cut
// came first: one read/write report on the pointer. The nodes' keys, which only the
// walk reads, give none.
//
// EXPECT: race
#include <stdio.h>

struct node {
  struct node *next;
  long key;
};
struct node nodes[64];

__attribute__((noinline)) static long walk(const struct node *n) {
  long sum = 0;
  for (; n; n = n->next)
    sum += n->key;
  return sum;
}

int main(void) {
  for (int i = 0; i < 64; i++) {
    nodes[i].next = i + 1 < 64 ? &nodes[i + 1] : NULL;
    nodes[i].key = i;
  }
  long sum = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(sum)
    sum = walk(&nodes[0]);
#pragma omp task
    nodes[40].next = NULL;
  }
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_pointer_reads.c:{{21|38}}:{{[0-9]+}} in {{walk|main}} (explicit task created at {{(.*/)?}}race_pointer_reads.c:{{35|37}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_pointer_reads.c:{{21|38}}:{{[0-9]+}} in {{walk|main}} (explicit task created at {{(.*/)?}}race_pointer_reads.c:{{35|37}})
  // CHECK-NEXT: ==ompracer==   location: global 'nodes' of 1024 bytes, declared at {{(.*/)?}}race_pointer_reads.c:17 (offset 640)
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_pointer_reads.c:35 and {{(.*/)?}}race_pointer_reads.c:37 with no dependence between them{{.*}}
  // CHECK: ==ompracer== SUMMARY: 1 data race(s) reported
  printf("sum %s\n", sum == 2016 || sum == 820 ? "ok" : "bad");
  return 0;
}
