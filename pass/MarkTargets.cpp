#include "MarkTargets.h"
#include "OpenMPLowering.h"
#include "RuntimeHooks.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace ompracer {
namespace {

// Calls of a host target region's outlined function. An invoke whose normal
// destination other edges also reach has no place for the end marker that runs only
// after it: it is left unmarked (clang's outlined target bodies do not throw).
SmallVector<CallBase *, 4> targetCalls(Function &F) {
  SmallVector<CallBase *, 4> Calls;
  for (Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I))
      if (Function *Callee = CB->getCalledFunction(); Callee && isHostTargetRegion(*Callee)) {
        auto *Invoke = dyn_cast<InvokeInst>(CB);
        if (!Invoke || Invoke->getNormalDest()->getSinglePredecessor())
          Calls.push_back(CB);
      }
  return Calls;
}

void mark(CallBase *CB, const RuntimeHooks &Hooks) {
  IRBuilder<> IRB(CB);
  IRB.SetCurrentDebugLocation(CB->getDebugLoc());
  IRB.CreateCall(Hooks.TargetBegin, {});
  if (auto *Invoke = dyn_cast<InvokeInst>(CB))
    IRB.SetInsertPoint(&*Invoke->getNormalDest()->getFirstInsertionPt());
  else
    IRB.SetInsertPoint(CB->getNextNode());
  IRB.SetCurrentDebugLocation(CB->getDebugLoc());
  IRB.CreateCall(Hooks.TargetEnd, {});
}

} // namespace

PreservedAnalyses MarkTargetsPass::run(Module &M, ModuleAnalysisManager &) {
  RuntimeHooks Hooks(M);
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    for (CallBase *CB : targetCalls(F)) {
      mark(CB, Hooks);
      Changed = true;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ompracer
