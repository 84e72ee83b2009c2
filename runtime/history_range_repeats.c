#include "history_range_repeats.h"

OMPR_TLS struct range_repeats t_range_repeats;

/* Counts this thread in before it reads the epoch it records: a forget that does not
 * see it counted was made before, and the check sees the forgotten history. */
static void count_in(struct range_repeats *t) {
  if (!t->counted) {
    atomic_fetch_add_explicit(&g_repeat_filters_on, 1, memory_order_seq_cst);
    t->counted = true;
  }
}

/* No records: forgets need not bump the epoch for this thread. */
static void count_out(struct range_repeats *t) {
  t->n = 0;
  if (t->counted) {
    atomic_fetch_sub_explicit(&g_repeat_filters_on, 1, memory_order_seq_cst);
    t->counted = false;
  }
}

static bool same_context(const struct range_repeats *t, const struct access_now *now,
                         uint64_t epoch) {
  return t->node == now->node && t->iter == now->iter && t->lockset == now->lockset &&
         t->gen == cells_generation() && t->epoch == epoch;
}

static bool same_check(const struct loop_check *a, const struct loop_check *b) {
  return a->addr == b->addr && a->count == b->count && a->stride == b->stride && a->size == b->size;
}

bool range_repeats_seen(const struct loop_check *c, const struct access_now *now, uint64_t *epoch) {
  struct range_repeats *t = &t_range_repeats;
  if (t->paused) {
    t->paused--;
    return false;
  }
  count_in(t);
  *epoch = atomic_load_explicit(&g_repeat_epoch, memory_order_acquire);
  t->lookups++;
  if (t->n && same_context(t, now, *epoch))
    for (uint32_t k = 0; k < t->n; k++) {
      struct range_record *r = &t->r[k];
      if (same_check(&r->c, c) && r->site == now->site && r->is_write == now->is_write) {
        r->used = t->lookups;
        t->answered++;
        return true;
      }
    }
  t->checking = true;
  return false;
}

void range_repeats_note(const struct loop_check *c, const struct access_now *now, uint64_t epoch) {
  struct range_repeats *t = &t_range_repeats;
  if (!t->checking)
    return; /* paused */
  t->checking = false;
  if (++t->noted == RANGE_WINDOW) {
    bool few = t->answered < RANGE_WINDOW / 4;
    t->noted = t->answered = 0;
    if (few) {
      t->paused = RANGE_PAUSE;
      count_out(t);
      return;
    }
  }
  if (!t->n || !same_context(t, now, epoch)) {
    t->n = 0;
    t->lo = UINTPTR_MAX;
    t->hi = 0;
    t->node = now->node;
    t->iter = now->iter;
    t->lockset = now->lockset;
    t->gen = cells_generation();
    t->epoch = epoch;
  }
  struct range_record *r = &t->r[0];
  if (t->n < RANGE_REPEATS)
    r = &t->r[t->n++];
  else /* the least recently answered goes (a loop's once-only ranges before its repeats) */
    for (uint32_t k = 1; k < RANGE_REPEATS; k++)
      if (t->r[k].used < r->used)
        r = &t->r[k];
  *r = (struct range_record){*c, now->site, now->is_write, t->lookups};
  if (c->lo < t->lo)
    t->lo = c->lo;
  if (c->hi > t->hi)
    t->hi = c->hi;
}

/* Whether [addr, end) meets a run of c. Runs with gaps between them, made upward,
 * are tested run by run (a blocked kernel reads interleaved blocks of columns); any
 * other check by its span. */
static bool meets(const struct loop_check *c, uintptr_t addr, uintptr_t end) {
  if (addr >= c->hi || end <= c->lo)
    return false;
  if (c->count < 2 || c->stride <= c->size || c->addr != c->lo)
    return true;
  uintptr_t x = addr > c->lo ? addr : c->lo;
  uintptr_t y = end < c->hi ? end : c->hi;
  uint64_t k = (x - c->lo) / c->stride;
  if (x - c->lo - k * c->stride < c->size)
    return true;                          /* x lies in run k */
  return c->lo + (k + 1) * c->stride < y; /* run k + 1 starts before y */
}

void range_repeats_end_overlapping(uintptr_t addr, uint64_t size, const struct access_now *now) {
  struct range_repeats *t = &t_range_repeats;
  if (t->node != now->node || t->iter != now->iter || t->lockset != now->lockset) {
    t->n = 0; /* a check in another context */
  } else {
    bool cross = repeat_crosses_kinds();
    for (uint32_t k = 0; k < t->n;) {
      struct range_record *r = &t->r[k];
      if ((r->is_write == now->is_write || cross) && meets(&r->c, addr, addr + size))
        *r = t->r[--t->n];
      else
        k++;
    }
  }
  if (!t->n && !t->checking)
    count_out(t);
}
