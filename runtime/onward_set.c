#include "onward_set.h"

#include "reserve.h"

#include <string.h>

static uint32_t home_of(const struct loop_check *c, uint32_t site) {
  uint64_t k = (uint64_t)c->addr ^ ((uint64_t)site << 40) ^ (c->count * 0x9e3779b97f4a7c15ull) ^
               (c->stride << 20) ^ c->size;
  k *= 0xff51afd7ed558ccdull;
  return (uint32_t)(k >> (64 - __builtin_ctz(ONWARD_SET_SLOTS)));
}

/* One mapping for the records and the tables beside them. */
static bool reserve(struct onward_set *s) {
  size_t rec = ONWARD_SET_CAP * sizeof *s->r, slots = ONWARD_SET_SLOTS * sizeof *s->slot,
         order = ONWARD_SET_CAP * sizeof *s->order, reach = ONWARD_SET_CAP * sizeof *s->reach;
  char *p = reserve_zeroed(rec + slots + 2 * order + reach);
  if (!p)
    return false;
  s->r = (struct onward_record *)p;
  s->reach = (uintptr_t *)(p + rec);
  s->slot = (uint16_t *)(p + rec + reach);
  s->order = (uint16_t *)(p + rec + reach + slots);
  s->freed = (uint16_t *)(p + rec + reach + slots + order);
  s->cap = ONWARD_SET_CAP;
  return true;
}

/* Every index below top was given out since the last clear, so its live flag is
 * current; the slots need no clearing (a stale one fails the tests of at_home). */
void onward_set_clear(struct onward_set *s) {
  s->n = s->top = s->nfree = s->cursor = 0;
}

/* The live record whose home is h, or NULL. */
static struct onward_record *at_home(const struct onward_set *s, uint32_t h) {
  uint32_t k = s->cap ? s->slot[h] : 0;
  return k && k <= s->top && s->r[k - 1].live && s->r[k - 1].home == h ? &s->r[k - 1] : NULL;
}

struct onward_record *onward_set_find(const struct onward_set *s, const struct loop_check *c,
                                      uint32_t site) {
  if (!s->n)
    return NULL;
  struct onward_record *r = at_home(s, home_of(c, site));
  return r && same_check(&r->c, c) && r->site == site ? r : NULL;
}

/* The first place in the order whose record's span starts at or above lo (above:
 * `after`). */
static uint32_t place_of(const struct onward_set *s, uintptr_t lo, bool after) {
  uint32_t a = 0, b = s->n;
  while (a < b) {
    uint32_t m = (a + b) / 2;
    uintptr_t start = s->r[s->order[m]].c.lo;
    if (start < lo || (after && start == lo))
      a = m + 1;
    else
      b = m;
  }
  return a;
}

/* Recomputes reach from place p on. */
static void reach_from(struct onward_set *s, uint32_t p) {
  uintptr_t most = p ? s->reach[p - 1] : 0;
  for (; p < s->n; p++) {
    uintptr_t hi = s->r[s->order[p]].c.hi;
    most = hi > most ? hi : most;
    s->reach[p] = most;
  }
}

/* Ends the record at place p of the order. */
static void end_at(struct onward_set *s, uint32_t p) {
  uint32_t k = s->order[p];
  s->r[k].live = false;
  s->freed[s->nfree++] = (uint16_t)k;
  memmove(&s->order[p], &s->order[p + 1], (s->n - p - 1) * sizeof *s->order);
  s->n--;
  reach_from(s, p);
}

static void end_record(struct onward_set *s, uint32_t k) {
  uint32_t p = place_of(s, s->r[k].c.lo, false);
  while (s->order[p] != k)
    p++;
  end_at(s, p);
}

struct onward_record *onward_set_add(struct onward_set *s, const struct loop_check *c,
                                     uint32_t site, uint32_t iter) {
  if (!s->cap && !reserve(s))
    return NULL;
  uint32_t home = home_of(c, site);
  struct onward_record *there = at_home(s, home);
  if (there) {
    end_record(s, (uint32_t)(there - s->r));
  } else if (s->n == s->cap) {
    end_record(s, s->cursor); /* a full set has every index live */
    s->cursor = (s->cursor + 1) % s->cap;
  }
  uint32_t k = s->nfree ? s->freed[--s->nfree] : s->top++;
  s->r[k] = (struct onward_record){*c, site, iter, 0, 0, home, true};
  s->slot[home] = (uint16_t)(k + 1);
  uint32_t p = place_of(s, c->lo, true);
  memmove(&s->order[p + 1], &s->order[p], (s->n - p) * sizeof *s->order);
  s->order[p] = (uint16_t)k;
  s->n++;
  reach_from(s, p);
  return &s->r[k];
}

uint32_t onward_set_meeting(struct onward_set *s, uintptr_t lo, uintptr_t hi,
                            bool (*meet)(struct onward_record *, uintptr_t, uintptr_t)) {
  uint32_t visited = 0;
  /* Places at or above place_of(hi) start at or above hi; below, a place whose reach
   * is at most lo has no span meeting [lo, hi) at or below it. */
  for (uint32_t p = place_of(s, hi, false); p-- > 0 && s->reach[p] > lo;) {
    struct onward_record *r = &s->r[s->order[p]];
    visited++;
    if (!check_meets(&r->c, lo, hi))
      continue;
    if (meet(r, lo, hi))
      end_at(s, p);
  }
  return visited;
}
