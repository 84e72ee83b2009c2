#!/usr/bin/env bash
# Formats the C and C++ sources with the checked-in .clang-format (`--check` only
# reports files that would change, with exit code 1).
set -euo pipefail
cd "$(dirname "$0")/.."
files=$(git ls-files 'runtime/*.[ch]' 'pass/*.cpp' 'pass/*.h' 'include/*.h' 'tests/unit/*.[ch]' \
  'scripts/bench/*.c' 'examples/*.c')
if [ "${1:-}" = --check ]; then
  bad=0
  for f in $files; do
    clang-format "$f" | cmp -s - "$f" || { echo "needs formatting: $f"; bad=1; }
  done
  exit $bad
fi
clang-format -i $files
