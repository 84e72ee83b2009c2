/* OMPT callbacks: each OpenMP event becomes an OSPG construction step on the task it
 * concerns (strand_stack.c, team.c). The directive's source site comes from the
 * marker the pass puts before each runtime call (__ompracer_construct). */
#include "ompt_events.h"

#include "detach.h"
#include "detection.h"
#include "history.h"
#include "lock_names.h"
#include "log.h"
#include "mode_check.h"
#include "options.h"
#include "sync_edges.h"
#include "sync_order.h"
#include "thread_state.h"
#include "tls.h"
#include "unsupported.h"

#include <omp-tools.h>
#include <stdlib.h>

/* verbosity=2: one line per OMPT event, with the strand the task moves to. */
#define TRACE(...)                                                                                 \
  do {                                                                                             \
    if (g_opts.verbosity >= 2)                                                                     \
      log_line("trace: " __VA_ARGS__);                                                             \
  } while (0)

static site_id take_pending_site(void) {
  site_id s = t_self.pending_site;
  t_self.pending_site = 0;
  return s;
}

static const char *take_pending_name(void) {
  const char *name = t_self.pending_name;
  t_self.pending_name = NULL;
  return name;
}

static bool take_pending_if0(void) {
  bool b = t_self.pending_if0;
  t_self.pending_if0 = false;
  return b;
}

static struct task_rec *task_of(ompt_data_t *d) {
  return d ? (struct task_rec *)d->ptr : NULL;
}

static struct task_rec *new_task_rec(struct team *team, bool checked) {
  struct task_rec *rec = calloc(1, sizeof *rec);
  if (!rec) {
    detection_gap(GAP_TASK_STATE, true,
                  "out of memory for task state; race detection is off from here on");
    return NULL;
  }
  rec->team = team;
  rec->checked = checked;
  atomic_init(&rec->refs, 1);
  return rec;
}

/* Drops a reference to a task record (reclaim.h): the task's own, or that of a child
 * that has ended. The record's state is gone with the task; the memory, with its
 * inbox, stays for children that may still hand in their blocks. */
static void task_rec_unref(struct task_rec *rec) {
  if (atomic_fetch_sub_explicit(&rec->refs, 1, memory_order_acq_rel) != 1)
    return;
  reclaim_inbox_drop(&rec->inbox);
  free(rec);
}

static void free_task_rec(ompt_data_t *d) {
  struct task_rec *rec = task_of(d);
  if (!rec)
    return;
  if (t_self.task == rec)
    thread_run(NULL);
  struct task_rec *creator = rec->creator;
  if (creator)
    joined_task_ended(&rec->joined, rec->ss.ids_taken, &creator->joined);
  reclaim_task_ended(creator ? &creator->inbox : NULL, &rec->ss, &rec->inbox, !rec->unwaited);
  ss_destroy(&rec->ss);
  deps_map_free(&rec->deps);
  d->ptr = NULL;
  if (creator)
    task_rec_unref(creator);
  task_rec_unref(rec);
}

/* ---- parallel regions, leagues of teams and implicit tasks ---- */

/* The league this thread forked and that has not ended. A league of one team runs
 * serialized, and libomp then gives its initial task another parallel data than the
 * league's: this is how that task finds its league. */
static OMPR_TLS struct team *t_league_forked;

static bool is_league_member(const struct task_rec *rec) {
  return rec->team && rec->team->kind == TEAM_LEAGUE;
}

/* Opens the region: a league (teams construct), the body region a team's initial
 * task forks to run the teams body, or a parallel region. A region inside a league
 * checked as if it had more teams is checked so too. */
static void begin_region(struct team *team, struct task_rec *enc, int flags,
                         const ompt_frame_t *frame) {
  site_id site = take_pending_site();
  uint32_t cg = enc->team ? enc->team->cg : 0;
  if (flags & ompt_parallel_league) {
    team_begin_kind(team, &enc->ss, site, TEAM_LEAGUE, cg);
    team->num_teams_given = t_self.pending_num_teams;
    t_self.pending_num_teams = false;
    /* The program's frames are above it; the teams' code runs below. */
    team->entry_frame = frame && frame->enter_frame.ptr ? (uintptr_t)frame->enter_frame.ptr
                                                        : (uintptr_t)__builtin_frame_address(0);
    t_league_forked = team;
    return;
  }
  team_begin_kind(team, &enc->ss, is_league_member(enc) ? enc->team->site : site,
                  is_league_member(enc) ? TEAM_BODY : TEAM_PARALLEL, cg);
  team->assumed = enc->team ? enc->team->assumed : NULL;
}

/* The locks a region's members hold: those its encountering task holds, each plain one
 * made a token of this region (lockset.h: the members run in parallel inside one
 * interval of each). Teams of a league are contention groups of their own: a lock
 * held around a teams construct excludes nothing inside it. */
static lockset_id region_locks(const struct team *team, const struct task_rec *enc) {
  if (!mode_precise() || team->kind == TEAM_LEAGUE)
    return 0;
  return lockset_instance(lockset_effective(t_self.held, enc->locks));
}

static void on_parallel_begin(ompt_data_t *encountering_task, const ompt_frame_t *frame,
                              ompt_data_t *parallel_data, unsigned int requested, int flags,
                              const void *codeptr) {
  (void)requested, (void)codeptr;
  struct task_rec *enc = task_of(encountering_task);
  struct team *team = calloc(1, sizeof *team);
  if (!enc || !team) {
    free(team);
    parallel_data->ptr = NULL;
    return;
  }
  /* Nothing outside an outermost region can run in parallel with what it creates,
   * unless the initial task has made tasks of its own. */
  team->outermost = enc->initial && !enc->checked;
  team->arena_mark = ospg_mark();
  /* The region's nodes go below the task's strand, in no task's own list: nothing
   * above them may be reclaimed (reclaim.h). */
  atomic_store_explicit(&enc->inbox.incomplete, true, memory_order_relaxed);
  team->edge_mark = deps_mark();
  begin_region(team, enc, flags, frame);
  team->locks = region_locks(team, enc);
  TRACE("%s begin: region node %u", team->kind == TEAM_LEAGUE ? "teams" : "parallel", team->region);
  parallel_data->ptr = team;
  enc->forked = team;
  thread_run(enc);
}

static void on_parallel_end(ompt_data_t *parallel_data, ompt_data_t *encountering_task, int flags,
                            const void *codeptr) {
  (void)flags, (void)codeptr;
  /* The region this task encountered, not parallel_data's: libomp 19 returns a nested
   * team's structure to its pool before this callback, with the parallel data in it,
   * and another thread may already have begun a region with it (seen with nested
   * regions at 8 threads: that region's team was freed under its members). */
  struct task_rec *enc = task_of(encountering_task);
  struct team *team = enc && enc->forked ? enc->forked : parallel_data->ptr;
  if (!team || !enc)
    return;
  enc->forked = NULL;
  TRACE("%s end: region node %u%s", team->kind == TEAM_LEAGUE ? "teams" : "parallel", team->region,
        team->outermost ? " (reclaimed)" : "");
  if (t_league_forked == team)
    t_league_forked = NULL;
  if (team->outermost) {
    /* The whole region is joined: its nodes and histories can go (the nodes stay when
     * option dump_ospg will write them at exit). */
    if (!g_opts.dump_ospg) {
      ospg_release_to(team->arena_mark);
      deps_release_to(team->edge_mark);
      detach_release_to(team->arena_mark);
    }
    sync_reset(); /* nothing after the region can be parallel with it */
    history_reset();
  }
  team_end(team, &enc->ss);
  void *mine = team; /* cleared only if no other region has taken the data */
  __atomic_compare_exchange_n(&parallel_data->ptr, &mine, NULL, false, __ATOMIC_RELAXED,
                              __ATOMIC_RELAXED);
  free(team);
  thread_run(enc);
}

/* The league whose team's initial task begins with this parallel data, if any: the
 * league itself, or (a league of one team) the one this thread just forked. */
static struct team *league_of(ompt_data_t *parallel_data) {
  struct team *t = parallel_data ? parallel_data->ptr : NULL;
  return t && t->kind == TEAM_LEAGUE ? t : t_league_forked;
}

/* libomp runs a teams construct without num_teams as one team on the host: check it
 * as if it had more (thread_state.h, struct other_teams), since the program cannot rely on
 * one team. num_teams(1) asks for one team: its verdicts are those of one team. */
static void assume_more_teams(struct team *league, unsigned nteams) {
  if (nteams != 1 || league->num_teams_given || league->assumed)
    return;
  uintptr_t low, high;
  thread_stack_bounds(&low, &high);
  team_assume_more_teams(league, low);
  TRACE("teams: one team ran; checked as if there were more (node %u)", league->absent_teams);
}

static void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                             ompt_data_t *task_data, unsigned int actual_parallelism,
                             unsigned int index, int flags) {
  (void)index;
  if (endpoint == ompt_scope_end) {
    free_task_rec(task_data);
    return;
  }
  struct task_rec *rec;
  struct team *league = flags & ompt_task_initial ? league_of(parallel_data) : NULL;
  if (league) {
    /* A team's initial task: a member of its league, checked like an implicit task. */
    if (!(rec = new_task_rec(league, true)))
      return;
    team_member_begin(league, &rec->ss, &rec->phase);
    assume_more_teams(league, actual_parallelism);
  } else if (flags & ompt_task_initial) {
    rec = new_task_rec(NULL, false);
    if (!rec)
      return;
    rec->initial = true;
    ss_init(&rec->ss, ospg_root());
    ss_mark_initial_thread(&rec->ss);
  } else {
    struct team *team = parallel_data ? parallel_data->ptr : NULL;
    if (!team || !(rec = new_task_rec(team, true)))
      return;
    team_member_begin(team, &rec->ss, &rec->phase);
    team_set_size(team, actual_parallelism);
    rec->locks = team->locks;
  }
  task_data->ptr = rec;
  thread_run(rec);
  const char *what = league ? "team" : "member";
  TRACE("implicit task begin (%s): strand %u", rec->initial ? "initial" : what, rec->ss.strand);
}

/* ---- explicit tasks ---- */

/* Stands for the pseudo-task libomp announces for `taskwait depend(...)`: its
 * dependences order the waiting task's continuation, not a task of its own. */
static struct task_rec g_taskwait_depend;

static void on_task_create(ompt_data_t *encountering_task, const ompt_frame_t *frame,
                           ompt_data_t *new_task, int flags, int has_dependences,
                           const void *codeptr) {
  (void)frame, (void)has_dependences, (void)codeptr;
  struct task_rec *parent = task_of(encountering_task);
  if ((flags & ompt_task_taskwait) && parent) {
    new_task->ptr = &g_taskwait_depend;
    return;
  }
  /* A target task (target nowait, run on one of libomp's hidden helper threads) is a
   * deferred task like any other: its body runs in parallel with the continuation. */
  if (!(flags & (ompt_task_explicit | ompt_task_target)) || !parent)
    return;
  struct task_rec *child = new_task_rec(parent->team, true);
  if (!child)
    return;
  parent->checked = true; /* its continuation now runs in parallel with the child */
  child->creator = parent;
  atomic_fetch_add_explicit(&parent->refs, 1, memory_order_relaxed);
  /* An if(0) task, a merged one, and any task created inside a final task (an
   * included task) finish before the creator goes on. */
  bool if0 = take_pending_if0() | !!(flags & ompt_task_merged) | parent->final;
  child->final = (flags & ompt_task_final) || parent->final;
  /* A task created inside a region run under a lock ends before the region does, so
   * inside the lock's interval: it holds the region's tokens. Not the creator's plain
   * locks: a deferred task may run after their release. */
  child->locks = lockset_instances_of(parent->locks);
  site_id site = take_pending_site();
  node_id made_by = parent->ss.strand;
  ss_task_create(&parent->ss, &child->ss, site ? site : t_self.taskloop_site, if0);
  joined_init(&child->joined, &parent->joined, made_by, child->ss.ids_taken);
  /* The initial team has one thread, and only it runs the team's tasks; a target task
   * may run on one of libomp's hidden helper threads. */
  if (parent->ss.on_initial_thread && !(flags & ompt_task_target))
    ss_mark_initial_thread(&child->ss);
  if ((flags & ompt_task_target) && !if0) /* only the name in reports differs */
    ospg_node(child->ss.frames[0].node)->construct = CK_TARGET_TASK;
  TRACE("task create%s: child strand %u, continuation strand %u", if0 ? " (if0)" : "",
        child->ss.strand, parent->ss.strand);
  new_task->ptr = child;
  thread_run(parent);
}

static bool to_dep_kind(ompt_dependence_type_t type, enum dep_kind *kind) {
  switch (type) {
  case ompt_dependence_type_in: *kind = DEP_IN; return true;
  case ompt_dependence_type_out:
  case ompt_dependence_type_inout: *kind = DEP_OUT; return true;
  case ompt_dependence_type_mutexinoutset: *kind = DEP_MUTEXINOUTSET; return true;
  case ompt_dependence_type_inoutset: *kind = DEP_INOUTSET; return true;
  default: return false; /* doacross source/sink, omp_all_memory: not modelled */
  }
}

/* `taskwait depend(...)`: the continuation waits for the tasks the clauses name, so it
 * goes under a new node that carries those dependency edges. */
static void taskwait_depend(struct task_rec *parent, const ompt_dependence_t *deps, int ndeps) {
  node_id group = ss_top(&parent->ss);
  node_id after = ss_open_children(&parent->ss);
  for (int i = 0; i < ndeps; i++) {
    enum dep_kind kind;
    if (to_dep_kind(deps[i].dependence_type, &kind))
      deps_wait_on(&parent->deps, group, after, (uintptr_t)deps[i].variable.ptr, kind);
  }
  ss_new_strand(&parent->ss);
  thread_run(parent);
}

static void on_dependences(ompt_data_t *task_data, const ompt_dependence_t *deps, int ndeps) {
  struct task_rec *child = task_of(task_data), *parent = t_self.task;
  if (!child || !parent)
    return;
  if (child == &g_taskwait_depend) {
    task_data->ptr = NULL;
    taskwait_depend(parent, deps, ndeps);
    return;
  }
  /* The child was just created under the parent's current children group. */
  node_id group = ss_top(&parent->ss), node = child->ss.frames[0].node;
  ospg_set_flag(node, NODE_DEPS);
  for (int i = 0; i < ndeps; i++) {
    enum dep_kind kind;
    if (!to_dep_kind(deps[i].dependence_type, &kind))
      continue;
    deps_add(&parent->deps, group, node, (uintptr_t)deps[i].variable.ptr, kind);
    /* Precise mode: mutexinoutset siblings exclude each other like a lock. */
    if (kind == DEP_MUTEXINOUTSET && mode_precise())
      child->locks = lockset_add(child->locks, LOCK_MUTEXINOUTSET(deps[i].variable.ptr));
  }
  detach_inherit(node);
  TRACE("dependences: %d for task node %u", ndeps, node);
}

/* omp_fulfill_event for detached task `detached`, called by the running task: when
 * that is another task, what it did so far is ordered before the detached task's
 * dependents (detach.h). */
static void fulfilled_by_running_task(const struct task_rec *detached) {
  const struct task_rec *by = t_self.task;
  if (!detached || !by || by == detached || by == &g_taskwait_depend || !by->ss.depth)
    return;
  ospg_set_flag(by->ss.frames[0].node, NODE_DEPS); /* edges may start at it now */
  detach_fulfilled(detached->ss.frames[0].node, by->ss.frames[0].node);
  TRACE("fulfilled by another task: node %u for node %u", by->ss.frames[0].node,
        detached->ss.frames[0].node);
}

static void on_task_schedule(ompt_data_t *prior_task, ompt_task_status_t prior_status,
                             ompt_data_t *next_task) {
  if (task_of(prior_task) == &g_taskwait_depend || task_of(next_task) == &g_taskwait_depend)
    return;
  struct task_rec *prior = task_of(prior_task);
  bool body_ended = prior_status == ompt_task_complete || prior_status == ompt_task_detach ||
                    prior_status == ompt_task_cancel;
  if (prior && body_ended && (prior->unwaited |= ss_task_end(&prior->ss)) &&
      prior_status == ompt_task_complete)
    mode_note_unsafe("a task that ends without waiting for its child tasks (taskwaits not "
                     "fully nested); the task was created",
                     ospg_node(prior->ss.frames[0].node)->site, true);
  if (prior_status == ompt_task_early_fulfill || prior_status == ompt_task_late_fulfill)
    fulfilled_by_running_task(prior);
  if (prior_status == ompt_task_complete || prior_status == ompt_task_cancel ||
      prior_status == ompt_task_late_fulfill)
    free_task_rec(prior_task);
  struct task_rec *next = task_of(next_task);
  TRACE("task schedule (prior status %d): strand %u", (int)prior_status,
        next ? next->ss.strand : 0);
  if (next)
    thread_run(next);
}

/* ---- synchronisation ---- */

static bool is_barrier(ompt_sync_region_t kind) {
  switch (kind) {
  case ompt_sync_region_barrier:
  case ompt_sync_region_barrier_implicit:
  case ompt_sync_region_barrier_explicit:
  case ompt_sync_region_barrier_implementation:
  case ompt_sync_region_barrier_implicit_workshare: return true;
  default: return false;
  }
}

static void on_sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                           ompt_data_t *parallel_data, ompt_data_t *task_data,
                           const void *codeptr) {
  (void)parallel_data, (void)codeptr;
  struct task_rec *rec = task_of(task_data);
  if (!rec)
    return;
  site_id site = take_pending_site();
  if (kind == ompt_sync_region_barrier_implicit_parallel && rec->team) {
    /* The join barrier at the end of a region: the implicit task has no code left (the
     * tasks it helps finish there run as themselves). libomp announces the task's end
     * only when the thread is next needed, and the master may reclaim the region's
     * nodes before that (on_parallel_end) and reuse them: a signal handler running on
     * this thread meanwhile is not checked, since its strand would walk reused nodes
     * (possibly for ever, holding a shadow-cell lock that every thread then waits for).
     * A handler that ran before the barrier finished its check before the thread got
     * here, so before any reclaiming. */
    if (endpoint == ompt_scope_begin)
      rec->joining = true;
    TRACE("join barrier %s: accesses no longer checked",
          endpoint == ompt_scope_begin ? "begin" : "end");
    thread_run(rec);
    return;
  }
  if (is_barrier(kind)) {
    /* libomp's barriers inside a reduction's entry or exit order nothing the program
     * relies on: a nowait reduction has no barrier, another has its construct's. */
    if (kind == ompt_sync_region_barrier_implementation && task_reduction_barrier(rec))
      return;
    /* The barrier at the end of a region needs no new phase: the region ends. */
    if (endpoint == ompt_scope_end && rec->team)
      team_barrier_end(rec->team, &rec->ss, &rec->phase);
  } else if (kind == ompt_sync_region_taskwait) {
    if (endpoint == ompt_scope_end) {
      node_id group = ss_closing_group(&rec->ss), rep = rec->ss.strand;
      ss_taskwait(&rec->ss);
      joined_taskwait(&rec->joined, rec->ss.ids_taken, rec->ss.strand);
      reclaim_at_taskwait(&rec->inbox, &rec->ss, group, rep);
    } else
      ss_taskwait_begin(&rec->ss, site);
  } else if (kind == ompt_sync_region_taskgroup) {
    if (endpoint == ompt_scope_begin)
      ss_taskgroup_begin(&rec->ss, site);
    else
      ss_taskgroup_end(&rec->ss);
  } else {
    return;
  }
  TRACE("sync region kind %d %s: strand %u", (int)kind,
        endpoint == ompt_scope_begin ? "begin" : "end", rec->ss.strand);
  thread_run(rec);
}

/* The combining step of a reduction, between __kmpc_reduce* and __kmpc_end_reduce*. */
static void on_reduction(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                         ompt_data_t *parallel_data, ompt_data_t *task_data, const void *codeptr) {
  (void)kind, (void)parallel_data, (void)task_data, (void)codeptr;
  t_self.combining = endpoint == ompt_scope_begin ? ACCESS_ATOMIC : 0;
  thread_refresh_plain();
  TRACE("reduction %s kind %d", endpoint == ompt_scope_begin ? "begin" : "end", (int)kind);
}

/* ---- worksharing ---- */

static enum construct_kind workshare_kind(ompt_work_t type) {
  switch (type) {
  case ompt_work_sections: return CK_SECTIONS;
  case ompt_work_distribute: return CK_DISTRIBUTE;
  default: return CK_LOOP;
  }
}

static void on_work(ompt_work_t type, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                    ompt_data_t *task_data, uint64_t count, const void *codeptr) {
  (void)parallel_data, (void)count, (void)codeptr;
  struct task_rec *rec = task_of(task_data);
  if (!rec)
    return;
  site_id site = take_pending_site();
  switch (type) {
  case ompt_work_loop:
  case ompt_work_loop_static:
  case ompt_work_loop_dynamic:
  case ompt_work_loop_guided:
  case ompt_work_loop_other:
  case ompt_work_sections:
  case ompt_work_distribute: /* over the league: each team takes its chunk */
    if (endpoint == ompt_scope_begin)
      ss_workshare_begin(&rec->ss, workshare_kind(type), site);
    else
      ss_workshare_end(&rec->ss);
    break;
  case ompt_work_single_executor:
    if (endpoint == ompt_scope_begin)
      ss_single_begin(&rec->ss, site, true);
    else
      ss_single_end(&rec->ss);
    break;
  case ompt_work_single_other: /* begin and end at once, where the executor begins */
    if (endpoint == ompt_scope_end)
      return;
    ss_single_begin(&rec->ss, site, false);
    break;
  case ompt_work_taskloop: /* its tasks are created inside libomp, without a marker */
    t_self.taskloop_site = endpoint == ompt_scope_begin ? site : 0;
    ss_new_strand(&rec->ss);
    break;
  default: /* workshare, scope: a new fragment */ ss_new_strand(&rec->ss); break;
  }
  TRACE("work type %d %s: strand %u", (int)type, endpoint == ompt_scope_begin ? "begin" : "end",
        rec->ss.strand);
  thread_run(rec);
}

static void on_dispatch(ompt_data_t *parallel_data, ompt_data_t *task_data, ompt_dispatch_t kind,
                        ompt_data_t instance) {
  (void)parallel_data, (void)instance;
  struct task_rec *rec = task_of(task_data);
  if (!rec)
    return;
  if (kind == ompt_dispatch_ws_loop_chunk || kind == ompt_dispatch_iteration)
    ss_work_item(&rec->ss, CK_CHUNK);
  else if (kind == ompt_dispatch_section)
    ss_work_item(&rec->ss, CK_SECTION);
  else if (kind == ompt_dispatch_distribute_chunk)
    ss_work_item(&rec->ss, CK_DIST_CHUNK);
  else
    return;
  TRACE("dispatch kind %d: strand %u", (int)kind, rec->ss.strand);
  thread_run(rec);
}

/* Entering and leaving masked starts a new fragment. */
static void new_fragment_here(void) {
  struct task_rec *rec = t_self.task;
  if (!rec)
    return;
  ss_new_strand(&rec->ss);
  thread_run(rec);
}

static void on_masked(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
                      ompt_data_t *task_data, const void *codeptr) {
  (void)endpoint, (void)parallel_data, (void)task_data, (void)codeptr;
  take_pending_site();
  new_fragment_here();
}

/* The lock a mutex event is about: the wait id, kept clear of LOCK_ATOMIC, in the
 * running task's contention group. Critical sections and locks exclude each other
 * only within a contention group, and each team of a league is one, although libomp
 * on the host uses one lock for all teams. Wait ids are user-space addresses (below
 * 2^47): the group goes into bits 48-62, clear of LOCK_MUTEXINOUTSET's bit 63. */
static uint64_t lock_key(ompt_wait_id_t wait_id) {
  const struct task_rec *rec = t_self.task;
  uint64_t cg = rec && rec->team ? rec->team->cg : 0;
  return ((uint64_t)wait_id + 2) | cg << 48;
}

/* What a report calls the lock (lock_names.h); test-locks are the locks they test. */
static enum lock_kind lock_kind_of(ompt_mutex_t kind) {
  switch (kind) {
  case ompt_mutex_critical: return LOCK_KIND_CRITICAL;
  case ompt_mutex_ordered: return LOCK_KIND_ORDERED;
  case ompt_mutex_nest_lock:
  case ompt_mutex_test_nest_lock: return LOCK_KIND_NEST_LOCK;
  default: return LOCK_KIND_LOCK;
  }
}

static const char *mutex_name(ompt_mutex_t kind) {
  switch (kind) {
  case ompt_mutex_critical: return "critical";
  case ompt_mutex_ordered: return "ordered";
  default: return "an OpenMP lock";
  }
}

/* The locks this thread holds changed: so does the lockset of its accesses. */
static void set_held(lockset_id held) {
  t_self.held = held;
  thread_update_lockset(); /* same strand: the isParallel cache stays valid */
}

static void on_mutex_acquired(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr) {
  (void)codeptr;
  site_id site = take_pending_site();
  const char *name = take_pending_name();
  /* A reduction's critical section is its combining step, which counts as atomic. */
  if (kind == ompt_mutex_atomic || t_self.combining)
    return;
  mode_note_unsafe(mutex_name(kind), site, false);
  /* No new strand: the lockset travels with each access, and a loop iteration that
   * takes a lock stays in its strand (no node per iteration, iterations.h). */
  uint64_t lock = lock_key(wait_id);
  lock_names_note(lock, (uintptr_t)wait_id, lock_kind_of(kind), site,
                  kind == ompt_mutex_critical ? name : NULL);
  set_held(lockset_add(t_self.held, lock));
  /* An OpenMP lock's hand-off may order its holders (sync_order.c); wait_id is the
   * lock's address, which __ompracer_lock_release names before the release. */
  if (kind == ompt_mutex_lock || kind == ompt_mutex_nest_lock || kind == ompt_mutex_test_lock ||
      kind == ompt_mutex_test_nest_lock)
    sync_lock_acquired((uintptr_t)wait_id);
}

static void on_mutex_released(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr) {
  (void)codeptr;
  take_pending_site();
  if (kind == ompt_mutex_atomic || t_self.combining)
    return;
  set_held(lockset_remove(t_self.held, lock_key(wait_id)));
}

static void on_cancel(ompt_data_t *task_data, int flags, const void *codeptr) {
  (void)task_data, (void)flags, (void)codeptr;
  warn_unsupported(UNSUPPORTED_CANCEL, take_pending_site());
}

/* ---- target regions offloaded through libomptarget ---- */

/* The directive of the running task if it is a target task (target nowait). */
static site_id running_target_task_site(void) {
  const struct task_rec *rec = t_self.task;
  if (!rec || !rec->ss.depth)
    return 0;
  const struct ospg_node *base = ospg_node(rec->ss.frames[0].node);
  return base->construct == CK_TARGET_TASK ? base->site : 0;
}

/* Only libomptarget reports data operations: in a program built with
 * -fopenmp-targets=..., whose target regions run on a device, here libomptarget's
 * host plugin (the region runs on the host, on the plugin's copies of the mapped
 * data). Without it a target region is host code and map clauses copy nothing. */
static void on_target_data_op(ompt_scope_endpoint_t endpoint, ompt_data_t *target_task_data,
                              ompt_data_t *target_data, ompt_id_t *host_op_id,
                              ompt_target_data_op_t optype, void *src_addr, int src_device_num,
                              void *dest_addr, int dest_device_num, size_t bytes,
                              const void *codeptr) {
  (void)target_task_data, (void)target_data, (void)host_op_id, (void)src_addr;
  (void)src_device_num, (void)dest_device_num, (void)codeptr;
  if (endpoint != ompt_scope_end)
    return;
  switch (optype) {
  case ompt_target_data_alloc:
  case ompt_target_data_alloc_async:
    /* The plugin reuses device buffers: an old one's history is a dead mapping's. */
    if (atomic_load_explicit(&g_detecting, memory_order_relaxed))
      history_forget((uintptr_t)dest_addr, bytes);
    break;
  case ompt_target_data_transfer_to_device:
  case ompt_target_data_transfer_from_device:
  case ompt_target_data_transfer_to_device_async:
  case ompt_target_data_transfer_from_device_async:
    warn_unsupported(UNSUPPORTED_MAP_COPY, running_target_task_site());
    break;
  default: break;
  }
}

/* ---- registration ---- */

void ompt_events_register(void *lookup_fn) {
  ompt_function_lookup_t lookup = (ompt_function_lookup_t)lookup_fn;
  ompt_set_callback_t set = (ompt_set_callback_t)lookup("ompt_set_callback");
  struct {
    ompt_callbacks_t event;
    ompt_callback_t fn;
    const char *name;
  } wanted[] = {
      {ompt_callback_parallel_begin, (ompt_callback_t)on_parallel_begin, "parallel_begin"},
      {ompt_callback_parallel_end, (ompt_callback_t)on_parallel_end, "parallel_end"},
      {ompt_callback_implicit_task, (ompt_callback_t)on_implicit_task, "implicit_task"},
      {ompt_callback_task_create, (ompt_callback_t)on_task_create, "task_create"},
      {ompt_callback_task_schedule, (ompt_callback_t)on_task_schedule, "task_schedule"},
      {ompt_callback_dependences, (ompt_callback_t)on_dependences, "dependences"},
      {ompt_callback_sync_region, (ompt_callback_t)on_sync_region, "sync_region"},
      {ompt_callback_reduction, (ompt_callback_t)on_reduction, "reduction"},
      {ompt_callback_work, (ompt_callback_t)on_work, "work"},
      {ompt_callback_dispatch, (ompt_callback_t)on_dispatch, "dispatch"},
      {ompt_callback_masked, (ompt_callback_t)on_masked, "masked"},
      {ompt_callback_cancel, (ompt_callback_t)on_cancel, "cancel"},
      {ompt_callback_mutex_acquired, (ompt_callback_t)on_mutex_acquired, "mutex_acquired"},
      {ompt_callback_mutex_released, (ompt_callback_t)on_mutex_released, "mutex_released"},
  };
  for (unsigned i = 0; i < sizeof wanted / sizeof wanted[0]; i++) {
    int rc = set(wanted[i].event, wanted[i].fn);
    if (rc != ompt_set_always)
      log_line("WARNING: this OpenMP runtime does not always deliver the OMPT '%s' event "
               "(answer %d); results may be wrong (use LLVM 19's libomp)",
               wanted[i].name, rc);
  }
  /* Fires only when libomptarget offloads: a runtime without it may refuse it. */
  set(ompt_callback_target_data_op_emi, (ompt_callback_t)on_target_data_op);
}
