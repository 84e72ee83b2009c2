#include "log.h"

#include "path_template.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static FILE *g_log;
static pthread_mutex_t g_log_mutex = PTHREAD_MUTEX_INITIALIZER;
static char g_prefix[48] = OMPR_PREFIX;
static char g_error[600];
/* log_path as given, when it holds %p: a forked child opens its own file. */
static char *g_template;
static bool g_reopen; /* in a forked child: open the child's own file before printing */

static FILE *stream_locked(void);

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
 * used only if it is a regular file of this user. Returns a stream, or NULL with
 * g_error set. */
static FILE *open_safely(const char *path) {
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
      return NULL;
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
      return NULL;
    }
    if (fd >= 0)
      fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  }
  if (fd < 0) {
    snprintf(g_error, sizeof g_error, "cannot use log_path '%.400s': %s", path,
             errno == EISDIR || errno == ENXIO ? "it exists and is not a regular file"
                                               : strerror(errno));
    return NULL;
  }
  FILE *f = fdopen(fd, "a");
  if (!f) {
    snprintf(g_error, sizeof g_error, "cannot use log_path '%.400s': %s", path, strerror(errno));
    close(fd);
    return NULL;
  }
  setvbuf(f, NULL, _IOLBF, 0);
  return f;
}

/* Opens log_path with %p expanded (open_safely's rules); NULL with g_error set. */
static FILE *open_expanded(const char *path, bool *has_pid) {
  char *actual = expand(path, has_pid);
  if (!actual)
    return NULL;
  FILE *f = open_safely(actual);
  free(actual);
  return f;
}

/* The document stream of report=sarif (log_open_document); NULL: the log stream. */
static FILE *g_document;

int log_open_document(const char *path) {
  bool has_pid;
  FILE *f = open_expanded(path, &has_pid);
  if (!f)
    return -1;
  /* A document replaces what the file held (a log from an earlier run is appended to,
   * but two SARIF logs in a file would not be one valid document). */
  if (ftruncate(fileno(f), 0)) {
    snprintf(g_error, sizeof g_error, "cannot use log_path '%.400s': %s", path, strerror(errno));
    fclose(f);
    return -1;
  }
  setvbuf(f, NULL, _IOFBF, 0);
  g_document = f;
  return 0;
}

void log_write_document(const char *text) {
  log_lock();
  FILE *out = g_document ? g_document : stream_locked();
  fputs(text, out);
  fflush(out);
  log_unlock();
}

void log_raw_line_locked(const char *text) {
  FILE *out = stream_locked();
  fputs(text, out);
  fputc('\n', out);
  fflush(out);
}

int log_open(const char *path) {
  if (!path || !*path) {
    g_log = stderr;
    return 0;
  }
  bool has_pid;
  FILE *f = open_expanded(path, &has_pid);
  if (!f)
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

FILE *log_stream(void) {
  return g_log ? g_log : stderr;
}

void log_lock(void) {
  pthread_mutex_lock(&g_log_mutex);
}
void log_unlock(void) {
  pthread_mutex_unlock(&g_log_mutex);
}

/* The stream to print to, with the log lock held: a forked child whose log_path has
 * %p opens its own file first. If it cannot, it says why and goes on printing where
 * its parent does (each line names the child's pid). */
static FILE *stream_locked(void) {
  if (__builtin_expect(g_reopen, 0)) {
    g_reopen = false;
    bool has_pid;
    char *actual = expand(g_template, &has_pid);
    FILE *f = actual ? open_safely(actual) : NULL;
    free(actual);
    if (f) {
      if (g_log && g_log != stderr)
        fclose(g_log);
      g_log = f;
    } else {
      fprintf(log_stream(), "%sERROR: %s; this process logs here instead\n", g_prefix, g_error);
    }
  }
  return log_stream();
}

static void vline_locked(const char *fmt, va_list ap) {
  FILE *out = stream_locked();
  fputs(g_prefix, out);
  vfprintf(out, fmt, ap);
  fputc('\n', out);
  fflush(out);
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
