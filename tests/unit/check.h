/* A minimal test harness for the C unit tests: CHECK records a failure and goes on;
 * RUN_TEST runs one test function; finish() prints "N passed, N failed". */
#ifndef OMPRACER_TEST_CHECK_H
#define OMPRACER_TEST_CHECK_H

#include <stdio.h>

static int g_checks_failed, g_tests_passed, g_tests_failed;
static int g_failed_before;

#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                     \
      g_checks_failed++;                                                                           \
    }                                                                                              \
  } while (0)

#define RUN_TEST(fn)                                                                               \
  do {                                                                                             \
    g_failed_before = g_checks_failed;                                                             \
    fn();                                                                                          \
    if (g_checks_failed == g_failed_before) {                                                      \
      g_tests_passed++;                                                                            \
    } else {                                                                                       \
      g_tests_failed++;                                                                            \
      fprintf(stderr, "FAILED: %s\n", #fn);                                                        \
    }                                                                                              \
  } while (0)

static inline int finish(void) {
  printf("%d passed, %d failed\n", g_tests_passed, g_tests_failed);
  return g_tests_failed != 0;
}

#endif
