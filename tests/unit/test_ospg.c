/* OSPG construction and isParallel, driven through the runtime's construction API
 * (strand_stack.c, team.c) the way the OMPT callbacks drive it, for the programs of
 * the seed dissertation's Figures 2.2-2.9 and 4.3. Each figure's fragments are named
 * as in the seed, and every pair the text states a relation for is checked. */
#include "check.h"
#include "options.h"
#include "ospg.h"
#include "reclaim.h"
#include "sp_query.h"
#include "strand_stack.h"
#include "team.h"
#include <stdlib.h>

#define PAR(a, b) (sp_is_parallel((a), (b)) && sp_is_parallel((b), (a)))
#define SER(a, b) (!sp_is_parallel((a), (b)) && !sp_is_parallel((b), (a)))

static struct strand_stack g_main;

static void fresh_program(void) {
  ss_destroy(&g_main);
  ss_init(&g_main, ospg_root());
}

/* Figure 2.2: parallel num_threads(2) between init() and fini(): w1 before the
 * region, w2 and w3 its two implicit tasks, w4 after it. */
struct fig_2_2 {
  node_id w1, w2, w3, w4;
};
static struct fig_2_2 build_fig_2_2(void) {
  fresh_program();
  struct fig_2_2 f = {.w1 = g_main.strand};
  struct team t;
  struct strand_stack m0, m1;
  uint32_t p0, p1;
  team_begin(&t, &g_main, 0);
  team_member_begin(&t, &m0, &p0);
  team_member_begin(&t, &m1, &p1);
  f.w2 = m0.strand;
  f.w3 = m1.strand;
  team_end(&t, &g_main);
  f.w4 = g_main.strand;
  ss_destroy(&m0);
  ss_destroy(&m1);
  return f;
}

static void fig_2_2_parallel(void) {
  struct fig_2_2 f = build_fig_2_2();
  node_id w1 = f.w1, w2 = f.w2, w3 = f.w3, w4 = f.w4;
  CHECK(PAR(w2, w3));
  CHECK(SER(w1, w2) && SER(w1, w3));
  CHECK(SER(w2, w4) && SER(w3, w4));
  CHECK(SER(w1, w4));
  /* The tree has the seed's shape: S1 -> {W1, S2 -> {S3 -> {P1, P2}}, W4}. */
  CHECK(ospg_node(w2)->parent != ospg_node(w3)->parent);
  CHECK(ospg_node(ospg_node(w2)->parent)->type == NODE_P);
  CHECK(ospg_node(w1)->parent == ospg_root() && ospg_node(w4)->parent == ospg_root());
}

/* Figure 2.4: before(tid); barrier; after(tid). */
static void fig_2_4_barrier(void) {
  fresh_program();
  struct team t;
  struct strand_stack m0, m1;
  uint32_t p0, p1;
  team_begin(&t, &g_main, 0);
  team_member_begin(&t, &m0, &p0);
  team_member_begin(&t, &m1, &p1);
  node_id w2 = m0.strand, w3 = m1.strand;
  team_barrier_end(&t, &m1, &p1); /* thread 1 leaves the barrier first */
  team_barrier_end(&t, &m0, &p0);
  node_id w4 = m0.strand, w5 = m1.strand;
  CHECK(PAR(w2, w3));
  CHECK(PAR(w4, w5));
  CHECK(SER(w2, w4) && SER(w2, w5) && SER(w3, w4) && SER(w3, w5));
  CHECK(p0 == 1 && p1 == 1);
  /* Both members joined the same phase S-node (only the first out created one). */
  CHECK(ospg_node(ospg_node(w4)->parent)->parent == ospg_node(ospg_node(w5)->parent)->parent);
  team_end(&t, &g_main);
  ss_destroy(&m0);
  ss_destroy(&m1);
}

/* Figure 2.5: before(tid); single { printf } ; after(tid) (with the implicit barrier). */
static void fig_2_5_single(void) {
  fresh_program();
  struct team t;
  struct strand_stack m0, m1;
  uint32_t p0, p1;
  team_begin(&t, &g_main, 0);
  team_member_begin(&t, &m0, &p0);
  team_member_begin(&t, &m1, &p1);
  node_id before0 = m0.strand, before1 = m1.strand;
  node_id in_single = ss_new_strand(&m1); /* thread 1 executes the single */
  ss_new_strand(&m1);                     /* leaves it */
  team_barrier_end(&t, &m0, &p0);
  team_barrier_end(&t, &m1, &p1);
  node_id after0 = m0.strand, after1 = m1.strand;
  CHECK(PAR(in_single, before0));
  CHECK(SER(in_single, before1));
  CHECK(SER(in_single, after0) && SER(in_single, after1));
  team_end(&t, &g_main);
  ss_destroy(&m0);
  ss_destroy(&m1);
}

/* Figure 2.6: before(); sections { calc_x | calc_y | calc_z } after(), two threads;
 * thread 0 runs two sections one after the other. */
static void fig_2_6_sections(void) {
  fresh_program();
  struct team t;
  struct strand_stack m0, m1;
  uint32_t p0, p1;
  team_begin(&t, &g_main, 0);
  team_member_begin(&t, &m0, &p0);
  team_member_begin(&t, &m1, &p1);
  node_id before0 = m0.strand;
  ss_workshare_begin(&m0, CK_SECTIONS, 0);
  ss_workshare_begin(&m1, CK_SECTIONS, 0);
  ss_work_item(&m0, CK_SECTION);
  node_id wx = m0.strand;
  ss_work_item(&m1, CK_SECTION);
  node_id wy = m1.strand;
  ss_work_item(&m0, CK_SECTION);
  node_id wz = m0.strand;
  ss_workshare_end(&m0);
  ss_workshare_end(&m1);
  team_barrier_end(&t, &m0, &p0);
  team_barrier_end(&t, &m1, &p1);
  node_id after = m0.strand;
  CHECK(PAR(wx, wy) && PAR(wy, wz));
  CHECK(PAR(wx, wz)); /* same thread, still logically parallel */
  CHECK(SER(before0, wx) && SER(before0, wz));
  CHECK(SER(wx, after) && SER(wy, after) && SER(wz, after));
  team_end(&t, &g_main);
  ss_destroy(&m0);
  ss_destroy(&m1);
}

/* Figure 2.7: before(); for schedule(dynamic,100) over 400 iterations; after(). */
static void fig_2_7_loop(void) {
  fresh_program();
  struct team t;
  struct strand_stack m0, m1;
  uint32_t p0, p1;
  team_begin(&t, &g_main, 0);
  team_member_begin(&t, &m0, &p0);
  team_member_begin(&t, &m1, &p1);
  node_id before1 = m1.strand;
  ss_workshare_begin(&m0, CK_LOOP, 0);
  ss_workshare_begin(&m1, CK_LOOP, 0);
  node_id chunk[4];
  ss_work_item(&m0, CK_CHUNK);
  chunk[0] = m0.strand;
  ss_work_item(&m1, CK_CHUNK);
  chunk[1] = m1.strand;
  ss_work_item(&m1, CK_CHUNK);
  chunk[2] = m1.strand;
  ss_work_item(&m0, CK_CHUNK);
  chunk[3] = m0.strand;
  ss_workshare_end(&m0);
  ss_workshare_end(&m1);
  node_id nowait_after1 = m1.strand;
  for (int i = 0; i < 4; i++)
    for (int j = i + 1; j < 4; j++)
      CHECK(PAR(chunk[i], chunk[j]));
  CHECK(SER(before1, chunk[1]) && SER(before1, chunk[2]));
  CHECK(PAR(before1, chunk[0])); /* thread 1's code before the loop vs thread 0's chunk */
  /* Without the barrier (nowait), code after the loop is parallel with the other
   * thread's chunks and in series with its own. */
  CHECK(PAR(nowait_after1, chunk[0]) && SER(nowait_after1, chunk[2]));
  team_barrier_end(&t, &m0, &p0);
  team_barrier_end(&t, &m1, &p1);
  for (int i = 0; i < 4; i++)
    CHECK(SER(chunk[i], m0.strand) && SER(chunk[i], m1.strand));
  team_end(&t, &g_main);
  ss_destroy(&m0);
  ss_destroy(&m1);
}

/* Figure 2.8: single { before(); task task1(); cont(); task task2(); cont2(); } */
static void fig_2_8_tasks(void) {
  fresh_program();
  struct strand_stack task1, task2;
  node_id before = g_main.strand;
  ss_task_create(&g_main, &task1, 0, false);
  node_id cont = g_main.strand;
  ss_task_create(&g_main, &task2, 0, false);
  node_id cont2 = g_main.strand;
  node_id w_t1 = task1.strand, w_t2 = task2.strand;
  CHECK(PAR(w_t1, cont) && PAR(w_t1, cont2) && PAR(w_t1, w_t2));
  CHECK(PAR(w_t2, cont2));
  CHECK(SER(w_t2, cont)); /* task2 is created after cont */
  CHECK(SER(before, w_t1) && SER(before, w_t2) && SER(before, cont));
  CHECK(SER(cont, cont2));
  ss_destroy(&task1);
  ss_destroy(&task2);
}

/* Figure 2.9: task background(); taskgroup { tg_start(); task { pre; task left;
 * task right; post; } tg_end(); } print_result(); */
static void fig_2_9_taskgroup(void) {
  fresh_program();
  struct strand_stack bg, outer, left, right;
  ss_task_create(&g_main, &bg, 0, false);
  node_id w_bg = bg.strand;
  ss_taskgroup_begin(&g_main, 0);
  node_id tg_start = g_main.strand;
  ss_task_create(&g_main, &outer, 0, false);
  node_id tg_end = g_main.strand;
  node_id pre = outer.strand;
  ss_task_create(&outer, &left, 0, false);
  ss_task_create(&outer, &right, 0, false);
  node_id post = outer.strand;
  ss_taskgroup_end(&g_main);
  node_id print_result = g_main.strand;
  node_id w_left = left.strand, w_right = right.strand;
  CHECK(PAR(w_bg, tg_start) && PAR(w_bg, pre) && PAR(w_bg, w_left) && PAR(w_bg, print_result));
  CHECK(SER(tg_start, pre) && PAR(pre, tg_end) && PAR(w_left, tg_end));
  CHECK(SER(pre, w_left) && SER(pre, w_right));
  CHECK(PAR(w_left, w_right) && PAR(w_left, post) && PAR(w_right, post));
  CHECK(SER(pre, print_result) && SER(w_left, print_result) && SER(w_right, print_result) &&
        SER(post, print_result) && SER(tg_end, print_result));
  ss_destroy(&bg);
  ss_destroy(&outer);
  ss_destroy(&left);
  ss_destroy(&right);
}

/* Figure 4.3: single { x = 0; y = 0; task { x = 1; } task { ... = x; } } */
static void fig_4_3_sibling_tasks(void) {
  fresh_program();
  struct strand_stack t1, t2;
  node_id w1 = g_main.strand;
  ss_task_create(&g_main, &t1, 0, false);
  ss_task_create(&g_main, &t2, 0, false);
  node_id w2 = t1.strand, w3 = t2.strand;
  CHECK(SER(w1, w2) && SER(w1, w3));
  CHECK(PAR(w2, w3));
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* Fully nested taskwait (Figure 2.10(a)), in fast mode: A; task { B }; taskwait; C. */
static void taskwait_nested(void) {
  fresh_program();
  struct strand_stack ta, tb;
  ss_task_create(&g_main, &ta, 0, false);
  node_id wa = ta.strand;
  ss_task_create(&ta, &tb, 0, false);
  node_id wb = tb.strand;
  ss_taskwait(&ta);
  node_id wc = ta.strand;
  ss_taskwait(&g_main);
  node_id wd = g_main.strand;
  CHECK(SER(wa, wb) && SER(wb, wc) && SER(wa, wc));
  CHECK(SER(wa, wd) && SER(wb, wd) && SER(wc, wd));
  ss_destroy(&ta);
  ss_destroy(&tb);
}

/* if(0) tasks finish before the creator goes on, but stay parallel with earlier
 * siblings. */
static void task_if0(void) {
  fresh_program();
  struct strand_stack t1, t2;
  ss_task_create(&g_main, &t1, 0, false);
  ss_task_create(&g_main, &t2, 0, true);
  node_id cont = g_main.strand;
  CHECK(PAR(t1.strand, t2.strand));
  CHECK(SER(t2.strand, cont));
  CHECK(PAR(t1.strand, cont));
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* Nested parallel regions: an inner team is parallel with the outer team's other
 * members, and its members with each other. */
static void nested_parallel(void) {
  fresh_program();
  struct team outer, inner;
  struct strand_stack o0, o1, i0, i1;
  uint32_t p;
  team_begin(&outer, &g_main, 0);
  team_member_begin(&outer, &o0, &p);
  team_member_begin(&outer, &o1, &p);
  team_begin(&inner, &o0, 0);
  team_member_begin(&inner, &i0, &p);
  team_member_begin(&inner, &i1, &p);
  CHECK(PAR(i0.strand, i1.strand));
  CHECK(PAR(i0.strand, o1.strand));
  team_end(&inner, &o0);
  CHECK(SER(i0.strand, o0.strand) && SER(i1.strand, o0.strand));
  CHECK(PAR(o0.strand, o1.strand));
  team_end(&outer, &g_main);
  ss_destroy(&o0);
  ss_destroy(&o1);
  ss_destroy(&i0);
  ss_destroy(&i1);
}

/* The arena is rewound after an outermost region, and ids are reused. */
/* ss_enclosing_workshare, asked on every access to a confined slot: the innermost open
 * worksharing construct, through work items, nesting, a taskgroup that closes over
 * one, and a rebase. */
static void enclosing_workshare(void) {
  fresh_program();
  CHECK(ss_enclosing_workshare(&g_main) == 0);
  ss_workshare_begin(&g_main, CK_LOOP, 0);
  node_id loop = ss_top(&g_main);
  CHECK(ss_enclosing_workshare(&g_main) == loop);
  ss_work_item(&g_main, CK_CHUNK);
  ss_work_item(&g_main, CK_CHUNK); /* pops the first chunk */
  CHECK(ss_enclosing_workshare(&g_main) == loop);
  ss_workshare_begin(&g_main, CK_SECTIONS, 0);
  node_id sections = ss_top(&g_main);
  ss_work_item(&g_main, CK_SECTION);
  CHECK(ss_enclosing_workshare(&g_main) == sections);
  ss_workshare_end(&g_main);
  CHECK(ss_enclosing_workshare(&g_main) == loop);
  ss_workshare_end(&g_main);
  CHECK(ss_enclosing_workshare(&g_main) == 0);
  ss_taskgroup_begin(&g_main, 0);
  ss_workshare_begin(&g_main, CK_LOOP, 0);
  ss_taskgroup_end(&g_main); /* closes through the loop above it */
  CHECK(ss_enclosing_workshare(&g_main) == 0);
  ss_workshare_begin(&g_main, CK_LOOP, 0);
  ss_rebase(&g_main, ospg_root());
  CHECK(ss_enclosing_workshare(&g_main) == 0);
}

static void arena_rewind(void) {
  fresh_program();
  uint32_t mark = ospg_mark();
  struct team t;
  struct strand_stack m0;
  uint32_t p;
  team_begin(&t, &g_main, 0);
  team_member_begin(&t, &m0, &p);
  CHECK(ospg_mark() > mark);
  ospg_release_to(mark);
  CHECK(ospg_mark() == mark);
  team_end(&t, &g_main);
  CHECK(g_main.strand == mark); /* the continuation strand reuses the first freed id */
  ss_destroy(&m0);
}

/* The naive LCA and its children: climb parent by parent. */
static node_id naive_lca(node_id a, node_id b, node_id *ca, node_id *cb) {
  *ca = a;
  *cb = b;
  while (ospg_node(a)->depth > ospg_node(b)->depth)
    *ca = a, a = ospg_node(a)->parent;
  while (ospg_node(b)->depth > ospg_node(a)->depth)
    *cb = b, b = ospg_node(b)->parent;
  while (a != b) {
    *ca = a, *cb = b;
    a = ospg_node(a)->parent;
    b = ospg_node(b)->parent;
  }
  return a;
}

/* A random tree of long chains: mostly the newest node extended (chains thousands
 * deep), sometimes a branch; its first `wide` nodes children of its first one. Returns
 * the generator's state after it. */
static unsigned chain_tree(node_id *nodes, unsigned n, unsigned wide, unsigned seed) {
  nodes[0] = ospg_add(ospg_root(), NODE_S, CK_NONE, 0);
  for (unsigned i = 1; i < n; i++) {
    seed = seed * 1103515245u + 12345u;
    unsigned pick = i <= wide ? 0 : (seed >> 16) % 64 ? i - 1 : (seed >> 8) % i;
    nodes[i] = ospg_add(nodes[pick], (seed >> 4) & 1 ? NODE_P : NODE_S, CK_NONE, 0);
  }
  return seed;
}

/* Jump pointers (ospg.h): LCAs, the LCA's children and ancestors at a depth agree with
 * a parent-by-parent climb, on a tree of long chains (a deep task recursion) that
 * branch at random depths. */
static void jump_pointers(void) {
  fresh_program();
  enum { N = 20000 };
  static node_id nodes[N];
  unsigned seed = chain_tree(nodes, N, 0, 12345);
  unsigned deepest = 0;
  for (unsigned i = 0; i < N; i++)
    if (ospg_node(nodes[i])->depth > deepest)
      deepest = ospg_node(nodes[i])->depth;
  CHECK(deepest > 1000);
  int bad_lca = 0, bad_children = 0, bad_ancestor = 0;
  for (unsigned k = 0; k < 20000; k++) {
    seed = seed * 1103515245u + 12345u;
    node_id a = nodes[(seed >> 8) % N];
    seed = seed * 1103515245u + 12345u;
    node_id b = k % 7 == 0 ? a : nodes[(seed >> 8) % N];
    if (k % 5 == 0) /* b an ancestor of a */
      b = ospg_node(a)->depth > 3 ? ospg_node(ospg_node(a)->parent)->parent : b;
    node_id ca, cb, left, right;
    node_id lca = naive_lca(a, b, &ca, &cb);
    bad_lca += sp_lca(a, b) != lca;
    bool have = sp_lca_children(a, b, &left, &right);
    if (lca == a || lca == b)
      bad_children += have;
    else
      bad_children += !have || !((left == ca && right == cb) || (left == cb && right == ca)) ||
                      ospg_node(left)->order > ospg_node(right)->order;
    unsigned d = (seed >> 4) % (ospg_node(a)->depth + 1u);
    node_id x = a;
    while (ospg_node(x)->depth > d)
      x = ospg_node(x)->parent;
    bad_ancestor += ospg_ancestor_at(a, d) != x;
  }
  CHECK(bad_lca == 0);
  CHECK(bad_children == 0);
  CHECK(bad_ancestor == 0);
}

/* The asking strand's path (sp_query.c): after sp_is_parallel(a, .) the climbs from a
 * read a's ancestors from the path. LCAs from a agree with a parent-by-parent climb
 * while a moves as a thread's strands do (mostly to a nearby node, sometimes far:
 * past the walk's limit), and after a rewind hands a's id to a node of another tree
 * (the path must not answer for it). */
static void asking_strand_path(void) {
  fresh_program();
  enum { N = 6000 };
  static node_id nodes[N];
  uint32_t mark = ospg_mark();
  chain_tree(nodes, N, 0, 777);
  unsigned seed = 99, bad = 0, i = N / 2;
  for (unsigned k = 0; k < 20000; k++) {
    seed = seed * 1103515245u + 12345u;
    i = (seed >> 16) % 16 ? (i + 1 + (seed >> 8) % 3) % N : (seed >> 4) % N;
    node_id a = nodes[i], b = nodes[(seed >> 2) % N], ca, cb;
    (void)sp_is_parallel(a, b);
    bad += sp_lca(a, b) != naive_lca(a, b, &ca, &cb);
  }
  CHECK(bad == 0);
  /* The deepest node becomes the path's leaf; then its id goes to another tree. */
  node_id deep = nodes[0];
  for (unsigned j = 0; j < N; j++)
    if (ospg_node(nodes[j])->depth > ospg_node(deep)->depth)
      deep = nodes[j];
  /* Down its chain in steps the path's walk takes (a thread's strands do the same). */
  unsigned deep_depth = ospg_node(deep)->depth;
  for (unsigned d = 16; d < deep_depth + 16; d += 16)
    (void)sp_is_parallel(ospg_ancestor_at(deep, d < deep_depth ? d : deep_depth), nodes[0]);
  ospg_release_to(mark);
  chain_tree(nodes, N, 100, 4242); /* ids and depths apart by about 100 */
  CHECK(deep < mark + N);
  unsigned checked = 0;
  for (unsigned j = 0; j < N; j += 7) {
    node_id ca, cb;
    if (ospg_node(deep)->depth <= ospg_node(nodes[j])->depth)
      continue;
    checked++;
    bad += sp_lca(deep, nodes[j]) != naive_lca(deep, nodes[j], &ca, &cb);
  }
  CHECK(checked > 0 && deep_depth != ospg_node(deep)->depth);
  CHECK(bad == 0);
}

/* A child of `creator` that makes one grandchild; waits for it unless `unwaited`. Its
 * strands go to old[]. Driven as the OMPT callbacks drive reclaim.h. */
static void child_with_grandchild(struct strand_stack *creator, struct reclaim_inbox *inbox,
                                  bool unwaited, node_id *old, unsigned *nold) {
  struct strand_stack c, g;
  struct reclaim_inbox c_inbox = {0}, g_inbox = {0};
  ss_task_create(creator, &c, 0, false);
  old[(*nold)++] = c.strand;
  ss_task_create(&c, &g, 0, false);
  old[(*nold)++] = g.strand;
  old[(*nold)++] = c.strand; /* the continuation */
  if (!unwaited) {
    reclaim_task_ended(&c_inbox, &g, &g_inbox, !ss_task_end(&g));
    node_id group = ss_closing_group(&c), rep = c.strand;
    ss_taskwait(&c);
    reclaim_at_taskwait(&c_inbox, &c, group, rep);
    old[(*nold)++] = c.strand;
  }
  bool clean = !ss_task_end(&c);
  reclaim_task_ended(inbox, &c, &c_inbox, clean);
  if (unwaited)
    reclaim_task_ended(&c_inbox, &g, &g_inbox, !ss_task_end(&g)); /* ends after c */
  reclaim_inbox_drop(&c_inbox);
  ss_destroy(&c);
  ss_destroy(&g);
}

enum { RECLAIM_CHILDREN = 8000, RECLAIM_SAMPLE = 97 };
static node_id g_old[RECLAIM_CHILDREN * 4];

/* Reclaiming (ospg.h, RECLAIMING): in a team's implicit task, task T (created after a
 * sibling L that still runs) makes 8 000 children that each wait for a grandchild,
 * and waits for them. Its taskwait reclaims the children's nodes into T's strand
 * under the group: whole pages of them are given back, and every finished strand
 * answers every query with a live strand (L's, the creator's, T's after the
 * taskwait), in both modes, as it did before. */
static void reclaim_sealed_subtree(void) {
  g_opts.reclaim_ospg = 1;
  fresh_program();
  struct team t;
  struct strand_stack m0, L, T;
  uint32_t p;
  team_begin(&t, &g_main, 0);
  team_member_begin(&t, &m0, &p);
  ss_task_create(&m0, &L, 0, false);
  ss_task_create(&m0, &T, 0, false);
  struct reclaim_inbox t_inbox = {0};
  unsigned nold = 0;
  for (unsigned i = 0; i < RECLAIM_CHILDREN; i++)
    child_with_grandchild(&T, &t_inbox, false, g_old, &nold);
  node_id group = ss_closing_group(&T), rep = T.strand;
  CHECK(group != 0 && ospg_node(rep)->parent == group);
  ss_taskwait(&T);
  node_id live[] = {L.strand, m0.strand, T.strand}; /* rep runs no more */
  enum { NLIVE = sizeof live / sizeof *live };
  static bool before[2][RECLAIM_CHILDREN * 4 / RECLAIM_SAMPLE + 1][NLIVE];
  for (int mode = 0; mode < 2; mode++)
    for (unsigned k = 0; k * RECLAIM_SAMPLE < nold; k++)
      for (unsigned j = 0; j < NLIVE; j++) {
        g_opts.mode = mode ? MODE_PRECISE : MODE_FAST;
        before[mode][k][j] = sp_is_parallel(g_old[k * RECLAIM_SAMPLE], live[j]);
      }
  struct ospg_stats s0 = ospg_get_stats();
  reclaim_at_taskwait(&t_inbox, &T, group, rep);
  struct ospg_stats s1 = ospg_get_stats();
  CHECK(s1.reclaimed - s0.reclaimed >= 4u * RECLAIM_CHILDREN);
  CHECK(s1.pages_released - s0.pages_released >= 256);
  bool forwarded = true, same = true;
  for (unsigned k = 0; k < nold; k++)
    forwarded &= ospg_live(g_old[k]) == rep;
  for (int mode = 0; mode < 2; mode++)
    for (unsigned k = 0; k * RECLAIM_SAMPLE < nold; k++)
      for (unsigned j = 0; j < NLIVE; j++) {
        g_opts.mode = mode ? MODE_PRECISE : MODE_FAST;
        bool now = sp_is_parallel(g_old[k * RECLAIM_SAMPLE], live[j]);
        if (now != before[mode][k][j] && getenv("DBG"))
          fprintf(stderr, "mode %d old[%u]=%u live %u: %d -> %d\n", mode, k * RECLAIM_SAMPLE,
                  g_old[k * RECLAIM_SAMPLE], j, before[mode][k][j], now);
        same &= before[mode][k][j] == now;
      }
  CHECK(forwarded);
  CHECK(same);
  CHECK(before[0][0][0] && !before[0][0][2]); /* parallel with L, before T's later code */
  g_opts.mode = MODE_FAST;
  ss_destroy(&L);
  ss_destroy(&T);
  ss_destroy(&m0);
  team_end(&t, &g_main);
}

/* A child that ends without waiting for its grandchild taints the group: its
 * creator's taskwait reclaims nothing, not even the children that did wait. */
static void reclaim_keeps_unwaited(void) {
  g_opts.reclaim_ospg = 1;
  g_opts.mode = MODE_FAST;
  fresh_program();
  struct strand_stack T;
  ss_task_create(&g_main, &T, 0, false);
  struct reclaim_inbox t_inbox = {0};
  node_id old[8];
  unsigned nold = 0;
  child_with_grandchild(&T, &t_inbox, false, old, &nold);
  child_with_grandchild(&T, &t_inbox, true, old, &nold);
  node_id group = ss_closing_group(&T), rep = T.strand;
  ss_taskwait(&T);
  struct ospg_stats s0 = ospg_get_stats();
  reclaim_at_taskwait(&t_inbox, &T, group, rep);
  CHECK(ospg_get_stats().reclaimed == s0.reclaimed);
  bool kept = true; /* all but the grandchild that was waited for (old[1]) */
  for (unsigned k = 0; k < nold; k++)
    kept &= k == 1 ? ospg_live(old[k]) != old[k] : ospg_live(old[k]) == old[k];
  CHECK(kept);
  CHECK(atomic_load(&t_inbox.incomplete)); /* and T itself will not be reclaimed */
  ss_destroy(&T);
}

/* The memo (sp_query.h): an answer memoised for one strand is never given for the
 * next one after a switch, also when the switch wraps the epoch; strands whose ids
 * share a set each keep their own answer. Figure 2.2's strands. */
static void memo_switches(void) {
  struct fig_2_2 f = build_fig_2_2();
  node_id w1 = f.w1, w2 = f.w2, w3 = f.w3, w4 = f.w4;
  struct sp_cache c;
  sp_cache_reset(&c, w2);
  struct access_ref r3 = {w3, 1, 0}, r1 = {w1, 1, 0};
  CHECK(parallel_with(&c, r3) && parallel_with(&c, r3)); /* asked, then memoised */
  CHECK(!parallel_with(&c, r1));
  sp_cache_switch(&c, w4);
  CHECK(!parallel_with(&c, r3) && !parallel_with(&c, r3));
  sp_cache_switch(&c, w2);
  CHECK(parallel_with(&c, r3));
  c.epoch = UINT32_MAX; /* the next switch wraps */
  sp_cache_switch(&c, w4);
  CHECK(c.epoch == 1 && !parallel_with(&c, r3));
  /* Every strand met, whatever its set, keeps its own answer (the ways and the hash
   * move entries between sets' ways). */
  sp_cache_switch(&c, w2);
  for (node_id x = 1; x < 4 * SP_CACHE_SLOTS; x += 7)
    CHECK(parallel_with(&c, (struct access_ref){x, 1, 0}) == sp_is_parallel(w2, x));
  CHECK(parallel_with(&c, r3) && !parallel_with(&c, r1));
}

int main(void) {
  if (ospg_init(1 << 20)) {
    fprintf(stderr, "cannot reserve the arena\n");
    return 1;
  }
  RUN_TEST(fig_2_2_parallel);
  RUN_TEST(fig_2_4_barrier);
  RUN_TEST(fig_2_5_single);
  RUN_TEST(fig_2_6_sections);
  RUN_TEST(fig_2_7_loop);
  RUN_TEST(fig_2_8_tasks);
  RUN_TEST(fig_2_9_taskgroup);
  RUN_TEST(fig_4_3_sibling_tasks);
  RUN_TEST(taskwait_nested);
  RUN_TEST(task_if0);
  RUN_TEST(nested_parallel);
  RUN_TEST(enclosing_workshare);
  RUN_TEST(arena_rewind);
  RUN_TEST(jump_pointers);
  RUN_TEST(asking_strand_path);
  RUN_TEST(reclaim_sealed_subtree);
  RUN_TEST(reclaim_keeps_unwaited);
  RUN_TEST(memo_switches);
  return finish();
}
