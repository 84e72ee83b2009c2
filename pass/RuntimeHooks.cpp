#include "RuntimeHooks.h"

#include "llvm/IR/DerivedTypes.h"

#include <cstddef>
#include <type_traits>

using namespace llvm;

namespace ompracer {

namespace {

// The IR type of a C type of the hook ABI: void, uint32_t, uint64_t and pointers. Any
// other type in a hook's prototype fails to compile here.
template <typename T> struct IRType;
template <> struct IRType<void> {
  static Type *get(LLVMContext &C) { return Type::getVoidTy(C); }
};
template <> struct IRType<uint32_t> {
  static Type *get(LLVMContext &C) { return Type::getInt32Ty(C); }
};
template <> struct IRType<uint64_t> {
  static Type *get(LLVMContext &C) { return Type::getInt64Ty(C); }
};
template <typename T> struct IRType<T *> {
  static Type *get(LLVMContext &C) { return PointerType::getUnqual(C); }
};

// The IR function type of a C function type.
template <typename Fn> struct IRFunctionType;
template <typename R, typename... Args> struct IRFunctionType<R(Args...)> {
  static FunctionType *get(LLVMContext &C) {
    return FunctionType::get(IRType<R>::get(C), {IRType<Args>::get(C)...}, /*isVarArg=*/false);
  }
};

// struct ompracer_site as SiteTable emits it: { ptr, ptr, i32, i32, i32 }.
static_assert(std::is_same_v<decltype(ompracer_site::file), const char *> &&
                  std::is_same_v<decltype(ompracer_site::function), const char *> &&
                  std::is_same_v<decltype(ompracer_site::line), uint32_t> &&
                  std::is_same_v<decltype(ompracer_site::column), uint32_t> &&
                  std::is_same_v<decltype(ompracer_site::kind), uint32_t>,
              "struct ompracer_site changed: update SiteTable::finish");
static_assert(offsetof(ompracer_site, function) == sizeof(void *) &&
                  offsetof(ompracer_site, line) == 2 * sizeof(void *) &&
                  offsetof(ompracer_site, column) == 2 * sizeof(void *) + 4 &&
                  offsetof(ompracer_site, kind) == 2 * sizeof(void *) + 8,
              "struct ompracer_site changed: update SiteTable::finish");

// struct ompracer_global as SiteTable emits it: { ptr, i64, ptr, ptr, i32, i32 }.
static_assert(std::is_same_v<decltype(ompracer_global::addr), const void *> &&
                  std::is_same_v<decltype(ompracer_global::size), uint64_t> &&
                  std::is_same_v<decltype(ompracer_global::name), const char *> &&
                  std::is_same_v<decltype(ompracer_global::file), const char *> &&
                  std::is_same_v<decltype(ompracer_global::line), uint32_t> &&
                  std::is_same_v<decltype(ompracer_global::reserved), uint32_t>,
              "struct ompracer_global changed: update SiteTable::globalsTable");
static_assert(offsetof(ompracer_global, size) == sizeof(void *) &&
                  offsetof(ompracer_global, name) == sizeof(void *) + 8 &&
                  offsetof(ompracer_global, file) == 2 * sizeof(void *) + 8 &&
                  offsetof(ompracer_global, line) == 3 * sizeof(void *) + 8 &&
                  offsetof(ompracer_global, reserved) == 3 * sizeof(void *) + 12,
              "struct ompracer_global changed: update SiteTable::globalsTable");

// struct ompracer_iteration_access as IterationBatches emits it: { ptr, i64, i64, i32, i32 }.
static_assert(std::is_same_v<decltype(ompracer_iteration_access::start), const void *> &&
                  std::is_same_v<decltype(ompracer_iteration_access::step), uint64_t> &&
                  std::is_same_v<decltype(ompracer_iteration_access::size), uint64_t> &&
                  std::is_same_v<decltype(ompracer_iteration_access::site), uint32_t> &&
                  std::is_same_v<decltype(ompracer_iteration_access::is_write), uint32_t> &&
                  offsetof(ompracer_iteration_access, step) == sizeof(void *) &&
                  offsetof(ompracer_iteration_access, site) == sizeof(void *) + 16 &&
                  sizeof(ompracer_iteration_access) == sizeof(void *) + 24,
              "struct ompracer_iteration_access changed: update the batch emission "
              "(InstrumentAccesses.cpp, instrumentBatch)");

} // namespace

// Declares hook Fn with the name and type of its prototype in hooks.h. decltype does
// not odr-use Fn: the plugin does not link against the runtime.
#define OMPRACER_DECLARE_HOOK(Fn) M.getOrInsertFunction(#Fn, IRFunctionType<decltype(Fn)>::get(Ctx))

RuntimeHooks::RuntimeHooks(Module &M) {
  LLVMContext &Ctx = M.getContext();
  RegisterSites = OMPRACER_DECLARE_HOOK(__ompracer_register_sites);
  RegisterGlobals = OMPRACER_DECLARE_HOOK(__ompracer_register_globals);
  ModuleTasks = OMPRACER_DECLARE_HOOK(__ompracer_module_tasks);
  Read[0] = OMPRACER_DECLARE_HOOK(__ompracer_read1);
  Read[1] = OMPRACER_DECLARE_HOOK(__ompracer_read2);
  Read[2] = OMPRACER_DECLARE_HOOK(__ompracer_read4);
  Read[3] = OMPRACER_DECLARE_HOOK(__ompracer_read8);
  Read[4] = OMPRACER_DECLARE_HOOK(__ompracer_read16);
  Write[0] = OMPRACER_DECLARE_HOOK(__ompracer_write1);
  Write[1] = OMPRACER_DECLARE_HOOK(__ompracer_write2);
  Write[2] = OMPRACER_DECLARE_HOOK(__ompracer_write4);
  Write[3] = OMPRACER_DECLARE_HOOK(__ompracer_write8);
  Write[4] = OMPRACER_DECLARE_HOOK(__ompracer_write16);
  ReadPointer = OMPRACER_DECLARE_HOOK(__ompracer_read_pointer);
  Update[0] = OMPRACER_DECLARE_HOOK(__ompracer_update4);
  Update[1] = OMPRACER_DECLARE_HOOK(__ompracer_update8);
  ReadRange = OMPRACER_DECLARE_HOOK(__ompracer_read_range);
  WriteRange = OMPRACER_DECLARE_HOOK(__ompracer_write_range);
  ReadLoopRange = OMPRACER_DECLARE_HOOK(__ompracer_read_loop_range);
  WriteLoopRange = OMPRACER_DECLARE_HOOK(__ompracer_write_loop_range);
  ReadStrided = OMPRACER_DECLARE_HOOK(__ompracer_read_strided);
  WriteStrided = OMPRACER_DECLARE_HOOK(__ompracer_write_strided);
  Atomic = OMPRACER_DECLARE_HOOK(__ompracer_atomic);
  AtomicDone = OMPRACER_DECLARE_HOOK(__ompracer_atomic_done);
  FreshMemory = OMPRACER_DECLARE_HOOK(__ompracer_fresh_memory);
  FreshObject = OMPRACER_DECLARE_HOOK(__ompracer_fresh_object);
  Confined = OMPRACER_DECLARE_HOOK(__ompracer_confined);
  ConfinedEnd = OMPRACER_DECLARE_HOOK(__ompracer_confined_end);
  Construct = OMPRACER_DECLARE_HOOK(__ompracer_construct);
  SectionBegin = OMPRACER_DECLARE_HOOK(__ompracer_section_begin);
  TaskIf0 = OMPRACER_DECLARE_HOOK(__ompracer_task_if0);
  Reduction = OMPRACER_DECLARE_HOOK(__ompracer_reduction);
  NumTeams = OMPRACER_DECLARE_HOOK(__ompracer_num_teams);
  CriticalName = OMPRACER_DECLARE_HOOK(__ompracer_critical_name);
  Unsupported = OMPRACER_DECLARE_HOOK(__ompracer_unsupported);
  Flush = OMPRACER_DECLARE_HOOK(__ompracer_flush);
  LockRelease = OMPRACER_DECLARE_HOOK(__ompracer_lock_release);
  PolledCritical = OMPRACER_DECLARE_HOOK(__ompracer_polled_critical);
  CriticalEntered = OMPRACER_DECLARE_HOOK(__ompracer_critical_entered);
  CriticalLeaving = OMPRACER_DECLARE_HOOK(__ompracer_critical_leaving);
  BranchRead = OMPRACER_DECLARE_HOOK(__ompracer_branch_read);
  TargetBegin = OMPRACER_DECLARE_HOOK(__ompracer_target_begin);
  TargetEnd = OMPRACER_DECLARE_HOOK(__ompracer_target_end);
  LoopBegin = OMPRACER_DECLARE_HOOK(__ompracer_loop_begin);
  LoopIteration = OMPRACER_DECLARE_HOOK(__ompracer_loop_iteration);
  LoopEnd = OMPRACER_DECLARE_HOOK(__ompracer_loop_end);
  Iterations = OMPRACER_DECLARE_HOOK(__ompracer_iterations);
}

#undef OMPRACER_DECLARE_HOOK

bool RuntimeHooks::isLoopBegin(const CallBase &CB) const {
  FunctionCallee Hook = LoopBegin; // FunctionCallee's accessors are not const
  return CB.getCalledOperand() == Hook.getCallee() &&
         CB.arg_size() == Hook.getFunctionType()->getNumParams();
}

bool RuntimeHooks::isLoopIteration(const CallBase &CB) const {
  FunctionCallee Hook = LoopIteration;
  return CB.getCalledOperand() == Hook.getCallee() &&
         CB.arg_size() == Hook.getFunctionType()->getNumParams();
}

bool isOmpracerSymbol(StringRef Name) {
  return Name.starts_with("__ompracer") || Name.starts_with("ompracer.");
}

} // namespace ompracer
