#include "OpenMPLowering.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ompracer {

StringRef calleeName(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  return F ? F->getName() : StringRef();
}

static StringRef calleeNameOf(const Value *V) {
  const auto *CB = dyn_cast<CallBase>(V);
  return CB ? calleeName(*CB) : StringRef();
}

// ---- libomp entry points ---------------------------------------------------------

bool isRuntimeEntry(StringRef Callee) {
  return Callee.starts_with("__kmpc_") && Callee != "__kmpc_global_thread_num";
}

bool isLockCall(StringRef Callee) {
  return Callee.starts_with("omp_") && Callee.contains("lock");
}

bool isConstructCall(StringRef Callee) {
  return isRuntimeEntry(Callee) || isLockCall(Callee);
}

bool isFlush(StringRef Callee) {
  return Callee == "__kmpc_flush";
}

bool isLockRelease(StringRef Callee) {
  return Callee == "omp_unset_lock" || Callee == "omp_unset_nest_lock";
}

bool isTaskBeginIf0(StringRef Callee) {
  return Callee == "__kmpc_omp_task_begin_if0";
}

bool isDoacrossInit(StringRef Callee) {
  return Callee == "__kmpc_doacross_init";
}

StringRef criticalName(const CallBase &CB) {
  StringRef Callee = calleeName(CB);
  if ((Callee != "__kmpc_critical" && Callee != "__kmpc_critical_with_hint") || CB.arg_size() < 3)
    return "";
  const auto *GV = dyn_cast<GlobalVariable>(CB.getArgOperand(2)->stripPointerCasts());
  StringRef Name = GV ? GV->getName() : "";
  if (!Name.consume_front(".gomp_critical_user_") || !Name.consume_back(".var"))
    return "";
  return Name;
}

bool isTaskAlloc(StringRef Callee) {
  return Callee == "__kmpc_omp_task_alloc" || Callee == "__kmpc_omp_target_task_alloc";
}

bool isTaskAllocCall(const Value *V) {
  return isTaskAlloc(calleeNameOf(V));
}

bool isTaskReductionCopy(const Value *V) {
  return calleeNameOf(V).starts_with("__kmpc_task_reduction_get_th_data");
}

bool isTaskDescriptorArg(const Value *V) {
  const auto *A = dyn_cast<Argument>(V);
  if (!A)
    return false;
  StringRef F = A->getParent()->getName();
  return (F.starts_with(".omp_task_entry.") && A->getArgNo() == 1) ||
         (F.starts_with(".omp_task_dup.") && A->getArgNo() <= 1) ||
         (F.starts_with(".omp_task_privates_map.") && A->getArgNo() == 0);
}

static bool isThreadIdArgument(const Value *V) {
  const auto *A = dyn_cast<Argument>(V);
  return A && A->getArgNo() <= 1 && A->getType()->isPointerTy() &&
         A->getParent()->getName().contains(".omp_outlined");
}

bool isThreadIdArg(const Value *V) {
  const auto *L = dyn_cast<LoadInst>(V);
  if (!L)
    return isThreadIdArgument(V);
  // -O0: the argument is stored in a slot of its own (.global_tid..addr) and loaded.
  const auto *Slot = dyn_cast<AllocaInst>(L->getPointerOperand());
  if (!Slot)
    return false;
  bool Stored = false;
  for (const User *U : Slot->users()) {
    if (isa<LoadInst>(U))
      continue;
    const auto *SI = dyn_cast<StoreInst>(U);
    if (!SI || SI->getPointerOperand() != Slot || !isThreadIdArgument(SI->getValueOperand()))
      return false;
    Stored = true;
  }
  return Stored;
}

bool isReductionCall(StringRef Callee) {
  return Callee.starts_with("__kmpc_reduce") || Callee.starts_with("__kmpc_end_reduce");
}

bool isReduceEntry(StringRef Callee) {
  return Callee == "__kmpc_reduce" || Callee == "__kmpc_reduce_nowait";
}

bool isReduceExit(StringRef Callee) {
  return Callee == "__kmpc_end_reduce" || Callee == "__kmpc_end_reduce_nowait";
}

// Follows one case from its first block to the join (the switch's default), or to a
// block that calls the exit (the case's last), whichever comes first on each path.
static void markCase(const BasicBlock *First, const BasicBlock *Join, const CallBase &Entry,
                     DenseMap<const BasicBlock *, const CallBase *> &Out) {
  SmallVector<const BasicBlock *, 8> Todo{First};
  while (!Todo.empty()) {
    const BasicBlock *B = Todo.pop_back_val();
    if (B == Join || !Out.try_emplace(B, &Entry).second)
      continue;
    bool Exits = false;
    for (const Instruction &I : *B)
      if (const auto *CB = dyn_cast<CallBase>(&I))
        Exits |= isReduceExit(calleeName(*CB));
    if (!Exits)
      for (const BasicBlock *S : successors(B))
        Todo.push_back(S);
  }
}

DenseMap<const BasicBlock *, const CallBase *> combiningBlocks(Function &F) {
  DenseMap<const BasicBlock *, const CallBase *> Out;
  for (Instruction &I : instructions(F)) {
    const auto *CB = dyn_cast<CallBase>(&I);
    if (!CB || !isReduceEntry(calleeName(*CB)))
      continue;
    for (const User *U : CB->users())
      if (const auto *SW = dyn_cast<SwitchInst>(U); SW && SW->getCondition() == CB)
        for (const auto &Case : SW->cases())
          if (Case.getCaseValue()->equalsInt(1) || Case.getCaseValue()->equalsInt(2))
            markCase(Case.getCaseSuccessor(), SW->getDefaultDest(), *CB, Out);
  }
  return Out;
}

int numTeamsArg(StringRef Callee) {
  if (Callee == "__kmpc_push_num_teams")
    return 2;
  return Callee == "__kmpc_push_num_teams_51" ? 3 : -1;
}

bool isReductionCombiner(const Function &F) {
  StringRef N = F.getName();
  return N.contains(".omp.reduction.") || N.starts_with(".omp_combiner.") ||
         N.starts_with(".omp_initializer.") || N.starts_with(".red_init.") ||
         N.starts_with(".red_comb.") || N.starts_with(".red_fini.");
}

bool isHostTargetRegion(const Function &F) {
  return F.getName().starts_with("__omp_offloading");
}

bool isOutlinedName(StringRef Name) {
  return Name.starts_with(".omp") || Name.contains(".omp_outlined") ||
         Name.starts_with("__omp_offloading");
}

// ---- loops -----------------------------------------------------------------------

// Argument positions of the loop-scheduling calls.
constexpr unsigned StaticInitScheduleArg = 2, StaticInitLowerArg = 4, DispatchNextLowerArg = 3;

bool isStaticInitCall(StringRef Callee) {
  return Callee.starts_with("__kmpc_for_static_init") ||
         Callee.starts_with("__kmpc_dist_for_static_init");
}

bool isDistributeStaticInitCall(StringRef Callee) {
  return Callee.starts_with("__kmpc_distribute_static_init");
}

bool isDispatchNextCall(StringRef Callee) {
  return Callee.starts_with("__kmpc_dispatch_next");
}

bool isLoopSchedulingCall(StringRef Callee) {
  return isStaticInitCall(Callee) || isDistributeStaticInitCall(Callee) ||
         isDispatchNextCall(Callee);
}

static bool isDistributeSchedule(const Value *Schedule) {
  const auto *C = dyn_cast<ConstantInt>(Schedule);
  return C &&
         (C->getZExtValue() == DistributeStaticChunked || C->getZExtValue() == DistributeStatic);
}

const Value *scheduledLowerBound(const CallBase &CB, bool &Distribute) {
  StringRef Name = calleeName(CB);
  unsigned Arg;
  if (isStaticInitCall(Name)) {
    if (identFlags(&CB) & IdentWorkSections)
      return nullptr; // a sections construct
    Distribute = CB.arg_size() > StaticInitScheduleArg &&
                 isDistributeSchedule(CB.getArgOperand(StaticInitScheduleArg));
    Arg = StaticInitLowerArg;
  } else if (isDistributeStaticInitCall(Name)) {
    Distribute = true, Arg = StaticInitLowerArg;
  } else if (isDispatchNextCall(Name)) {
    Distribute = false, Arg = DispatchNextLowerArg;
  } else {
    return nullptr;
  }
  return CB.arg_size() > Arg ? CB.getArgOperand(Arg) : nullptr;
}

Value *sectionsLowerBound(const CallBase &CB) {
  if (!calleeName(CB).starts_with("__kmpc_for_static_init") || CB.arg_size() <= StaticInitLowerArg)
    return nullptr;
  if (!(identFlags(&CB) & IdentWorkSections))
    return nullptr;
  return CB.getArgOperand(StaticInitLowerArg);
}

static const Value *stripCasts(const Value *V) {
  while (const auto *C = dyn_cast<CastInst>(V))
    V = C->getOperand(0);
  return V;
}

bool isTaskLowerBound(const Value *V) {
  const auto *LI = dyn_cast<LoadInst>(stripCasts(V));
  const auto *GEP = LI ? dyn_cast<GetElementPtrInst>(LI->getPointerOperand()) : nullptr;
  auto *ST = GEP ? dyn_cast<StructType>(GEP->getSourceElementType()) : nullptr;
  if (!ST || !ST->hasName() || !ST->getName().starts_with(KmpTaskStruct) ||
      ST->getName().starts_with(KmpTaskWithPrivatesStruct) || GEP->getNumIndices() != 2)
    return false;
  const auto *Field = dyn_cast<ConstantInt>(GEP->getOperand(2));
  return Field && Field->getZExtValue() == TaskLowerBoundField;
}

// Whether the loop metadata holds the property Name (and its first value in Value).
static bool hasLoopProperty(const MDNode *LoopID, StringRef Name,
                            const Metadata **Value = nullptr) {
  if (!LoopID)
    return false;
  for (const MDOperand &Op : LoopID->operands().drop_front())
    if (const auto *Item = dyn_cast<MDNode>(Op.get()))
      if (Item->getNumOperands() && isa<MDString>(Item->getOperand(0)) &&
          cast<MDString>(Item->getOperand(0))->getString() == Name) {
        if (Value)
          *Value = Item->getNumOperands() > 1 ? Item->getOperand(1).get() : nullptr;
        return true;
      }
  return false;
}

bool isSimdLoop(const MDNode *LoopID) {
  return hasLoopProperty(LoopID, "llvm.loop.vectorize.enable");
}

unsigned simdSafelen(const MDNode *LoopID) {
  const Metadata *Width = nullptr;
  if (hasLoopProperty(LoopID, "llvm.loop.parallel_accesses") ||
      !hasLoopProperty(LoopID, "llvm.loop.vectorize.width", &Width))
    return 0;
  const auto *C = dyn_cast_or_null<ConstantAsMetadata>(Width);
  const auto *N = C ? dyn_cast<ConstantInt>(C->getValue()) : nullptr;
  return N && N->getZExtValue() > 1 ? unsigned(N->getZExtValue()) : 0;
}

// ---- ident_t -----------------------------------------------------------------------

// ident_t: { i32 reserved_1, i32 flags, i32 reserved_2, i32 reserved_3, ptr psource }.
constexpr unsigned IdentFlagsField = 1, IdentPsourceField = 4;

static const ConstantStruct *identFields(const CallBase *CB) {
  if (CB->arg_size() == 0)
    return nullptr;
  auto *Ident = dyn_cast<GlobalVariable>(CB->getArgOperand(0)->stripPointerCasts());
  return Ident && Ident->hasInitializer() ? dyn_cast<ConstantStruct>(Ident->getInitializer())
                                          : nullptr;
}

uint64_t identFlags(const CallBase *CB) {
  const ConstantStruct *Fields = identFields(CB);
  auto *Flags = Fields && Fields->getNumOperands() > IdentFlagsField
                    ? dyn_cast<ConstantInt>(Fields->getOperand(IdentFlagsField))
                    : nullptr;
  return Flags ? Flags->getZExtValue() : 0;
}

bool directiveLocation(const CallBase *CB, unsigned &Line, unsigned &Col) {
  const ConstantStruct *Fields = identFields(CB);
  if (!Fields || Fields->getNumOperands() <= IdentPsourceField)
    return false;
  auto *Str = dyn_cast<GlobalVariable>(Fields->getOperand(IdentPsourceField)->stripPointerCasts());
  auto *Data = Str && Str->hasInitializer()
                   ? dyn_cast<ConstantDataSequential>(Str->getInitializer())
                   : nullptr;
  if (!Data || !Data->isCString())
    return false;
  SmallVector<StringRef, 8> Parts;
  Data->getAsCString().split(Parts, ';');
  return Parts.size() >= 5 && !Parts[3].getAsInteger(10, Line) && !Parts[4].getAsInteger(10, Col) &&
         Line != 0;
}

} // namespace ompracer
