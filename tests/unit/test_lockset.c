/* Locksets: interning, union and disjointness, and running out of room: the failure
 * is logged once (not on every new lockset) and marks the run's checking incomplete. */
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
  fflush(log_stream());
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
  RUN_TEST(full_table_logged_once);
  return finish();
}
