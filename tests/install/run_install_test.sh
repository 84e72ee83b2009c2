#!/usr/bin/env bash
# Install tests: ompracer as users integrate it (see docs/usage.md, "Building and
# integrating"). Each kind installs the build tree (or builds the repository afresh)
# into a temporary directory, builds a small racy program of tests/install/ with it,
# runs it and checks the race report (exit code 66, the racy line, the summary).
#
#   run_install_test.sh KIND
#     cmake_package         find_package(ompracer) + ompracer_instrument / ompracer::ompracer
#     cmake_wrong_compiler  find_package(ompracer) from a project compiled by GCC must fail clearly
#     cmake_wrapper         -DCMAKE_C_COMPILER=<prefix>/bin/ompracer-clang, also with find_package
#     make_wrapper          plain Makefile with CC=<prefix>/bin/ompracer-clang
#     pkg_config            clang-19 ... $(pkg-config --cflags --libs ompracer)
#     default_compiler      cmake -S <repo> -B <tmp> with the default compiler (GCC on Debian),
#                           warning-free, then a program built with that build's wrapper
#
# Environment (set by tests/install/CMakeLists.txt): OMPRACER_SOURCE_DIR, OMPRACER_BUILD_DIR,
# CMAKE (cmake), CLANG (clang 19), PKG_CONFIG, MAKE. Exit 77 means skipped (a tool is missing).
set -uo pipefail
kind=${1:?usage: run_install_test.sh KIND}
src=${OMPRACER_SOURCE_DIR:?}
build=${OMPRACER_BUILD_DIR:?}
cmake=${CMAKE:-cmake}
clang=${CLANG:-clang-19}
here="$src/tests/install"

work=$(mktemp -d "${TMPDIR:-/tmp}/ompracer-install-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"

fail() { echo "FAIL ($kind): $*" >&2; exit 1; }
skip() { echo "SKIP ($kind): $*" >&2; exit 77; }
run_quiet() { # runs a command, shows its output only if it fails
  local log="$work/step.log"
  "$@" >"$log" 2>&1 || { cat "$log" >&2; fail "command failed: $*"; }
}

install_prefix() {
  run_quiet "$cmake" --install "$build" --prefix "$prefix"
  local f
  for f in lib/ompracer.so lib/libompracer.so bin/ompracer-clang bin/ompracer-clang++ \
           bin/ompracer-run include/ompracer/hooks.h lib/cmake/ompracer/ompracerConfig.cmake \
           lib/cmake/ompracer/ompracerConfigVersion.cmake lib/pkgconfig/ompracer.pc; do
    [ -e "$prefix/$f" ] || fail "cmake --install did not install $f"
  done
}

# check_report PROGRAM SITE [SITE...]: the program must exit 66 and report one race
# whose two accesses are at the given file:line sites.
check_report() {
  local prog=$1 status=0
  shift
  env -u OMPRACER_OPTIONS OMP_NUM_THREADS=2 "$prog" >"$work/out.txt" 2>"$work/err.txt" </dev/null || status=$?
  if [ "$status" -ne 66 ]; then
    cat "$work/err.txt" >&2
    fail "$prog exited $status, expected 66 (a race report)"
  fi
  grep -q '^==ompracer== WARNING: data race' "$work/err.txt" || { cat "$work/err.txt" >&2; fail "$prog: no race report"; }
  grep -q '^==ompracer== SUMMARY: [1-9][0-9]* data race(s) reported' "$work/err.txt" ||
    { cat "$work/err.txt" >&2; fail "$prog: no race summary"; }
  local site
  for site in "$@"; do
    grep -q "^==ompracer==   \(read\|write\) at .*$site" "$work/err.txt" ||
      { cat "$work/err.txt" >&2; fail "$prog: the report does not name $site"; }
  done
  echo "ok: $prog exited 66 and reported the race at $*"
}

case "$kind" in
  cmake_package)
    install_prefix
    proj="$work/cmake_project"
    run_quiet "$cmake" -S "$here/cmake_project" -B "$proj" -DCMAKE_C_COMPILER="$clang" \
      -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_INSTALL_PREFIX="$work/app"
    found=$(sed -n 's/^ompracer_DIR:PATH=//p' "$proj/CMakeCache.txt")
    [ "$found" = "$prefix/lib/cmake/ompracer" ] || fail "find_package found ompracer in '$found', not in $prefix"
    run_quiet "$cmake" --build "$proj"
    check_report "$proj/histogram" "histogram.c:14"
    check_report "$proj/histogram_linked" "histogram.c:14"
    check_report "$proj/sum_app" "sum.c:9"
    # Installed, the programs lose CMake's build-tree rpath but keep the package's.
    run_quiet "$cmake" --install "$proj"
    check_report "$work/app/bin/histogram" "histogram.c:14"
    ;;

  cmake_wrong_compiler)
    install_prefix
    gcc=$(command -v gcc) || skip "no gcc"
    proj="$work/cmake_project"
    if "$cmake" -S "$here/cmake_project" -B "$proj" -DCMAKE_C_COMPILER="$gcc" \
         -DCMAKE_PREFIX_PATH="$prefix" >"$work/conf.log" 2>&1; then
      cat "$work/conf.log" >&2
      fail "configuring with $gcc succeeded; find_package(ompracer) must reject it"
    fi
    # (CMake wraps the message: compare it with the line breaks and indents squeezed.)
    message=$(tr -s ' \n' '  ' <"$work/conf.log")
    case "$message" in
      *"loads only into clang "[0-9]*". The C compiler is $gcc (GNU "*) ;;
      *) cat "$work/conf.log" >&2; fail "no clear message naming the compiler" ;;
    esac
    case "$message" in
      *"-DCMAKE_C_COMPILER=clang-"[0-9]*) ;;
      *) cat "$work/conf.log" >&2; fail "the message does not say which compiler to use" ;;
    esac
    echo "ok: find_package(ompracer) rejects $gcc:"
    cat "$work/conf.log"
    ;;

  cmake_wrapper)
    install_prefix
    proj="$work/cmake_project"
    # The wrapper as the project's compiler, together with find_package: the wrapper
    # adds the plugin itself, so the package must not add it to the command lines.
    run_quiet "$cmake" -S "$here/cmake_project" -B "$proj" -DCMAKE_C_COMPILER="$prefix/bin/ompracer-clang" \
      -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Debug
    run_quiet "$cmake" --build "$proj" --verbose
    if grep -q "fpass-plugin" "$work/step.log"; then
      grep "fpass-plugin" "$work/step.log" >&2
      fail "the package added the plugin although the wrapper adds it already"
    fi
    check_report "$proj/histogram" "histogram.c:14"
    ;;

  make_wrapper)
    make=${MAKE:-make}
    command -v "$make" >/dev/null || skip "no make"
    install_prefix
    cp -r "$here/make_project" "$work/make_project"
    run_quiet "$make" -C "$work/make_project" CC="$prefix/bin/ompracer-clang"
    check_report "$work/make_project/pairs" "pairs.c:12" "pairs.c:14"
    ;;

  pkg_config)
    pkg_config=${PKG_CONFIG:-pkg-config}
    command -v "$pkg_config" >/dev/null || skip "no pkg-config"
    install_prefix
    export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
    version=$("$pkg_config" --modversion ompracer) || fail "pkg-config does not find ompracer"
    echo "pkg-config: ompracer $version: $("$pkg_config" --cflags --libs ompracer)"
    # shellcheck disable=SC2046 # the flags are meant to be split
    run_quiet "$clang" -g -O0 "$here/cmake_project/histogram.c" \
      $("$pkg_config" --cflags --libs ompracer) -o "$work/histogram"
    check_report "$work/histogram" "histogram.c:14"
    # Compiling and linking in separate steps.
    # shellcheck disable=SC2046
    run_quiet "$clang" -g -O0 $("$pkg_config" --cflags ompracer) -c "$here/cmake_project/histogram.c" \
      -o "$work/histogram.o"
    # shellcheck disable=SC2046
    run_quiet "$clang" "$work/histogram.o" $("$pkg_config" --libs ompracer) -o "$work/histogram2"
    check_report "$work/histogram2" "histogram.c:14"
    ;;

  default_compiler)
    # What `cmake -S . -B build && cmake --build build` does with no compiler given.
    unset CC CXX CFLAGS CXXFLAGS
    tree="$work/build"
    run_quiet "$cmake" -S "$src" -B "$tree"
    sed -n 's/^-- ompracer: //p' "$work/step.log"
    jobs=$(nproc 2>/dev/null || echo 2)
    "$cmake" --build "$tree" -j"$jobs" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; fail "the build failed"; }
    if grep -n "warning:" "$work/build.log" >&2; then
      fail "the build printed the warnings above (-Wall -Wextra must be clean)"
    fi
    cat >"$work/tiny.c" <<'PROG'
#include <stdio.h>
int main(void) {
  int last = -1;
#pragma omp parallel num_threads(2)
  last = 1;
  printf("%d\n", last);
  return 0;
}
PROG
    run_quiet "$tree/bin/ompracer-clang" -g -O0 "$work/tiny.c" -o "$work/tiny"
    check_report "$work/tiny" "tiny.c:5"
    ;;

  *) echo "run_install_test.sh: unknown kind '$kind'" >&2; exit 2 ;;
esac
