/* Race reports: one per unordered pair of source sites, printed as soon as found, and
 * the summary at exit. The format is specified in docs/report-format.md. */
#ifndef OMPRACER_REPORT_H
#define OMPRACER_REPORT_H

#include "access.h"

void report_race(const struct race_found *race, const struct access_now *now);
unsigned report_count(void);
/* Prints the summary line when there were races (or always at verbosity >= 1). */
void report_summary(void);

#endif
