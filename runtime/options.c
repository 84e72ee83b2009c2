#include "options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ompr_options g_opts;

static const char *const k_valid_keys =
    "mode, exitcode, incomplete_exitcode, verbosity, log_path, max_nodes, shadow_limit_mb";

static void set_defaults(void) {
  g_opts.mode = MODE_FAST;
  g_opts.exitcode = 66;
  g_opts.incomplete_exitcode = 67;
  g_opts.verbosity = 0;
  g_opts.log_path = NULL;
  g_opts.max_nodes = 1u << 26;    /* 64 Mi nodes = 1.75 GiB of address space */
  g_opts.shadow_limit_mb = 16384; /* 16 GiB of shadow (12 bytes per app byte) */
}

const char *mode_name(enum ompr_mode mode) {
  switch (mode) {
  case MODE_FAST: return "fast";
  case MODE_PRECISE: return "precise";
  case MODE_CHECK: return "check";
  }
  return "?";
}

static int parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out) {
  if (!*s)
    return -1;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno || *end || s[0] == '-' || v < lo || v > hi)
    return -1;
  *out = v;
  return 0;
}

/* Applies one key=value pair; returns -1 with err filled on a bad key or value. */
static int apply(const char *key, const char *value, char *err, size_t errlen) {
  uint64_t v;
  if (!strcmp(key, "mode")) {
    if (!strcmp(value, "fast") || !strcmp(value, "precise") || !strcmp(value, "check")) {
      g_opts.mode = value[0] == 'f' ? MODE_FAST : value[0] == 'p' ? MODE_PRECISE : MODE_CHECK;
      return 0;
    }
    if (!strcmp(value, "auto")) {
      snprintf(err, errlen,
               "mode=auto needs a check run first: use 'ompracer-run --mode=auto "
               "-- PROGRAM ARGS'; valid values here: fast, precise, check");
      return -1;
    }
    snprintf(err, errlen, "bad value '%s' for mode; valid values: fast, precise, check", value);
    return -1;
  }
  if (!strcmp(key, "exitcode")) {
    if (parse_u64(value, 0, 255, &v)) {
      snprintf(err, errlen, "bad value '%s' for exitcode; expected 0..255", value);
      return -1;
    }
    g_opts.exitcode = (int)v;
    return 0;
  }
  if (!strcmp(key, "incomplete_exitcode")) {
    if (parse_u64(value, 0, 255, &v)) {
      snprintf(err, errlen, "bad value '%s' for incomplete_exitcode; expected 0..255", value);
      return -1;
    }
    g_opts.incomplete_exitcode = (int)v;
    return 0;
  }
  if (!strcmp(key, "verbosity")) {
    if (parse_u64(value, 0, 2, &v)) {
      snprintf(err, errlen, "bad value '%s' for verbosity; expected 0, 1 or 2", value);
      return -1;
    }
    g_opts.verbosity = (int)v;
    return 0;
  }
  if (!strcmp(key, "log_path")) {
    g_opts.log_path = value;
    return 0;
  }
  if (!strcmp(key, "max_nodes")) {
    if (parse_u64(value, 1024, 1ull << 31, &v)) {
      snprintf(err, errlen, "bad value '%s' for max_nodes; expected 1024..2147483648", value);
      return -1;
    }
    g_opts.max_nodes = v;
    return 0;
  }
  if (!strcmp(key, "shadow_limit_mb")) {
    if (parse_u64(value, 1, 1ull << 30, &v)) {
      snprintf(err, errlen, "bad value '%s' for shadow_limit_mb; expected 1..1073741824", value);
      return -1;
    }
    g_opts.shadow_limit_mb = v;
    return 0;
  }
  snprintf(err, errlen, "unknown option '%s'; valid options: %s", key, k_valid_keys);
  return -1;
}

int options_parse(const char *text, char *err, size_t errlen) {
  set_defaults();
  if (!text || !*text)
    return 0;
  /* The strings stay referenced (log_path), so the copy is never freed. */
  char *copy = strdup(text);
  if (!copy) {
    snprintf(err, errlen, "out of memory while reading OMPRACER_OPTIONS");
    return -1;
  }
  for (char *save = NULL, *item = strtok_r(copy, ":", &save); item;
       item = strtok_r(NULL, ":", &save)) {
    char *eq = strchr(item, '=');
    if (!eq) {
      snprintf(err, errlen, "option '%s' has no value (expected key=value); valid options: %s",
               item, k_valid_keys);
      return -1;
    }
    *eq = '\0';
    if (apply(item, eq + 1, err, errlen))
      return -1;
  }
  return 0;
}
