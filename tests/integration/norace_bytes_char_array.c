// norace_bytes_char_array.c -- byte-exact shadow: neighbouring bytes written by different strands.
//
// Each implicit task writes the one byte name[t]; with schedule(static, 1)
// every iteration of the loop is its own chunk and writes its own byte of
// `letters`; a short array is split the same way. Adjacent bytes of one word
// are written by parallel strands, but no byte is accessed by two of them. No
// race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <stdio.h>

char name[65];
char letters[27];
short halves[32];

int main(void) {
  int n = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    name[t] = (char)('a' + t % 26);
    if (t == 0)
      n = omp_get_num_threads();
  }
#pragma omp parallel for schedule(static, 1)
  for (int i = 0; i < 26; i++)
    letters[i] = (char)('A' + i);
#pragma omp parallel for schedule(static, 1)
  for (int i = 0; i < 32; i++)
    halves[i] = (short)(i * 3);
  int s = 0;
  for (int i = 0; i < 32; i++)
    s += halves[i];
  name[n] = '\0';
  printf("%s %s %d\n", name, letters, s);
  return 0;
}
