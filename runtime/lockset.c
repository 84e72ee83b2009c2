#include "lockset.h"

#include "detection.h"
#include "log.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* Interned sets never change and never move, so readers need no lock. Programs use few
 * distinct locksets (the seed's benchmarks: at most one lock), so a linear search on
 * interning, which happens only on lock acquire and release, is enough. */
#define MAX_LOCKSETS 65536
#define MAX_LOCKS_HELD 32

struct lockset {
  unsigned n;
  uint64_t lock[]; /* sorted */
};

static struct lockset *_Atomic g_sets[MAX_LOCKSETS];
static _Atomic uint32_t g_nsets = 1; /* id 0: the empty set, never stored */
static pthread_mutex_t g_intern_mutex = PTHREAD_MUTEX_INITIALIZER;

static const struct lockset k_empty = {0};

static const struct lockset *get(lockset_id id) {
  return id ? atomic_load_explicit(&g_sets[id], memory_order_acquire) : &k_empty;
}

static lockset_id intern(const uint64_t *locks, unsigned n) {
  if (!n)
    return 0;
  pthread_mutex_lock(&g_intern_mutex);
  uint32_t count = atomic_load(&g_nsets);
  lockset_id found = 0;
  for (uint32_t i = 1; i < count && !found; i++) {
    const struct lockset *s = g_sets[i];
    if (s->n == n && !memcmp(s->lock, locks, n * sizeof *locks))
      found = i;
  }
  if (!found && count < MAX_LOCKSETS) {
    struct lockset *s = malloc(sizeof *s + n * sizeof *locks);
    if (s) {
      s->n = n;
      memcpy(s->lock, locks, n * sizeof *locks);
      atomic_store_explicit(&g_sets[count], s, memory_order_release);
      atomic_store(&g_nsets, count + 1);
      found = count;
    }
  }
  pthread_mutex_unlock(&g_intern_mutex);
  if (!found)
    detection_gap(GAP_LOCKSETS, false,
                  "too many distinct locksets; accesses under new ones count as unlocked");
  return found;
}

lockset_id lockset_add(lockset_id set, uint64_t lock) {
  const struct lockset *s = get(set);
  if (s->n >= MAX_LOCKS_HELD)
    return set;
  uint64_t locks[MAX_LOCKS_HELD + 1];
  unsigned n = 0, i = 0;
  for (; i < s->n && s->lock[i] < lock; i++)
    locks[n++] = s->lock[i];
  if (i < s->n && s->lock[i] == lock)
    return set; /* already held (a nest lock) */
  locks[n++] = lock;
  for (; i < s->n; i++)
    locks[n++] = s->lock[i];
  return intern(locks, n);
}

lockset_id lockset_remove(lockset_id set, uint64_t lock) {
  const struct lockset *s = get(set);
  uint64_t locks[MAX_LOCKS_HELD];
  unsigned n = 0;
  for (unsigned i = 0; i < s->n; i++)
    if (s->lock[i] != lock)
      locks[n++] = s->lock[i];
  return n == s->n ? set : intern(locks, n);
}

bool lockset_disjoint(lockset_id a, lockset_id b) {
  if (!a || !b)
    return true;
  if (a == b)
    return false;
  const struct lockset *x = get(a), *y = get(b);
  for (unsigned i = 0, j = 0; i < x->n && j < y->n;) {
    if (x->lock[i] == y->lock[j])
      return false;
    if (x->lock[i] < y->lock[j])
      i++;
    else
      j++;
  }
  return true;
}

lockset_id lockset_union(lockset_id a, lockset_id b) {
  const struct lockset *y = get(b);
  for (unsigned i = 0; i < y->n; i++)
    a = lockset_add(a, y->lock[i]);
  return a;
}

unsigned lockset_locks(lockset_id set, uint64_t *out, unsigned max) {
  const struct lockset *s = get(set);
  for (unsigned i = 0; i < s->n && i < max; i++)
    out[i] = s->lock[i];
  return s->n;
}
