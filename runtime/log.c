#include "log.h"

#include "path_template.h"
#include "reentry.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The log's file descriptor: -1 for stderr. Lines are formatted into g_line and
 * written with write(2), not through stdio: a report may be printed from a signal
 * handler that interrupted the program inside stdio or malloc, whose locks its own
 * thread holds (vsnprintf into a buffer takes neither). */
static int g_log = -1;
static char g_line[16384]; /* guarded by the log lock */
static pthread_mutex_t g_log_mutex = PTHREAD_MUTEX_INITIALIZER;
static char g_prefix[48] = OMPR_PREFIX;
static char g_error[600];
/* log_path as given, when it holds %p: a forked child opens its own file. */
static char *g_template;
static bool g_reopen; /* in a forked child: open the child's own file before printing */

static int fd_locked(void);

static void set_pid_prefix(void) {
  snprintf(g_prefix, sizeof g_prefix, "==ompracer==[pid %ld] ", (long)getpid());
}

/* log_path with %p replaced by the pid and %% by '%'; NULL (and g_error set) when it
 * holds another '%' sequence or does not fit. */
static char *expand(const char *tmpl, bool *has_pid) {
  return path_expand(tmpl, "log_path", has_pid, g_error, sizeof g_error);
}

/* Opens `path` for appending without following a symbolic link: a new file is created
 * (O_EXCL, so a link planted in its place is not followed either); an existing one is
 * used only if it is a regular file of this user. Returns a file descriptor, or -1
 * with g_error set. */
static int open_safely(const char *path) {
  const int common = O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY;
  int fd = open(path, common | O_CREAT | O_EXCL, 0666);
  if (fd < 0 && errno == EEXIST) {
    /* O_NONBLOCK: a FIFO must not block the program until someone reads it. */
    fd = open(path, common | O_NONBLOCK);
    if (fd < 0 && errno == ELOOP) {
      snprintf(g_error, sizeof g_error,
               "cannot use log_path '%.400s': it is a symbolic link (the log is never "
               "written through one)",
               path);
      return -1;
    }
    struct stat st;
    const char *why = NULL;
    if (fd >= 0 && fstat(fd, &st))
      why = strerror(errno);
    else if (fd >= 0 && !S_ISREG(st.st_mode))
      why = "it exists and is not a regular file";
    else if (fd >= 0 && st.st_uid != geteuid())
      why = "it exists and belongs to another user";
    if (why) {
      close(fd);
      snprintf(g_error, sizeof g_error, "cannot use log_path '%.400s': %s", path, why);
      return -1;
    }
    if (fd >= 0)
      fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  }
  if (fd < 0) {
    snprintf(g_error, sizeof g_error, "cannot use log_path '%.400s': %s", path,
             errno == EISDIR || errno == ENXIO ? "it exists and is not a regular file"
                                               : strerror(errno));
    return -1;
  }
  return fd;
}

/* Opens log_path with %p expanded (open_safely's rules); -1 with g_error set. */
static int open_expanded(const char *path, bool *has_pid) {
  char *actual = expand(path, has_pid);
  if (!actual)
    return -1;
  int fd = open_safely(actual);
  free(actual);
  return fd;
}

/* Writes all of text[0, n) to fd (stderr for -1), as far as the file takes it. */
static void write_all(int fd, const char *text, size_t n) {
  if (fd < 0)
    fd = STDERR_FILENO;
  while (n) {
    ssize_t k = write(fd, text, n);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0)
      return;
    text += k;
    n -= (size_t)k;
  }
}

/* The document file of report=sarif (log_open_document); -1: the log. */
static int g_document = -1;

int log_open_document(const char *path) {
  bool has_pid;
  int fd = open_expanded(path, &has_pid);
  if (fd < 0)
    return -1;
  /* A document replaces what the file held (a log from an earlier run is appended to,
   * but two SARIF logs in a file would not be one valid document). */
  if (ftruncate(fd, 0)) {
    snprintf(g_error, sizeof g_error, "cannot use log_path '%.400s': %s", path, strerror(errno));
    close(fd);
    return -1;
  }
  g_document = fd;
  return 0;
}

void log_write_document(const char *text) {
  log_lock();
  write_all(g_document >= 0 ? g_document : fd_locked(), text, strlen(text));
  log_unlock();
}

/* text and a newline, in one write where they fit g_line (so that lines of several
 * processes appending to one file never mix). */
static void write_line_locked(const char *text, size_t n) {
  int fd = fd_locked();
  if (n < sizeof g_line) {
    if (text != g_line)
      memcpy(g_line, text, n);
    g_line[n] = '\n';
    write_all(fd, g_line, n + 1);
  } else {
    write_all(fd, text, n);
    write_all(fd, "\n", 1);
  }
}

void log_raw_line_locked(const char *text) {
  write_line_locked(text, strlen(text));
}

int log_open(const char *path) {
  if (!path || !*path) {
    g_log = -1;
    return 0;
  }
  bool has_pid;
  int f = open_expanded(path, &has_pid);
  if (f < 0)
    return -1;
  if (has_pid) {
    /* Each process writes its own file, and says so on every line (for
     * ompracer-merge-logs). */
    g_template = strdup(path);
    set_pid_prefix();
  }
  g_log = f;
  return 0;
}

const char *log_error(void) {
  return g_error;
}

/* Inside the runtime while the lock is held (reentry.h): a signal handler that
 * interrupts this thread then is not checked, so it never waits for this lock. */
void log_lock(void) {
  runtime_enter();
  pthread_mutex_lock(&g_log_mutex);
}
void log_unlock(void) {
  pthread_mutex_unlock(&g_log_mutex);
  runtime_leave();
}

/* How many characters (*printf's result n) a buffer of `room` bytes holds. */
static size_t stored(int n, size_t room) {
  return n < 0 ? 0 : (size_t)n < room ? (size_t)n : room - 1;
}

/* The file to print to, with the log lock held: a forked child whose log_path has %p
 * opens its own file first. If it cannot, it says why and goes on printing where its
 * parent does (each line names the child's pid). */
static int fd_locked(void) {
  if (__builtin_expect(g_reopen, 0)) {
    g_reopen = false;
    bool has_pid;
    char *actual = expand(g_template, &has_pid);
    int fd = actual ? open_safely(actual) : -1;
    free(actual);
    if (fd >= 0) {
      if (g_log >= 0)
        close(g_log);
      g_log = fd;
    } else {
      int n = snprintf(g_line, sizeof g_line, "%sERROR: %s; this process logs here instead\n",
                       g_prefix, g_error);
      write_all(g_log, g_line, stored(n, sizeof g_line));
    }
  }
  return g_log;
}

/* One prefixed line: formatted into g_line (cut at its size, which no report line
 * reaches), then written at once. */
static void vline_locked(const char *fmt, va_list ap) {
  size_t room = sizeof g_line - 1; /* for the newline */
  size_t n = stored(snprintf(g_line, room, "%s", g_prefix), room);
  n += stored(vsnprintf(g_line + n, room - n, fmt, ap), room - n);
  write_line_locked(g_line, n);
}

void log_line_locked(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vline_locked(fmt, ap);
  va_end(ap);
}

void log_line(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  log_lock();
  vline_locked(fmt, ap);
  log_unlock();
  va_end(ap);
}

void log_atfork_prepare(void) {
  log_lock();
}

void log_atfork_parent(void) {
  set_pid_prefix();
  log_unlock();
}

void log_atfork_child(void) {
  set_pid_prefix();
  if (g_template)
    g_reopen = true;
  log_unlock();
}
