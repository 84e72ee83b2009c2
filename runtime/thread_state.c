#include "thread_state.h"

#include "access.h"
#include "ompracer/hooks.h"

#include <dlfcn.h>

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

void thread_loop_iteration(uint64_t logical_iteration) {
  struct task_rec *rec = t_self.task;
  if (!rec)
    return;
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

/* The entry answered: when this thread combines for every member (tree method), its
 * combining accesses stand for each member's part. */
static void reduction_entered(struct task_rec *rec, uint32_t method) {
  rec->reduce_step = REDUCE_OUTSIDE;
  uint32_t seq = ++rec->reductions;
  if (method != 1 || !rec->reduce_barrier || !rec->team)
    return;
  t_self.ncombine_for = team_reduction_strands(rec->team, seq, &t_combine_buf, &t_combine_cap);
  t_self.combine_for = t_combine_buf;
  if (t_self.ncombine_for) /* libomp sends no reduction event for this step */
    t_self.combining = ACCESS_ATOMIC;
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
  case OMPRACER_REDUCE_FINISH:
    rec->reduce_step = REDUCE_FINISHING;
    if (t_self.ncombine_for) {
      t_self.ncombine_for = 0;
      t_self.combining = 0;
    }
    break;
  default: rec->reduce_step = REDUCE_OUTSIDE; break;
  }
}
