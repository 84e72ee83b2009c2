/* Whether fast mode is safe for this run (seed Algorithm 17): it is not once a task
 * ends without waiting for its children (taskwaits not fully nested) or the program
 * uses mutual exclusion (critical, locks, ordered). The first such construct is
 * remembered with its source site, and so is the first of each effect on fast mode. In
 * fast mode the tool warns once about each effect: at once about the first construct
 * that can hide races, before the first report about the first that can cause false
 * ones. In check mode it only builds the OSPG and prints the verdict at exit, which
 * `ompracer-run --mode=auto` reads to choose the mode. */
#ifndef OMPRACER_MODE_CHECK_H
#define OMPRACER_MODE_CHECK_H

#include "sites.h"

#include <stdbool.h>

/* `what` names the construct, e.g. "critical" or "a task that ends without waiting
 * for its child tasks"; may_miss: fast mode may miss races (rather than report false
 * ones) because of it. */
void mode_note_unsafe(const char *what, site_id site, bool may_miss);
/* Called before a race report is printed: fast mode's warning comes first. */
void mode_before_report(void);
/* At exit, in check mode: prints "CHECK: fast ..." or "CHECK: precise ...". */
void mode_print_verdict(void);

#endif
