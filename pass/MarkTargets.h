// Marks where a target region that the host runs itself begins and ends. Without
// offloading, clang calls the region's outlined function (__omp_offloading_*) directly
// and libomp sees nothing; the end of a target region waits for the tasks created in
// it. So this pass puts __ompracer_target_begin before each such call and
// __ompracer_target_end after it. It runs before optimisation (the optimiser may
// inline the call). No race decisions.
#ifndef OMPRACER_PASS_MARKTARGETS_H
#define OMPRACER_PASS_MARKTARGETS_H

#include "llvm/IR/PassManager.h"

namespace ompracer {

struct MarkTargetsPass : llvm::PassInfoMixin<MarkTargetsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  static bool isRequired() { return true; }
};

} // namespace ompracer

#endif
