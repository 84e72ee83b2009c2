#include "ospg.h"

#include "detection.h"
#include "log.h"
#include "options.h"
#include "reserve.h"
#include "task_nesting.h"

/* max_nodes' help text promises 32 bytes a node. */
_Static_assert(sizeof(struct ospg_node) == 32, "OSPG node size");

struct ospg_node *g_ospg_arena;
static uint64_t g_capacity;
static _Atomic uint32_t g_next = 1; /* id 0 is "no node" */
static atomic_bool g_exhausted;
atomic_bool g_ospg_st_made;
static node_id g_root;

/* Deep enough for any realistic nesting of tasks; uint16_t depth must not wrap. */
#define MAX_DEPTH 60000

int ospg_init(uint64_t max_nodes) {
  size_t bytes = (size_t)(max_nodes + 1) * sizeof(struct ospg_node);
  void *p = reserve_zeroed(bytes);
  if (p == NULL)
    return -1;
  g_ospg_arena = p;
  g_capacity = max_nodes + 1;
  atomic_store(&g_next, 1);
  g_root = ospg_add(0, NODE_S, CK_ROOT, 0);
  return 0;
}

node_id ospg_root(void) {
  return g_root;
}

bool ospg_exhausted(void) {
  return atomic_load_explicit(&g_exhausted, memory_order_relaxed);
}

static node_id give_up(const char *why) {
  atomic_store(&g_exhausted, true);
  detection_gap(GAP_NODES, true,
                "%s; race detection is off from here on (raise it with "
                "OMPRACER_OPTIONS=max_nodes=N, now %llu)",
                why, (unsigned long long)(g_capacity - 1));
  return g_root;
}

node_id ospg_add(node_id parent, enum node_type type, enum construct_kind construct, site_id site) {
  if (ospg_exhausted())
    return g_root;
  uint32_t id = atomic_fetch_add_explicit(&g_next, 1, memory_order_relaxed);
  if (id >= g_capacity)
    return give_up("the OSPG node arena is full");
  struct ospg_node *n = &g_ospg_arena[id];
  n->parent = parent;
  n->type = (uint8_t)type;
  n->construct = (uint8_t)construct;
  n->site = site;
  n->preds = 0;
  n->instance = 0;
  n->flags = 0;
  /* Only a task can be left unwaited (Algorithm 1's +1): the other P-nodes (implicit
   * tasks, chunks, sections, teams) end with the construct that holds them. */
  n->st_val = ck_is_task(type, construct) ? 1 : 0;
  if (type == NODE_ST && !atomic_load_explicit(&g_ospg_st_made, memory_order_relaxed)) {
    nesting_st_made(); /* before any access can see an ST-node */
    atomic_store_explicit(&g_ospg_st_made, true, memory_order_release);
  }
  atomic_store_explicit(&n->nchildren, 0, memory_order_relaxed);
  if (parent) {
    struct ospg_node *p = &g_ospg_arena[parent];
    if (p->depth >= MAX_DEPTH)
      return give_up("the OSPG is nested too deeply");
    /* An if(0) task's node (never closed) and a group opened inside a group (taskwait
     * depend) break the pairing of tasks and closed groups that sealing counts on. */
    if (type == NODE_ST && (construct != CK_TASK_GROUP || p->type == NODE_ST))
      ospg_taint_above(id);
    n->depth = (uint16_t)(p->depth + 1);
    n->order = atomic_fetch_add_explicit(&p->nchildren, 1, memory_order_relaxed);
    /* Myers' rule: when the parent's jump and its jump's jump span equal depths, this
     * node jumps over both (to the jump's jump); otherwise to its parent. So a jump's
     * depth is a function of the node's depth, and two nodes of one depth jump to one
     * depth (the LCA search in sp_query.c relies on it). */
    const struct ospg_node *j = &g_ospg_arena[p->jump];
    if (p->depth - j->depth == j->depth - g_ospg_arena[j->jump].depth)
      n->jump = j->jump;
    else
      n->jump = parent;
  } else {
    n->depth = 0;
    n->order = 0;
    n->jump = id;
  }
  return id;
}

node_id ospg_ancestor_at(node_id n, unsigned d) {
  while (g_ospg_arena[n].depth > d) {
    node_id j = g_ospg_arena[n].jump;
    n = g_ospg_arena[j].depth >= d ? j : g_ospg_arena[n].parent;
  }
  return n;
}

void ospg_taint_above(node_id n) {
  for (node_id v = g_ospg_arena[n].parent; v; v = g_ospg_arena[v].parent) {
    struct ospg_node *a = &g_ospg_arena[v];
    if (a->type != NODE_ST && !ck_is_task(a->type, a->construct))
      continue;
    if (__atomic_fetch_or(&a->flags, (uint8_t)NODE_TAINTED, __ATOMIC_RELAXED) & NODE_TAINTED)
      return;
  }
}

uint32_t ospg_mark(void) {
  return atomic_load(&g_next);
}

void ospg_release_to(uint32_t mark) {
  if (mark >= atomic_load(&g_next))
    return;
  atomic_store(&g_next, mark);
  /* Children counts of surviving nodes are not rewound: orders only need to grow. */
}

const struct ospg_node *ospg_explaining_ancestor(node_id w) {
  for (node_id id = w; id; id = g_ospg_arena[id].parent) {
    const struct ospg_node *n = &g_ospg_arena[id];
    switch (n->construct) {
    case CK_IMPLICIT_TASK:
    case CK_CHUNK:
    case CK_SECTION:
    case CK_TASK:
    case CK_TASK_IF0:
    case CK_TEAM:
    case CK_DIST_CHUNK:
    case CK_TARGET_TASK: return n;
    default: break;
    }
  }
  return NULL;
}
