// Marks OpenMP loops for iteration strands (runtime/iterations.h): where a loop
// begins (__ompracer_loop_begin, with its kind and simd safelen), where each of its
// iterations begins (__ompracer_loop_iteration, with the logical iteration number)
// and where it ends (__ompracer_loop_end). It runs before optimisation, on the shape
// clang gives these loops:
//  - worksharing and distribute loops: the iteration variable is initialised from the
//    lower bound that __kmpc_for_static_init_*, __kmpc_dispatch_next_* or
//    __kmpc_distribute_static_init_* fill in;
//  - taskloop: from the task's lower bound (kmp_task_t field 5), which the task entry
//    passes to the outlined loop body;
//  - simd: a loop whose metadata enables vectorisation (clang's lowering of omp simd);
//    safelen is the vectorisation width when the accesses are not marked parallel.
// In each case the loop is the natural loop whose header compares that variable.
// (What clang's lowering looks like: OpenMPLowering.h.) The pass makes no race
// decisions; the loop_begin site is filled in later by the instrumentation pass, which
// owns the site table.
#ifndef OMPRACER_PASS_MARKLOOPS_H
#define OMPRACER_PASS_MARKLOOPS_H

#include "llvm/IR/PassManager.h"

namespace ompracer {

struct MarkLoopsPass : llvm::PassInfoMixin<MarkLoopsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  static bool isRequired() { return true; }
};

} // namespace ompracer

#endif
