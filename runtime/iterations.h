/* Iteration strands: every iteration of a worksharing loop, taskloop or distribute
 * loop is logically parallel with every other iteration of the same loop, and so are
 * the iterations of an omp simd loop closer than its safelen, whichever thread, chunk
 * or task ran them. The pass marks where such a loop begins, where each iteration
 * begins (with its logical iteration number) and where the loop ends.
 *
 * Encoding (no node per iteration): an access is recorded as (strand, site, iter),
 * where iter is the iteration's tag, tag0 + logical iteration number, and 0 outside
 * tagged loops. A strand hosts the iterations of one loop instance at a time, so two
 * accesses of the same strand whose tags are both at least the running instance's
 * tag0 and differ are in different iterations of that instance: parallel (within the
 * window for simd safelen). Accesses of different strands are compared by the OSPG
 * as before. A later loop instance in the same strand starts above every tag used
 * there, so an earlier instance's accesses read as ordered before it; a loop nested
 * in an iteration of another gets a strand of its own.
 *
 * Segments: an iteration that moves its task to a new strand (it creates a task,
 * waits, runs a nested region or loop) would put its successors in series with what
 * it did before. So when an iteration begins in another strand than the one the
 * running segment began in, a new segment starts: a new work item (P-node) under the
 * loop's worksharing node, parallel with the earlier ones. Nodes are therefore
 * created per segment, i.e. only by iterations that create nodes anyway.
 *
 * The stack of the task running a worksharing loop or taskloop (from its entry frame
 * down) belongs to whichever thread runs an iteration: iterations and chunks never
 * share it, although one thread reuses it for all of its chunks. Accesses to it inside
 * such a loop are not checked. Cost: a race between such an access and an explicit
 * task that shares the variable is missed. The lanes of a simd loop on its own (not
 * nested in such a loop) do share their task's stack: it is checked like any memory. */
#ifndef OMPRACER_ITERATIONS_H
#define OMPRACER_ITERATIONS_H

#include "ospg.h"
#include "strand_stack.h"

#include <stdbool.h>
#include <stdint.h>

/* The same numbers as OMPRACER_LOOP_* in the hook ABI. */
enum loop_kind { LOOP_FOR, LOOP_DISTRIBUTE, LOOP_TASKLOOP, LOOP_SIMD, LOOP_KINDS };

/* Deeper nesting of tagged loops is not tagged: its iterations keep the outer tag. */
#define LOOP_NEST_MAX 8

struct loop_frame {
  uint32_t tag0;       /* tag of logical iteration 0 */
  uint32_t outer_iter; /* the enclosing tagged iteration, restored at the end */
  uint32_t window;     /* simd safelen; 0: all iterations parallel */
  node_id segment;     /* strand the running segment began in */
  site_id site;        /* the loop's directive */
  uint8_t kind;        /* enum loop_kind */
  bool tagged;         /* false: nested in a simd iteration, or too deep */
  bool own_workshare;  /* a taskloop task's own worksharing node for its segments */
  bool activated;      /* checking was switched on for it (simd in serial code) */
};

struct loop_state {
  struct loop_frame frame[LOOP_NEST_MAX];
  unsigned depth;        /* may exceed LOOP_NEST_MAX */
  uint32_t iter;         /* the running iteration's tag; 0: none */
  node_id tagged_strand; /* the strand whose tags next_tag is about */
  uint32_t next_tag;     /* above every tag used in tagged_strand */
  node_id ws_node;       /* the worksharing construct of the last loop begun there */
  uint32_t ws_tag0;      /* and its first tag, shared by its later chunks */
  unsigned activated;    /* loops that switched checking on */
  uintptr_t private_top; /* the running task's entry frame: its stack lies below */
};

/* Takes OMPT's ompt_get_task_info entry point (for the running task's stack frame). */
void loops_init(void (*get_task_info)(void));

/* The loop markers, applied to a task's loop state and its strand stack. Each may move
 * the task to another strand: the caller then refreshes its thread (thread_run).
 * task_checked: the task's accesses are checked already (a simd loop in serial code
 * switches checking on for itself). loop_iteration says what changed. */
void loop_begin(struct loop_state *ls, struct strand_stack *ss, bool task_checked, site_id site,
                uint32_t window, enum loop_kind kind);
enum iteration_change {
  ITERATION_UNTAGGED, /* not in a tagged loop: nothing changed */
  ITERATION_TAG,      /* only the running iteration's tag (ls->iter) changed */
  ITERATION_MOVED     /* a new segment: the task's strand moved */
};
enum iteration_change loop_iteration(struct loop_state *ls, struct strand_stack *ss,
                                     uint64_t logical_iteration);

/* The running iteration's tag from the loop's frame f. Tags are 32 bits: iterations
 * 2^32 - 1 apart share one (documented limit). */
static inline void loop_set_tag(struct loop_state *ls, const struct loop_frame *f,
                                uint64_t logical_iteration) {
  uint32_t tag = (uint32_t)(f->tag0 + logical_iteration);
  if (!tag)
    tag = 1;
  ls->iter = tag;
  if (tag >= ls->next_tag)
    ls->next_tag = tag + 1 ? tag + 1 : 1;
}

/* loop_iteration's common case, inline (every iteration's marker, each iteration of a
 * batch): a tagged loop whose running segment goes on, the task's strand still the one
 * the segment began in, so only the tag changes (ITERATION_TAG). False, having changed
 * nothing, in every other case: loop_iteration then. */
static inline bool loop_iteration_in_segment(struct loop_state *ls, const struct strand_stack *ss,
                                             uint64_t logical_iteration) {
  unsigned d = ls->depth;
  if (!d || d > LOOP_NEST_MAX)
    return false;
  const struct loop_frame *f = &ls->frame[d - 1];
  if (!f->tagged || ss->strand != f->segment)
    return false;
  loop_set_tag(ls, f, logical_iteration);
  return true;
}
void loop_end(struct loop_state *ls, struct strand_stack *ss);

/* What the hot path needs of a task's loops: the running iteration's tag, the loop's
 * window and first tag (sp_cache), and the bound below which the task's stack is
 * private to the running iteration (0: none). ls may be NULL (no task). */
struct loop_view {
  uint32_t iter, window, tag0;
  uintptr_t private_top;
};
struct loop_view loops_view(const struct loop_state *ls);

/* The running task's entry frame (OMPT's exit frame of the task): the task's own
 * locals and those of everything it calls lie below it. 0 when libomp does not say. */
uintptr_t task_entry_frame(void);

/* The kind of a W-node that hosts a tagged loop's iterations, for reports. */
enum construct_kind loop_construct_kind(enum loop_kind kind);

#endif
