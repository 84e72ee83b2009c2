/* OMPRACER_OPTIONS parsing: defaults, every key, and one-line errors that name the
 * key and the valid choices. */
#include "check.h"
#include "options.h"

#include <string.h>

static char err[512];

static void defaults(void) {
  CHECK(options_parse(NULL, err, sizeof err) == 0);
  CHECK(g_opts.mode == MODE_FAST && g_opts.exitcode == 66 && g_opts.verbosity == 0);
  CHECK(g_opts.incomplete_exitcode == 67);
  CHECK(options_parse("", err, sizeof err) == 0);
}

static void all_keys(void) {
  CHECK(options_parse("mode=fast:exitcode=3:incomplete_exitcode=0:verbosity=2:log_path=/tmp/x:max_nodes=4096:"
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

int main(void) {
  RUN_TEST(defaults);
  RUN_TEST(all_keys);
  RUN_TEST(errors);
  return finish();
}
