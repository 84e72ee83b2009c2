// update_pairs.c -- which loads and stores the pass checks in pairs, by one call
// (pass/UpdatePairs.h, __ompracer_update4 / __ompracer_update8).
//
// Compiled at -O2 (its STATS-FLAGS line) by check_stats.sh, which runs FileCheck over
// the pass's statistics with the CHECK lines below. Pairs: an int's and a long's
// increment, a double's update and a seed's *p = f(*p) with a division between (4).
// Not pairs: a pointer's update (its read keeps the pointer hook), a short's (2 bytes),
// a load and a store with a call between them, with another access between them, of
// different addresses, and volatile ones (6 reads and 7 writes; in all, 10 reads and 11
// writes, one of the reads a pointer's).
// STATS-FLAGS: -O2
#include <stdio.h>

int i4;
long i8;
double d8;
short s2;
int other;
void *ptr;
volatile int vol;
char **list;

void pairs(int *seed) {
  i4++;
  i8 += 3;
  d8 *= 1.5;
  int v = *seed;
  *seed = v / 7 + 11;
}

void pointer_update(void) { ptr = (char *)ptr + 8; }
void short_update(void) { s2++; }
void call_between(void) {
  int v = i4;
  puts("between");
  i4 = v + 1;
}
void access_between(void) {
  int v = i4;
  other = 1;
  i4 = v + 1;
}
void different_address(void) { other = i4 + 1; }
void volatile_update(void) { vol++; }

// CHECK: ompracer: {{.*}}update_pairs.c: instrumented 10 reads, 11 writes (0 of these reads and writes once per loop, as ranges, 0 by iteration batches)
// CHECK: ompracer: {{.*}}update_pairs.c: 4 reads and writes of the same bytes checked in pairs, by one call each
