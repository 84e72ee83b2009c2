#include "path_template.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *path_expand(const char *tmpl, const char *option, bool *has_pid, char *err, size_t errlen) {
  size_t cap = strlen(tmpl) + 1, len = 0;
  char pid[24];
  snprintf(pid, sizeof pid, "%ld", (long)getpid());
  for (const char *p = tmpl; *p; p++)
    if (p[0] == '%' && p[1] == 'p')
      cap += strlen(pid);
  char *out = malloc(cap);
  if (!out) {
    snprintf(err, errlen, "cannot use %s '%.400s': out of memory", option, tmpl);
    return NULL;
  }
  *has_pid = false;
  for (const char *p = tmpl; *p; p++) {
    if (*p != '%') {
      out[len++] = *p;
      continue;
    }
    if (p[1] == 'p') {
      memcpy(out + len, pid, strlen(pid));
      len += strlen(pid);
      *has_pid = true;
    } else if (p[1] == '%') {
      out[len++] = '%';
    } else {
      snprintf(err, errlen,
               "cannot use %s '%.400s': '%%%.1s' is not a known sequence (%%p is the "
               "process id, %%%% a percent sign)",
               option, tmpl, p[1] ? p + 1 : "");
      free(out);
      return NULL;
    }
    p++;
  }
  out[len] = '\0';
  return out;
}
