// race_update_pairs.c -- read-modify-writes checked by one call (pass/UpdatePairs.h,
// __ompracer_update4 and __ompracer_update8): the read and the write of a pair must each
// meet what they race with, with their own sites, as two hooks would.
//
// (1) Two sibling tasks increment one int: the later task's read meets the earlier's
//     write, and its write meets both the earlier's read and its write (three reports).
// (2) A task adds to a double many times over (after the first time the pair's read and
//     write are held: the hook's held looks answer), while a sibling task reads it once:
//     only the write meets the sibling's read, so one report, write/read either way.
// (3) A worksharing loop increments hits[i / 2]: iterations 2k and 2k + 1 meet on one
//     element (different iterations of one loop are parallel, even in one thread), each
//     pair's read and write with its own iteration tag: the races of (1), but the load
//     and the store share their site here, so write/read and read/write are one report.
// (4) Each task of a loop of tasks updates its own element of seeds (no race), as BOTS
//     health's patients do with their random seeds.
//
// EXPECT: race
#include <stdio.h>

int count;
double total;
long hits[64];
int seeds[8];

static int next_seed(int *seed) {
  int v = *seed;
  v = v * 1103515245 + 12345;
  *seed = v;
  return v;
}

int main(void) {
  double seen = 0;
#pragma omp parallel
  {
#pragma omp single
    {
#pragma omp task
      count++;
#pragma omp task
      count++;
#pragma omp task
      for (int k = 0; k < 1000; k++)
        total += k;
#pragma omp task shared(seen)
      seen = total;
#pragma omp taskwait
      for (int i = 0; i < 8; i++) {
#pragma omp task firstprivate(i)
        for (int k = 0; k < 100; k++)
          next_seed(&seeds[i]);
      }
    }
#pragma omp for
    for (int i = 0; i < 128; i++)
      hits[i / 2]++;
  }
  // CHECK: ==ompracer== WARNING: data race (read/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_update_pairs.c:{{39|41}}:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_update_pairs.c:{{38|40}})
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_update_pairs.c:{{39|41}}:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_update_pairs.c:{{38|40}})
  // CHECK-NEXT: ==ompracer==   location: global 'count' of 4 bytes, declared at {{(.*/)?}}race_update_pairs.c:20
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_update_pairs.c:{{38|40}} and {{(.*/)?}}race_update_pairs.c:{{38|40}} with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== WARNING: data race (write/read) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_update_pairs.c:{{39|41}}:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_update_pairs.c:{{38|40}})
  // CHECK-NEXT: ==ompracer==   read at {{(.*/)?}}race_update_pairs.c:{{39|41}}:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_update_pairs.c:{{38|40}})
  // CHECK-NEXT: ==ompracer==   location: global 'count' of 4 bytes, declared at {{(.*/)?}}race_update_pairs.c:20
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_update_pairs.c:{{38|40}} and {{(.*/)?}}race_update_pairs.c:{{38|40}} with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 4 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_update_pairs.c:{{39|41}}:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_update_pairs.c:{{38|40}})
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_update_pairs.c:{{39|41}}:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_update_pairs.c:{{38|40}})
  // CHECK-NEXT: ==ompracer==   location: global 'count' of 4 bytes, declared at {{(.*/)?}}race_update_pairs.c:20
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_update_pairs.c:{{38|40}} and {{(.*/)?}}race_update_pairs.c:{{38|40}} with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== WARNING: data race ({{write/read|read/write}}) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_update_pairs.c:{{44|46}}:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_update_pairs.c:{{42|45}})
  // CHECK-NEXT: ==ompracer==   {{write|read}} at {{(.*/)?}}race_update_pairs.c:{{44|46}}:{{[0-9]+}} in main (explicit task created at {{(.*/)?}}race_update_pairs.c:{{42|45}})
  // CHECK-NEXT: ==ompracer==   location: global 'total' of 8 bytes, declared at {{(.*/)?}}race_update_pairs.c:21
  // CHECK-NEXT: ==ompracer==   why: sibling tasks created at {{(.*/)?}}race_update_pairs.c:{{42|45}} and {{(.*/)?}}race_update_pairs.c:{{42|45}} with no dependence between them: the tasks one task creates run in parallel with each other until a taskwait or taskgroup waits for them
  // CHECK: ==ompracer== WARNING: data race ({{read/write|write/read}}) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   {{read|write}} at {{(.*/)?}}race_update_pairs.c:56:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_update_pairs.c:54)
  // CHECK-NEXT: ==ompracer==   {{read|write}} at {{(.*/)?}}race_update_pairs.c:56:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_update_pairs.c:54)
  // CHECK-NEXT: ==ompracer==   location: global 'hits' of 512 bytes, declared at {{(.*/)?}}race_update_pairs.c:22 (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}race_update_pairs.c:54: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== WARNING: data race (write/write) on 8 bytes at 0x{{[0-9a-f]+}}
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_update_pairs.c:56:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_update_pairs.c:54)
  // CHECK-NEXT: ==ompracer==   write at {{(.*/)?}}race_update_pairs.c:56:{{[0-9]+}} in main (iteration of omp for at {{(.*/)?}}race_update_pairs.c:54)
  // CHECK-NEXT: ==ompracer==   location: global 'hits' of 512 bytes, declared at {{(.*/)?}}race_update_pairs.c:22 (offset {{[0-9]+}})
  // CHECK-NEXT: ==ompracer==   why: different iterations of the omp for at {{(.*/)?}}race_update_pairs.c:54: the iterations of one loop are logically parallel, whichever thread runs them
  // CHECK: ==ompracer== SUMMARY: 6 data race(s) reported
  printf("%d %ld\n", count + seeds[3] * 0, hits[5]);
  return seen > 1e9;
}
