#!/usr/bin/env bash
# render.sh [BUILD_BIN]: regenerates the pictures of docs/how-it-works.md. Each example
# is compiled with ompracer-clang, run once at OMP_NUM_THREADS=2 with
# OMPRACER_OPTIONS=dump_ospg=NAME.dot (its race reports go to NAME.txt), and
# the graph is rendered by Graphviz: dot -Tsvg NAME.dot -o NAME.svg.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$here/../../build/bin}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for name in loop tasks depend; do
  "$bin/ompracer-clang" -g -O0 "$here/$name.c" -o "$tmp/$name"
  (cd "$here" && OMP_NUM_THREADS=2 OMPRACER_OPTIONS=dump_ospg=$name.dot:exitcode=0 \
    "$tmp/$name" >/dev/null 2>"$tmp/$name.txt") || true
  # Report paths as the reader's checkout would show them (also the why line in the
  # graph's title).
  sed "s|$here/||g" "$tmp/$name.txt" >"$here/$name.txt"
  sed -i "s|$here/||g" "$here/$name.dot"
  dot -Tsvg "$here/$name.dot" -o "$here/$name.svg"
done
