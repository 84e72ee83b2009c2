#include "InstrumentAccesses.h"
#include "OpenMPIdent.h"

#include "SiteTable.h"
#include "SourceFunction.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;

#define DEBUG_TYPE "ompracer"

STATISTIC(NumReads, "Number of plain loads instrumented");
STATISTIC(NumWrites, "Number of plain stores instrumented");
STATISTIC(NumAtomics, "Number of atomic operations instrumented");
STATISTIC(NumRanges, "Number of memcpy/memmove/memset instrumented");
STATISTIC(NumSkippedLocal, "Number of accesses to non-escaping stack slots skipped");
STATISTIC(NumSkippedConst, "Number of accesses to constant or thread-local globals skipped");
STATISTIC(NumSkippedRuntime,
          "Number of accesses to OpenMP task descriptors and task-reduction copies skipped");
STATISTIC(NumSkippedOther, "Number of accesses skipped for other reasons");
STATISTIC(NumConstructs, "Number of OpenMP runtime calls given a directive site");

// Release builds of LLVM compile statistics out, and clang parses -mllvm options
// before it loads pass plugins; so OMPRACER_PASS_STATS=1 prints the same counts.
static bool printStats() {
  const char *Env = getenv("OMPRACER_PASS_STATS");
  return Env && *Env && *Env != '0';
}

namespace ompracer {
namespace {

struct Counts {
  unsigned Reads = 0, Writes = 0, Atomics = 0, Ranges = 0, SkippedLocal = 0, SkippedConst = 0,
           SkippedRuntime = 0, SkippedOther = 0, Constructs = 0;
};

// Why an address is not worth a hook.
enum class Skip { No, Local, Const, Runtime, Other };

class Instrumenter {
public:
  explicit Instrumenter(Module &M) : M(M), Sites(M), DL(M.getDataLayout()) { declareHooks(); }
  void runOnFunction(Function &F);
  void finish();

private:
  void declareHooks();
  Skip classify(Value *Addr);
  void count(Skip Why);
  void instrumentLoadStore(Instruction *I, Value *Addr, Type *Ty, bool IsWrite, bool Atomic);
  void instrumentAtomicRMW(Instruction *I, Value *Addr, Type *Ty);
  void instrumentMemIntrinsic(MemIntrinsic *MI);
  void instrumentCall(CallBase *CB);
  void markFreshAllocas(Function &F);
  void markFreshAfter(CallBase *CB, Value *Size);
  Value *site(IRBuilder<> &IRB, Instruction *I, ompracer_site_kind Kind) {
    return Sites.siteArg(IRB, I->getDebugLoc(), Names.nameFor(*I), Kind);
  }

  Module &M;
  SiteTable Sites;
  SourceFunctionNamer Names;
  const DataLayout &DL;
  Counts C;
  bool HasSimdLoop = false; // the function being instrumented runs an omp simd loop
  FunctionCallee ReadN[5], WriteN[5], ReadRange, WriteRange, Atomic, Fresh, Construct, TaskIf0,
      Unsupported;
};

void Instrumenter::declareHooks() {
  LLVMContext &Ctx = M.getContext();
  Type *Void = Type::getVoidTy(Ctx), *I32 = Type::getInt32Ty(Ctx), *I64 = Type::getInt64Ty(Ctx);
  PointerType *Ptr = PointerType::getUnqual(Ctx);
  for (unsigned i = 0; i < 5; i++) {
    std::string Bytes = std::to_string(1u << i);
    ReadN[i] = M.getOrInsertFunction("__ompracer_read" + Bytes, Void, Ptr, I32);
    WriteN[i] = M.getOrInsertFunction("__ompracer_write" + Bytes, Void, Ptr, I32);
  }
  ReadRange = M.getOrInsertFunction("__ompracer_read_range", Void, Ptr, I64, I32);
  WriteRange = M.getOrInsertFunction("__ompracer_write_range", Void, Ptr, I64, I32);
  Atomic = M.getOrInsertFunction("__ompracer_atomic", Void, Ptr, I64, I32, I32);
  Fresh = M.getOrInsertFunction("__ompracer_fresh_memory", Void, Ptr, I64);
  Construct = M.getOrInsertFunction("__ompracer_construct", Void, I32);
  TaskIf0 = M.getOrInsertFunction("__ompracer_task_if0", Void);
  Unsupported = M.getOrInsertFunction("__ompracer_unsupported", Void, I32, I32);
}

// A task reduction's per-thread copy, which libomp hands to in_reduction tasks: the
// tasks a thread runs update its own copy in turn, and libomp combines the copies.
static bool isTaskReductionCopy(const Value *V) {
  const auto *CB = dyn_cast<CallBase>(V);
  const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
  return Callee && Callee->getName().starts_with("__kmpc_task_reduction_get_th_data");
}

static bool isTaskAllocCall(const Value *V) {
  const auto *CB = dyn_cast<CallBase>(V);
  const Function *Callee = CB ? CB->getCalledFunction() : nullptr;
  return Callee && (Callee->getName() == "__kmpc_omp_task_alloc" ||
                    Callee->getName() == "__kmpc_omp_target_task_alloc");
}

// The task descriptor that the OpenMP runtime hands to clang's task entry and
// copy functions: it holds the task's private copies and pointers to shared data.
static bool isTaskDescriptorArg(const Value *V) {
  const auto *A = dyn_cast<Argument>(V);
  if (!A)
    return false;
  StringRef F = A->getParent()->getName();
  return (F.starts_with(".omp_task_entry.") && A->getArgNo() == 1) ||
         (F.starts_with(".omp_task_dup.") && A->getArgNo() <= 1) ||
         (F.starts_with(".omp_task_privates_map.") && A->getArgNo() == 0);
}

// Calls through which the OpenMP runtime reads or writes a slot of the implicit task
// itself: loop bounds (.omp.lb, .omp.ub, ...) and a reduction's private copies.
static bool isRuntimePrivateUse(const CallBase *CB) {
  const Function *F = CB->getCalledFunction();
  if (!F)
    return false;
  // Not memcpy and the like: clang copies captured addresses into a task's shareds
  // with memcpy, which makes them shared.
  if (const auto *II = dyn_cast<IntrinsicInst>(CB))
    return II->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(II);
  StringRef N = F->getName();
  return N.starts_with("__kmpc_for_static_init") || N.starts_with("__kmpc_dist_for_static_init") ||
         N.starts_with("__kmpc_dispatch_next") || N.starts_with("__kmpc_reduce") ||
         N.starts_with("__kmpc_end_reduce");
}

// Whether a stack slot's address goes nowhere but into its own loads and stores and
// into the runtime calls above, possibly through a local array of pointers (a
// reduction's list). Such a slot is private to the implicit task: the chunks of one
// thread share it, but in any other schedule another thread has its own copy, so its
// accesses cannot race.
static bool isImplicitTaskPrivate(const Value *Slot, unsigned Depth = 0) {
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

Skip Instrumenter::classify(Value *Addr) {
  if (Addr->getType()->getPointerAddressSpace() != 0)
    return Skip::Other;
  const Value *Obj = getUnderlyingObject(Addr, /*MaxLookup=*/0);
  if (const auto *AI = dyn_cast<AllocaInst>(Obj)) {
    // A stack slot whose address never leaves the function is private to its strand,
    // except for the lanes of a simd loop, which share the function's arrays and
    // structs. (Scalar slots stay skipped: clang gives each simd private one, shared by
    // all iterations in the IR although each lane has its own.)
    bool SharedByLanes =
        HasSimdLoop && (AI->isArrayAllocation() || !AI->getAllocatedType()->isSingleValueType());
    if (!SharedByLanes &&
        (!PointerMayBeCaptured(AI, /*ReturnCaptures=*/true, /*StoreCaptures=*/true) ||
         isImplicitTaskPrivate(AI)))
      return Skip::Local;
  }
  if (const auto *GV = dyn_cast<GlobalVariable>(Obj)) {
    if (GV->isConstant() || GV->isThreadLocal() || GV->getName().starts_with("__ompracer") ||
        GV->getName().starts_with("llvm.") || GV->getSection() == "llvm.metadata")
      return Skip::Const;
  }
  // threadprivate / thread_local: each thread has its own copy.
  if (const auto *II = dyn_cast<IntrinsicInst>(Obj);
      II && II->getIntrinsicID() == Intrinsic::threadlocal_address)
    return Skip::Const;
  if (isTaskAllocCall(Obj) || isTaskDescriptorArg(Obj) || isTaskReductionCopy(Obj))
    return Skip::Runtime;
  return Skip::No;
}

void Instrumenter::count(Skip Why) {
  switch (Why) {
  case Skip::Local: C.SkippedLocal++; break;
  case Skip::Const: C.SkippedConst++; break;
  case Skip::Runtime: C.SkippedRuntime++; break;
  case Skip::Other: C.SkippedOther++; break;
  case Skip::No: break;
  }
}

void Instrumenter::instrumentLoadStore(Instruction *I, Value *Addr, Type *Ty, bool IsWrite,
                                       bool IsAtomic) {
  TypeSize Size = DL.getTypeStoreSize(Ty);
  if (Size.isScalable()) {
    C.SkippedOther++;
    return;
  }
  Skip Why = classify(Addr);
  if (Why != Skip::No) {
    count(Why);
    return;
  }
  IRBuilder<> IRB(I);
  uint64_t Bytes = Size.getFixedValue();
  if (IsAtomic) {
    IRB.CreateCall(Atomic, {Addr, IRB.getInt64(Bytes), IRB.getInt32(IsWrite),
                            site(IRB, I, OMPRACER_SITE_ATOMIC)});
    C.Atomics++;
    return;
  }
  Value *Site = site(IRB, I, IsWrite ? OMPRACER_SITE_WRITE : OMPRACER_SITE_READ);
  if (Bytes && Bytes <= 16 && isPowerOf2_64(Bytes)) {
    FunctionCallee Hook = (IsWrite ? WriteN : ReadN)[Log2_64(Bytes)];
    IRB.CreateCall(Hook, {Addr, Site});
  } else {
    IRB.CreateCall(IsWrite ? WriteRange : ReadRange, {Addr, IRB.getInt64(Bytes), Site});
  }
  (IsWrite ? C.Writes : C.Reads)++;
}

void Instrumenter::instrumentMemIntrinsic(MemIntrinsic *MI) {
  IRBuilder<> IRB(MI);
  Value *Len = IRB.CreateZExtOrTrunc(MI->getLength(), IRB.getInt64Ty());
  if (auto *MT = dyn_cast<MemTransferInst>(MI)) {
    Skip Why = classify(MT->getSource());
    if (Why == Skip::No)
      IRB.CreateCall(ReadRange, {MT->getSource(), Len, site(IRB, MI, OMPRACER_SITE_READ)});
    else
      count(Why);
  }
  Skip Why = classify(MI->getDest());
  if (Why == Skip::No)
    IRB.CreateCall(WriteRange, {MI->getDest(), Len, site(IRB, MI, OMPRACER_SITE_WRITE)});
  else
    count(Why);
  C.Ranges++;
}

// Heap allocators whose result is fresh memory, with the index of the size argument
// (calloc multiplies its two arguments).
static int allocSizeArg(StringRef Name) {
  if (Name == "malloc" || Name == "_Znwm" || Name == "_Znam" || Name == "_ZnwmRKSt9nothrow_t" ||
      Name == "_ZnamRKSt9nothrow_t" || Name == "_ZnwmSt11align_val_t" ||
      Name == "_ZnamSt11align_val_t")
    return 0;
  if (Name == "realloc" || Name == "aligned_alloc" || Name == "memalign")
    return 1;
  if (Name == "calloc")
    return 2; // special: n * size
  return -1;
}

void Instrumenter::markFreshAfter(CallBase *CB, Value *Size) {
  auto *CI = dyn_cast<CallInst>(CB);
  if (!CI) // invokes (C++ new): the block after the call is not unique; skip
    return;
  IRBuilder<> IRB(CI->getNextNode());
  IRB.SetCurrentDebugLocation(CI->getDebugLoc());
  IRB.CreateCall(Fresh, {CI, IRB.CreateZExtOrTrunc(Size, IRB.getInt64Ty())});
}

static bool isConstructCall(StringRef Name) {
  if (Name.starts_with("__kmpc_"))
    return Name != "__kmpc_global_thread_num";
  return Name.starts_with("omp_") && Name.contains("lock");
}

void Instrumenter::instrumentCall(CallBase *CB) {
  const Function *Callee = CB->getCalledFunction();
  if (!Callee)
    return;
  StringRef Name = Callee->getName();
  if (Name == "__ompracer_loop_begin" && CB->arg_size() == 3) {
    // MarkLoops left the site to us (we own the site table): the directive's location.
    IRBuilder<> IRB(CB);
    CB->setArgOperand(0, site(IRB, CB, OMPRACER_SITE_CONSTRUCT));
    return;
  }
  if (isConstructCall(Name)) {
    IRBuilder<> IRB(CB);
    if (Name == "__kmpc_omp_task_begin_if0")
      IRB.CreateCall(TaskIf0, {});
    unsigned Line, Col;
    Value *Site = directiveLocation(CB, Line, Col)
                      ? Sites.siteArgAt(IRB, CB->getDebugLoc(), Names.nameFor(*CB), Line, Col,
                                        OMPRACER_SITE_CONSTRUCT)
                      : site(IRB, CB, OMPRACER_SITE_CONSTRUCT);
    IRB.CreateCall(Construct, {Site});
    C.Constructs++;
    if (Name == "__kmpc_doacross_init") // not modelled: the runtime warns once
      IRB.CreateCall(Unsupported, {IRB.getInt32(OMPRACER_UNSUPPORTED_DOACROSS), Site});
    // A task descriptor is new memory: the runtime may hand out one a finished task
    // used, whose accesses must not be mistaken for this task's.
    if (isTaskAllocCall(CB) && CB->arg_size() >= 5) {
      IRBuilder<> B(CB->getNextNode());
      Value *TaskBytes = B.CreateZExtOrTrunc(CB->getArgOperand(3), B.getInt64Ty());
      Value *Shareds = B.CreateZExtOrTrunc(CB->getArgOperand(4), B.getInt64Ty());
      Value *Aligned = B.CreateAnd(B.CreateAdd(TaskBytes, B.getInt64(7)), B.getInt64(~7ull));
      markFreshAfter(CB, B.CreateAdd(Aligned, Shareds));
    }
    return;
  }
  int SizeArg = allocSizeArg(Name);
  if (SizeArg < 0 || (unsigned)std::max(SizeArg, 1) >= CB->arg_size() + (SizeArg == 0))
    return;
  if (SizeArg == 2) {
    IRBuilder<> B(CB->getNextNode());
    Value *N = B.CreateZExtOrTrunc(CB->getArgOperand(0), B.getInt64Ty());
    Value *S = B.CreateZExtOrTrunc(CB->getArgOperand(1), B.getInt64Ty());
    markFreshAfter(CB, B.CreateMul(N, S));
  } else {
    markFreshAfter(CB, CB->getArgOperand(SizeArg));
  }
}

// Whether code other than direct loads and stores of the slot may reach it through a
// pointer (even a callee that does not capture the pointer: it is instrumented).
static bool addressTaken(const AllocaInst *AI) {
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

// Address-taken stack slots start with no history: a thread reuses its stack for many
// strands, and two objects that shared an address must not look like one.
void Instrumenter::markFreshAllocas(Function &F) {
  SmallVector<AllocaInst *, 16> Escaping;
  for (Instruction &I : instructions(F))
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      if (addressTaken(AI))
        Escaping.push_back(AI);
  for (AllocaInst *AI : Escaping) {
    IRBuilder<> IRB(AI->getNextNode());
    while (isa<AllocaInst>(IRB.GetInsertPoint()))
      IRB.SetInsertPoint(IRB.GetInsertPoint()->getNextNode());
    Value *Bytes = IRB.getInt64(DL.getTypeAllocSize(AI->getAllocatedType()).getKnownMinValue());
    if (AI->isArrayAllocation())
      Bytes = IRB.CreateMul(Bytes, IRB.CreateZExtOrTrunc(AI->getArraySize(), IRB.getInt64Ty()));
    IRB.CreateCall(Fresh, {AI, Bytes});
  }
}

// Reduction combiners run inside the OpenMP runtime's reduction step (possibly on
// another thread's private copies, in a tree): they are part of the runtime's own
// synchronised work, not of any strand.
static bool isReductionCombiner(const Function &F) {
  StringRef N = F.getName();
  return N.contains(".omp.reduction.") || N.starts_with(".omp_combiner.") ||
         N.starts_with(".omp_initializer.") || N.starts_with(".red_init.") ||
         N.starts_with(".red_comb.") || N.starts_with(".red_fini.");
}

// A loop-begin marker MarkLoops put before an omp simd loop.
static bool isSimdLoopBegin(const Instruction *I) {
  const auto *CB = dyn_cast<CallBase>(I);
  const Function *F = CB ? CB->getCalledFunction() : nullptr;
  if (!F || F->getName() != "__ompracer_loop_begin" || CB->arg_size() != 3)
    return false;
  const auto *Kind = dyn_cast<ConstantInt>(CB->getArgOperand(2));
  return Kind && Kind->getZExtValue() == OMPRACER_LOOP_SIMD;
}

void Instrumenter::runOnFunction(Function &F) {
  if (F.isDeclaration() || F.getName().starts_with("__ompracer") ||
      F.getName().starts_with("ompracer.") || F.hasFnAttribute(Attribute::Naked) ||
      F.hasFnAttribute(Attribute::DisableSanitizerInstrumentation) || isReductionCombiner(F))
    return;
  // Collect first: instrumenting inserts instructions.
  SmallVector<Instruction *, 64> Work;
  HasSimdLoop = false;
  for (Instruction &I : instructions(F)) {
    if (isa<LoadInst, StoreInst, AtomicRMWInst, AtomicCmpXchgInst, CallBase>(I))
      Work.push_back(&I);
    HasSimdLoop |= isSimdLoopBegin(&I);
  }
  for (Instruction *I : Work) {
    if (auto *LI = dyn_cast<LoadInst>(I))
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
  markFreshAllocas(F);
}

void Instrumenter::finish() {
  Sites.finish();
  NumReads += C.Reads;
  NumWrites += C.Writes;
  NumAtomics += C.Atomics;
  NumRanges += C.Ranges;
  NumSkippedLocal += C.SkippedLocal;
  NumSkippedConst += C.SkippedConst;
  NumSkippedRuntime += C.SkippedRuntime;
  NumSkippedOther += C.SkippedOther;
  NumConstructs += C.Constructs;
  if (printStats())
    errs() << "ompracer: " << M.getSourceFileName() << ": instrumented " << C.Reads << " reads, "
           << C.Writes << " writes, " << C.Atomics << " atomics, " << C.Ranges << " memory ranges, "
           << C.Constructs << " OpenMP calls; skipped " << C.SkippedLocal << " local, "
           << C.SkippedConst << " constant/thread-local, " << C.SkippedRuntime
           << " task-descriptor, " << C.SkippedOther << " other accesses\n";
}

} // namespace

PreservedAnalyses InstrumentAccessesPass::run(Module &M, ModuleAnalysisManager &) {
  Instrumenter Inst(M);
  SmallVector<Function *, 32> Functions;
  for (Function &F : M)
    Functions.push_back(&F);
  for (Function *F : Functions)
    Inst.runOnFunction(*F);
  Inst.finish();
  return PreservedAnalyses::none();
}

} // namespace ompracer
