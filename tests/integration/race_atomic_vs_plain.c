// race_atomic_vs_plain.c -- atomic accesses race with plain ones, not with each other.
//
// Three shared variables, each with one racing pair:
//  * `fa`: threads other than 1 do an atomic write, thread 1 a plain read:
//    atomic write / read race;
//  * `fb`: thread 0 does a plain write, the other threads an atomic read:
//    write / atomic read race;
//  * `tally` (second region): the masked thread does a plain write, every thread
//    an atomic update (which writes): write / atomic write race.
// The atomic accesses among themselves (atomic writes of `fa`, atomic updates
// of `tally`) do not race. Three reports. Only deterministic values are printed.
//
// EXPECT: race
#include <omp.h>
#include <stdio.h>

int fa;
int fb;
int tally;
int seen_a[64];
int seen_b[64];

int main(void) {
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    if (t != 1) {
#pragma omp atomic write
      fa = 1;
    } else {
      seen_a[t] = fa;
    }
    if (t == 0) {
      fb = 2;
    } else {
      int v;
#pragma omp atomic read
      v = fb;
      seen_b[t] = v;
    }
  }
#pragma omp parallel
  {
#pragma omp masked
    tally = 100;
#pragma omp atomic
    tally += 1;
  }
  // CHECK: ==ompracer== WARNING: data race (atomic write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   atomic write at {{(.*/)?}}race_atomic_vs_plain.c:[[@LINE-21]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_atomic_vs_plain.c:[[@LINE-26]])
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_atomic_vs_plain.c:[[@LINE-20]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_atomic_vs_plain.c:[[@LINE-27]])
  // CHECK-NEXT: ==ompracer==   location: global 'fa' of 4 bytes, declared at {{(.*/)?}}race_atomic_vs_plain.c:[[@LINE-35]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_atomic_vs_plain.c:[[@LINE-29]], with no barrier between them
  // CHECK: ==ompracer== WARNING: data race (write/atomic read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_atomic_vs_plain.c:[[@LINE-21]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_atomic_vs_plain.c:[[@LINE-31]])
  // CHECK-NEXT: ==ompracer==   atomic read at {{(.*/)?}}race_atomic_vs_plain.c:[[@LINE-18]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_atomic_vs_plain.c:[[@LINE-32]])
  // CHECK-NEXT: ==ompracer==   location: global 'fb' of 4 bytes, declared at {{(.*/)?}}race_atomic_vs_plain.c:[[@LINE-39]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_atomic_vs_plain.c:[[@LINE-34]], with no barrier between them
  // CHECK: ==ompracer== WARNING: data race (write/atomic write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_atomic_vs_plain.c:[[@LINE-15]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_atomic_vs_plain.c:[[@LINE-18]])
  // CHECK-NEXT: ==ompracer==   atomic write at {{(.*/)?}}race_atomic_vs_plain.c:[[@LINE-14]]:{{[0-9]+}} in main (implicit task of omp parallel at {{(.*/)?}}race_atomic_vs_plain.c:[[@LINE-19]])
  // CHECK-NEXT: ==ompracer==   location: global 'tally' of 4 bytes, declared at {{(.*/)?}}race_atomic_vs_plain.c:[[@LINE-43]]
  // CHECK-NEXT: ==ompracer==   why: the two accesses are in different threads' implicit tasks of the omp parallel at {{(.*/)?}}race_atomic_vs_plain.c:[[@LINE-21]], with no barrier between them
  // CHECK: ==ompracer== SUMMARY: 3 data race(s) reported
  printf("fa=%d fb=%d\n", fa, fb);
  return 0;
}
