/* libFuzzer target for suppression files (runtime/suppressions.c): any text either
 * loads, each suppression being one line of the text as written (so no line is split
 * or merged and the line numbers the unused list prints are right), or is refused with
 * one short printable line, leaving no suppression. Matching a loaded set against
 * sites taken from the text itself must end quickly. Built only with clang
 * (-fsanitize=fuzzer,address,undefined, which also finds leaks); ctest runs it
 * briefly, scripts/fuzz.sh for longer. */
#include "suppressions.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PATH "fuzz.supp"
static const char k_prefix[] = "suppressions file '" PATH "'";

struct input {
  const char *text;
  size_t size;
  size_t nlines;
  size_t seen;
  unsigned last_lineno;
};

/* [*start, *len) of line lineno (1-based) of the input, without its newline. */
static int nth_line(const struct input *in, unsigned lineno, const char **start, size_t *len) {
  const char *p = in->text, *end = in->text + in->size;
  for (unsigned l = 1; l < lineno; l++) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    if (!nl)
      return -1;
    p = nl + 1;
  }
  const char *nl = memchr(p, '\n', (size_t)(end - p));
  *start = p;
  *len = (size_t)((nl ? nl : end) - p);
  return 0;
}

/* A loaded suppression is exactly its line, less blanks around it. */
static void check_unused(const char *text, unsigned lineno, void *arg) {
  struct input *in = arg;
  if (lineno <= in->last_lineno || lineno > in->nlines)
    abort();
  in->last_lineno = lineno;
  in->seen++;
  const char *line;
  size_t len;
  if (nth_line(in, lineno, &line, &len))
    abort();
  while (len && (*line == ' ' || *line == '\t'))
    line++, len--;
  while (len && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r'))
    len--;
  if (strlen(text) != len || memcmp(text, line, len))
    abort();
}

/* Every suppression matches the site it names: race:NAME a function NAME and a file
 * NAME, race:FILE:LINE that file at that line (the patterns match themselves, '*' and
 * '?' included). */
static void check_self_match(const char *text, unsigned lineno, void *arg) {
  (void)lineno;
  (void)arg;
  const char *pat = text + strlen("race:");
  char *copy = strdup(pat);
  if (!copy)
    return;
  char *colon = strrchr(copy, ':');
  if (colon && colon[1] && strspn(colon + 1, "0123456789") == strlen(colon + 1)) {
    unsigned line = (unsigned)strtoul(colon + 1, NULL, 10);
    *colon = '\0';
    if (!suppressions_match(copy, NULL, line))
      abort();
  } else if (!suppressions_match(NULL, copy, 0) || !suppressions_match(copy, NULL, 7)) {
    abort();
  }
  free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  struct input in = {(const char *)data, size, 1, 0, 0};
  for (size_t i = 0; i < size; i++)
    in.nlines += data[i] == '\n';
  /* fmemopen refuses an empty buffer: an empty file is the one-byte file "\n". */
  FILE *f = size ? fmemopen((void *)data, size, "r") : fmemopen("\n", 1, "r");
  if (!f)
    return 0;
  char err[1024];
  err[0] = '\0';
  int rc = suppressions_load_stream(f, PATH, err, sizeof err);
  fclose(f);
  if (rc == 0) {
    if (!suppressions_path() || strcmp(suppressions_path(), PATH))
      abort();
    suppressions_for_each_unused(check_unused, &in);
    suppressions_for_each_unused(check_self_match, NULL);
    /* Sites that no suppression should have trouble with. */
    suppressions_match("/usr/src/a/b/c/prog.c", "main", 12);
    suppressions_match(NULL, NULL, 0);
  } else {
    size_t n = strlen(err);
    if (rc != -1 || !n || n > 700 || strncmp(err, k_prefix, sizeof k_prefix - 1))
      abort();
    for (size_t i = 0; i < n; i++)
      if ((unsigned char)err[i] < 0x20 || (unsigned char)err[i] >= 0x7f)
        abort();
    if (suppressions_path())
      abort();
    suppressions_for_each_unused(check_unused, &in);
    if (in.seen)
      abort(); /* a refused file keeps nothing */
  }
  suppressions_clear();
  return 0;
}
