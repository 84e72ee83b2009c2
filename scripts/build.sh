#!/usr/bin/env bash
# Configures and builds ompracer in build/ with clang-19 (the pass must be built by a
# compiler that can consume LLVM 19's headers; the runtime is plain C11).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cmake -S "$repo" -B "$repo/build" -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$repo/build" -j"$(nproc)"
