#include "log.h"

#include <pthread.h>
#include <stdarg.h>

static FILE *g_log;
static pthread_mutex_t g_log_mutex = PTHREAD_MUTEX_INITIALIZER;

int log_open(const char *path) {
  if (!path || !*path) {
    g_log = stderr;
    return 0;
  }
  FILE *f = fopen(path, "a");
  if (!f)
    return -1;
  setvbuf(f, NULL, _IOLBF, 0);
  g_log = f;
  return 0;
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

void log_line(const char *fmt, ...) {
  FILE *out = log_stream();
  va_list ap;
  va_start(ap, fmt);
  log_lock();
  fputs(OMPR_PREFIX, out);
  vfprintf(out, fmt, ap);
  fputc('\n', out);
  fflush(out);
  log_unlock();
  va_end(ap);
}
