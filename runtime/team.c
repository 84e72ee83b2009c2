#include "team.h"

void team_begin(struct team *t, struct strand_stack *encountering, site_id site) {
  t->site = site;
  pthread_mutex_init(&t->lock, NULL);
  t->region = ospg_add(ss_top(encountering), NODE_S, CK_PARALLEL, site);
  t->phase[0] = ospg_add(t->region, NODE_S, CK_BARRIER_PHASE, site);
  t->phase_count = 1;
}

int team_member_begin(struct team *t, struct strand_stack *member, uint32_t *member_phase) {
  pthread_mutex_lock(&t->lock);
  node_id phase = t->phase[0];
  pthread_mutex_unlock(&t->lock);
  *member_phase = 0;
  return ss_init(member, ospg_add(phase, NODE_P, CK_IMPLICIT_TASK, t->site));
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
  ss_rebase(member, ospg_add(phase, NODE_P, CK_IMPLICIT_TASK, t->site));
}

void team_end(struct team *t, struct strand_stack *encountering) {
  pthread_mutex_destroy(&t->lock);
  ss_new_strand(encountering);
}
