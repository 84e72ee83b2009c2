/* OMPRACER_OPTIONS: "key=value:key=value", the sanitizer convention. Every option is
 * declared once, in options.def. */
#ifndef OMPRACER_OPTIONS_H
#define OMPRACER_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* check: build the OSPG only and say whether fast mode is safe (Algorithm 17). */
enum ompr_mode { MODE_FAST, MODE_PRECISE, MODE_CHECK };

/* report: the format of race reports and the summary (docs/report-format.md). */
enum ompr_report { REPORT_TEXT, REPORT_JSON, REPORT_SARIF };

#define OMPR_TYPE_MODE enum ompr_mode
#define OMPR_TYPE_REPORT enum ompr_report
#define OMPR_TYPE_UINT uint64_t
#define OMPR_TYPE_STRING const char *
#define OMPR_TYPE_FLAG bool

struct ompr_options {
#define OMPRACER_OPTION(name, kind, def, min, max, help) OMPR_TYPE_##kind name;
#include "options.def"
#undef OMPRACER_OPTION
};

extern struct ompr_options g_opts;

/* The mode, read by every layer that depends on it (and set only by options_parse). */
static inline bool mode_precise(void) {
  return g_opts.mode == MODE_PRECISE;
}
static inline bool mode_checks_accesses(void) {
  return g_opts.mode != MODE_CHECK;
}

/* Exit code when OMPRACER_OPTIONS is malformed (sysexits' EX_USAGE). */
#define OMPR_EXIT_BAD_OPTIONS 64

/* Sets the defaults, then parses `text` (may be NULL). On error returns -1 and writes
 * a one-line message naming the key and the valid keys or values into err. */
int options_parse(const char *text, char *err, size_t errlen);
/* Writes every option with its default and meaning, one per line (help=1). */
void options_print_help(FILE *out);
const char *mode_name(enum ompr_mode mode);
const char *report_format_name(enum ompr_report format);

#endif
