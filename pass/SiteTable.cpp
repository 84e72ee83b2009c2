#include "SiteTable.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/Support/Path.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace ompracer {

SiteTable::SiteTable(Module &M, const RuntimeHooks &Hooks)
    : M(M), Register(Hooks.RegisterSites), RegisterGlobals(Hooks.RegisterGlobals),
      ModuleTasks(Hooks.ModuleTasks) {
  Base = new GlobalVariable(
      M, Type::getInt32Ty(M.getContext()), /*isConstant=*/false, GlobalValue::InternalLinkage,
      ConstantInt::get(Type::getInt32Ty(M.getContext()), 0), "__ompracer_site_base");
}

// The path a report names for a debug-info file: clang records the file name as it
// was given on the command line and, apart, the directory it was compiled in; a
// relative name is joined to that directory, so the path names the file from
// anywhere (an out-of-source build compiles "../src/x.c"). "./" components go, ".."
// stay (dropping them is wrong across symbolic links).
static std::string pathOf(StringRef Name, StringRef Dir) {
  if (Name.empty() || Dir.empty() || sys::path::is_absolute(Name))
    return Name.str();
  SmallString<256> Joined(Dir);
  sys::path::append(Joined, Name);
  sys::path::remove_dots(Joined, /*remove_dot_dot=*/false);
  return std::string(Joined.str());
}

std::string debugInfoPath(StringRef Name, StringRef Dir) {
  return pathOf(Name, Dir);
}

// The file a location is in: the location's, or (when the optimiser dropped it) the
// function's, so a report can still say "file, line unknown" rather than "no -g".
static std::string fileOf(IRBuilder<> &IRB, const DebugLoc &Loc) {
  if (Loc)
    return pathOf(Loc->getFilename(), Loc->getDirectory());
  if (const DISubprogram *SP = IRB.GetInsertBlock()->getParent()->getSubprogram())
    return pathOf(SP->getFilename(), SP->getDirectory());
  return "";
}

Value *SiteTable::siteArg(IRBuilder<> &IRB, const DebugLoc &Loc, StringRef Function,
                          ompracer_site_kind Kind) {
  return siteArgAt(IRB, Loc, Function, Loc ? Loc.getLine() : 0, Loc ? Loc.getCol() : 0, Kind);
}

Value *SiteTable::siteArgAt(IRBuilder<> &IRB, const DebugLoc &Loc, StringRef Function,
                            unsigned Line, unsigned Column, ompracer_site_kind Kind) {
  return siteArgIn(IRB, fileOf(IRB, Loc), Function, Line, Column, Kind);
}

Value *SiteTable::siteArgIn(IRBuilder<> &IRB, StringRef FileRef, StringRef Function, unsigned Line,
                            unsigned Column, ompracer_site_kind Kind) {
  std::string File = FileRef.str();
  auto Key = std::make_tuple(File, Function.str(), Line, Column, unsigned(Kind));
  auto [It, Inserted] = Index.try_emplace(Key, Sites.size());
  if (Inserted)
    Sites.push_back({File, Function.str(), Line, Column, unsigned(Kind)});
  Value *BaseVal = IRB.CreateLoad(IRB.getInt32Ty(), Base, "ompracer.site_base");
  return IRB.CreateAdd(BaseVal, IRB.getInt32(It->second));
}

Constant *SiteTable::stringConstant(StringRef S) {
  auto &Slot = Strings[S];
  if (!Slot) {
    Constant *Data = ConstantDataArray::getString(M.getContext(), S);
    auto *GV = new GlobalVariable(M, Data->getType(), /*isConstant=*/true,
                                  GlobalValue::PrivateLinkage, Data, "ompracer.str");
    GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    Slot = GV;
  }
  return Slot;
}

// struct ompracer_global rows (RuntimeHooks.cpp checks the layout).
GlobalVariable *SiteTable::globalsTable() {
  LLVMContext &C = M.getContext();
  Type *I32 = Type::getInt32Ty(C), *I64 = Type::getInt64Ty(C);
  PointerType *Ptr = PointerType::getUnqual(C);
  StructType *RowTy = StructType::get(C, {Ptr, I64, Ptr, Ptr, I32, I32});
  std::vector<Constant *> Rows;
  for (const Global &G : Globals) {
    Constant *File = G.File.empty() ? ConstantPointerNull::get(Ptr) : stringConstant(G.File);
    Rows.push_back(ConstantStruct::get(
        RowTy, {G.GV, ConstantInt::get(I64, G.Size), stringConstant(G.Name), File,
                ConstantInt::get(I32, G.Line), ConstantInt::get(I32, 0)}));
  }
  ArrayType *TableTy = ArrayType::get(RowTy, Rows.size());
  return new GlobalVariable(M, TableTy, /*isConstant=*/true, GlobalValue::PrivateLinkage,
                            ConstantArray::get(TableTy, Rows), "ompracer.globals");
}

void SiteTable::finish(bool EveryTaskWaits) {
  if (Sites.empty() && Globals.empty() && EveryTaskWaits) {
    Base->eraseFromParent();
    return;
  }
  LLVMContext &C = M.getContext();
  Function *Ctor = Function::Create(FunctionType::get(Type::getVoidTy(C), false),
                                    GlobalValue::InternalLinkage, "ompracer.module_ctor", M);
  IRBuilder<> IRB(BasicBlock::Create(C, "entry", Ctor));
  IRB.CreateCall(ModuleTasks, {IRB.getInt32(EveryTaskWaits)});
  if (!Globals.empty())
    IRB.CreateCall(RegisterGlobals, {globalsTable(), IRB.getInt32(Globals.size()),
                                     IRB.getInt32(OMPRACER_ABI_VERSION)});
  if (Sites.empty()) {
    Base->eraseFromParent();
  } else {
    registerSites(IRB);
  }
  IRB.CreateRetVoid();
  // Priority 0, like the sanitizers: before any user constructor can run OpenMP code.
  appendToGlobalCtors(M, Ctor, 0);
}

void SiteTable::registerSites(IRBuilder<> &IRB) {
  LLVMContext &C = M.getContext();
  Type *I32 = Type::getInt32Ty(C);
  PointerType *Ptr = PointerType::getUnqual(C);
  // struct ompracer_site of include/ompracer/hooks.h (RuntimeHooks.cpp checks its layout).
  StructType *SiteTy = StructType::get(C, {Ptr, Ptr, I32, I32, I32});
  std::vector<Constant *> Rows;
  for (const Site &S : Sites) {
    Constant *File = S.File.empty() ? ConstantPointerNull::get(Ptr) : stringConstant(S.File);
    Rows.push_back(ConstantStruct::get(
        SiteTy, {File, stringConstant(S.Function), ConstantInt::get(I32, S.Line),
                 ConstantInt::get(I32, S.Column), ConstantInt::get(I32, S.Kind)}));
  }
  ArrayType *TableTy = ArrayType::get(SiteTy, Rows.size());
  auto *Table = new GlobalVariable(M, TableTy, /*isConstant=*/true, GlobalValue::PrivateLinkage,
                                   ConstantArray::get(TableTy, Rows), "ompracer.sites");

  // In the module constructor: base = __ompracer_register_sites(table, n, ABI);
  Value *BaseId = IRB.CreateCall(
      Register, {Table, IRB.getInt32(Rows.size()), IRB.getInt32(OMPRACER_ABI_VERSION)});
  IRB.CreateStore(BaseId, Base);
}

} // namespace ompracer
