/* The OpenMP Series-Parallel Graph (seed dissertation, Chapter 2): an ordered tree of
 * W-nodes (strands: serial fragments, always leaves), S-nodes (children in series) and
 * P-nodes (the subtree runs in parallel with everything to its right under the same
 * parent), ST-nodes (children of a task since its last taskwait), and dependency
 * edges between sibling task nodes (task_deps.c).
 *
 * Nodes live in one arena and are named by 32-bit ids, so an access history entry is
 * 4 bytes of node. The arena is a single reservation of address space (pages are
 * committed as they are touched); ids are handed out by one atomic counter, because
 * nodes are created per OpenMP construct, not per memory access. When an outermost
 * parallel region ends nothing can be parallel with its nodes any more, so the arena
 * is rewound to where the region began (ospg_mark / ospg_release_to).
 */
#ifndef OMPRACER_OSPG_H
#define OMPRACER_OSPG_H

#include "sites.h"
#include "task_nesting.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

typedef uint32_t node_id; /* 0: no node */

/* The ids [lo, hi) as handed out under one rewind count (ospg_rewinds below: ids handed
 * out again since name other nodes); empty when lo == hi. */
struct id_span {
  node_id lo, hi;
  uint32_t rewinds;
};

/* ST-node (seed 2.4.6): a task's children since its last taskwait (and, never closed,
 * an if(0) task). Its W-nodes run in series or in parallel with what follows it
 * depending on the st_val sums on their path (Algorithm 1); fast mode reads it as an
 * S-node. */
enum node_type { NODE_W, NODE_S, NODE_P, NODE_ST };

/* Which construct created a node: used to explain reports. */
enum construct_kind {
  CK_NONE,
  CK_ROOT,
  CK_PARALLEL,      /* S: the whole region */
  CK_BARRIER_PHASE, /* S: the team's work between two barriers */
  CK_IMPLICIT_TASK, /* P: one thread's implicit task in one barrier phase */
  CK_LOOP,          /* S: a worksharing loop */
  CK_CHUNK,         /* P: one chunk of a worksharing loop */
  CK_SECTIONS,      /* S */
  CK_SECTION,       /* P */
  CK_TASK_GROUP,    /* ST: a task's children since its last taskwait (its site: the
                       taskwait that closed it, once one did) */
  CK_TASK,          /* P: an explicit task */
  CK_TASK_IF0,      /* ST (never waited): an if(0) or included task (strand_stack.c) */
  CK_TASKGROUP,     /* S: a taskgroup region */
  CK_TEAMS,         /* S: the league of a teams construct */
  CK_TEAM,          /* P: one team of a league (its initial task, and its body) */
  CK_DISTRIBUTE,    /* S: a distribute loop, in one team */
  CK_DIST_CHUNK,    /* P: the team's chunk of a distribute loop */
  CK_TARGET_TASK,   /* P: a deferred target task (target nowait) */
  CK_TARGET_REGION, /* S: a target region run on the host: it waits for its tasks */
  /* W-nodes that host a tagged loop's iterations (iterations.h), by loop kind */
  CK_ITER_FOR,
  CK_ITER_DISTRIBUTE,
  CK_ITER_TASKLOOP,
  CK_ITER_SIMD,
  CK_SINGLE, /* W: a strand of a single construct's body, in the thread that runs it */
};

/* An explicit or target task's P-node: the only P-node a taskwait waits for, and so the
 * only one that can be left unwaited (Algorithm 1's +1). */
static inline bool ck_is_task(unsigned type, unsigned construct) {
  return type == NODE_P && (construct == CK_TASK || construct == CK_TARGET_TASK);
}

/* A W-node that hosts a tagged loop's iterations (iterations.h). */
static inline bool ck_hosts_iterations(unsigned construct) {
  return construct >= CK_ITER_FOR && construct <= CK_ITER_SIMD;
}

/* A W-node of the program's initial task or of a task created, outside any parallel
 * or teams region, by one (not a target task): its code runs on the initial thread. */
#define NODE_ON_INITIAL_THREAD 0x1u
/* An ST-node or task P-node below which some task may outlive the taskwait that
 * closes its group, or whose subtree's strands do not all answer later queries alike
 * (ospg_sealed). Set on every such node above that place, never cleared until the
 * node is reused. */
#define NODE_TAINTED 0x2u
/* A task's P-node: its body has ended (ss_task_end). */
#define NODE_ENDED 0x4u
/* A task's P-node: it had depend clauses or fulfilled a detached task's event, so
 * dependence edges may start or end at it. */
#define NODE_DEPS 0x8u
/* The node belongs to finished work that ospg_reclaim collapsed into a representative
 * strand (its nchildren then holds that strand's id; see RECLAIMING). */
#define NODE_RECLAIMED 0x10u
/* An ST-node or task P-node below which a synchronisation edge ends (an acquire): its
 * strands below are ordered after things outside unlike the strands of its own task, so
 * nothing below it is reclaimed (RECLAIMING). Set like NODE_TAINTED, never cleared. */
#define NODE_KEEP 0x20u

struct ospg_node {
  node_id parent;
  uint32_t order;             /* position among the parent's children */
  _Atomic uint32_t nchildren; /* next child's order */
  site_id site;               /* the directive that created the node, if known */
  uint32_t preds;             /* dependency edges in (task_deps.c); 0: none */
  uint16_t depth;             /* root: 0 */
  uint8_t type;               /* enum node_type */
  uint8_t construct;          /* enum construct_kind */
  int8_t st_val;              /* a task's P: 1; ST: 0, or -1 once its task waited; else 0 */
  uint8_t flags;              /* NODE_ON_INITIAL_THREAD, NODE_TAINTED, ... */
  /* W-node: how many worksharing constructs its task had begun when it was created */
  uint16_t instance; /* worksharing S-node: its task's how-manieth (strand_stack.h);
                        parallel region's S-node: its team's size (team_set_size) */
  /* An ancestor (the node itself for the root) whose depth depends on this node's depth
   * alone: a skew-binary jump pointer (E. W. Myers, "An applicative random-access
   * stack", 1983). Climbing by jumps finds an ancestor at a given depth, or the least
   * common ancestor of two nodes, in O(log depth) steps instead of O(depth)
   * (sp_query.c; ospg_ancestor_at). */
  node_id jump;
};

/* A task's group of children (since its last taskwait): an ST-node that a taskwait
 * closes. (The other ST-nodes are if(0) tasks, which nothing closes.) */
static inline bool ospg_is_children_group(node_id n);

/* A taskwait closed this ST-node: its task waited for its children. */
static inline void ospg_mark_waited(node_id st);

/* SEALED SUBTREES. A children group S is sealed when a taskwait has closed it and
 * nothing below it has tainted it (ospg_taint_above). Then every task created below S has ended
 * (S's children ended before the taskwait returned; a grandchild still running would have outlived
 * the group it was made in when its creator ended: a taint), and every strand x below S answers
 * every query with a strand w outside S's subtree as a strand of S's own task placed right under S
 * would. Proof: Algorithm 1's answer (sp_query.c) depends on x only through the LCA's children,
 * which are the same for all of S's subtree, and through the st_val sum from x's parent up; below S
 * that path pairs each task's +1 with the -1 of the closed group it was created in (taskwait-closed
 * groups are the only ST-nodes there: an if(0) task's node or a group nested in a group taints), or
 * restarts at a construct that joins everything below it, so the sum up to and
 * including S is 0, as for a strand whose own parent is S. Dependence edges join
 * siblings, all inside or all outside S. A synchronisation edge that starts inside S
 * (at a release made there, acquired now or later) could order one of its strands
 * and not another, so a release taints the groups above it; edges that end inside S
 * lead no strand of S anywhere. A sealed group stays sealed. history_precise.c relies
 * on it ("Folding"). */
static inline bool ospg_sealed(node_id st);
/* Taints every ST-node and task P-node above n (n's task outlived a group, n breaks
 * the pairing the proof above counts on, or n released). O(depth) the first time,
 * then it stops at the first tainted ancestor (all above it are tainted). */
void ospg_taint_above(node_id n);
/* Sets NODE_KEEP the same way. */
void ospg_keep_above(node_id n);
/* Sets flag bits on a node that other threads may be reading (NODE_ENDED, NODE_DEPS). */
static inline void ospg_set_flag(node_id n, unsigned flag);
static inline bool ospg_has_flag(node_id n, unsigned flag);

/* Reserves room for max_nodes and creates the root S-node. Returns -1 on failure. */
int ospg_init(uint64_t max_nodes);
node_id ospg_root(void);

/* Adds a child to parent. When the arena is full (or the tree too deep) it says so
 * once, switches detection off (see ospg_exhausted) and returns the root, so that
 * construction can go on without crashing. */
node_id ospg_add(node_id parent, enum node_type type, enum construct_kind construct, site_id site);
/* ospg_add, adding to *taken the ids it took from the shared counter: 1, or 0 when the
 * id was reserved (ospg_reserve took it) or the arena was full already. */
node_id ospg_add_counted(node_id parent, enum node_type type, enum construct_kind construct,
                         site_id site, uint32_t *taken);
/* The id the shared counter hands out next (joined_ids.h). */
node_id ospg_next_id(void);
/* Takes the next n ids at once (one atomic on the shared counter instead of n) for the
 * next n ospg_add calls of this thread, which the caller makes at once: the ids are
 * consecutive in the order of the adds, as if the n nodes were made in one instant (no
 * other thread can see them before they are made, so no order between ids and the
 * program is lost). ospg_reserve_end drops what adds that failed or were not made
 * (out of memory, a full arena) left unused: ids of no node, never linked into the
 * tree (their page of nodes is then never given back). */
void ospg_reserve(uint32_t n);
void ospg_reserve_end(void);

static inline struct ospg_node *ospg_node(node_id id);

/* Rewinding: every node created after ospg_mark() is dropped by ospg_release_to().
 * ospg_rewinds() counts the rewinds that dropped nodes: ids handed out again since a
 * reading of it may name other nodes than they did. */
uint32_t ospg_mark(void);
void ospg_release_to(uint32_t mark);
bool ospg_exhausted(void);

/* The ancestor of n (or n itself) at depth d <= n's depth: O(log depth). */
node_id ospg_ancestor_at(node_id n, unsigned d);

/* Walks from a W-node up to the node that explains it (task, chunk, section...). */
const struct ospg_node *ospg_explaining_ancestor(node_id w);

/* Whether an ST-node was ever made (an explicit or if(0) task ran). Until then
 * Algorithm 1 answers as Algorithm 18 for every pair: precise mode's lazy entries rely
 * on it (history_precise.c). Never cleared. */
static inline bool ospg_has_st_nodes(void);
/* Whether Algorithm 1 may answer some query of this run otherwise than Algorithm 18:
 * an ST-node exists, and not every task is assumed to wait for its children
 * (task_nesting.h says why the two answer alike under that assumption). Precise
 * mode's lazy entries rely on it (history_precise.c). */
static inline bool ospg_st_nodes_matter(void);

/* RECLAIMING THE NODES OF FINISHED WORK. When a children group S is sealed (above), every
 * strand below S answers every later query with a strand outside S's subtree as a
 * strand of S's own task right under S does, and no new node or access is ever made
 * below S again. So the nodes of S's (ended) child tasks can be collapsed: each is
 * marked reclaimed and forwarded to rep, a strand of S's task whose parent is S
 * (ospg_reclaim). Histories still name the old ids; ospg_live() reads such an id as
 * its representative (following the forwards, which point up the tree: a rep is
 * reclaimed in turn when the group above its task is sealed). Ids are never handed
 * out again (only ospg_release_to rewinds them); what is given back is memory: a
 * page of 128 nodes whose nodes are all reclaimed is released to the system (read as
 * zeros from then on), and its forwards are kept packed in a page directory (at most
 * a few bytes a node: one word when all of them lead to one strand).
 *
 * Readers: every id that comes from a history, a cache or an edge table passes
 * through ospg_live() before the OSPG is climbed from it. A reclaimed node stays
 * intact (parent, jump, depth, type, order, st_val, flags but the new bit) until its
 * page is released, so a climb that began before it was reclaimed answers as it would
 * have; one that overlaps a page's release may read zeros, and the queries
 * (sp_query.c) run again when ospg_release_seq() changed meanwhile. */
static inline node_id ospg_live(node_id x);
/* Collapses the nodes ids[0..n) into strand rep (see above); ids 0, the root and rep
 * itself are skipped. The caller guarantees that the argument above holds for them:
 * rep is a strand of a sealed group's task right under the group, each id is a node
 * below the group (in a child task's subtree, or another strand of that task right
 * under it), and no node below one of them stays unreclaimed (reclaim.h). */
void ospg_reclaim(const node_id *ids, uint32_t n, node_id rep);
/* Whether new reclaiming is allowed now (option reclaim_ospg, not dumping the OSPG). */
bool ospg_reclaim_allowed(void);
/* Bumped (before the memory goes) each time a page of nodes is released. */
static inline uint32_t ospg_release_seq(void);
/* Counts for the summary and the tests: nodes reclaimed and pages released so far, and
 * nodes ever made (ids handed out, rewinds included). */
struct ospg_stats {
  uint64_t made, reclaimed, pages_released, packed_bytes;
};
struct ospg_stats ospg_get_stats(void);

/* Implementation detail shared with the inline accessors. */
extern struct ospg_node *g_ospg_arena;
extern atomic_bool g_ospg_st_made;
static inline struct ospg_node *ospg_node(node_id id) {
  return &g_ospg_arena[id];
}
extern _Atomic uint32_t g_ospg_release_seq;
node_id ospg_live_slow(node_id x);
static inline node_id ospg_live(node_id x) {
  const struct ospg_node *n = &g_ospg_arena[x];
  /* A live node has a jump (the root's is itself); a released one reads as zeros. */
  if (__builtin_expect(
          n->jump != 0 && !(__atomic_load_n(&n->flags, __ATOMIC_ACQUIRE) & NODE_RECLAIMED), 1))
    return x;
  return ospg_live_slow(x);
}
static inline uint32_t ospg_release_seq(void) {
  return atomic_load_explicit(&g_ospg_release_seq, memory_order_acquire);
}
extern _Atomic uint32_t g_ospg_rewinds;
static inline uint32_t ospg_rewinds(void) {
  return atomic_load_explicit(&g_ospg_rewinds, memory_order_acquire);
}
static inline bool ospg_has_st_nodes(void) {
  return atomic_load_explicit(&g_ospg_st_made, memory_order_acquire);
}
static inline bool ospg_st_nodes_matter(void) {
  return ospg_has_st_nodes() && !nesting_assumed();
}
static inline bool ospg_is_children_group(node_id n) {
  return g_ospg_arena[n].type == NODE_ST && g_ospg_arena[n].construct == CK_TASK_GROUP;
}

static inline void ospg_mark_waited(node_id st) {
  /* Release: a walker that reads -1 (ospg_sealed) sees the taints made before the
   * children ended. */
  if (g_ospg_arena[st].type == NODE_ST)
    __atomic_store_n(&g_ospg_arena[st].st_val, (int8_t)-1, __ATOMIC_RELEASE);
}

static inline void ospg_set_flag(node_id n, unsigned flag) {
  if (n)
    __atomic_fetch_or(&g_ospg_arena[n].flags, (uint8_t)flag, __ATOMIC_RELEASE);
}
static inline bool ospg_has_flag(node_id n, unsigned flag) {
  return __atomic_load_n(&g_ospg_arena[n].flags, __ATOMIC_ACQUIRE) & flag;
}

static inline bool ospg_sealed(node_id st) {
  const struct ospg_node *n = &g_ospg_arena[st];
  return n->type == NODE_ST && n->construct == CK_TASK_GROUP &&
         __atomic_load_n(&n->st_val, __ATOMIC_ACQUIRE) == -1 &&
         !(__atomic_load_n(&n->flags, __ATOMIC_RELAXED) & NODE_TAINTED);
}

#endif
