#include "InstrumentAccesses.h"
#include "IterationBatches.h"
#include "LoopRanges.h"
#include "OpenMPLowering.h"
#include "PollingReads.h"
#include "RuntimeHooks.h"
#include "SiteTable.h"
#include "SourceFunction.h"
#include "TaskNesting.h"
#include "UpdatePairs.h"

#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/AtomicOrdering.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <cstdlib>

using namespace llvm;

#define DEBUG_TYPE "ompracer"

STATISTIC(NumReads, "Number of plain loads instrumented");
STATISTIC(NumPointerReads, "Number of plain loads of pointers instrumented (prefetching)");
STATISTIC(NumWrites, "Number of plain stores instrumented");
STATISTIC(NumAtomics, "Number of atomic operations instrumented");
STATISTIC(NumRanges, "Number of memcpy/memmove/memset instrumented (on at least one side)");
STATISTIC(NumLoopRanges, "Number of loads and stores checked once per loop, as a range");
STATISTIC(NumBatched, "Number of loads and stores checked by a batch of tagged iterations");
STATISTIC(NumUpdatePairs, "Number of load-store pairs of the same bytes checked by one call");
STATISTIC(NumConstructs, "Number of OpenMP runtime calls given a directive site");
STATISTIC(NumPollingReads, "Number of loads a loop entering a critical section branches on");
// One per reason to skip an access (Skip below).
STATISTIC(NumSkippedStackLocal, "Number of accesses to non-escaping stack slots skipped");
STATISTIC(NumSkippedImplicitTaskPrivate,
          "Number of accesses to stack slots private to the implicit task skipped");
STATISTIC(NumSkippedThreadIdArg, "Number of reads of libomp's thread ids skipped");
STATISTIC(NumSkippedConstantGlobal, "Number of accesses to constant globals skipped");
STATISTIC(NumSkippedThreadLocal, "Number of accesses to thread-local variables skipped");
STATISTIC(NumSkippedToolGlobal, "Number of accesses to ompracer's and LLVM's globals skipped");
STATISTIC(NumSkippedTaskDescriptor, "Number of accesses to OpenMP task descriptors skipped");
STATISTIC(NumSkippedTaskReductionCopy, "Number of accesses to task-reduction copies skipped");
STATISTIC(NumSkippedAddressSpace, "Number of accesses outside address space 0 skipped");
STATISTIC(NumSkippedScalable, "Number of scalable-vector accesses skipped");

// Release builds of LLVM compile statistics out, and clang parses -mllvm options
// before it loads pass plugins; so OMPRACER_PASS_STATS=1 prints the same counts.
static bool printStats() {
  const char *Env = getenv("OMPRACER_PASS_STATS");
  return Env && *Env && *Env != '0';
}

namespace ompracer {
namespace {

// Why an access gets no hook; each reason has its statistic.
enum class Skip {
  No,
  StackLocal,          // a stack slot whose address never escapes
  ImplicitTaskPrivate, // a stack slot that only libomp's loop/reduction calls see
  ThreadIdArg,         // libomp's thread ids, on its own frames (isThreadIdArg)
  ConstantGlobal,
  ThreadLocal, // thread_local / threadprivate
  ToolGlobal,  // ompracer's own globals and LLVM's (llvm.*)
  TaskDescriptor,
  TaskReductionCopy,
  AddressSpace, // not address space 0 (no shadow)
  Scalable,     // scalable vector: size unknown at compile time
};
constexpr unsigned NumSkipReasons = unsigned(Skip::Scalable) + 1;

// The OMPRACER_PASS_STATS summary line counts the reasons in four groups.
enum class SkipGroup { Local, ConstantOrThreadLocal, TaskDescriptor, Other };
constexpr unsigned NumSkipGroups = unsigned(SkipGroup::Other) + 1;
const char *const SkipGroupNames[NumSkipGroups] = {"local", "constant/thread-local",
                                                   "task-descriptor", "other"};

struct SkipReason {
  Statistic &Stat;
  const char *Name; // in the OMPRACER_PASS_STATS line of reasons
  SkipGroup Group;
};
SkipReason skipReason(Skip Why) {
  using G = SkipGroup;
  switch (Why) {
  case Skip::StackLocal: return {NumSkippedStackLocal, "non-escaping stack", G::Local};
  case Skip::ImplicitTaskPrivate:
    return {NumSkippedImplicitTaskPrivate, "implicit-task private", G::Local};
  case Skip::ThreadIdArg: return {NumSkippedThreadIdArg, "thread-id argument", G::Local};
  case Skip::ConstantGlobal:
    return {NumSkippedConstantGlobal, "constant global", G::ConstantOrThreadLocal};
  case Skip::ThreadLocal: return {NumSkippedThreadLocal, "thread-local", G::ConstantOrThreadLocal};
  case Skip::ToolGlobal:
    return {NumSkippedToolGlobal, "ompracer/LLVM global", G::ConstantOrThreadLocal};
  case Skip::TaskDescriptor:
    return {NumSkippedTaskDescriptor, "task descriptor", G::TaskDescriptor};
  case Skip::TaskReductionCopy:
    return {NumSkippedTaskReductionCopy, "task-reduction copy", G::TaskDescriptor};
  case Skip::AddressSpace: return {NumSkippedAddressSpace, "other address space", G::Other};
  case Skip::Scalable: return {NumSkippedScalable, "scalable vector", G::Other};
  case Skip::No: break;
  }
  llvm_unreachable("not a reason to skip an access");
}

struct Counts {
  unsigned Reads = 0, Writes = 0, Atomics = 0, Ranges = 0, Constructs = 0;
  unsigned PointerReads = 0; // of the reads, those of pointer values (readsPointer)
  unsigned LoopRanges = 0;   // of the reads and writes, those checked once per loop
  unsigned Batched = 0;      // and those checked by iteration batches
  unsigned UpdatePairs = 0;  // read and write pairs checked by one call (UpdatePairs.h)
  unsigned Skipped[NumSkipReasons] = {};
};

struct HeapAllocator;

class Instrumenter {
public:
  Instrumenter(Module &M, FunctionAnalysisManager &FAM)
      : M(M), FAM(FAM), Hooks(M), Sites(M, Hooks), DL(M.getDataLayout()) {}
  void runOnFunction(Function &F);
  void finish();

private:
  Skip classify(Value *Addr);
  bool shouldInstrument(Value *Addr);
  void instrumentLoadStore(Instruction *I, Value *Addr, Type *Ty, bool IsWrite, bool Atomic);
  bool wantsLoopRange(Instruction &I);
  void instrumentLoopRange(Instruction *I, const LoopRange &R);
  void instrumentUpdatePair(LoadInst *LI, StoreInst *SI);
  void instrumentBatch(Function &F, const IterationBatch &B);
  void instrumentAtomicDone(Instruction *I, Value *Addr, uint32_t Flags);
  void instrumentMemIntrinsic(MemIntrinsic *MI);
  void instrumentCall(CallBase *CB);
  void instrumentConstruct(CallBase *CB, StringRef Name);
  void markReductionStep(CallBase *CB, StringRef Name);
  void markCritical(CallBase *CB);
  void instrumentPollingRead(const PollingRead &R);
  void registerPolledLocks();
  void markFreshAllocas(Function &F);
  void markFreshAfter(CallBase *CB, function_ref<Value *(IRBuilder<> &)> Size,
                      bool HeapBlock = false);
  void markFreshOut(CallBase *CB, const HeapAllocator &A);
  void collectGlobals();
  bool isSimdLoopBegin(const Instruction &I) const;
  Value *site(IRBuilder<> &IRB, Instruction *I, ompracer_site_kind Kind) {
    return Sites.siteArg(IRB, accessLoc(I, Kind), Names.nameFor(*I), Kind);
  }
  // An access of a reduction's combining step is named by the step's entry call (its
  // directive), whichever case libomp picks at run time: a report then names the same
  // source position at every team size.
  DebugLoc accessLoc(Instruction *I, ompracer_site_kind Kind) const {
    bool Access =
        Kind == OMPRACER_SITE_READ || Kind == OMPRACER_SITE_WRITE || Kind == OMPRACER_SITE_ATOMIC;
    auto C = Access ? Combining.find(I->getParent()) : Combining.end();
    return C != Combining.end() && C->second->getDebugLoc() ? C->second->getDebugLoc()
                                                            : I->getDebugLoc();
  }

  Module &M;
  FunctionAnalysisManager &FAM;
  RuntimeHooks Hooks;
  SiteTable Sites;
  SourceFunctionNamer Names;
  const DataLayout &DL;
  Counts C;
  SmallVector<GlobalVariable *, 2> PolledLocks; // of the whole module (PollingReads.h)
  bool HasSimdLoop = false;                 // the function being instrumented runs an omp simd loop
  SmallPtrSet<AllocaInst *, 4> ToolAllocas; // iteration batches' arrays
  // Its reduction combining steps' blocks (OpenMPLowering.h, combiningBlocks).
  DenseMap<const BasicBlock *, const CallBase *> Combining;
};

// ---- Filters: which addresses get no hook ------------------------------------------

// Address spaces other than 0 (GPU local memory and the like) have no shadow.
bool isDefaultAddressSpace(const Value *Addr) {
  return Addr->getType()->getPointerAddressSpace() == 0;
}

// A stack slot whose address never leaves the function is private to its strand.
bool isNonEscapingStackSlot(const AllocaInst *AI) {
  return !PointerMayBeCaptured(AI, /*ReturnCaptures=*/true, /*StoreCaptures=*/true);
}

// Calls through which the OpenMP runtime reads or writes a slot of the implicit task
// itself: loop bounds (.omp.lb, .omp.ub, ...) and a reduction's private copies.
bool isRuntimePrivateUse(const CallBase *CB) {
  // Not memcpy and the like: clang copies captured addresses into a task's shareds
  // with memcpy, which makes them shared.
  if (const auto *II = dyn_cast<IntrinsicInst>(CB))
    return II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II);
  StringRef N = calleeName(*CB);
  return isLoopSchedulingCall(N) || isReductionCall(N);
}

// Whether a stack slot's address goes nowhere but into its own loads and stores and
// into the runtime calls above, possibly through a local array of pointers (a
// reduction's list). Such a slot is private to the implicit task: the chunks of one
// thread share it, but in any other schedule another thread has its own copy, so its
// accesses cannot race.
bool isImplicitTaskPrivate(const Value *Slot, unsigned Depth = 0) {
  SmallVector<const Value *, 8> Work{Slot};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const User *U : V->users()) {
      if (isa<GetElementPtrInst, BitCastInst, AddrSpaceCastInst>(U)) {
        Work.push_back(U);
      } else if (isa<LoadInst>(U)) {
        continue;
      } else if (const auto *SI = dyn_cast<StoreInst>(U)) {
        if (SI->getValueOperand() != V)
          continue;
        // The address is stored: fine only into another private slot (the list).
        const auto *Dest = dyn_cast<AllocaInst>(getUnderlyingObject(SI->getPointerOperand(), 0));
        if (!Dest || Depth > 1 || !isImplicitTaskPrivate(Dest, Depth + 1))
          return false;
      } else if (const auto *CB = dyn_cast<CallBase>(U)) {
        if (!isRuntimePrivateUse(CB))
          return false;
      } else {
        return false;
      }
    }
  }
  return true;
}

// The lanes of a simd loop share the function's arrays and structs. (Scalar slots stay
// private: clang gives each simd private one, shared by all iterations in the IR
// although each lane has its own.)
bool isAggregateSlot(const AllocaInst *AI) {
  return AI->isArrayAllocation() || !AI->getAllocatedType()->isSingleValueType();
}

// threadprivate / thread_local: each thread has its own copy.
bool isThreadLocalAddress(const Value *Obj) {
  if (const auto *GV = dyn_cast<GlobalVariable>(Obj))
    return GV->isThreadLocal();
  const auto *II = dyn_cast<IntrinsicInst>(Obj);
  return II && II->getIntrinsicID() == Intrinsic::threadlocal_address;
}

// ompracer's globals (the site base) and LLVM's (llvm.used, metadata sections).
bool isToolGlobal(const GlobalVariable &GV) {
  return isOmpracerSymbol(GV.getName()) || GV.getName().starts_with("llvm.") ||
         GV.getSection() == "llvm.metadata";
}

Skip Instrumenter::classify(Value *Addr) {
  if (!isDefaultAddressSpace(Addr))
    return Skip::AddressSpace;
  const Value *Obj = getUnderlyingObject(Addr, /*MaxLookup=*/0);
  if (const auto *AI = dyn_cast<AllocaInst>(Obj); AI && !(HasSimdLoop && isAggregateSlot(AI))) {
    if (isNonEscapingStackSlot(AI))
      return Skip::StackLocal;
    if (isImplicitTaskPrivate(AI))
      return Skip::ImplicitTaskPrivate;
  }
  if (const auto *GV = dyn_cast<GlobalVariable>(Obj)) {
    if (GV->isConstant())
      return Skip::ConstantGlobal;
    if (GV->isThreadLocal())
      return Skip::ThreadLocal;
    if (isToolGlobal(*GV))
      return Skip::ToolGlobal;
  }
  if (isThreadLocalAddress(Obj))
    return Skip::ThreadLocal;
  if (isThreadIdArg(Obj))
    return Skip::ThreadIdArg;
  if (isTaskAllocCall(Obj) || isTaskDescriptorArg(Obj))
    return Skip::TaskDescriptor;
  if (isTaskReductionCopy(Obj))
    return Skip::TaskReductionCopy;
  return Skip::No;
}

// Whether an access to Addr gets a hook; counts the reason when not.
bool Instrumenter::shouldInstrument(Value *Addr) {
  Skip Why = classify(Addr);
  if (Why == Skip::No)
    return true;
  C.Skipped[unsigned(Why)]++;
  return false;
}

// What an atomic instruction does, for the hooks (OMPRACER_ATOMIC_*): whether it reads
// and writes, and whether its memory order makes the read an acquire and the write a
// release. A cmpxchg counts with its success ordering.
uint32_t atomicFlags(const Instruction *I) {
  AtomicOrdering O = AtomicOrdering::NotAtomic;
  bool Reads = true, Writes = true;
  if (const auto *LI = dyn_cast<LoadInst>(I))
    O = LI->getOrdering(), Writes = false;
  else if (const auto *SI = dyn_cast<StoreInst>(I))
    O = SI->getOrdering(), Reads = false;
  else if (const auto *RMW = dyn_cast<AtomicRMWInst>(I))
    O = RMW->getOrdering();
  else if (const auto *CX = dyn_cast<AtomicCmpXchgInst>(I))
    O = CX->getSuccessOrdering();
  uint32_t F = (Reads ? OMPRACER_ATOMIC_READ : 0) | (Writes ? OMPRACER_ATOMIC_WRITE : 0);
  if (Reads && isAcquireOrStronger(O))
    F |= OMPRACER_ATOMIC_ACQUIRE;
  if (Writes && isReleaseOrStronger(O))
    F |= OMPRACER_ATOMIC_RELEASE;
  return F;
}

// A value of up to 64 bits as the hook's uint64_t (zero-extended), or null (wider, or a
// vector: the runtime then matches no read against it).
Value *asU64(IRBuilder<> &IRB, const DataLayout &DL, Value *V) {
  Type *Ty = V->getType();
  if (Ty->isPointerTy())
    return IRB.CreatePtrToInt(V, IRB.getInt64Ty());
  if (Ty->isFloatingPointTy() && DL.getTypeSizeInBits(Ty) <= 64)
    V = IRB.CreateBitCast(V, IRB.getIntNTy(DL.getTypeSizeInBits(Ty))), Ty = V->getType();
  if (Ty->isIntegerTy() && Ty->getIntegerBitWidth() <= 64)
    return IRB.CreateZExt(V, IRB.getInt64Ty());
  return nullptr;
}

// The value an atomicrmw writes, computed from the old value it returns; null for the
// operations not listed (the runtime then matches no read against it).
Value *rmwWritten(IRBuilder<> &IRB, AtomicRMWInst *RMW) {
  Value *Old = RMW, *V = RMW->getValOperand();
  switch (RMW->getOperation()) {
  case AtomicRMWInst::Xchg: return V;
  case AtomicRMWInst::Add: return IRB.CreateAdd(Old, V);
  case AtomicRMWInst::Sub: return IRB.CreateSub(Old, V);
  case AtomicRMWInst::And: return IRB.CreateAnd(Old, V);
  case AtomicRMWInst::Nand: return IRB.CreateNot(IRB.CreateAnd(Old, V));
  case AtomicRMWInst::Or: return IRB.CreateOr(Old, V);
  case AtomicRMWInst::Xor: return IRB.CreateXor(Old, V);
  case AtomicRMWInst::Max: return IRB.CreateSelect(IRB.CreateICmpSGT(Old, V), Old, V);
  case AtomicRMWInst::Min: return IRB.CreateSelect(IRB.CreateICmpSLT(Old, V), Old, V);
  case AtomicRMWInst::UMax: return IRB.CreateSelect(IRB.CreateICmpUGT(Old, V), Old, V);
  case AtomicRMWInst::UMin: return IRB.CreateSelect(IRB.CreateICmpULT(Old, V), Old, V);
  case AtomicRMWInst::FAdd: return IRB.CreateFAdd(Old, V);
  case AtomicRMWInst::FSub: return IRB.CreateFSub(Old, V);
  default: return nullptr;
  }
}

// ---- Accesses ------------------------------------------------------------------------

// Whether a plain read loads an 8-byte pointer value and may be read again by the
// runtime (not volatile): its hook may prefetch the shadow of what it points to.
static bool readsPointer(const Instruction *I, Type *Ty, uint64_t Bytes) {
  const auto *LI = dyn_cast<LoadInst>(I);
  return LI && LI->isSimple() && Ty->isPointerTy() && Bytes == 8;
}

void Instrumenter::instrumentLoadStore(Instruction *I, Value *Addr, Type *Ty, bool IsWrite,
                                       bool IsAtomic) {
  TypeSize Size = DL.getTypeStoreSize(Ty);
  if (Size.isScalable()) {
    C.Skipped[unsigned(Skip::Scalable)]++;
    return;
  }
  if (!shouldInstrument(Addr))
    return;
  IRBuilder<> IRB(I);
  uint64_t Bytes = Size.getFixedValue();
  if (IsAtomic) {
    uint32_t Flags = atomicFlags(I);
    IRB.CreateCall(Hooks.Atomic, {Addr, IRB.getInt64(Bytes), IRB.getInt32(Flags),
                                  site(IRB, I, OMPRACER_SITE_ATOMIC)});
    if (OMPRACER_ATOMIC_HAS_DONE(Flags))
      instrumentAtomicDone(I, Addr, Flags);
    C.Atomics++;
    return;
  }
  Value *Site = site(IRB, I, IsWrite ? OMPRACER_SITE_WRITE : OMPRACER_SITE_READ);
  if (!IsWrite && readsPointer(I, Ty, Bytes)) {
    IRB.CreateCall(Hooks.ReadPointer, {Addr, Site});
    C.PointerReads++;
  } else if (Bytes && isPowerOf2_64(Bytes) && Log2_64(Bytes) < RuntimeHooks::NumSizedAccesses) {
    FunctionCallee Hook = (IsWrite ? Hooks.Write : Hooks.Read)[Log2_64(Bytes)];
    IRB.CreateCall(Hook, {Addr, Site});
  } else {
    IRB.CreateCall(IsWrite ? Hooks.WriteRange : Hooks.ReadRange, {Addr, IRB.getInt64(Bytes), Site});
  }
  (IsWrite ? C.Writes : C.Reads)++;
}

// A plain access whose hook would be a sized one (not atomic, not volatile, checked):
// may it be checked once for its loop instead (LoopRanges.h)? Asks the filters without
// counting a skip; the access is counted where it is instrumented.
bool Instrumenter::wantsLoopRange(Instruction &I) {
  Value *Addr = getLoadStorePointerOperand(&I);
  return Addr &&
         (isa<LoadInst>(I) ? cast<LoadInst>(I).isSimple() : cast<StoreInst>(I).isSimple()) &&
         classify(Addr) == Skip::No;
}

// One call, before the load, for a load and a store of the same bytes (UpdatePairs.h):
// each with its own site, as their own hooks would have.
void Instrumenter::instrumentUpdatePair(LoadInst *LI, StoreInst *SI) {
  IRBuilder<> IRB(LI);
  Value *ReadSite = site(IRB, LI, OMPRACER_SITE_READ);
  Value *WriteSite = site(IRB, SI, OMPRACER_SITE_WRITE);
  bool Word = DL.getTypeStoreSize(LI->getType()).getFixedValue() == 8;
  IRB.CreateCall(Hooks.Update[Word], {LI->getPointerOperand(), ReadSite, WriteSite});
  C.Reads++;
  C.Writes++;
  C.UpdatePairs++;
}

// The hooks that check the access's bytes for all iterations of its loop: before the
// loop, or on each of its exit edges.
void Instrumenter::instrumentLoopRange(Instruction *I, const LoopRange &R) {
  bool IsWrite = isa<StoreInst>(I);
  (IsWrite ? C.Writes : C.Reads)++;
  C.LoopRanges++;
  for (const RangeCheck &Check : R.Checks) { // none: another copy checks the range
    IRBuilder<> IRB(Check.InsertBefore);
    IRB.SetCurrentDebugLocation(I->getDebugLoc());
    Value *Site = site(IRB, I, IsWrite ? OMPRACER_SITE_WRITE : OMPRACER_SITE_READ);
    if (Check.Count)
      IRB.CreateCall(IsWrite ? Hooks.WriteStrided : Hooks.ReadStrided,
                     {Check.Start, Check.Count, Check.Stride, Check.Bytes, Site});
    else
      IRB.CreateCall(IsWrite ? Hooks.WriteLoopRange : Hooks.ReadLoopRange,
                     {Check.Start, Check.Bytes, Site});
  }
}

// The call that checks a batch of a loop's iterations (IterationBatches.h), on the
// loop's exit edge: its accesses described in an array of struct
// ompracer_iteration_access in the function's frame (the tool's own memory: no
// fresh-memory hook, markFreshAllocas).
void Instrumenter::instrumentBatch(Function &F, const IterationBatch &B) {
  LLVMContext &Ctx = F.getContext();
  Type *I32 = Type::getInt32Ty(Ctx), *I64 = Type::getInt64Ty(Ctx);
  StructType *Entry = StructType::get(Ctx, {PointerType::getUnqual(Ctx), I64, I64, I32, I32});
  unsigned N = B.Accesses.size();
  ArrayType *Batch = ArrayType::get(Entry, N);
  IRBuilder<> Alloc(&*F.getEntryBlock().getFirstInsertionPt());
  AllocaInst *Array = Alloc.CreateAlloca(Batch, nullptr, "ompracer.batch");
  ToolAllocas.insert(Array);
  IRBuilder<> IRB(B.InsertBefore);
  for (unsigned K = 0; K < N; K++) {
    const BatchedAccess &A = B.Accesses[K];
    IRB.SetCurrentDebugLocation(A.I->getDebugLoc());
    Value *Site = site(IRB, A.I, A.IsWrite ? OMPRACER_SITE_WRITE : OMPRACER_SITE_READ);
    Value *Fields[] = {A.Start, A.Step, IRB.getInt64(A.Size), Site, IRB.getInt32(A.IsWrite)};
    for (unsigned Field = 0; Field < 5; Field++)
      IRB.CreateStore(Fields[Field],
                      IRB.CreateInBoundsGEP(
                          Batch, Array, {IRB.getInt32(0), IRB.getInt32(K), IRB.getInt32(Field)}));
    (A.IsWrite ? C.Writes : C.Reads)++;
    C.Batched++;
  }
  IRB.SetCurrentDebugLocation(B.Marker->getDebugLoc());
  IRB.CreateCall(Hooks.Iterations, {Array, IRB.getInt32(N), B.First, B.Count});
}

// After an atomic instruction: the values it read and wrote, for synchronisation
// (hooks.h, __ompracer_atomic_done).
void Instrumenter::instrumentAtomicDone(Instruction *I, Value *Addr, uint32_t Flags) {
  IRBuilder<> IRB(I->getNextNode());
  IRB.SetCurrentDebugLocation(I->getDebugLoc());
  Value *Read = nullptr, *Written = nullptr, *Failed = nullptr;
  if (auto *LI = dyn_cast<LoadInst>(I)) {
    Read = LI;
  } else if (auto *SI = dyn_cast<StoreInst>(I)) {
    Written = SI->getValueOperand();
  } else if (auto *RMW = dyn_cast<AtomicRMWInst>(I)) {
    Read = RMW;
    Written = rmwWritten(IRB, RMW);
  } else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(I)) {
    Read = IRB.CreateExtractValue(CX, 0);
    Written = CX->getNewValOperand();
    Failed = IRB.CreateNot(IRB.CreateExtractValue(CX, 1));
  }
  Value *Zero = IRB.getInt64(0);
  Value *ReadV = Read ? asU64(IRB, DL, Read) : nullptr;
  Value *WrittenV = Written ? asU64(IRB, DL, Written) : nullptr;
  Flags |= (ReadV ? OMPRACER_ATOMIC_READ_VALUE : 0) | (WrittenV ? OMPRACER_ATOMIC_WRITE_VALUE : 0);
  Value *FlagsV = IRB.getInt32(Flags);
  if (Failed)
    FlagsV = IRB.CreateSelect(Failed, IRB.getInt32(Flags | OMPRACER_ATOMIC_FAILED), FlagsV);
  IRB.CreateCall(Hooks.AtomicDone,
                 {Addr, ReadV ? ReadV : Zero, WrittenV ? WrittenV : Zero, FlagsV});
}

// memcpy / memmove read their source and write their destination, memset writes its
// destination: one range hook per side that is not skipped. The intrinsic counts as
// instrumented when at least one side is.
void Instrumenter::instrumentMemIntrinsic(MemIntrinsic *MI) {
  IRBuilder<> IRB(MI);
  Value *Len = nullptr;
  auto length = [&] {
    if (!Len)
      Len = IRB.CreateZExtOrTrunc(MI->getLength(), IRB.getInt64Ty());
    return Len;
  };
  bool Instrumented = false;
  if (auto *MT = dyn_cast<MemTransferInst>(MI); MT && shouldInstrument(MT->getSource())) {
    IRB.CreateCall(Hooks.ReadRange, {MT->getSource(), length(), site(IRB, MI, OMPRACER_SITE_READ)});
    Instrumented = true;
  }
  if (shouldInstrument(MI->getDest())) {
    IRB.CreateCall(Hooks.WriteRange, {MI->getDest(), length(), site(IRB, MI, OMPRACER_SITE_WRITE)});
    Instrumented = true;
  }
  if (Instrumented)
    C.Ranges++;
}

// ---- Fresh memory --------------------------------------------------------------------

// Heap allocators whose result is fresh memory: the argument with the block's size
// and, for calloc and reallocarray, the one with the number of elements (the block is
// Count * Size). posix_memalign returns the block through its OutArg instead (and 0
// when it allocated one).
struct HeapAllocator {
  StringRef Name;
  unsigned SizeArg;
  int CountArg = -1;
  int OutArg = -1;
};
const HeapAllocator HeapAllocators[] = {
    {"malloc", 0},
    {"_Znwm", 0},
    {"_Znam", 0},
    {"_ZnwmRKSt9nothrow_t", 0},
    {"_ZnamRKSt9nothrow_t", 0},
    {"_ZnwmSt11align_val_t", 0},
    {"_ZnamSt11align_val_t", 0},
    {"_ZnwmSt11align_val_tRKSt9nothrow_t", 0},
    {"_ZnamSt11align_val_tRKSt9nothrow_t", 0},
    {"realloc", 1},
    {"reallocarray", 2, 1},
    {"aligned_alloc", 1},
    {"memalign", 1},
    {"valloc", 0},
    {"calloc", 1, 0},
    {"posix_memalign", 2, -1, 0},
};

const HeapAllocator *heapAllocator(StringRef Name, const CallBase &CB) {
  auto HasArg = [&](int Arg) { return Arg < 0 || unsigned(Arg) < CB.arg_size(); };
  for (const HeapAllocator &A : HeapAllocators)
    if (A.Name == Name)
      return HasArg(int(A.SizeArg)) && HasArg(A.CountArg) && HasArg(A.OutArg) ? &A : nullptr;
  return nullptr;
}

// Marks the block an allocating call returns fresh, right after the call; Size builds
// the block's size there. A heap block is named by its allocation site in reports.
void Instrumenter::markFreshAfter(CallBase *CB, function_ref<Value *(IRBuilder<> &)> Size,
                                  bool HeapBlock) {
  Instruction *After = nullptr;
  if (auto *CI = dyn_cast<CallInst>(CB))
    After = CI->getNextNode();
  else if (auto *II = dyn_cast<InvokeInst>(CB); II && II->getNormalDest()->getSinglePredecessor())
    After = &*II->getNormalDest()->getFirstInsertionPt(); // C++ new, inlined at -O2
  if (!After) // an invoke whose normal destination other paths reach too; skip
    return;
  IRBuilder<> IRB(After);
  IRB.SetCurrentDebugLocation(CB->getDebugLoc());
  Value *Bytes = IRB.CreateZExtOrTrunc(Size(IRB), IRB.getInt64Ty());
  if (HeapBlock)
    IRB.CreateCall(Hooks.FreshObject, {CB, Bytes, site(IRB, CB, OMPRACER_SITE_ALLOC),
                                       ConstantPointerNull::get(IRB.getPtrTy())});
  else
    IRB.CreateCall(Hooks.FreshMemory, {CB, Bytes});
}

// Marks the heap block an allocator stores through its OutArg (posix_memalign) fresh,
// right after the call and only when the call returned 0: on failure *OutArg holds no
// block (it may be left as it was), so nothing may be marked.
void Instrumenter::markFreshOut(CallBase *CB, const HeapAllocator &A) {
  auto *CI = dyn_cast<CallInst>(CB); // a C function: never an invoke in practice
  if (!CI || !CI->getType()->isIntegerTy() || !CI->getNextNode())
    return;
  Instruction *Next = CI->getNextNode();
  IRBuilder<> IRB(Next);
  IRB.SetCurrentDebugLocation(CI->getDebugLoc());
  Value *Allocated = IRB.CreateICmpEQ(CI, ConstantInt::get(CI->getType(), 0));
  Instruction *Then = SplitBlockAndInsertIfThen(Allocated, Next, /*Unreachable=*/false);
  IRB.SetInsertPoint(Then);
  Value *Block = IRB.CreateLoad(IRB.getPtrTy(), CI->getArgOperand(unsigned(A.OutArg)));
  Value *Bytes = IRB.CreateZExtOrTrunc(CI->getArgOperand(A.SizeArg), IRB.getInt64Ty());
  IRB.CreateCall(Hooks.FreshObject, {Block, Bytes, site(IRB, CI, OMPRACER_SITE_ALLOC),
                                     ConstantPointerNull::get(IRB.getPtrTy())});
}

// ---- Calls ---------------------------------------------------------------------------

// Brackets a reduction's entry and exit calls (hooks.h, __ompracer_reduction): the
// runtime learns from the entry's answer whether this thread combines for others.
void Instrumenter::markReductionStep(CallBase *CB, StringRef Name) {
  bool Entry = isReduceEntry(Name);
  if ((!Entry && !isReduceExit(Name)) || !CB->getNextNode())
    return;
  IRBuilder<> Before(CB);
  Before.CreateCall(Hooks.Reduction,
                    {Before.getInt32(Entry ? OMPRACER_REDUCE_ENTER : OMPRACER_REDUCE_FINISH),
                     Before.getInt32(0)});
  IRBuilder<> After(CB->getNextNode());
  After.SetCurrentDebugLocation(CB->getDebugLoc());
  Value *Method = Entry ? After.CreateZExtOrTrunc(CB, After.getInt32Ty()) : After.getInt32(0);
  After.CreateCall(Hooks.Reduction,
                   {After.getInt32(Entry ? OMPRACER_REDUCE_METHOD : OMPRACER_REDUCE_DONE), Method});
}

// Announces a critical section's entry (after the call: the lock is held) and its end
// (before the call: still held), for hand-offs through critical sections.
void Instrumenter::markCritical(CallBase *CB) {
  bool Entry = false;
  Value *Lock = criticalLockArg(*CB, Entry);
  if (!Lock || !isa<CallInst>(CB) || (Entry && !CB->getNextNode()))
    return;
  IRBuilder<> IRB(Entry ? CB->getNextNode() : CB);
  IRB.CreateCall(Entry ? Hooks.CriticalEntered : Hooks.CriticalLeaving, {Lock});
}

// Right after the load: the value it read, for the runtime to judge the hand-off.
void Instrumenter::instrumentPollingRead(const PollingRead &R) {
  if (classify(R.Load->getPointerOperand()) != Skip::No) // a local flag: no task sets it
    return;
  IRBuilder<> IRB(R.Load->getNextNode());
  IRB.SetCurrentDebugLocation(R.Load->getDebugLoc());
  IRB.CreateCall(Hooks.BranchRead,
                 {R.Load->getPointerOperand(), IRB.CreateZExt(R.Load, IRB.getInt64Ty()),
                  IRB.getInt64(R.Constant), IRB.getInt32(R.How)});
  NumPollingReads++;
}

// The module constructor registers the locks of the critical sections its polling
// loops enter: a critical section elsewhere that sets the flag must know it is polled.
void Instrumenter::registerPolledLocks() {
  if (PolledLocks.empty())
    return;
  LLVMContext &Ctx = M.getContext();
  Function *Ctor = Function::Create(FunctionType::get(Type::getVoidTy(Ctx), false),
                                    GlobalValue::InternalLinkage, "ompracer.polled_ctor", M);
  IRBuilder<> IRB(BasicBlock::Create(Ctx, "entry", Ctor));
  for (GlobalVariable *GV : PolledLocks)
    IRB.CreateCall(Hooks.PolledCritical, {GV});
  IRB.CreateRetVoid();
  appendToGlobalCtors(M, Ctor, 0);
}

void Instrumenter::instrumentConstruct(CallBase *CB, StringRef Name) {
  IRBuilder<> IRB(CB);
  if (isTaskBeginIf0(Name))
    IRB.CreateCall(Hooks.TaskIf0, {});
  unsigned Line, Col;
  Value *Site = directiveLocation(CB, Line, Col)
                    ? Sites.siteArgAt(IRB, CB->getDebugLoc(), Names.nameFor(*CB), Line, Col,
                                      OMPRACER_SITE_CONSTRUCT)
                    : site(IRB, CB, OMPRACER_SITE_CONSTRUCT);
  IRB.CreateCall(Hooks.Construct, {Site});
  C.Constructs++;
  markReductionStep(CB, Name);
  if (StringRef Critical = criticalName(*CB); !Critical.empty())
    IRB.CreateCall(Hooks.CriticalName, {IRB.CreateGlobalStringPtr(Critical, "ompracer.critical")});
  if (int Arg = numTeamsArg(Name); Arg >= 0 && CB->arg_size() > unsigned(Arg))
    IRB.CreateCall(Hooks.NumTeams,
                   {IRB.CreateZExtOrTrunc(CB->getArgOperand(Arg), IRB.getInt32Ty())});
  if (isDoacrossInit(Name)) // not modelled: the runtime warns once
    IRB.CreateCall(Hooks.Unsupported, {IRB.getInt32(OMPRACER_UNSUPPORTED_DOACROSS), Site});
  // A task descriptor is new memory: the runtime may hand out one a finished task
  // used, whose accesses must not be mistaken for this task's.
  if (isTaskAlloc(Name) && CB->arg_size() > TaskAllocSharedsSizeArg)
    markFreshAfter(CB, [&](IRBuilder<> &B) {
      Value *TaskBytes =
          B.CreateZExtOrTrunc(CB->getArgOperand(TaskAllocTaskSizeArg), B.getInt64Ty());
      Value *Shareds =
          B.CreateZExtOrTrunc(CB->getArgOperand(TaskAllocSharedsSizeArg), B.getInt64Ty());
      Value *Aligned = B.CreateAnd(B.CreateAdd(TaskBytes, B.getInt64(TaskSharedsAlign - 1)),
                                   B.getInt64(~(TaskSharedsAlign - 1)));
      return B.CreateAdd(Aligned, Shareds);
    });
}

void Instrumenter::instrumentCall(CallBase *CB) {
  StringRef Name = calleeName(*CB);
  if (Name.empty())
    return;
  if (Hooks.isLoopBegin(*CB)) {
    // MarkLoops left the site to us (we own the site table): the directive's location.
    IRBuilder<> IRB(CB);
    CB->setArgOperand(0, site(IRB, CB, OMPRACER_SITE_CONSTRUCT));
    return;
  }
  if (isConstructCall(Name)) {
    markCritical(CB);
    // A lock hand-off is noted while the lock is still held (the next holder looks
    // for it as soon as it has the lock); a flush takes effect after the call.
    if (isLockRelease(Name) && CB->arg_size() > 0)
      IRBuilder<>(CB).CreateCall(Hooks.LockRelease, {CB->getArgOperand(0)});
    instrumentConstruct(CB, Name);
    if (isFlush(Name) && isa<CallInst>(CB))
      IRBuilder<>(CB->getNextNode()).CreateCall(Hooks.Flush, {});
    return;
  }
  const HeapAllocator *A = heapAllocator(Name, *CB);
  if (A && A->OutArg >= 0)
    markFreshOut(CB, *A);
  else if (A)
    markFreshAfter(
        CB,
        [&](IRBuilder<> &B) -> Value * {
          Value *Size = B.CreateZExtOrTrunc(CB->getArgOperand(A->SizeArg), B.getInt64Ty());
          if (A->CountArg < 0)
            return Size;
          return B.CreateMul(B.CreateZExtOrTrunc(CB->getArgOperand(A->CountArg), B.getInt64Ty()),
                             Size);
        },
        /*HeapBlock=*/true);
}

// Whether code other than direct loads and stores of the slot may reach it through a
// pointer (even a callee that does not capture the pointer: it is instrumented).
bool addressTaken(const AllocaInst *AI) {
  SmallVector<const Value *, 8> Work{AI};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const User *U : V->users()) {
      if (isa<GetElementPtrInst, BitCastInst, AddrSpaceCastInst>(U))
        Work.push_back(U);
      else if (isa<LoadInst>(U) ||
               (isa<StoreInst>(U) && cast<StoreInst>(U)->getValueOperand() != V))
        continue;
      else if (const auto *II = dyn_cast<IntrinsicInst>(U);
               II && (II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II)))
        continue;
      else
        return true;
    }
  }
  return false;
}

// The source variable a stack slot holds (its dbg.declare), if any.
const DILocalVariable *declaredVariable(AllocaInst *AI) {
  for (DbgVariableRecord *DVR : findDVRDeclares(AI))
    return DVR->getVariable();
  for (DbgDeclareInst *DDI : findDbgDeclares(AI))
    return DDI->getVariable();
  // -O2 (assignment tracking): the slot's assignment markers name the variable.
  for (DbgVariableRecord *DVR : at::getDVRAssignmentMarkers(AI))
    return DVR->getVariable();
  for (DbgAssignIntrinsic *DAI : at::getAssignmentMarkers(AI))
    return DAI->getVariable();
  return nullptr;
}

// Whether F's slots may be confined to their task (runtime/confined.h): every return
// of F pops them, so F must not unwind (an exception would skip the pops) and must
// not end in a musttail call (no call may come between it and the return).
bool allowsConfinedSlots(const Function &F) {
  if (!F.doesNotThrow())
    return false;
  for (const Instruction &I : instructions(F))
    if (const auto *CI = dyn_cast<CallInst>(&I); CI && CI->isMustTailCall())
      return false;
  return true;
}

// Whether every use of Ptr (a slot's address, or a pointer argument it is passed as)
// only accesses the memory: loads, stores and atomics through it, memory intrinsics,
// address comparisons, ompracer's hooks (which keep no copy), and calls of functions
// defined here (not interposable, not available_externally) whose argument passes the
// same test. LLVM's nocapture is not enough for confinement: it says no copy outlives
// the call, and a callee declared noescape may still hand the pointer to a task that
// runs during the call (tests/integration/race_confined_noescape_task.c).
bool onlyAccessedByVisibleCode(const Value *Ptr,
                               SmallSet<std::pair<const Function *, unsigned>, 8> &Seen,
                               unsigned Depth) {
  if (Depth > 8)
    return false;
  SmallVector<const Value *, 8> Work{Ptr};
  SmallPtrSet<const Value *, 16> Visited{Ptr};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const Use &U : V->uses()) {
      const User *Usr = U.getUser();
      if (isa<GetElementPtrInst, BitCastInst, AddrSpaceCastInst, PHINode, SelectInst>(Usr)) {
        if (Visited.insert(Usr).second)
          Work.push_back(Usr);
      } else if (isa<LoadInst>(Usr) || isa<ICmpInst>(Usr)) {
        continue;
      } else if (const auto *RMW = dyn_cast<AtomicRMWInst>(Usr)) {
        if (RMW->getPointerOperand() != V || RMW->isVolatile())
          return false;
      } else if (const auto *CX = dyn_cast<AtomicCmpXchgInst>(Usr)) {
        if (CX->getPointerOperand() != V || CX->isVolatile())
          return false;
      } else if (const auto *SI = dyn_cast<StoreInst>(Usr)) {
        if (SI->getValueOperand() == V || SI->isVolatile())
          return false;
      } else if (const auto *II = dyn_cast<IntrinsicInst>(Usr)) {
        if (!(II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II) ||
              (isa<MemIntrinsic>(II) && !cast<MemIntrinsic>(II)->isVolatile())))
          return false;
      } else if (const auto *CB = dyn_cast<CallBase>(Usr)) {
        const Function *Callee = CB->getCalledFunction();
        if (Callee && isOmpracerSymbol(Callee->getName()))
          continue; // a hook (the callee may be instrumented already): no copy is kept
        if (!Callee || Callee->isDeclaration() || Callee->isInterposable() ||
            Callee->hasAvailableExternallyLinkage() || !CB->isArgOperand(&U) ||
            CB->getFunctionType() != Callee->getFunctionType())
          return false;
        unsigned No = CB->getArgOperandNo(&U);
        if (No >= Callee->arg_size())
          return false; // a variadic argument
        if (!Seen.insert({Callee, No}).second)
          continue; // being checked further up
        if (!onlyAccessedByVisibleCode(Callee->getArg(No), Seen, Depth + 1))
          return false;
      } else {
        return false;
      }
    }
  }
  return true;
}

// Address-taken stack slots start with no history: a thread reuses its stack for many
// strands, and two objects that shared an address must not look like one. A slot that
// holds a source variable is named in reports by its declaration.
//
// A static slot whose accesses here get no hook because its address is not captured
// (classify: only its own loads and stores, and calls that keep no copy of it, reach
// it), and whose address reaches only code defined here that merely accesses it
// (onlyAccessedByVisibleCode), is confined to the task that runs F instead: the
// runtime skips the accesses that those calls make to it while the task runs its
// strands in series, and forgets its history only if it is ever reached otherwise
// (runtime/confined.h says why no race is lost). F's returns pop its slots.
void Instrumenter::markFreshAllocas(Function &F) {
  SmallVector<AllocaInst *, 16> Escaping;
  for (Instruction &I : instructions(F))
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      if (!ToolAllocas.count(AI) && addressTaken(AI))
        Escaping.push_back(AI);
  if (Escaping.empty())
    return;
  // Confined slots are pushed together where the entry block's first allocas end.
  SmallPtrSet<AllocaInst *, 16> Leading;
  BasicBlock::iterator PushAt = F.getEntryBlock().begin();
  for (; isa<AllocaInst>(PushAt); ++PushAt)
    Leading.insert(cast<AllocaInst>(&*PushAt));
  bool MayConfine = allowsConfinedSlots(F);
  struct Slot {
    AllocaInst *AI;
    Value *Bytes, *Site, *Name;
  };
  SmallVector<Slot, 8> Confined;
  for (AllocaInst *AI : Escaping) {
    IRBuilder<> IRB(AI->getNextNode());
    while (isa<AllocaInst>(IRB.GetInsertPoint()))
      IRB.SetInsertPoint(IRB.GetInsertPoint()->getNextNode());
    bool Confine = MayConfine && Leading.contains(AI) && AI->isStaticAlloca() &&
                   classify(AI) == Skip::StackLocal && [&] {
                     SmallSet<std::pair<const Function *, unsigned>, 8> Seen;
                     return onlyAccessedByVisibleCode(AI, Seen, 0);
                   }();
    if (Confine)
      IRB.SetInsertPoint(PushAt);
    Value *Bytes = IRB.getInt64(DL.getTypeAllocSize(AI->getAllocatedType()).getKnownMinValue());
    if (AI->isArrayAllocation())
      Bytes = IRB.CreateMul(Bytes, IRB.CreateZExtOrTrunc(AI->getArraySize(), IRB.getInt64Ty()));
    const DILocalVariable *Var = declaredVariable(AI);
    bool Named = Var && !Var->getName().empty() && !Var->isArtificial();
    Value *Site = Named
                      ? Sites.siteArgIn(IRB, debugInfoPath(Var->getFilename(), Var->getDirectory()),
                                        Names.nameOf(F), Var->getLine(), 0, OMPRACER_SITE_DECLARE)
                      : IRB.getInt32(0);
    Value *Name =
        Named ? Sites.stringConstant(Var->getName()) : ConstantPointerNull::get(IRB.getPtrTy());
    if (Confine)
      Confined.push_back({AI, Bytes, Site, Name});
    else if (Named)
      IRB.CreateCall(Hooks.FreshObject, {AI, Bytes, Site, Name});
    else
      IRB.CreateCall(Hooks.FreshMemory, {AI, Bytes});
  }
  if (Confined.empty())
    return;
  IRBuilder<> IRB(&*PushAt);
  Value *Mark = IRB.getInt32(OMPRACER_CONFINED_NEW_FRAME);
  // Last slot first: x86's frame layout gives later allocas higher addresses as a rule,
  // and the runtime's stack of slots is kept in decreasing address order, so pushes in
  // that order append instead of moving the frame's earlier slots (any order is
  // correct; BOTS floorplan's four slots per call cost about half as much this way).
  for (const Slot &S : llvm::reverse(Confined)) {
    CallInst *Push = IRB.CreateCall(Hooks.Confined, {S.AI, S.Bytes, S.Site, S.Name, Mark});
    if (S.AI == Confined.back().AI)
      Mark = Push; // the others join its frame; returns pop to it
  }
  for (BasicBlock &BB : F)
    if (auto *Ret = dyn_cast<ReturnInst>(BB.getTerminator()))
      IRBuilder<>(Ret).CreateCall(Hooks.ConfinedEnd, {Mark});
}

// A loop-begin marker MarkLoops put before an omp simd loop.
bool Instrumenter::isSimdLoopBegin(const Instruction &I) const {
  const auto *CB = dyn_cast<CallBase>(&I);
  if (!CB || !Hooks.isLoopBegin(*CB))
    return false;
  const auto *Kind = dyn_cast<ConstantInt>(CB->getArgOperand(2));
  return Kind && Kind->getZExtValue() == OMPRACER_LOOP_SIMD;
}

// Functions that get no hooks: ompracer's own, those that must not be instrumented,
// and reduction combiners, which run inside the OpenMP runtime's reduction step
// (possibly on another thread's private copies, in a tree): they are part of the
// runtime's own synchronised work, not of any strand.
bool shouldInstrumentFunction(const Function &F) {
  return !F.isDeclaration() && !isOmpracerSymbol(F.getName()) &&
         !F.hasFnAttribute(Attribute::Naked) &&
         !F.hasFnAttribute(Attribute::DisableSanitizerInstrumentation) && !isReductionCombiner(F);
}

void Instrumenter::runOnFunction(Function &F) {
  if (!shouldInstrumentFunction(F))
    return;
  // Collect first: instrumenting inserts instructions.
  SmallVector<Instruction *, 64> Work;
  HasSimdLoop = false;
  for (Instruction &I : instructions(F)) {
    if (isa<LoadInst, StoreInst, AtomicRMWInst, AtomicCmpXchgInst, CallBase>(I))
      Work.push_back(&I);
    HasSimdLoop |= isSimdLoopBegin(I);
  }
  Combining = combiningBlocks(F);
  PollingReads Polls = findPollingReads(F, FAM);
  auto Wanted = [&](Instruction &I) { return wantsLoopRange(I); };
  auto Batches = planIterationBatches(
      F, FAM, Wanted, [&](const CallBase &CB) { return Hooks.isLoopIteration(CB); });
  SmallPtrSet<Instruction *, 16> InBatch;
  for (const IterationBatch &B : Batches) {
    instrumentBatch(F, B);
    InBatch.insert(B.Marker);
    for (const BatchedAccess &A : B.Accesses)
      InBatch.insert(A.I);
  }
  auto Ranges = planLoopRanges(F, FAM, Wanted);
  SmallPtrSet<Instruction *, 4> Polled;
  for (const PollingRead &R : Polls.Reads)
    Polled.insert(R.Load);
  auto Pairs = planUpdatePairs(F, [&](Instruction &I) {
    return Wanted(I) && !InBatch.count(&I) && !Ranges.count(&I) && !Polled.count(&I);
  });
  SmallPtrSet<Instruction *, 16> PairedStores;
  for (auto &[LI, SI] : Pairs)
    PairedStores.insert(SI);
  for (Instruction *I : Work) {
    if (InBatch.count(I) || PairedStores.count(I))
      continue;
    if (auto R = Ranges.find(I); R != Ranges.end())
      instrumentLoopRange(I, R->second);
    else if (auto P = Pairs.find(dyn_cast<LoadInst>(I)); P != Pairs.end())
      instrumentUpdatePair(P->first, P->second);
    else if (auto *LI = dyn_cast<LoadInst>(I))
      instrumentLoadStore(LI, LI->getPointerOperand(), LI->getType(), false, LI->isAtomic());
    else if (auto *SI = dyn_cast<StoreInst>(I))
      instrumentLoadStore(SI, SI->getPointerOperand(), SI->getValueOperand()->getType(), true,
                          SI->isAtomic());
    else if (auto *RMW = dyn_cast<AtomicRMWInst>(I))
      instrumentLoadStore(RMW, RMW->getPointerOperand(), RMW->getValOperand()->getType(), true,
                          true);
    else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(I))
      instrumentLoadStore(CX, CX->getPointerOperand(), CX->getCompareOperand()->getType(), true,
                          true);
    else if (auto *MI = dyn_cast<MemIntrinsic>(I))
      instrumentMemIntrinsic(MI);
    else if (auto *CB = dyn_cast<CallBase>(I))
      instrumentCall(CB);
  }
  for (const IterationBatch &B : Batches) // the batch makes its calls
    B.Marker->eraseFromParent();
  for (const PollingRead &R : Polls.Reads)
    instrumentPollingRead(R);
  for (GlobalVariable *GV : Polls.Locks)
    if (!is_contained(PolledLocks, GV))
      PolledLocks.push_back(GV);
  markFreshAllocas(F);
}

// The module's globals that accesses may name, for the table of globals: those the
// access filters keep (not constant, thread-local or the tool's), defined here.
void Instrumenter::collectGlobals() {
  for (GlobalVariable &GV : M.globals()) {
    if (GV.isDeclaration() || GV.isConstant() || GV.isThreadLocal() || isToolGlobal(GV) ||
        GV.getAddressSpace() != 0 || GV.getName().starts_with(".") || !GV.getValueType()->isSized())
      continue;
    SiteTable::Global G{&GV, DL.getTypeAllocSize(GV.getValueType()).getFixedValue(),
                        GV.getName().str(), "", 0};
    SmallVector<DIGlobalVariableExpression *, 1> GVEs;
    GV.getDebugInfo(GVEs);
    for (DIGlobalVariableExpression *GVE : GVEs) {
      DIGlobalVariable *Var = GVE->getVariable();
      if (!Var || (GVE->getExpression() && GVE->getExpression()->getNumElements()))
        continue; // a piece of the global (a fragment): name the whole by its symbol
      G.Name = Var->getName().str();
      G.File = debugInfoPath(Var->getFilename(), Var->getDirectory());
      G.Line = Var->getLine();
      break;
    }
    Sites.addGlobal(std::move(G));
  }
}

void Instrumenter::finish() {
  collectGlobals();
  bool EveryTaskWaits = everyTaskWaitsForItsChildren(M);
  Sites.finish(EveryTaskWaits);
  registerPolledLocks();
  NumReads += C.Reads;
  NumPointerReads += C.PointerReads;
  NumWrites += C.Writes;
  NumAtomics += C.Atomics;
  NumRanges += C.Ranges;
  NumLoopRanges += C.LoopRanges;
  NumBatched += C.Batched;
  NumUpdatePairs += C.UpdatePairs;
  NumConstructs += C.Constructs;
  for (unsigned R = 1; R < NumSkipReasons; R++)
    skipReason(Skip(R)).Stat += C.Skipped[R];
  if (!printStats())
    return;
  // The summary line (one count per group of reasons), then the count per reason.
  unsigned Grouped[NumSkipGroups] = {};
  for (unsigned R = 1; R < NumSkipReasons; R++)
    Grouped[unsigned(skipReason(Skip(R)).Group)] += C.Skipped[R];
  raw_ostream &OS = errs();
  OS << "ompracer: " << M.getSourceFileName() << ": instrumented " << C.Reads << " reads, "
     << C.Writes << " writes (" << C.LoopRanges
     << " of these reads and writes once per loop, as ranges, " << C.Batched
     << " by iteration batches), " << C.Atomics << " atomics, " << C.Ranges << " memory ranges, "
     << C.Constructs << " OpenMP calls; skipped";
  for (unsigned G = 0; G < NumSkipGroups; G++)
    OS << (G ? ", " : " ") << Grouped[G] << " " << SkipGroupNames[G];
  OS << " accesses\n";
  OS << "ompracer: " << M.getSourceFileName() << ": skipped accesses by reason:";
  for (unsigned R = 1; R < NumSkipReasons; R++)
    OS << (R > 1 ? ", " : " ") << C.Skipped[R] << " " << skipReason(Skip(R)).Name;
  OS << "\n";
  OS << "ompracer: " << M.getSourceFileName()
     << ": every task waits for its children: " << (EveryTaskWaits ? "yes" : "no") << "\n";
  OS << "ompracer: " << M.getSourceFileName() << ": " << C.PointerReads
     << " of the reads load pointers (their targets' shadow prefetched)\n";
  OS << "ompracer: " << M.getSourceFileName() << ": " << C.UpdatePairs
     << " reads and writes of the same bytes checked in pairs, by one call each\n";
}

} // namespace

PreservedAnalyses InstrumentAccessesPass::run(Module &M, ModuleAnalysisManager &MAM) {
  Instrumenter Inst(M, MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager());
  SmallVector<Function *, 32> Functions;
  for (Function &F : M)
    Functions.push_back(&F);
  for (Function *F : Functions)
    Inst.runOnFunction(*F);
  Inst.finish();
  return PreservedAnalyses::none();
}

} // namespace ompracer
