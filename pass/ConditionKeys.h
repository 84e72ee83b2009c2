// Branch conditions that test the same thing: a key per condition, so that a
// path-sensitive analysis (TaskNesting.cpp) can tell that two branches of a function
// go the same way, as in the cutoff idiom
//
//   if (depth < cutoff) { #pragma omp task ... }   ...   if (depth < cutoff) taskwait
//
// where the second test reloads depth and cutoff. Two conditions get the same key when
// they are the same SSA value, or the same operations (comparisons, arithmetic, casts,
// address computations) on the same constants, globals, arguments, stack slots and
// loads from addresses with the same key. A comparison and its inverse get one key,
// one of them negated. A load's value is taken to be what the earlier load with the
// same key read, unless the analysis passes a store to that address in between
// (`clobbers`); stores through other pointers and calls are not looked at. This is a
// fact about the code that holds in the programs the cutoff idiom comes from, not a
// proof: TaskNesting.h says what guards a claim built on it.
#ifndef OMPRACER_PASS_CONDITIONKEYS_H
#define OMPRACER_PASS_CONDITIONKEYS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Value.h"

#include <string>

namespace ompracer {

// What a condition tests: Text names the expression (equal Text, equal value while no
// clobber intervenes), Loaded the keys of the addresses it loads from.
struct ConditionKey {
  std::string Text;
  llvm::SmallVector<std::string, 4> Loaded;
  // Instructions the key names by identity (phis, calls, ...): a path that runs one
  // again (a loop's next iteration) may get another value from it.
  llvm::SmallVector<const llvm::Instruction *, 4> Named;
};

class ConditionKeys {
public:
  // The key of an i1 branch condition, as a number (conditions with the same key get
  // the same number); Negated: the key names its inverse.
  unsigned keyOf(const llvm::Value *Cond, bool &Negated);
  // Whether I may change a value that key Id's condition loads, as far as this class
  // looks (a store, an atomic update or a memory intrinsic whose destination has one of
  // the key's address keys).
  bool clobbers(const llvm::Instruction &I, unsigned Id);
  // Whether running I again may change the value of key Id's condition (I is one of
  // the instructions the key names by identity).
  bool redefines(const llvm::Instruction &I, unsigned Id) const;

private:
  std::string text(const llvm::Value *V, unsigned Depth, ConditionKey &K);
  std::string named(const llvm::Instruction *I, ConditionKey &K);
  unsigned number(ConditionKey K);
  llvm::SmallVector<ConditionKey, 8> Numbered;
  llvm::StringMap<unsigned> Numbers;
  llvm::DenseMap<const llvm::Value *, std::pair<unsigned, bool>> Keys;
  llvm::DenseMap<const llvm::Value *, std::string> AddressKeys;
};

} // namespace ompracer

#endif
