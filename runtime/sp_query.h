/* isParallel on the OSPG (seed Algorithm 18, fast mode): find the least common
 * ancestor of two W-nodes; they may run in parallel exactly when the LCA's child on
 * the path to the LEFT one (the one created first under the LCA) is a P-node and no
 * path of dependency edges leads from it to the right one: to the LCA's child on the
 * right path, or, when that child is a children group or taskgroup of the same task,
 * to the sibling task or `taskwait depend` group below it on that path (a task created
 * after a `taskwait depend` sits one group deeper than its earlier siblings). Cost:
 * O(log height of the OSPG) with the nodes' jump pointers (ospg.h), plus one
 * dependence search (task_deps.c); precise mode adds a walk from the left W-node up to
 * the LCA's child (COUNT, below).
 *
 * Precise mode (seed Algorithm 1) also reads ST-nodes: when the LCA's left child is an
 * ST-node, the left W-node is parallel with the right one exactly when the st_val sum
 * on its path up to that child (COUNT) is positive: it sits in a task that the
 * taskwaits on the way did not wait for. */
#ifndef OMPRACER_SP_QUERY_H
#define OMPRACER_SP_QUERY_H

#include "access.h"
#include "ospg.h"

#include <stdbool.h>

bool sp_is_parallel(node_id a, node_id b);         /* in the mode of options.h */
bool sp_tree_parallel(node_id a, node_id b);       /* the same without sync edges */
bool sp_is_parallel_fast(node_id a, node_id b);    /* Algorithm 18 */
bool sp_is_parallel_precise(node_id a, node_id b); /* Algorithm 1 */
/* Makes the running strand a the one whose ancestors this thread keeps at hand, as a
 * query asked by a does (sp_query.c, THE ASKING STRAND'S PATH). */
void sp_asking(node_id a);
/* The least common ancestor of two nodes (for tests and the read-pair rule). */
node_id sp_lca(node_id a, node_id b);
/* The LCA's children on the paths to a and b, the one created first in *left (for
 * explaining a race); false when one node is the other or its ancestor. */
bool sp_lca_children(node_id a, node_id b, node_id *left, node_id *right);
/* For b below `right` (the LCA's right child): right, or, when right is a children
 * group or taskgroup (which only the task that opened it fills), the first node on
 * b's path below it that is not one: a sibling task of the LCA's left child, or the
 * creator's own code. The dependence search and the explanations both start there. */
node_id sp_past_groups(node_id right, node_id b);
/* For a below left and b below right, the LCA's children (left created first): a
 * single's strand and a worksharing construct of one implicit task, with no barrier
 * between, in a team of two or more threads. The tree orders them (one thread ran
 * both), but which thread runs a single is unspecified: both queries call them
 * parallel (sp_query.c). */
bool sp_unspecified_executor(node_id a, node_id b, node_id left, node_id right);

/* Memoised isParallel(cur, x) for the strand that is running on this thread: most
 * accesses of a strand meet the same few earlier strands, so most queries hit. Must be
 * reset (sp_cache_reset) or switched (sp_cache_switch) whenever the thread's current
 * strand changes. Two ways per set (the most recently used first): two strands whose
 * ids share a set, met in turn (two tasks' reads kept in one location's entries),
 * would otherwise evict each other on every access, and a miss can cost a search of
 * the dependence edges. A set is picked by a multiplicative hash of the id: strand
 * ids often share their low bits (a task that makes the same few nodes each time),
 * and BOTS health's strands, which meet about 28 earlier strands each, asked the OSPG
 * 14.4 M times with the low bits of 64 sets, 11.7 M times hashed into 64 and 11.1 M
 * into 256 (2 threads, small.input). */
#define SP_CACHE_SLOTS 128 /* sets; each has SP_CACHE_WAYS ways */
#define SP_CACHE_SLOT_BITS 7
#define SP_CACHE_WAYS 2
#define SP_CACHE_PAIRS 16
#define SP_CACHE_COVERS 16
/* Strands a task's strands are known to follow, named by id alone (joined_ids.h): the
 * ids of two spans, and two single strands (0: none) under strands_rewinds. spans[0]
 * holds only for the task's strands from own_since on (its ids grow with creation). */
struct sp_follows {
  struct id_span spans[2];
  node_id own_since;
  node_id strands[2];
  uint32_t strands_rewinds;
};

struct sp_cache {
  node_id cur;
  uint32_t iter;   /* the running iteration of cur's tagged loop; 0: none */
  uint32_t window; /* that loop's safelen; 0: every two iterations are parallel */
  uint32_t tag0;   /* its first tag: cur's smaller tags are earlier loops' */
  /* Which strand's run of this thread the memo's entries are for (0: none): a key is
   * (epoch << 32 | id), so switching strands empties the memo by bumping the epoch
   * instead of clearing its keys (BOTS uts switches strands 25 M times). */
  uint32_t epoch;
  /* Way w of set s at [w * SP_CACHE_SLOTS + s]. */
  uint64_t key[SP_CACHE_WAYS * SP_CACHE_SLOTS];
  bool parallel[SP_CACHE_WAYS * SP_CACHE_SLOTS];
  /* Depth of LCA(cur, key) + 1, 0 until asked for (lca_depth_with). */
  uint32_t lca_depth1[SP_CACHE_WAYS * SP_CACHE_SLOTS];
  /* LCA depths of pairs of other strands (lca_depth_of_pair), direct-mapped. */
  node_id pair_x[SP_CACHE_PAIRS], pair_y[SP_CACHE_PAIRS];
  unsigned pair_depth[SP_CACHE_PAIRS];
  /* Whether two other strands' reads cover the running strand's (others_cover in
   * history_common.h), direct-mapped; cover_a 0: empty. */
  node_id cover_a[SP_CACHE_COVERS], cover_b[SP_CACHE_COVERS];
  bool cover_ok[SP_CACHE_COVERS];
  /* What cur's task is known to follow: a miss on one of those strands is answered
   * without reading its node. NULL after every switch; thread_run sets the running
   * task's (read where it is kept: a copy on each of BOTS uts's 25 M switches cost
   * more than the queries it saved). */
  const struct sp_follows *follows;
};
/* Empties a memo of any contents (one on the stack, say) for the strand cur. */
void sp_cache_reset(struct sp_cache *c, node_id cur);
/* The same for a memo that was reset before or is zero (a thread's own, in its
 * thread-local state), without clearing its keys. */
void sp_cache_switch(struct sp_cache *c, node_id cur);

/* Whether the memo's strand follows strand x by its id alone (sp_follows). */
static inline bool sp_cache_follows(const struct sp_cache *c, node_id x) {
  const struct sp_follows *f = c->follows;
  if (!f)
    return false;
  uint32_t rewinds = ospg_rewinds();
  for (int i = 0; i < 2; i++) {
    const struct id_span *s = &f->spans[i];
    if (x - s->lo < s->hi - s->lo && s->rewinds == rewinds && (i || c->cur >= f->own_since))
      return true;
  }
  return x && (x == f->strands[0] || x == f->strands[1]) && f->strands_rewinds == rewinds;
}

/* The set of strand x's entries. */
static inline unsigned sp_cache_set(node_id x) {
  return (x * 2654435761u) >> (32 - SP_CACHE_SLOT_BITS);
}
/* The key of strand x's entry in the memo's current epoch. */
static inline uint64_t sp_cache_key(const struct sp_cache *c, node_id x) {
  return (uint64_t)c->epoch << 32 | x;
}

/* Two iterations of one tagged loop run in parallel unless they are the same one or,
 * for a simd loop with safelen, at least safelen apart (iterations.h). */
static inline bool iterations_parallel(uint32_t a, uint32_t b, uint32_t window) {
  if (!a || !b || a == b)
    return false;
  return !window || (a > b ? a - b : b - a) < window;
}

/* A miss in the first way of x's set: takes x from the second way, or asks the OSPG;
 * either way x ends in the first way and the first way's strand in the second. */
static __attribute__((noinline, unused)) bool sp_cache_fill(struct sp_cache *c, node_id x) {
  unsigned first = sp_cache_set(x), second = first + SP_CACHE_SLOTS;
  uint64_t key = sp_cache_key(c, x);
  bool par;
  uint32_t depth1;
  if (c->key[second] == key) {
    par = c->parallel[second];
    depth1 = c->lca_depth1[second];
  } else {
    /* x's node, the asking strand's path: cache misses, unless x's id says it all. */
    if (sp_cache_follows(c, x)) {
      par = false;
      sp_asking(c->cur); /* its later queries climb from its path, as after any query */
    } else {
      par = sp_is_parallel(c->cur, x);
    }
    depth1 = 0;
  }
  c->key[second] = c->key[first];
  c->parallel[second] = c->parallel[first];
  c->lca_depth1[second] = c->lca_depth1[first];
  c->key[first] = key;
  c->parallel[first] = par;
  c->lca_depth1[first] = depth1;
  return par;
}

/* isParallel(running access, prev): within the running strand only iteration tags can
 * make two accesses parallel; otherwise the OSPG decides (memoised per strand). */
static inline __attribute__((always_inline)) bool parallel_with(struct sp_cache *c,
                                                                struct access_ref prev) {
  if (!prev.node)
    return false;
  if (prev.node == c->cur)
    return prev.iter >= c->tag0 && iterations_parallel(c->iter, prev.iter, c->window);
  unsigned slot = sp_cache_set(prev.node);
  if (__builtin_expect(c->key[slot] == sp_cache_key(c, prev.node), 1))
    return c->parallel[slot];
  return sp_cache_fill(c, prev.node);
}

/* Depth of LCA(running strand, x) for a strand x other than the running one, memoised
 * with isParallel (asked right after parallel_with(c, x), which put x first in its
 * set). Nodes never move in the OSPG, so the answer never changes while c->cur runs. */
static inline unsigned lca_depth_with(struct sp_cache *c, node_id x) {
  unsigned slot = sp_cache_set(x);
  if (__builtin_expect(c->key[slot] != sp_cache_key(c, x), 0))
    return ospg_node(sp_lca(c->cur, x))->depth;
  if (!c->lca_depth1[slot])
    c->lca_depth1[slot] = ospg_node(sp_lca(c->cur, x))->depth + 1u;
  return c->lca_depth1[slot] - 1u;
}

/* Depth of LCA(x, y) of two strands (memoised: a location read by many strands keeps
 * one pair for a long time, and each entry of a location has its own pair). */
static inline unsigned lca_depth_of_pair(struct sp_cache *c, node_id x, node_id y) {
  unsigned k = (x * 31u + y) & (SP_CACHE_PAIRS - 1);
  if (c->pair_x[k] != x || c->pair_y[k] != y) {
    c->pair_x[k] = x;
    c->pair_y[k] = y;
    c->pair_depth[k] = ospg_node(sp_lca(x, y))->depth;
  }
  return c->pair_depth[k];
}

#endif
