/* libFuzzer target for OMPRACER_OPTIONS parsing (runtime/options.c): any text either
 * parses, leaving every option within its documented range, or is refused with one
 * short line naming the problem. Built only with clang (-fsanitize=fuzzer,address);
 * ctest runs it briefly, scripts/fuzz.sh for longer. */
#include "options.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = malloc(size + 1);
  if (!text)
    return 0;
  memcpy(text, data, size);
  text[size] = '\0';
  char err[512];
  err[0] = '\0';
  int rc = options_parse(text, err, sizeof err);
  if (rc == 0) {
    if (g_opts.mode != MODE_FAST && g_opts.mode != MODE_PRECISE && g_opts.mode != MODE_CHECK)
      abort();
    if (g_opts.exitcode > 255 || g_opts.incomplete_exitcode > 255 || g_opts.verbosity > 2)
      abort();
    if (g_opts.max_nodes < 1024 || g_opts.max_nodes > (1ull << 31) || g_opts.shadow_limit_mb < 1)
      abort();
  } else if (rc != -1 || !err[0] || strchr(err, '\n') || strlen(err) > 400) {
    abort();
  }
  free(text); /* options_parse keeps its own copy of the strings it refers to */
  return 0;
}
