/* Suppression files (runtime/suppressions.c), fed as text: what loads, what matches,
 * and the inputs tests/fuzz/fuzz_suppressions.c found mishandled (a NUL byte that hid
 * the rest of its line, control characters echoed in the one-line error, a refused
 * file that kept the lines before the bad one). */
#include "check.h"
#include "suppressions.h"

#include <stdio.h>
#include <string.h>

static char err[1024];

/* Loads size bytes of text as the file "t.supp" (forgetting any earlier load). */
static int load(const char *text, size_t size) {
  suppressions_clear();
  err[0] = '\0';
  FILE *f = fmemopen((void *)text, size, "r");
  if (!f)
    return -2;
  int rc = suppressions_load_stream(f, "t.supp", err, sizeof err);
  fclose(f);
  return rc;
}
#define LOAD(lit) load(lit, sizeof lit - 1)

static unsigned g_unused;
static void count_unused(const char *text, unsigned lineno, void *arg) {
  (void)text;
  (void)lineno;
  (void)arg;
  g_unused++;
}
static unsigned unused(void) {
  g_unused = 0;
  suppressions_for_each_unused(count_unused, NULL);
  return g_unused;
}

static void matching(void) {
  CHECK(LOAD("# c\n\n  race:setx \r\nrace:src/x.c\nrace:p.c:9\nrace:ns::f\nrace:set_?\n") == 0);
  CHECK(unused() == 5 && !strcmp(suppressions_path(), "t.supp"));
  CHECK(suppressions_match("a.c", "setx", 3));
  CHECK(suppressions_match("/r/src/x.c", "g", 3) && !suppressions_match("/r/xsrc/x.c", "g", 3));
  CHECK(suppressions_match("/r/p.c", "g", 9) && !suppressions_match("/r/p.c", "g", 8));
  CHECK(suppressions_match(NULL, "ns::f", 0));
  CHECK(suppressions_match(NULL, "set_a", 0) && !suppressions_match(NULL, "set_ab", 0));
  CHECK(unused() == 0);
}

static void errors(void) {
  CHECK(LOAD("race:ok\nleak:foo\n") == -1);
  CHECK(strstr(err, "'t.supp' line 2: unknown suppression type"));
  CHECK(LOAD("race:p.c:\n") == -1 && strstr(err, "expected a line number"));
  CHECK(LOAD("race:p.c:0\n") == -1 && strstr(err, "1..4294967295"));
  CHECK(LOAD("race:\n") == -1 && strstr(err, "empty pattern"));
}

/* The longest line is 4094 bytes without its newline. */
static void long_lines(void) {
  static char text[4200];
  memcpy(text, "race:", 5);
  memset(text + 5, 'x', 4089);
  text[4094] = '\n';
  CHECK(load(text, 4095) == 0 && unused() == 1);
  text[4094] = 'x';
  text[4095] = '\n';
  CHECK(load(text, 4096) == -1 && strstr(err, "line 1: line too long"));
}

/* Found by the fuzzer: "race:a\0b" loaded as race:a, and in a line longer than the
 * buffer the bytes after a NUL came back as a line of their own. */
static void nul_byte(void) {
  CHECK(LOAD("race:c\nrace:a\0b\n") == -1 && strstr(err, "line 2: NUL byte in line"));
  static char text[6000];
  memset(text, 'y', sizeof text);
  memcpy(text, "race:a", 6);
  text[6] = '\0';
  memcpy(text + 5000, "\nrace:z\n", 8);
  CHECK(load(text, 5008) == -1 && strstr(err, "line 1"));
}

/* Found by the fuzzer: control characters of the bad line (or path) were copied into
 * the message, which must stay one line of plain text. */
static void printable_message(void) {
  CHECK(LOAD("race:x\x1b[31m\r\r:\n") == -1);
  CHECK(strstr(err, "'race:x?[31m??:'"));
  for (const char *p = err; *p; p++)
    CHECK(*p >= 0x20 && *p < 0x7f);
  CHECK(LOAD("\x01\n") == -1 && strstr(err, ": '?'"));
}

/* A refused file keeps nothing, not even the good lines before the bad one. */
static void all_or_nothing(void) {
  CHECK(LOAD("race:main\nrace:\n") == -1);
  CHECK(unused() == 0 && !suppressions_path() && !suppressions_match(NULL, "main", 0));
}

int main(void) {
  RUN_TEST(matching);
  RUN_TEST(errors);
  RUN_TEST(long_lines);
  RUN_TEST(nul_byte);
  RUN_TEST(printable_message);
  RUN_TEST(all_or_nothing);
  suppressions_clear();
  return finish();
}
