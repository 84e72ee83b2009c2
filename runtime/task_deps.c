#include "task_deps.h"

#include "detection.h"
#include "log.h"
#include "options.h"
#include "reserve.h"
#include "tls.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* ---- edge storage: singly linked lists of predecessors, in one arena ---- */

/* LEVELS. A node's level is the number of edges on the longest path of dependence
 * edges that ends at it (0: no edge in). Every edge leads to a higher level, so a path
 * from `from` can only pass through nodes of a level above from's: the path search
 * leaves the others out (a wavefront's tasks on the anti-diagonals between the two).
 * The level is kept in the edge that heads a node's list. It is right while each
 * node gets its edges before any node that depends on it exists: a new task gets its
 * edges as it is created (deps_add, detach_inherit), a `taskwait depend`'s group as it
 * is opened. An edge into a node that may have dependents already (a detached task's
 * fulfiller ordered before existing dependents: deps_levels_unsure) can leave a
 * dependent's level too low; from then on the search uses levels only to leave out
 * nodes that have no edge in (level 0: no path reaches them). */
struct dep_edge {
  node_id pred;
  uint32_t next;  /* index of the next edge of the same node; 0 ends the list */
  uint32_t level; /* the node's level once this edge is in */
};
static _Atomic bool g_levels_unsure;

static struct dep_edge *g_edges;
static uint64_t g_edge_capacity;
static _Atomic uint32_t g_next_edge = 1;

int deps_init(uint64_t max_edges) {
  void *p = reserve_zeroed((max_edges + 1) * sizeof(struct dep_edge));
  if (p == NULL)
    return -1;
  g_edges = p;
  g_edge_capacity = max_edges + 1;
  return 0;
}

uint32_t deps_mark(void) {
  return atomic_load(&g_next_edge);
}
void deps_release_to(uint32_t mark) {
  atomic_store(&g_next_edge, mark);
}

unsigned deps_preds(node_id n, node_id *out, unsigned max) {
  unsigned count = 0;
  for (uint32_t e =
           atomic_load_explicit((_Atomic uint32_t *)&ospg_node(n)->preds, memory_order_acquire);
       e; e = g_edges[e].next, count++)
    if (count < max)
      out[count] = g_edges[e].pred;
  return count;
}

/* The level of node n (LEVELS above). */
static uint32_t level_of(node_id n) {
  uint32_t e = atomic_load_explicit((_Atomic uint32_t *)&ospg_node(n)->preds, memory_order_acquire);
  return e ? g_edges[e].level : 0;
}

void deps_levels_unsure(void) {
  atomic_store_explicit(&g_levels_unsure, true, memory_order_seq_cst);
}

static void add_edge(node_id task, node_id pred) {
  if (!pred || pred == task)
    return;
  struct ospg_node *n = ospg_node(task);
  for (uint32_t e = n->preds; e; e = g_edges[e].next) /* no duplicates */
    if (g_edges[e].pred == pred)
      return;
  uint32_t id = atomic_fetch_add(&g_next_edge, 1);
  if (id >= g_edge_capacity) {
    detection_gap(GAP_DEP_EDGES, false,
                  "the task dependence edge arena is full; dependent tasks from here on "
                  "may be reported as racing");
    return;
  }
  /* Both ends are marked before the edge is published: a query that finds a P-node
   * without NODE_DEPS takes it for one no edge starts at (sp_is_parallel_precise). */
  ospg_set_flag(pred, NODE_DEPS);
  ospg_set_flag(task, NODE_DEPS);
  uint32_t level = level_of(pred) + 1, had = level_of(task);
  g_edges[id] = (struct dep_edge){pred, n->preds, level > had ? level : had};
  atomic_store_explicit((_Atomic uint32_t *)&n->preds, id, memory_order_release);
}

void deps_add_edge(node_id task, node_id pred) {
  add_edge(task, pred);
}

bool deps_has_pred(node_id task, node_id pred) {
  for (uint32_t e = ospg_node(task)->preds; e; e = g_edges[e].next)
    if (g_edges[e].pred == pred)
      return true;
  return false;
}

/* ---- the per-parent map from address to dependence state ---- */

struct node_list {
  node_id *v;
  uint32_t n, cap;
};

struct dep_entry {
  uintptr_t addr; /* 0: empty slot */
  node_id last_out;
  struct node_list readers;       /* `in` tasks since last_out */
  enum dep_kind group_kind;       /* DEP_MUTEXINOUTSET, DEP_INOUTSET, or DEP_IN: none */
  struct node_list group_members; /* the current group */
  struct node_list group_base;    /* what every member of the group waits for */
};

static void list_push(struct node_list *l, node_id x) {
  if (!x)
    return;
  if (l->n == l->cap) {
    uint32_t cap = l->cap ? l->cap * 2 : 4;
    node_id *v = realloc(l->v, cap * sizeof *v);
    if (!v)
      return;
    l->v = v;
    l->cap = cap;
  }
  l->v[l->n++] = x;
}

static void list_free(struct node_list *l) {
  free(l->v);
  *l = (struct node_list){0};
}

static void edges_from(node_id task, const struct node_list *l) {
  for (uint32_t i = 0; i < l->n; i++)
    add_edge(task, l->v[i]);
}

static void entry_free(struct dep_entry *e) {
  list_free(&e->readers);
  list_free(&e->group_members);
  list_free(&e->group_base);
}

void deps_map_free(struct dep_map *m) {
  for (uint32_t i = 0; i < m->cap; i++)
    if (m->slots[i].addr)
      entry_free(&m->slots[i]);
  free(m->slots);
  *m = (struct dep_map){0};
}

static size_t slot_of(uintptr_t addr, uint32_t cap) {
  return (size_t)((addr * 0x9E3779B97F4A7C15ull) >> 17) & (cap - 1);
}

static int map_grow(struct dep_map *m) {
  uint32_t cap = m->cap ? m->cap * 2 : 16;
  struct dep_entry *slots = calloc(cap, sizeof *slots);
  if (!slots)
    return -1;
  for (uint32_t i = 0; i < m->cap; i++) {
    if (!m->slots[i].addr)
      continue;
    size_t j = slot_of(m->slots[i].addr, cap);
    while (slots[j].addr)
      j = (j + 1) & (cap - 1);
    slots[j] = m->slots[i];
  }
  free(m->slots);
  m->slots = slots;
  m->cap = cap;
  return 0;
}

/* Whether `inner` is `outer` or below it through deps_sibling_container nodes only.
 * O(depth difference). */
static bool nested_in(node_id inner, node_id outer) {
  while (ospg_node(inner)->depth > ospg_node(outer)->depth) {
    if (!deps_sibling_container(inner))
      return false;
    inner = ospg_node(inner)->parent;
  }
  return inner == outer;
}

/* Called when a dependence comes from another container than the last one. Outside
 * the map's outermost group, that group was closed by a taskwait (or a taskgroup's
 * end), which joined every child it describes: the map starts afresh. Only a children
 * group can start it: a dependence from another container (an if(0) task, a
 * `taskwait depend` before any child) leaves no group to nest in. Walks from the new
 * container to the last one, else to the outermost: O(depth difference), paid once per
 * change of container. */
static void enter_container(struct dep_map *m, node_id container) {
  bool keep = m->group && (nested_in(container, m->last) || nested_in(container, m->group));
  if (!keep) {
    deps_map_free(m);
    m->group = ospg_is_children_group(container) ? container : 0;
  }
  m->last = container;
}

static struct dep_entry *entry_for(struct dep_map *m, node_id group, uintptr_t addr) {
  if (m->last != group)
    enter_container(m, group);
  if ((m->len + 1) * 2 > m->cap && map_grow(m))
    return NULL;
  size_t j = slot_of(addr, m->cap);
  while (m->slots[j].addr && m->slots[j].addr != addr)
    j = (j + 1) & (m->cap - 1);
  struct dep_entry *e = &m->slots[j];
  if (!e->addr) {
    e->addr = addr;
    e->group_kind = DEP_IN;
    m->len++;
  }
  return e;
}

/* The edges a dependence implies, without changing the state. */
static void wait_edges(struct dep_entry *e, node_id task, enum dep_kind kind) {
  switch (kind) {
  case DEP_IN:
    add_edge(task, e->last_out);
    edges_from(task, &e->group_members);
    break;
  case DEP_OUT:
    add_edge(task, e->last_out);
    edges_from(task, &e->readers);
    edges_from(task, &e->group_members);
    break;
  case DEP_MUTEXINOUTSET:
  case DEP_INOUTSET:
    if (e->group_kind == kind) {
      edges_from(task, &e->group_base);
    } else {
      add_edge(task, e->last_out);
      edges_from(task, &e->readers);
      edges_from(task, &e->group_members);
    }
    break;
  }
}

/* Starts a new group of `kind`: what it waits for is everything before it. */
static void open_group(struct dep_entry *e, enum dep_kind kind) {
  struct node_list base = {0};
  list_push(&base, e->last_out);
  for (uint32_t i = 0; i < e->readers.n; i++)
    list_push(&base, e->readers.v[i]);
  for (uint32_t i = 0; i < e->group_members.n; i++)
    list_push(&base, e->group_members.v[i]);
  list_free(&e->group_base);
  e->group_base = base;
  e->group_members.n = 0;
  e->readers.n = 0;
  e->group_kind = kind;
}

void deps_add(struct dep_map *m, node_id group, node_id task, uintptr_t addr, enum dep_kind kind) {
  struct dep_entry *e = entry_for(m, group, addr);
  if (!e)
    return;
  wait_edges(e, task, kind);
  switch (kind) {
  case DEP_IN: list_push(&e->readers, task); break;
  case DEP_OUT:
    e->last_out = task;
    e->readers.n = 0;
    e->group_members.n = 0;
    e->group_kind = DEP_IN;
    break;
  case DEP_MUTEXINOUTSET:
  case DEP_INOUTSET:
    if (e->group_kind != kind) {
      open_group(e, kind);
      wait_edges(e, task, kind);
    }
    /* Fast mode: mutually exclusive members are chained (see task_deps.h). */
    if (kind == DEP_MUTEXINOUTSET && !mode_precise() && e->group_members.n)
      add_edge(task, e->group_members.v[e->group_members.n - 1]);
    list_push(&e->group_members, task);
    break;
  }
}

void deps_wait_on(struct dep_map *m, node_id group, node_id node, uintptr_t addr,
                  enum dep_kind kind) {
  struct dep_entry *e = entry_for(m, group, addr);
  if (e)
    wait_edges(e, node, kind == DEP_IN ? DEP_IN : DEP_OUT);
}

/* ---- DIRECTED PATH ---- */

/* A per-thread visited set for one query: open addressing with a query stamp, so it
 * never needs clearing. */
struct visited {
  node_id *key;
  uint32_t *stamp;
  uint32_t cap, now;
};

/* One search in progress on this thread (deps_path_begin .. deps_path_found). */
struct path_search {
  struct visited seen;
  struct node_list stack; /* nodes whose predecessors are still to be looked at */
  node_id from;
  uint32_t above; /* only nodes of a level above this one can lie on a path from `from` */
  bool found;
  bool stamped; /* `seen` is fresh for this search */
};
static OMPR_TLS struct path_search t_search;

static bool visit(struct visited *v, node_id n) {
  size_t j = (n * 2654435761u) & (v->cap - 1);
  for (uint32_t probes = 0; probes < v->cap; probes++) {
    if (v->stamp[j] != v->now) {
      v->stamp[j] = v->now;
      v->key[j] = n;
      return true;
    }
    if (v->key[j] == n)
      return false;
    j = (j + 1) & (v->cap - 1);
  }
  return true; /* full: visit again rather than miss a path */
}

/* The visited set, allocated by a thread's first search that needs one (most queries
 * never do: their targets carry no edges) and freshly stamped once per search. */
static bool search_ready(struct path_search *s) {
  struct visited *v = &s->seen;
  if (!v->cap) {
    uint32_t cap = 1u << 16;
    v->key = calloc(cap, sizeof *v->key);
    v->stamp = calloc(cap, sizeof *v->stamp);
    if (!v->key || !v->stamp) {
      free(v->key);
      free(v->stamp);
      *v = (struct visited){0};
      return false; /* no search: only direct edges count */
    }
    v->cap = cap;
  }
  if (!s->stamped) {
    v->now++;
    s->stamped = true;
  }
  return true;
}

#define MAX_SEARCH (1u << 20)

void deps_path_begin(node_id from) {
  struct path_search *s = &t_search;
  s->stack.n = 0;
  s->from = from;
  /* Levels read as they are when the search begins: an edge added meanwhile is one the
   * search might as well have run before (the answer of an earlier query). */
  s->above = atomic_load_explicit(&g_levels_unsure, memory_order_acquire) ? 0 : level_of(from);
  s->found = false;
  s->stamped = false;
}

/* Whether node n, created after `from`, may lie on a path from it (LEVELS). */
static bool may_lie_on_path(const struct path_search *s, node_id n) {
  return n > s->from && level_of(n) > s->above;
}

void deps_path_target(node_id to) {
  struct path_search *s = &t_search;
  uint32_t e = ospg_node(to)->preds;
  if (s->found || !e)
    return;
  /* Most ordered pairs are direct (a stencil's neighbours): look there first, before a
   * search that may visit every sibling created in between. */
  for (; e && !s->found; e = g_edges[e].next)
    s->found = g_edges[e].pred == s->from;
  if (!s->found && may_lie_on_path(s, to) && search_ready(s) && visit(&s->seen, to))
    list_push(&s->stack, to);
}

/* Depth-first, backwards along predecessor edges from every target at once. A node
 * created before `from` (a smaller id: ids grow with creation, and a task is created
 * after its predecessors) cannot lie on a path that starts at `from`, nor can one of
 * a level at or below from's (LEVELS). Node ids, not positions among a parent's
 * children, because siblings can sit in different children groups. Cost: each node at
 * most once, at most MAX_SEARCH nodes in all. */
bool deps_path_found(void) {
  struct path_search *s = &t_search;
  unsigned steps = 0;
  while (!s->found && s->stack.n) {
    node_id n = s->stack.v[--s->stack.n];
    for (uint32_t e = ospg_node(n)->preds; e; e = g_edges[e].next) {
      node_id p = g_edges[e].pred;
      if (p == s->from)
        return true;
      if (!may_lie_on_path(s, p) || !visit(&s->seen, p))
        continue;
      if (++steps > MAX_SEARCH)
        return false; /* give up: call it parallel (a possible false report, no miss) */
      list_push(&s->stack, p);
    }
  }
  return s->found;
}
