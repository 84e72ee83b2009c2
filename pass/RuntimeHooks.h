// The runtime hooks of include/ompracer/hooks.h, declared in a module: the only place
// the passes name a hook. Each declaration's name and IR type are derived from the
// header's prototype (RuntimeHooks.cpp), so a hook the header changes no longer
// compiles here instead of calling the runtime with the wrong arguments.
#ifndef OMPRACER_PASS_RUNTIMEHOOKS_H
#define OMPRACER_PASS_RUNTIMEHOOKS_H

#include "ompracer/hooks.h"

#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"

namespace ompracer {

// The numbers the passes pass to the runtime are the header's own constants (the
// passes use OMPRACER_SITE_*, OMPRACER_LOOP_* and OMPRACER_UNSUPPORTED_* directly);
// these checks keep them distinct and within the 32-bit fields they are passed in.
static_assert(OMPRACER_SITE_READ > 0 && OMPRACER_SITE_WRITE > 0 && OMPRACER_SITE_ATOMIC > 0 &&
                  OMPRACER_SITE_CONSTRUCT > 0,
              "site kind 0 is not a kind");
static_assert(OMPRACER_SITE_READ != OMPRACER_SITE_WRITE &&
                  OMPRACER_SITE_READ != OMPRACER_SITE_ATOMIC &&
                  OMPRACER_SITE_READ != OMPRACER_SITE_CONSTRUCT &&
                  OMPRACER_SITE_WRITE != OMPRACER_SITE_ATOMIC &&
                  OMPRACER_SITE_WRITE != OMPRACER_SITE_CONSTRUCT &&
                  OMPRACER_SITE_ATOMIC != OMPRACER_SITE_CONSTRUCT,
              "site kinds must be distinct");
static_assert(OMPRACER_SITE_ALLOC > OMPRACER_SITE_CONSTRUCT &&
                  OMPRACER_SITE_DECLARE > OMPRACER_SITE_ALLOC &&
                  OMPRACER_SITE_DECLARE <= UINT32_MAX,
              "the object site kinds follow the others and are distinct");
static_assert(OMPRACER_SITE_READ <= UINT32_MAX && OMPRACER_SITE_WRITE <= UINT32_MAX &&
                  OMPRACER_SITE_ATOMIC <= UINT32_MAX && OMPRACER_SITE_CONSTRUCT <= UINT32_MAX,
              "site kinds are stored in ompracer_site::kind (uint32_t)");
static_assert(OMPRACER_LOOP_FOR >= 0 && OMPRACER_LOOP_DISTRIBUTE >= 0 &&
                  OMPRACER_LOOP_TASKLOOP >= 0 && OMPRACER_LOOP_SIMD >= 0 &&
                  OMPRACER_LOOP_FOR <= UINT32_MAX && OMPRACER_LOOP_DISTRIBUTE <= UINT32_MAX &&
                  OMPRACER_LOOP_TASKLOOP <= UINT32_MAX && OMPRACER_LOOP_SIMD <= UINT32_MAX,
              "loop kinds are passed as __ompracer_loop_begin's uint32_t kind");
static_assert(OMPRACER_LOOP_FOR != OMPRACER_LOOP_DISTRIBUTE &&
                  OMPRACER_LOOP_FOR != OMPRACER_LOOP_TASKLOOP &&
                  OMPRACER_LOOP_FOR != OMPRACER_LOOP_SIMD &&
                  OMPRACER_LOOP_DISTRIBUTE != OMPRACER_LOOP_TASKLOOP &&
                  OMPRACER_LOOP_DISTRIBUTE != OMPRACER_LOOP_SIMD &&
                  OMPRACER_LOOP_TASKLOOP != OMPRACER_LOOP_SIMD,
              "loop kinds must be distinct");
static_assert(OMPRACER_REDUCE_ENTER != OMPRACER_REDUCE_METHOD &&
                  OMPRACER_REDUCE_ENTER != OMPRACER_REDUCE_FINISH &&
                  OMPRACER_REDUCE_ENTER != OMPRACER_REDUCE_DONE &&
                  OMPRACER_REDUCE_METHOD != OMPRACER_REDUCE_FINISH &&
                  OMPRACER_REDUCE_METHOD != OMPRACER_REDUCE_DONE &&
                  OMPRACER_REDUCE_FINISH != OMPRACER_REDUCE_DONE,
              "reduction steps must be distinct");
static_assert(OMPRACER_UNSUPPORTED_DOACROSS > 0 && OMPRACER_UNSUPPORTED_DOACROSS <= UINT32_MAX,
              "unsupported-construct codes are passed as __ompracer_unsupported's uint32_t what");

static_assert((OMPRACER_ATOMIC_WRITE | OMPRACER_ATOMIC_READ | OMPRACER_ATOMIC_ACQUIRE |
               OMPRACER_ATOMIC_RELEASE | OMPRACER_ATOMIC_READ_VALUE | OMPRACER_ATOMIC_WRITE_VALUE |
               OMPRACER_ATOMIC_FAILED) == 0x7f,
              "atomic flags are distinct bits of __ompracer_atomic's uint32_t flags");

struct RuntimeHooks {
  explicit RuntimeHooks(llvm::Module &M);

  // Site table registration (SiteTable's module constructor).
  llvm::FunctionCallee RegisterSites, RegisterGlobals;
  // Whether every task of the module waits for its children (TaskNesting.h).
  llvm::FunctionCallee ModuleTasks;
  // Plain accesses: Read[i] / Write[i] for 1 << i bytes (1, 2, 4, 8, 16), and ranges.
  static constexpr unsigned NumSizedAccesses = 5;
  llvm::FunctionCallee Read[NumSizedAccesses], Write[NumSizedAccesses];
  // An 8-byte read of a pointer value (the runtime may prefetch what it points to).
  llvm::FunctionCallee ReadPointer;
  // A read and then a write of the same 4 (Update[0]) or 8 (Update[1]) bytes
  // (UpdatePairs.h).
  llvm::FunctionCallee Update[2];
  llvm::FunctionCallee ReadRange, WriteRange;
  // One access of a loop, for all its iterations (LoopRanges.h): its bytes as one range
  // (a repeat of which the runtime may skip), or count, stride, size.
  llvm::FunctionCallee ReadLoopRange, WriteLoopRange;
  llvm::FunctionCallee ReadStrided, WriteStrided;
  llvm::FunctionCallee Atomic, AtomicDone;
  llvm::FunctionCallee FreshMemory, FreshObject;
  // Stack slots confined to their task: pushed at function entry, popped at return.
  llvm::FunctionCallee Confined, ConfinedEnd;
  // OpenMP constructs.
  llvm::FunctionCallee Construct, SectionBegin, TaskIf0, Unsupported;
  // Synchronisation written by hand: flush, and a lock about to be released.
  llvm::FunctionCallee Flush, LockRelease;
  // Hand-offs through critical sections (PollingReads.h).
  llvm::FunctionCallee PolledCritical, CriticalEntered, CriticalLeaving, BranchRead;
  // The steps of a reduction around __kmpc_reduce* and __kmpc_end_reduce*.
  llvm::FunctionCallee Reduction;
  // A teams construct's num_teams clause (before __kmpc_push_num_teams*).
  llvm::FunctionCallee NumTeams;
  // A named critical section's name (before __kmpc_critical*).
  llvm::FunctionCallee CriticalName;
  // A target region run on the host (MarkTargets).
  llvm::FunctionCallee TargetBegin, TargetEnd;
  // Iteration strands (MarkLoops). LoopEnd has no memory attributes on purpose: see
  // MarkLoops.cpp.
  llvm::FunctionCallee LoopBegin, LoopIteration, LoopEnd;
  // A run of a loop's iterations at once (IterationBatches.h).
  llvm::FunctionCallee Iterations;

  // Whether CB is a call of __ompracer_loop_begin (__ompracer_loop_iteration) as
  // MarkLoops emits it.
  bool isLoopBegin(const llvm::CallBase &CB) const;
  bool isLoopIteration(const llvm::CallBase &CB) const;
};

// Whether a symbol belongs to ompracer: the hooks and the globals and functions the
// passes generate (__ompracer_site_base, ompracer.module_ctor, ...).
bool isOmpracerSymbol(llvm::StringRef Name);

} // namespace ompracer

#endif
