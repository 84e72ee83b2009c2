/* The machine-readable forms of race reports (option report=json|sarif; the schema is
 * in docs/report-format.md and docs/report.schema.json). report.c decides what is
 * reported and describes each access; this layer only renders. */
#ifndef OMPRACER_REPORT_FORMATS_H
#define OMPRACER_REPORT_FORMATS_H

#include "sites.h"

#include <stdbool.h>
#include <stdint.h>

struct report_access {
  site_id site;
  bool is_write, atomic;
  const char *construct; /* "implicit task of omp parallel at x.c:8" and the like */
};

/* One race, its accesses in the order the text report prints them. */
struct report_record {
  uintptr_t addr;
  unsigned nbytes;
  struct report_access access[2];
  const char *memory; /* the text report's location line: "global 'x' of 4 bytes, ..." */
  const char *why;    /* the text report's why line (explain=1): what leaves them unordered */
};

/* report=json: prints the race as one line (takes the log lock). */
void rformat_json_race(const struct report_record *r);
void rformat_json_summary(unsigned races, unsigned suppressed, bool incomplete);
/* report=sarif: keeps the race for the log written at exit. */
void rformat_sarif_add(const struct report_record *r);
void rformat_sarif_write(unsigned races, unsigned suppressed, bool incomplete);
/* fork(): a child's SARIF log holds only its own races. */
void rformat_atfork_child(void);

#endif
