// How clang (19) lowers OpenMP for libomp: everything the passes know about that
// lowering is here, and only here. A directive becomes calls to libomp's __kmpc_* entry
// points, each with an ident_t (source location and flags) as first argument, and its
// body becomes an outlined function (.omp_outlined., .omp_task_entry., ...):
//  - parallel: __kmpc_fork_call(ident, n, outlined, captured...);
//  - worksharing loops: __kmpc_for_static_init_* (static schedules) or
//    __kmpc_dispatch_init_* / __kmpc_dispatch_next_* (the others) fill in the
//    bounds of a chunk, from which clang's loop initialises its iteration variable;
//  - distribute: __kmpc_for_static_init_* / __kmpc_dist_for_static_init_* with a
//    distribute schedule (DistributeStaticChunked, DistributeStatic), or
//    __kmpc_distribute_static_init_*;
//  - sections: a static worksharing loop (ident flag IdentWorkSections) over a switch
//    with one case per section;
//  - task: __kmpc_omp_task_alloc returns a kmp_task_t followed by the shareds; libomp
//    runs the task through .omp_task_entry.; taskloop: the same, with the iteration
//    bounds of each task in kmp_task_t's fields (lower bound: TaskLowerBoundField);
//  - reductions: __kmpc_reduce* / __kmpc_end_reduce* around combiner functions
//    (.omp.reduction.*), task reductions through __kmpc_task_reduction_get_th_data;
//  - simd: no runtime call, loop metadata that enables vectorisation (safelen: the
//    vectorisation width, without the accesses marked parallel).
// The predicates take a callee's name (see calleeName) or an IR value.
#ifndef OMPRACER_PASS_OPENMPLOWERING_H
#define OMPRACER_PASS_OPENMPLOWERING_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Metadata.h"

#include <cstdint>

namespace ompracer {

// The name of the function a call calls directly, or "" (an indirect call).
llvm::StringRef calleeName(const llvm::CallBase &CB);

// ---- libomp entry points ---------------------------------------------------------

// Every __kmpc_* entry point is a directive's call into the runtime, except for
// queries such as __kmpc_global_thread_num; so is the omp_*lock* API (isLockCall).
bool isRuntimeEntry(llvm::StringRef Callee);
bool isLockCall(llvm::StringRef Callee);
// A call the runtime is told the directive of (__ompracer_construct).
bool isConstructCall(llvm::StringRef Callee);

// __kmpc_flush: `#pragma omp flush`, and what clang emits after seq_cst atomics.
bool isFlush(llvm::StringRef Callee);
// omp_unset_lock / omp_unset_nest_lock (argument 0: the lock).
bool isLockRelease(llvm::StringRef Callee);

// __kmpc_omp_task_begin_if0: the task about to be created is an if(0) task.
bool isTaskBeginIf0(llvm::StringRef Callee);
// __kmpc_doacross_init: a loop with ordered(n) and depend(sink/source).
bool isDoacrossInit(llvm::StringRef Callee);
// The name of the critical section a __kmpc_critical(_with_hint) call enters: clang
// passes the lock variable `.gomp_critical_user_<name>.var` (argument 2), its name
// empty for an unnamed section. Empty for any other call.
llvm::StringRef criticalName(const llvm::CallBase &CB);

// Task allocation: kmp_task_t *__kmpc_omp_task_alloc(ident, gtid, flags,
// sizeof_kmp_task_t, sizeof_shareds, entry) (and the target variant). libomp puts the
// shareds right after the kmp_task_t, at the next multiple of TaskSharedsAlign.
bool isTaskAlloc(llvm::StringRef Callee);
bool isTaskAllocCall(const llvm::Value *V);
constexpr unsigned TaskAllocTaskSizeArg = 3;
constexpr unsigned TaskAllocSharedsSizeArg = 4;
constexpr uint64_t TaskSharedsAlign = 8;

// A task reduction's per-thread copy (__kmpc_task_reduction_get_th_data*), which
// libomp hands to in_reduction tasks.
bool isTaskReductionCopy(const llvm::Value *V);

// The task descriptor libomp passes to clang's task entry (argument 1), task
// duplication (arguments 0, 1) and privates-mapping (argument 0) functions.
bool isTaskDescriptorArg(const llvm::Value *V);

// The thread-id pointers libomp passes to a parallel or teams region's outlined body
// (arguments 0 and 1, .global_tid. and .bound_tid.; a task body's argument 1 is its
// part id, in the task descriptor). They point into libomp's own frames on the
// thread's stack, which no user code writes: memory a finished, logically parallel
// task of the same thread may have used for its locals before.
bool isThreadIdArg(const llvm::Value *V);

// Reduction entry points: __kmpc_reduce*, __kmpc_end_reduce*. Their list of private
// copies is built in a stack array of the implicit task.
bool isReductionCall(llvm::StringRef Callee);
// __kmpc_reduce / __kmpc_reduce_nowait (the combining step's entry, whose answer says
// who combines) and __kmpc_end_reduce / __kmpc_end_reduce_nowait (its exit).
bool isReduceEntry(llvm::StringRef Callee);
bool isReduceExit(llvm::StringRef Callee);
// The blocks of reduction combining steps that clang emits inline after the entry
// call, each mapped to that call: the cases its answer selects (1: this thread
// combines with plain loads and stores, after a tree or under a lock; 2: each thread
// combines its own part with atomics), up to the block where they join. libomp picks
// the case at run time (by team size), and clang gives the two different source
// columns of the directive's line.
llvm::DenseMap<const llvm::BasicBlock *, const llvm::CallBase *> combiningBlocks(llvm::Function &F);
// __kmpc_push_num_teams (num_teams is argument 2) and __kmpc_push_num_teams_51 (its
// upper bound is argument 3): a teams construct's num_teams or thread_limit clause.
// Returns the argument that holds the number of teams, or -1.
int numTeamsArg(llvm::StringRef Callee);

// Functions clang generates for reductions (combiners, initialisers, finalisers):
// libomp runs them inside its reduction step, possibly on another thread's copies.
bool isReductionCombiner(const llvm::Function &F);

// The outlined body of a target region, which the host calls directly when it runs
// the region itself (no offloading).
bool isHostTargetRegion(const llvm::Function &F);

// Functions clang outlines from a directive or generates for one, by name.
bool isOutlinedName(llvm::StringRef Name);

// ---- loops -----------------------------------------------------------------------

// Loop-scheduling calls: they fill in the lower bound (and upper bound, stride) of the
// chunk a thread runs, through pointers to stack slots of the implicit task:
//  __kmpc_for_static_init_* / __kmpc_dist_for_static_init_*
//      (ident, gtid, schedule, plastiter, plower, pupper, ...)
//  __kmpc_distribute_static_init_* (ident, gtid, schedule, plastiter, plower, ...)
//  __kmpc_dispatch_next_* (ident, gtid, plastiter, plower, pupper, pstride)
bool isStaticInitCall(llvm::StringRef Callee);
bool isDistributeStaticInitCall(llvm::StringRef Callee);
bool isDispatchNextCall(llvm::StringRef Callee);
bool isLoopSchedulingCall(llvm::StringRef Callee);

// libomp's schedule constants (enum sched_type in kmp.h) for `distribute`.
constexpr uint64_t DistributeStaticChunked = 91; // kmp_distribute_static_chunked
constexpr uint64_t DistributeStatic = 92;        // kmp_distribute_static

// The lower-bound slot a loop-scheduling call fills in, or null (another call, or a
// static init made for a sections construct). Distribute says whether the loop is a
// distribute loop.
const llvm::Value *scheduledLowerBound(const llvm::CallBase &CB, bool &Distribute);

// The lower-bound slot of a __kmpc_for_static_init_* call made for a sections
// construct, or null.
llvm::Value *sectionsLowerBound(const llvm::CallBase &CB);

// kmp_task_t as clang declares it (struct.kmp_task_t; clang's wrapper with the private
// copies is struct.kmp_task_t_with_privates). A taskloop task's lower bound is field
// TaskLowerBoundField, which __kmpc_taskloop sets for each task.
constexpr llvm::StringLiteral KmpTaskStruct = "struct.kmp_task_t";
constexpr llvm::StringLiteral KmpTaskWithPrivatesStruct = "struct.kmp_task_t_with_privates";
constexpr unsigned TaskLowerBoundField = 5;
// A load of a task's lower bound (through casts).
bool isTaskLowerBound(const llvm::Value *V);

// omp simd: a loop whose metadata enables vectorisation.
bool isSimdLoop(const llvm::MDNode *LoopID);
// Its safelen: clang asks for that vectorisation width and, unlike for simdlen alone,
// does not mark the accesses parallel. 0: no limit.
unsigned simdSafelen(const llvm::MDNode *LoopID);

// ---- ident_t -----------------------------------------------------------------------

constexpr uint64_t IdentWorkSections = 0x400; // KMP_IDENT_WORK_SECTIONS in ident_t flags

// The ident_t flags of a __kmpc_* call, or 0 when its first argument is not one.
uint64_t identFlags(const llvm::CallBase *CB);

// The directive's line and column from the ident_t's psource string
// (";file;function;line;column;;"): the line of the pragma, where the call's debug
// location may name the statement below it.
bool directiveLocation(const llvm::CallBase *CB, unsigned &Line, unsigned &Col);

} // namespace ompracer

#endif
