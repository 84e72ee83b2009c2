// Names the source-level function of an instruction for reports. Clang outlines the
// body of each OpenMP directive into an artificial function (main.omp_outlined,
// .omp_outlined., .omp_task_entry.); a user wants to read the function that holds the
// directive, so artificial functions are named after the function that uses them.
#ifndef OMPRACER_PASS_SOURCEFUNCTION_H
#define OMPRACER_PASS_SOURCEFUNCTION_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"

#include <map>
#include <string>

namespace ompracer {

class SourceFunctionNamer {
public:
  // The name for an instruction: the innermost inlined non-artificial subprogram of
  // its debug location, else the source name of its function.
  llvm::StringRef nameFor(const llvm::Instruction &I);
  llvm::StringRef nameOf(const llvm::Function &F);

private:
  std::string computeName(const llvm::Function &F, unsigned Depth);
  std::map<const llvm::Function *, std::string> Cache; // node-based: StringRefs stay valid
  std::map<std::string, std::string> Strings;          // keeps returned StringRefs alive
};

bool isArtificialOpenMPFunction(const llvm::Function &F);

} // namespace ompracer

#endif
