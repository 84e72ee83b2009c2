// Update pairs: a load and a store of the same bytes with nothing between them that
// the runtime could tell apart from their running together (a read-modify-write:
// x++, a[i] += v, *seed = f(*seed)), checked by one runtime call instead of two
// (__ompracer_update4/8 in hooks.h): one hook entry, one shadow lookup, one lock.
//
// A pair qualifies when the load comes first in the store's basic block, both are
// plain (not atomic, not volatile) accesses of 4 or 8 bytes through the same pointer
// value, the load's value is not a pointer (its read keeps the pointer hook, which
// prefetches), and every instruction strictly between them neither touches memory
// (so no other hook runs between the two checks and no other access of the strand
// comes between them) nor calls anything (so no task, lock, barrier or loop marker
// runs between them: the two checks are made in the same strand, lockset and
// iteration), and always hands control to the next one as LLVM defines it
// (isGuaranteedToTransferExecutionToSuccessor: no exception, no endless loop; a
// division by zero is undefined behaviour): so the store runs whenever the load did,
// and the write checked before the load is a write the program makes. The call is
// made where the read's hook would be; the write's check moves up past instructions
// that touch nothing the runtime sees, which no other thread can observe.
#ifndef OMPRACER_PASS_UPDATEPAIRS_H
#define OMPRACER_PASS_UPDATEPAIRS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

namespace ompracer {

// F's qualifying pairs, by their loads. Wanted: whether an access would get a sized
// plain hook of its own (not batched, not checked per loop, not skipped).
llvm::DenseMap<llvm::LoadInst *, llvm::StoreInst *>
planUpdatePairs(llvm::Function &F, llvm::function_ref<bool(llvm::Instruction &)> Wanted);

} // namespace ompracer

#endif
