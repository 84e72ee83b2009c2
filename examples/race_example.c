/* The bundled example: a histogram whose shared counter is updated without
 * synchronisation, and a reduction done right for comparison.
 *
 *   ompracer-clang -g race_example.c -o race_example && ./race_example
 *
 * ompracer reports the race on `total` (every thread's chunk of the loop updates it)
 * whatever the schedule or thread count, even in runs where the threads happened not
 * to collide; the reduction on `checked` is race-free. */
#include <stdio.h>

#define N 1000

int main(void) {
  static int data[N];
  long total = 0, checked = 0;
  for (int i = 0; i < N; i++)
    data[i] = i % 7;

#pragma omp parallel for schedule(dynamic, 50)
  for (int i = 0; i < N; i++)
    total += data[i]; /* racy read-modify-write of a shared variable */

#pragma omp parallel for reduction(+ : checked)
  for (int i = 0; i < N; i++)
    checked += data[i]; /* fine: each thread adds into a private copy */

  printf("checked sum = %ld\n", checked);
  return 0;
}
