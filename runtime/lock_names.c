#include "lock_names.h"

#include "objects.h"
#include "sites.h"

#include <stdatomic.h>
#include <stdio.h>

/* Locks seen, by lockset key: a fixed open-addressed table with lock-free inserts. It
 * is probed on every lock acquisition (a hit after the first) and read only when a
 * race is reported; a lock that finds the table full goes unnamed ("lock at 0x..."). */
#define TABLE_SIZE 4096

struct named_lock {
  _Atomic uint64_t key;  /* 0: empty */
  _Atomic uint32_t kind; /* 0 until the inserting thread has stored wait_id */
  uintptr_t wait_id;
  site_id site;     /* the directive of its first acquisition (critical, ordered), or 0 */
  const char *name; /* a critical section's name, or NULL */
};

static struct named_lock g_table[TABLE_SIZE];

static size_t home(uint64_t key) {
  return (size_t)((key * 0x9E3779B97F4A7C15ull) >> 40) & (TABLE_SIZE - 1);
}

void lock_names_note(uint64_t lock, uintptr_t wait_id, enum lock_kind kind, site_id site,
                     const char *name) {
  for (size_t i = home(lock), probes = 0; probes < TABLE_SIZE;
       i = (i + 1) & (TABLE_SIZE - 1), probes++) {
    uint64_t key = atomic_load_explicit(&g_table[i].key, memory_order_relaxed);
    if (key == lock)
      return;
    if (key == 0 && atomic_compare_exchange_strong(&g_table[i].key, &key, lock)) {
      g_table[i].wait_id = wait_id;
      g_table[i].site = site;
      g_table[i].name = name;
      atomic_store_explicit(&g_table[i].kind, kind, memory_order_release);
      return;
    }
    if (key == lock) /* another thread inserted it meanwhile */
      return;
  }
}

static const struct named_lock *find(uint64_t lock) {
  for (size_t i = home(lock), probes = 0; probes < TABLE_SIZE;
       i = (i + 1) & (TABLE_SIZE - 1), probes++) {
    uint64_t key = atomic_load_explicit(&g_table[i].key, memory_order_relaxed);
    if (key == lock)
      return atomic_load_explicit(&g_table[i].kind, memory_order_acquire) ? &g_table[i] : NULL;
    if (key == 0)
      return NULL;
  }
  return NULL;
}

/* " 'lk'", " in the heap block allocated at F:L" or " at 0x...": the variable at addr. */
static void name_variable(uintptr_t addr, char *buf, size_t len) {
  char name[512];
  switch (objects_name(addr, name, sizeof name)) {
  case OBJECT_GLOBAL:
  case OBJECT_LOCAL: snprintf(buf, len, " '%s'", name); return;
  case OBJECT_HEAP: snprintf(buf, len, " in the heap block allocated at %s", name); return;
  default: snprintf(buf, len, " at %p", (void *)addr);
  }
}

/* "critical(a)": a named critical section by its name. "critical at x.c:12": the
 * unnamed one (or one whose name the pass did not see) by the directive where it was
 * first entered; "ordered at x.c:20" likewise. */
static void name_directive(const struct named_lock *l, char *buf, size_t len) {
  if (l->kind == LOCK_KIND_CRITICAL && l->name)
    snprintf(buf, len, "critical(%s)", l->name);
  else
    sites_format_what_at(l->kind == LOCK_KIND_CRITICAL ? "critical" : "ordered", l->site, buf, len);
}

static void name_lock(uint64_t lock, char *buf, size_t len) {
  char var[600];
  if (LOCK_IS_MUTEXINOUTSET(lock)) {
    name_variable(LOCK_MUTEXINOUTSET_ADDR(lock), var, sizeof var);
    snprintf(buf, len, "the mutexinoutset dependence on%s", var);
    return;
  }
  const struct named_lock *l = find(lock);
  switch (l ? atomic_load_explicit(&l->kind, memory_order_relaxed) : 0) {
  case LOCK_KIND_CRITICAL:
  case LOCK_KIND_ORDERED: name_directive(l, buf, len); return;
  case LOCK_KIND_LOCK:
  case LOCK_KIND_NEST_LOCK:
    name_variable(l->wait_id, var, sizeof var);
    snprintf(buf, len, "%s%s", l->kind == LOCK_KIND_LOCK ? "lock" : "nest lock", var);
    return;
  default: snprintf(buf, len, "a lock");
  }
}

#define MAX_NAMED 8

bool lock_names_any(lockset_id set) {
  uint64_t locks[MAX_NAMED];
  unsigned n = lockset_locks(set, locks, MAX_NAMED);
  return n > 1 || (n == 1 && locks[0] != LOCK_ATOMIC);
}

void lock_names_describe(lockset_id set, char *buf, size_t len) {
  uint64_t locks[MAX_NAMED];
  unsigned n = lockset_locks(set, locks, MAX_NAMED), named = 0;
  size_t used = 0;
  buf[0] = '\0';
  for (unsigned i = 0; i < n && i < MAX_NAMED && used < len; i++) {
    if (locks[i] == LOCK_ATOMIC)
      continue;
    char one[700];
    name_lock(locks[i], one, sizeof one);
    used += (size_t)snprintf(buf + used, len - used, "%s%s", named ? " and " : "", one);
    named++;
  }
  if (n > MAX_NAMED && used < len)
    snprintf(buf + used, len - used, " and %u more", n - MAX_NAMED);
  else if (!named)
    snprintf(buf, len, "no lock");
}
