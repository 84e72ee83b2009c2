/* Unit tests of runtime/objects.c: which of the entries holding an address names it
 * (the newest noted), with locals marked from per-thread blocks and heap blocks from
 * the global count. The addresses are made up: the table only keys on them. */
#include "check.h"
#include "objects.h"

#include <pthread.h>
#include <string.h>

struct note {
  uintptr_t addr;
  uint64_t size;
  const char *name; /* NULL: a heap block */
  unsigned count;   /* how many times */
};

static void *note_in_thread(void *arg) {
  const struct note *n = arg;
  for (unsigned i = 0; i < n->count; i++)
    objects_note(n->addr, n->size, 0, n->name);
  return NULL;
}

/* Notes in a thread of its own, which has taken no block of marks yet. */
static void note_in_new_thread(struct note n) {
  pthread_t t;
  CHECK(pthread_create(&t, NULL, note_in_thread, &n) == 0);
  pthread_join(t, NULL);
}

static enum object_kind name_of(uintptr_t addr, char *buf) {
  return objects_name(addr, buf, 64);
}

/* A heap block noted after a thread's locals wins over them, and a local of a thread
 * that starts noting after that heap block wins over it. */
static void heap_and_locals_in_order(void) {
  char buf[64];
  objects_note(0x10000, 64, 0, "first");
  CHECK(name_of(0x10010, buf) == OBJECT_LOCAL && !strcmp(buf, "first"));
  objects_note(0x10008, 64, 0, NULL);
  CHECK(name_of(0x10010, buf) == OBJECT_HEAP);
  note_in_new_thread((struct note){0x10004, 32, "later", 1});
  CHECK(name_of(0x10010, buf) == OBJECT_LOCAL && !strcmp(buf, "later"));
}

/* A thread whose stack another thread used before (glibc reuses them): its locals win
 * over the earlier thread's, however many that one noted. */
static void later_thread_locals_win(void) {
  char buf[64];
  note_in_new_thread((struct note){0x20000, 64, "old", 1000});
  note_in_new_thread((struct note){0x20008, 16, "new", 1});
  CHECK(name_of(0x20010, buf) == OBJECT_LOCAL && !strcmp(buf, "new"));
  CHECK(name_of(0x20030, buf) == OBJECT_LOCAL && !strcmp(buf, "old"));
}

/* A thread's own locals: the newest of them. */
static void own_locals_newest(void) {
  char buf[64];
  objects_note(0x30000, 64, 0, "outer");
  objects_note(0x30010, 8, 0, "inner");
  CHECK(name_of(0x30014, buf) == OBJECT_LOCAL && !strcmp(buf, "inner"));
  objects_note(0x30000, 64, 0, "again");
  CHECK(name_of(0x30014, buf) == OBJECT_LOCAL && !strcmp(buf, "again"));
}

int main(void) {
  RUN_TEST(heap_and_locals_in_order);
  RUN_TEST(later_thread_locals_win);
  RUN_TEST(own_locals_newest);
  return finish();
}
