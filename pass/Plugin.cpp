// Registers the pass with clang's new pass manager: `-fpass-plugin=ompracer.so` runs it
// last in the optimisation pipeline (at every -O level), and `opt -passes=ompracer`
// runs it by name.
#include "InstrumentAccesses.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"

using namespace llvm;

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "ompracer", "0.1", [](PassBuilder &PB) {
            PB.registerOptimizerLastEPCallback([](ModulePassManager &MPM, OptimizationLevel) {
              MPM.addPass(ompracer::InstrumentAccessesPass());
            });
            PB.registerPipelineParsingCallback(
                [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
                  if (Name != "ompracer")
                    return false;
                  MPM.addPass(ompracer::InstrumentAccessesPass());
                  return true;
                });
          }};
}
