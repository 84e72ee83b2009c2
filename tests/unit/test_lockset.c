/* Locksets: interning, union and disjointness, instance tokens of a lock held around a
 * nested region, and running out of room: the failure is logged once (not on every
 * new lockset) and marks the run's checking incomplete. */
#include "check.h"
#include "detection.h"
#include "lockset.h"
#include "log.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void sets(void) {
  lockset_id a = lockset_add(0, 100), b = lockset_add(0, 200);
  CHECK(a && b && a != b);
  CHECK(lockset_add(0, 100) == a); /* interned */
  lockset_id ab = lockset_union(a, b);
  CHECK(!lockset_disjoint(ab, a) && !lockset_disjoint(ab, b) && lockset_disjoint(a, b));
  CHECK(lockset_remove(ab, 200) == a);
  CHECK(lockset_disjoint(0, a));
}

/* lockset_locks gives a set's locks, sorted, for reports to name them. */
static void locks_listed(void) {
  uint64_t out[4];
  CHECK(lockset_locks(0, out, 4) == 0);
  lockset_id s = lockset_add(lockset_add(lockset_add(0, 30), 10), 20);
  CHECK(lockset_locks(s, out, 4) == 3);
  CHECK(out[0] == 10 && out[1] == 20 && out[2] == 30);
  CHECK(lockset_locks(s, out, 2) == 3 && out[0] == 10 && out[1] == 20); /* room for two */
  CHECK(LOCK_IS_MUTEXINOUTSET(LOCK_MUTEXINOUTSET(0x7ffc1234)) && !LOCK_IS_MUTEXINOUTSET(30));
  CHECK(LOCK_MUTEXINOUTSET_ADDR(LOCK_MUTEXINOUTSET(0x7ffc1234)) == 0x7ffc1234);
}

/* A lock held around a nested parallel region (lockset.h, instance tokens): the
 * region's members exclude the lock's other holders and the members of other
 * regions run under it, never each other. */
static void instance_tokens(void) {
  lockset_id l = lockset_add(0, 500), m = lockset_add(0, 600);
  lockset_id r1 = lockset_instance(l), r2 = lockset_instance(l);
  CHECK(r1 && r2 && r1 != r2 && r1 != l);
  CHECK(!lockset_disjoint(r1, l) && !lockset_disjoint(l, r1));     /* another holder's interval */
  CHECK(!lockset_disjoint(r1, r2));                                /* two intervals */
  CHECK(lockset_disjoint(r1, r1) && !lockset_excludes_itself(r1)); /* one interval */
  CHECK(!lockset_disjoint(l, l) && lockset_excludes_itself(l));
  CHECK(lockset_disjoint(r1, m) && lockset_disjoint(r1, 0));
  /* A region nested in r1's keeps its token: still one interval. */
  CHECK(lockset_instance(r1) == r1);
  /* A member that takes m too: m excludes its other holders, the token stays. */
  lockset_id r1m = lockset_union(r1, m);
  CHECK(!lockset_disjoint(r1m, m) && !lockset_disjoint(r1m, r1m) && !lockset_disjoint(r1m, l));
  CHECK(lockset_disjoint(r1m, r1) && lockset_share_instance(r1m, r1));
  CHECK(!lockset_share_instance(r1, r2) && !lockset_share_instance(l, l));
  /* The master holds l itself and runs a member with r1: only the token counts. */
  CHECK(lockset_effective(l, r1) == r1 && lockset_effective(lockset_union(l, m), r1) == r1m);
  CHECK(lockset_effective(l, 0) == l && lockset_effective(m, l) == lockset_union(l, m));
  /* Tasks made inside the region keep its tokens, not plain locks. */
  CHECK(lockset_instances_of(r1m) == r1 && lockset_instances_of(m) == 0);
  /* Reports name the base lock, once. */
  uint64_t out[4];
  CHECK(lockset_locks(r1m, out, 4) == 2 && out[0] == 600 && out[1] == 500);
  CHECK(lockset_locks(lockset_union(r1, l), out, 4) == 1 && out[0] == 500);
}

static void full_table_logged_once(void) {
  char path[] = "/tmp/ompracer-test-lockset-XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0 && log_open(path) == 0);
  CHECK(!detection_incomplete());
  /* Distinct one-lock sets until the table is full, and some more. */
  unsigned failures = 0;
  for (uint64_t lock = 1000; lock < 1000 + 70000; lock++)
    failures += lockset_add(0, lock) == 0;
  CHECK(failures > 1);
  CHECK(detection_incomplete());
  FILE *f = fopen(path, "r");
  char line[512];
  unsigned logged = 0;
  while (f && fgets(line, sizeof line, f))
    logged += strstr(line, "too many distinct locksets") != NULL;
  CHECK(logged == 1);
  if (f)
    fclose(f);
  unlink(path);
}

int main(void) {
  RUN_TEST(sets);
  RUN_TEST(locks_listed);
  RUN_TEST(instance_tokens);
  RUN_TEST(full_table_logged_once);
  return finish();
}
