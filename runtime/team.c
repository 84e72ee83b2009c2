#include "team.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* Contention groups are numbered in 15 bits (see the lock keys in ompt_events.c):
 * two teams 32768 groups apart share a number, which can only hide a race. */
#define CG_MASK 0x7fffu

static const enum construct_kind k_region_kind[] = {
    [TEAM_PARALLEL] = CK_PARALLEL, [TEAM_LEAGUE] = CK_TEAMS, [TEAM_BODY] = CK_PARALLEL};
static const enum construct_kind k_member_kind[] = {
    [TEAM_PARALLEL] = CK_IMPLICIT_TASK, [TEAM_LEAGUE] = CK_TEAM, [TEAM_BODY] = CK_TEAM};

static uint32_t new_contention_group(void) {
  static atomic_uint next;
  uint32_t cg = (atomic_fetch_add(&next, 1) + 1) & CG_MASK;
  return cg ? cg : 1; /* 0 stays the program's own */
}

void team_begin_kind(struct team *t, struct strand_stack *encountering, site_id site,
                     enum team_kind kind, uint32_t enclosing_cg) {
  t->site = site;
  t->kind = kind;
  /* A team's body region is where a team runs: a contention group of its own. */
  t->cg = kind == TEAM_BODY ? new_contention_group() : enclosing_cg;
  pthread_mutex_init(&t->lock, NULL);
  t->region = ospg_add(ss_top(encountering), NODE_S, k_region_kind[kind], site);
  t->phase[0] = ospg_add(t->region, NODE_S, CK_BARRIER_PHASE, site);
  t->phase_count = 1;
  t->members = 0;
  memset(t->reduction, 0, sizeof t->reduction);
  t->assumed = NULL;
  t->num_teams_given = false;
  atomic_init(&t->nblocks, 0);
}

void team_begin(struct team *t, struct strand_stack *encountering, site_id site) {
  team_begin_kind(t, encountering, site, TEAM_PARALLEL, 0);
}

void team_set_size(struct team *t, unsigned size) {
  ospg_node(t->region)->instance = (uint16_t)(size > UINT16_MAX ? UINT16_MAX : size);
}

int team_member_begin(struct team *t, struct strand_stack *member, uint32_t *member_phase) {
  pthread_mutex_lock(&t->lock);
  node_id phase = t->phase[0];
  t->members++;
  pthread_mutex_unlock(&t->lock);
  *member_phase = 0;
  return ss_init(member, ospg_add(phase, NODE_P, k_member_kind[t->kind], t->site));
}

void team_barrier_end(struct team *t, struct strand_stack *member, uint32_t *member_phase) {
  uint32_t next = *member_phase + 1;
  pthread_mutex_lock(&t->lock);
  if (t->phase_count == next) {
    t->phase[next % TEAM_PHASE_RING] = ospg_add(t->region, NODE_S, CK_BARRIER_PHASE, t->site);
    t->phase_count++;
  }
  node_id phase = t->phase[next % TEAM_PHASE_RING];
  pthread_mutex_unlock(&t->lock);
  *member_phase = next;
  ss_rebase(member, ospg_add(phase, NODE_P, k_member_kind[t->kind], t->site));
}

/* Makes room for one more node in *buf. False when out of memory. */
static bool grow(node_id **buf, uint32_t *cap, uint32_t need) {
  if (need <= *cap)
    return true;
  uint32_t n = *cap ? *cap * 2 : 16;
  while (n < need)
    n *= 2;
  node_id *b = realloc(*buf, n * sizeof *b);
  if (!b)
    return false;
  *buf = b;
  *cap = n;
  return true;
}

void team_reduction_enter(struct team *t, uint32_t seq, node_id strand) {
  pthread_mutex_lock(&t->lock);
  struct team_reduction *r = &t->reduction[seq % TEAM_REDUCTION_RING];
  if (r->seq != seq) {
    r->seq = seq;
    r->count = 0;
  }
  /* Out of memory: that member's part is not checked, which can only hide a race. */
  if (grow(&r->strands, &r->cap, r->count + 1))
    r->strands[r->count++] = strand;
  pthread_mutex_unlock(&t->lock);
}

uint32_t team_reduction_strands(struct team *t, uint32_t seq, node_id **buf, uint32_t *cap) {
  pthread_mutex_lock(&t->lock);
  const struct team_reduction *r = &t->reduction[seq % TEAM_REDUCTION_RING];
  uint32_t n = r->seq == seq && grow(buf, cap, r->count) ? r->count : 0;
  if (n)
    memcpy(*buf, r->strands, n * sizeof **buf);
  pthread_mutex_unlock(&t->lock);
  return n;
}

void team_assume_more_teams(struct team *league, uintptr_t stack_low) {
  league->absent_teams = ospg_add(league->phase[0], NODE_P, CK_TEAM, league->site);
  league->stack_low = stack_low;
  league->assumed = league;
}

void team_note_private_block(struct team *league, uintptr_t low, uintptr_t high) {
  pthread_mutex_lock(&league->lock);
  uint32_t n = atomic_load_explicit(&league->nblocks, memory_order_relaxed);
  if (n < TEAM_PRIVATE_BLOCKS) {
    league->blocks[n] = (struct private_block){low, high};
    atomic_store_explicit(&league->nblocks, n + 1, memory_order_release);
  }
  pthread_mutex_unlock(&league->lock);
}

bool team_private_block(const struct team *league, uintptr_t addr) {
  uint32_t n = atomic_load_explicit(&league->nblocks, memory_order_acquire);
  for (uint32_t i = 0; i < n; i++)
    if (addr >= league->blocks[i].low && addr < league->blocks[i].high)
      return true;
  return false;
}

void team_end(struct team *t, struct strand_stack *encountering) {
  for (unsigned i = 0; i < TEAM_REDUCTION_RING; i++)
    free(t->reduction[i].strands);
  pthread_mutex_destroy(&t->lock);
  ss_new_strand(encountering);
}
