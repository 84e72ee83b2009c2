#include "IterationBatches.h"
#include "LoopRanges.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

namespace ompracer {
namespace {

// The loop's only iteration marker, when everything else in it keeps the strand
// (LoopRanges.h: no other call, no fence, atomic or alloca); null otherwise.
CallBase *onlyMarker(const Loop &L, function_ref<bool(const CallBase &)> IsMarker) {
  CallBase *Marker = nullptr;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      auto *CB = dyn_cast<CallBase>(&I);
      if (CB && IsMarker(*CB) && !Marker)
        Marker = CB;
      else if (!keepsStrand(I))
        return nullptr;
    }
  return Marker;
}

// An innermost loop left only at the end of its latch, whose marker runs in every
// iteration: once entered, each block that dominates the latch runs in every iteration.
CallBase *candidateMarker(const Loop &L, const DominatorTree &DT,
                          function_ref<bool(const CallBase &)> IsMarker) {
  const BasicBlock *Latch = L.getLoopLatch();
  if (!L.isInnermost() || !Latch || L.getExitingBlock() != Latch)
    return nullptr;
  CallBase *Marker = onlyMarker(L, IsMarker);
  return Marker && DT.dominates(Marker->getParent(), Latch) ? Marker : nullptr;
}

// The marker's logical iteration in the loop's first iteration, as a SCEV, when
// iteration k says that plus k modulo 2^32 (the runtime keeps 32 bits of it: the tag);
// null otherwise. MarkLoops passes the iteration variable (zero-extended or masked):
// its low 32 bits are an add recurrence with step 1.
const SCEV *firstIteration(const CallBase &Marker, const Loop &L, ScalarEvolution &SE) {
  Value *Arg = Marker.getArgOperand(0);
  if (!Arg->getType()->isIntegerTy() || Arg->getType()->getIntegerBitWidth() < 32)
    return nullptr;
  const SCEV *Low = SE.getTruncateExpr(SE.getSCEV(Arg), Type::getInt32Ty(Arg->getContext()));
  const auto *AR = dyn_cast<SCEVAddRecExpr>(Low);
  if (!AR || AR->getLoop() != &L || !AR->isAffine())
    return nullptr;
  const auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
  if (!Step || !Step->getValue()->isOne())
    return nullptr;
  return SE.getZeroExtendExpr(AR->getStart(), Type::getInt64Ty(Arg->getContext()));
}

// Loads of a loop-invariant address that no store of the loop may overwrite, in
// blocks that run in every iteration: they read the same value in every iteration
// (the marker, the loop's only call, writes no memory of the program), so a copy in
// the preheader reads it too. An address the loop computes from such a load (a shared
// pointer variable read in each iteration, since the opaque markers keep clang from
// hoisting it) is then affine in the loop. Maps each load to its copy's SCEV; a racing
// write to the loaded variable is reported as such (the load stays checked in every
// iteration), and the batch then used the value read before the loop.
ValueToSCEVMapTy copyInvariantLoads(const Loop &L, Instruction *At, const DominatorTree &DT,
                                    AAResults &AA, ScalarEvolution &SE,
                                    SmallVectorImpl<Instruction *> &Copies) {
  ValueToSCEVMapTy Map;
  SmallVector<StoreInst *, 8> Stores;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (auto *SI = dyn_cast<StoreInst>(&I))
        Stores.push_back(SI);
  for (BasicBlock *BB : L.blocks()) {
    if (!DT.dominates(BB, L.getLoopLatch()))
      continue;
    for (Instruction &I : *BB) {
      auto *LI = dyn_cast<LoadInst>(&I);
      if (!LI || !LI->isSimple() || !L.isLoopInvariant(LI->getPointerOperand()))
        continue;
      MemoryLocation Loc = MemoryLocation::get(LI);
      if (any_of(Stores,
                 [&](StoreInst *SI) { return !AA.isNoAlias(MemoryLocation::get(SI), Loc); }))
        continue;
      Instruction *Copy = LI->clone();
      Copy->setName("ompracer.invariant");
      Copy->insertBefore(At);
      Copies.push_back(Copy);
      Map[LI] = SE.getUnknown(Copy);
    }
  }
  return Map;
}

struct PlannedAccess {
  Instruction *I;
  const SCEV *Start, *Step;
  uint64_t Size;
  bool IsWrite;
};

// Start and step of one checked access, or false when its address is not affine in L
// with a loop-invariant step, or its size is not fixed.
bool planAccess(Instruction &I, const Loop &L, ScalarEvolution &SE, const DataLayout &DL,
                ValueToSCEVMapTy &Invariant, PlannedAccess &P) {
  Access A = accessOf(I, DL);
  if (!A.Size)
    return false;
  const SCEV *Ptr = SCEVParameterRewriter::rewrite(SE.getSCEV(A.Ptr), SE, Invariant);
  Type *I64 = Type::getInt64Ty(I.getContext());
  P = {&I, Ptr, SE.getZero(I64), A.Size, A.IsWrite};
  if (SE.isLoopInvariant(Ptr, &L))
    return true;
  const auto *AR = dyn_cast<SCEVAddRecExpr>(Ptr);
  if (!AR || AR->getLoop() != &L || !AR->isAffine())
    return false;
  const SCEV *Step = AR->getStepRecurrence(SE);
  if (!SE.isLoopInvariant(Step, &L) || Step->getType()->getIntegerBitWidth() > 64)
    return false;
  P.Start = AR->getStart();
  P.Step = SE.getTruncateOrSignExtend(Step, I64);
  return true;
}

// The loop's checked accesses in the order an iteration makes them, or false if one
// does not qualify (IterationBatches.h). The blocks that hold them dominate the latch,
// so they form one chain of the dominator tree: its levels order them.
bool planAccesses(const Loop &L, const CallBase &Marker, const DominatorTree &DT,
                  ScalarEvolution &SE, const DataLayout &DL,
                  function_ref<bool(Instruction &)> Wanted, ValueToSCEVMapTy &Invariant,
                  SmallVectorImpl<PlannedAccess> &Out) {
  SmallVector<BasicBlock *, 8> Blocks(L.blocks());
  llvm::sort(Blocks, [&](BasicBlock *A, BasicBlock *B) {
    return DT.getNode(A)->getLevel() < DT.getNode(B)->getLevel();
  });
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : *BB) {
      if (!isa<LoadInst, StoreInst>(I) || !Wanted(I))
        continue;
      PlannedAccess P;
      if (Out.size() == MaxBatchAccesses || !DT.dominates(&Marker, &I) ||
          !DT.dominates(BB, L.getLoopLatch()) || !planAccess(I, L, SE, DL, Invariant, P))
        return false;
      Out.push_back(P);
    }
  return !Out.empty();
}

// The block the loop leaves to (only from its latch, IterationBatches.h), when the
// latch ends in a two-way branch.
BasicBlock *exitOfLatch(const Loop &L) {
  auto *Br = dyn_cast<BranchInst>(L.getLoopLatch()->getTerminator());
  if (!Br || !Br->isConditional())
    return nullptr;
  for (BasicBlock *Succ : Br->successors())
    if (!L.contains(Succ))
      return Succ;
  return nullptr;
}

// A counter of the loop's iterations, read on its way out: its value leaving the latch.
// (Scalar evolution cannot count them itself: the bound is reloaded in every
// iteration, and the loads are not invariant for it while the marker is in the loop.)
Value *countIterations(const Loop &L) {
  BasicBlock *Header = L.getHeader(), *Latch = L.getLoopLatch();
  Type *I64 = Type::getInt64Ty(Header->getContext());
  PHINode *Done = PHINode::Create(I64, 2, "ompracer.iterations", Header->getFirstNonPHI());
  auto *Next = BinaryOperator::CreateNUWAdd(Done, ConstantInt::get(I64, 1),
                                            "ompracer.iterations.next", Latch->getTerminator());
  Done->addIncoming(ConstantInt::get(I64, 0), L.getLoopPreheader());
  Done->addIncoming(Next, Latch);
  return Next;
}

bool safeToExpand(SCEVExpander &E, Instruction *At, std::initializer_list<const SCEV *> Ss) {
  for (const SCEV *S : Ss)
    if (!E.isSafeToExpandAt(S, At))
      return false;
  return true;
}

} // namespace

std::vector<IterationBatch> planIterationBatches(Function &F, FunctionAnalysisManager &FAM,
                                                 function_ref<bool(Instruction &)> Wanted,
                                                 function_ref<bool(const CallBase &)> IsMarker) {
  std::vector<IterationBatch> Batches;
  if (FAM.getResult<LoopAnalysis>(F).empty())
    return Batches;
  givePreheaders(F, FAM, [&](const Loop &L, const DominatorTree &DT) {
    return candidateMarker(L, DT, IsMarker) != nullptr;
  });
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &AA = FAM.getResult<AAManager>(F);
  const DataLayout &DL = F.getParent()->getDataLayout();
  Type *I64 = Type::getInt64Ty(F.getContext());
  SCEVExpander Expander(SE, DL, "ompracer.batch");
  for (Loop *L : LI.getLoopsInPreorder()) {
    CallBase *Marker = candidateMarker(*L, DT, IsMarker);
    if (!Marker || !L->getLoopPreheader())
      continue;
    const SCEV *First = firstIteration(*Marker, *L, SE);
    BasicBlock *Exit = exitOfLatch(*L);
    if (!First || !Exit)
      continue;
    Instruction *At = L->getLoopPreheader()->getTerminator();
    SmallVector<Instruction *, 4> Copies;
    ValueToSCEVMapTy Invariant = copyInvariantLoads(*L, At, DT, AA, SE, Copies);
    SmallVector<PlannedAccess, 8> Planned;
    bool Safe = planAccesses(*L, *Marker, DT, SE, DL, Wanted, Invariant, Planned) &&
                safeToExpand(Expander, At, {First});
    for (const PlannedAccess &P : Planned)
      Safe = Safe && safeToExpand(Expander, At, {P.Start, P.Step});
    if (!Safe) {
      for (Instruction *Copy : Copies)
        Copy->eraseFromParent();
      continue;
    }
    Value *FirstValue = Expander.expandCodeFor(First, I64, At);
    Value *Count = countIterations(*L);
    BasicBlock *After = SplitEdge(L->getLoopLatch(), Exit, &DT, &LI);
    IterationBatch B{After->getTerminator(), FirstValue, Count, Marker, {}};
    for (const PlannedAccess &P : Planned)
      B.Accesses.push_back(
          {P.I, Expander.expandCodeFor(P.Start, PointerType::getUnqual(F.getContext()), At),
           Expander.expandCodeFor(P.Step, I64, At), P.Size, P.IsWrite});
    // Unused copies (the bound's, say: the counter counts instead) go; a copy can be an
    // access's start itself, used only once the batch is emitted.
    for (Instruction *Copy : Copies)
      if (Copy->use_empty() && none_of(B.Accesses, [&](const BatchedAccess &A) {
            return A.Start == Copy || A.Step == Copy;
          }))
        Copy->eraseFromParent();
    Batches.push_back(std::move(B));
  }
  if (!Batches.empty()) // new blocks and a counter in each batched loop
    FAM.invalidate(F, PreservedAnalyses::none());
  return Batches;
}

} // namespace ompracer
