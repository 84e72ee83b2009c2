/* The stack of confined slots (runtime/confined.h): which slot holds an access, and
 * the hints that answer most lookups without the search staying true as slots come
 * and go. */
#include "check.h"
#include "confined.h"
#include "history.h"
#include "ospg.h"
#include "shadow.h"

static char g_stack[8192];
static const int g_task; /* stands for the running task */

static uintptr_t at(unsigned offset) {
  return (uintptr_t)g_stack + offset;
}

static void empty_stack(void) {
  confined_pop(0);
  t_confined.gap_lo = t_confined.gap_hi = 0;
}

/* Frames push below the live ones; a lookup finds the slot that holds the access, and
 * a frame's pop takes its slots away. */
static void holds_and_pops(void) {
  empty_stack();
  uint32_t f1 = confined_push(at(6000), 100, 0, NULL, &g_task, CONFINED_NEW_FRAME);
  uint32_t f2 = confined_push(at(4000), 100, 0, NULL, &g_task, CONFINED_NEW_FRAME);
  confined_push(at(3800), 100, 0, NULL, &g_task, f2);
  CHECK(confined_holder(at(6010), 8) && confined_holder(at(6010), 8)->lo == at(6000));
  CHECK(confined_holder(at(3850), 4) && confined_holder(at(3850), 4)->lo == at(3800));
  CHECK(confined_holder(at(5000), 4) == NULL);
  confined_pop(f2);
  CHECK(confined_holder(at(4010), 4) == NULL);
  CHECK(confined_holder(at(6010), 4) != NULL);
  confined_pop(f1);
  CHECK(!confined_may_hold(at(6010), 4));
}

/* The range a lookup found no slot in stays a hint while slots are pushed outside it
 * (a deeper frame), and ends when one is pushed into it: the lookup then finds that
 * slot. */
static void gap_hint_follows_pushes(void) {
  empty_stack();
  confined_push(at(6000), 100, 0, NULL, &g_task, CONFINED_NEW_FRAME);
  confined_push(at(4000), 100, 0, NULL, &g_task, CONFINED_NEW_FRAME);
  CHECK(confined_holder(at(5000), 4) == NULL);
  CHECK(t_confined.gap_lo == at(4100) && t_confined.gap_hi == at(6000));
  uint32_t f3 = confined_push(at(2000), 100, 0, NULL, &g_task, CONFINED_NEW_FRAME);
  CHECK(t_confined.gap_lo == at(4100) && t_confined.gap_hi == at(6000));
  CHECK(confined_holder(at(2050), 4) && confined_holder(at(2050), 4)->lo == at(2000));
  CHECK(confined_holder(at(5000), 4) == NULL);
  confined_push(at(5000), 100, 0, NULL, &g_task, f3); /* into the gap */
  CHECK(confined_holder(at(5050), 4) && confined_holder(at(5050), 4)->lo == at(5000));
  empty_stack();
}

/* A function left by longjmp keeps its slots, dead. A new frame whose first slot lies
 * below them but whose later slot lies over one of them: that later push drops the
 * dead slot (two live slots never overlap), so the lookup finds the new slot. And a
 * frame's later slots next to its own earlier ones drop nothing of the frame's. */
static void later_slot_drops_dead_one(void) {
  empty_stack();
  confined_push(at(6000), 100, 0, NULL, &g_task, CONFINED_NEW_FRAME);
  confined_push(at(4000), 100, 0, NULL, &g_task, CONFINED_NEW_FRAME); /* left by longjmp */
  uint32_t f = confined_push(at(3000), 100, 0, NULL, &g_task, CONFINED_NEW_FRAME);
  confined_push(at(3990), 64, 0, NULL, &g_task, f); /* over the dead slot at 4000 */
  CHECK(confined_holder(at(4010), 4) && confined_holder(at(4010), 4)->lo == at(3990));
  CHECK(confined_holder(at(4080), 4) == NULL); /* the dead slot's rest */
  confined_push(at(2800), 100, 0, NULL, &g_task, f);
  CHECK(confined_holder(at(3050), 4) && confined_holder(at(3050), 4)->lo == at(3000));
  CHECK(confined_holder(at(2850), 4) && confined_holder(at(2850), 4)->lo == at(2800));
  CHECK(confined_holder(at(6050), 4) && confined_holder(at(6050), 4)->lo == at(6000));
  empty_stack();
}

int main(void) {
  if (ospg_init(1 << 16) || shadow_init(1024) || history_init(16)) {
    fprintf(stderr, "cannot reserve memory\n");
    return 1;
  }
  RUN_TEST(holds_and_pops);
  RUN_TEST(gap_hint_follows_pushes);
  RUN_TEST(later_slot_drops_dead_one);
  return finish();
}
