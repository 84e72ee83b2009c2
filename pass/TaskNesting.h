// Whether every explicit task of a module waits for the child tasks it creates before
// it ends (its taskwaits are "fully nested"). The runtime gives precise-mode verdicts
// at fast mode's cost when every module says so (runtime/task_nesting.h says why),
// and checks the claim as the program runs: this is a fact about the code, not a race
// decision.
#ifndef OMPRACER_PASS_TASKNESTING_H
#define OMPRACER_PASS_TASKNESTING_H

#include "llvm/IR/Module.h"

namespace ompracer {

// True when no explicit task of M can end with a child task it created (in its own
// body or in a function of M the body calls) not yet waited for: on every path from a
// task creation to the return of the function that made it, a taskwait or the end of
// a taskgroup around the creation comes first. Paths are those the function's branch
// conditions allow: a condition tested twice goes the same way both times unless the
// function stores to what it loads in between (ConditionKeys.h), so a taskwait under
// the same cutoff test as the creations counts. Conservative otherwise: a task entry
// the pass cannot find, or taskgroups it cannot match along the paths, make it false.
// Calls to functions outside M and indirect calls are taken to create no task, and
// calls are taken not to change a tested condition (the runtime notices a task that
// ends with children unwaited anyway, and marks the run incomplete).
bool everyTaskWaitsForItsChildren(llvm::Module &M);

} // namespace ompracer

#endif
