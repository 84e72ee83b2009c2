/* Where the tool's own output goes: stderr, or the file named by log_path. Every line
 * starts with "==ompracer== " so it can be told apart from the program's output; in a
 * process that has called fork() (parent and child, from the fork on), and in every
 * process when log_path contains %p, it starts with "==ompracer==[pid N] " instead
 * (docs/report-format.md).
 *
 * log_path: "%p" stands for the process id and "%%" for a percent sign; any other
 * '%' is an error. The file is opened for appending and never through a symbolic
 * link: it is created if it does not exist (O_CREAT | O_EXCL), and an existing file
 * is used only if it is a regular file owned by the user running the program. */
#ifndef OMPRACER_LOG_H
#define OMPRACER_LOG_H

#define OMPR_PREFIX "==ompracer== "

/* Opens log_path (NULL or "" means stderr). Returns 0, or -1 if it cannot be used;
 * log_error() then says why, in one line. */
int log_open(const char *path);
const char *log_error(void);
/* Prints one prefixed line (a newline is added). Serialised across threads. */
void log_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Holds the log lock so a multi-line report is not interleaved with another. */
void log_lock(void);
void log_unlock(void);
/* log_line for a caller that holds the log lock. */
void log_line_locked(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* report=sarif: opens path (log_path, same rules; %p is the pid) for the document
 * alone, emptying it; the other lines then go to stderr. Returns 0 or -1 (log_error). */
int log_open_document(const char *path);
/* Writes text as is to the document file, or to the log when there is none. */
void log_write_document(const char *text);
/* One line without the prefix (report=json), for a caller that holds the log lock. */
void log_raw_line_locked(const char *text);

/* fork(): prepare takes the log lock (so the child never inherits it held by a thread
 * that does not exist there); parent and child release it. From then on both print
 * their pid on every line; a child whose log_path has %p writes to its own file,
 * opened when it first prints. */
void log_atfork_prepare(void);
void log_atfork_parent(void);
void log_atfork_child(void);

#endif
