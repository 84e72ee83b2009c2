/* Paths of options that may name one file per process (log_path, dump_ospg): "%p" in
 * them stands for the process id and "%%" for a percent sign, as in the sanitizers'
 * log_path, so that each process of an MPI job, or a forked child, writes its own
 * file. Any other '%' sequence is an error. */
#ifndef OMPRACER_PATH_TEMPLATE_H
#define OMPRACER_PATH_TEMPLATE_H

#include <stdbool.h>
#include <stddef.h>

/* The path for this process (malloc'd; *has_pid says whether %p was in it), or NULL
 * with err set to "cannot use OPTION 'TEMPLATE': REASON" (an unknown sequence, out of
 * memory). */
char *path_expand(const char *tmpl, const char *option, bool *has_pid, char *err, size_t errlen);

#endif
