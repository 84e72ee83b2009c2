#include "SourceFunction.h"
#include "OpenMPLowering.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstrTypes.h"

using namespace llvm;

namespace ompracer {

bool isArtificialOpenMPFunction(const Function &F) {
  StringRef N = F.getName();
  if (isOutlinedName(N))
    return true;
  const DISubprogram *SP = F.getSubprogram();
  return SP && SP->isArtificial() && N.contains("omp");
}

static std::string displayName(const Function &F) {
  StringRef N = F.getName();
  if (N.starts_with("_Z"))
    return demangle(N.str());
  if (const DISubprogram *SP = F.getSubprogram())
    if (!SP->getName().empty())
      return SP->getName().str();
  return N.str();
}

// The first function that calls F or takes its address (clang passes outlined
// bodies to __kmpc_fork_call / __kmpc_omp_task_alloc, or calls them directly).
static const Function *userOf(const Function &F) {
  for (const User *U : F.users()) {
    if (const auto *I = dyn_cast<Instruction>(U))
      return I->getFunction();
    for (const User *UU : U->users()) // through a constant cast
      if (const auto *I = dyn_cast<Instruction>(UU))
        return I->getFunction();
  }
  return nullptr;
}

std::string SourceFunctionNamer::computeName(const Function &F, unsigned Depth) {
  if (!isArtificialOpenMPFunction(F) || Depth > 16)
    return displayName(F);
  const Function *User = userOf(F);
  if (!User || User == &F)
    return displayName(F);
  return computeName(*User, Depth + 1);
}

StringRef SourceFunctionNamer::nameOf(const Function &F) {
  auto It = Cache.find(&F);
  if (It == Cache.end())
    It = Cache.try_emplace(&F, computeName(F, 0)).first;
  return It->second;
}

StringRef SourceFunctionNamer::nameFor(const Instruction &I) {
  if (const DILocation *Loc = I.getDebugLoc().get()) {
    const DISubprogram *SP = Loc->getScope()->getSubprogram();
    // An inlined callee that is a real source function: name it, not its caller.
    if (SP && Loc->getInlinedAt() && !SP->isArtificial() && !isOutlinedName(SP->getName())) {
      std::string Name =
          SP->getLinkageName().empty() ? SP->getName().str() : demangle(SP->getLinkageName().str());
      return Strings.try_emplace(Name, Name).first->second;
    }
  }
  return nameOf(*I.getFunction());
}

} // namespace ompracer
