#include "lockset.h"

#include "detection.h"
#include "log.h"
#include "tls.h"

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
  unsigned plain;     /* locks before the first token (tokens sort last) */
  bool self_disjoint; /* lockset_excludes_itself is false */
  uint64_t lock[];    /* sorted */
};

static struct lockset *_Atomic g_sets[MAX_LOCKSETS];
static _Atomic uint32_t g_nsets = 1; /* id 0: the empty set, never stored */
static pthread_mutex_t g_intern_mutex = PTHREAD_MUTEX_INITIALIZER;

static const struct lockset k_empty = {0};

static const struct lockset *get(lockset_id id) {
  return id ? atomic_load_explicit(&g_sets[id], memory_order_acquire) : &k_empty;
}

/* The base lock of each token, by index: written before the token is put in a set,
 * and sets are published with release order (intern), so a reader of a set reads its
 * tokens' entries. */
static uint64_t g_instance_base[LOCK_INSTANCES_MAX];
static _Atomic uint32_t g_ninstances;

static uint64_t base_of(uint64_t lock) {
  return LOCK_IS_INSTANCE(lock) ? g_instance_base[lock & (LOCK_INSTANCES_MAX - 1)] : lock;
}

/* Whether holding p on one side and q on the other excludes (lockset.h). */
static bool excludes(uint64_t p, uint64_t q) {
  if (p == q)
    return !LOCK_IS_INSTANCE(p);
  return (LOCK_IS_INSTANCE(p) || LOCK_IS_INSTANCE(q)) && base_of(p) == base_of(q);
}

/* Disjointness of sets with tokens: every pair (sets hold at most MAX_LOCKS_HELD). */
static bool disjoint_pairwise(const struct lockset *x, const struct lockset *y) {
  for (unsigned i = 0; i < x->n; i++)
    for (unsigned j = 0; j < y->n; j++)
      if (excludes(x->lock[i], y->lock[j]))
        return false;
  return true;
}

static struct lockset *new_set(const uint64_t *locks, unsigned n) {
  struct lockset *s = malloc(sizeof *s + n * sizeof *locks);
  if (!s)
    return NULL;
  s->n = n;
  memcpy(s->lock, locks, n * sizeof *locks);
  s->plain = 0;
  while (s->plain < n && !LOCK_IS_INSTANCE(locks[s->plain]))
    s->plain++;
  s->self_disjoint = disjoint_pairwise(s, s);
  return s;
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
    struct lockset *s = new_set(locks, n);
    if (s) {
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

/* g_with_atomic[set]: lockset_with_atomic(set), or 0 before its first call. */
static _Atomic lockset_id g_with_atomic[MAX_LOCKSETS];

lockset_id lockset_with_atomic(lockset_id set) {
  lockset_id memo = atomic_load_explicit(&g_with_atomic[set], memory_order_relaxed);
  if (__builtin_expect(memo != 0, 1))
    return memo;
  memo = lockset_add(set, LOCK_ATOMIC);
  atomic_store_explicit(&g_with_atomic[set], memo, memory_order_relaxed);
  return memo;
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
  const struct lockset *x = get(a);
  if (a == b)
    return x->self_disjoint;
  const struct lockset *y = get(b);
  if (__builtin_expect(x->plain != x->n || y->plain != y->n, 0))
    return disjoint_pairwise(x, y);
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

bool lockset_excludes_itself(lockset_id set) {
  return set && !get(set)->self_disjoint;
}

/* Interns locks[0 .. n) after sorting them and dropping repeats. */
static lockset_id intern_unsorted(uint64_t *locks, unsigned n) {
  for (unsigned i = 1; i < n; i++)
    for (unsigned j = i; j > 0 && locks[j - 1] > locks[j]; j--) {
      uint64_t t = locks[j];
      locks[j] = locks[j - 1];
      locks[j - 1] = t;
    }
  unsigned m = 0;
  for (unsigned i = 0; i < n; i++)
    if (!m || locks[m - 1] != locks[i])
      locks[m++] = locks[i];
  return intern(locks, m);
}

/* A new token of lock `base`, or 0 (and a gap) when the table is full. */
static uint64_t new_token(uint64_t base) {
  uint32_t i = atomic_fetch_add(&g_ninstances, 1);
  if (i >= LOCK_INSTANCES_MAX) {
    detection_gap(GAP_INSTANCES, false,
                  "too many parallel regions run under a lock (%u); the threads of later "
                  "ones, except the one that took the lock, count as not holding it, so "
                  "races may be reported between them and the lock's other holders",
                  LOCK_INSTANCES_MAX);
    return 0;
  }
  g_instance_base[i] = base;
  return LOCK_INSTANCE_TAG | i;
}

lockset_id lockset_instance(lockset_id set) {
  const struct lockset *s = get(set);
  if (s->plain == 0)
    return set; /* tokens only (or empty): one interval already */
  uint64_t locks[MAX_LOCKS_HELD];
  unsigned n = 0;
  for (unsigned i = 0; i < s->n; i++) {
    uint64_t lock = LOCK_IS_INSTANCE(s->lock[i]) ? s->lock[i] : new_token(s->lock[i]);
    if (lock)
      locks[n++] = lock;
  }
  return intern_unsorted(locks, n);
}

lockset_id lockset_instances_of(lockset_id set) {
  const struct lockset *s = get(set);
  if (s->plain == 0)
    return set;
  return intern(s->lock + s->plain, s->n - s->plain);
}

/* Whether set t holds a token of plain lock `lock`. */
static bool has_token_of(const struct lockset *t, uint64_t lock) {
  for (unsigned i = t->plain; i < t->n; i++)
    if (base_of(t->lock[i]) == lock)
      return true;
  return false;
}

/* held plus task_locks, without the plain locks of held that task_locks holds as
 * tokens: the master of a region run under L holds L itself, and plain L would
 * exclude its accesses from its own team's (which hold the region's token). Sets too
 * large lose locks: fewer exclusions, never a race hidden. */
static lockset_id effective(lockset_id held, lockset_id task_locks) {
  const struct lockset *h = get(held), *t = get(task_locks);
  if (t->plain == t->n)
    return lockset_union(held, task_locks);
  uint64_t locks[2 * MAX_LOCKS_HELD];
  unsigned n = 0;
  for (unsigned i = 0; i < h->n; i++)
    if (LOCK_IS_INSTANCE(h->lock[i]) || !has_token_of(t, h->lock[i]))
      locks[n++] = h->lock[i];
  for (unsigned i = 0; i < t->n; i++)
    locks[n++] = t->lock[i];
  return intern_unsorted(locks, n < MAX_LOCKS_HELD ? n : MAX_LOCKS_HELD);
}

lockset_id lockset_effective(lockset_id held, lockset_id task_locks) {
  if (!task_locks)
    return held;
  /* Every task switch asks (thread_run): the last answer, per thread. Interned sets
   * never change, so an answer stays right. */
  static OMPR_TLS lockset_id memo_held, memo_locks, memo;
  if (held != memo_held || task_locks != memo_locks || !memo) {
    memo = effective(held, task_locks);
    memo_held = held;
    memo_locks = task_locks;
  }
  return memo;
}

bool lockset_share_instance(lockset_id a, lockset_id b) {
  const struct lockset *x = get(a), *y = get(b);
  for (unsigned i = x->plain; i < x->n; i++)
    for (unsigned j = y->plain; j < y->n; j++)
      if (x->lock[i] == y->lock[j])
        return true;
  return false;
}

lockset_id lockset_union(lockset_id a, lockset_id b) {
  const struct lockset *y = get(b);
  for (unsigned i = 0; i < y->n; i++)
    a = lockset_add(a, y->lock[i]);
  return a;
}

unsigned lockset_locks(lockset_id set, uint64_t *out, unsigned max) {
  const struct lockset *s = get(set);
  uint64_t bases[MAX_LOCKS_HELD];
  unsigned n = 0;
  for (unsigned i = 0; i < s->n; i++) {
    uint64_t base = base_of(s->lock[i]);
    bool seen = false;
    for (unsigned j = 0; j < n && !seen; j++)
      seen = bases[j] == base;
    if (!seen && n < MAX_LOCKS_HELD)
      bases[n++] = base;
  }
  for (unsigned i = 0; i < n && i < max; i++)
    out[i] = bases[i];
  return n;
}
