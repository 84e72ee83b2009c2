#include "OpenMPIdent.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"

using namespace llvm;

namespace ompracer {

static const ConstantStruct *identFields(const CallBase *CB) {
  if (CB->arg_size() == 0)
    return nullptr;
  auto *Ident = dyn_cast<GlobalVariable>(CB->getArgOperand(0)->stripPointerCasts());
  return Ident && Ident->hasInitializer() ? dyn_cast<ConstantStruct>(Ident->getInitializer())
                                          : nullptr;
}

uint64_t identFlags(const CallBase *CB) {
  const ConstantStruct *Fields = identFields(CB);
  auto *Flags = Fields && Fields->getNumOperands() > 1
                    ? dyn_cast<ConstantInt>(Fields->getOperand(1))
                    : nullptr;
  return Flags ? Flags->getZExtValue() : 0;
}

bool directiveLocation(const CallBase *CB, unsigned &Line, unsigned &Col) {
  const ConstantStruct *Fields = identFields(CB);
  if (!Fields || Fields->getNumOperands() < 5)
    return false;
  auto *Str = dyn_cast<GlobalVariable>(Fields->getOperand(4)->stripPointerCasts());
  auto *Data = Str && Str->hasInitializer()
                   ? dyn_cast<ConstantDataSequential>(Str->getInitializer())
                   : nullptr;
  if (!Data || !Data->isCString())
    return false;
  SmallVector<StringRef, 8> Parts;
  Data->getAsCString().split(Parts, ';');
  return Parts.size() >= 5 && !Parts[3].getAsInteger(10, Line) && !Parts[4].getAsInteger(10, Col) &&
         Line != 0;
}

} // namespace ompracer
