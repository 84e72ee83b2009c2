#include "confined.h"

#include "history.h"
#include "objects.h"
#include "skip_window.h"

OMPR_TLS struct confined_stack t_confined;

/* A slot stops being live: the skip hint may name it. */
static void end_skip_hint(struct confined_stack *s) {
  s->skip_lo = s->skip_hi = 0;
  skip_window_close();
}

/* The stack's bounds are those of its top slot (each slot keeps the bounds of the
 * slots up to it). */
static void set_height(struct confined_stack *s, uint32_t n) {
  end_skip_hint(s);
  s->n = n;
  if (s->sorted > n)
    s->sorted = n;
  s->low = n ? s->slot[n - 1].low : 0;
  s->high = n ? s->slot[n - 1].high : 0;
}

static bool overlaps(const struct confined_slot *c, uintptr_t addr, uint64_t size) {
  return !c->dropped && addr < c->hi && addr + size > c->lo;
}

/* An object whose name reports give: as __ompracer_fresh_object notes it. */
static void note(uintptr_t addr, uint64_t size, uint32_t site, const char *name) {
  if (name)
    objects_note(addr, size, site, name);
}

/* The first sorted slot that begins at or below addr (s->sorted if none). */
static uint32_t first_at_or_below(const struct confined_stack *s, uintptr_t addr) {
  uint32_t a = 0, b = s->sorted;
  while (a < b) {
    uint32_t m = a + (b - a) / 2;
    if (s->slot[m].lo <= addr)
      b = m;
    else
      a = m + 1;
  }
  return a;
}

/* Calls f on every live slot that [addr, addr + size) overlaps, the one holding its
 * start first; stops when f returns true and returns that slot. Live slots do not
 * overlap each other, dropped ones may overlap anything. */
static struct confined_slot *each_overlapping(uintptr_t addr, uint64_t size,
                                              bool (*f)(struct confined_slot *, uintptr_t,
                                                        uint64_t)) {
  struct confined_stack *s = &t_confined;
  uint32_t i = first_at_or_below(s, addr);
  /* Of the sorted slots beginning at or below addr, only the first live one can hold
   * addr (the dropped ones before it begin inside any live slot that does). */
  uint32_t k = i;
  while (k < s->sorted && s->slot[k].dropped)
    k++;
  if (k < s->sorted && overlaps(&s->slot[k], addr, size) && f(&s->slot[k], addr, size))
    return &s->slot[k];
  /* Then the sorted slots that begin inside the access. */
  for (uint32_t j = i; j-- > 0 && s->slot[j].lo < addr + size;)
    if (overlaps(&s->slot[j], addr, size) && f(&s->slot[j], addr, size))
      return &s->slot[j];
  for (uint32_t j = s->sorted; j < s->n; j++) /* past a break in the order */
    if (overlaps(&s->slot[j], addr, size) && f(&s->slot[j], addr, size))
      return &s->slot[j];
  return NULL;
}

static bool holds_or_unconfine(struct confined_slot *c, uintptr_t addr, uint64_t size) {
  if (addr >= c->lo && addr + size <= c->hi)
    return true; /* slots do not overlap: the access touches no other one */
  confined_unconfine(c);
  return false;
}

/* confined_holder's search, when neither hint answers (confined.h): the slot found
 * becomes the next hint, or else the gap around addr with no live slot in it. */
struct confined_slot *confined_holder_search(uintptr_t addr, uint64_t size) {
  struct confined_stack *s = &t_confined;
  struct confined_slot *c = each_overlapping(addr, size, holds_or_unconfine);
  if (c) {
    s->last = (uint32_t)(c - s->slot);
  } else if (s->sorted == s->n) {
    /* Between the live slot below addr (if any) and the first slot above the access,
     * none begins (the order), and none live reaches in from below. */
    uint32_t i = first_at_or_below(s, addr), k = i;
    while (k < s->n && s->slot[k].dropped)
      k++;
    uintptr_t lo = k < s->n ? s->slot[k].hi : 0;
    uintptr_t hi = i ? s->slot[i - 1].lo : UINTPTR_MAX;
    if (lo <= addr && addr + size <= hi) {
      s->gap_lo = lo;
      s->gap_hi = hi;
    }
  }
  return c;
}

void confined_unconfine(struct confined_slot *c) {
  note(c->lo, c->hi - c->lo, c->site, c->name);
  history_forget(c->lo, c->hi - c->lo);
  c->dropped = true;
  end_skip_hint(&t_confined);
}

static bool drop(struct confined_slot *c, uintptr_t addr, uint64_t size) {
  (void)addr, (void)size;
  c->dropped = true;
  end_skip_hint(&t_confined);
  return false;
}

void confined_drop_overlapping(uintptr_t addr, uint64_t size) {
  each_overlapping(addr, size, drop);
}

/* A new frame's first slot at addr: the slots at the top that lie below it are dead
 * (every live slot lies above a new frame); they are forgotten and popped. */
static void pop_below(struct confined_stack *s, uintptr_t addr) {
  uint32_t n = s->n;
  while (n && s->slot[n - 1].hi <= addr) {
    struct confined_slot *c = &s->slot[--n];
    if (!c->dropped)
      history_forget(c->lo, c->hi - c->lo);
  }
  set_height(s, n);
}

uint32_t confined_push(uintptr_t addr, uint64_t size, uint32_t site, const char *name,
                       const void *task, uint32_t frame_mark) {
  struct confined_stack *s = &t_confined;
  if (frame_mark == CONFINED_NEW_FRAME)
    pop_below(s, addr);
  uint32_t mark = frame_mark == CONFINED_NEW_FRAME || frame_mark > s->n ? s->n : frame_mark;
  /* Only a slot below the frame's can overlap the new one (a dead one that lies over
   * it): the frame's own slots are other live locals of the same call. */
  if (mark && addr < s->slot[mark - 1].high && addr + size > s->slot[mark - 1].low)
    confined_drop_overlapping(addr, size);
  if (s->n == CONFINED_MAX || !size) { /* full: fresh memory, checked like any other */
    note(addr, size, site, name);
    history_forget(addr, size);
    return mark;
  }
  /* Its place among its frame's slots (above mark), in decreasing address order. */
  uint32_t at = s->n;
  if (s->sorted == s->n)
    while (at > mark && s->slot[at - 1].lo < addr)
      at--;
  for (uint32_t j = s->n; j > at; j--)
    s->slot[j] = s->slot[j - 1];
  struct confined_slot *c = &s->slot[at];
  *c = (struct confined_slot){
      .lo = addr, .hi = addr + size, .task = task, .name = name, .site = site};
  bool in_order = s->sorted == s->n && (at == 0 || s->slot[at - 1].lo >= addr);
  s->n++;
  /* The bounds up to each moved slot, kept in registers: reading back what was just
   * stored stalls (the stores cannot be forwarded to a wider load). */
  uintptr_t low = at ? s->slot[at - 1].low : UINTPTR_MAX, high = at ? s->slot[at - 1].high : 0;
  for (uint32_t j = at; j < s->n; j++) {
    struct confined_slot *x = &s->slot[j];
    low = x->lo < low ? x->lo : low;
    high = x->hi > high ? x->hi : high;
    x->low = low;
    x->high = high;
  }
  if (in_order)
    s->sorted = s->n;
  /* The gap hint holds while no live slot lies in it: only a slot pushed into it ends
   * it. A new frame's slots lie below every live one, mostly below the gap as well. */
  if (addr < s->gap_hi && addr + size > s->gap_lo)
    s->gap_lo = s->gap_hi = 0;
  s->low = low; /* the stack's bounds: its top slot's (set_height) */
  s->high = high;
  return mark;
}

void confined_pop(uint32_t mark) {
  if (mark < t_confined.n)
    set_height(&t_confined, mark);
}
