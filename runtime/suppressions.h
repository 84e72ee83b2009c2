/* Suppressions (option suppressions=FILE): sanitizer-style lines that silence races
 * by the source site of either access. A leaf: it matches a site's file, function and
 * line; report.c asks it. The file's syntax is in docs/report-format.md:
 *
 *   # comment            (and blank lines)
 *   race:FUNCTION        a function name
 *   race:FILE            a file name or a path suffix ending at a '/' (race:x.c,
 *                        race:src/x.c, race:/abs/src/x.c)
 *   race:FILE:LINE       a file, as above, and a line
 *
 * `race:NAME` matches either a function or a file called NAME; `*` matches any run
 * of characters (also '/'), `?` one character. */
#ifndef OMPRACER_SUPPRESSIONS_H
#define OMPRACER_SUPPRESSIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Reads FILE. Returns 0, or -1 with a one-line message naming the file (and the line,
 * for a bad line) in err, and then keeps no suppression. Called once, before the
 * program runs. */
int suppressions_load(const char *path, char *err, size_t errlen);
/* The same on an open stream that path names in messages (path must stay valid: it is
 * kept). The fuzz target (tests/fuzz/fuzz_suppressions.c) feeds text through it. */
int suppressions_load_stream(FILE *f, const char *path, char *err, size_t errlen);
/* Forgets every suppression (the fuzz target, between inputs). */
void suppressions_clear(void);
/* Whether a site matches some suppression (file may be NULL: no debug info; line 0:
 * unknown). Marks the suppressions that match as used. Thread-safe. */
bool suppressions_match(const char *file, const char *function, unsigned line);
/* Calls fn once per suppression that never matched, with its text and line number in
 * the file (in file order). */
void suppressions_for_each_unused(void (*fn)(const char *text, unsigned lineno, void *arg),
                                  void *arg);
const char *suppressions_path(void);

#endif
