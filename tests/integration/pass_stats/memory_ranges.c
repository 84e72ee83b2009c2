// memory_ranges.c -- how OMPRACER_PASS_STATS counts memcpy / memmove / memset.
//
// Compiled at -O0 (pass_stats.cmake) by check_stats.sh, which runs FileCheck over the
// pass's statistics with the CHECK lines below. A mem intrinsic counts as an
// instrumented memory range when at least one of its sides gets a hook; a side that is
// skipped counts as a skipped access (here: stack arrays whose address never escapes).
#include <string.h>

char src[64], dst[64];

// Both sides instrumented: one range.
void global_to_global(void) { memcpy(dst, src, sizeof dst); }

// Only the destination instrumented: one range; the local source is skipped.
void local_to_global(void) {
  char buf[64];
  memset(buf, 1, sizeof buf); // skipped: buf never escapes
  memmove(dst, buf, sizeof buf);
}

// Both sides skipped: no range; three skipped accesses (memset, memcpy's two sides).
int local_only(void) {
  char a[16], b[16];
  memset(a, 2, sizeof a);
  memcpy(b, a, sizeof a);
  return 0;
}

// CHECK: ompracer: {{.*}}memory_ranges.c: instrumented 0 reads, 0 writes (0 of these reads and writes once per loop, as ranges, 0 by iteration batches), 0 atomics, 2 memory ranges, 0 OpenMP calls; skipped 5 local, 0 constant/thread-local, 0 task-descriptor, 0 other accesses
// CHECK-NEXT: ompracer: {{.*}}memory_ranges.c: skipped accesses by reason: 5 non-escaping stack, 0 implicit-task private, 0 thread-id argument, 0 constant global, 0 thread-local, 0 ompracer/LLVM global, 0 task descriptor, 0 task-reduction copy, 0 other address space, 0 scalable vector
