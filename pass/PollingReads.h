// Polling reads: loads that a loop entering a critical section branches on, the
// reader's side of a hand-off through critical sections (a flag that one task sets
// inside a critical section and another polls inside one: DataRaceBench 184, 192).
//
// The pass only finds them and says what the branch tests; the runtime decides whether
// the value read orders anything (runtime/sync_order.c).
//
// A load qualifies when the innermost loop around it enters a critical section
// (__kmpc_critical or __kmpc_critical_with_hint anywhere in the loop) and its integer
// value, through at most a truncation and an extension, is compared with a constant by
// an icmp that a conditional branch (or a select) tests, or is an i1 a branch tests. The loop's
// critical sections are "polled": their locks are registered by the module's constructor.
#ifndef OMPRACER_PASS_POLLINGREADS_H
#define OMPRACER_PASS_POLLINGREADS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PassManager.h"

#include <cstdint>

namespace ompracer {

struct PollingRead {
  llvm::LoadInst *Load;
  uint64_t Constant; // the compared constant (its low Compared bits count)
  uint32_t How;      // OMPRACER_BRANCH_HOW of include/ompracer/hooks.h
};

struct PollingReads {
  llvm::SmallVector<PollingRead, 4> Reads;
  llvm::SmallVector<llvm::GlobalVariable *, 2> Locks; // the polled critical sections' locks
};

PollingReads findPollingReads(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);

// The lock argument of __kmpc_critical(_with_hint) (Entry set) or __kmpc_end_critical
// (Entry clear); null for any other call.
llvm::Value *criticalLockArg(const llvm::CallBase &CB, bool &Entry);

} // namespace ompracer

#endif
