// Loop ranges: the plain accesses of a loop that can be checked once, as one range
// before the loop, instead of once per iteration (the performance design's "checks
// per chunk, not per access", for loops that run within one strand).
//
// An access qualifies when, in a loop that stays on one strand and one lockset for all
// its iterations (no call, fence, atomic or alloca anywhere in it, so no task, lock,
// barrier or loop marker can run in between), it runs in every iteration (its block
// dominates the only latch, which is the only exit) and its address moves by a
// constant per iteration, or not at all (scalar evolution). After unrolling or
// vectorisation the copies of one source access count together; their bytes in one
// iteration must be one contiguous run. A run at least as long as the step gives one
// contiguous range over the loop; a shorter one, a strided access (count, stride). The bytes it
// touches over the whole loop are then exactly one contiguous range, known before the loop, and all
// of them are touched by the same strand, lockset and iteration tag: checking the
// range before the loop records the same history and finds the same races as checking
// each access. The report names the access's own site.
#ifndef OMPRACER_PASS_LOOPRANGES_H
#define OMPRACER_PASS_LOOPRANGES_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/PassManager.h"

namespace ompracer {

// Where an access's bytes over the loop are checked, computed in the loop's preheader
// before its terminator: Count accesses of Bytes bytes each, Stride bytes apart from
// Start (the lowest), or, when Count is null, one range of Bytes bytes from Start.
// Start is null for an access whose bytes another copy of the same source access
// covers (unrolled copies).
struct LoopRange {
  llvm::Value *Start = nullptr;
  llvm::Value *Bytes = nullptr;
  llvm::Value *Count = nullptr, *Stride = nullptr;
  llvm::Instruction *InsertBefore = nullptr;
};

// Whether running I leaves a loop on the strand, lockset and iteration tag it started
// with (no call, fence, atomic or alloca).
bool keepsStrand(const llvm::Instruction &I);

// A plain load or store: its address, its size in bytes (0 for a scalable vector) and
// its kind.
struct Access {
  llvm::Instruction *I;
  llvm::Value *Ptr;
  uint64_t Size;
  bool IsWrite;
};
Access accessOf(llvm::Instruction &I, const llvm::DataLayout &DL);

// Gives the loops of F that Wanted accepts a preheader where they have none (the
// analyses of F are recomputed if any changed).
void givePreheaders(
    llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
    llvm::function_ref<bool(const llvm::Loop &, const llvm::DominatorTree &)> Wanted);

// Finds the qualifying plain loads and stores of F (those Wanted accepts), emits the
// code that computes their ranges, and returns them by access.
llvm::DenseMap<llvm::Instruction *, LoopRange>
planLoopRanges(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
               llvm::function_ref<bool(llvm::Instruction &)> Wanted);

} // namespace ompracer

#endif
