/* What memory a race is on, for the report's location line: the globals the modules
 * register (a sorted table, searched at report time only) and the heap blocks and
 * named local variables the program marks fresh (a map of block starts, updated on
 * every allocation, searched at report time only). */
#ifndef OMPRACER_OBJECTS_H
#define OMPRACER_OBJECTS_H

#include "ompracer/hooks.h"

#include <stddef.h>
#include <stdint.h>

/* Keeps a module's table of globals (constant data of the module). */
void objects_register_globals(const struct ompracer_global *globals, uint32_t count);
/* A heap block (name NULL, site: its allocation) or a local variable (site: its
 * declaration) now lives at [addr, addr + size). An entry stays until another object
 * starts at the same address; of the entries holding an address, the newest wins. */
void objects_note(uintptr_t addr, uint64_t size, uint32_t site, const char *name);
/* Describes the memory at addr, of which a race covers nbytes, e.g. "global 'x' of 64
 * bytes, declared at x.c:5 (offset 12)" (docs/report-format.md). */
void objects_describe(uintptr_t addr, uint64_t nbytes, char *buf, size_t len);

/* The object holding addr, named briefly (for naming locks in explanations): its kind,
 * and in buf the name of a global or local (source name, else the symbol's) or the
 * allocation site F:L of a heap block. */
enum object_kind { OBJECT_NONE, OBJECT_GLOBAL, OBJECT_LOCAL, OBJECT_HEAP };
enum object_kind objects_name(uintptr_t addr, char *buf, size_t len);

/* fork(): the maps' locks are held across it. */
void objects_atfork_prepare(void);
void objects_atfork_parent(void);
void objects_atfork_child(void);

#endif
