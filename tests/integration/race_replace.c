// race_replace.c -- the replace (runtime/history_access.h, slot_replaced): an update
// that only puts the access in its kind's entry is made under the lock without the
// whole path, but only when neither entry the slot keeps is parallel with the access.
//
// The accesses go through helpers the compiler may not inline, so each is a sized
// hook's check (or a read-modify-write's, bump), made after enough checks without a
// repeat that the thread's repeat filter has paused (while it is on, the hooks ask it
// instead). The iterations of the omp simd loop run in order on one thread and are
// logically parallel: each slot below meets an entry of an earlier iteration.
// - w8 (a paired word): iteration 0 reads it, iteration 1 writes it. The write meets the
//   parallel read: a replace that did not ask the read entry would miss the race.
// - g[0], g[1] (the granules of an unpaired word: ints): iteration 0 writes each,
//   iteration 1 reads g[0] and writes g[1] from another site: both meet the parallel
//   write, which a replace that did not ask the write entry would miss.
// - n (an int): iterations 0 and 1 each increment it (one read-modify-write hook): the
//   second meets the first's read and write.
// - r8: written before the loop (no iteration: ordered before all of them), read by
//   iteration 2 (a replace: the write entry is not parallel), written by iteration 5.
//   That write races with iteration 2's read only: a replace that wrote the read into
//   the write entry would report the write before the loop instead.
// - u8 (a word written whole before the loop: paired): iteration 3 reads its low half,
//   iteration 4 writes its high half: no race (other bytes). The read's update must
//   unpair the word first; a replace into the paired slot would record the read for all
//   8 bytes, and the write would be reported as racing with it (helpers of their own:
//   a report of a pair of sites already reported is not repeated).
//
// EXPECT: race
// LEVELS: O0 O1 O2 O3
#include <stdio.h>

#define N 8
#define WARM 20000
long w8, r8, u8;
int g[2] __attribute__((aligned(8)));
int n;

__attribute__((noinline)) long get8(const long *p) { return *p; }
__attribute__((noinline)) void put8(long *p, long v) { *p = v; }
__attribute__((noinline)) void put8_again(long *p, long v) { *p = v; }
__attribute__((noinline)) int get4(const int *p) { return *p; }
__attribute__((noinline)) void put4(int *p, int v) { *p = v; }
__attribute__((noinline)) void put4_again(int *p, int v) { *p = v; }
__attribute__((noinline)) void bump(int *p) { *p += 1; }
__attribute__((noinline)) int get_low(const long *p) { return *(const int *)p; }
__attribute__((noinline)) void put_high(long *p, int v) { ((int *)p)[1] = v; }

__attribute__((noinline)) static void run_loop(long *total) {
  static int warm[WARM];
  for (int i = 0; i < WARM; i++) /* no repeats: the repeat filter pauses */
    put4(&warm[i], i);
  put8(&r8, 1);
  put8(&u8, 1);
  long s = 0;
#pragma omp simd reduction(+ : s)
  for (int i = 0; i < N; i++) {
    if (i == 0) {
      s += get8(&w8);
      put4(&g[0], 1);
      put4(&g[1], 2);
    }
    if (i == 1) {
      put8(&w8, 3);
      s += get4(&g[0]);
      put4_again(&g[1], 4);
    }
    if (i < 2)
      bump(&n);
    if (i == 2)
      s += get8(&r8);
    if (i == 3)
      s += get_low(&u8);
    if (i == 4)
      put_high(&u8, 6);
    if (i == 5)
      put8_again(&r8, 5);
  }
  *total = s;
}

int main(void) {
  long total = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  run_loop(&total);
  printf("w8=%ld r8=%ld u8=%ld g=%d,%d n=%d total=%ld\n", w8, r8, u8, g[0], g[1], n, total);
  return 0;
}

// CHECK: ==ompracer== WARNING: data race (read/write) on 8 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_replace.c:[[@LINE-53]]:{{[0-9]+}} in get8 (iteration of omp simd at {{(.*/)?}}race_replace.c:[[@LINE-36]])
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_replace.c:[[@LINE-53]]:{{[0-9]+}} in put8 (iteration of omp simd at {{(.*/)?}}race_replace.c:[[@LINE-37]])
// CHECK-NEXT: ==ompracer==   location: global 'w8' of 8 bytes, declared at {{(.*/)?}}race_replace.c:[[@LINE-59]]
// CHECK-NEXT: ==ompracer==   why: different iterations of the omp simd at {{(.*/)?}}race_replace.c:[[@LINE-39]]: the iterations of one loop are logically parallel, whichever thread runs them
// CHECK: ==ompracer== WARNING: data race (read/write) on 8 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_replace.c:[[@LINE-58]]:{{[0-9]+}} in get8 (iteration of omp simd at {{(.*/)?}}race_replace.c:[[@LINE-41]])
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_replace.c:[[@LINE-57]]:{{[0-9]+}} in put8_again (iteration of omp simd at {{(.*/)?}}race_replace.c:[[@LINE-42]])
// CHECK-NEXT: ==ompracer==   location: global 'r8' of 8 bytes, declared at {{(.*/)?}}race_replace.c:[[@LINE-64]]
// CHECK-NEXT: ==ompracer==   why: different iterations of the omp simd at {{(.*/)?}}race_replace.c:[[@LINE-44]]: the iterations of one loop are logically parallel, whichever thread runs them
// CHECK: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_replace.c:[[@LINE-60]]:{{[0-9]+}} in get4 (iteration of omp simd at {{(.*/)?}}race_replace.c:[[@LINE-46]])
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_replace.c:[[@LINE-60]]:{{[0-9]+}} in put4 (iteration of omp simd at {{(.*/)?}}race_replace.c:[[@LINE-47]])
// CHECK-NEXT: ==ompracer==   location: global 'g' of 8 bytes, declared at {{(.*/)?}}race_replace.c:[[@LINE-68]] (offset 0)
// CHECK-NEXT: ==ompracer==   why: different iterations of the omp simd at {{(.*/)?}}race_replace.c:[[@LINE-49]]: the iterations of one loop are logically parallel, whichever thread runs them
// CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_replace.c:[[@LINE-64]]:{{[0-9]+}} in put4 (iteration of omp simd at {{(.*/)?}}race_replace.c:[[@LINE-51]])
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_replace.c:[[@LINE-64]]:{{[0-9]+}} in put4_again (iteration of omp simd at {{(.*/)?}}race_replace.c:[[@LINE-52]])
// CHECK-NEXT: ==ompracer==   location: global 'g' of 8 bytes, declared at {{(.*/)?}}race_replace.c:[[@LINE-73]] (offset 4)
// CHECK-NEXT: ==ompracer==   why: different iterations of the omp simd at {{(.*/)?}}race_replace.c:[[@LINE-54]]: the iterations of one loop are logically parallel, whichever thread runs them
// CHECK: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_replace.c:[[@LINE-67]]:{{[0-9]+}} in bump (iteration of omp simd at {{(.*/)?}}race_replace.c:[[@LINE-56]])
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_replace.c:[[@LINE-68]]:{{[0-9]+}} in bump (iteration of omp simd at {{(.*/)?}}race_replace.c:[[@LINE-57]])
// CHECK-NEXT: ==ompracer==   location: global 'n' of 4 bytes, declared at {{(.*/)?}}race_replace.c:[[@LINE-77]]
// CHECK-NEXT: ==ompracer==   why: different iterations of the omp simd at {{(.*/)?}}race_replace.c:[[@LINE-59]]: the iterations of one loop are logically parallel, whichever thread runs them
// CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_replace.c:[[@LINE-72]]:{{[0-9]+}} in bump (iteration of omp simd at {{(.*/)?}}race_replace.c:[[@LINE-61]])
// CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_replace.c:[[@LINE-73]]:{{[0-9]+}} in bump (iteration of omp simd at {{(.*/)?}}race_replace.c:[[@LINE-62]])
// CHECK-NEXT: ==ompracer==   location: global 'n' of 4 bytes, declared at {{(.*/)?}}race_replace.c:[[@LINE-82]]
// CHECK-NEXT: ==ompracer==   why: different iterations of the omp simd at {{(.*/)?}}race_replace.c:[[@LINE-64]]: the iterations of one loop are logically parallel, whichever thread runs them
// CHECK: ==ompracer== SUMMARY: 6 data race(s) reported
