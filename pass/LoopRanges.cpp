#include "LoopRanges.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

namespace ompracer {

// Whether running I leaves the loop on the strand, lockset and iteration tag it
// started with. Any call may reach OpenMP (a task, a barrier, a lock, an iteration
// marker), an alloca makes fresh memory, a fence or an atomic may be synchronisation:
// a loop with any of them keeps its per-access checks.
bool keepsStrand(const Instruction &I) {
  if (isa<AllocaInst, FenceInst, AtomicRMWInst, AtomicCmpXchgInst>(I))
    return false;
  if (const auto *LI = dyn_cast<LoadInst>(&I))
    return LI->isSimple();
  if (const auto *SI = dyn_cast<StoreInst>(&I))
    return SI->isSimple();
  if (const auto *II = dyn_cast<IntrinsicInst>(&I))
    return isa<DbgInfoIntrinsic>(II) || II->isLifetimeStartOrEnd() || II->isAssumeLikeIntrinsic() ||
           !II->mayReadOrWriteMemory();
  return !isa<CallBase>(I);
}

// Range and batch hooks go into a loop's preheader, which the end of the optimisation
// pipeline does not always leave (a rotated inner loop is often entered from a block
// that also skips it). The loops Wanted without one get one; the analyses of F are
// then recomputed.
void givePreheaders(Function &F, FunctionAnalysisManager &FAM,
                    function_ref<bool(const Loop &, const DominatorTree &)> Wanted) {
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  bool Changed = false;
  for (Loop *L : LI.getLoopsInPreorder())
    if (!L->getLoopPreheader() && Wanted(*L, DT))
      Changed |= InsertPreheaderForLoop(L, &DT, &LI, nullptr, false) != nullptr;
  if (Changed)
    FAM.invalidate(F, PreservedAnalyses::none());
}

Access accessOf(Instruction &I, const DataLayout &DL) {
  bool IsWrite = isa<StoreInst>(I);
  Type *Ty = IsWrite ? cast<StoreInst>(I).getValueOperand()->getType() : I.getType();
  TypeSize Size = DL.getTypeStoreSize(Ty);
  return {&I, getLoadStorePointerOperand(&I), Size.isScalable() ? 0 : Size.getFixedValue(),
          IsWrite};
}

namespace {

// A loop whose iterations all run on one strand and that is left only at the end of
// its latch: once entered, every block that dominates the latch runs in every
// iteration, the last one included.
bool loopQualifies(const Loop &L) {
  const BasicBlock *Latch = L.getLoopLatch();
  if (!Latch || L.getExitingBlock() != Latch)
    return false;
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      if (!keepsStrand(I))
        return false;
  return true;
}

// The accesses of one source access (one site, one kind) that move together through a
// loop: after unrolling and vectorisation one statement `a[i] = ...` is several
// stores at fixed offsets from one address that moves by Step per iteration. Each
// member touches [Start + Offset, + Size) in the first iteration.
struct Group {
  const SCEV *Start;
  int64_t Step;
  bool IsWrite;
  const DILocation *Loc;
  struct Member {
    int64_t Offset; // from Start
    uint64_t Size;
    Instruction *I;
    bool operator<(const Member &O) const { return Offset < O.Offset; }
  };
  SmallVector<Member, 4> Members;
};

// Adds an access whose address is {Start,+,Step} to the group it belongs to, or to a
// new one; false (the access stays checked per access) if the address is not affine.
bool addToGroups(const Access &A, const Loop &L, ScalarEvolution &SE,
                 SmallVectorImpl<Group> &Groups) {
  const SCEV *Ptr = SE.getSCEV(A.Ptr);
  int64_t Step = 0;
  const SCEV *Start = Ptr;
  if (!SE.isLoopInvariant(Ptr, &L)) {
    const auto *AR = dyn_cast<SCEVAddRecExpr>(Ptr);
    if (!AR || AR->getLoop() != &L || !AR->isAffine())
      return false;
    const auto *C = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
    if (!C || C->getAPInt().getSignificantBits() > 48)
      return false;
    Step = C->getAPInt().getSExtValue();
    Start = AR->getStart();
  }
  const DILocation *Loc = A.I->getDebugLoc().get();
  for (Group &G : Groups) {
    if (G.Step != Step || G.IsWrite != A.IsWrite || G.Loc != Loc)
      continue;
    const auto *Off = dyn_cast<SCEVConstant>(SE.getMinusSCEV(Start, G.Start));
    if (!Off || Off->getAPInt().getSignificantBits() > 48)
      continue;
    G.Members.push_back({Off->getAPInt().getSExtValue(), A.Size, A.I});
    return true;
  }
  Groups.push_back({Start, Step, A.IsWrite, Loc, {{0, A.Size, A.I}}});
  return true;
}

// The group's bytes over all iterations. Its members must touch one contiguous run
// [Start + Low, + Width) in the first iteration; iteration k touches the run moved by
// k * Step. With Width >= |Step| the runs form one contiguous range; otherwise they
// are Trips strided runs. A loop-invariant group (Step 0) is its widest member.
struct GroupBytes {
  const SCEV *Start, *Bytes;
  const SCEV *Count = nullptr, *Stride = nullptr;
};

std::optional<GroupBytes> bytesOf(Group &G, ScalarEvolution &SE, const SCEV *Trips) {
  Type *I64 = Trips->getType();
  llvm::sort(G.Members);
  int64_t Low = G.Members[0].Offset, Reach = Low;
  for (const Group::Member &M : G.Members) {
    if (M.Offset > Reach)
      return std::nullopt; // a gap inside one iteration's bytes
    Reach = std::max(Reach, M.Offset + int64_t(M.Size));
  }
  int64_t Width = Reach - Low, Stride = G.Step > 0 ? G.Step : -G.Step;
  const SCEV *First = SE.getAddExpr(G.Start, SE.getConstant(I64, Low, true));
  if (!G.Step)
    return GroupBytes{First, SE.getConstant(I64, Width)};
  const SCEV *Span = SE.getMulExpr(SE.getMinusSCEV(Trips, SE.getOne(I64)),
                                   SE.getConstant(I64, Stride)); // first run to last
  if (G.Step < 0) // the last iteration's run is the lowest
    First = SE.getAddExpr(First, SE.getNegativeSCEV(Span));
  if (Width >= Stride)
    return GroupBytes{First, SE.getAddExpr(Span, SE.getConstant(I64, Width))};
  return GroupBytes{First, SE.getConstant(I64, Width), Trips, SE.getConstant(I64, Stride)};
}

bool safeToExpand(SCEVExpander &E, const GroupBytes &R, Instruction *At) {
  return E.isSafeToExpandAt(R.Start, At) && E.isSafeToExpandAt(R.Bytes, At) &&
         (!R.Count || (E.isSafeToExpandAt(R.Count, At) && E.isSafeToExpandAt(R.Stride, At)));
}

// Plans the hook of one group (on its first member; the others are covered by it);
// false if its bytes do not qualify.
bool planGroup(Group &G, ScalarEvolution &SE, const SCEV *Trips, SCEVExpander &Expander,
               Instruction *At, DenseMap<Instruction *, LoopRange> &Plan) {
  auto R = bytesOf(G, SE, Trips);
  if (!R || !safeToExpand(Expander, *R, At))
    return false;
  Type *I64 = Trips->getType();
  LoopRange &Range = Plan[G.Members[0].I];
  Range.Start = Expander.expandCodeFor(R->Start, PointerType::getUnqual(At->getContext()), At);
  Range.Bytes = Expander.expandCodeFor(R->Bytes, I64, At);
  if (R->Count) {
    Range.Count = Expander.expandCodeFor(R->Count, I64, At);
    Range.Stride = Expander.expandCodeFor(R->Stride, I64, At);
  }
  Range.InsertBefore = At;
  for (const Group::Member &M : drop_begin(G.Members))
    Plan[M.I] = LoopRange(); // covered by the first member's bytes
  return true;
}

} // namespace

DenseMap<Instruction *, LoopRange> planLoopRanges(Function &F, FunctionAnalysisManager &FAM,
                                                  function_ref<bool(Instruction &)> Wanted) {
  DenseMap<Instruction *, LoopRange> Plan;
  if (FAM.getResult<LoopAnalysis>(F).empty())
    return Plan;
  givePreheaders(F, FAM, [](const Loop &L, const DominatorTree &) { return loopQualifies(L); });
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  const DataLayout &DL = F.getParent()->getDataLayout();
  Type *I64 = Type::getInt64Ty(F.getContext());
  SCEVExpander Expander(SE, DL, "ompracer.range");
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (!L->getLoopPreheader() || !loopQualifies(*L))
      continue;
    const SCEV *Taken = SE.getBackedgeTakenCount(L);
    if (isa<SCEVCouldNotCompute>(Taken) || Taken->getType()->getIntegerBitWidth() > 64)
      continue;
    const SCEV *Trips = SE.getAddExpr(SE.getZeroExtendExpr(Taken, I64), SE.getOne(I64));
    Instruction *At = L->getLoopPreheader()->getTerminator();
    SmallVector<Group, 8> Groups;
    for (BasicBlock *BB : L->blocks()) {
      if (LI.getLoopFor(BB) != L)
        continue; // a subloop's access: its own loop decides
      bool EveryIteration = DT.dominates(BB, L->getLoopLatch());
      for (Instruction &I : *BB) {
        if (!isa<LoadInst, StoreInst>(I) || !Wanted(I))
          continue;
        Access A = accessOf(I, DL);
        if (EveryIteration && A.Size)
          addToGroups(A, *L, SE, Groups); // else (or if not affine) checked per access
      }
    }
    for (Group &G : Groups) {
      if (planGroup(G, SE, Trips, Expander, At, Plan) || G.Members.size() == 1)
        continue;
      // Copies with gaps between them (a stride of two elements, unrolled): each copy
      // is a strided access of its own.
      for (const Group::Member &M : G.Members) {
        Group One = G;
        One.Start = SE.getAddExpr(G.Start, SE.getConstant(I64, M.Offset, true));
        One.Members = {{0, M.Size, M.I}};
        planGroup(One, SE, Trips, Expander, At, Plan);
      }
    }
  }
  return Plan;
}

} // namespace ompracer
