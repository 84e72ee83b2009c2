#include "joined_ids.h"

static bool span_live(const struct id_span *s, uint32_t rewinds) {
  return s->lo != s->hi && s->rewinds == rewinds;
}

static uint32_t span_len(const struct id_span *s, uint32_t rewinds) {
  return span_live(s, rewinds) ? s->hi - s->lo : 0;
}

void joined_init(struct joined_ids *j, const struct joined_ids *creator, node_id made_by,
                 uint32_t taken) {
  uint32_t rewinds = ospg_rewinds();
  *j = (struct joined_ids){0};
  if (creator) {
    /* One span is passed on: the longer (two would cost the query a second test). */
    const struct sp_follows *c = &creator->follows;
    const struct id_span *own = &c->spans[0], *inh = &c->spans[1];
    j->follows.spans[1] = span_len(own, rewinds) >= span_len(inh, rewinds) ? *own : *inh;
    j->follows.strands[0] = made_by;
    j->follows.strands[1] = c->strands_rewinds == rewinds ? c->strands[0] : 0;
    j->follows.strands_rewinds = rewinds;
    j->creator_window = creator->window;
  }
  j->window = ospg_next_id();
  j->window_rewinds = rewinds;
  j->taken_at_window = taken; /* its creation's, taken before its window */
  atomic_init(&j->handed_in, (uint64_t)j->window << 32);
}

void joined_taskwait(struct joined_ids *j, uint32_t taken, node_id strand) {
  node_id now = ospg_next_id();
  uint32_t rewinds = ospg_rewinds();
  /* Closes the window for the children's hand-ins: one that comes later is dropped. */
  uint64_t old = atomic_exchange_explicit(&j->handed_in, (uint64_t)now << 32, memory_order_acq_rel);
  uint32_t handed = (node_id)(old >> 32) == j->window ? (uint32_t)old : 0;
  j->joined += handed; /* every child that handed in was joined here */
  uint32_t counted = taken - j->taken_at_window + handed;
  if (rewinds == j->window_rewinds && now != j->window && now - j->window == counted) {
    /* From the new strand on: the strand before the taskwait ran in parallel with the
     * children it joined (a signal handler's check may still ask for it). */
    struct id_span *own = &j->follows.spans[0];
    if (span_live(own, rewinds) && own->hi == j->window)
      own->hi = now;
    else
      *own = (struct id_span){j->window, now, rewinds};
    j->follows.own_since = strand;
  }
  j->window = now;
  j->window_rewinds = rewinds;
  j->taken_at_window = taken;
}

void joined_task_ended(const struct joined_ids *j, uint32_t taken, struct joined_ids *creator) {
  /* Its own ids and those of the children it joined; not those of children it left
   * unwaited (handed in, never joined). */
  uint32_t total = taken + j->joined;
  uint64_t cur = atomic_load_explicit(&creator->handed_in, memory_order_relaxed);
  for (;;) {
    if ((node_id)(cur >> 32) != j->creator_window)
      return; /* the creator's window closed before this task ended */
    uint64_t next = (cur & ~(uint64_t)UINT32_MAX) | (uint32_t)((uint32_t)cur + total);
    if (atomic_compare_exchange_weak_explicit(&creator->handed_in, &cur, next, memory_order_acq_rel,
                                              memory_order_relaxed))
      return;
  }
}
