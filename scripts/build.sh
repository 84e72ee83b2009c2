#!/usr/bin/env bash
# Configures and builds ompracer in build/ with clang-19 (the pass must be built by a
# compiler that can consume LLVM 19's headers; the runtime is plain C11).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
# Checked before CMake runs: a configure that fails to find the compiler leaves a cache
# whose per-build-type flags are empty, and every later build of that directory would
# then be unoptimised.
for tool in clang-19 clang++-19 cmake; do
  command -v "$tool" >/dev/null ||
    { echo "build.sh: $tool not found; run scripts/install-deps.sh (or scripts/quickstart.sh) first" >&2; exit 2; }
done
cmake -S "$repo" -B "$repo/build" -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$repo/build" -j"$(nproc)"
