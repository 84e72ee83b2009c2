// norace_cpp_tasks.cpp -- C++: recursive tree sum with tasks and fully nested taskwaits.
//
// A binary tree is built in serial code. sum() creates one task per subtree;
// each child task writes a different local of its parent (l or r), and the
// parent reads them only after its taskwait. The tree is only read in parallel.
// No race.
//
// EXPECT: norace
// CHECK-NOT: ==ompracer==
#include <omp.h>
#include <cstdio>
#include <memory>
#include <vector>

struct Node {
  long value;
  Node *left = nullptr;
  Node *right = nullptr;
};

static Node *build(std::vector<std::unique_ptr<Node>> &pool, int depth, long &next) {
  if (depth == 0)
    return nullptr;
  pool.push_back(std::make_unique<Node>());
  Node *n = pool.back().get();
  n->value = next++;
  n->left = build(pool, depth - 1, next);
  n->right = build(pool, depth - 1, next);
  return n;
}

static long sum(const Node *n) {
  if (n == nullptr)
    return 0;
  long l = 0, r = 0;
#pragma omp task shared(l)
  l = sum(n->left);
#pragma omp task shared(r)
  r = sum(n->right);
#pragma omp taskwait
  return l + r + n->value;
}

int main() {
  std::vector<std::unique_ptr<Node>> pool;
  long next = 1;
  Node *root = build(pool, 7, next);
  long total = 0;
#pragma omp parallel
#pragma omp single
  total = sum(root);
  std::printf("nodes=%zu total=%ld\n", pool.size(), total);
  return 0;
}
