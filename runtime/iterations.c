#include "iterations.h"

#include "skip_window.h"
#include "strand_stack.h"

#include <omp-tools.h>

static ompt_get_task_info_t g_get_task_info;

void loops_init(void (*get_task_info)(void)) {
  g_get_task_info = (ompt_get_task_info_t)get_task_info;
}

enum construct_kind loop_construct_kind(enum loop_kind kind) {
  return (enum construct_kind)(CK_ITER_FOR + kind);
}

/* The running task's entry frame (the runtime's frame that called its code): the
 * task's own locals and those of everything it calls live below it. 0 when libomp
 * does not say (the initial task): then no stack memory counts as private. */
uintptr_t task_entry_frame(void) {
  int flags, thread_num;
  ompt_data_t *task_data, *parallel_data;
  ompt_frame_t *frame = NULL;
  if (!g_get_task_info ||
      !g_get_task_info(0, &flags, &task_data, &frame, &parallel_data, &thread_num) || !frame)
    return 0;
  return (uintptr_t)frame->exit_frame.ptr;
}

/* The directive a loop's reports name. Worksharing and distribute loops take their
 * construct's node's site and taskloop tasks their task's, so that a race found
 * between two chunks (by the OSPG) and one found inside a chunk (by tags) read alike. */
static site_id loop_site(const struct strand_stack *s, site_id site, enum loop_kind kind) {
  site_id from_node = 0;
  if (kind == LOOP_TASKLOOP)
    from_node = ospg_node(s->frames[0].node)->site;
  else if (kind == LOOP_FOR || kind == LOOP_DISTRIBUTE)
    from_node = ospg_node(ss_enclosing_workshare(s))->site;
  return from_node ? from_node : site;
}

/* Names the loop a strand's tagged accesses belong to, for reports, and makes the
 * task's next strands inherit the name until the loop ends. */
static void label_strand(struct strand_stack *ss, const struct loop_frame *f) {
  ss->iteration_construct = (uint8_t)loop_construct_kind((enum loop_kind)f->kind);
  ss->iteration_site = f->site;
  node_id w = ss->strand;
  if (w == ospg_root()) /* the root stands in for every node once the arena is full */
    return;
  ospg_node(w)->construct = ss->iteration_construct;
  ospg_node(w)->site = ss->iteration_site;
}

/* The loop ended: the strands after it are no iteration's. The current one keeps its
 * name: its tagged accesses were made in the iterations. */
static void stop_labelling(struct strand_stack *ss) {
  ss->iteration_construct = CK_NONE;
  ss->iteration_site = 0;
}

/* Makes the task's current strand host f's iterations (a segment begins there). */
static void host(struct loop_state *ls, struct strand_stack *ss, struct loop_frame *f) {
  node_id w = ss->strand;
  label_strand(ss, f);
  f->segment = w;
  if (ls->tagged_strand != w) {
    ls->tagged_strand = w;
    ls->next_tag = 1;
  }
}

/* The innermost frame whose tags are in use, or NULL. */
static const struct loop_frame *top_tagged(const struct loop_state *ls) {
  unsigned d = ls->depth < LOOP_NEST_MAX ? ls->depth : LOOP_NEST_MAX;
  while (d--)
    if (ls->frame[d].tagged)
      return &ls->frame[d];
  return NULL;
}

/* Inside a worksharing loop, taskloop or distribute loop (also in a simd loop nested
 * in one), the task's stack belongs to whichever thread runs the iteration. Only a
 * simd loop on its own shares its task's stack among lanes. */
static bool in_worksharing_loop(const struct loop_state *ls) {
  unsigned d = ls->depth < LOOP_NEST_MAX ? ls->depth : LOOP_NEST_MAX;
  while (d--)
    if (ls->frame[d].kind != LOOP_SIMD)
      return true;
  return false;
}

struct loop_view loops_view(const struct loop_state *ls) {
  const struct loop_frame *f = ls ? top_tagged(ls) : NULL;
  return (struct loop_view){.iter = f ? ls->iter : 0,
                            .window = f ? f->window : 0,
                            .tag0 = f ? f->tag0 : 1,
                            .private_top = ls && in_worksharing_loop(ls) ? ls->private_top : 0};
}

void loop_begin(struct loop_state *ls, struct strand_stack *ss, bool task_checked, site_id site,
                uint32_t window, enum loop_kind kind) {
  skip_window_close(); /* the task's strands may no longer be in series */
  unsigned d = ls->depth++;
  if (d >= LOOP_NEST_MAX)
    return;
  struct loop_frame *f = &ls->frame[d];
  /* A loop inside a simd iteration (only simd or loop constructs can be there) keeps
   * the simd iteration's tag: its own iterations are in series. */
  bool in_simd = d > 0 && ls->frame[d - 1].kind == LOOP_SIMD && ls->frame[d - 1].tagged;
  *f = (struct loop_frame){.outer_iter = ls->iter,
                           .window = kind == LOOP_SIMD ? window : 0,
                           .kind = (uint8_t)kind,
                           .tagged = !in_simd};
  if (in_simd)
    return;
  f->site = loop_site(ss, site, kind);
  /* simd lanes run concurrently even in serial code: check the loop there too. */
  if (kind == LOOP_SIMD && !task_checked) {
    f->activated = true;
    ls->activated++;
  }
  if (kind == LOOP_TASKLOOP) {
    /* A node of its own for segments: the task's iterations may create tasks. */
    ss_workshare_begin(ss, CK_LOOP, f->site);
    ss_work_item(ss, CK_CHUNK);
    f->own_workshare = true;
  } else if (ls->iter) {
    ss_new_strand(ss); /* nested in an iteration: our tags must not meet its */
  }
  /* A static schedule with chunks hands a thread several chunks of one loop without a
   * dispatch event between them: the loop code begins once per chunk, in the same
   * strand. Logical iteration numbers count over the whole loop, so the chunks keep
   * the first chunk's tag0: their iterations stay parallel with each other. */
  node_id ws = kind == LOOP_FOR || kind == LOOP_DISTRIBUTE ? ss_enclosing_workshare(ss) : 0;
  bool next_chunk = ws && ws == ls->ws_node && ls->tagged_strand == ss->strand && !ls->iter;
  host(ls, ss, f);
  f->tag0 = next_chunk ? ls->ws_tag0 : ls->next_tag; /* else above every earlier instance */
  if (ws && !next_chunk) {
    ls->ws_node = ws;
    ls->ws_tag0 = f->tag0;
  }
  ls->iter = 0;
  ls->private_top = task_entry_frame();
}

/* The iteration begins in another strand than its segment did: earlier iterations
 * created nodes. A new work item keeps it parallel with them. */
static void new_segment(struct loop_state *ls, struct strand_stack *ss, struct loop_frame *f) {
  if (f->kind != LOOP_SIMD)
    ss_work_item(ss, CK_CHUNK);
  host(ls, ss, f);
}

enum iteration_change loop_iteration(struct loop_state *ls, struct strand_stack *ss,
                                     uint64_t logical_iteration) {
  if (loop_iteration_in_segment(ls, ss, logical_iteration))
    return ITERATION_TAG;
  if (!ls->depth || ls->depth > LOOP_NEST_MAX || !ls->frame[ls->depth - 1].tagged)
    return ITERATION_UNTAGGED;
  struct loop_frame *f = &ls->frame[ls->depth - 1];
  new_segment(ls, ss, f);
  loop_set_tag(ls, f, logical_iteration);
  return ITERATION_MOVED;
}

void loop_end(struct loop_state *ls, struct strand_stack *ss) {
  if (!ls->depth)
    return;
  unsigned d = --ls->depth;
  if (d >= LOOP_NEST_MAX || !ls->frame[d].tagged)
    return;
  struct loop_frame *f = &ls->frame[d];
  if (f->activated)
    ls->activated--;
  if (f->own_workshare)
    ss_workshare_end(ss);
  else if (f->outer_iter)
    ss_new_strand(ss); /* the rest of the outer iteration is in series with us */
  ls->iter = f->outer_iter;
  /* The outer loop's next iteration sees the strand moved and starts a segment. */
  const struct loop_frame *outer = f->outer_iter ? top_tagged(ls) : NULL;
  if (outer)
    label_strand(ss, outer);
  else
    stop_labelling(ss);
}
