#include "PollingReads.h"
#include "OpenMPLowering.h"

#include "ompracer/hooks.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstrTypes.h"

#include <optional>

using namespace llvm;

namespace ompracer {

Value *criticalLockArg(const CallBase &CB, bool &Entry) {
  StringRef Name = calleeName(CB);
  Entry = Name == "__kmpc_critical" || Name == "__kmpc_critical_with_hint";
  if ((!Entry && Name != "__kmpc_end_critical") || CB.arg_size() < 3)
    return nullptr;
  return CB.getArgOperand(2);
}

namespace {

// The locks of the critical sections that Loop enters (clang's lock variables).
SmallVector<GlobalVariable *, 2> criticalLocks(const Loop &L) {
  SmallVector<GlobalVariable *, 2> Locks;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      bool Entry = false;
      auto *CB = dyn_cast<CallBase>(&I);
      Value *Lock = CB ? criticalLockArg(*CB, Entry) : nullptr;
      if (auto *GV = Lock && Entry ? dyn_cast<GlobalVariable>(Lock->stripPointerCasts()) : nullptr;
          GV && !is_contained(Locks, GV))
        Locks.push_back(GV);
    }
  return Locks;
}

// A conditional branch tests Cmp, or a select chooses by it (at -O1 a flag set in an
// if becomes a select that the loop's exit test reads).
bool decidesBranch(const ICmpInst &Cmp) {
  return any_of(Cmp.users(), [&](const User *U) {
    const auto *Br = dyn_cast<BranchInst>(U);
    const auto *Sel = dyn_cast<SelectInst>(U);
    return (Br && Br->isConditional()) || (Sel && Sel->getCondition() == &Cmp);
  });
}

// Whether a conditional branch tests V (an i1).
bool branchOn(const Value &V) {
  return any_of(V.users(), [](const User *U) {
    const auto *Br = dyn_cast<BranchInst>(U);
    return Br && Br->isConditional();
  });
}

// How a branch tests the loaded value: through at most a truncation and then an
// extension, an icmp with a constant that a conditional branch (or a select) reads, or
// a branch on the value itself when it is an i1.
std::optional<PollingRead> branchTest(LoadInst &Load) {
  auto *LoadTy = dyn_cast<IntegerType>(Load.getType());
  if (!LoadTy || LoadTy->getBitWidth() > 64 || Load.isAtomic() || Load.isVolatile())
    return std::nullopt;
  unsigned Loaded = LoadTy->getBitWidth();
  for (User *U : Load.users()) {
    Value *V = &Load;
    Instruction *I = cast<Instruction>(U);
    unsigned Kept = Loaded;
    bool Sext = false;
    if (auto *Tr = dyn_cast<TruncInst>(I)) {
      Kept = Tr->getType()->getIntegerBitWidth();
      V = Tr;
      I = Tr->hasOneUse() ? cast<Instruction>(*Tr->user_begin()) : nullptr;
    }
    if (auto *Ext = dyn_cast_or_null<CastInst>(I); Ext && isa<ZExtInst, SExtInst>(Ext)) {
      Sext = isa<SExtInst>(Ext);
      V = Ext;
      I = Ext->hasOneUse() ? cast<Instruction>(*Ext->user_begin()) : nullptr;
    }
    unsigned Width = V->getType()->getIntegerBitWidth();
    if (Width == 1 && branchOn(*V)) // at -O2 a _Bool flag, which several branches may test
      return PollingRead{&Load, 0,  // "!= 0"
                         OMPRACER_BRANCH_HOW(Loaded, Kept, 1, false,
                                             unsigned(CmpInst::ICMP_NE) -
                                                 unsigned(CmpInst::FIRST_ICMP_PREDICATE))};
    auto *Cmp = dyn_cast_or_null<ICmpInst>(I);
    if (!Cmp || !decidesBranch(*Cmp) || Width > 64)
      continue;
    bool LeftIsValue = Cmp->getOperand(0) == V;
    auto *K = dyn_cast<ConstantInt>(Cmp->getOperand(LeftIsValue ? 1 : 0));
    if (!K)
      continue;
    CmpInst::Predicate Pred = LeftIsValue ? Cmp->getPredicate() : Cmp->getSwappedPredicate();
    return PollingRead{
        &Load, K->getZExtValue(),
        OMPRACER_BRANCH_HOW(Loaded, Kept, Width, Sext,
                            unsigned(Pred) - unsigned(CmpInst::FIRST_ICMP_PREDICATE))};
  }
  return std::nullopt;
}

} // namespace

PollingReads findPollingReads(Function &F, FunctionAnalysisManager &FAM) {
  PollingReads Found;
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  if (LI.empty())
    return Found;
  for (BasicBlock &BB : F) {
    Loop *L = LI.getLoopFor(&BB);
    if (!L)
      continue;
    SmallVector<GlobalVariable *, 2> Locks;
    for (Instruction &I : BB) {
      auto *Load = dyn_cast<LoadInst>(&I);
      std::optional<PollingRead> Read = Load ? branchTest(*Load) : std::nullopt;
      if (!Read)
        continue;
      if (Locks.empty())
        Locks = criticalLocks(*L);
      if (Locks.empty())
        break;
      Found.Reads.push_back(*Read);
      for (GlobalVariable *GV : Locks)
        if (!is_contained(Found.Locks, GV))
          Found.Locks.push_back(GV);
    }
  }
  return Found;
}

} // namespace ompracer
