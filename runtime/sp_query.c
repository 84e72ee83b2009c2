#include "sp_query.h"

#include "options.h"
#include "reserve.h"
#include "sync_edges.h"
#include "task_deps.h"
#include "task_nesting.h"
#include "tls.h"

#include <stdlib.h>
#include <string.h>

/* THE ASKING STRAND'S PATH. Nearly every query asks about the running strand (the
 * memo's misses: sp_is_parallel(cur, x)), and the climb below first brings the deeper
 * of the two to the other's depth, by jumps, each a node load (mostly cache misses in
 * a large OSPG: BOTS uts, 27.8 M queries, spent 4.6 % of its instructions in
 * ospg_ancestor_at). Each thread keeps the ancestors of the last strand it asked
 * about, one per depth, so that its ancestor at any depth is one load. A new strand's
 * path is found by walking up from it until the walk meets the old path (a strand's
 * ancestors never change), which for the strands a thread runs one after another (a
 * task's next strand, a child's, a sibling's) is a few steps; a walk longer than
 * PATH_WALK_MAX gives up, once per strand (the jumps answer as before: a thread that
 * moved far, to a stolen task, pays at most that walk once). A rewind hands ids out
 * again (ospg_rewinds), which makes the whole path stale. */
#define PATH_DEPTHS 65536 /* ospg_node's depth is 16 bits */
#define PATH_WALK_MAX 32
static OMPR_TLS struct {
  node_id leaf;     /* the strand whose ancestors node[0..depth(leaf)] are (0: none) */
  node_id given_up; /* the last strand whose walk was too long */
  uint32_t rewinds; /* ospg_rewinds() when it was found */
  node_id *node;    /* node[d]: leaf's ancestor at depth d (mapped on first use: not malloc,
                       the check may run in a signal handler; reserve.h) */
} t_path;

/* Makes s the path's leaf if a short walk reaches the old path (or the root). */
static void path_for(node_id s) {
  uint32_t rewinds = ospg_rewinds();
  if (!s || (t_path.leaf == s && t_path.rewinds == rewinds) || t_path.given_up == s)
    return;
  if (!t_path.node && !(t_path.node = reserve_zeroed(PATH_DEPTHS * sizeof(node_id))))
    return;
  /* Entries up to the old leaf's depth are its ancestors (if no rewind came since). */
  unsigned trusted =
      t_path.leaf && t_path.rewinds == rewinds ? ospg_node(t_path.leaf)->depth + 1u : 0;
  t_path.leaf = 0; /* while the entries change */
  node_id n = s;
  unsigned d = ospg_node(s)->depth;
  for (unsigned steps = 0; !(d < trusted && t_path.node[d] == n); steps++) {
    if (steps == PATH_WALK_MAX) {
      t_path.given_up = s; /* not again for this strand (its id reused after a rewind only
                              misses the path, which is never wrong) */
      return;
    }
    t_path.node[d] = n;
    if (d == 0)
      break;
    n = ospg_node(n)->parent;
    d--;
  }
  t_path.leaf = s;
  t_path.rewinds = rewinds;
}

/* a is a running strand: it and its ancestors are never reclaimed while it runs. */
void sp_asking(node_id a) {
  path_for(a);
}

/* ospg_ancestor_at, from the path when n is its leaf. */
static node_id ancestor_at(node_id n, unsigned d) {
  if (n == t_path.leaf && t_path.rewinds == ospg_rewinds())
    return t_path.node[d];
  return ospg_ancestor_at(n, d);
}

/* Climbs a and b to their LCA; returns it and the LCA's children on each path
 * (a itself if a is the LCA, likewise for b). O(log depth) with the nodes' jump
 * pointers (ospg.h): the deeper node goes straight to the depth just below the other
 * one; then both climb together, by jumps while their jumps differ (nodes of one depth
 * jump to one depth, and two different ancestors there mean the LCA is above), by
 * single steps otherwise, until they are siblings. */
static node_id climb(node_id a, node_id b, node_id *a_child, node_id *b_child) {
  if (a == b) {
    *a_child = *b_child = a;
    return a;
  }
  unsigned da = ospg_node(a)->depth, db = ospg_node(b)->depth;
  if (da > db) {
    node_id a1 = ancestor_at(a, db + 1);
    if (ospg_node(a1)->parent == b) {
      *a_child = a1;
      *b_child = b;
      return b;
    }
    a = ospg_node(a1)->parent;
  } else if (db > da) {
    node_id b1 = ancestor_at(b, da + 1);
    if (ospg_node(b1)->parent == a) {
      *a_child = a;
      *b_child = b1;
      return a;
    }
    b = ospg_node(b1)->parent;
  }
  /* Same depth, different nodes: the LCA is above both. */
  while (ospg_node(a)->parent != ospg_node(b)->parent) {
    node_id ja = ospg_node(a)->jump, jb = ospg_node(b)->jump;
    if (ja != jb) {
      a = ja;
      b = jb;
    } else {
      a = ospg_node(a)->parent;
      b = ospg_node(b)->parent;
    }
  }
  *a_child = a;
  *b_child = b;
  return ospg_node(a)->parent;
}

/* RECLAIMED NODES (ospg.h, RECLAIMING). The public queries below take ids that may
 * come from histories, caches or edge tables, and so may name reclaimed nodes: they
 * read each as its representative (ospg_live) and climb from there. The nodes on a
 * climb stay intact while reclaimed, but a page released during the climb reads as
 * zeros: then the query runs again (ospg_release_seq changed). The static functions
 * take live ids and never resolve, so that one query reads one consistent tree. */
#define ON_LIVE_NODES(type, call)                                                                  \
  for (;;) {                                                                                       \
    uint32_t seq_ = ospg_release_seq();                                                            \
    type r_ = call;                                                                                \
    if (__builtin_expect(seq_ == ospg_release_seq(), 1))                                           \
      return r_;                                                                                   \
  }

static node_id lca_at(node_id a, node_id b) {
  node_id ca, cb;
  return climb(a, b, &ca, &cb);
}

node_id sp_lca(node_id a, node_id b) {
  ON_LIVE_NODES(node_id, lca_at(ospg_live(a), ospg_live(b)))
}

static bool fast_at(node_id a, node_id b);
static bool precise_at(node_id a, node_id b);

static bool tree_parallel(node_id a, node_id b) {
  return mode_precise() ? precise_at(a, b) : fast_at(a, b);
}

bool sp_tree_parallel(node_id a, node_id b) {
  ON_LIVE_NODES(bool, tree_parallel(ospg_live(a), ospg_live(b)))
}
bool sp_is_parallel_fast(node_id a, node_id b) {
  ON_LIVE_NODES(bool, fast_at(ospg_live(a), ospg_live(b)))
}
bool sp_is_parallel_precise(node_id a, node_id b) {
  ON_LIVE_NODES(bool, precise_at(ospg_live(a), ospg_live(b)))
}

static bool sync_ordered(node_id a, node_id b);

static bool is_parallel_at(node_id a, node_id b) {
  if (!tree_parallel(a, b))
    return false;
  /* Synchronisation edges (sync_edges.h): one load when the program made none. A path
   * can only lead from the strand created first to the other (see sync_ordered). */
  if (__builtin_expect(sync_edge_count() == 0, 1))
    return true;
  return a < b ? !sync_ordered(a, b) : !sync_ordered(b, a);
}

static bool is_parallel_from(node_id a, node_id b) {
  path_for(a); /* a: the asking strand (the memo's) */
  return is_parallel_at(a, b);
}

bool sp_is_parallel(node_id a, node_id b) {
  ON_LIVE_NODES(bool, is_parallel_from(ospg_live(a), ospg_live(b)))
}

void sp_cache_reset(struct sp_cache *c, node_id cur) {
  memset(c->key, 0, sizeof c->key);
  c->epoch = 0;
  sp_cache_switch(c, cur);
}

void sp_cache_switch(struct sp_cache *c, node_id cur) {
  c->cur = cur;
  c->iter = 0;
  c->window = 0;
  c->tag0 = 1;
  /* Keys of epoch 0 are empty ones: after 2^32 - 1 switches, clear them all. */
  if (__builtin_expect(++c->epoch == 0, 0)) {
    memset(c->key, 0, sizeof c->key);
    c->epoch = 1;
  }
  memset(c->pair_x, 0, sizeof c->pair_x);
  memset(c->cover_a, 0, sizeof c->cover_a);
  c->follows = NULL;
}

/* Finds the LCA's children on the paths to a and b, left one first. Returns false
 * when there is nothing to compare (same node, or one is an ancestor of the other). */
static bool lca_children(node_id *a, node_id *b, node_id *left, node_id *right) {
  if (!*a || !*b || *a == *b)
    return false;
  node_id ca, cb;
  node_id lca = climb(*a, *b, &ca, &cb);
  if (lca == *a || lca == *b)
    return false;
  if (ospg_node(ca)->order > ospg_node(cb)->order) {
    node_id t = ca;
    ca = cb;
    cb = t;
    t = *a;
    *a = *b;
    *b = t;
  }
  *left = ca;
  *right = cb;
  return true;
}

static bool lca_children_at(node_id a, node_id b, node_id *left, node_id *right) {
  return lca_children(&a, &b, left, right);
}

bool sp_lca_children(node_id a, node_id b, node_id *left, node_id *right) {
  ON_LIVE_NODES(bool, lca_children_at(ospg_live(a), ospg_live(b), left, right))
}

static node_id past_groups_at(node_id right, node_id b) {
  /* The topmost node that is not a group, met on the way up from b. */
  node_id first = right;
  if (deps_sibling_container(right))
    for (node_id n = b; n != right; n = ospg_node(n)->parent)
      if (!deps_sibling_container(n))
        first = n;
  return first;
}

node_id sp_past_groups(node_id right, node_id b) {
  ON_LIVE_NODES(node_id, past_groups_at(right, ospg_live(b)))
}

/* DIRECTED PATH from `left` (the LCA's left child, a P-node: with edges only if it is
 * a task) to b, whose path starts at `right` under the LCA. A sibling of `left` (a
 * task with the same creator) need not be `right`: a `taskwait depend` or a taskgroup
 * puts later children under a group below the LCA (deps_sibling_container). So every
 * node on b's path from `right` down to the first one that is not such a group
 * counts: that first node (a sibling task, or the creator's own strand or work item)
 * and the groups above it (a group after a `taskwait depend` carries the edges of what
 * it waited for). They are searched together, in one search of the dependence edges
 * (task_deps.c). Cost: O(depth of b below the LCA), twice, on top of that search; when
 * `right` is not a group (most pairs), O(1). */
static bool deps_order(node_id left, node_id right, node_id b) {
  node_id first = past_groups_at(right, b);
  deps_path_begin(left);
  for (node_id n = first;; n = ospg_node(n)->parent) {
    deps_path_target(n); /* nodes without edges are skipped there */
    if (n == right)
      break;
  }
  return deps_path_found();
}

static bool is_workshare_node(node_id n) {
  unsigned c = ospg_node(n)->construct;
  return ospg_node(n)->type == NODE_S && (c == CK_LOOP || c == CK_SECTIONS);
}

/* UNSPECIFIED EXECUTOR (sp_query.h). Which thread runs a single's body is unspecified, and so is
 * which thread runs an iteration of a loop (or a section) that a nowait leaves without
 * a barrier: the tree puts a single's strand in the implicit task of the thread that
 * ran it, in series with what that thread did in a worksharing construct of the same
 * barrier phase just before or after it (the same phase: only a nowait lets the two
 * meet there), although another thread of the team may as well have run one of them,
 * in parallel with the other. So, in a team of two or more threads, the single's strand
 * (b, or a when it comes first) and any strand inside the construct (its iterations,
 * tasks they created) are parallel. Nothing is hidden from other queries: only a pair
 * that the tree calls ordered becomes parallel. No false report on private memory: the
 * construct's strands do not check the thread's own stack (iterations.h), so what they
 * recorded is memory every thread sees. left and right are the LCA's children, a below
 * left (created first). */
static bool unspecified_executor_at(node_id a, node_id b, node_id left, node_id right) {
  node_id task = ospg_node(left)->parent;
  if (ospg_node(task)->construct != CK_IMPLICIT_TASK)
    return false;
  bool single_after = right == b && ospg_node(b)->construct == CK_SINGLE && is_workshare_node(left);
  bool single_before =
      left == a && ospg_node(a)->construct == CK_SINGLE && is_workshare_node(right);
  if (!single_after && !single_before)
    return false;
  node_id phase = ospg_node(task)->parent, region = phase ? ospg_node(phase)->parent : 0;
  return region && ospg_node(region)->construct == CK_PARALLEL && ospg_node(region)->instance > 1;
}

bool sp_unspecified_executor(node_id a, node_id b, node_id left, node_id right) {
  ON_LIVE_NODES(bool, unspecified_executor_at(ospg_live(a), ospg_live(b), left, right))
}

static bool fast_at(node_id a, node_id b) {
  node_id left, right;
  if (!lca_children(&a, &b, &left, &right))
    return false;
  if (unspecified_executor_at(a, b, left, right))
    return true;
  if (ospg_node(left)->type != NODE_P)
    return false; /* S, ST (read as S) or W */
  /* Sibling tasks ordered by their depend clauses. */
  return !deps_order(left, right, b);
}

/* Constructs that end only once everything below them has ended: a parallel region
 * (its end barrier waits for its implicit tasks and every task bound to it), a league,
 * a taskgroup (it waits for the tasks created in it and their descendants) and a
 * target region the host runs (it waits for its tasks). */
static bool joins_all_below(const struct ospg_node *n) {
  if (n->type != NODE_S)
    return false;
  switch (n->construct) {
  case CK_PARALLEL:
  case CK_TEAMS:
  case CK_TASKGROUP:
  case CK_TARGET_REGION: return true;
  default: return false;
  }
}

/* The topmost sealed group (ospg.h, "Sealed subtrees") that a climb from a strand has
 * passed, per strand, per thread. Below a sealed group S the st_val sum from a strand's
 * parent up to and including S is 0, as for a strand whose own parent is S (the proof
 * is ospg.h's), so count_st may start again at S as from a strand right under it.
 * Which group on a strand's path is the topmost sealed one only moves up (a sealed
 * group stays sealed), so the one remembered stays good: it is used when it is still
 * an ancestor of the strand (node ids are reused after a region ends: ospg_ancestor_at
 * checks it) and lies below the LCA's child. A query about a strand of a finished
 * subtree then costs O(log depth) plus the live part of its path instead of its whole
 * depth: BOTS uts (recursion 1 572 deep) spent half its default-mode time climbing. */
#define SEALED_MEMO 1024
static OMPR_TLS struct {
  node_id strand[SEALED_MEMO], group[SEALED_MEMO];
} t_sealed;

/* A sealed group on wl's path strictly below lca_child that this thread found before,
 * or 0. */
static node_id sealed_remembered(node_id wl, node_id lca_child) {
  unsigned k = wl % SEALED_MEMO;
  node_id s = t_sealed.strand[k] == wl ? t_sealed.group[k] : 0;
  if (!s || ospg_node(s)->depth <= ospg_node(lca_child)->depth ||
      ospg_node(s)->depth >= ospg_node(wl)->depth ||
      ospg_ancestor_at(wl, ospg_node(s)->depth) != s || !ospg_sealed(s))
    return 0;
  return s;
}

/* COUNT(Wl, L) of Algorithm 1: st_val summed from Wl's parent up to the LCA's child
 * on its path, not counting an ST-node that is Wl's own parent. A construct on that
 * path, below L, that joins everything below it (joins_all_below) had ended before
 * anything that follows it in the task that ran it, so Wl answers as that task's
 * strand right after the construct does: the count starts again there, as from a
 * strand in its place (its own parent ST-node not counted). Without that, a task
 * bound to a nested region (or one a taskgroup waited for) read as a task nobody
 * waited for: a task with a nested region that made tasks, waited for by its creator,
 * raced with the creator's code after the taskwait. A sealed group passed likewise
 * starts the count again (t_sealed above). One climb: the query is on the access path
 * whenever the memo misses. */
static int count_st(node_id wl, node_id lca_child) {
  int c = 0;
  node_id skip = ospg_node(wl)->parent; /* an ST-node here is the strand's own parent */
  node_id n = skip, top_sealed = sealed_remembered(wl, lca_child);
  if (top_sealed)
    n = skip = top_sealed;
  for (;; n = ospg_node(n)->parent) {
    const struct ospg_node *node = ospg_node(n);
    if (n != lca_child && joins_all_below(node)) {
      c = 0;
      skip = node->parent;
    } else if (node->type == NODE_ST && n != lca_child && n != skip && ospg_sealed(n)) {
      c = 0; /* as from a strand right under it */
      skip = n;
      top_sealed = n;
    } else if (node->type != NODE_ST || n != skip) {
      c += node->st_val;
    }
    if (n == lca_child)
      break;
  }
  if (top_sealed) {
    t_sealed.strand[wl % SEALED_MEMO] = wl;
    t_sealed.group[wl % SEALED_MEMO] = top_sealed;
  }
  return c;
}

static bool precise_at(node_id a, node_id b) {
  node_id left, right;
  if (!lca_children(&a, &b, &left, &right))
    return false; /* a is now the left W-node */
  if (unspecified_executor_at(a, b, left, right))
    return true;
  enum node_type t = ospg_node(left)->type;
  if (t == NODE_S || t == NODE_W)
    return false;
  if (t == NODE_P) {
    /* Only dependence edges can order a P-node before what follows it, and they start
     * only at a task with depend clauses or one that fulfilled an event (NODE_DEPS):
     * without them the count does not matter (a climb saved per query). */
    if (!ospg_has_flag(left, NODE_DEPS))
      return true;
    return !(count_st(a, left) == 1 && deps_order(left, right, b));
  }
  /* ST: parallel unless the taskwaits on the way waited. The count is positive only
   * through the open group of a task that ended with children unwaited: while no task
   * has (task_nesting.h), it is not, and the climb is saved. A task's end turns the
   * assumption off before any taskwait closes a group above it, and a query whose
   * left child is such a group comes from a strand after that taskwait, so it sees the
   * assumption off. */
  if (nesting_assumed())
    return false;
  return count_st(a, left) > 0;
}

/* ---- synchronisation edges (sync_edges.h) ---- */

/* Whether strand a comes before strand b, or is b, in the tree's order (series order
 * and dependence edges, without synchronisation edges). */
static bool tree_before(node_id a, node_id b) {
  a = ospg_live(a); /* an edge's end may be a reclaimed strand */
  b = ospg_live(b);
  if (a == b)
    return true;
  node_id x = a, y = b, left, right;
  if (!lca_children(&x, &y, &left, &right) || x != a)
    return false; /* a is not on the left: it cannot come first */
  return !tree_parallel(a, b);
}

/* Per thread: which edges one search has taken (a stamp per edge, never cleared). */
struct sync_search {
  uint32_t *stamp;
  node_id *stack;
  uint32_t cap, now;
};
static OMPR_TLS struct sync_search t_sync;

static bool sync_search_ready(struct sync_search *s, uint32_t edges) {
  if (edges > s->cap) {
    uint32_t cap = s->cap ? s->cap : 64;
    while (cap < edges)
      cap *= 2;
    /* Not calloc: the check may run in a signal handler (reserve_regrow). */
    uint32_t *stamp = reserve_regrow(NULL, 0, cap * sizeof *stamp);
    node_id *stack = reserve_regrow(NULL, 0, (cap + 1) * sizeof *stack);
    if (!stamp || !stack) {
      if (stamp)
        munmap(stamp, cap * sizeof *stamp);
      if (stack)
        munmap(stack, (cap + 1) * sizeof *stack);
      return false;
    }
    if (s->cap) {
      munmap(s->stamp, s->cap * sizeof *s->stamp);
      munmap(s->stack, (s->cap + 1) * sizeof *s->stack);
    }
    s->stamp = stamp;
    s->stack = stack;
    s->cap = cap;
    s->now = 0;
  }
  if (++s->now == 0) { /* the stamp wrapped: clear once every 2^32 searches */
    memset(s->stamp, 0, s->cap * sizeof *s->stamp);
    s->now = 1;
  }
  return true;
}

/* Tree-order tests one search may make before it gives up. */
#define SYNC_SEARCH_BUDGET (1u << 16)

/* Is there a path from strand a to strand b (a created first) of series order and
 * synchronisation edges: a before-or-at an edge's source, its target before-or-at the
 * next edge's source, ..., the last target before-or-at b? Searched backwards from b.
 * An edge's source was created before its target, and series order follows creation,
 * so a path from a only uses edges with from >= a and to <= b (node ids grow with
 * creation; the edges are dropped with the nodes, sync_reset).
 *
 * Cost: each edge is taken at most once, but finding the edges that lead into a
 * strand scans them all, with one tree-order test (O(OSPG height)) per candidate: up
 * to O(E^2 * height) for E edges in the worst case, capped by SYNC_SEARCH_BUDGET (then
 * the pair is called parallel: a possible false report, no miss). Queries are memoised
 * per running strand (sp_cache) like every other. */
static bool sync_ordered(node_id a, node_id b) {
  uint32_t n = sync_edge_count();
  struct sync_search *s = &t_sync;
  if (!sync_search_ready(s, n))
    return false;
  uint32_t top = 0, tests = 0;
  s->stack[top++] = b;
  while (top) {
    node_id t = s->stack[--top];
    /* Newest edges first: the acquire that most recently led into t is the likeliest
     * to come from after a (a spin-wait's last read). */
    for (uint32_t i = n; i-- > 0;) {
      if (s->stamp[i] == s->now)
        continue;
      struct sync_edge e = sync_edge_get(i);
      if (e.to > t || e.from < a)
        continue;
      if (++tests > SYNC_SEARCH_BUDGET)
        return false;
      if (!tree_before(e.to, t))
        continue;
      s->stamp[i] = s->now;
      if (tree_before(a, e.from))
        return true;
      s->stack[top++] = e.from; /* at most one push per edge: the stack has room */
    }
  }
  return false;
}
