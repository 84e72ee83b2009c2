#include "sp_query.h"

#include "task_deps.h"

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
  if (!a || !b || a == b)
    return false;
  node_id ca, cb;
  node_id lca = climb(a, b, &ca, &cb);
  if (lca == a || lca == b) /* one is an ancestor of the other: not two strands */
    return false;
  if (ospg_node(ca)->order > ospg_node(cb)->order) {
    node_id t = ca;
    ca = cb;
    cb = t;
  }
  /* ca is now the left child of the LCA, cb the right one. */
  if (ospg_node(ca)->type != NODE_P)
    return false;
  /* Sibling tasks ordered by their depend clauses. */
  return !(ospg_node(cb)->preds && deps_reaches(ca, cb));
}
