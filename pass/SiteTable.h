// The per-module table of source sites. Each hook call names its site by an index
// into this table; a module constructor registers the table with the runtime, which
// answers with the id of the first entry (the module's "site base").
#ifndef OMPRACER_PASS_SITETABLE_H
#define OMPRACER_PASS_SITETABLE_H

#include "RuntimeHooks.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

#include <map>
#include <tuple>
#include <vector>

namespace ompracer {

// The path a report names for a debug-info file name and its compilation directory.
std::string debugInfoPath(llvm::StringRef Name, llvm::StringRef Dir);

class SiteTable {
public:
  SiteTable(llvm::Module &M, const RuntimeHooks &Hooks);

  // The value to pass as a hook's site argument for this location and kind,
  // computed at the builder's insertion point.
  llvm::Value *siteArg(llvm::IRBuilder<> &IRB, const llvm::DebugLoc &Loc, llvm::StringRef Function,
                       ompracer_site_kind Kind);
  // The same with the line and column given (the file still comes from Loc or the
  // function's debug info).
  llvm::Value *siteArgAt(llvm::IRBuilder<> &IRB, const llvm::DebugLoc &Loc,
                         llvm::StringRef Function, unsigned Line, unsigned Column,
                         ompracer_site_kind Kind);

  // The same with the file given too (a variable's declaration).
  llvm::Value *siteArgIn(llvm::IRBuilder<> &IRB, llvm::StringRef File, llvm::StringRef Function,
                         unsigned Line, unsigned Column, ompracer_site_kind Kind);

  // A global of the module, for the table of globals (struct ompracer_global).
  struct Global {
    llvm::GlobalVariable *GV;
    uint64_t Size;
    std::string Name, File;
    unsigned Line;
  };
  void addGlobal(Global G) { Globals.push_back(std::move(G)); }

  // A private constant string of the module (shared by equal strings).
  llvm::Constant *stringConstant(llvm::StringRef S);

  // Emits the tables and their registering constructor, which also says whether every
  // task of the module waits for its children (TaskNesting.h); no-op when both tables
  // are empty and it does.
  void finish(bool EveryTaskWaits);
  size_t size() const { return Sites.size(); }

private:
  struct Site {
    std::string File, Function;
    unsigned Line, Column, Kind;
  };
  llvm::GlobalVariable *globalsTable();
  void registerSites(llvm::IRBuilder<> &IRB);

  llvm::Module &M;
  llvm::FunctionCallee Register, RegisterGlobals, ModuleTasks;
  std::vector<Global> Globals;
  llvm::GlobalVariable *Base; // i32 written by the constructor
  std::vector<Site> Sites;
  std::map<std::tuple<std::string, std::string, unsigned, unsigned, unsigned>, unsigned> Index;
  llvm::StringMap<llvm::Constant *> Strings;
};

} // namespace ompracer

#endif
