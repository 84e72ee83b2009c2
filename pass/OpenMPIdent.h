// What clang's lowering records in the ident_t (source location) argument of a
// __kmpc_* call: its flags and the directive's line and column. Shared by the passes
// that recognise OpenMP constructs in the IR.
#ifndef OMPRACER_PASS_OPENMPIDENT_H
#define OMPRACER_PASS_OPENMPIDENT_H

#include "llvm/IR/InstrTypes.h"

#include <cstdint>

namespace ompracer {

constexpr uint64_t IdentWorkSections = 0x400; // KMP_IDENT_WORK_SECTIONS in ident_t flags

// The ident_t flags of a __kmpc_* call, or 0 when its first argument is not one.
uint64_t identFlags(const llvm::CallBase *CB);

// The directive's line and column from the ident_t's psource string
// (";file;function;line;column;;"): the line of the pragma, where the call's debug
// location may name the statement below it.
bool directiveLocation(const llvm::CallBase *CB, unsigned &Line, unsigned &Col);

} // namespace ompracer

#endif
