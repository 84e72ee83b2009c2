/* Iteration strands (iterations.h) driven through their API: tags per iteration, the
 * simd window, segments when an iteration creates nodes, later loop instances in the
 * same strand, loops nested in a simd iteration, and the view the hot path reads. */
#include "check.h"
#include "iterations.h"
#include "ospg.h"
#include "sp_query.h"
#include "strand_stack.h"

#include <string.h>

static struct strand_stack g_ss;
static struct loop_state g_ls;

static void fresh(void) {
  ss_destroy(&g_ss);
  ss_init(&g_ss, ospg_root());
  memset(&g_ls, 0, sizeof g_ls);
}

/* A worksharing loop: each iteration gets its own tag, all parallel with each other,
 * and the strand stays the same (no node per iteration). */
static void for_loop_tags(void) {
  fresh();
  ss_workshare_begin(&g_ss, CK_LOOP, 7);
  ss_work_item(&g_ss, CK_CHUNK);
  loop_begin(&g_ls, &g_ss, true, 7, 0, LOOP_FOR);
  node_id strand = g_ss.strand;
  uint32_t tags[4];
  for (uint64_t i = 0; i < 4; i++) {
    CHECK(loop_iteration(&g_ls, &g_ss, i) == ITERATION_TAG);
    tags[i] = loops_view(&g_ls).iter;
    CHECK(g_ss.strand == strand);
  }
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      CHECK(iterations_parallel(tags[i], tags[j], 0) == (i != j));
  CHECK(ck_hosts_iterations(ospg_node(strand)->construct));
  CHECK(loops_view(&g_ls).tag0 == tags[0]);
  loop_end(&g_ls, &g_ss);
  CHECK(loops_view(&g_ls).iter == 0 && g_ls.depth == 0);
  ss_workshare_end(&g_ss);
}

/* schedule(static, 1): one thread runs chunks {0} and {2} of one loop in one strand,
 * the loop code beginning once per chunk. The chunks' iterations stay parallel (they
 * share the loop instance's first tag). */
static void static_chunks_one_strand(void) {
  fresh();
  ss_workshare_begin(&g_ss, CK_LOOP, 7);
  ss_work_item(&g_ss, CK_CHUNK);
  loop_begin(&g_ls, &g_ss, true, 7, 0, LOOP_FOR);
  loop_iteration(&g_ls, &g_ss, 0);
  struct loop_view first = loops_view(&g_ls);
  loop_end(&g_ls, &g_ss);
  loop_begin(&g_ls, &g_ss, true, 7, 0, LOOP_FOR);
  loop_iteration(&g_ls, &g_ss, 2);
  struct loop_view third = loops_view(&g_ls);
  CHECK(third.tag0 == first.tag0);
  CHECK(third.iter >= third.tag0 && first.iter >= third.tag0);
  CHECK(iterations_parallel(first.iter, third.iter, 0));
  loop_end(&g_ls, &g_ss);
  ss_workshare_end(&g_ss);
}

/* omp simd safelen(4): iterations closer than 4 are parallel, farther ones are not. */
static void simd_window(void) {
  fresh();
  loop_begin(&g_ls, &g_ss, false, 3, 4, LOOP_SIMD);
  CHECK(g_ls.activated == 1); /* simd in serial code switches checking on */
  uint32_t t[6];
  for (uint64_t i = 0; i < 6; i++) {
    loop_iteration(&g_ls, &g_ss, i);
    t[i] = loops_view(&g_ls).iter;
  }
  struct loop_view v = loops_view(&g_ls);
  CHECK(v.window == 4);
  CHECK(iterations_parallel(t[0], t[3], v.window));
  CHECK(!iterations_parallel(t[0], t[4], v.window));
  CHECK(!iterations_parallel(t[1], t[5], v.window));
  CHECK(v.private_top == 0); /* simd on its own shares its task's stack */
  loop_end(&g_ls, &g_ss);
  CHECK(g_ls.activated == 0);
}

/* An iteration that moves the task to a new strand (it created a task) makes the next
 * iteration start a new segment: a new work item, parallel with the earlier one. */
static void segments(void) {
  fresh();
  ss_workshare_begin(&g_ss, CK_LOOP, 9);
  ss_work_item(&g_ss, CK_CHUNK);
  loop_begin(&g_ls, &g_ss, true, 9, 0, LOOP_FOR);
  CHECK(loop_iteration(&g_ls, &g_ss, 0) == ITERATION_TAG);
  node_id first = g_ss.strand;
  struct strand_stack child;
  ss_task_create(&g_ss, &child, 0, false);
  CHECK(loop_iteration(&g_ls, &g_ss, 1) == ITERATION_MOVED);
  node_id second = g_ss.strand;
  CHECK(second != first);
  CHECK(sp_is_parallel_fast(first, second));
  CHECK(sp_is_parallel_fast(child.strand, second));
  CHECK(loop_iteration(&g_ls, &g_ss, 2) == ITERATION_TAG);
  loop_end(&g_ls, &g_ss);
  ss_workshare_end(&g_ss);
  ss_destroy(&child);
}

/* A second loop instance in the same strand starts above every tag of the first, so
 * the first one's iterations read as ordered before it. */
static void later_instance(void) {
  fresh();
  loop_begin(&g_ls, &g_ss, true, 1, 0, LOOP_SIMD);
  for (uint64_t i = 0; i < 10; i++)
    loop_iteration(&g_ls, &g_ss, i);
  uint32_t last = loops_view(&g_ls).iter;
  loop_end(&g_ls, &g_ss);
  loop_begin(&g_ls, &g_ss, true, 1, 0, LOOP_SIMD);
  CHECK(loops_view(&g_ls).tag0 > last);
  loop_end(&g_ls, &g_ss);
}

/* A loop nested in a simd iteration keeps that iteration's tag: untagged. */
static void nested_in_simd(void) {
  fresh();
  loop_begin(&g_ls, &g_ss, true, 1, 0, LOOP_SIMD);
  loop_iteration(&g_ls, &g_ss, 5);
  uint32_t outer = loops_view(&g_ls).iter;
  loop_begin(&g_ls, &g_ss, true, 2, 0, LOOP_SIMD);
  CHECK(loop_iteration(&g_ls, &g_ss, 0) == ITERATION_UNTAGGED);
  CHECK(loops_view(&g_ls).iter == outer);
  loop_end(&g_ls, &g_ss);
  CHECK(loops_view(&g_ls).iter == outer);
  loop_end(&g_ls, &g_ss);
}

int main(void) {
  if (ospg_init(1 << 16)) {
    fprintf(stderr, "cannot reserve the OSPG\n");
    return 1;
  }
  RUN_TEST(for_loop_tags);
  RUN_TEST(static_chunks_one_strand);
  RUN_TEST(simd_window);
  RUN_TEST(segments);
  RUN_TEST(later_instance);
  RUN_TEST(nested_in_simd);
  return finish();
}
