#include "MarkLoops.h"
#include "OpenMPLowering.h"
#include "RuntimeHooks.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <map>

using namespace llvm;

namespace ompracer {
namespace {

// What the pass learnt about an iteration variable's slot.
struct LoopOrigin {
  unsigned Kind;                  // OMPRACER_LOOP_*
  const CallBase *Init = nullptr; // the scheduling call, for the directive's location
};

const Value *stripCasts(const Value *V) {
  while (const auto *C = dyn_cast<CastInst>(V))
    V = C->getOperand(0);
  return V;
}

// The lower-bound slot a loop-scheduling call fills in, and the loop's kind.
const Value *lowerBoundSlot(const CallBase *CB, unsigned &Kind) {
  bool Distribute = false;
  const Value *LB = scheduledLowerBound(*CB, Distribute);
  Kind = Distribute ? OMPRACER_LOOP_DISTRIBUTE : OMPRACER_LOOP_FOR;
  return LB;
}

// Parameters that receive a task's lower bound: the task entry passes it to the
// outlined taskloop body.
using TaskBoundParams = SmallPtrSet<const Argument *, 8>;
TaskBoundParams findTaskBoundParams(Module &M) {
  TaskBoundParams Params;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = CB->getCalledFunction(); Callee && !Callee->isDeclaration())
          for (unsigned A = 0; A < CB->arg_size() && A < Callee->arg_size(); A++)
            if (isTaskLowerBound(CB->getArgOperand(A)))
              Params.insert(Callee->getArg(A));
  return Params;
}

// Calls Fn on every slot that receives V itself or a cast of it.
template <typename Callback> void forEachSlotStoring(const Value *V, Callback Fn) {
  for (const User *U : V->users()) {
    if (const auto *SI = dyn_cast<StoreInst>(U); SI && SI->getValueOperand() == V)
      Fn(SI->getPointerOperand());
    else if (isa<CastInst>(U))
      forEachSlotStoring(U, Fn);
  }
}

// Iteration-variable slots: those initialised from a loop's lower bound.
DenseMap<const Value *, LoopOrigin> findIterationSlots(Function &F, const TaskBoundParams &Params) {
  DenseMap<const Value *, LoopOrigin> LowerBounds, Slots;
  for (Instruction &I : instructions(F)) {
    unsigned Kind;
    if (auto *CB = dyn_cast<CallBase>(&I))
      if (const Value *LB = lowerBoundSlot(CB, Kind))
        LowerBounds.try_emplace(LB, LoopOrigin{Kind, CB});
    if (auto *SI = dyn_cast<StoreInst>(&I)) {
      const Value *V = stripCasts(SI->getValueOperand());
      const auto *Arg = dyn_cast<Argument>(V);
      if (isTaskLowerBound(V) || (Arg && Params.count(Arg)))
        LowerBounds.try_emplace(SI->getPointerOperand(), LoopOrigin{OMPRACER_LOOP_TASKLOOP});
    }
  }
  for (auto &Entry : LowerBounds) {
    const Value *LB = Entry.first;
    LoopOrigin Origin = Entry.second;
    for (const User *U : LB->users())
      if (const auto *Load = dyn_cast<LoadInst>(U); Load && Load->getPointerOperand() == LB)
        forEachSlotStoring(Load, [&](const Value *Slot) {
          if (Slot != LB)
            Slots.try_emplace(Slot, Origin);
        });
  }
  return Slots;
}

// The slot the header's exit test loads and the loop stores: the iteration variable.
const Value *comparedSlot(const Loop &L) {
  const auto *Br = dyn_cast<BranchInst>(L.getHeader()->getTerminator());
  const auto *Cmp = Br && Br->isConditional() ? dyn_cast<ICmpInst>(Br->getCondition()) : nullptr;
  if (!Cmp)
    return nullptr;
  for (const Value *Op : Cmp->operands()) {
    const auto *Load = dyn_cast<LoadInst>(stripCasts(Op));
    if (!Load || Load->getParent() != L.getHeader())
      continue;
    const Value *Slot = Load->getPointerOperand();
    for (const User *U : Slot->users())
      if (const auto *SI = dyn_cast<StoreInst>(U);
          SI && SI->getPointerOperand() == Slot && L.contains(SI))
        return Slot;
  }
  return nullptr;
}

// One loop to mark.
struct BlockEdge {
  BasicBlock *From, *To;
  bool Unwind; // To was an exception handler's pad when the loop was described
};
struct MarkedLoop {
  Loop *L = nullptr;
  const Value *Slot = nullptr;
  Type *SlotType = nullptr;
  unsigned Kind = 0, Window = 0;
  DebugLoc Where;                    // the directive
  BasicBlock *Body = nullptr;        // where an iteration begins
  SmallVector<BlockEdge, 2> Entries; // into the header from outside
  SmallVector<BlockEdge, 2> Exits;   // out of the loop
};

class LoopMarker {
public:
  // The hooks stay declared without attributes. __ompracer_loop_end in particular is
  // deliberately opaque (it may touch any memory): otherwise the optimiser forwards a
  // value stored in one iteration to a load of the next (loop-load elimination) and the
  // load, whose race is between iterations, disappears. The price: loop-invariant
  // loads stay in the loop (and are checked in every iteration).
  LoopMarker(Module &M) : Ctx(M.getContext()), Hooks(M) {}
  bool run(Function &F, const TaskBoundParams &Params);

private:
  DebugLoc directiveLoc(Function &F, const LoopOrigin &O, const Loop &L);
  void mark(Function &F, const MarkedLoop &ML);
  BasicBlock *onEdge(const BlockEdge &E);
  BasicBlock *splitNormalEdge(BasicBlock *From, BasicBlock *To);
  DebugLoc artificialLoc(Function &F);

  LLVMContext &Ctx;
  RuntimeHooks Hooks;
  std::map<std::pair<BasicBlock *, BasicBlock *>, BasicBlock *> SplitEdges;
};

DebugLoc LoopMarker::artificialLoc(Function &F) {
  if (DISubprogram *SP = F.getSubprogram())
    return DILocation::get(Ctx, 0, 0, SP);
  return DebugLoc();
}

DebugLoc LoopMarker::directiveLoc(Function &F, const LoopOrigin &O, const Loop &L) {
  DISubprogram *SP = F.getSubprogram();
  if (!SP)
    return DebugLoc();
  unsigned Line, Col;
  if (O.Init && directiveLocation(O.Init, Line, Col))
    return DILocation::get(Ctx, Line, Col, SP);
  if (MDNode *LoopID = L.getLoopID(); LoopID && LoopID->getNumOperands() > 1)
    if (auto *Start = dyn_cast<DILocation>(LoopID->getOperand(1)))
      return DILocation::get(Ctx, Start->getLine(), Start->getColumn(), SP);
  if (const DebugLoc &HL = L.getHeader()->getTerminator()->getDebugLoc())
    return DILocation::get(Ctx, HL.getLine(), HL.getCol(), SP);
  return artificialLoc(F);
}

// Splits the normal edge From -> To with a new block of its own. Unlike LLVM's
// SplitEdge, which may split the top of To instead, neither From nor To changes
// identity, so the other recorded edges stay valid. Null for edges that cannot be split
// (indirectbr, callbr).
BasicBlock *LoopMarker::splitNormalEdge(BasicBlock *From, BasicBlock *To) {
  Instruction *T = From->getTerminator();
  if (isa<IndirectBrInst>(T) || isa<CallBrInst>(T))
    return nullptr;
  BasicBlock *Mid = BasicBlock::Create(Ctx, "ompracer.edge", To->getParent(), To);
  BranchInst::Create(To, Mid);
  for (unsigned I = 0; I < T->getNumSuccessors(); I++)
    if (T->getSuccessor(I) == To)
      T->setSuccessor(I, Mid);
  // Mid is one predecessor however many of From's successors were To.
  for (PHINode &Phi : To->phis()) {
    bool Seen = false;
    for (unsigned I = Phi.getNumIncomingValues(); I-- > 0;)
      if (Phi.getIncomingBlock(I) == From) {
        if (Seen)
          Phi.removeIncomingValue(I, false);
        else
          Phi.setIncomingBlock(I, Mid), Seen = true;
      }
  }
  return Mid;
}

// A block on the edge where code runs exactly when the edge is taken, or null when
// none can be made. An unwind edge (an invoke in the loop whose exception leaves it:
// C++ bodies calling functions that may throw) ends in a landing pad, which must stay
// the first instruction of a block reached by unwind edges only: the edge gets a
// landing pad of its own (SplitBlockPredecessors does that for landing pads), split off
// the block From unwinds to now (an earlier split may have replaced the original one).
// Funclet pads (Windows EH) are left unmarked.
BasicBlock *LoopMarker::onEdge(const BlockEdge &E) {
  auto [It, New] = SplitEdges.try_emplace({E.From, E.To}, nullptr);
  if (!New)
    return It->second;
  if (E.Unwind) {
    auto *Invoke = dyn_cast<InvokeInst>(E.From->getTerminator());
    BasicBlock *Pad = Invoke ? Invoke->getUnwindDest() : nullptr;
    if (Pad && Pad->isLandingPad())
      It->second = SplitBlockPredecessors(Pad, {E.From}, ".ompracer.unwind");
  } else {
    It->second = E.From->getSingleSuccessor() == E.To ? E.From : splitNormalEdge(E.From, E.To);
  }
  return It->second;
}

void LoopMarker::mark(Function &F, const MarkedLoop &ML) {
  IRBuilder<> IRB(Ctx);
  for (const BlockEdge &E : ML.Entries) {
    BasicBlock *On = onEdge(E);
    if (!On)
      continue;
    IRB.SetInsertPoint(On->getTerminator());
    IRB.SetCurrentDebugLocation(ML.Where);
    IRB.CreateCall(Hooks.LoopBegin,
                   {IRB.getInt32(0), IRB.getInt32(ML.Window), IRB.getInt32(ML.Kind)});
  }
  DebugLoc Artificial = artificialLoc(F);
  IRB.SetInsertPoint(&*ML.Body->getFirstInsertionPt());
  IRB.SetCurrentDebugLocation(Artificial);
  Value *IV = IRB.CreateLoad(ML.SlotType, const_cast<Value *>(ML.Slot));
  IRB.CreateCall(Hooks.LoopIteration, {IRB.CreateZExtOrTrunc(IV, IRB.getInt64Ty())});
  for (const BlockEdge &E : ML.Exits) {
    BasicBlock *On = onEdge(E);
    if (!On)
      continue;
    IRB.SetInsertPoint(On->getTerminator());
    IRB.SetCurrentDebugLocation(Artificial);
    IRB.CreateCall(Hooks.LoopEnd, {});
  }
}

// Fills in the blocks and edges to mark, from the loop as clang built it (before any
// marking splits edges and leaves LoopInfo stale).
bool describeLoop(MarkedLoop &ML) {
  const Loop &L = *ML.L;
  BasicBlock *Header = L.getHeader();
  auto *Br = cast<BranchInst>(Header->getTerminator());
  ML.Body = L.contains(Br->getSuccessor(0)) ? Br->getSuccessor(0) : Br->getSuccessor(1);
  if (ML.Body == Header || !ML.SlotType)
    return false;
  for (BasicBlock *Pred : predecessors(Header))
    if (!L.contains(Pred))
      ML.Entries.push_back({Pred, Header, Header->isEHPad()});
  SmallVector<Loop::Edge, 4> Exits;
  L.getExitEdges(Exits);
  for (auto &[From, To] : Exits)
    ML.Exits.push_back(
        {const_cast<BasicBlock *>(From), const_cast<BasicBlock *>(To), To->isEHPad()});
  return true;
}

bool LoopMarker::run(Function &F, const TaskBoundParams &Params) {
  DenseMap<const Value *, LoopOrigin> Slots = findIterationSlots(F, Params);
  DominatorTree DT(F);
  LoopInfo LI(DT);
  SmallVector<MarkedLoop, 4> Marked;
  // Innermost loops first, so that loops leaving through one edge end inner first.
  for (Loop *L : LI.getLoopsInReverseSiblingPreorder()) {
    const Value *Slot = comparedSlot(*L);
    if (!Slot)
      continue;
    auto It = Slots.find(Slot);
    MDNode *LoopID = L->getLoopID();
    MarkedLoop ML;
    ML.L = L;
    ML.Slot = Slot;
    if (It != Slots.end()) {
      ML.Kind = It->second.Kind;
      ML.Where = directiveLoc(F, It->second, *L);
    } else if (isSimdLoop(LoopID)) {
      ML.Kind = OMPRACER_LOOP_SIMD;
      ML.Window = simdSafelen(LoopID);
      ML.Where = directiveLoc(F, LoopOrigin{OMPRACER_LOOP_SIMD}, *L);
    } else {
      continue;
    }
    Marked.push_back(ML);
    for (const User *U : Slot->users())
      if (const auto *Load = dyn_cast<LoadInst>(U); Load && Load->getPointerOperand() == Slot)
        Marked.back().SlotType = Load->getType();
  }
  std::sort(Marked.begin(), Marked.end(), [](const MarkedLoop &A, const MarkedLoop &B) {
    return A.L->getLoopDepth() > B.L->getLoopDepth();
  });
  SplitEdges.clear();
  bool Changed = false;
  for (MarkedLoop &ML : Marked)
    if (describeLoop(ML))
      Changed = true;
    else
      ML.L = nullptr;
  for (const MarkedLoop &ML : Marked)
    if (ML.L)
      mark(F, ML);
  return Changed;
}

} // namespace

PreservedAnalyses MarkLoopsPass::run(Module &M, ModuleAnalysisManager &) {
  TaskBoundParams Params = findTaskBoundParams(M);
  LoopMarker Marker(M);
  bool Changed = false;
  for (Function &F : M)
    if (!F.isDeclaration() && !isOmpracerSymbol(F.getName()))
      Changed |= Marker.run(F, Params);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ompracer
