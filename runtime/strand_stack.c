#include "strand_stack.h"

#include "skip_window.h"
#include "task_nesting.h"

#include <stdatomic.h>
#include <stdlib.h>

static int push(struct strand_stack *s, node_id node, enum frame_kind kind) {
  if (s->depth == s->cap) {
    unsigned cap = s->cap ? s->cap * 2 : 8;
    struct frame *f = realloc(s->frames, cap * sizeof *f);
    if (!f)
      return -1;
    s->frames = f;
    s->cap = cap;
  }
  s->frames[s->depth++] = (struct frame){node, kind};
  skip_window_close(); /* a worksharing construct may have opened */
  s->open_workshares += kind == FR_WORKSHARE;
  return 0;
}

/* Pops the frames above `depth` (every pop goes through here: open_workshares). */
static void pop_to(struct strand_stack *s, unsigned depth) {
  while (s->depth > depth)
    s->open_workshares -= s->frames[--s->depth].kind == FR_WORKSHARE;
}

static enum frame_kind top_kind(const struct strand_stack *s) {
  return s->frames[s->depth - 1].kind;
}

/* Keeps a node this stack made in its own-node list (reclaim.h): every node of an
 * explicit task's; of another task's, the children groups it opens and the strands it
 * runs right under them (its code between task creations), which its taskwait can
 * give back. */
static void keep_own(struct strand_stack *s, node_id n) {
  bool under_group = s->depth > 1 && top_kind(s) == FR_CHILDREN;
  if (!(s->own_on || under_group) || n == ospg_root())
    return;
  if (s->nown == s->own_cap) {
    uint32_t cap = s->own_cap ? s->own_cap * 2 : 8;
    node_id *own = realloc(s->own, cap * sizeof *own);
    if (!own) {
      s->own_lost = true;
      return;
    }
    s->own = own;
    s->own_cap = cap;
  }
  s->own[s->nown++] = n;
}

/* Adds a container under the top and pushes it. */
static void open_container(struct strand_stack *s, enum node_type type,
                           enum construct_kind construct, enum frame_kind kind, site_id site) {
  node_id n = ospg_add_counted(ss_top(s), type, construct, site, &s->ids_taken);
  /* Out of memory: new strands stay under the old top, which only merges strands. */
  if (push(s, n, kind) == 0)
    keep_own(s, n);
  else if (s->own_on)
    s->own_lost = true;
}

/* open_container, then a new strand in it: the two nodes take their ids at once
 * (ospg_reserve; a loop's chunks each make a work item and its strand). */
static void open_with_strand(struct strand_stack *s, enum node_type type,
                             enum construct_kind construct, enum frame_kind kind, site_id site) {
  ospg_reserve(2);
  s->ids_taken += 2;
  open_container(s, type, construct, kind, site);
  ss_new_strand(s);
  ospg_reserve_end();
}

/* Pops frames down to and including the innermost one of `kind`, if there is one
 * above the base. */
static void close_through(struct strand_stack *s, enum frame_kind kind) {
  unsigned i = s->depth;
  while (i > 1 && s->frames[i - 1].kind != kind)
    i--;
  if (i > 1)
    pop_to(s, i - 1);
}

int ss_init(struct strand_stack *s, node_id base) {
  s->frames = NULL;
  s->strand = 0;
  s->depth = s->cap = 0;
  s->open_workshares = 0;
  s->workshares = 0;
  s->iteration_construct = CK_NONE;
  s->iteration_site = 0;
  s->on_initial_thread = false;
  s->in_single = false;
  s->single_site = 0;
  s->own = NULL;
  s->nown = s->own_cap = 0;
  s->own_on = s->own_lost = false;
  s->ids_taken = 0;
  if (push(s, base, FR_BASE))
    return -1;
  ss_new_strand(s);
  return 0;
}

void ss_destroy(struct strand_stack *s) {
  free(s->frames);
  s->frames = NULL;
  free(s->own);
  s->own = NULL;
  s->nown = s->own_cap = 0;
  s->depth = s->cap = 0;
  s->open_workshares = 0;
}

node_id ss_top(const struct strand_stack *s) {
  return s->frames[s->depth - 1].node;
}

/* What a strand opened now would carry besides its parent: its construct label and
 * site, its worksharing count and its flags. */
struct strand_label {
  enum construct_kind kind;
  site_id site;
  uint16_t instance;
  uint8_t flags;
};

static struct strand_label next_label(const struct strand_stack *s) {
  bool single = s->in_single && s->iteration_construct == CK_NONE;
  /* A single's body strand carries the single's own count, as a worksharing S-node
   * does: the constructs begun before it. */
  return (struct strand_label){.kind =
                                   single ? CK_SINGLE : (enum construct_kind)s->iteration_construct,
                               .site = single ? s->single_site : s->iteration_site,
                               .instance = single ? (uint16_t)(s->workshares - 1) : s->workshares,
                               .flags = s->on_initial_thread ? NODE_ON_INITIAL_THREAD : 0};
}

node_id ss_new_strand(struct strand_stack *s) {
  struct strand_label l = next_label(s);
  s->strand = ospg_add_counted(ss_top(s), NODE_W, l.kind, l.site, &s->ids_taken);
  if (s->strand == ospg_root()) /* the root stands in for every node once the arena is full */
    return s->strand;
  keep_own(s, s->strand);
  ospg_node(s->strand)->instance = l.instance;
  ospg_node(s->strand)->flags = l.flags;
  return s->strand;
}

/* Whether a new strand would be the current one over again: the current strand is the
 * top container's last child and would carry the same label. Then every query answers
 * for the new strand as for the current one (same parent, and no sibling between them
 * whose order could tell them apart), and so does every explanation. */
static bool new_strand_is_current(const struct strand_stack *s) {
  if (!s->strand || s->strand == ospg_root())
    return false;
  const struct ospg_node *w = ospg_node(s->strand);
  struct strand_label l = next_label(s);
  return w->parent == ss_top(s) &&
         w->order + 1 ==
             atomic_load_explicit(&ospg_node(w->parent)->nchildren, memory_order_relaxed) &&
         w->construct == l.kind && w->site == l.site && w->instance == l.instance &&
         w->flags == l.flags;
}

void ss_mark_initial_thread(struct strand_stack *s) {
  s->on_initial_thread = true;
  if (s->strand && s->strand != ospg_root())
    ospg_node(s->strand)->flags |= NODE_ON_INITIAL_THREAD;
}

int ss_task_create(struct strand_stack *parent, struct strand_stack *child, site_id site,
                   bool if0) {
  /* An if(0) task is finished before the parent goes on: it needs no children group
   * (and so never counts as a child the parent did not wait for). */
  bool group = top_kind(parent) != FR_CHILDREN && !if0;
  /* The nodes made here, one after the other (the group, if one is opened, the task's
   * node, its first strand and the creator's next strand), take their ids at once: one
   * trip of the shared counter's line between the cores instead of three or four (BOTS
   * uts, 4 M tasks: 0.98x, docs/design.md, step 2). */
  ospg_reserve(group ? 4 : 3);
  /* The task's node and first strand count as the child's (ids_taken): a child never
   * waited for must leave its creator's counts short (joined_ids.h). */
  parent->ids_taken += group ? 2 : 1;
  if (group)
    open_container(parent, NODE_ST, CK_TASK_GROUP, FR_CHILDREN, 0);
  /* A P-node runs in parallel with everything created after it under the same
   * parent: the continuation and later siblings. An if(0) task's own code must finish
   * before the continuation, but the tasks it creates and does not wait for need not:
   * it gets an ST-node that no taskwait ever closes (st_val 0). Its own strands are
   * then in series with what follows (their st_val sum is 0), its unwaited children
   * parallel with it (their P-node adds 1) in precise mode (Algorithm 1); fast mode
   * reads it as an S-node. Earlier siblings (P-nodes to its left) stay parallel. */
  node_id base =
      ospg_add(ss_top(parent), if0 ? NODE_ST : NODE_P, if0 ? CK_TASK_IF0 : CK_TASK, site);
  int rc = ss_init(child, base);
  child->ids_taken = 2;
  if (rc == 0 && ospg_reclaim_allowed()) {
    child->own_on = true;
    keep_own(child, base);
    keep_own(child, child->strand);
  }
  ss_new_strand(parent);
  ospg_reserve_end();
  return rc;
}

node_id ss_open_children(struct strand_stack *s) {
  open_container(s, NODE_ST, CK_TASK_GROUP, FR_CHILDREN, 0);
  return ss_top(s);
}

bool ss_has_unwaited_children(const struct strand_stack *s) {
  for (unsigned i = 1; i < s->depth; i++)
    if (s->frames[i].kind == FR_CHILDREN)
      return true;
  return false;
}

bool ss_task_end(const struct strand_stack *s) {
  bool unwaited = ss_has_unwaited_children(s);
  if (unwaited) {
    ospg_taint_above(s->frames[0].node);
    nesting_task_abandoned();
  }
  ospg_set_flag(s->frames[0].node, NODE_ENDED);
  return unwaited;
}

void ss_taskwait_begin(struct strand_stack *s, site_id site) {
  for (unsigned i = s->depth; i > 1 && s->frames[i - 1].kind == FR_CHILDREN; i--)
    if (s->frames[i - 1].node != ospg_root())
      ospg_node(s->frames[i - 1].node)->site = site;
}

node_id ss_closing_group(const struct strand_stack *s) {
  if (s->depth < 2 || top_kind(s) != FR_CHILDREN || s->frames[s->depth - 2].kind == FR_CHILDREN)
    return 0;
  node_id group = ss_top(s);
  return s->strand && ospg_node(s->strand)->parent == group ? group : 0;
}

void ss_taskwait(struct strand_stack *s) {
  bool closed = false;
  while (s->depth > 1 && top_kind(s) == FR_CHILDREN) {
    ospg_mark_waited(ss_top(s));
    pop_to(s, s->depth - 1);
    closed = true;
  }
  /* A taskwait that closes no children group orders nothing the current strand is not
   * already ordered with (a leaf task's taskwait, in a task recursion: most tasks'):
   * it keeps its strand rather than keep a node that answers every query alike. */
  if (closed || !new_strand_is_current(s))
    ss_new_strand(s);
}

void ss_taskgroup_begin(struct strand_stack *s, site_id site) {
  /* Opened inside the current children group (if any), so that earlier children stay
   * parallel with the taskgroup's body. */
  open_with_strand(s, NODE_S, CK_TASKGROUP, FR_TASKGROUP, site);
}

void ss_taskgroup_end(struct strand_stack *s) {
  close_through(s, FR_TASKGROUP);
  ss_new_strand(s);
}

void ss_target_begin(struct strand_stack *s) {
  open_with_strand(s, NODE_S, CK_TARGET_REGION, FR_TASKGROUP, 0);
}

void ss_target_end(struct strand_stack *s) {
  close_through(s, FR_TASKGROUP);
  ss_new_strand(s);
}

void ss_workshare_begin(struct strand_stack *s, enum construct_kind kind, site_id site) {
  open_container(s, NODE_S, kind, FR_WORKSHARE, site);
  node_id ws = ss_top(s);
  uint16_t instance = s->workshares++;
  if (ws != ospg_root()) /* the root stands in for every node once the arena is full */
    ospg_node(ws)->instance = instance;
  ss_new_strand(s);
}

void ss_work_item(struct strand_stack *s, enum construct_kind item_kind) {
  if (top_kind(s) == FR_WORK_ITEM)
    pop_to(s, s->depth - 1);
  /* Tasks created inside a chunk and not yet joined stay under the chunk. */
  while (s->depth > 1 && top_kind(s) != FR_WORKSHARE)
    pop_to(s, s->depth - 1);
  if (top_kind(s) != FR_WORKSHARE)
    return; /* a chunk outside a loop we saw begin: keep the current strand */
  node_id ws = ss_top(s);
  open_with_strand(s, NODE_P, item_kind, FR_WORK_ITEM, ospg_node(ws)->site);
}

void ss_workshare_end(struct strand_stack *s) {
  close_through(s, FR_WORKSHARE);
  ss_new_strand(s);
}

void ss_single_begin(struct strand_stack *s, site_id site, bool executor) {
  s->workshares++;
  s->in_single = executor;
  s->single_site = executor ? site : 0;
  ss_new_strand(s);
}

void ss_single_end(struct strand_stack *s) {
  s->in_single = false;
  s->single_site = 0;
  ss_new_strand(s);
}

void ss_rebase(struct strand_stack *s, node_id base) {
  pop_to(s, 0);
  s->nown = 0; /* an implicit task's: its groups ended with the barrier phase */
  push(s, base, FR_BASE);
  ss_new_strand(s);
}
