// Iteration batches: a tagged loop's run of iterations (a worksharing chunk, a taskloop
// task's iterations, a simd loop) checked by one runtime call after the loop instead of
// a marker call per iteration and a hook call per access (the performance design's
// "checks per chunk, not per access", for loops whose iterations carry their own tags).
//
// A loop qualifies when it is innermost, is left only at the end of its latch, holds no
// call but its iteration marker (MarkLoops) and no fence, atomic or alloca, its marker
// runs in every iteration before every checked access and says first + k in iteration
// k (modulo 2^32, the tag's width), and every checked access in it runs in every
// iteration at an address that moves by a loop-invariant step (scalar evolution), at
// most MaxBatchAccesses of them. Then the loop's runtime-visible events are exactly,
// for k = 0 .. count - 1, the marker with first + k followed by its accesses in program
// order at start + k * step: the batch hands the runtime these lists and the runtime
// makes the same calls in the same order (__ompracer_iterations in hooks.h), on the
// loop's exit edge. The loop makes no other call, so the runtime sees nothing between
// its entry and that edge: the history, the iteration tags and the reports are those of
// the per-access hooks, whatever the accesses overlap (no dependence analysis is
// needed). Starts and steps are computed in the preheader (an address base the loop
// reloads from memory that no store of the loop may overwrite is read there once); a
// counter the pass adds to the loop counts the iterations.
#ifndef OMPRACER_PASS_ITERATIONBATCHES_H
#define OMPRACER_PASS_ITERATIONBATCHES_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/PassManager.h"

#include <vector>

namespace ompracer {

constexpr unsigned MaxBatchAccesses = 16;

// One checked access of a batched loop: at Start in the first iteration, moving by Step
// (an i64, possibly 0 or negative) per iteration.
struct BatchedAccess {
  llvm::Instruction *I;
  llvm::Value *Start, *Step;
  uint64_t Size;
  bool IsWrite;
};

// Called before InsertBefore (on the loop's exit edge): Count iterations from logical
// iteration First (both i64). Marker is the loop's iteration marker, which the
// batch replaces.
struct IterationBatch {
  llvm::Instruction *InsertBefore;
  llvm::Value *First, *Count;
  llvm::CallBase *Marker;
  llvm::SmallVector<BatchedAccess, 8> Accesses; // in the order an iteration makes them
};

// Finds F's qualifying loops (Wanted: the plain accesses that get a hook; IsMarker: the
// iteration marker calls) and emits the code that computes their batches.
std::vector<IterationBatch>
planIterationBatches(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
                     llvm::function_ref<bool(llvm::Instruction &)> Wanted,
                     llvm::function_ref<bool(const llvm::CallBase &)> IsMarker);

} // namespace ompracer

#endif
