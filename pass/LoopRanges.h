// Loop ranges: the plain accesses of a loop that can be checked once, as one range
// per loop, instead of once per iteration (the performance design's "checks per
// chunk, not per access", for loops that run within one strand).
//
// An access qualifies when, in a loop that stays on one strand and one lockset for all
// its iterations (no call, fence, atomic or alloca anywhere in it, so no task, lock,
// barrier or loop marker can run in between), it runs in every iteration that the
// loop runs to its end and, in the one it leaves from, runs or not by the exit taken
// (its block dominates the latch, and each exiting block either comes after it or
// before it), and its address moves by a constant per iteration, or not at all, or by
// a step that does not change in the loop but is known only at run time (a column of a
// matrix with a variable row length; scalar evolution). After unrolling or
// vectorisation the copies of one source access count together; their bytes in one
// iteration must be one contiguous run. A run at least as long as a constant step gives
// one contiguous range over the loop; a shorter one, or any run with a run-time step,
// a strided access (count, stride). Where the loop is checked:
// - left only at the end of its latch, after a number of iterations scalar evolution
//   knows before the loop: once, in the preheader;
// - left elsewhere too (a search that breaks out early), or after a number of
//   iterations known only at its end, with a bound scalar evolution can state or with
//   no exit that depends on a value loaded from a location the loop does not move (a
//   spin on a flag, which only another thread ends, stays per access) and none that
//   compares a loaded value (a search left when the data says, often after a few
//   iterations, stays per access: a cost rule): on each exit
//   edge, over the iterations that ran, counted by a counter the pass adds (an access
//   after the exit taken, over all of them but the last). In such a loop an access
//   made in every iteration before each exit, at Base + C * P where P is a header phi
//   that moves by 0 to K each iteration, always the same way (a merge's index), with
//   |C| * K at most its size, touches one contiguous range, from the first
//   iteration's address to the last one's, also checked there (MONOTONE).
// An access whose address does not change in the loop but whose block not every
// iteration runs (a shared variable read or written under a condition) touches its
// bytes once if its block ran at all: in such a loop, checked either way, it is checked
// on each exit edge with a count of 1 or 0, from a flag that says whether the block ran
// (LoopRanges.cpp, SOMETIMES).
// The bytes a qualifying access touches over the loop are then exactly the range
// checked, all touched by the same strand, lockset and iteration tag: checking the
// range before or after the loop records the same history and finds the same races as
// checking each access (only the order of one strand's own checks changes, and a strand
// never races with itself). The report names the access's own site.
#ifndef OMPRACER_PASS_LOOPRANGES_H
#define OMPRACER_PASS_LOOPRANGES_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/PassManager.h"

namespace ompracer {

// One check of an access's bytes over the loop, computed before InsertBefore (the
// preheader's terminator, or an exit edge's first instruction): Count accesses of Bytes
// bytes each, Stride bytes apart from Start (the lowest for a constant step; for a
// run-time step the first iteration's, and Stride, modulo 2^64, may count down or be
// 0), or, when Count is null, one range of Bytes bytes from Start.
struct RangeCheck {
  llvm::Value *Start = nullptr;
  llvm::Value *Bytes = nullptr;
  llvm::Value *Count = nullptr, *Stride = nullptr;
  llvm::Instruction *InsertBefore = nullptr;
};

// Where an access's bytes over its loop are checked: once before the loop, or once on
// each exit edge. No check at all for an access whose bytes another copy of the same
// source access covers (unrolled copies).
struct LoopRange {
  llvm::SmallVector<RangeCheck, 1> Checks;
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
