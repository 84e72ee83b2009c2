#include "thread_state.h"

#include "access.h"
#include "ompracer/hooks.h"

#include <dlfcn.h>
#include <pthread.h>

OMPR_TLS struct thread_state t_self;
atomic_bool g_hooks_seen;

/* simd loops and host target regions need no OpenMP runtime call, so a program can
 * meet them before libomp (and with it this tool) started. Asking libomp anything
 * starts both. */
static void start_openmp(void) {
  static atomic_bool asked;
  if (atomic_exchange(&asked, true))
    return;
  int (*get_max_threads)(void) = (int (*)(void))dlsym(RTLD_DEFAULT, "omp_get_max_threads");
  if (get_max_threads)
    (void)get_max_threads();
}

void thread_loop_begin(site_id site, uint32_t window, enum loop_kind kind) {
  if (!t_self.task)
    start_openmp();
  struct task_rec *rec = t_self.task;
  if (!rec)
    return;
  loop_begin(&rec->loops, &rec->ss, rec->checked, site, window, kind);
  thread_run(rec);
}

void thread_loop_iteration_moved(uint64_t logical_iteration) {
  struct task_rec *rec = t_self.task;
  switch (loop_iteration(&rec->loops, &rec->ss, logical_iteration)) {
  case ITERATION_MOVED: thread_run(rec); break;
  case ITERATION_TAG: t_self.cache.iter = rec->loops.iter; break;
  case ITERATION_UNTAGGED: break;
  }
}

void thread_loop_end(void) {
  struct task_rec *rec = t_self.task;
  if (!rec)
    return;
  loop_end(&rec->loops, &rec->ss);
  thread_run(rec);
}

void thread_section_begin(void) {
  struct task_rec *rec = t_self.task;
  if (!rec)
    return;
  ss_work_item(&rec->ss, CK_SECTION);
  thread_run(rec);
}

void thread_target_begin(void) {
  if (!t_self.task) /* the region's tasks start libomp: the region must be open by then */
    start_openmp();
  struct task_rec *rec = t_self.task;
  if (!rec)
    return;
  ss_target_begin(&rec->ss);
  thread_run(rec);
}

void thread_target_end(void) {
  struct task_rec *rec = t_self.task;
  if (!rec)
    return;
  ss_target_end(&rec->ss);
  thread_run(rec);
}

/* The thread's copy of the members' entry strands while it combines for them. */
static OMPR_TLS node_id *t_combine_buf;
static OMPR_TLS uint32_t t_combine_cap;

/* The entry answered. Answer 1: this thread writes the original variables until the
 * exit, a combining step (atomic) although libomp may send no reduction event for it
 * (a team of one, or the tree method's master; the critical method sends one). When
 * it combines for every member (tree method), its accesses stand for each member's
 * part. */
static void reduction_entered(struct task_rec *rec, uint32_t method) {
  rec->reduce_step = REDUCE_OUTSIDE;
  uint32_t seq = ++rec->reductions;
  if (method != 1)
    return;
  t_self.combining = ACCESS_ATOMIC;
  thread_refresh_plain();
  if (!rec->reduce_barrier || !rec->team)
    return;
  t_self.ncombine_for = team_reduction_strands(rec->team, seq, &t_combine_buf, &t_combine_cap);
  t_self.combine_for = t_combine_buf;
  t_self.combine_own_top = task_entry_frame();
  thread_refresh_plain();
}

void thread_reduction(uint32_t step, uint32_t method) {
  struct task_rec *rec = t_self.task;
  if (!rec)
    return;
  switch (step) {
  case OMPRACER_REDUCE_ENTER:
    rec->reduce_step = REDUCE_ENTERING;
    rec->reduce_barrier = false;
    if (rec->team)
      team_reduction_enter(rec->team, rec->reductions + 1, rec->ss.strand);
    break;
  case OMPRACER_REDUCE_METHOD: reduction_entered(rec, method); break;
  case OMPRACER_REDUCE_FINISH: rec->reduce_step = REDUCE_FINISHING; break;
  default: /* the exit returned: libomp's own combining events are over too */
    rec->reduce_step = REDUCE_OUTSIDE;
    t_self.ncombine_for = 0;
    t_self.combining = 0;
    thread_refresh_plain();
    break;
  }
}

void thread_stack_bounds(uintptr_t *low, uintptr_t *high) {
  static OMPR_TLS uintptr_t lo, hi;
  static OMPR_TLS bool known;
  if (!known) {
    pthread_attr_t attr;
    void *addr;
    size_t size;
    if (!pthread_getattr_np(pthread_self(), &attr)) {
      if (!pthread_attr_getstack(&attr, &addr, &size)) {
        lo = (uintptr_t)addr;
        hi = lo + size;
      }
      pthread_attr_destroy(&attr);
    }
    known = true;
  }
  *low = lo;
  *high = hi;
}

/* Whether strand w lies inside a distribute loop of the league whose region is
 * `league`: then its iteration tags are one team's each. */
static bool inside_distribute(node_id w, node_id league) {
  for (node_id n = w; n && n != league && n != ospg_root(); n = ospg_node(n)->parent) {
    unsigned ck = ospg_node(n)->construct;
    if (ck == CK_DISTRIBUTE || ck == CK_DIST_CHUNK)
      return true;
  }
  return false;
}

void thread_view_other_teams(struct task_rec *task) {
  struct team *league = task->team->assumed;
  struct other_teams *o = &t_self.other;
  if (task->twin_of != task->ss.strand) { /* one twin per strand, made by its task */
    task->twin = ospg_add(league->absent_teams, NODE_W, CK_NONE, 0);
    task->twin_of = task->ss.strand;
  }
  o->twin = task->twin;
  o->league = task->team->assumed;
  o->in_distribute = inside_distribute(task->ss.strand, league->region);
  o->team_low = league->stack_low;
  o->team_top = league->entry_frame;
  thread_stack_bounds(&o->own_low, &o->own_top);
  /* The league's own thread shares its stack above the fork with the program. */
  if (o->own_low == league->stack_low)
    o->own_low = o->own_top = 0;
  sp_cache_switch(&o->cache, o->twin);
}
