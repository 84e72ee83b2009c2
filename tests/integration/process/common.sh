# Sourced by the process tests: OMPRACER_BIN, a temporary directory $tmp (removed at
# exit unless KEEP_TMP=1), check/finish, and build SRC OUT [FLAGS...].
set -u -o pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../../.." && pwd)
OMPRACER_BIN=${OMPRACER_BIN:-$repo/build/bin}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ompracer-process.XXXXXX") || exit 1
if [ "${KEEP_TMP:-0}" = 1 ]; then echo "note: keeping $tmp"; else trap 'rm -rf "$tmp"' EXIT; fi
unset OMPRACER_OPTIONS
failures=0

# check DESCRIPTION COMMAND...: runs the command, reports ok or FAIL.
check() {
  local what=$1
  shift
  if "$@"; then
    echo "ok: $what"
  else
    echo "FAIL: $what"
    failures=$((failures + 1))
  fi
}

# not COMMAND...: succeeds when the command fails (for check).
not() { ! "$@"; }

# show FILE: a file's content, indented (after a failure).
show() {
  echo "---- $1 ----"
  if [ -s "$1" ]; then sed 's/^/    /' "$1"; else echo "    <empty>"; fi
}

build() { # build SRC OUT [FLAGS...]
  local src=$1 out=$2
  shift 2
  "$OMPRACER_BIN/ompracer-clang" -g "$@" "$src" -o "$out" >"$out.cc.log" 2>&1 || {
    show "$out.cc.log"
    echo "FAIL: cannot compile $src with $OMPRACER_BIN/ompracer-clang"
    exit 1
  }
}

finish() {
  if [ "$failures" != 0 ]; then
    echo "FAIL: $failures check(s) failed (KEEP_TMP=1 keeps $tmp)"
    exit 1
  fi
  echo "PASS"
  exit 0
}
