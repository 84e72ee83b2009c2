/* OSPG construction for a parallel region (seed Algorithms 4-6): an S-node for the
 * region, and under it one S-node per barrier phase, whose children are the members'
 * implicit-task P-nodes for that phase. The first member out of a barrier opens the
 * next phase; the others join it.
 *
 * A league of teams (the teams construct, on the host) is built the same way: its
 * members are the teams' initial tasks, parallel with each other, and what follows
 * the teams region is in series with all of them. libomp runs each team's body in an
 * implicit task of a one-thread region that the team's initial task forks (the
 * "body" region); its member node names the team in reports. Each team is a
 * contention group of its own: critical sections and locks do not exclude each
 * other across teams. */
#ifndef OMPRACER_TEAM_H
#define OMPRACER_TEAM_H

#include "lockset.h"
#include "strand_stack.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

/* Heap blocks an assumed league's team allocated: each team would have its own. */
#define TEAM_PRIVATE_BLOCKS 32
struct private_block {
  uintptr_t low, high;
};

/* Members can be at most one barrier apart, so a few phases in a ring suffice. */
#define TEAM_PHASE_RING 4

/* The strands in which the members entered one reduction (in the order they entered):
 * where each member's part of the combining step belongs, whichever thread libomp has
 * do it. libomp's tree method has the master combine after a barrier that every
 * member entered after its own entry; the method is the same for every reduction of a
 * team (it depends on the team's size), so a member is at most one reduction ahead of
 * the master's combining step and a short ring suffices. */
#define TEAM_REDUCTION_RING 4
struct team_reduction {
  uint32_t seq; /* which of the team's reductions (1, 2, ...); 0: unused */
  uint32_t count, cap;
  node_id *strands;
};

enum team_kind {
  TEAM_PARALLEL, /* a parallel region */
  TEAM_LEAGUE,   /* the league of a teams construct */
  TEAM_BODY,     /* the one-thread region in which a team runs the teams body */
};

struct team {
  node_id region; /* S-node of the whole region */
  site_id site;   /* the parallel (or teams) directive */
  enum team_kind kind;
  uint32_t cg; /* contention group: 0 outside teams, one per team of a league */
  pthread_mutex_t lock;
  uint32_t phase_count;           /* phases opened so far */
  uint32_t members;               /* members that began (a league: its teams) */
  node_id phase[TEAM_PHASE_RING]; /* S-node of phase k at [k % RING] */
  uint32_t arena_mark;            /* where the arena stood before the region */
  uint32_t edge_mark;             /* and the dependence edge arena */
  bool outermost;
  lockset_id locks; /* precise mode: what its members hold of the locks held around it */
  /* the members' entry strands of its latest reductions, by seq % RING */
  struct team_reduction reduction[TEAM_REDUCTION_RING];
  /* A league of one team that the program did not ask for (no num_teams clause:
   * libomp's choice on the host) is checked as if it had two or more teams: the
   * league itself, and every region inside it, point to it here (NULL: not so). */
  struct team *assumed;
  bool num_teams_given;     /* a league: its directive has a num_teams clause */
  node_id absent_teams;     /* an assumed league: P-node of the teams that did not run */
  uintptr_t entry_frame;    /* a league: its encountering task's frame at the fork */
  uintptr_t stack_low;      /* an assumed league: its thread's stack ends here */
  _Atomic uint32_t nblocks; /* an assumed league: heap blocks its team allocated */
  struct private_block blocks[TEAM_PRIVATE_BLOCKS];
};

/* The encountering task opens the region; its current strand ends. */
void team_begin(struct team *t, struct strand_stack *encountering, site_id site);
/* The same for a league (TEAM_LEAGUE) or a team's body region (TEAM_BODY, site: the
 * teams directive); enclosing_cg is the contention group of the encountering task. */
void team_begin_kind(struct team *t, struct strand_stack *encountering, site_id site,
                     enum team_kind kind, uint32_t enclosing_cg);
/* A member starts its implicit task in phase 0: fills member and its phase counter. */
int team_member_begin(struct team *t, struct strand_stack *member, uint32_t *member_phase);
/* Records the team's size (libomp's actual_parallelism) in the region's S-node, where
 * isParallel reads it: a single's executor is unspecified only in a team of two or
 * more threads (sp_query.c, unspecified_executor). */
void team_set_size(struct team *t, unsigned size);
/* A member leaves a barrier: it moves to the next phase. */
void team_barrier_end(struct team *t, struct strand_stack *member, uint32_t *member_phase);
/* A member enters the team's reduction number seq (1, 2, ...) in `strand`. */
void team_reduction_enter(struct team *t, uint32_t seq, node_id strand);
/* Copies the strands of the members that entered reduction seq into *buf (grown as
 * needed, *cap its capacity) and returns how many. */
uint32_t team_reduction_strands(struct team *t, uint32_t seq, node_id **buf, uint32_t *cap);
/* A league of one team (its first member began) that is to be checked as if it had
 * more: adds the node of the other teams, parallel with the one that runs, and notes
 * the running team's private stack, [stack_low, entry_frame). */
void team_assume_more_teams(struct team *league, uintptr_t stack_low);
/* An assumed league's team allocated [low, high): memory of its own (the first
 * TEAM_PRIVATE_BLOCKS blocks; later ones count as shared between teams). */
void team_note_private_block(struct team *league, uintptr_t low, uintptr_t high);
/* Whether addr lies in such a block. */
bool team_private_block(const struct team *league, uintptr_t addr);
/* The encountering task continues after the region with a new strand. */
void team_end(struct team *t, struct strand_stack *encountering);

#endif
