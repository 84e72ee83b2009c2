// race_memset_memcpy.c -- memset/memcpy ranges checked as ranges, byte-exact.
//
// Four parallel sections:
//  * memset(buf1) writes 64 bytes that memcpy(snap, buf1) reads in another
//    section: one write/read report on 64 bytes;
//  * memcpy(buf2, src) and memset(buf2) both write the same 64 bytes: one
//    write/write report on 64 bytes;
//  * two memsets fill the two adjacent halves of `halves`: no common byte, no
//    report.
// Only `halves` (deterministic) is printed. The byte count of a report is what the
// access found racing when it was checked: when the two sections run at the same
// moment, the one checked second may meet only part of the other's range, and the
// rest is found by the first one's later bytes (the same pair of sites: no second
// report). So the CHECK lines accept any count.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>
#include <string.h>

char buf1[64];
char snap[64];
char buf2[64];
char src[64];
char halves[64];

int main(void) {
  for (int i = 0; i < 64; i++)
    src[i] = (char)i;
#pragma omp parallel sections
  {
#pragma omp section
    {
      memset(buf1, 'a', 64);
      memcpy(buf2, src, 64);
    }
#pragma omp section
    {
      memcpy(snap, buf1, 64);
      memset(buf2, 0, 64);
    }
#pragma omp section
    memset(halves, 1, 32);
#pragma omp section
    memset(halves + 32, 2, 32);
  }
  // CHECK: ==ompracer== WARNING: data race (write/read) on {{[0-9]+}} bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_memset_memcpy.c:[[@LINE-14]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}race_memset_memcpy.c:[[@LINE-18]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_memset_memcpy.c:[[@LINE-10]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}race_memset_memcpy.c:[[@LINE-19]])
  // CHECK-NEXT: ==ompracer==   location: global 'buf1' of 64 bytes, declared at {{(.*/)?}}race_memset_memcpy.c:[[@LINE-29]]
  // CHECK-NEXT: ==ompracer==   why: different sections of the omp sections at {{(.*/)?}}race_memset_memcpy.c:[[@LINE-21]]: the sections of one sections construct are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== WARNING: data race (write/write) on {{[0-9]+}} bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_memset_memcpy.c:[[@LINE-18]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}race_memset_memcpy.c:[[@LINE-23]])
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_memset_memcpy.c:[[@LINE-14]]:{{[0-9]+}} in main (section of omp sections at {{(.*/)?}}race_memset_memcpy.c:[[@LINE-24]])
  // CHECK-NEXT: ==ompracer==   location: global 'buf2' of 64 bytes, declared at {{(.*/)?}}race_memset_memcpy.c:[[@LINE-32]]
  // CHECK-NEXT: ==ompracer==   why: different sections of the omp sections at {{(.*/)?}}race_memset_memcpy.c:[[@LINE-26]]: the sections of one sections construct are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 2 data race(s) reported
  int sum = 0;
  for (int i = 0; i < 64; i++)
    sum += halves[i];
  printf("sum=%d\n", sum);
  return 0;
}
