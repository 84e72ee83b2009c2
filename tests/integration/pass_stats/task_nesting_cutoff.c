// task_nesting_cutoff.c -- the pass finds that every task waits for its children when
// a recursion makes tasks and waits for them under two tests of the same cutoff
// condition (the idiom of BOTS' manual cutoffs), as it finds for an unconditional
// taskwait.
//
// The second test reloads the depth and the cutoff, with calls in between: the pass
// follows the condition (pass/ConditionKeys.h), so the path that made tasks is the
// path that waits. task_nesting_cutoff_O2.c checks the same at -O2,
// task_nesting_cutoff_changed.c and task_nesting_cutoff_other.c the cases where the
// two tests may disagree.
//
// CHECK: ompracer: {{.*}}task_nesting_cutoff{{(_O2)?}}.c: every task waits for its children: yes
#ifndef CUTOFF_CHANGE
#define CUTOFF_CHANGE
#endif
#ifndef SECOND_TEST
#define SECOND_TEST(node) ((node)->depth < cutoff)
#endif

struct node {
  int depth;
  int value;
  struct node *left, *right;
};

int cutoff = 3;
int other_limit = 2;

void visit(struct node *n);

static void work(struct node *n) { n->value += n->depth; }

void visit(struct node *n) {
  if (!n)
    return;
  if (n->depth < cutoff) {
#pragma omp task
    visit(n->left);
#pragma omp task
    visit(n->right);
  } else {
    visit(n->left);
    visit(n->right);
  }
  work(n);
  CUTOFF_CHANGE;
  if (SECOND_TEST(n)) {
#pragma omp taskwait
  }
  n->value *= 2;
}
