/* OMPRACER_OPTIONS parsing: defaults, every key, and one-line errors that name the
 * key and the valid choices. */
#include "check.h"
#include "options.h"

#include <string.h>

static char err[512];

static void defaults(void) {
  CHECK(options_parse(NULL, err, sizeof err) == 0);
  CHECK(g_opts.mode == MODE_PRECISE && g_opts.exitcode == 66 && g_opts.verbosity == 0);
  CHECK(g_opts.incomplete_exitcode == 67);
  CHECK(options_parse("", err, sizeof err) == 0);
}

static void all_keys(void) {
  CHECK(options_parse(
            "mode=fast:exitcode=3:incomplete_exitcode=0:verbosity=2:log_path=/tmp/x:max_nodes=4096:"
            "shadow_limit_mb=10",
            err, sizeof err) == 0);
  CHECK(g_opts.exitcode == 3 && g_opts.verbosity == 2 && !strcmp(g_opts.log_path, "/tmp/x"));
  CHECK(g_opts.max_nodes == 4096 && g_opts.shadow_limit_mb == 10);
  CHECK(g_opts.incomplete_exitcode == 0);
}

static void errors(void) {
  CHECK(options_parse("colour=red", err, sizeof err) == -1);
  CHECK(strstr(err, "colour") && strstr(err, "mode, exitcode"));
  CHECK(options_parse("exitcode=300", err, sizeof err) == -1);
  CHECK(strstr(err, "exitcode") && strstr(err, "0..255"));
  CHECK(options_parse("exitcode=-1", err, sizeof err) == -1);
  CHECK(options_parse("verbosity=x", err, sizeof err) == -1);
  CHECK(options_parse("mode=slow", err, sizeof err) == -1);
  CHECK(strstr(err, "mode") && strstr(err, "fast"));
  CHECK(options_parse("mode", err, sizeof err) == -1);
  CHECK(strstr(err, "key=value"));
  CHECK(options_parse("max_nodes=12", err, sizeof err) == -1);
  CHECK(!strchr(err, '\n'));
}

/* Empty items: one ':' at either end is the shell's append idiom; others are typos. */
static void separators(void) {
  CHECK(options_parse(":mode=precise:", err, sizeof err) == 0);
  CHECK(g_opts.mode == MODE_PRECISE);
  CHECK(options_parse("::::", err, sizeof err) == -1);
  CHECK(options_parse(":", err, sizeof err) == -1);
  CHECK(strstr(err, "no option"));
  CHECK(options_parse("mode=fast::exitcode=1", err, sizeof err) == -1);
  CHECK(strstr(err, "empty option"));
}

/* A long bad value is cut in the message, which stays one short line. */
static void long_values(void) {
  char text[10100] = "mode=";
  memset(text + 5, 'x', 10000);
  CHECK(options_parse(text, err, sizeof err) == -1);
  CHECK(strlen(err) < 200 && strstr(err, "...") && !strchr(err, '\n'));
  /* A newline in a value (found by tests/fuzz) is shown as '?': still one line. */
  CHECK(options_parse("max_nodes=99\n99", err, sizeof err) == -1);
  CHECK(!strchr(err, '\n') && strstr(err, "'99?99'"));
}

/* help=1 lists every option with its default, from the same table the parser uses. */
static void help(void) {
  CHECK(options_parse("help=1", err, sizeof err) == 0 && g_opts.help);
  char buf[4096] = {0};
  FILE *f = fmemopen(buf, sizeof buf - 1, "w");
  options_print_help(f);
  fclose(f);
  CHECK(strstr(buf, "  mode=precise\n") && strstr(buf, "  exitcode=66\n"));
  CHECK(strstr(buf, "  incomplete_exitcode=67\n") && strstr(buf, "  shadow_limit_mb=16384\n"));
  CHECK(options_parse("help=2", err, sizeof err) == -1);
}

int main(void) {
  RUN_TEST(defaults);
  RUN_TEST(all_keys);
  RUN_TEST(errors);
  RUN_TEST(separators);
  RUN_TEST(long_values);
  RUN_TEST(help);
  return finish();
}
