// Registers the passes with clang's new pass manager: `-fpass-plugin=ompracer.so` runs
// MarkSections, MarkTargets and MarkLoops first (before the optimiser reshapes OpenMP's lowering)
// and the instrumentation last in the optimisation pipeline (at every -O level);
// `opt -passes=ompracer` runs the instrumentation by name.
#include "InstrumentAccesses.h"
#include "MarkLoops.h"
#include "MarkSections.h"
#include "MarkTargets.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"

using namespace llvm;

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "ompracer", "0.1", [](PassBuilder &PB) {
            PB.registerPipelineStartEPCallback([](ModulePassManager &MPM, OptimizationLevel) {
              MPM.addPass(ompracer::MarkSectionsPass());
              MPM.addPass(ompracer::MarkTargetsPass());
              MPM.addPass(ompracer::MarkLoopsPass());
            });
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
