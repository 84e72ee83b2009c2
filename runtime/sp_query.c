#include "sp_query.h"

#include "options.h"
#include "task_deps.h"

#include <string.h>

/* Climbs a and b to their LCA; returns it and the LCA's children on each path
 * (a itself if a is the LCA, likewise for b). */
static node_id climb(node_id a, node_id b, node_id *a_child, node_id *b_child) {
  node_id ca = a, cb = b;
  while (ospg_node(a)->depth > ospg_node(b)->depth) {
    ca = a;
    a = ospg_node(a)->parent;
  }
  while (ospg_node(b)->depth > ospg_node(a)->depth) {
    cb = b;
    b = ospg_node(b)->parent;
  }
  while (a != b) {
    ca = a;
    cb = b;
    a = ospg_node(a)->parent;
    b = ospg_node(b)->parent;
  }
  *a_child = ca;
  *b_child = cb;
  return a;
}

node_id sp_lca(node_id a, node_id b) {
  node_id ca, cb;
  return climb(a, b, &ca, &cb);
}

bool sp_is_parallel(node_id a, node_id b) {
  return mode_precise() ? sp_is_parallel_precise(a, b) : sp_is_parallel_fast(a, b);
}

void sp_cache_reset(struct sp_cache *c, node_id cur) {
  c->cur = cur;
  c->iter = 0;
  c->window = 0;
  c->tag0 = 1;
  memset(c->key, 0, sizeof c->key);
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

bool sp_lca_children(node_id a, node_id b, node_id *left, node_id *right) {
  return lca_children(&a, &b, left, right);
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
  /* The first node on b's path below the LCA that is not a group: the topmost one
   * met on the way up. */
  node_id first = right;
  if (deps_sibling_container(right))
    for (node_id n = b; n != right; n = ospg_node(n)->parent)
      if (!deps_sibling_container(n))
        first = n;
  deps_path_begin(left);
  for (node_id n = first;; n = ospg_node(n)->parent) {
    deps_path_target(n); /* nodes without edges are skipped there */
    if (n == right)
      break;
  }
  return deps_path_found();
}

bool sp_is_parallel_fast(node_id a, node_id b) {
  node_id left, right;
  if (!lca_children(&a, &b, &left, &right))
    return false;
  if (ospg_node(left)->type != NODE_P)
    return false; /* S, ST (read as S) or W */
  /* Sibling tasks ordered by their depend clauses. */
  return !deps_order(left, right, b);
}

/* COUNT(Wl, L) of Algorithm 1: st_val summed from Wl's parent up to the LCA's child
 * on its path, not counting an ST-node that is Wl's own parent. */
static int count_st(node_id wl, node_id lca_child) {
  int c = 0;
  node_id parent = ospg_node(wl)->parent;
  for (node_id n = parent;; n = ospg_node(n)->parent) {
    c += ospg_node(n)->st_val;
    if (n == lca_child)
      break;
  }
  if (ospg_node(parent)->type == NODE_ST)
    c -= ospg_node(parent)->st_val;
  return c;
}

bool sp_is_parallel_precise(node_id a, node_id b) {
  node_id left, right;
  if (!lca_children(&a, &b, &left, &right))
    return false; /* a is now the left W-node */
  enum node_type t = ospg_node(left)->type;
  if (t == NODE_S || t == NODE_W)
    return false;
  int c = count_st(a, left);
  if (t == NODE_P)
    return !(c == 1 && deps_order(left, right, b));
  return c > 0; /* ST: parallel unless the taskwaits on the way waited for a's task */
}
