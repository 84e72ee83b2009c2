// The ompracer instrumentation pass: tells the runtime about every memory access that
// may race (with its size, kind and source site) and about the OpenMP directive behind
// each call into the OpenMP runtime. It makes no race decisions.
#ifndef OMPRACER_PASS_INSTRUMENTACCESSES_H
#define OMPRACER_PASS_INSTRUMENTACCESSES_H

#include "llvm/IR/PassManager.h"

namespace ompracer {

struct InstrumentAccessesPass : llvm::PassInfoMixin<InstrumentAccessesPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  static bool isRequired() { return true; } // also at -O0 and on optnone functions
};

} // namespace ompracer

#endif
