/* OSPG construction for one task (seed section 3.3.1, Algorithms 4-8, here per task
 * rather than per thread, because a thread may suspend a task at a scheduling point and
 * run another). A task's stack holds the open container nodes, innermost on top; the
 * task's current strand (W-node) is always a child of the top. Each OpenMP event the
 * task meets turns into pushes, pops and a fresh strand.
 *
 * A task's children since its last taskwait hang under an ST-node; taskwait sets its
 * st_val to -1. Fast mode's query reads ST-nodes as S-nodes, which is exact when
 * taskwaits are fully nested; precise mode's query uses st_val (Algorithm 1). */
#ifndef OMPRACER_STRAND_STACK_H
#define OMPRACER_STRAND_STACK_H

#include "ospg.h"

#include <stdbool.h>

enum frame_kind {
  FR_BASE,      /* the task's own node: its P-node, if(0) S-node, or the root */
  FR_CHILDREN,  /* S: children created since the last taskwait (the seed's ST-node) */
  FR_TASKGROUP, /* S: a taskgroup region */
  FR_WORKSHARE, /* S: a worksharing loop or sections construct */
  FR_WORK_ITEM, /* P: the running chunk or section */
};

struct frame {
  node_id node;
  enum frame_kind kind;
};

struct strand_stack {
  struct frame *frames;
  unsigned depth, cap;
  unsigned open_workshares; /* FR_WORKSHARE frames among them */
  node_id strand;           /* the current W-node */
  /* Worksharing constructs begun so far (mod 2^16). Every thread of a team meets the
   * team's worksharing constructs in the same order, so two implicit tasks' nodes with
   * the same count (and directive) in one barrier phase are one construct instance,
   * whichever threads ran them (ospg_workshare.h). A barrier keeps the count. */
  uint16_t workshares;
  /* The loop whose iteration the task runs (iterations.c sets it; CK_NONE: none): a
   * new strand that continues the iteration (after a task creation, say) is labelled
   * with it, so that its tagged accesses are explained as the iteration's. Strands
   * after the loop are not. */
  uint8_t iteration_construct;
  site_id iteration_site;
  bool on_initial_thread; /* its strands are NODE_ON_INITIAL_THREAD */
  /* In a single construct's body (ss_single_begin): new strands are labelled
   * CK_SINGLE with its directive, unless an iteration label applies. */
  bool in_single;
  site_id single_site;
  /* The nodes this stack made that reclaiming needs (reclaim.h): with `own_on` (an
   * explicit task's) all of them, its task's P-node first; otherwise its children
   * groups and the strands right under them. `own_lost`: one could not be kept. */
  node_id *own;
  uint32_t nown, own_cap;
  bool own_on, own_lost;
  /* Ids this stack took from the shared counter for the nodes it made (its task's
   * creations' included; joined_ids.h): taken at the ospg call itself, so that ids
   * taken meanwhile by a signal handler's strand are never counted twice. */
  uint32_t ids_taken;
};

/* The children group a taskwait is about to close, when it is the only group it closes
 * and the running strand sits right under it (that strand then stands for the group's
 * finished subtree, reclaim.h); otherwise 0. */
node_id ss_closing_group(const struct strand_stack *s);

/* Starts a stack on a base node and opens the first strand under it. */
int ss_init(struct strand_stack *s, node_id base);
void ss_destroy(struct strand_stack *s);
node_id ss_top(const struct strand_stack *s);

/* Ends the current strand and opens a new one under the top container: any point
 * where the seed's construction starts a new fragment (single, masked, critical...). */
node_id ss_new_strand(struct strand_stack *s);

/* The stack's task runs on the initial thread, outside any parallel or teams region
 * (ospg.h, NODE_ON_INITIAL_THREAD): its current strand and every later one say so. */
void ss_mark_initial_thread(struct strand_stack *s);

/* Explicit task creation. Fills child (a fresh stack) and moves the parent on to its
 * continuation strand. An if(0) task is in series with the continuation. */
int ss_task_create(struct strand_stack *parent, struct strand_stack *child, site_id site, bool if0);
/* Opens a new children group under the current one and returns its node: the place
 * for what must follow some of the earlier children (taskwait depend). */
node_id ss_open_children(struct strand_stack *s);
/* Whether the task has children it has not waited for (seed Algorithm 17: a task
 * that ends so makes fast mode unsafe). */
bool ss_has_unwaited_children(const struct strand_stack *s);
/* The task's body ended (its node says so: NODE_ENDED). Returns whether it left
 * children unwaited; then they may outlive every group above the task, and those
 * groups are tainted (ospg_sealed). */
bool ss_task_end(const struct strand_stack *s);
/* The innermost worksharing construct (loop, sections or distribute) the task is in;
 * 0: none. Inline: asked on every access to a confined slot (hooks.c), where the
 * answer is mostly none, known without a look at the frames. */
static inline node_id ss_enclosing_workshare(const struct strand_stack *s) {
  if (!s->open_workshares)
    return 0;
  for (unsigned i = s->depth; i-- > 1;)
    if (s->frames[i].kind == FR_WORKSHARE)
      return s->frames[i].node;
  return 0;
}
/* A taskwait begins: records its directive in the children groups it will close,
 * for explanations (the directive is known at its beginning only). */
void ss_taskwait_begin(struct strand_stack *s, site_id site);
/* taskwait: the children created since the last taskwait are joined; a new strand
 * begins, unless no children group was open (then the current strand is kept). */
void ss_taskwait(struct strand_stack *s);
void ss_taskgroup_begin(struct strand_stack *s, site_id site);
void ss_taskgroup_end(struct strand_stack *s);
/* A target region run on the host: like a taskgroup, its end waits for every task
 * created in it (and their descendants), but its tasks are not siblings of the
 * task's others (its node is no sibling container for dependences). */
void ss_target_begin(struct strand_stack *s);
void ss_target_end(struct strand_stack *s);

/* Worksharing loop or sections: begin, one work item per chunk or section, end. */
void ss_workshare_begin(struct strand_stack *s, enum construct_kind kind, site_id site);
void ss_work_item(struct strand_stack *s, enum construct_kind item_kind);
void ss_workshare_end(struct strand_stack *s);

/* A single construct, met by every thread of the team: each counts it among the
 * team's worksharing constructs (so that explanations can tell code after it from
 * code before it) and goes on in a new strand; the executor's strands up to
 * ss_single_end are labelled as its body. */
void ss_single_begin(struct strand_stack *s, site_id site, bool executor);
void ss_single_end(struct strand_stack *s);

/* Replaces the whole stack by a new base (a barrier starts a new implicit-task
 * P-node) and opens its first strand. */
void ss_rebase(struct strand_stack *s, node_id base);

#endif
