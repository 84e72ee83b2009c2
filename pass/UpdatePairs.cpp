#include "UpdatePairs.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace ompracer {

namespace {

// Whether I may stand between a pair's load and store (UpdatePairs.h).
bool neutralBetween(const Instruction &I) {
  if (isa<DbgInfoIntrinsic>(I))
    return true;
  return !isa<CallBase>(I) && !I.mayReadOrWriteMemory() && !I.isAtomic() &&
         isGuaranteedToTransferExecutionToSuccessor(&I);
}

// The store of LI's pair, or null.
StoreInst *pairedStore(LoadInst &LI, const DataLayout &DL) {
  if (!LI.isSimple() || LI.getType()->isPointerTy())
    return nullptr;
  TypeSize Size = DL.getTypeStoreSize(LI.getType());
  if (Size.isScalable() || (Size.getFixedValue() != 4 && Size.getFixedValue() != 8))
    return nullptr;
  for (Instruction *I = LI.getNextNode(); I; I = I->getNextNode()) {
    if (auto *SI = dyn_cast<StoreInst>(I)) {
      bool Same = SI->isSimple() && SI->getPointerOperand() == LI.getPointerOperand() &&
                  DL.getTypeStoreSize(SI->getValueOperand()->getType()) == Size;
      return Same ? SI : nullptr;
    }
    if (!neutralBetween(*I))
      return nullptr;
  }
  return nullptr;
}

} // namespace

DenseMap<LoadInst *, StoreInst *> planUpdatePairs(Function &F,
                                                  function_ref<bool(Instruction &)> Wanted) {
  DenseMap<LoadInst *, StoreInst *> Pairs;
  const DataLayout &DL = F.getParent()->getDataLayout();
  for (Instruction &I : instructions(F)) {
    auto *LI = dyn_cast<LoadInst>(&I);
    if (!LI || !Wanted(*LI))
      continue;
    if (StoreInst *SI = pairedStore(*LI, DL); SI && Wanted(*SI))
      Pairs[LI] = SI;
  }
  return Pairs;
}

} // namespace ompracer
