/* Stack slots confined to their task: a local whose address its function passes only
 * to its own loads and stores and to calls of functions defined in the module that do
 * the same with it (the pass decides, hooks.h __ompracer_confined; LLVM's nocapture
 * alone is not enough: a callee declared noescape may hand the pointer to a task that
 * runs during the call, tests/integration/race_confined_noescape_task.c). Only the
 * task that runs the function
 * can reach such a slot while it lives, through those calls, so its accesses made while
 * that task runs its strands in series cannot race with anything: they are not checked
 * and not recorded (floorplan's boards, copied into every call's frame and read by the
 * call below). Each thread keeps a stack of its live confined slots, pushed at their
 * function's entry and popped before it returns.
 *
 * Why no race is lost (the hooks skip an access only as hooks.c's skip_confined says):
 *   1. While slot M lives, only its task T reaches it: its address goes into no memory,
 *      no runtime call and no function the pass cannot see, so no other task (and no
 *      other thread) can hold it, only code that T runs on its own thread. An access
 *      to M by another task (a serialised parallel region or an if(0) task that the
 *      address reached regardless) is not skipped: M is unconfined (below) and the
 *      access checked.
 *   2. A skipped access is made by T while none of T's own worksharing constructs
 *      (loops, sections, distribute) or tagged loops (simd) is open, and not for other
 *      strands (a reduction combined for the team, an assumed league's twin): T's
 *      strands outside those constructs are in series with each other and with every
 *      later strand of T (a task's own strands are a sequence in the OSPG; only work
 *      items and iterations of its own constructs are parallel with each other). So no
 *      two accesses to M of which one is skipped are parallel, and a skipped access is
 *      in series before every later access to M.
 *   3. An access to M that may not be skipped (inside such a construct, or by another
 *      task, or covering M only in part) *unconfines* M first: M's history is forgotten
 *      (it holds no access made while M lived: none was recorded) and M is noted as an
 *      object for reports, as __ompracer_fresh_object would have at its function's
 *      entry; from then on M is ordinary memory. The accesses checked from then on see
 *      each other as they would have, and by 2 none of them races with a skipped one.
 *   4. M's shadow is not forgotten at its function's entry: while confined it is never
 *      read, and after M dies the next object at its addresses is forgotten (fresh
 *      memory) or confined itself, as every instrumented object is.
 * What it can change: which of several parallel reads of an unconfined slot a history
 * keeps (a skipped access ordered before them leaves the read pair in another order),
 * so which site pair a report names, never whether a race on M is reported.
 *
 * The stack: slots are pushed frame by frame, the first slot of a function with the
 * mark to pop to being made, its other slots with that mark. A thread's frames nest
 * (a callee's, or a task's that runs at a scheduling point, lie below its caller's),
 * so slots pushed later lie at lower addresses and the stack stays sorted by address
 * (a function's own slots are placed in order among themselves): a lookup is a
 * binary search. Whatever breaks that order (a signal handler on another stack) only
 * leaves the slots above the break to a linear search.
 *
 * Popping: the pass gives back, before each return, the mark the function's first slot
 * was pushed at. A longjmp (or an exception, but the pass confines slots only in
 * functions that do not unwind) skips those calls: the slots stay on the stack, dead,
 * until an enclosing function returns or something is made over them: a new object
 * overlapping one (two live objects never overlap), or a function's first slot above
 * them (every live slot lies above a new frame). Dead slots are dropped; those below a
 * new frame are also forgotten, in case the order above was broken and they live on
 * (their memory is the new frame's or unused: nothing there has history to lose). */
#ifndef OMPRACER_CONFINED_H
#define OMPRACER_CONFINED_H

#include "tls.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Live confined slots per thread; a slot that does not fit is fresh memory instead
 * (checked like any other). */
#define CONFINED_MAX 128
/* The mark a function's first slot is pushed with: it begins a frame. */
#define CONFINED_NEW_FRAME UINT32_MAX

struct confined_slot {
  uintptr_t lo, hi;    /* [lo, hi) */
  uintptr_t low, high; /* bounds of slots [0, this one] (the stack's bounds) */
  const void *task;    /* the task that runs its function */
  const char *name;    /* for reports, once unconfined */
  uint32_t site;       /* its declaration (0: none) */
  bool dropped;        /* dead or unconfined: its place stays (marks are heights) */
};

struct confined_stack {
  uintptr_t low, high; /* bounds of every slot on the stack (low == high: none) */
  uint32_t n;
  uint32_t sorted;          /* slots [0, sorted) are in decreasing address order */
  uint32_t last;            /* the slot the last lookup found (a hint: checked before use) */
  uintptr_t gap_lo, gap_hi; /* a range the last lookup found no live slot in (until a slot is
                               pushed into it) */
  /* The live slot the hooks last skipped an access in, as its range and task (lo == hi:
   * none): confined_skip_hint. Ended when any slot is dropped, unconfined or popped. */
  uintptr_t skip_lo, skip_hi;
  const void *skip_task;
  struct confined_slot slot[CONFINED_MAX];
};

extern OMPR_TLS struct confined_stack t_confined;

/* Whether [addr, addr + size) may touch a confined slot: one test on every access. */
static inline bool confined_may_hold(uintptr_t addr, uint64_t size) {
  return addr < t_confined.high && addr + size > t_confined.low;
}

/* The live slot that holds all of [addr, addr + size), or NULL; slots the access
 * touches only in part are unconfined (3 above). Called when confined_may_hold.
 * Lookups come in runs (a function's accesses to its own slots and its caller's, or to
 * memory between them: most accesses that confined_may_hold lets through lie in no
 * slot), so two hints answer most of them inline: a range in which the last full
 * lookup found no live slot (valid until a slot is pushed into it: only pushes add
 * slots, pops and drops only take them away; a new frame's slots lie below the live
 * ones, mostly below that range too), and the slot the last full lookup found (checked before use).
 * The rest take the out-of-line search. */
struct confined_slot *confined_holder_search(uintptr_t addr, uint64_t size);
/* Whether [addr, addr + size) lies in the range the last full lookup found no live slot
 * in (the first hint): then it touches no confined slot. */
static inline __attribute__((always_inline)) bool confined_in_gap(uintptr_t addr, uint64_t size) {
  return addr >= t_confined.gap_lo && addr + size <= t_confined.gap_hi;
}
static inline __attribute__((always_inline)) struct confined_slot *confined_holder(uintptr_t addr,
                                                                                   uint64_t size) {
  struct confined_stack *s = &t_confined;
  if (confined_in_gap(addr, size))
    return NULL;
  struct confined_slot *c = &s->slot[s->last];
  if (s->last < s->n && !c->dropped && addr >= c->lo && addr + size <= c->hi)
    return c;
  return confined_holder_search(addr, size);
}
/* Whether [addr, addr + size) lies in the live slot of `task` that an access was last
 * skipped in (confined_note_skip): then the lookup above would find that slot. */
static inline __attribute__((always_inline)) bool confined_skip_hint(uintptr_t addr, uint64_t size,
                                                                     const void *task) {
  const struct confined_stack *s = &t_confined;
  return addr >= s->skip_lo && addr + size <= s->skip_hi && task == s->skip_task;
}
static inline void confined_note_skip(const struct confined_slot *c) {
  t_confined.skip_lo = c->lo;
  t_confined.skip_hi = c->hi;
  t_confined.skip_task = c->task;
}
/* The slot is reached where it may not be skipped: its history is forgotten, it is
 * noted for reports, and from now on it is ordinary memory (3 above). */
void confined_unconfine(struct confined_slot *c);

/* Pushes a slot of `task` (site and name as __ompracer_fresh_object takes them) in the
 * frame that `frame_mark` began (CONFINED_NEW_FRAME: it begins one) and returns the
 * frame's mark, the height to pop to. When the stack is full the slot is fresh memory
 * instead. */
uint32_t confined_push(uintptr_t addr, uint64_t size, uint32_t site, const char *name,
                       const void *task, uint32_t frame_mark);
/* Pops every slot above `mark` (the function that pushed them returns). */
void confined_pop(uint32_t mark);
/* [addr, addr + size) is a new object (fresh memory): slots it overlaps are dead. */
void confined_drop_overlapping(uintptr_t addr, uint64_t size);

#endif
