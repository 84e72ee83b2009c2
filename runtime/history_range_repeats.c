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
  onward_set_clear(&t->onward.set);
  if (t->counted) {
    atomic_fetch_sub_explicit(&g_repeat_filters_on, 1, memory_order_seq_cst);
    t->counted = false;
  }
}

/* count_out once a thread holds no record of either kind and is not between a lookup
 * and its note (checking). */
static void count_out_if_idle(struct range_repeats *t) {
  if (!t->n && !t->onward.set.n && !t->checking)
    count_out(t);
}

static bool same_context(const struct range_repeats *t, const struct access_now *now,
                         uint64_t epoch) {
  return t->node == now->node && t->iter == now->iter && t->lockset == now->lockset &&
         t->gen == cells_generation() && t->epoch == epoch;
}

static bool same_onward_context(const struct onward_records *o, const struct access_now *now,
                                uint32_t tag0, uint64_t epoch) {
  return o->node == now->node && o->lockset == now->lockset && o->tag0 == tag0 &&
         o->gen == cells_generation() && o->epoch == epoch;
}

/* The onward record that stands for the read c with now's (larger) tag, or NULL. */
static struct onward_record *onward_for(struct onward_records *o, const struct loop_check *c,
                                        const struct access_now *now, uint32_t tag0,
                                        uint64_t epoch) {
  if (!o->set.n || now->is_write || !same_onward_context(o, now, tag0, epoch))
    return NULL;
  struct onward_record *r = onward_set_find(&o->set, c, now->site);
  return r && now->iter > r->iter ? r : NULL;
}

/* Whether to ask for the onward answer of a check that no record answers (counted in
 * the window). */
static bool onward_ask(struct onward_records *o) {
  if (o->paused) {
    o->paused--;
    return false;
  }
  if (++o->asked < RANGE_ONWARD_WINDOW)
    return true;
  bool few = o->answered < RANGE_ONWARD_WINDOW / 4;
  o->asked = o->answered = 0;
  if (!few)
    return true;
  o->paused = RANGE_PAUSE;
  onward_set_clear(&o->set);
  return false;
}

enum range_seen range_repeats_seen(const struct loop_check *c, const struct access_now *now,
                                   uint32_t tag0, struct range_answer *a) {
  struct range_repeats *t = &t_range_repeats;
  if (t->paused) {
    t->paused--;
    return RANGE_NEW;
  }
  count_in(t);
  a->epoch = atomic_load_explicit(&g_repeat_epoch, memory_order_acquire);
  t->lookups++;
  if (t->n && same_context(t, now, a->epoch))
    for (uint32_t k = 0; k < t->n; k++) {
      struct range_record *r = &t->r[k];
      if (same_check(&r->c, c) && r->site == now->site && r->is_write == now->is_write) {
        r->used = t->lookups;
        t->answered++;
        return RANGE_REPEATED;
      }
    }
  t->checking = true;
  struct onward_record *r = onward_for(&t->onward, c, now, tag0, a->epoch);
  if (!r) {
    a->onward = range_onward_kind(c, now->is_write) && now->iter && onward_ask(&t->onward);
    return RANGE_NEW;
  }
  t->answered++;
  t->onward.answered++;
  t->onward.saved += c->count * c->size / SHADOW_GRANULE;
  a->lo = r->hole_lo;
  a->hi = r->hole_hi;
  return RANGE_ONWARD;
}

/* Keeps an onward record of the read c, just answered onward with now's tag. */
static void onward_note(struct onward_records *o, const struct loop_check *c,
                        const struct access_now *now, uint32_t tag0, uint64_t epoch) {
  if (!o->set.n || !same_onward_context(o, now, tag0, epoch)) {
    onward_set_clear(&o->set);
    o->visits = o->saved = 0;
    o->lo = UINTPTR_MAX;
    o->hi = 0;
    o->node = now->node;
    o->lockset = now->lockset;
    o->tag0 = tag0;
    o->gen = cells_generation();
    o->epoch = epoch;
  }
  if (!onward_set_add(&o->set, c, now->site, now->iter))
    return;
  o->answered++; /* the ask made a record */
  if (c->lo < o->lo)
    o->lo = c->lo;
  if (c->hi > o->hi)
    o->hi = c->hi;
}

void range_repeats_note(const struct loop_check *c, const struct access_now *now, uint32_t tag0,
                        uint64_t epoch, bool onward) {
  struct range_repeats *t = &t_range_repeats;
  if (!t->checking)
    return; /* paused */
  t->checking = false;
  /* A check that is about to make an onward record counts as answered: onward records
   * live only while the repeats are on, and a loop that reads many rows in each
   * iteration has no repeats of its own while it makes them (one per row). */
  t->answered += onward;
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
  if (onward) /* range_repeats_seen asked only for such checks (a->onward) */
    onward_note(&t->onward, c, now, tag0, epoch);
}

void range_repeats_end_overlapping(uintptr_t addr, uint64_t size, const struct access_now *now) {
  struct range_repeats *t = &t_range_repeats;
  if (!range_records_context(t, now)) {
    t->n = 0; /* a check in another context */
  } else {
    bool cross = repeat_crosses_kinds();
    for (uint32_t k = 0; k < t->n;) {
      struct range_record *r = &t->r[k];
      if ((r->is_write == now->is_write || cross) && check_meets(&r->c, addr, addr + size))
        *r = t->r[--t->n];
      else
        k++;
    }
  }
  count_out_if_idle(t);
}

/* Whether a record stands where the runs of c may end it: of c's kind (or either, while
 * kinds cross), its span meeting c's. */
static bool record_in_reach(const struct range_record *r, const struct loop_check *c, bool is_write,
                            bool cross) {
  return (r->is_write == is_write || cross) && r->c.lo < c->hi && c->lo < r->c.hi;
}

/* Declared in history_range_repeats.h. */
bool range_repeats_runs_begin(const struct loop_check *c, const struct access_now *now,
                              uintptr_t *lo, uintptr_t *hi) {
  struct range_repeats *t = &t_range_repeats;
  if (!t->n || !check_has_gaps(c) || !range_records_context(t, now))
    return false;
  bool cross = repeat_crosses_kinds();
  for (uint32_t k = 0; k < t->n; k++) {
    const struct range_record *r = &t->r[k];
    if (record_in_reach(r, c, now->is_write, cross) &&
        !(check_has_gaps(&r->c) && r->c.stride == c->stride))
      return false;
  }
  for (uint32_t k = 0; k < t->n;) {
    struct range_record *r = &t->r[k];
    if (record_in_reach(r, c, now->is_write, cross) && runs_meet_same_stride(&r->c, c))
      *r = t->r[--t->n];
    else
      k++;
  }
  count_out_if_idle(t);
  *lo = t->lo;
  *hi = t->hi;
  t->lo = t->hi = 0;
  return true;
}

/* Adds [lo, hi) (within r's range) to r's hole; false if the hole is then too large. */
static bool widen_hole(struct onward_record *r, uintptr_t lo, uintptr_t hi) {
  if (r->hole_lo < r->hole_hi) {
    lo = lo < r->hole_lo ? lo : r->hole_lo;
    hi = hi > r->hole_hi ? hi : r->hole_hi;
  }
  r->hole_lo = lo;
  r->hole_hi = hi;
  return (hi - lo) * RANGE_HOLE_SHARE <= r->c.hi - r->c.lo;
}

/* onward_set_meeting's step: the bytes of [lo, hi) within r's span join its hole; true
 * (end the record) if the hole is then too large. */
static bool meet_hole(struct onward_record *r, uintptr_t lo, uintptr_t hi) {
  return !widen_hole(r, lo > r->c.lo ? lo : r->c.lo, hi < r->c.hi ? hi : r->c.hi);
}

void range_onward_overlapping(uintptr_t addr, uint64_t size, const struct access_now *now) {
  struct range_repeats *t = &t_range_repeats;
  struct onward_records *o = &t->onward;
  if (o->node != now->node || o->lockset != now->lockset) {
    onward_set_clear(&o->set); /* a check in another context */
  } else {
    o->visits += onward_set_meeting(&o->set, addr, addr + size, meet_hole);
    if (o->visits > RANGE_ONWARD_VISITS_FREE + o->saved) { /* they cost more than they save */
      onward_set_clear(&o->set);
      o->paused = RANGE_PAUSE;
      o->asked = o->answered = 0;
    }
  }
  count_out_if_idle(t);
}
