/* Not instrumented itself: it links the instrumented library libsum.a, which brings
   the ompracer runtime and OpenMP with it. */
#include <stdio.h>

long sum(const long *values, int n);

int main(void) {
  long values[32];
  for (int i = 0; i < 32; i++)
    values[i] = i - 8;
  printf("sum = %ld\n", sum(values, 32));
  return 0;
}
