#include "LoopRanges.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"
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

// A loop whose iterations all run on one strand, with one latch.
bool staysOnStrand(const Loop &L) {
  if (!L.getLoopLatch())
    return false;
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      if (!keepsStrand(I))
        return false;
  return true;
}

// How a loop that stays on its strand is checked (LoopRanges.h): before it, when it is
// left only at the end of its latch after a count of iterations known before it; else
// on its exit edges, when they can be given code of their own (conditional branches)
// and scalar evolution bounds its count or it polls no fixed location
// (pollsFixedLocation).
enum class Where { Nowhere, Preheader, ExitEdges };

// Whether a walk back from the conditions of the loop's exiting branches, through
// the operands of the loop's instructions that Follow accepts, meets a load that Hit
// accepts.
bool exitsReachLoad(const Loop &L, ArrayRef<BasicBlock *> Exiting,
                    function_ref<bool(const Instruction &)> Follow,
                    function_ref<bool(const LoadInst &)> Hit) {
  SmallVector<const Value *, 16> Work;
  for (BasicBlock *X : Exiting)
    if (auto *Br = dyn_cast<BranchInst>(X->getTerminator()); Br && Br->isConditional())
      Work.push_back(Br->getCondition());
  SmallPtrSet<const Value *, 32> Seen;
  while (!Work.empty()) {
    const auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    if (!I || !L.contains(I) || !Seen.insert(I).second)
      continue;
    if (const auto *Load = dyn_cast<LoadInst>(I); Load && Hit(*Load))
      return true;
    if (Follow(*I))
      for (const Value *Op : I->operands())
        Work.push_back(Op);
  }
  return false;
}

// Whether the loop's exits depend on a value it loads, in the loop, from an address
// that does not change in it: a spin on a flag (`while (!*done) log[n++] = 1;`)
// that only another thread can end, which keeps its per-access checks. Any other loop
// without a bound scalar evolution can state (a merge whose indexes move by 0 or 1 an
// iteration, a search through a string) ends or not whatever the checks do, and its
// ranges, checked on the edge it leaves by, are exactly its accesses; only a run ended
// from elsewhere while such a loop still runs (another thread's exit, a fatal signal)
// loses its iterations' checks.
bool pollsFixedLocation(const Loop &L, ArrayRef<BasicBlock *> Exiting, ScalarEvolution &SE) {
  return exitsReachLoad(
      L, Exiting, [](const Instruction &) { return true; },
      [&](const LoadInst &Load) {
        return SE.isLoopInvariant(SE.getSCEV(const_cast<Value *>(Load.getPointerOperand())), &L);
      });
}

// Whether an exit of the loop compares a value the loop loads (through casts, phis,
// selects and the branch's own logic, not through arithmetic): a search, left when
// the data says (a partition's scan `while (*p > pivot) p--`, a merge's run of one
// input, `while (s[n]) n++`), whose length is the data's and often a few iterations,
// where checks on the exit edge cost more than the per-access ones they replace (BOTS
// sort, docs/design.md). A loop left when an index reaches a bound (a merge's `i < na`,
// whatever moves the index) runs as long as its bound says. Only for loops without a
// bound scalar evolution can state: a cost rule, not a correctness one.
bool comparesLoadedValue(const Loop &L, ArrayRef<BasicBlock *> Exiting) {
  return exitsReachLoad(
      L, Exiting,
      [](const Instruction &I) {
        return isa<CmpInst, CastInst, PHINode, SelectInst>(I) ||
               (I.getType()->isIntegerTy(1) && I.isBitwiseLogicOp());
      },
      [](const LoadInst &) { return true; });
}

Where whereChecked(const Loop &L, ScalarEvolution &SE) {
  if (!staysOnStrand(L))
    return Where::Nowhere;
  auto Fits = [](const SCEV *Count) {
    return !isa<SCEVCouldNotCompute>(Count) && Count->getType()->getIntegerBitWidth() <= 64;
  };
  if (L.getExitingBlock() == L.getLoopLatch() && Fits(SE.getBackedgeTakenCount(&L)))
    return Where::Preheader;
  SmallVector<BasicBlock *, 4> Exiting;
  L.getExitingBlocks(Exiting);
  for (BasicBlock *X : Exiting)
    if (!isa<BranchInst>(X->getTerminator()))
      return Where::Nowhere;
  if (Exiting.empty())
    return Where::Nowhere;
  if (Fits(SE.getSymbolicMaxBackedgeTakenCount(&L)))
    return Where::ExitEdges;
  return pollsFixedLocation(L, Exiting, SE) || comparesLoadedValue(L, Exiting) ? Where::Nowhere
                                                                               : Where::ExitEdges;
}

// Whether the accesses of BB run in every iteration the loop runs to its end, and
// either run or not in the one it leaves from, by the exit it takes: BB dominates the
// latch, and each exiting block either comes after BB in every iteration or before it.
bool runsEveryIteration(const BasicBlock *BB, const Loop &L, ArrayRef<BasicBlock *> Exiting,
                        const DominatorTree &DT) {
  return DT.dominates(BB, L.getLoopLatch()) && all_of(Exiting, [&](const BasicBlock *X) {
           return DT.dominates(BB, X) || DT.dominates(X, BB);
         });
}

// The accesses of one source access (one site, one kind) that move together through a
// loop: after unrolling and vectorisation one statement `a[i] = ...` is several
// stores at fixed offsets from one address that moves by Step per iteration. Each
// member touches [Start + Offset, + Size) in the first iteration. A step known only at
// run time (a column of a matrix whose row length is a variable: `a[k * n + j]` over
// k) is RunStep, with Step 0; its sign is not known, so its bytes are always a strided
// access, one run per iteration.
struct Group {
  const SCEV *Start;
  int64_t Step;
  const SCEV *RunStep; // null: the step is Step
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

// Pointers that a loop moves through integer casts: a header phi P whose value from
// the latch is inttoptr(ptrtoint(P) + Step), Step loop-invariant (BOTS strassen's
// `B = (REAL *)((PTR)B + RowWidthInBytes)`, each iteration a row further). Scalar
// evolution does not follow the casts and calls P unknown; as an address P is
// {Start,+,Step}, and the cast value is the same one step ahead (both modulo 2^64,
// as the integer additions are). Maps both to those recurrences, for addressOf.
ValueToSCEVMapTy castRecurrences(const Loop &L, ScalarEvolution &SE) {
  ValueToSCEVMapTy Map;
  BasicBlock *Pre = L.getLoopPreheader(), *Latch = L.getLoopLatch();
  if (!Pre || !Latch)
    return Map;
  for (PHINode &P : L.getHeader()->phis()) {
    if (!P.getType()->isPointerTy() || P.getNumIncomingValues() != 2 ||
        !isa<SCEVUnknown>(SE.getSCEV(&P)))
      continue;
    auto *Next = dyn_cast<IntToPtrInst>(P.getIncomingValueForBlock(Latch));
    if (!Next || !Next->getSrcTy()->isIntegerTy(64))
      continue;
    const SCEV *Step = SE.getMinusSCEV(SE.getSCEV(Next->getOperand(0)),
                                       SE.getPtrToIntExpr(SE.getSCEV(&P), Next->getSrcTy()));
    if (isa<SCEVCouldNotCompute>(Step) || !SE.isLoopInvariant(Step, &L))
      continue;
    const SCEV *Start = SE.getSCEV(P.getIncomingValueForBlock(Pre));
    Map[&P] = SE.getAddRecExpr(Start, Step, &L, SCEV::FlagAnyWrap);
    Map[Next] = SE.getAddRecExpr(SE.getAddExpr(Start, Step), Step, &L, SCEV::FlagAnyWrap);
  }
  return Map;
}

// The address of an access as scalar evolution can follow it: an address computed as
// an integer and cast to a pointer (`(double *)((uintptr_t)m + offset)`, BOTS
// strassen's loops) is the integer, which scalar evolution sees through where it does
// not see through the cast; and the loop's cast recurrences (castRecurrences) replace
// the unknowns they stand for (the address is then an integer: a pointer and an
// integer do not subtract, and the loop's other addresses are likely integers too).
const SCEV *addressOf(Value *Ptr, ScalarEvolution &SE, ValueToSCEVMapTy &Casts) {
  const SCEV *S = SE.getSCEV(Ptr);
  if (auto *Cast = dyn_cast<IntToPtrInst>(Ptr))
    if (Cast->getSrcTy()->isIntegerTy(64))
      S = SE.getSCEV(Cast->getOperand(0));
  if (Casts.empty())
    return S;
  const SCEV *R = SCEVParameterRewriter::rewrite(S, SE, Casts);
  if (R == S || !R->getType()->isPointerTy())
    return R;
  return SE.getPtrToIntExpr(R, Type::getInt64Ty(Ptr->getContext()));
}

// Adds an access whose address is {Start,+,Step} to the group it belongs to, or to a
// new one; false (the access stays checked per access) if the address is not affine.
bool addToGroups(const Access &A, const Loop &L, ScalarEvolution &SE, ValueToSCEVMapTy &Casts,
                 SmallVectorImpl<Group> &Groups) {
  const SCEV *Ptr = addressOf(A.Ptr, SE, Casts);
  int64_t Step = 0;
  const SCEV *RunStep = nullptr;
  const SCEV *Start = Ptr;
  if (!SE.isLoopInvariant(Ptr, &L)) {
    const auto *AR = dyn_cast<SCEVAddRecExpr>(Ptr);
    if (!AR || AR->getLoop() != &L || !AR->isAffine())
      return false;
    const SCEV *S = AR->getStepRecurrence(SE);
    if (const auto *C = dyn_cast<SCEVConstant>(S)) {
      if (C->getAPInt().getSignificantBits() > 48)
        return false;
      Step = C->getAPInt().getSExtValue();
    } else if (SE.isLoopInvariant(S, &L) && S->getType()->getIntegerBitWidth() == 64) {
      RunStep = S;
    } else {
      return false;
    }
    Start = AR->getStart();
  }
  const DILocation *Loc = A.I->getDebugLoc().get();
  for (Group &G : Groups) {
    if (G.Step != Step || G.RunStep != RunStep || G.IsWrite != A.IsWrite || G.Loc != Loc ||
        G.Start->getType() != Start->getType()) // a pointer and an integer do not subtract
      continue;
    const auto *Off = dyn_cast<SCEVConstant>(SE.getMinusSCEV(Start, G.Start));
    if (!Off || Off->getAPInt().getSignificantBits() > 48)
      continue;
    G.Members.push_back({Off->getAPInt().getSExtValue(), A.Size, A.I});
    return true;
  }
  Groups.push_back({Start, Step, RunStep, A.IsWrite, Loc, {{0, A.Size, A.I}}});
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

// One iteration's bytes of G's members, [Low, Reach) from G.Start, if they are one
// run without a gap.
std::optional<std::pair<int64_t, int64_t>> runOf(Group G) {
  if (G.Members.empty())
    return std::nullopt;
  llvm::sort(G.Members);
  int64_t Low = G.Members[0].Offset, Reach = Low;
  for (const Group::Member &M : G.Members) {
    if (M.Offset > Reach)
      return std::nullopt;
    Reach = std::max(Reach, M.Offset + int64_t(M.Size));
  }
  return std::pair{Low, Reach};
}

// MayBeNone: Trips may be 0 (members that the iteration a loop leaves from did not
// reach, on an exit taken in the first iteration): the bytes are then given as a
// strided access, whose count 0 checks nothing.
std::optional<GroupBytes> bytesOf(const Group &G, ScalarEvolution &SE, const SCEV *Trips,
                                  bool MayBeNone) {
  Type *I64 = Trips->getType();
  auto Run = runOf(G);
  if (!Run)
    return std::nullopt; // a gap inside one iteration's bytes
  auto [Low, Reach] = *Run;
  int64_t Width = Reach - Low, Stride = G.Step > 0 ? G.Step : -G.Step;
  const SCEV *First = SE.getAddExpr(G.Start, SE.getConstant(I64, Low, true));
  if (G.RunStep) // Trips runs RunStep apart, in the order the loop made them
    return GroupBytes{First, SE.getConstant(I64, Width), Trips, G.RunStep};
  if (!G.Step && MayBeNone) // once if it ran at all
    return GroupBytes{First, SE.getConstant(I64, Width), SE.getUMinExpr(Trips, SE.getOne(I64)),
                      SE.getZero(I64)};
  if (!G.Step)
    return GroupBytes{First, SE.getConstant(I64, Width)};
  const SCEV *Span = SE.getMulExpr(SE.getMinusSCEV(Trips, SE.getOne(I64)),
                                   SE.getConstant(I64, Stride)); // first run to last
  if (G.Step < 0) // the last iteration's run is the lowest
    First = SE.getAddExpr(First, SE.getNegativeSCEV(Span));
  if (Width >= Stride && !MayBeNone)
    return GroupBytes{First, SE.getAddExpr(Span, SE.getConstant(I64, Width))};
  return GroupBytes{First, SE.getConstant(I64, Width), Trips, SE.getConstant(I64, Stride)};
}

bool safeToExpand(SCEVExpander &E, const GroupBytes &R, Instruction *At) {
  return E.isSafeToExpandAt(R.Start, At) && E.isSafeToExpandAt(R.Bytes, At) &&
         (!R.Count || (E.isSafeToExpandAt(R.Count, At) && E.isSafeToExpandAt(R.Stride, At)));
}

// A place where a loop's ranges are checked, and how many iterations ran by then:
// the preheader (Exiting null) or an exit edge from Exiting, which the iteration the
// loop leaves from reached (and not the accesses after it).
struct Place {
  Instruction *At;
  const SCEV *Trips;
  BasicBlock *Exiting = nullptr;
};

// What one check covers at a place: some members of a group over some iterations, or
// bytes computed directly (Direct).
struct Part {
  Group G;
  const SCEV *Trips;
  bool MayBeNone;
  std::optional<GroupBytes> Direct = std::nullopt;
};

// Unrolled copies left early, when one iteration's bytes are one run exactly a step
// long and the copies the last iteration reached cover its leading part without a gap
// (the lowest bytes of a loop that moves up, the highest of one that moves down): the
// Done iterations before the last and that part are one contiguous range.
std::optional<GroupBytes> leadingRange(const Group &G, const Group &Ran, const SCEV *Done,
                                       ScalarEvolution &SE) {
  auto Run = runOf(G), RanRun = runOf(Ran);
  if (!Run || !RanRun)
    return std::nullopt;
  auto [Low, Reach] = *Run;
  auto [RanLow, RanReach] = *RanRun;
  int64_t Stride = G.Step > 0 ? G.Step : -G.Step;
  if (G.RunStep || !G.Step || Reach - Low != Stride ||
      (G.Step > 0 ? RanLow != Low : RanReach != Reach))
    return std::nullopt;
  Type *I64 = Done->getType();
  const SCEV *Before = SE.getMulExpr(Done, SE.getConstant(I64, Stride));
  if (G.Step > 0)
    return GroupBytes{SE.getAddExpr(G.Start, SE.getConstant(I64, Low, true)),
                      SE.getAddExpr(Before, SE.getConstant(I64, RanReach - Low))};
  return GroupBytes{SE.getAddExpr(SE.getAddExpr(G.Start, SE.getConstant(I64, RanLow, true)),
                                  SE.getNegativeSCEV(Before)),
                    SE.getAddExpr(Before, SE.getConstant(I64, Reach - RanLow))};
}

// The parts of G checked at P: all of G over every iteration, or, on an exit edge that
// leaves before some members (unrolled copies after an early exit), the members the
// last iteration reached over every iteration and the others over all but the last.
SmallVector<Part, 2> partsAt(const Group &G, const Place &P, ScalarEvolution &SE,
                             const DominatorTree &DT) {
  if (!P.Exiting)
    return {{G, P.Trips, false}};
  Group Ran = G, Before = G;
  Ran.Members.clear();
  Before.Members.clear();
  for (const Group::Member &M : G.Members)
    (DT.dominates(M.I->getParent(), P.Exiting) ? Ran : Before).Members.push_back(M);
  if (Before.Members.empty())
    return {{G, P.Trips, false}};
  const SCEV *AllButLast = SE.getMinusSCEV(P.Trips, SE.getOne(P.Trips->getType()));
  if (Ran.Members.empty())
    return {{Before, AllButLast, true}};
  if (auto Whole = leadingRange(G, Ran, AllButLast, SE))
    return {{G, P.Trips, false, Whole}};
  return {{Ran, P.Trips, false}, {Before, AllButLast, true}};
}

// Emits the code of each check (its bytes, before its instruction) into Range.
void expandChecks(ArrayRef<std::pair<GroupBytes, Instruction *>> Checks, SCEVExpander &Expander,
                  LoopRange &Range) {
  for (auto [R, At] : Checks) {
    Type *I64 = Type::getInt64Ty(At->getContext());
    RangeCheck Check;
    Check.Start = Expander.expandCodeFor(R.Start, PointerType::getUnqual(At->getContext()), At);
    Check.Bytes = Expander.expandCodeFor(R.Bytes, I64, At);
    if (R.Count) {
      Check.Count = Expander.expandCodeFor(R.Count, I64, At);
      Check.Stride = Expander.expandCodeFor(R.Stride, I64, At);
    }
    Check.InsertBefore = At;
    Range.Checks.push_back(Check);
  }
}

// Plans the checks of one group at each place (on its first member; the others are
// covered by it); false if its bytes do not qualify.
bool planGroup(Group &G, ScalarEvolution &SE, const DominatorTree &DT, ArrayRef<Place> Places,
               SCEVExpander &Expander, DenseMap<Instruction *, LoopRange> &Plan) {
  SmallVector<std::pair<GroupBytes, Instruction *>, 4> Checks;
  for (const Place &P : Places)
    for (Part &Pt : partsAt(G, P, SE, DT)) {
      auto R = Pt.Direct ? Pt.Direct : bytesOf(Pt.G, SE, Pt.Trips, Pt.MayBeNone);
      if (!R || !safeToExpand(Expander, *R, P.At))
        return false;
      Checks.push_back({*R, P.At});
    }
  expandChecks(Checks, Expander, Plan[G.Members[0].I]);
  for (const Group::Member &M : drop_begin(G.Members))
    Plan[M.I] = LoopRange(); // covered by the first member's bytes
  return true;
}

// A new block on the edge from Exiting (in a loop) to Exit (outside it), which other
// blocks enter too: Exit's phis take their value for the edge from it. Made by hand
// because LLVM's critical-edge splitting also gives the loop dedicated exit blocks,
// which would move the other exit edges of the loop.
BasicBlock *blockOnEdge(BasicBlock *Exiting, BasicBlock *Exit, DominatorTree &DT, LoopInfo &LI) {
  BasicBlock *Edge =
      BasicBlock::Create(Exit->getContext(), "ompracer.exit", Exit->getParent(), Exit);
  BranchInst::Create(Exit, Edge);
  Exiting->getTerminator()->replaceSuccessorWith(Exit, Edge);
  for (PHINode &Phi : Exit->phis())
    Phi.replaceIncomingBlockWith(Exiting, Edge);
  DT.addNewBlock(Edge, Exiting); // Exit's dominator is unchanged: Exiting dominates Edge
  Loop *Holder = LI.getLoopFor(Exit);
  while (Holder && !Holder->contains(Exiting))
    Holder = Holder->getParentLoop();
  if (Holder)
    Holder->addBasicBlockToLoop(Edge, LI);
  return Edge;
}

// The places on a loop's exit edges, before anything else on each (Trips: the
// iterations that ran, or null where no check needs them). An exit block entered from
// elsewhere too gets a block of its own on the edge.
SmallVector<Place, 4> exitEdgePlaces(Loop &L, DominatorTree &DT, LoopInfo &LI, const SCEV *Trips) {
  SmallVector<Loop::Edge, 4> Edges;
  L.getExitEdges(Edges);
  SmallVector<Place, 4> Places;
  for (auto [X, Exit] : Edges) {
    auto *ExitBlock = const_cast<BasicBlock *>(Exit);
    auto *Exiting = const_cast<BasicBlock *>(X);
    BasicBlock *Edge = ExitBlock->getSinglePredecessor() == Exiting
                           ? ExitBlock
                           : blockOnEdge(Exiting, ExitBlock, DT, LI);
    Places.push_back({&*Edge->getFirstInsertionPt(), Trips, Exiting});
  }
  return Places;
}

// The exit edges' places of a loop checked there: a counter of the iterations begun
// before the current one (a phi in the header, 0 from the preheader), and on each exit
// edge the iterations that ran: the counter plus one, the iteration the loop is left
// from.
SmallVector<Place, 4> exitPlaces(Loop &L, DominatorTree &DT, LoopInfo &LI, ScalarEvolution &SE) {
  BasicBlock *Header = L.getHeader(), *Latch = L.getLoopLatch(), *Pre = L.getLoopPreheader();
  Type *I64 = Type::getInt64Ty(Header->getContext());
  IRBuilder<> B(&Header->front());
  PHINode *Begun = B.CreatePHI(I64, 2, "ompracer.begun");
  B.SetInsertPoint(Latch->getTerminator());
  Value *Next = B.CreateNUWAdd(Begun, ConstantInt::get(I64, 1), "ompracer.begun.next");
  Begun->addIncoming(ConstantInt::get(I64, 0), Pre);
  Begun->addIncoming(Next, Latch);
  return exitEdgePlaces(L, DT, LI, SE.getAddExpr(SE.getUnknown(Begun), SE.getOne(I64)));
}

// SOMETIMES. An access at a loop-invariant address in a block that not every iteration
// runs (a shared variable read under a condition, which LICM may not hoist: the load
// might fault) touches the same bytes whenever its block runs, so over the loop it
// touches them once if the block ran at all, else not. It is checked on each exit
// edge, as one strided access of count 1 or 0 by a flag that says whether the block
// ran in any iteration so far (phis SSAUpdater makes: false from the preheader, true
// at the block's end). Copies of one source access are grouped only within one block,
// so that the flag says that each of them ran.
void planSometimes(Group &G, BasicBlock *Block, Loop &L, ArrayRef<Place> Edges, ScalarEvolution &SE,
                   SCEVExpander &Expander, DenseMap<Instruction *, LoopRange> &Plan) {
  auto Run = runOf(G);
  if (!Run)
    return; // a gap between the copies: each stays per access
  auto [Low, Reach] = *Run;
  LLVMContext &Ctx = Block->getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  const SCEV *First = SE.getAddExpr(G.Start, SE.getConstant(I64, Low, true));
  for (const Place &P : Edges)
    if (!Expander.isSafeToExpandAt(First, P.At))
      return;
  SSAUpdater Ran;
  Ran.Initialize(Type::getInt1Ty(Ctx), "ompracer.ran");
  Ran.AddAvailableValue(L.getLoopPreheader(), ConstantInt::getFalse(Ctx));
  Ran.AddAvailableValue(Block, ConstantInt::getTrue(Ctx));
  LoopRange &Range = Plan[G.Members[0].I];
  for (const Place &P : Edges) {
    IRBuilder<> B(P.At);
    RangeCheck Check;
    Check.Start = Expander.expandCodeFor(First, PointerType::getUnqual(Ctx), P.At);
    Check.Bytes = ConstantInt::get(I64, Reach - Low);
    Check.Count = B.CreateZExt(Ran.GetValueAtEndOfBlock(P.Exiting), I64, "ompracer.ran.count");
    Check.Stride = ConstantInt::get(I64, 0);
    Check.InsertBefore = P.At;
    Range.Checks.push_back(Check);
  }
  for (const Group::Member &M : drop_begin(G.Members))
    Plan[M.I] = LoopRange(); // covered by the first member's bytes
}

// S with the header phi P replaced by With.
const SCEV *withPhi(const SCEV *S, PHINode &P, const SCEV *With, ScalarEvolution &SE) {
  ValueToSCEVMapTy Map;
  Map[&P] = With;
  return SCEVParameterRewriter::rewrite(S, SE, Map);
}

// MONOTONE. An access that runs in every iteration, before each of the loop's exits,
// at an address Base + C * P or P + Offset (Base, Offset loop-invariant), where P is a
// header phi that scalar evolution cannot follow but that each iteration moves by
// between 0 and K, always the same way (a merge's index, `i += a[i] <= b[j]`), and
// |C| * K is at most the access's size: each iteration's bytes touch or overlap the
// last one's, so over the loop they are one contiguous range, from the first
// iteration's address (P's value from the preheader) to the last one's (P's value in
// the iteration the loop is left from, which made the access). The loop's exit edges
// check it.

// How far the access's address moves when the header phi P moves by one unit (a byte
// for a pointer), if it is Base + C * P or P + Offset; null otherwise.
const SCEVConstant *perUnitOf(const SCEV *Ptr, PHINode &P, const Loop &L, ScalarEvolution &SE) {
  const SCEV *Phi = SE.getSCEV(&P);
  if (P.getType()->isPointerTy()) {
    const SCEV *Offset = SE.getMinusSCEV(Ptr, Phi); // CouldNotCompute: another base
    if (isa<SCEVCouldNotCompute>(Offset) || !SE.isLoopInvariant(Offset, &L))
      return nullptr;
    return cast<SCEVConstant>(SE.getOne(Type::getInt64Ty(P.getContext())));
  }
  if (!SE.isLoopInvariant(withPhi(Ptr, P, SE.getZero(Phi->getType()), SE), &L))
    return nullptr;
  const auto *C = dyn_cast<SCEVConstant>(
      SE.getMinusSCEV(withPhi(Ptr, P, SE.getAddExpr(Phi, SE.getOne(Phi->getType())), SE), Ptr));
  return C && !C->isZero() && C->getAPInt().getSignificantBits() <= 32 ? C : nullptr;
}

// The access's bytes over the loop, as MONOTONE says, from its first header phi that
// makes them one contiguous range; none if no phi does.
std::optional<GroupBytes> monotoneBytes(const Access &A, Loop &L, ScalarEvolution &SE) {
  const SCEV *Ptr = SE.getSCEV(A.Ptr);
  Type *I64 = Type::getInt64Ty(L.getHeader()->getContext());
  for (PHINode &P : L.getHeader()->phis()) {
    if (P.getNumIncomingValues() != 2 || !SE.isSCEVable(P.getType()) ||
        !isa<SCEVUnknown>(SE.getSCEV(&P)))
      continue; // affine (addToGroups took the access, if it could) or not a phi of its own
    const SCEVConstant *C = perUnitOf(Ptr, P, L, SE);
    if (!C)
      continue;
    // How far one iteration moves P: the range of its latch value less itself.
    const SCEV *Move =
        SE.getMinusSCEV(SE.getSCEV(P.getIncomingValueForBlock(L.getLoopLatch())), SE.getSCEV(&P));
    if (isa<SCEVCouldNotCompute>(Move))
      continue;
    ConstantRange Moves = SE.getSignedRange(Move);
    if (Moves.getSignedMin().getSignificantBits() > 32 ||
        Moves.getSignedMax().getSignificantBits() > 32)
      continue;
    int64_t Lo = Moves.getSignedMin().getSExtValue(), Hi = Moves.getSignedMax().getSExtValue();
    int64_t Unit = C->getAPInt().getSExtValue();
    if ((Lo < 0 && Hi > 0) || std::max(-Lo, Hi) * std::abs(Unit) > int64_t(A.Size))
      continue; // both ways, or a gap between two iterations' bytes
    bool Up = (Unit > 0) == (Hi > 0);
    const SCEV *First =
        withPhi(Ptr, P, SE.getSCEV(P.getIncomingValueForBlock(L.getLoopPreheader())), SE);
    const SCEV *Low = Up ? First : Ptr, *High = Up ? Ptr : First;
    const SCEV *Span = SE.getMinusSCEV(High, Low);
    if (isa<SCEVCouldNotCompute>(Span) || !Span->getType()->isIntegerTy(64))
      continue;
    return GroupBytes{Low, SE.getAddExpr(Span, SE.getConstant(I64, A.Size))};
  }
  return std::nullopt;
}

// Plans a MONOTONE access's checks on the exit edges; false if it is not one (it stays
// checked per access).
bool planMonotone(const Access &A, Loop &L, ScalarEvolution &SE, ArrayRef<Place> Edges,
                  SCEVExpander &Expander, DenseMap<Instruction *, LoopRange> &Plan) {
  auto R = monotoneBytes(A, L, SE);
  if (!R)
    return false;
  SmallVector<std::pair<GroupBytes, Instruction *>, 4> Checks;
  for (const Place &E : Edges) {
    if (!safeToExpand(Expander, *R, E.At))
      return false;
    Checks.push_back({*R, E.At});
  }
  expandChecks(Checks, Expander, Plan[A.I]);
  return true;
}

} // namespace

DenseMap<Instruction *, LoopRange> planLoopRanges(Function &F, FunctionAnalysisManager &FAM,
                                                  function_ref<bool(Instruction &)> Wanted) {
  DenseMap<Instruction *, LoopRange> Plan;
  if (FAM.getResult<LoopAnalysis>(F).empty())
    return Plan;
  givePreheaders(F, FAM, [](const Loop &L, const DominatorTree &) { return staysOnStrand(L); });
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  const DataLayout &DL = F.getParent()->getDataLayout();
  Type *I64 = Type::getInt64Ty(F.getContext());
  SCEVExpander Expander(SE, DL, "ompracer.range");
  for (Loop *L : LI.getLoopsInPreorder()) {
    Where How = L->getLoopPreheader() ? whereChecked(*L, SE) : Where::Nowhere;
    if (How == Where::Nowhere)
      continue;
    SmallVector<BasicBlock *, 4> Exiting;
    L->getExitingBlocks(Exiting);
    SmallVector<Group, 8> Groups;
    SmallVector<std::pair<BasicBlock *, SmallVector<Group, 2>>, 4> Sometimes; // by block
    SmallVector<Access, 4> Monotone;
    ValueToSCEVMapTy Casts = castRecurrences(*L, SE);
    for (BasicBlock *BB : L->blocks()) {
      if (LI.getLoopFor(BB) != L)
        continue; // a subloop's access: its own loop decides
      bool EveryIteration = runsEveryIteration(BB, *L, Exiting, DT);
      bool BeforeExits = How == Where::ExitEdges &&
                         all_of(Exiting, [&](const BasicBlock *X) { return DT.dominates(BB, X); });
      SmallVector<Group, 2> Invariant;
      for (Instruction &I : *BB) {
        if (!isa<LoadInst, StoreInst>(I) || !Wanted(I))
          continue;
        Access A = accessOf(I, DL);
        if (!A.Size)
          continue;
        if (EveryIteration) {
          if (!addToGroups(A, *L, SE, Casts, Groups) && BeforeExits)
            Monotone.push_back(A); // MONOTONE, if it is (else checked per access)
        } else if (SE.isLoopInvariant(addressOf(A.Ptr, SE, Casts), L))
          addToGroups(A, *L, SE, Casts, Invariant); // SOMETIMES
      }
      if (!Invariant.empty())
        Sometimes.push_back({BB, std::move(Invariant)});
    }
    if (Groups.empty() && Sometimes.empty() && Monotone.empty())
      continue;
    SmallVector<Place, 4> Places, Edges;
    if (How == Where::Preheader) {
      Places.push_back(
          {L->getLoopPreheader()->getTerminator(),
           SE.getAddExpr(SE.getZeroExtendExpr(SE.getBackedgeTakenCount(L), I64), SE.getOne(I64))});
      if (!Sometimes.empty())
        Edges = exitEdgePlaces(*L, DT, LI, nullptr);
    } else {
      Places = exitPlaces(*L, DT, LI, SE);
      Edges = Places;
    }
    for (auto &[BB, Invariant] : Sometimes)
      for (Group &G : Invariant)
        planSometimes(G, BB, *L, Edges, SE, Expander, Plan);
    for (const Access &A : Monotone)
      planMonotone(A, *L, SE, Edges, Expander, Plan);
    for (Group &G : Groups) {
      if (planGroup(G, SE, DT, Places, Expander, Plan) || G.Members.size() == 1)
        continue;
      // Copies with gaps between them (a stride of two elements, unrolled): each copy
      // is a strided access of its own.
      for (const Group::Member &M : G.Members) {
        Group One = G;
        One.Start = SE.getAddExpr(G.Start, SE.getConstant(I64, M.Offset, true));
        One.Members = {{0, M.Size, M.I}};
        planGroup(One, SE, DT, Places, Expander, Plan);
      }
    }
  }
  return Plan;
}

} // namespace ompracer
