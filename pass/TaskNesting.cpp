#include "TaskNesting.h"

#include "OpenMPLowering.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ompracer {

namespace {

// What a point of a function knows about the children its task created there: whether
// some may still be unwaited (outside any taskgroup), and how many taskgroups are open.
struct State {
  bool Pending = false;
  int Groups = 0;
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

  // Whether F may return (or unwind) with a child unwaited or a taskgroup open.
  bool mayLeaveChildren(Function &F) {
    DenseMap<const BasicBlock *, State> In;
    SmallVector<const BasicBlock *, 32> Work;
    In[&F.getEntryBlock()] = State();
    Work.push_back(&F.getEntryBlock());
    while (!Work.empty()) {
      const BasicBlock *BB = Work.pop_back_val();
      State S = In[BB];
      for (const Instruction &I : *BB)
        if (!step(I, S))
          return true;
      const Instruction *T = BB->getTerminator();
      if (isa<ReturnInst>(T) || isa<ResumeInst>(T)) {
        if (S.Pending || S.Groups)
          return true;
        continue;
      }
      for (const BasicBlock *Succ : successors(BB)) {
        auto It = In.find(Succ);
        if (It == In.end()) {
          In[Succ] = S;
          Work.push_back(Succ);
          continue;
        }
        if (It->second.Groups != S.Groups)
          return true; // taskgroups that paths open differently: not followed
        if (S.Pending && !It->second.Pending) {
          It->second.Pending = true;
          Work.push_back(Succ);
        }
      }
    }
    return false;
  }

  Module &M;
  DenseSet<const Function *> MayLeave;
};

} // namespace

bool everyTaskWaitsForItsChildren(Module &M) {
  return Analysis(M).run();
}

} // namespace ompracer
