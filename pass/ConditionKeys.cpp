#include "ConditionKeys.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;

namespace ompracer {

// Deeper expressions are keyed by their SSA value alone.
constexpr unsigned MaxDepth = 8;

namespace {
std::string identity(const void *V) {
  return "v" + std::to_string(reinterpret_cast<uintptr_t>(V));
}
} // namespace

std::string ConditionKeys::named(const Instruction *I, ConditionKey &K) {
  K.Named.push_back(I);
  return identity(I);
}

bool ConditionKeys::redefines(const Instruction &I, unsigned Id) const {
  return llvm::is_contained(Numbered[Id].Named, &I);
}

// Constants and globals are uniqued by LLVM, arguments and instructions other than
// the ones below are their own values: all of them are keyed by identity.
std::string ConditionKeys::text(const Value *V, unsigned Depth, ConditionKey &K) {
  const auto *I = dyn_cast<Instruction>(V);
  if (!I)
    return identity(V);
  if (Depth > MaxDepth)
    return named(I, K);
  auto Sub = [&](unsigned Op) { return text(I->getOperand(Op), Depth + 1, K); };
  if (const auto *LI = dyn_cast<LoadInst>(I)) {
    if (!LI->isSimple())
      return named(I, K); // volatile or atomic: each load may read another value
    std::string Addr = Sub(0);
    K.Loaded.push_back(Addr);
    return "ld" + identity(LI->getType()) + "(" + Addr + ")";
  }
  if (const auto *C = dyn_cast<CmpInst>(I))
    return "cmp" + std::to_string(C->getPredicate()) + "(" + Sub(0) + "," + Sub(1) + ")";
  if (isa<BinaryOperator>(I) || isa<CastInst>(I) || isa<GetElementPtrInst>(I)) {
    std::string T = std::string(I->getOpcodeName()) + identity(I->getType());
    if (const auto *G = dyn_cast<GetElementPtrInst>(I))
      T += identity(G->getSourceElementType());
    T += "(";
    for (unsigned Op = 0; Op < I->getNumOperands(); Op++)
      T += (Op ? "," : "") + Sub(Op);
    return T + ")";
  }
  return named(I, K);
}

unsigned ConditionKeys::number(ConditionKey K) {
  auto [It, New] = Numbers.insert({K.Text, unsigned(Numbered.size())});
  if (New)
    Numbered.push_back(std::move(K));
  return It->second;
}

unsigned ConditionKeys::keyOf(const Value *Cond, bool &Negated) {
  auto It = Keys.find(Cond);
  if (It != Keys.end()) {
    Negated = It->second.second;
    return It->second.first;
  }
  using namespace PatternMatch;
  const Value *Inner;
  unsigned Id;
  if (match(Cond, m_Not(m_Value(Inner)))) {
    Id = keyOf(Inner, Negated);
    Negated = !Negated;
  } else if (const auto *C = dyn_cast<CmpInst>(Cond)) {
    // One key for a < b, b > a, !(a >= b) and !(b <= a).
    ConditionKey K;
    std::string A = text(C->getOperand(0), 1, K), B = text(C->getOperand(1), 1, K);
    CmpInst::Predicate P = C->getPredicate();
    if (B < A) {
      std::swap(A, B);
      P = CmpInst::getSwappedPredicate(P);
    }
    Negated = CmpInst::getInversePredicate(P) < P;
    if (Negated)
      P = CmpInst::getInversePredicate(P);
    K.Text = "cmp" + std::to_string(P) + "(" + A + "," + B + ")";
    Id = number(std::move(K));
  } else {
    ConditionKey K;
    K.Text = text(Cond, 0, K);
    Negated = false;
    Id = number(std::move(K));
  }
  Keys[Cond] = {Id, Negated};
  return Id;
}

bool ConditionKeys::clobbers(const Instruction &I, unsigned Id) {
  const Value *Dest = nullptr;
  if (const auto *SI = dyn_cast<StoreInst>(&I))
    Dest = SI->getPointerOperand();
  else if (const auto *MI = dyn_cast<MemIntrinsic>(&I))
    Dest = MI->getRawDest();
  else if (const auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    Dest = RMW->getPointerOperand();
  else if (const auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    Dest = CX->getPointerOperand();
  const ConditionKey &K = Numbered[Id];
  if (!Dest || K.Loaded.empty())
    return false;
  auto It = AddressKeys.find(Dest);
  if (It == AddressKeys.end()) {
    ConditionKey Scratch;
    It = AddressKeys.insert({Dest, text(Dest, 1, Scratch)}).first;
  }
  for (const std::string &A : K.Loaded)
    if (A == It->second)
      return true;
  return false;
}

} // namespace ompracer
