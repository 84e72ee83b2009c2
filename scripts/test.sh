#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to the whole test suite: installs what
# is missing, builds ompracer, and runs every test (unit, integration, scoring) with
# ctest. Extra arguments go to ctest (e.g. -L unit, -R task).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
"$repo/scripts/install-deps.sh"
"$repo/scripts/build.sh"
cd "$repo/build"
ctest --output-on-failure -j"$(nproc)" "$@"
