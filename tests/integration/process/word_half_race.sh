#!/usr/bin/env bash
# word_half_race.sh -- a race between a whole-word access and an access to one half of
# the word is found in every run.
#
# One section adds to an aligned 8-byte word under a lock (a whole-word access, the
# word paired in one shadow cell), the other adds to the word's upper half with no
# lock. The race must be reported in each of 500 runs at 2 threads. Before the fix of
# first_alone (runtime/history.c), the half access could record in the word's second
# cell while the whole-word access was making the first cell current under its lock
# alone, and neither saw the other: about 1 run in 100 exited 0 (DataRaceBench's
# DRB119 at -O3 showed it), so 500 runs catch it with a probability of about 99 %.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

cat >"$tmp/word_half.c" <<'C'
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
union word { uint64_t whole; uint32_t half[2]; };
int main(void) {
  union word w = {0};
  omp_lock_t l;
  omp_init_lock(&l);
#pragma omp parallel sections
  {
#pragma omp section
    { omp_set_lock(&l); w.whole += 1; omp_unset_lock(&l); }
#pragma omp section
    w.half[1] += 1;
  }
  printf("%llu\n", (unsigned long long)w.whole);
  return 0;
}
C
build "$tmp/word_half.c" "$tmp/word_half" -O1
missed=0
for i in $(seq 500); do
  OMP_NUM_THREADS=2 "$tmp/word_half" >/dev/null 2>&1
  [ $? -eq 66 ] || missed=$((missed + 1))
done
check "the whole-word/half race is reported in every one of 500 runs (missed: $missed)" [ "$missed" -eq 0 ]
finish
