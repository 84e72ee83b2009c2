// sync_prodcons.c -- a single-producer/single-consumer ring buffer: the producer
// writes a slot and publishes it by a release increment of `head`; the consumer reads
// `head` with an acquire read, reads the slots up to it and publishes the freed room by
// a release write of `tail`, which the producer acquires before it reuses a slot. The
// consumer may read a value of `head` the producer has already passed: each read is
// ordered after the write of the value it read. Every slot access is ordered: no race.
//
// MODES: fast precise
// EXPECT: norace
// CHECK-NOT: ==ompracer==
// PRECISE-NOT: ==ompracer==
#include <stdio.h>

#define CAP 4
#define ITEMS 200
int ring[CAP];
int head, tail; // items produced, items consumed

int main(void) {
  long checksum = 0;
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    for (int k = 0; k < ITEMS; k++) {
      int t;
      do {
#pragma omp atomic read acquire
        t = tail;
      } while (k - t >= CAP);
      ring[k % CAP] = k * 7;
#pragma omp atomic update release
      head++;
    }
#pragma omp section
    for (int k = 0; k < ITEMS;) {
      int h;
#pragma omp atomic read acquire
      h = head;
      for (; k < h; k++)
        checksum += ring[k % CAP];
#pragma omp atomic write release
      tail = k;
    }
  }
  printf("checksum=%ld\n", checksum);
  return 0;
}
