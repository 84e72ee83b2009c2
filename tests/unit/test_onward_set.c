/* The onward set (runtime/onward_set.h): records found by their check, and every record
 * a range of bytes meets found through the order of span starts, as a scan of all the
 * live records would find them, through additions that replace records and a full set. */
#include "check.h"
#include "onward_set.h"

#include <stdlib.h>
#include <string.h>

/* A check of `count` runs of `size` bytes, `stride` apart (a range: count 1). */
static struct loop_check check_of(uintptr_t addr, uint64_t count, uint64_t stride, uint64_t size) {
  return (struct loop_check){addr, count, stride, size, addr, addr + (count - 1) * stride + size};
}

static void finds_by_check(void) {
  struct onward_set s;
  memset(&s, 0, sizeof s);
  struct loop_check a = check_of(0x1000, 1, 0, 256), b = check_of(0x2000, 8, 64, 8);
  CHECK(onward_set_find(&s, &a, 1) == NULL);
  struct onward_record *ra = onward_set_add(&s, &a, 1, 5);
  struct onward_record *rb = onward_set_add(&s, &b, 2, 5);
  CHECK(ra && rb && s.n == 2);
  CHECK(onward_set_find(&s, &a, 1) == ra && onward_set_find(&s, &b, 2) == rb);
  CHECK(onward_set_find(&s, &a, 2) == NULL); /* another site */
  struct loop_check b2 = check_of(0x2000, 7, 64, 8);
  CHECK(onward_set_find(&s, &b2, 2) == NULL);               /* another count */
  struct onward_record *ra2 = onward_set_add(&s, &a, 1, 9); /* the same check replaces */
  CHECK(s.n == 2 && ra2 && ra2->iter == 9 && onward_set_find(&s, &a, 1) == ra2);
  onward_set_clear(&s);
  CHECK(s.n == 0 && onward_set_find(&s, &a, 1) == NULL && onward_set_find(&s, &b, 2) == NULL);
}

/* The records the last onward_set_meeting passed to meet, and which of them it ends. */
static struct onward_record *g_met[ONWARD_SET_CAP];
static unsigned g_nmet;
static unsigned g_end_one_in; /* meet ends a record one time in this many (0: never) */
static bool record_met(struct onward_record *r, uintptr_t lo, uintptr_t hi) {
  CHECK(check_meets(&r->c, lo, hi));
  g_met[g_nmet++] = r;
  return g_end_one_in && rand() % g_end_one_in == 0;
}

/* The model: the checks and sites of the live records. */
struct model {
  struct loop_check c[2 * ONWARD_SET_CAP];
  uint32_t site[2 * ONWARD_SET_CAP];
  unsigned n;
};

/* Keeps the model's records that the set still finds (an addition may end one). */
static void model_sync(struct model *m, const struct onward_set *s) {
  unsigned k = 0;
  for (unsigned i = 0; i < m->n; i++)
    if (onward_set_find(s, &m->c[i], m->site[i])) {
      m->c[k] = m->c[i];
      m->site[k++] = m->site[i];
    }
  m->n = k;
  CHECK(s->n == m->n);
}

static struct loop_check random_check(void) {
  uintptr_t addr = 0x10000 + (uintptr_t)(rand() % 65536) * 8;
  if (rand() % 3)
    return check_of(addr, 1, 0, 8 * (1 + (uint64_t)(rand() % 64))); /* a range */
  uint64_t size = 8u << (rand() % 2);
  return check_of(addr, 2 + (uint64_t)(rand() % 16), size + 8 * (uint64_t)(rand() % 8), size);
}

/* One query: what meets [lo, hi) is what a scan of the model finds, and the records
 * meet ended are gone. */
static void query(struct onward_set *s, struct model *m, uintptr_t lo, uintptr_t hi) {
  g_nmet = 0;
  unsigned looked = onward_set_meeting(s, lo, hi, record_met);
  CHECK(looked >= g_nmet);
  unsigned expect = 0;
  for (unsigned i = 0; i < m->n; i++)
    if (check_meets(&m->c[i], lo, hi)) {
      expect++;
      bool found = false;
      for (unsigned j = 0; j < g_nmet; j++)
        found |= same_check(&g_met[j]->c, &m->c[i]) && g_met[j]->site == m->site[i];
      CHECK(found);
    }
  CHECK(g_nmet == expect);
  model_sync(m, s);
}

static void meeting_as_a_scan(void) {
  static struct model m;
  struct onward_set s;
  memset(&s, 0, sizeof s);
  srand(7);
  for (int round = 0; round < 3; round++) {
    unsigned adds = round == 2 ? 3 * ONWARD_SET_CAP : 600; /* the last fills the set */
    g_end_one_in = round == 1 ? 3 : 0;
    for (unsigned i = 0; i < adds; i++) {
      struct loop_check c = random_check();
      uint32_t site = 1 + (uint32_t)(rand() % 4);
      CHECK(onward_set_add(&s, &c, site, 1) != NULL);
      for (unsigned k = 0; k < m.n; k++) /* the same check replaced its record */
        if (same_check(&m.c[k], &c) && m.site[k] == site) {
          m.c[k] = m.c[--m.n];
          m.site[k] = m.site[m.n];
        }
      m.c[m.n] = c;
      m.site[m.n++] = site;
      model_sync(&m, &s);
      if (i % 7 == 0) {
        uintptr_t lo = 0x10000 + (uintptr_t)(rand() % 70000) * 8;
        query(&s, &m, lo, lo + 1 + (uintptr_t)(rand() % 600));
      }
    }
    CHECK(s.n <= ONWARD_SET_CAP);
    for (int q = 0; q < 200; q++) {
      uintptr_t lo = 0x10000 + (uintptr_t)(rand() % 70000) * 8;
      query(&s, &m, lo, lo + 1 + (uintptr_t)(rand() % 4000));
    }
  }
  onward_set_clear(&s);
  CHECK(s.n == 0);
}

int main(void) {
  RUN_TEST(finds_by_check);
  RUN_TEST(meeting_as_a_scan);
  return finish();
}
