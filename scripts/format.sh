#!/usr/bin/env bash
# Formats the C and C++ sources with the checked-in .clang-format (`--check` only
# reports files that would change, with exit code 1).
set -euo pipefail
cd "$(dirname "$0")/.."
# The checked-in style is clang-format 19's (the toolchain's); Debian's plain
# clang-format may be an older one that formats differently.
cf=${CLANG_FORMAT:-$(command -v clang-format-19 || command -v clang-format || echo clang-format)}
files=$(git ls-files 'runtime/*.[ch]' 'pass/*.cpp' 'pass/*.h' 'include/*.h' 'tests/unit/*.[ch]' \
  'scripts/bench/*.c' 'examples/*.c')
if [ "${1:-}" = --check ]; then
  bad=0
  for f in $files; do
    "$cf" "$f" | cmp -s - "$f" || { echo "needs formatting: $f"; bad=1; }
  done
  exit $bad
fi
"$cf" -i $files
