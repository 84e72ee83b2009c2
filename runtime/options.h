/* OMPRACER_OPTIONS: "key=value:key=value", the sanitizer convention. */
#ifndef OMPRACER_OPTIONS_H
#define OMPRACER_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

/* check: build the OSPG only and say whether fast mode is safe (Algorithm 17). */
enum ompr_mode { MODE_FAST, MODE_PRECISE, MODE_CHECK };

struct ompr_options {
  enum ompr_mode mode;
  int exitcode;  /* exit code when a race was reported (0: keep the program's) */
  int incomplete_exitcode; /* exit code when no race was reported but checking had a gap */
  int verbosity; /* 0 quiet, 1 summary and start-up line, 2 OMPT event trace */
  const char *log_path;
  uint64_t max_nodes;       /* OSPG node arena capacity */
  uint64_t shadow_limit_mb; /* cap on shadow memory */
};

extern struct ompr_options g_opts;

/* Exit code when OMPRACER_OPTIONS is malformed (sysexits' EX_USAGE). */
#define OMPR_EXIT_BAD_OPTIONS 64

/* Sets the defaults, then parses `text` (may be NULL). On error returns -1 and writes
 * a one-line message naming the key and the valid keys or values into err. */
int options_parse(const char *text, char *err, size_t errlen);
const char *mode_name(enum ompr_mode mode);

#endif
