/* The running task of each thread: the task record the tool keeps for every OpenMP
 * task, and the thread's copy of what the hot path needs (current strand, lockset,
 * iteration tag, isParallel memo). OMPT callbacks (ompt_events.c) and the hooks
 * (hooks.c) change the running task through this layer; the per-access hook reads
 * only t_self. */
#ifndef OMPRACER_THREAD_STATE_H
#define OMPRACER_THREAD_STATE_H

#include "iterations.h"
#include "joined_ids.h"
#include "lockset.h"
#include "options.h"
#include "reclaim.h"
#include "skip_window.h"
#include "sp_query.h"
#include "strand_stack.h"
#include "task_deps.h"
#include "team.h"
#include "tls.h"

#include <stdatomic.h>
#include <stdbool.h>

/* What the tool keeps for each OpenMP task (hung on OMPT's task_data->ptr). */
struct task_rec {
  struct strand_stack ss;
  struct dep_map deps;     /* its children's depend clauses */
  struct team *team;       /* innermost enclosing parallel region; NULL for the initial task */
  struct team *forked;     /* the region it encountered and that has not ended */
  uint32_t phase;          /* barrier phase of an implicit task */
  bool initial;            /* the program's initial task */
  bool checked;            /* its accesses are checked: in a parallel region, or it made tasks */
  lockset_id locks;        /* held while it runs (precise mode): depend(mutexinoutset), and
                              the locks held around its parallel region (lockset.h) */
  bool final;              /* created with final(true): its descendants are included tasks */
  struct loop_state loops; /* tagged loops it is running (iterations.h) */
  bool joining;            /* an implicit task in its region's join barrier: no code left */
  uint32_t reductions;     /* reductions it entered (the team's sequence number) */
  uint8_t reduce_step;     /* enum reduce_step: where it is in a reduction's entry or exit */
  bool reduce_barrier;     /* a barrier ran inside the entry: libomp's tree method */
  node_id twin, twin_of;   /* in an assumed league: the twin of strand twin_of */
  /* Reclaiming finished tasks' nodes (reclaim.h): the task that created this one, its
   * ended children's blocks, whether it ended with children unwaited, and the
   * references that keep this record (its own, and one per child that has not ended). */
  struct task_rec *creator;
  struct reclaim_inbox inbox;
  bool unwaited;
  _Atomic uint32_t refs;
  struct joined_ids joined; /* ids its strands are known to follow (zero: none, and a
                               window from id 0 for a task no task created) */
};

/* Where a task is in a reduction's runtime calls (hooks.h, __ompracer_reduction).
 * libomp's barriers inside them are not barriers of the program: a reduction with
 * nowait has none, and one without is followed by the construct's own barrier. */
enum reduce_step { REDUCE_OUTSIDE, REDUCE_ENTERING, REDUCE_FINISHING };

/* In a league of one team checked as if it had more (team.h, assumed), each access
 * is checked twice: as itself, and as the same access made by another team, on a
 * twin of its strand under the node of the teams that did not run (parallel with
 * the team that ran). The twin holds no lock: critical sections and locks exclude
 * each other only within a team. A distribute loop's iteration runs in one team
 * only, so in a strand inside a distribute loop an access and a twin of the same
 * strand and iteration tag do not race; and memory on the team's own stack (the
 * league's thread below the fork, and the team's other threads' stacks) or in a heap
 * block it allocated (team.h) is each team's own: it gets no twin. */
struct other_teams {
  node_id twin;                 /* the running strand's twin; 0: not in an assumed league */
  struct team *league;          /* the assumed league */
  bool in_distribute;           /* the running strand is inside a distribute loop */
  uintptr_t team_low, team_top; /* the league thread's stack below the fork */
  uintptr_t own_low, own_top;   /* this thread's stack, when it is another thread */
  lockset_id atomic_lockset;    /* {LOCK_ATOMIC}, once computed */
  struct sp_cache cache;        /* the twin's isParallel memo */
};

struct thread_state {
  bool active;                /* checking accesses of the current task */
  bool plain;                 /* active, and no hook filter applies (thread_refresh_plain) */
  node_id strand;             /* the current task's current strand */
  struct task_rec *task;      /* the task running on this thread */
  site_id pending_site;       /* directive announced by __ompracer_construct */
  const char *pending_name;   /* critical(NAME): __ompracer_critical_name */
  bool pending_if0;           /* the next task created is if(0) */
  bool pending_num_teams;     /* the next teams construct has a num_teams clause */
  site_id taskloop_site;      /* inside a taskloop: the site of the tasks libomp creates */
  uint32_t combining;         /* ACCESS_ATOMIC inside a reduction's combining step */
  const node_id *combine_for; /* combining for the team: each member's entry strand */
  uint32_t ncombine_for;      /* how many; 0: accesses are this strand's own */
  uintptr_t combine_own_top;  /* the combining task's own stack lies below (its copies) */
  lockset_id held;            /* locks this thread took (critical, omp locks, ordered) */
  lockset_id lockset;         /* held plus the running task's locks (precise mode) */
  lockset_id lockset_atomic;  /* the same plus LOCK_ATOMIC */
  uintptr_t private_top;      /* the running task's stack memory lies below (iterations.h) */
  struct sp_cache cache;      /* with the running iteration's tag */
  struct other_teams other;   /* an assumed league's second check */
};

extern OMPR_TLS struct thread_state t_self;
extern atomic_bool g_hooks_seen; /* instrumented code ran (for the not-started check) */

/* Recomputes t_self.plain, after any change of the fields it sums up: whether the
 * thread's accesses are checked (active) and none of the hooks' per-thread filters
 * applies to them: no lock held (the hand-off test and locksets), no reduction
 * combined (atomic, or for the team's members), no assumed league's twin, and no
 * iteration's private stack (outside worksharing loops and taskloops). Then an access
 * outside the confined slots' bounds is its own strand's plain check (hooks.c,
 * plain_access), one load instead of a test per filter. */
static inline void thread_refresh_plain(void) {
  skip_window_close(); /* what it sums up may have changed */
  t_self.plain = t_self.active && !t_self.lockset && !t_self.combining && !t_self.ncombine_for &&
                 !t_self.other.twin && !t_self.private_top;
}

/* Recomputes the lockset of this thread's accesses: the locks it took plus its running
 * task's (lockset_effective: a lock held around the task's parallel region counts as
 * the region's token). */
static inline void thread_update_lockset(void) {
  struct task_rec *task = t_self.task;
  lockset_id effective = lockset_effective(t_self.held, task ? task->locks : 0);
  if (effective != t_self.lockset) {
    t_self.lockset = effective;
    /* Here, not at the next atomic access: a signal handler's access must not be the
     * first to ask for a set (lockset_with_atomic). */
    t_self.lockset_atomic = effective ? lockset_with_atomic(effective) : 0;
    thread_refresh_plain();
  }
}

/* Sets up t_self.other for a task inside an assumed league (team.h). */
void thread_view_other_teams(struct task_rec *task);

/* Makes `task` the running task of this thread and picks up its current strand, its
 * running iteration and its lockset. */
static inline void thread_run(struct task_rec *task) {
  t_self.task = task;
  t_self.strand = task ? task->ss.strand : 0;
  t_self.active =
      task && !task->joining && (task->checked || task->loops.activated) && mode_checks_accesses();
  sp_cache_switch(&t_self.cache, t_self.strand);
  t_self.cache.follows = task ? &task->joined.follows : NULL;
  struct loop_view v = loops_view(task ? &task->loops : NULL);
  t_self.cache.iter = v.iter;
  t_self.cache.window = v.window;
  t_self.cache.tag0 = v.tag0;
  t_self.private_top = v.private_top;
  thread_update_lockset();
  /* A joining task's region may be gone already (ompt_events.c): it has no code left. */
  if (__builtin_expect(task && !task->joining && task->team && task->team->assumed, 0))
    thread_view_other_teams(task);
  else
    t_self.other.twin = 0;
  thread_refresh_plain();
}

/* The running thread's stack, [*low, *high) (0, 0 if unknown). */
void thread_stack_bounds(uintptr_t *low, uintptr_t *high);

/* The pass's loop, section and target-region markers, applied to the running task. A
 * loop or target marker met before libomp started (a simd loop or a host target
 * region in a program with no other construct yet) starts it, so that the thread gets
 * a task. */
void thread_loop_begin(site_id site, uint32_t window, enum loop_kind kind);
void thread_loop_iteration_moved(uint64_t logical_iteration);
/* True when only the running iteration's tag changed (loop_iteration_in_segment). */
static inline bool thread_loop_iteration(uint64_t logical_iteration) {
  struct task_rec *rec = t_self.task;
  if (!rec)
    return false;
  if (loop_iteration_in_segment(&rec->loops, &rec->ss, logical_iteration)) {
    t_self.cache.iter = rec->loops.iter;
    return true;
  }
  thread_loop_iteration_moved(logical_iteration); /* a new segment, or untagged */
  return false;
}
/* The marker of a later iteration of the same segment, when the thread's last marker
 * only changed the tag and nothing since can have moved its task (a batch's
 * iterations): loop_iteration_in_segment's tests would pass again, so only the tag is
 * set, from the running loop's frame. */
static inline void thread_loop_iteration_tag(uint64_t logical_iteration) {
  struct loop_state *ls = &t_self.task->loops;
  loop_set_tag(ls, &ls->frame[ls->depth - 1], logical_iteration);
  t_self.cache.iter = ls->iter;
}
/* The tag of the running loop's logical iteration `logical_iteration` as
 * thread_loop_iteration_tag sets it, without setting it (the tags of a run that
 * thread_loop_tags_grow admits are this one's plus 0, 1, ...). */
static inline uint32_t thread_loop_tag_of(uint64_t logical_iteration) {
  const struct loop_state *ls = &t_self.task->loops;
  return (uint32_t)(ls->frame[ls->depth - 1].tag0 + logical_iteration);
}
/* Whether the tags of the running loop's logical iterations first .. first + count - 1
 * grow strictly (none wraps to 0 and is taken as 1), the running segment being the
 * one thread_loop_iteration_tag continues. */
static inline bool thread_loop_tags_grow(uint64_t first, uint64_t count) {
  uint32_t tag = thread_loop_tag_of(first);
  return tag && count - 1 <= (uint64_t)(UINT32_MAX - tag);
}
void thread_loop_end(void);
void thread_section_begin(void);
void thread_target_begin(void);
void thread_target_end(void);

/* A step of a reduction on the running task (OMPRACER_REDUCE_* of the hook ABI). When
 * libomp's answer makes this thread combine every member's copy (the tree method: a
 * barrier ran inside the entry and the answer is 1), its accesses until the exit are
 * checked once on each member's entry strand (combine_for), as atomic accesses: each
 * member's part of the combining step is logically its own. */
void thread_reduction(uint32_t step, uint32_t method);

/* Whether a barrier of kind `implementation` that task `rec` meets is libomp's own,
 * inside a reduction's entry or exit (noted: it tells the tree method). */
static inline bool task_reduction_barrier(struct task_rec *rec) {
  if (rec->reduce_step == REDUCE_OUTSIDE)
    return false;
  if (rec->reduce_step == REDUCE_ENTERING)
    rec->reduce_barrier = true;
  return true;
}

#endif
