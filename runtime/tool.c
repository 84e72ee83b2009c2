/* Start-up and shut-down: OMPRACER_OPTIONS, the OMPT handshake with libomp, and the
 * exit summary and exit code. */
#include "detection.h"
#include "history.h"
#include "iterations.h"
#include "lockset.h"
#include "log.h"
#include "mode_check.h"
#include "objects.h"
#include "ompt_events.h"
#include "options.h"
#include "ospg.h"
#include "ospg_dump.h"
#include "path_template.h"
#include "report.h"
#include "shadow.h"
#include "suppressions.h"
#include "sync_edges.h"
#include "task_deps.h"
#include "thread_state.h"

#include <errno.h>
#include <omp-tools.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define EXPORT __attribute__((visibility("default")))

static bool g_tool_started;
static pthread_once_t g_setup_once = PTHREAD_ONCE_INIT;

/* fork(): the child keeps the OSPG but starts with empty histories (libomp starts
 * afresh in it and the tool follows its events; shadow.c says why), and none of its
 * parent's reports: its summary and exit code are its own. The locks of the report,
 * log and shadow layers are held across the fork so that the child never inherits one
 * held by a thread it does not have. */
static void on_fork_prepare(void) {
  report_atfork_prepare();
  objects_atfork_prepare();
  log_atfork_prepare();
  shadow_atfork_prepare();
}
static void on_fork_parent(void) {
  shadow_atfork_parent();
  log_atfork_parent();
  objects_atfork_parent();
  report_atfork_parent();
}
static void on_fork_child(void) {
  log_atfork_child();
  shadow_atfork_child();
  history_atfork_child();
  objects_atfork_child();
  report_atfork_child();
}

/* Reads the options once, from whichever comes first: our constructor or libomp
 * asking for the tool. A bad option stops the program before it does anything. */
/* A dump_ospg path with an unknown '%' sequence is refused at start, like log_path. */
static bool dump_path_valid(char *err, size_t len) {
  bool has_pid;
  char *path = path_expand(g_opts.dump_ospg, "dump_ospg", &has_pid, err, len);
  bool valid = path != NULL;
  free(path);
  return valid;
}

static void setup(void) {
  char err[512];
  if (options_parse(getenv("OMPRACER_OPTIONS"), err, sizeof err)) {
    fprintf(stderr, OMPR_PREFIX "ERROR: OMPRACER_OPTIONS: %s\n", err);
    _exit(OMPR_EXIT_BAD_OPTIONS);
  }
  if (g_opts.help) {
    options_print_help(stderr);
    _exit(0);
  }
  /* report=sarif writes its log to log_path alone; the other lines go to stderr. */
  bool sarif_file = g_opts.report == REPORT_SARIF && g_opts.log_path && *g_opts.log_path;
  if (sarif_file ? log_open(NULL) || log_open_document(g_opts.log_path)
                 : log_open(g_opts.log_path)) {
    fprintf(stderr, OMPR_PREFIX "ERROR: OMPRACER_OPTIONS: %s\n", log_error());
    _exit(OMPR_EXIT_BAD_OPTIONS);
  }
  if (g_opts.suppressions && suppressions_load(g_opts.suppressions, err, sizeof err)) {
    fprintf(stderr, OMPR_PREFIX "ERROR: OMPRACER_OPTIONS: %s\n", err);
    _exit(OMPR_EXIT_BAD_OPTIONS);
  }
  if (g_opts.dump_ospg && !dump_path_valid(err, sizeof err)) {
    fprintf(stderr, OMPR_PREFIX "ERROR: OMPRACER_OPTIONS: %s\n", err);
    _exit(OMPR_EXIT_BAD_OPTIONS);
  }
  pthread_atfork(on_fork_prepare, on_fork_parent, on_fork_child);
}

__attribute__((constructor(101))) static void on_load(void) {
  pthread_once(&g_setup_once, setup);
}

static int on_initialize(ompt_function_lookup_t lookup, int initial_device_num,
                         ompt_data_t *tool_data) {
  (void)initial_device_num;
  (void)tool_data;
  pthread_once(&g_setup_once, setup);
  if (ospg_init(g_opts.max_nodes) || shadow_init(g_opts.shadow_limit_mb) ||
      history_init(g_opts.shadow_limit_mb) || deps_init(g_opts.max_nodes) || sync_init()) {
    log_line("ERROR: cannot reserve memory for the OSPG or the shadow; "
             "no data races will be checked");
    return 0; /* tells libomp not to keep the tool */
  }
  lockset_with_atomic(0); /* made here, not in a signal handler's check (lockset.h) */
  ompt_events_register((void *)lookup);
  loops_init(lookup("ompt_get_task_info"));
  g_tool_started = true;
  atomic_store(&g_detecting, true);
  if (g_opts.verbosity >= 1)
    log_line("ompracer started (mode=%s)", mode_name(g_opts.mode));
  return 1;
}

static void on_finalize(ompt_data_t *tool_data) {
  (void)tool_data;
}

EXPORT ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version,
                                                 const char *runtime_version) {
  (void)omp_version;
  (void)runtime_version;
  static ompt_start_tool_result_t result = {on_initialize, on_finalize, {0}};
  pthread_once(&g_setup_once, setup);
  return &result;
}

/* A reported race decides the exit code (option exitcode); otherwise a gap in the
 * checking does (incomplete_exitcode); otherwise the program keeps its own. */
static void exit_with_verdict(void) {
  int code = report_count() && g_opts.exitcode ? g_opts.exitcode
             : detection_incomplete()          ? g_opts.incomplete_exitcode
                                               : 0;
  if (code) {
    fflush(NULL);
    _exit(code);
  }
}

/* Option dump_ospg: the graph as it stands at exit (a failure is said, not fatal), to
 * the path with %p as this process's id (each forked child writes its own file): the
 * region of the first race reported, or the whole graph when there was none. */
static void dump_ospg(void) {
  if (!g_opts.dump_ospg)
    return;
  char err[600];
  bool has_pid;
  char *path = path_expand(g_opts.dump_ospg, "dump_ospg", &has_pid, err, sizeof err);
  struct race_side race[2];
  bool raced = path && report_first_race(&race[0], &race[1]);
  if (!path)
    log_line("ERROR: %s", err);
  else if (ospg_dump_write(path, raced ? race : NULL) != 0)
    log_line("ERROR: cannot write the OSPG to dump_ospg '%s': %s", path, strerror(errno));
  free(path);
}

/* Runs from the dynamic linker's finalisation, after the program's atexit handlers:
 * the program's own output is complete, so the summary comes last. */
__attribute__((destructor)) static void on_unload(void) {
  if (!g_tool_started) {
    if (atomic_load(&g_hooks_seen)) {
      detection_gap(GAP_NO_TOOL, true,
                    "the OpenMP runtime never started the ompracer OMPT tool, so no data "
                    "races were checked: link with LLVM's libomp (libgomp has no OMPT "
                    "support) and do not set OMP_TOOL=disabled");
      exit_with_verdict();
    } else if (g_opts.mode == MODE_CHECK) /* nothing ran in parallel: nothing to be precise about */
      log_line("CHECK: fast (the program ran no OpenMP parallel construct)");
    else if (g_opts.verbosity >= 1) /* no parallel construct ran: nothing could race */
      log_line("SUMMARY: 0 data race(s) reported (the program ran no OpenMP parallel "
               "construct)");
    return;
  }
  /* exit() may be called while other threads still run (inside a parallel region or
   * a task): they stop being checked, and the summary closes the reports. */
  atomic_store(&g_detecting, false);
  mode_print_verdict();
  if (g_opts.verbosity >= 1) {
    struct ospg_stats st = ospg_get_stats();
    log_line("OSPG: %llu nodes made, %llu of them reclaimed (%llu pages of 128 given back, "
             "their forwards in %llu bytes)",
             (unsigned long long)st.made, (unsigned long long)st.reclaimed,
             (unsigned long long)st.pages_released, (unsigned long long)st.packed_bytes);
  }
  report_summary();
  dump_ospg();
  exit_with_verdict();
}
