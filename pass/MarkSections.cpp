#include "MarkSections.h"
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

// The slots initialised from the lower bound: the sections' iteration variable.
SmallPtrSet<const Value *, 4> slotsCopiedFrom(Value *LowerBound) {
  SmallPtrSet<const Value *, 4> Slots;
  for (User *U : LowerBound->users())
    if (auto *LI = dyn_cast<LoadInst>(U))
      for (User *UU : LI->users())
        if (auto *SI = dyn_cast<StoreInst>(UU); SI && SI->getValueOperand() == LI)
          Slots.insert(SI->getPointerOperand());
  return Slots;
}

bool markFunction(Function &F, FunctionCallee Marker) {
  SmallPtrSet<const Value *, 4> IterationSlots;
  for (Instruction &I : instructions(F))
    if (auto *CB = dyn_cast<CallBase>(&I))
      if (Value *LB = sectionsLowerBound(*CB))
        for (const Value *Slot : slotsCopiedFrom(LB))
          IterationSlots.insert(Slot);
  if (IterationSlots.empty())
    return false;
  SmallPtrSet<BasicBlock *, 8> Cases;
  for (Instruction &I : instructions(F)) {
    auto *SW = dyn_cast<SwitchInst>(&I);
    auto *Cond = SW ? dyn_cast<LoadInst>(SW->getCondition()) : nullptr;
    if (!Cond || !IterationSlots.count(Cond->getPointerOperand()))
      continue;
    for (auto &Case : SW->cases())
      Cases.insert(Case.getCaseSuccessor());
  }
  for (BasicBlock *BB : Cases) {
    IRBuilder<> IRB(&*BB->getFirstInsertionPt());
    if (auto *SP = F.getSubprogram()) // calls in functions with debug info need a location
      IRB.SetCurrentDebugLocation(DILocation::get(F.getContext(), 0, 0, SP));
    IRB.CreateCall(Marker, {});
  }
  return !Cases.empty();
}

} // namespace

PreservedAnalyses MarkSectionsPass::run(Module &M, ModuleAnalysisManager &) {
  FunctionCallee Marker = RuntimeHooks(M).SectionBegin;
  bool Changed = false;
  for (Function &F : M)
    if (!F.isDeclaration())
      Changed |= markFunction(F, Marker);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ompracer
