/* Where the tool's own output goes: stderr, or the file named by log_path. Every line
 * starts with "==ompracer== " so it can be told apart from the program's output. */
#ifndef OMPRACER_LOG_H
#define OMPRACER_LOG_H

#include <stdio.h>

#define OMPR_PREFIX "==ompracer== "

/* Opens log_path (NULL or "" means stderr). Returns 0, or -1 if it cannot be opened. */
int log_open(const char *path);
FILE *log_stream(void);
/* Prints one prefixed line (a newline is added). Serialised across threads. */
void log_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Holds the log lock so a multi-line report is not interleaved with another. */
void log_lock(void);
void log_unlock(void);

#endif
