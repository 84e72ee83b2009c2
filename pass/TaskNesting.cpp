#include "TaskNesting.h"

#include "ConditionKeys.h"
#include "OpenMPLowering.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <optional>

using namespace llvm;

namespace ompracer {

namespace {

// What a point of a function knows about the children its task created there: whether
// some may still be unwaited (outside any taskgroup), how many taskgroups are open, and
// which branch conditions the path to it took, and which way (ConditionKeys.h), so that
// a second test of a condition follows only the way the first went.
struct Fact {
  unsigned Key;
  bool Value;
  bool operator==(const Fact &O) const { return Key == O.Key && Value == O.Value; }
};
struct State {
  bool Pending = false;
  int Groups = 0;
  SmallVector<Fact, 4> Facts;
  bool operator==(const State &O) const {
    return Pending == O.Pending && Groups == O.Groups && Facts == O.Facts;
  }
};

// Bounds that keep the analysis of a function small: past them a block's paths are
// merged into one state without facts (which only makes the answer more often "may").
constexpr unsigned MaxStatesPerBlock = 16;
constexpr unsigned MaxFacts = 8;

// The paths that reach a block.
struct BlockStates {
  SmallVector<State, 2> States;
  bool Merged = false; // one state, without facts, for every path
};

constexpr unsigned TaskloopNogroupArg = 7; // __kmpc_taskloop(_5)(..., nogroup, ...)

// A call that creates a child task of the running task, not waited for by itself.
bool createsChild(const CallBase &CB) {
  StringRef Name = calleeName(CB);
  if (Name == "__kmpc_omp_task" || Name == "__kmpc_omp_task_with_deps")
    return true;
  if (Name == "__kmpc_taskloop" || Name == "__kmpc_taskloop_5") {
    // Without nogroup a taskloop is its own taskgroup: its tasks end before it returns.
    auto *Nogroup = CB.arg_size() > TaskloopNogroupArg
                        ? dyn_cast<ConstantInt>(CB.getArgOperand(TaskloopNogroupArg))
                        : nullptr;
    return !Nogroup || !Nogroup->isZero();
  }
  return false;
}

class Analysis {
public:
  explicit Analysis(Module &M) : M(M) {}

  bool run() {
    SmallVector<Function *, 16> Entries;
    if (!taskEntries(Entries))
      return false;
    // Whether a function may return with children unwaited, to a fixed point: a
    // function's answer only goes from no to yes as its callees' do.
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (Function &F : M)
        if (!F.isDeclaration() && !MayLeave.contains(&F) && mayLeaveChildren(F)) {
          MayLeave.insert(&F);
          Changed = true;
        }
    }
    for (Function *E : Entries)
      if (MayLeave.contains(E))
        return false;
    return true;
  }

private:
  // The entry functions of the module's tasks (__kmpc_omp_task_alloc's last
  // argument); false when one is not a function of the module.
  bool taskEntries(SmallVectorImpl<Function *> &Entries) {
    for (Function &F : M)
      for (Instruction &I : instructions(F)) {
        auto *CB = dyn_cast<CallBase>(&I);
        if (!CB || !isTaskAlloc(calleeName(*CB)) || CB->arg_size() < 6)
          continue;
        auto *E = dyn_cast<Function>(CB->getArgOperand(5)->stripPointerCasts());
        if (!E || E->isDeclaration())
          return false;
        Entries.push_back(E);
      }
    return true;
  }

  // Applies one instruction to S; false when the taskgroups do not match.
  bool step(const Instruction &I, State &S) {
    const auto *CB = dyn_cast<CallBase>(&I);
    if (!CB)
      return true;
    StringRef Name = calleeName(*CB);
    if (Name == "__kmpc_taskgroup") {
      S.Groups++;
    } else if (Name == "__kmpc_end_taskgroup") {
      if (--S.Groups < 0)
        return false;
    } else if (Name == "__kmpc_omp_taskwait") {
      // A taskwait inside a taskgroup is not taken to join the children made before
      // the taskgroup (the runtime's model does not either).
      if (!S.Groups)
        S.Pending = false;
    } else if (!S.Groups) {
      const Function *Callee = CB->getCalledFunction();
      if (createsChild(*CB) || (Callee && MayLeave.contains(Callee)))
        S.Pending = true;
    }
    return true;
  }

  // Whether F may return (or unwind) with a child unwaited or a taskgroup open: a
  // forward analysis over F's paths, each carrying a State.
  bool mayLeaveChildren(Function &F) {
    findTestsAhead(F);
    DenseMap<const BasicBlock *, BlockStates> In;
    SmallVector<std::pair<const BasicBlock *, State>, 32> Work;
    In[&F.getEntryBlock()].States.push_back(State());
    Work.push_back({&F.getEntryBlock(), State()});
    while (!Work.empty()) {
      auto [BB, S] = Work.pop_back_val();
      for (const Instruction &I : *BB) {
        if (!step(I, S))
          return true;
        forgetClobbered(I, S);
      }
      const Instruction *T = BB->getTerminator();
      if (isa<ReturnInst>(T) || isa<ResumeInst>(T)) {
        if (S.Pending || S.Groups)
          return true;
        continue;
      }
      const auto *Br = dyn_cast<BranchInst>(T);
      if (!Br || !Br->isConditional() || Br->getSuccessor(0) == Br->getSuccessor(1)) {
        for (const BasicBlock *Succ : successors(BB))
          if (!reach(Succ, S, In, Work))
            return true;
        continue;
      }
      bool Negated;
      unsigned Key = Keys.keyOf(Br->getCondition(), Negated);
      const Fact *Known = nullptr;
      for (const Fact &Fa : S.Facts)
        if (Fa.Key == Key)
          Known = &Fa;
      // Successor 0 is taken when the condition holds, i.e. when the key is !Negated.
      for (unsigned Edge = 0; Edge < 2; Edge++) {
        bool KeyValue = (Edge == 0) != Negated;
        if (Known && Known->Value != KeyValue)
          continue; // the path tested this condition before and went the other way
        State Next = S;
        if (!Known && Next.Facts.size() < MaxFacts) {
          Next.Facts.push_back({Key, KeyValue});
          llvm::sort(Next.Facts, [](const Fact &A, const Fact &B) { return A.Key < B.Key; });
        }
        if (!reach(Br->getSuccessor(Edge), Next, In, Work))
          return true;
      }
    }
    return false;
  }

  // The key a block's conditional branch tests, if any.
  std::optional<unsigned> testedAt(const BasicBlock &BB) {
    const auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
    if (!Br || !Br->isConditional())
      return std::nullopt;
    bool Negated;
    return Keys.keyOf(Br->getCondition(), Negated);
  }

  // Which keys each block of F may still test, at its own branch or at a later one,
  // among the keys F tests more than once: a path keeps a fact only while its key is
  // ahead, so that facts that can no longer matter do not multiply its states.
  void findTestsAhead(Function &F) {
    DenseMap<unsigned, unsigned> Tests;
    for (const BasicBlock &BB : F)
      if (auto Key = testedAt(BB))
        Tests[*Key]++;
    Ahead.clear();
    for (const BasicBlock &BB : F)
      if (auto Key = testedAt(BB); Key && Tests[*Key] > 1)
        Ahead[&BB].insert(*Key);
    for (bool Changed = !Ahead.empty(); Changed;) { // most functions test nothing twice
      Changed = false;
      for (const BasicBlock &BB : F)
        for (const BasicBlock *Succ : successors(&BB)) {
          auto It = Ahead.find(Succ);
          if (It == Ahead.end())
            continue;
          DenseSet<unsigned> From = It->second; // Ahead[&BB] may rehash the map
          for (unsigned Key : From)
            Changed |= Ahead[&BB].insert(Key).second;
        }
    }
  }

  // A path's condition stops being known where F stores to an address it loads, or
  // runs again an instruction whose value it tests (a loop's next iteration).
  void forgetClobbered(const Instruction &I, State &S) {
    if (S.Facts.empty())
      return;
    bool Writes = I.mayWriteToMemory() && (!isa<CallBase>(I) || isa<MemIntrinsic>(I));
    llvm::erase_if(S.Facts, [&](const Fact &Fa) {
      return Keys.redefines(I, Fa.Key) || (Writes && Keys.clobbers(I, Fa.Key));
    });
  }

  // Adds a path's state at the entry of Succ (queued when new); false when taskgroups
  // that paths open differently meet there (not followed).
  bool reach(const BasicBlock *Succ, State S, DenseMap<const BasicBlock *, BlockStates> &In,
             SmallVectorImpl<std::pair<const BasicBlock *, State>> &Work) {
    auto A = Ahead.find(Succ);
    llvm::erase_if(S.Facts,
                   [&](const Fact &Fa) { return A == Ahead.end() || !A->second.contains(Fa.Key); });
    BlockStates &B = In[Succ];
    if (!B.States.empty() && B.States.front().Groups != S.Groups)
      return false;
    if (B.Merged) {
      if (S.Pending && !B.States.front().Pending) {
        B.States.front().Pending = true;
        Work.push_back({Succ, B.States.front()});
      }
      return true;
    }
    if (llvm::is_contained(B.States, S))
      return true;
    if (B.States.size() < MaxStatesPerBlock) {
      B.States.push_back(S);
      Work.push_back({Succ, S});
      return true;
    }
    State One;
    One.Groups = S.Groups;
    One.Pending = S.Pending;
    for (const State &Old : B.States)
      One.Pending |= Old.Pending;
    B.States = {One};
    B.Merged = true;
    Work.push_back({Succ, One});
    return true;
  }

  Module &M;
  DenseSet<const Function *> MayLeave;
  ConditionKeys Keys;
  DenseMap<const BasicBlock *, DenseSet<unsigned>> Ahead; // findTestsAhead
};

} // namespace

bool everyTaskWaitsForItsChildren(Module &M) {
  return Analysis(M).run();
}

} // namespace ompracer
