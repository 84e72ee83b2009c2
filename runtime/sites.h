/* The registry of source sites: maps a site id (from a hook call) back to the
 * file:line:col and function the pass recorded. Looked up only when reporting. */
#ifndef OMPRACER_SITES_H
#define OMPRACER_SITES_H

#include "ompracer/hooks.h"

#include <stddef.h>
#include <stdint.h>

typedef uint32_t site_id; /* 0: unknown */

/* Returns the id of table[0], or 0 if the registry is full. */
site_id sites_register(const struct ompracer_site *table, uint32_t count);
/* Returns the record for an id, or NULL for 0 / unknown ids. */
const struct ompracer_site *sites_lookup(site_id id);
/* Formats "file:line:col" (or a note that there is no debug info) into buf. */
void sites_format_location(site_id id, char *buf, unsigned len);
/* Formats "file:line" for a construct site. */
void sites_format_line(site_id id, char *buf, unsigned len);
/* "WHAT at FILE:LINE", or WHAT alone when the site is unknown (0). */
void sites_format_what_at(const char *what, site_id site, char *buf, size_t len);
/* The source-level function name, or "??". */
const char *sites_function(site_id id);
/* Orders two sites by (file, line, column); ties broken by id. */
int sites_compare(site_id a, site_id b);

#endif
