#include "options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ompr_options g_opts;

enum option_kind { KIND_MODE, KIND_REPORT, KIND_UINT, KIND_STRING, KIND_FLAG };

struct option_desc {
  const char *name;
  enum option_kind kind;
  uint64_t min, max;
  const char *help;
  size_t offset; /* of the field in struct ompr_options */
};

static const struct option_desc k_options[] = {
#define OMPRACER_OPTION(name, kind, def, min, max, help)                                           \
  {#name, KIND_##kind, min, max, help, offsetof(struct ompr_options, name)},
#include "options.def"
#undef OMPRACER_OPTION
};
#define NUM_OPTIONS (sizeof k_options / sizeof k_options[0])

/* Values longer than this are cut in error messages. */
#define ECHO_MAX 64

/* User text as an error message shows it: at most ECHO_MAX characters ("..." marks a
 * cut), anything not printable as '?', so the message stays one line. */
struct shown {
  char text[ECHO_MAX + 4];
};
static struct shown shown(const char *s) {
  struct shown out;
  size_t i = 0;
  for (; s[i] && i < ECHO_MAX; i++)
    out.text[i] = s[i] >= 0x20 && s[i] < 0x7f ? s[i] : '?';
  strcpy(out.text + i, s[i] ? "..." : "");
  return out;
}

static struct ompr_options defaults(void) {
  struct ompr_options d;
#define OMPRACER_OPTION(name, kind, def, min, max, help) d.name = def;
#include "options.def"
#undef OMPRACER_OPTION
  return d;
}

const char *mode_name(enum ompr_mode mode) {
  switch (mode) {
  case MODE_FAST: return "fast";
  case MODE_PRECISE: return "precise";
  case MODE_CHECK: return "check";
  }
  return "?";
}

const char *report_format_name(enum ompr_report format) {
  switch (format) {
  case REPORT_TEXT: return "text";
  case REPORT_JSON: return "json";
  case REPORT_SARIF: return "sarif";
  }
  return "?";
}

static int parse_report(const char *value, enum ompr_report *out, char *err, size_t errlen) {
  for (enum ompr_report f = REPORT_TEXT; f <= REPORT_SARIF; f++)
    if (!strcmp(value, report_format_name(f))) {
      *out = f;
      return 0;
    }
  snprintf(err, errlen, "bad value '%s' for report; valid values: text, json, sarif",
           shown(value).text);
  return -1;
}

/* "mode, exitcode, ...": every key, for error messages. */
static const char *valid_keys(void) {
  static char keys[512];
  if (!keys[0])
    for (size_t i = 0; i < NUM_OPTIONS; i++) {
      if (i)
        strncat(keys, ", ", sizeof keys - strlen(keys) - 1);
      strncat(keys, k_options[i].name, sizeof keys - strlen(keys) - 1);
    }
  return keys;
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

static int parse_mode(const char *value, enum ompr_mode *out, char *err, size_t errlen) {
  for (enum ompr_mode m = MODE_FAST; m <= MODE_CHECK; m++)
    if (!strcmp(value, mode_name(m))) {
      *out = m;
      return 0;
    }
  if (!strcmp(value, "auto"))
    snprintf(err, errlen,
             "mode=auto needs a check run first: use 'ompracer-run --mode=auto "
             "-- PROGRAM ARGS'; valid values here: fast, precise, check");
  else
    snprintf(err, errlen, "bad value '%s' for mode; valid values: fast, precise, check",
             shown(value).text);
  return -1;
}

/* Applies one key=value pair; returns -1 with err filled on a bad key or value. */
static int apply(const char *key, const char *value, char *err, size_t errlen) {
  for (size_t i = 0; i < NUM_OPTIONS; i++) {
    const struct option_desc *o = &k_options[i];
    if (strcmp(key, o->name))
      continue;
    void *field = (char *)&g_opts + o->offset;
    uint64_t v;
    switch (o->kind) {
    case KIND_MODE: return parse_mode(value, field, err, errlen);
    case KIND_REPORT: return parse_report(value, field, err, errlen);
    case KIND_STRING: *(const char **)field = value; return 0;
    case KIND_FLAG:
    case KIND_UINT:
      if (parse_u64(value, o->min, o->max, &v)) {
        snprintf(err, errlen, "bad value '%s' for %s; expected %llu..%llu", shown(value).text, key,
                 (unsigned long long)o->min, (unsigned long long)o->max);
        return -1;
      }
      if (o->kind == KIND_FLAG)
        *(bool *)field = v != 0;
      else
        *(uint64_t *)field = v;
      return 0;
    }
  }
  snprintf(err, errlen, "unknown option '%s'; valid options: %s", shown(key).text, valid_keys());
  return -1;
}

int options_parse(const char *text, char *err, size_t errlen) {
  g_opts = defaults();
  if (!text || !*text)
    return 0;
  /* The strings stay referenced (log_path) until the next parse, which frees them. */
  static char *copy;
  free(copy);
  copy = strdup(text);
  if (!copy) {
    snprintf(err, errlen, "out of memory while reading OMPRACER_OPTIONS");
    return -1;
  }
  /* One leading or trailing ':' is allowed (OMPRACER_OPTIONS=$OMPRACER_OPTIONS:k=v);
   * an empty item anywhere else is a typo. */
  char *items = copy + (copy[0] == ':');
  size_t len = strlen(items);
  if (len && items[len - 1] == ':')
    items[--len] = '\0';
  if (!len) {
    snprintf(err, errlen, "OMPRACER_OPTIONS '%s' holds no option; valid options: %s",
             shown(text).text, valid_keys());
    return -1;
  }
  for (char *item; (item = strsep(&items, ":")) != NULL;) {
    char *eq = strchr(item, '=');
    if (!*item) {
      snprintf(err, errlen, "empty option between two ':'; valid options: %s", valid_keys());
      return -1;
    }
    if (!eq) {
      snprintf(err, errlen, "option '%s' has no value (expected key=value); valid options: %s",
               shown(item).text, valid_keys());
      return -1;
    }
    *eq = '\0';
    if (apply(item, eq + 1, err, errlen))
      return -1;
  }
  return 0;
}

void options_print_help(FILE *out) {
  struct ompr_options d = defaults();
  fprintf(out, "OMPRACER_OPTIONS=key=value:key=value; the options, with their defaults:\n");
  for (size_t i = 0; i < NUM_OPTIONS; i++) {
    const struct option_desc *o = &k_options[i];
    const void *field = (const char *)&d + o->offset;
    char value[32];
    switch (o->kind) {
    case KIND_MODE:
      snprintf(value, sizeof value, "%s", mode_name(*(const enum ompr_mode *)field));
      break;
    case KIND_REPORT:
      snprintf(value, sizeof value, "%s", report_format_name(*(const enum ompr_report *)field));
      break;
    case KIND_STRING:
      snprintf(value, sizeof value, "%s",
               *(const char *const *)field ? *(const char *const *)field : "");
      break;
    case KIND_FLAG: snprintf(value, sizeof value, "%d", *(const bool *)field); break;
    case KIND_UINT:
      snprintf(value, sizeof value, "%llu", (unsigned long long)*(const uint64_t *)field);
      break;
    }
    fprintf(out, "  %s=%s\n      %s\n", o->name, value, o->help);
  }
}
