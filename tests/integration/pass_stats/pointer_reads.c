// pointer_reads.c -- which reads the pass gives the pointer-load hook
// (__ompracer_read_pointer, whose runtime also prefetches the shadow of the target).
//
// Compiled at -O0 (pass_stats.cmake) by check_stats.sh, which runs FileCheck over the
// pass's statistics with the CHECK lines below. The loads of the globals below: two of
// pointer type (head, and n->next through it), one volatile pointer (the runtime must
// not read it a second time: the sized hook), a long and a double of 8 bytes, and a
// 4-byte int: 6 reads, 2 of them pointer loads.
struct node {
  struct node *next;
  int key;
};
struct node *head;
struct node *volatile tail;
long count;
double weight;

long walk(void) {
  struct node *n = head;                  // pointer load
  struct node *after = n->next;           // pointer load
  struct node *last = tail;               // volatile pointer load: read8
  return count + (long)weight + n->key +  // long, double (8 bytes), int (4)
         (after != last);
}

// CHECK: ompracer: {{.*}}pointer_reads.c: instrumented 6 reads, 0 writes
// CHECK: ompracer: {{.*}}pointer_reads.c: 2 of the reads load pointers (their targets' shadow prefetched)
