/* Joined ids (joined_ids.h): the spans a task's taskwait finds accounted for, driven
 * through the calls ompt_events.c makes (strand stacks for the nodes, joined_* for
 * the counts). Every span is checked against the OSPG itself: each strand in it must
 * precede the task's strand after the taskwait (Algorithm 1 says not parallel). */
#include "check.h"
#include "joined_ids.h"
#include "options.h"
#include "ospg.h"
#include "sp_query.h"
#include "strand_stack.h"
#include "task_nesting.h"

/* A task as ompt_events.c keeps one: its stack and its counts. */
struct task {
  struct strand_stack ss;
  struct joined_ids joined;
  struct task *creator;
};

static struct task g_main; /* an implicit task: made by no task */

static void create(struct task *parent, struct task *child) {
  node_id made_by = parent->ss.strand;
  ss_task_create(&parent->ss, &child->ss, 0, false);
  joined_init(&child->joined, &parent->joined, made_by, child->ss.ids_taken);
  child->creator = parent;
}

static void taskwait(struct task *t) {
  ss_taskwait(&t->ss);
  joined_taskwait(&t->joined, t->ss.ids_taken, t->ss.strand);
}

static void end(struct task *t) {
  ss_task_end(&t->ss);
  joined_task_ended(&t->joined, t->ss.ids_taken, &t->creator->joined);
}

#define OWN(t) ((t).joined.follows.spans[0])
#define INHERITED(t) ((t).joined.follows.spans[1])

static bool in_span(struct id_span s, node_id x) {
  return x - s.lo < s.hi - s.lo;
}

/* Every strand t's follows name (in its spans, or one of its two strands) precedes
 * t's running strand. */
static bool spans_sound(const struct task *t) {
  const struct sp_follows *f = &t->joined.follows;
  for (int i = 0; i < 2; i++) {
    for (node_id x = f->spans[i].lo; x < f->spans[i].hi; x++)
      if (ospg_node(x)->type == NODE_W && x != t->ss.strand &&
          sp_is_parallel_precise(t->ss.strand, x))
        return false;
    if (f->strands[i] && sp_is_parallel_precise(t->ss.strand, f->strands[i]))
      return false;
  }
  return true;
}

static bool empty(struct id_span s) {
  return s.lo == s.hi;
}

static void fresh_main(void) {
  ss_destroy(&g_main.ss);
  ss_init(&g_main.ss, ospg_root());
  g_main.joined = (struct joined_ids){0};
}

/* T makes C1 and C2, C1 makes G and waits for it; T waits: every id since T was made
 * is accounted for (T's own, C1's with G's, C2's). */
static void nested_subtree_is_joined(void) {
  fresh_main();
  struct task t = {0}, c1 = {0}, c2 = {0}, g = {0};
  create(&g_main, &t);
  create(&t, &c1);
  create(&c1, &g);
  node_id g_strand = g.ss.strand;
  end(&g);
  taskwait(&c1);
  end(&c1);
  create(&t, &c2);
  node_id c2_strand = c2.ss.strand;
  end(&c2);
  CHECK(empty(OWN(t)));
  taskwait(&t);
  CHECK(!empty(OWN(t)));
  CHECK(in_span(OWN(t), g_strand));
  CHECK(in_span(OWN(t), c2_strand));
  CHECK(!in_span(OWN(t), t.ss.strand + 1)); /* nothing made after the taskwait */
  CHECK(spans_sound(&t));
  /* A later child inherits the span: its strands follow T's at its creation, and so
   * do they T's strand that created it and main's that created T. */
  struct task d = {0};
  node_id t_creating = t.ss.strand;
  create(&t, &d);
  CHECK(d.joined.follows.strands[0] == t_creating);
  CHECK(d.joined.follows.strands[1] == t.joined.follows.strands[0]);
  CHECK(t.joined.follows.strands[0] != 0);
  CHECK(INHERITED(d).lo == OWN(t).lo && INHERITED(d).hi == OWN(t).hi);
  CHECK(spans_sound(&d));
  /* A second window that closes right after the first extends it. */
  end(&d);
  node_id lo = OWN(t).lo;
  taskwait(&t);
  CHECK(OWN(t).lo == lo && OWN(t).hi == ospg_next_id());
  CHECK(spans_sound(&t));
}

/* An id another task took while T's children ran (the creator's next strand, parallel
 * with T) leaves T's counts short: no span. */
static void foreign_id_drops_the_window(void) {
  fresh_main();
  struct task t = {0}, c = {0};
  create(&g_main, &t);
  create(&t, &c);
  end(&c);
  node_id other = ss_new_strand(&g_main.ss);
  taskwait(&t);
  CHECK(empty(OWN(t)));
  CHECK(sp_is_parallel_precise(t.ss.strand, other)); /* why it must be */
  /* The next window starts after the taskwait, and closes whole again. */
  struct task c2 = {0};
  create(&t, &c2);
  end(&c2);
  taskwait(&t);
  CHECK(!empty(OWN(t)) && !in_span(OWN(t), other));
  CHECK(spans_sound(&t));
}

/* C makes G and ends without waiting: G (a leaf that takes no id itself) is parallel
 * with T's continuation in precise mode, and T's counts are short by G's node and
 * first strand. */
static void unwaited_grandchild_drops_the_window(void) {
  fresh_main();
  struct task t = {0}, c = {0}, g = {0};
  create(&g_main, &t);
  create(&t, &c);
  create(&c, &g);
  end(&c);
  end(&g); /* hands in to C, which never joins it */
  taskwait(&t);
  CHECK(empty(OWN(t)));
  CHECK(sp_is_parallel_precise(t.ss.strand, g.ss.strand));
}

/* A child whose end is announced after its creator's taskwait closed the window hands
 * in nothing: that window stays open-ended (no span), and the next one does not take
 * the late count. */
static void late_hand_in_is_dropped(void) {
  fresh_main();
  struct task t = {0}, c = {0}, c2 = {0};
  create(&g_main, &t);
  create(&t, &c);
  taskwait(&t);
  CHECK(empty(OWN(t)));
  end(&c);
  create(&t, &c2);
  end(&c2);
  taskwait(&t);
  CHECK(!empty(OWN(t)));
  CHECK(!in_span(OWN(t), c.ss.strand));
  CHECK(spans_sound(&t));
}

/* The memo answers from the spans and strands without the OSPG (for the strands after
 * the taskwait only), and not once the ids were handed out again (a rewind). */
static void memo_follows_until_a_rewind(void) {
  fresh_main();
  uint32_t mark = ospg_mark();
  struct task t = {0}, c = {0};
  create(&g_main, &t);
  create(&t, &c);
  end(&c);
  node_id t_before = t.ss.strand;
  taskwait(&t);
  CHECK(!empty(OWN(t)));
  struct sp_cache cache;
  sp_cache_reset(&cache, t.ss.strand);
  cache.follows = &t.joined.follows;
  CHECK(sp_cache_follows(&cache, c.ss.strand));
  CHECK(!sp_cache_follows(&cache, t.ss.strand + 1));
  CHECK(sp_cache_follows(&cache, t.joined.follows.strands[0]));
  /* The strand before the taskwait follows none of the window it closed. */
  struct sp_cache before;
  sp_cache_reset(&before, t_before);
  before.follows = &t.joined.follows;
  CHECK(!sp_cache_follows(&before, c.ss.strand));
  ospg_release_to(mark);
  CHECK(!sp_cache_follows(&cache, c.ss.strand));
  CHECK(!sp_cache_follows(&cache, t.joined.follows.strands[0]));
}

int main(void) {
  g_opts.mode = MODE_PRECISE;
  if (ospg_init(1 << 20)) {
    fprintf(stderr, "cannot reserve memory\n");
    return 1;
  }
  /* A module whose tasks may leave children unwaited: one test does. */
  nesting_module_registered();
  nesting_module_tasks(false);
  ss_init(&g_main.ss, ospg_root());
  RUN_TEST(nested_subtree_is_joined);
  RUN_TEST(foreign_id_drops_the_window);
  RUN_TEST(unwaited_grandchild_drops_the_window);
  RUN_TEST(late_hand_in_is_dropped);
  RUN_TEST(memo_follows_until_a_rewind);
  return finish();
}
