/* Race reports: one per unordered pair of source sites, printed as soon as found, and
 * the summary at exit. The format is specified in docs/report-format.md. */
#ifndef OMPRACER_REPORT_H
#define OMPRACER_REPORT_H

#include "access.h"
#include "explain.h"

#include <stdbool.h>

void report_race(const struct race_found *race, const struct access_now *now);
unsigned report_count(void);
/* Option dump_ospg: the first race reported (not suppressed), its sides in the order
 * the report printed them; false when none was (or the option is not set). */
bool report_first_race(struct race_side *first, struct race_side *second);
/* Closes the reports and prints the summary line when there were races (or always at
 * verbosity >= 1). Races found after it (by threads still running while the program
 * exits, e.g. after exit() in a parallel region) are neither printed nor counted, so
 * the summary and the exit code agree with the reports above them. */
void report_summary(void);

/* fork(): the child starts with no reports of its own (its summary and exit code
 * count only the races it finds); prepare holds the report lock across the fork. */
void report_atfork_prepare(void);
void report_atfork_parent(void);
void report_atfork_child(void);

#endif
