#include "thread_state.h"

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
