// loop_range_exits.c -- which accesses of loops left early (or after a count known
// only at their end) the pass checks on the loops' exit edges (pass/LoopRanges.h),
// counted by OMPRACER_PASS_STATS.
//
// Compiled at -O2 (the STATS-FLAGS line: at -O0 scalar evolution sees no induction
// variable) by check_stats.sh, which runs FileCheck over the pass's statistics with
// the CHECK lines below.
// STATS-FLAGS: -O2
int table[1000];
int out[1000];
char text[1000];

// Ranged: the read runs before the early exit, in every iteration. The bound is a
// constant: clang unrolls the loop by five, with an exit after each copy (5).
long find(int v) {
  for (long i = 0; i < 1000; i++)
    if (table[i] == v)
      return i;
  return -1;
}

// Ranged: the read of table (before the exit) and the write of out, after it: the
// iteration the loop leaves from does not make the write, the others all do (its
// count is one less). Unrolled by two (4).
long copy_until(int v) {
  long i = 0;
  for (; i < 1000; i++) {
    if (table[i] == v)
      break;
    out[i] = table[i] + 1;
  }
  return i;
}

// Not ranged: no bound on the loop's count, and it is left when a value it loads says
// (a search, often short: a cost rule), so its read stays checked per access.
long length(const char *s) {
  long n = 0;
  while (s[n])
    n++;
  return n;
}

// Not ranged: it is left when the int at a fixed address changes, which only another
// thread can make happen (a spin on a flag): its read and write stay checked per access.
// (Also a loop left when a value it loads says.)
long wait_for(const int *flag, int *log) {
  long n = 0;
  while (!*flag)
    log[n++ & 63] = 1;
  return n;
}

// Ranged: a merge, whose indexes move by 0 or 1 an iteration (no bound): the write,
// which moves by one element every iteration, and the reads, each from the first
// element to the one its index is at when the loop is left (LoopRanges.cpp, MONOTONE)
// (3).
long merge(const int *a, long na, const int *b, long nb, int *o) {
  long i = 0, j = 0, k = 0;
  while (i < na && j < nb)
    o[k++] = a[i] <= b[j] ? a[i++] : b[j++];
  return k;
}

// Ranged: a bound from n, a char read (1).
long find_char(char c, long n) {
  for (long i = 0; i < n; i++)
    if (text[i] == c)
      return i;
  return n;
}

// Ranged: the read; not the write, which only some iterations make. Unrolled by two
// (2).
long mark_positive(int v) {
  for (long i = 0; i < 1000; i++) {
    if (table[i] == v)
      return i;
    if (table[i] > 0)
      out[i] = 1;
  }
  return -1;
}

// Not ranged: a call in the loop (it may reach OpenMP).
extern int probe(int);
long find_probed(int v) {
  for (long i = 0; i < 1000; i++)
    if (probe(table[i]) == v)
      return i;
  return -1;
}

// CHECK: ompracer: {{.*}}loop_range_exits.c: instrumented 16 reads, 6 writes (15 of these reads and writes once per loop, as ranges, 0 by iteration batches)
