// Marks where each section of a `sections` construct begins. Clang lowers sections to
// a static worksharing loop over a switch, and libomp announces one dispatch per
// block of sections a thread gets, not one per section; so this pass puts a call to
// __ompracer_section_begin at the start of every case of that switch. It runs before
// optimisation (the optimiser turns such switches into tables). No race decisions.
#ifndef OMPRACER_PASS_MARKSECTIONS_H
#define OMPRACER_PASS_MARKSECTIONS_H

#include "llvm/IR/PassManager.h"

namespace ompracer {

struct MarkSectionsPass : llvm::PassInfoMixin<MarkSectionsPass> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
  static bool isRequired() { return true; }
};

} // namespace ompracer

#endif
