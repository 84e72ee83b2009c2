#include "history_fast.h"

#include "history_common.h"

void fast_access(struct history_slot *h, uintptr_t addr, unsigned nbytes,
                 const struct access_now *now, struct sp_cache *c, struct race_found *out,
                 unsigned *n) {
  struct access_ref me = ref_of(now);
  const struct slot_more *more = more_of(h);
  /* Already recorded by this strand at this site in this iteration: nothing can change. */
  struct access_ref *same = now->is_write ? &h->w : &h->r1;
  if (same->node == me.node && same->site == me.site && same->iter == me.iter)
    return;
  if (h->w.node && conflicts(c, now, h->w))
    note_race(out, n, addr, nbytes, h->w, true, 0);
  if (now->is_write) {
    struct access_ref r2 = more->r2;
    if (h->r1.node && conflicts(c, now, h->r1))
      note_race(out, n, addr, nbytes, h->r1, false, 0);
    if (r2.node && conflicts(c, now, r2))
      note_race(out, n, addr, nbytes, r2, false, 0);
    /* One write slot: an atomic write does not displace a plain write ordered before
     * it. The plain one races with atomic accesses too, which the atomic one would not
     * (a plain initialisation followed by atomic updates in parallel is the common
     * case); a later plain access parallel with the atomic write only may be missed. */
    bool keep_plain = h->w.node && !(h->w.site & ACCESS_ATOMIC) && (me.site & ACCESS_ATOMIC) &&
                      !parallel_with(c, h->w);
    if (!keep_plain)
      ref_store(&h->w, me);
  } else {
    keep_slot_pair_known(c, h, more, false, me, parallel_with(c, h->r1),
                         parallel_with(c, more->r2));
  }
}

/* The same strand made this very access before (in the same iteration), or, for a
 * read, the two read entries already cover it (reads_seen) and the write slot holds
 * nothing parallel with it. A writer racing with this check compares itself with
 * those reads. */
bool fast_already_recorded(const struct history_slot *h, const struct access_now *now,
                           struct sp_cache *c, bool *onward) {
  struct access_ref me = ref_of(now);
  if (now->is_write)
    return ref_holds(&h->w, me);
  /* A read kept in either read slot: two threads reading one shared value each find
   * themselves there and never write the line. */
  bool covered_onward = false;
  enum read_seen seen =
      reads_seen(c, &h->r1, &more_of(h)->r2, me, false, onward ? &covered_onward : NULL);
  if (seen != READ_COVERED)
    return seen == READ_HELD;
  struct access_ref w = ref_load(&h->w);
  if (w.node && conflicts(c, now, w))
    return false;
  if (onward)
    *onward = covered_onward && write_apart_onward(c, w);
  return true;
}

void fast_copy(struct history_slot *dst, const struct history_slot *src) {
  slot_copy(dst, src);
}
