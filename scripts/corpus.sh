#!/usr/bin/env bash
# corpus.sh -- do OpenMP programs still compile, run and print the same output with
# ompracer? (issue 14, point 2)
#
# For every program of the given targets (real applications, built with their own build
# systems, and whole suites: our tests and kernels, DataRaceBench, BOTS) and every
# optimisation level: builds it natively (clang-19/clang++-19 -fopenmp) and with
# ompracer-clang/ompracer-clang++ (with and without -g; native is built without -g),
# runs every build on a small input at OMP_NUM_THREADS=2 under a time limit, and
# compares each instrumented run with the native run of the same level:
#   - stdout must be the same after masking what differs from run to run (timings,
#     rates, dates, addresses, the compiler's name: a sed -E script per application or
#     suite, printed in the result);
#   - the exit code must be native's, 66 (races reported) or 67 (checking incomplete);
#   - no compiler failure, no crash (a signal native did not get), no hang (timeout).
# When a run differs, native runs twice more: an instrumented run that matches any of
# the three passes; when the native runs differ among themselves (a program whose output
# depends on its races) the difference is listed as "native varies", not a failure.
# A difference that the native runs do not explain in a run where the tool reported a
# race (exit code 66) is listed apart too, as "stdout differs, race reported", and is
# not a failure: a data race is undefined behaviour, and the values a racy program
# prints depend on which racing access wins, which the instrumented build's timing and
# code (its simd loops are not vectorised) change; its diff is printed in the details,
# to be judged by hand (a defect if the reported races cannot explain it). A difference
# in a run that reported no race (exit code native's or 67) is a failure.
# Reported races are listed by site pair (the two access locations, sorted): each pair
# for the applications, counts per program for the suites.
# Prints a Markdown report and writes it, with date, machine, commits and the command,
# to tests/corpus-results/<date>.md (or --out FILE).
#
# Usage: scripts/corpus.sh [options] TARGET...
# TARGET is a suite or an application:
#   own             our programs: tests/integration/*.c and *.cpp (a `// OPTIONS:` line is
#                   passed on in OMPRACER_OPTIONS, as run_test.sh does) and the
#                   scripts/bench/*.c kernels (smaller inputs than scripts/bench.sh's)
#   drb=PATH        DataRaceBench checkout: every micro-benchmarks/DRB*-{yes,no}.{c,cpp},
#                   PolyBench ones with utilities/polybench.c, "-var-" ones run with 32
#   bots=PATH       BOTS tree holding bots-*/ (omp-racer's tests/bots_bench): the 14
#                   applications as C, sources and -D flags from each one's Makefile.par,
#                   small inputs (alignment, health and uts: smaller than BOTS's own, see
#                   bots_input below), run with -c (BOTS verifies its result)
#   NAME=PATH       an application checkout, built with its own build system:
#     lulesh        LLNL/LULESH 2.0 (C++, loops), CMake: -DWITH_MPI=OFF
#                   -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS="-OL [-g]"; input -s 4 -i 10
#     xsbench       ANL-CESAR/XSBench openmp-threading/ (C, loops), its Makefile (-flto):
#                   make CC="CC -OL" OPTIMIZE=no DEBUG=yes|no;
#                   input -t 2 -s small -G nuclide -m event -l 5000
#     xsbench-tasks the same XSBench, kernel 1 (-k 1), whose sorts are recursive
#                   `omp task`s: input -t 2 -s small -G nuclide -m event -k 1 -l 30000
#     rsbench       ANL-CESAR/RSBench openmp-threading/ (C, loops), its Makefile (-flto):
#                   as XSBench; input -t 2 -s small -m event -l 2000
#     hpccg         Mantevo/HPCCG (C++, loops and reductions), its Makefile: make CXX=
#                   LINKER= CPP_OPT_FLAGS="-OL [-g]" OMP_FLAGS=-fopenmp USE_OMP=-DUSING_OMP;
#                   input 20 20 20
#     minife        Mantevo/miniFE openmp/ (C++ templates: FE assembly, CG), its
#                   Makefile.gnu.openmp: make CXX= CC= CFLAGS="-OL [-g] -fopenmp";
#                   input nx=20 ny=20 nz=20
#     comd          ECP-copa/CoMD src-openmp/ (C, molecular dynamics on link cells), its
#                   Makefile.vanilla (copied to Makefile as its README says): make CC=
#                   DO_MPI=OFF OPTFLAGS="-OL [-g]"; input -e -d pots -x 6 -y 6 -z 6 -N 20 -n 5
#     babelstream   UoB-HPC/BabelStream (C++ classes, stream kernels and a reduction),
#                   CMake: -DMODEL=omp -DRELEASE_FLAGS=-OL [-DCXX_EXTRA_FLAGS=-g];
#                   input -s 65536 -n 5
#                   PATH is the checkout's root (or, for xsbench/rsbench, its
#                   openmp-threading/); PATH@COMMIT records COMMIT in the result (read
#                   with git when PATH is a git work tree). Each build works in a copy.
# Options:
#   -O, --opt L     optimisation levels, comma-separated (default O0,O1,O2,O3)
#   -j, --jobs N    programs checked at once (default 1)
#   --timeout S     seconds per application run (default 300; native runs take ~1 s)
#   --prog-timeout S  seconds per run of a suite program (default 60; our scripts/bench
#                   kernels, benchmarks, get --timeout)
#   --only REGEX    check only the suite programs whose name matches REGEX (extended)
#   --out FILE      where to write the result (default tests/corpus-results/<date>.md)
#   --no-write      print only
#   --keep          keep the build directory (printed)
#   --render DIR    print (and write) the report of a run kept with --keep in DIR again,
#                   with this script's report code; no TARGET then
#   -h, --help      this text
# Environment: OMPRACER_BIN (default <repo>/build/bin: run scripts/build.sh first),
# CC_NATIVE/CXX_NATIVE (default clang-19/clang++-19), OMPRACER_OPTIONS passed through.
# Exit codes: 0 every check passed (reported races are not failures: they are judged
# by hand; nor are output differences of programs whose native output varies or that
# reported races), 1 a build or run failed a check, 2 bad usage or setup.
# Example (sources fetched beforehand, never into this repository):
#   mkdir -p /tmp/apps/lulesh && git --git-dir=MIRROR archive HEAD | tar -x -C /tmp/apps/lulesh
#   nice scripts/corpus.sh -j 2 own drb=/tmp/drb bots=/tmp/bots/tests/bots_bench \
#       lulesh=/tmp/apps/lulesh@3e01c40 comd=/tmp/apps/comd
set -uo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
prog=corpus.sh
# shellcheck source=lib/common.sh
. "$repo/scripts/lib/common.sh" # usage, die, posint, site_pairs

bin=${OMPRACER_BIN:-$repo/build/bin}
cc_native=${CC_NATIVE:-clang-19}
cxx_native=${CXX_NATIVE:-clang++-19}
opts=O0,O1,O2,O3
jobs=1
timeout_app=300
timeout_prog=60
only=
out=
write=1
keep=0
render=
targets=()
command_line="scripts/corpus.sh $*"
app_names="lulesh xsbench xsbench-tasks rsbench hpccg minife comd babelstream"

while [ $# -gt 0 ]; do
  case "$1" in
    -O | --opt) opts=${2:-}; shift 2 ;;
    -j | --jobs) jobs=${2:-}; shift 2 ;;
    --timeout) timeout_app=${2:-}; shift 2 ;;
    --prog-timeout) timeout_prog=${2:-}; shift 2 ;;
    --only) only=${2:-}; shift 2 ;;
    --out) out=${2:-}; shift 2 ;;
    --no-write) write=0; shift ;;
    --keep) keep=1; shift ;;
    --render) render=${2:-}; shift 2 ;;
    -h | --help) usage 0 ;;
    -*) echo "corpus.sh: unknown option '$1'" >&2; usage 2 ;;
    own | *=*) targets+=("$1"); shift ;;
    *) die "'$1' is neither 'own' nor NAME=PATH (suites: drb, bots; applications: ${app_names// /, }; see --help)" ;;
  esac
done
if [ -n "$render" ]; then
  [ ${#targets[@]} -eq 0 ] || die "--render takes no target"
  [ -f "$render/meta.sh" ] || die "--render: no meta.sh in '$render' (a directory kept with --keep)"
else
  [ ${#targets[@]} -gt 0 ] || { echo "corpus.sh: no target given" >&2; usage 2; }
fi
posint "$jobs" || die "--jobs must be a positive integer, not '$jobs'"
posint "$timeout_app" || die "--timeout must be a positive integer, not '$timeout_app'"
posint "$timeout_prog" || die "--prog-timeout must be a positive integer, not '$timeout_prog'"
[ -n "$opts" ] || die "--opt wants a list of levels"
for o in ${opts//,/ }; do
  case "$o" in O0 | O1 | O2 | O3 | Os | Oz) ;; *) die "unknown optimisation level '$o' in --opt" ;; esac
done
for t in "$bin/ompracer-clang" "$bin/ompracer-clang++"; do
  [ -x "$t" ] || die "$t not found: run scripts/build.sh first (or set OMPRACER_BIN)"
done
cc_native=$(command -v "$cc_native") || die "${CC_NATIVE:-clang-19} not found"
cxx_native=$(command -v "$cxx_native") || die "${CXX_NATIVE:-clang++-19} not found"
tool_cc=$bin/ompracer-clang
tool_cxx=$bin/ompracer-clang++

hex_mask='s/0x[0-9a-fA-F]+/0x<addr>/g'

# --- applications ------------------------------------------------------------------
# app_recipe NAME: sets subdir (the directory of the checkout a build copies), probe (a
# file there), lang, buildsys, exe (relative to the copy), args, mask (sed -E script).
app_recipe() {
  case "$1" in
    lulesh)
      subdir=. probe=lulesh.cc lang=C++ buildsys=CMake exe=build/lulesh2.0
      how='cmake -DCMAKE_CXX_COMPILER=CXX -DWITH_MPI=OFF -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS="-OL [-g]" && make'
      args="-s 4 -i 10"
      mask='s/^(Elapsed time|Grind time \(us\/z\/c\)|FOM)( *=).*/\1\2 <masked>/'
      ;;
    xsbench | xsbench-tasks)
      subdir=openmp-threading probe=XSbench_header.h lang=C buildsys=Makefile exe=XSBench
      how='make CC="CC -OL" OPTIMIZE=no DEBUG=yes|no'
      args="-t 2 -s small -G nuclide -m event -l 5000"
      mask='s/^(Runtime|Lookups\/s):.*/\1: <masked>/'
      if [ "$1" = xsbench-tasks ]; then
        args="-t 2 -s small -G nuclide -m event -k 1 -l 30000"
        mask="$mask; s/ took [0-9.]+ seconds\$/ took <masked> seconds/"
      fi
      ;;
    rsbench)
      subdir=openmp-threading probe=rsbench.h lang=C buildsys=Makefile exe=rsbench
      how='make CC="CC -OL" OPTIMIZE=no DEBUG=yes|no'
      args="-t 2 -s small -m event -l 2000"
      mask='s/^(Runtime|Lookups\/s):.*/\1: <masked>/; s/^(Initialization Complete\.) \([0-9.]+ seconds\)/\1 (<masked>)/'
      ;;
    hpccg)
      subdir=. probe=HPCCG.cpp lang=C++ buildsys=Makefile exe=test_HPCCG
      how='make CXX=CXX LINKER=CXX CPP_OPT_FLAGS="-OL [-g]" OMP_FLAGS=-fopenmp USE_OMP=-DUSING_OMP'
      args="20 20 20"
      mask='/^Time Summary/,/^FLOPS Summary/ s/: .*/: <masked>/; /^MFLOPS Summary/,$ s/: .*/: <masked>/'
      ;;
    minife)
      subdir=openmp probe=src/Makefile.gnu.openmp lang=C++ buildsys=Makefile exe=src/miniFE.x
      how='make -C src -f Makefile.gnu.openmp CXX=CXX CC=CC CFLAGS="-OL [-g] -fopenmp"'
      args="nx=20 ny=20 nz=20"
      mask='s/\.\.\.[-0-9.e]+s, total time: .*/...<masked>/'
      ;;
    comd)
      subdir=. probe=src-openmp/Makefile.vanilla lang=C buildsys=Makefile exe=bin/CoMD-openmp
      how='cp Makefile.vanilla Makefile && make CC=CC DO_MPI=OFF OPTFLAGS="-OL [-g]" (in src-openmp)'
      args="-e -d pots -x 6 -y 6 -z 6 -N 20 -n 5"
      # dates, the compiler and its flags, the time per atom, the timers at the end
      mask='s/^[A-Z][a-z]{2} [A-Z][a-z]{2} +[0-9]+ [0-9:]+ [0-9]{4}:/<date>:/; s/^(  CC|  CFLAGS|Run Date\/Time): .*/\1: <masked>/; s/^( +[0-9]+ +[0-9.]+( +-?[0-9.]+){4}) +[0-9.]+ +([0-9]+)$/\1 <masked> \3/; /^Timings for Rank/,$ { /CoMD Ending$/!d }'
      ;;
    babelstream)
      subdir=. probe=src/omp/OMPStream.cpp lang=C++ buildsys=CMake exe=build/omp-stream
      how='cmake -DMODEL=omp -DCMAKE_CXX_COMPILER=CXX -DCMAKE_BUILD_TYPE=Release -DRELEASE_FLAGS=-OL [-DCXX_EXTRA_FLAGS=-g] && make'
      args="-s 65536 -n 5"
      mask='s/^(Copy|Mul|Add|Triad|Dot|Nstream)( +).*/\1\2<masked>/'
      ;;
    *) return 1 ;;
  esac
}

# app_build NAME COPY CC CXX LEVEL GFLAG: build the copy with its own build system.
app_build() {
  local name=$1 c=$2 cc=$3 cxx=$4 o=$5 g=$6 dbg=no
  [ -n "$g" ] && dbg=yes
  case "$name" in
    lulesh)
      cmake -S "$c" -B "$c/build" -DCMAKE_CXX_COMPILER="$cxx" -DWITH_MPI=OFF \
        -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS="-$o $g" && make -C "$c/build" ;;
    xsbench | xsbench-tasks | rsbench)
      make -C "$c" CC="$cc -$o" OPTIMIZE=no DEBUG=$dbg ;;
    hpccg)
      make -C "$c" CXX="$cxx" LINKER="$cxx" CPP_OPT_FLAGS="-$o $g" OMP_FLAGS=-fopenmp USE_OMP=-DUSING_OMP ;;
    minife)
      make -C "$c/src" -f Makefile.gnu.openmp CXX="$cxx" CC="$cc" CFLAGS="-$o $g -fopenmp" ;;
    comd)
      cp "$c/src-openmp/Makefile.vanilla" "$c/src-openmp/Makefile" &&
        make -C "$c/src-openmp" CC="$cc" DO_MPI=OFF OPTFLAGS="-$o $g" ;;
    babelstream)
      cmake -S "$c" -B "$c/build" -DMODEL=omp -DCMAKE_CXX_COMPILER="$cxx" \
        -DCMAKE_BUILD_TYPE=Release -DRELEASE_FLAGS="-$o" ${g:+-DCXX_EXTRA_FLAGS=$g} && make -C "$c/build" ;;
  esac
}

# --- suites ------------------------------------------------------------------------
# Our kernels, with inputs small enough for -O0 under the tool.
kernel_args() {
  case "$1" in
    critical.c) echo 30000 ;; fib.c) echo 20 ;; histogram.c) echo 1000000 ;;
    iterations.c) echo "reduce 1000000" ;; matmul.c) echo 128 ;; mixed.c) echo 100000 ;;
    nbody.c) echo "300 2" ;; reduction.c) echo "200000 2" ;; taskgraph.c) echo 30 ;;
    *) echo "" ;;
  esac
}
# BOTS applications and their small inputs (-f FILE is looked up under the app directory).
bots_args() {
  case "$1" in
    bots-alignment-for | bots-alignment-single) echo "-f @prot.8.aa" ;;
    bots-concom) echo "-n 1000 -m 20 -l 1000" ;;
    bots-fft) echo "-n 65536" ;;
    bots-fib) echo "-n 20" ;;
    bots-floorplan) echo "-f input/input.5" ;;
    bots-health) echo "-f @health.50" ;;
    bots-knapsack) echo "-f inputs/knapsack-016.input" ;;
    bots-nqueens) echo "-n 8" ;;
    bots-sort) echo "-n 65536" ;;
    bots-sparselu-for | bots-sparselu-single) echo "-n 10 -m 10" ;;
    bots-strassen) echo "-n 128" ;;
    bots-uts) echo "-f @uts.21486" ;;
    *) return 1 ;;
  esac
}
# Inputs made in the work directory (BOTS's smallest ones take minutes under the tool, or
# natively on a loaded machine):
#   @prot.8.aa   the first 8 of the 20 sequences of alignment's input/prot.20.aa (its
#                header line says how many it reads): 28 pairs, not 190
#   @health.50   health's inputs/test.input simulating 50 steps, not 365; BOTS does not
#                know the results, so it prints "Verification = UNSUCCESSFUL" (natively
#                too): the average stay it computes is compared with native's
#   @uts.21486   a UTS binomial tree of 21486 nodes (root 2000 children, q 0.3, m 3,
#                seed 8), not tiny.input's 30 million; its size is verified
bots_input() { # APPDIR NAME -> path
  local f=$work/${2#@}
  case "$2" in
    @*) [ -f "$f" ] || {
      case "$2" in
        @prot.8.aa) sed '1s/^Number of sequences is 20/Number of sequences is 8/' "$1/input/prot.20.aa" ;;
        @health.50) echo "3 18 10 50 2 12 23 0.002 0.100 0.150 7280 343 728 5531 7160 80 26 14 5.259341" ;;
        @uts.21486) echo "2000 0.3 3 8 1 21486 1 1" ;;
      esac >"$f.$BASHPID" && mv "$f.$BASHPID" "$f"
    }
      echo "$f" ;;
    *) echo "$1/$2" ;;
  esac
}
# stdout lines of BOTS that differ between runs (times, dates, load, rates, floorplan's
# schedule-dependent node count), as scripts/bench.py masks them; concom's trace of
# the nodes it adds, whose order is the schedule's, is dropped
bots_mask='/[Tt][Ii][Mm][Ee]|[Dd][Aa][Tt][Ee]|[Ll]oad [Aa]vg|[Ss]peed-?up|\/[Ss][Ee][Cc]|[Pp]erformance|^Nodes[[:space:]]*=/ s/=.*/= <masked>/; s/(0x)+[0-9a-fA-F]+/0x<addr>/g; /^Adding node [0-9]+ to component [0-9]+$/d'
drb_mask="$hex_mask; s/^[0-9]+\\.[0-9]{6}\$/<polybench time>/"

# prog_recipe SUITE PROG: sets lang, srcs (absolute paths), cflags, args, mask,
# toolopts (more OMPRACER_OPTIONS) and rundir for one suite program.
prog_recipe() {
  local suite=$1 p=$2 root d f u prev
  root=${suite_root[$suite]}
  toolopts= cflags= args= rundir= mask=$hex_mask
  case "$suite" in
    own)
      srcs=$root/$p
      case "$p" in
        scripts/bench/*) args=$(kernel_args "${p##*/}") ;;
        *) toolopts=$(sed -n 's|^// OPTIONS: *\([^ ]*\) *$|\1|p' "$srcs" | head -n 1) ;;
      esac
      ;;
    drb)
      srcs=$root/micro-benchmarks/$p
      case "$p" in *-var-*) args=32 ;; esac
      if grep -q PolyBench "$srcs"; then
        u=$root/micro-benchmarks/utilities
        srcs="$srcs $u/polybench.c"
        cflags="-I$root/micro-benchmarks -I$u -DPOLYBENCH_NO_FLUSH_CACHE -DPOLYBENCH_TIME -D_POSIX_C_SOURCE=200112L"
      fi
      mask=$drb_mask
      ;;
    bots)
      d=$root/$p
      srcs=
      for f in $(sed -n 's/^OBJS *:\{0,1\}= *//p' "$d/Makefile.par"); do srcs="$srcs $d/${f%.o}.c"; done
      cflags="-I$d $(grep -h '^ *C\(XX\)\{0,1\}FLAGS *:\{0,1\}=' "$d/Makefile.par" | tr ' ' '\n' | grep '^-D' | sort -u | tr '\n' ' ')"
      args="-c"
      prev=
      for f in $(bots_args "$p"); do
        [ "$prev" = -f ] && f=$(bots_input "$d" "$f")
        args="$args $f"
        prev=$f
      done
      mask=$bots_mask
      ;;
  esac
  case "$p" in *.cpp) lang=C++ ;; *) lang=C ;; esac
}

# --- checking one program ------------------------------------------------------------
# run_prog DIR EXE TIMEOUT ARGS... (in DIR): writes DIR/$tag.out/.err, returns the exit code
run_prog() {
  local dir=$1 exe=$2 t=$3 tag=$4
  shift 4
  (cd "$dir" && OMP_NUM_THREADS=2 timeout "$t" "$exe" "$@" >"$tag.out" 2>"$tag.err")
}

# check_unit SUITE PROG: every level of one program; appends to $work/rows/KEY
# "suite|prog|flags|native rc|tool rc|same|pairs|build s|run s|status|category|problems"
# and its details (races, errors, differences) to $work/det/KEY.
check_unit() {
  local suite=$1 p=$2 key o d g label nat tool nrc rc same npairs ct rt status cat problems
  local is_app=0 t c src nexe texe i f vary rcs ndir
  key=$(echo "$suite.$p" | tr '/' '_')
  local rows_f=$work/rows/$key det_f=$work/det/$key
  : >"$rows_f"
  : >"$det_f"
  if [ "$suite" = app ]; then
    is_app=1
    app_recipe "$p"
    src=${app_src[$p]}
    t=$timeout_app
  else
    prog_recipe "$suite" "$p"
    t=$timeout_prog
    # our kernels are benchmarks (stencil.c takes no size): the application time limit
    case "$p" in scripts/bench/*) t=$timeout_app ;; esac
  fi
  if [ "$lang" = C++ ]; then nat=$cxx_native tool=$tool_cxx; else nat=$cc_native tool=$tool_cc; fi
  for o in ${opts//,/ }; do
    d=$work/u/$key/$o
    mkdir -p "$d"
    # native build and run
    if [ "$is_app" = 1 ]; then
      c=$d/native
      mkdir -p "$c"
      tar -C "$src" --exclude=.git -cf - . | tar -C "$c" -xf -
      app_build "$p" "$c" "$cc_native" "$cxx_native" "$o" "" >"$d/native.cc.log" 2>&1
      nexe=$c/$exe
      [ -x "$nexe" ]
    else
      c=$d
      nexe=$d/native
      # shellcheck disable=SC2086
      "$nat" -fopenmp -$o $cflags $srcs -o "$nexe" -lm >"$d/native.cc.log" 2>&1
    fi
    if [ $? != 0 ]; then
      echo "$suite|$p|-$o|||||||skip|native-build|native build failed" >>"$rows_f"
      { echo "### $suite $p -$o: native build failed"; echo '```'; tail -n 10 "$d/native.cc.log"; echo '```'; } >>"$det_f"
      continue
    fi
    ndir=$c
    # shellcheck disable=SC2086
    run_prog "$ndir" "$nexe" "$t" native.1 $args
    nrc=$?
    sed -E "$mask" "$ndir/native.1.out" >"$d/native.1.masked"
    echo "$nrc" >"$d/native.1.rc"
    if [ "$nrc" = 124 ]; then
      echo "$suite|$p|-$o|124||||||skip|native-hang|native run timed out" >>"$rows_f"
      continue
    fi
    for g in nog g; do
      local gflag=
      [ "$g" = g ] && gflag=-g
      label="-$o${gflag:+ -g}"
      f=$(date +%s)
      if [ "$is_app" = 1 ]; then
        c=$d/tool.$g
        mkdir -p "$c"
        tar -C "$src" --exclude=.git -cf - . | tar -C "$c" -xf -
        app_build "$p" "$c" "$tool_cc" "$tool_cxx" "$o" "$gflag" >"$d/tool.$g.cc.log" 2>&1
        texe=$c/$exe
        [ -x "$texe" ]
      else
        c=$d
        texe=$d/tool.$g
        # shellcheck disable=SC2086
        "$tool" -$o $gflag $cflags $srcs -o "$texe" -lm >"$d/tool.$g.cc.log" 2>&1
      fi
      rc=$?
      ct=$(($(date +%s) - f))
      if [ "$rc" != 0 ]; then
        echo "$suite|$p|$label|$nrc|build failed ($rc)||||${ct}||FAIL|compiler|compiler failed with exit code $rc" >>"$rows_f"
        { echo "### $suite $p $label: the build with ompracer failed (exit code $rc)"; echo '```'
          grep -v '^make\[\|warning:' "$d/tool.$g.cc.log" | tail -n 25; echo '```'; } >>"$det_f"
        continue
      fi
      f=$(date +%s)
      # shellcheck disable=SC2086
      OMPRACER_OPTIONS="${OMPRACER_OPTIONS:-}${toolopts:+${OMPRACER_OPTIONS:+:}$toolopts}" \
        run_prog "$c" "$texe" "$t" "tool.$g" $args
      rc=$?
      rt=$(($(date +%s) - f))
      sed -E "$mask" "$c/tool.$g.out" >"$d/tool.$g.masked"
      site_pairs "$c/tool.$g.err" | sed "s|$c/||g" >"$d/tool.$g.pairs"
      npairs=$(wc -l <"$d/tool.$g.pairs")
      # the native runs this one may match: run native twice more on a difference
      match() {
        local k
        for k in 1 2 3; do
          [ -f "$d/native.$k.rc" ] || continue
          if cmp -s "$d/native.$k.masked" "$d/tool.$g.masked" &&
            { [ "$rc" = "$(cat "$d/native.$k.rc")" ] || [ "$rc" = 66 ] || [ "$rc" = 67 ]; }; then
            return 0
          fi
        done
        return 1
      }
      if ! match && [ ! -f "$d/native.3.rc" ]; then
        for i in 2 3; do
          # shellcheck disable=SC2086
          run_prog "$ndir" "$nexe" "$t" "native.$i" $args
          echo $? >"$d/native.$i.rc"
          sed -E "$mask" "$ndir/native.$i.out" >"$d/native.$i.masked"
        done
      fi
      vary=no
      if [ -f "$d/native.3.rc" ]; then
        { cmp -s "$d/native.1.masked" "$d/native.2.masked" && cmp -s "$d/native.1.masked" "$d/native.3.masked" &&
          [ "$(cat "$d/native.1.rc" "$d/native.2.rc" "$d/native.3.rc" | sort -u | wc -l)" = 1 ]; } || vary=yes
      fi
      rcs=$(cat "$d"/native.?.rc | sort -un | tr '\n' ' ')
      same=yes
      status=ok cat=ok problems=
      if ! match; then
        same=no
        local rc_ok=0 out_ok=0 k
        for k in 1 2 3; do
          [ -f "$d/native.$k.rc" ] || continue
          cmp -s "$d/native.$k.masked" "$d/tool.$g.masked" && out_ok=1
          [ "$rc" = "$(cat "$d/native.$k.rc")" ] && rc_ok=1
        done
        [ "$rc" = 66 ] || [ "$rc" = 67 ] && rc_ok=1
        if [ "$rc" = 124 ]; then status=FAIL cat=hang problems="timeout after $t s"
        elif [ "$rc" -gt 128 ] && [ "$rc_ok" = 0 ]; then status=FAIL cat=crash problems="killed by signal $((rc - 128))"
        elif [ "$rc_ok" = 0 ]; then status=FAIL cat=exit problems="exit code $rc, native ${rcs% }"
        fi
        if [ "$out_ok" = 0 ] && [ "$cat" = ok ]; then
          if [ "$vary" = yes ]; then status=note cat=stdout-varies problems="stdout differs; native's varies too"
          else status=FAIL cat=stdout problems="stdout differs"
          fi
        elif [ "$out_ok" = 0 ]; then problems="$problems; stdout differs"
        fi
        [ "$vary" = yes ] && [ "$out_ok" = 1 ] && same="yes (one of 3 native)"
        [ "$rc_ok" = 1 ] && [ "$out_ok" = 1 ] && { same="yes (one of 3 native)"; status=ok cat=ok; }
      fi
      if [ "$cat" = ok ]; then
        if [ "$rc" = 67 ]; then cat=incomplete; problems="checking incomplete"
        elif [ "$rc" = 66 ]; then cat=races
        fi
      fi
      echo "$suite|$p|$label|${rcs% }|$rc|$same|$npairs|$ct|$rt|$status|$cat|$problems" >>"$rows_f"
      if [ "$status" != ok ] || { [ "$is_app" = 1 ] && [ "$npairs" -gt 0 ]; } ||
        grep -q '^==ompracer==.*\(ERROR\|FATAL\|internal\)' "$c/tool.$g.err"; then
        {
          echo "### $suite $p $label: exit code $rc (native ${rcs% }), $npairs site pair(s)${problems:+; $problems}"
          if [ "$npairs" -gt 0 ] && [ "$is_app" = 1 ]; then echo '```'; cat "$d/tool.$g.pairs"; echo '```'; fi
          if grep -q '^==ompracer==.*\(ERROR\|FATAL\|internal\)' "$c/tool.$g.err"; then
            echo '```'; grep '^==ompracer==.*\(ERROR\|FATAL\|internal\)' "$c/tool.$g.err" | head -n 5; echo '```'
          fi
          if [ "$same" = no ]; then
            echo 'stdout difference (native first run first, masked):'
            echo '```'; diff "$d/native.1.masked" "$d/tool.$g.masked" | head -n 20; echo '```'
          fi
          if [ "$status" != ok ] && [ "$cat" != stdout-varies ] && [ "$cat" != stdout ]; then
            echo 'stderr tail:'; echo '```'; tail -n 15 "$c/tool.$g.err"; echo '```'
          fi
        } >>"$det_f"
      fi
    done
    # keep the run outputs and pairs, drop the binaries and build trees of suites
    [ "$is_app" = 1 ] || rm -f "$d/native" "$d/tool.nog" "$d/tool.g"
  done
}

# --- targets -------------------------------------------------------------------------
declare -A suite_root suite_commit app_src app_commit
units=()
target_lines=()
if [ -z "$render" ]; then
commit_of() { # PATH [COMMIT]
  if [ -n "${2:-}" ]; then echo "$2"; return; fi
  git -C "$1" rev-parse HEAD 2>/dev/null || echo "unknown (not a git work tree; pass NAME=PATH@COMMIT)"
}
for spec in "${targets[@]}"; do
  name=${spec%%=*}
  path=
  commit=
  if [ "$spec" != own ]; then
    path=${spec#*=}
    case "$path" in *@*) commit=${path##*@}; path=${path%@*} ;; esac
    [ -d "$path" ] || die "$name: '$path' is not a directory"
    path=$(cd "$path" && pwd)
  fi
  case "$name" in
    own)
      suite_root[own]=$repo
      list=$( (cd "$repo" && ls tests/integration/*.c tests/integration/*.cpp scripts/bench/*.c) | LC_ALL=C sort)
      n=0
      for p in $list; do
        [ -z "$only" ] || [[ ${p##*/} =~ $only ]] || continue
        units+=("own $p"); n=$((n + 1))
      done
      target_lines+=("- own: $n programs of this repository (tests/integration/*.c, *.cpp; scripts/bench/*.c with small inputs: $(for k in "$repo"/scripts/bench/*.c; do a=$(kernel_args "${k##*/}"); echo -n "${k##*/}${a:+ $a}, "; done | sed 's/, $//')); stdout mask \`sed -E '$hex_mask'\`")
      ;;
    drb)
      [ -d "$path/micro-benchmarks" ] || die "drb: no micro-benchmarks/ in $path"
      suite_root[drb]=$path
      n=0
      for f in $(cd "$path/micro-benchmarks" && ls | grep -E '^DRB[0-9]+-.*-(yes|no)\.(c|cpp)$' | LC_ALL=C sort); do
        [ -z "$only" ] || [[ $f =~ $only ]] || continue
        units+=("drb $f"); n=$((n + 1))
      done
      target_lines+=("- drb: DataRaceBench $path, commit $(commit_of "$path" "$commit"): $n micro-benchmarks (PolyBench ones with utilities/polybench.c -DPOLYBENCH_NO_FLUSH_CACHE -DPOLYBENCH_TIME, \"-var-\" ones run with 32, linked with -lm); stdout mask \`sed -E '$drb_mask'\`")
      ;;
    bots)
      ls -d "$path"/bots-*/ >/dev/null 2>&1 || die "bots: no bots-*/ directory in $path"
      suite_root[bots]=$path
      n=0
      for dd in "$path"/bots-*/; do
        f=$(basename "$dd")
        bots_args "$f" >/dev/null || continue
        [ -f "$dd/Makefile.par" ] || die "bots: no Makefile.par in $dd"
        [ -z "$only" ] || [[ $f =~ $only ]] || continue
        units+=("bots $f"); n=$((n + 1))
      done
      target_lines+=("- bots: BOTS $path, commit $(commit_of "$path" "$commit"): $n applications compiled as C ($(for dd in "$path"/bots-*/; do f=$(basename "$dd"); a=$(bots_args "$f") || continue; echo -n "${f#bots-} \`-c $a\`, "; done | sed 's/, $//')); stdout mask \`sed -E '$bots_mask'\`")
      ;;
    *)
      app_recipe "$name" || die "unknown target '$name' (suites: own, drb, bots; applications: ${app_names// /, })"
      if [ -f "$path/$subdir/$probe" ]; then dir=$(cd "$path/$subdir" && pwd)
      elif [ "$subdir" != . ] && [ -f "$path/$probe" ]; then dir=$path
      else die "$name: no $probe in $path or $path/$subdir"
      fi
      app_src[$name]=$dir
      units+=("app $name")
      target_lines+=("- $name: commit $(commit_of "$path" "$commit"); $lang, $buildsys: \`$how\`; run with \`$args\`; stdout mask \`sed -E '$mask'\`")
      ;;
  esac
done
[ ${#units[@]} -gt 0 ] || die "nothing to check (--only '$only' matches no program)"
fi

if [ -n "$render" ]; then
  work=$(cd "$render" && pwd)
  # shellcheck disable=SC1091
  . "$work/meta.sh"
  [ -n "$out" ] || out="$repo/tests/corpus-results/$date_s.md"
else
work=$(mktemp -d "${TMPDIR:-/tmp}/ompracer-corpus.XXXXXX") || die "mktemp failed"
if [ "$keep" = 1 ]; then echo "corpus.sh: keeping $work" >&2; else trap 'rm -rf "$work"' EXIT; fi
mkdir -p "$work/rows" "$work/det" "$work/u"
date_s=$(date -u +%Y-%m-%d)
date_run=$(date -u '+%Y-%m-%d %H:%M UTC')
# the commit checked, read before the run (the work tree may move on during a long one)
commit_s="$(git -C "$repo" rev-parse --short HEAD 2>/dev/null)$(git -C "$repo" diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)')"
[ -n "$out" ] || out="$repo/tests/corpus-results/$date_s.md"
start=$(date +%s)

total=${#units[@]}
i=0
for u in "${units[@]}"; do
  i=$((i + 1))
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  echo "corpus.sh: [$i/$total] ${u/ /: }" >&2
  # shellcheck disable=SC2086
  check_unit $u &
done
wait
elapsed=$(($(date +%s) - start))
# what --render needs to print the report again
declare -p command_line commit_s date_s date_run timeout_app timeout_prog opts units \
  target_lines elapsed suite_root >"$work/meta.sh"
fi

# --- report --------------------------------------------------------------------------
report=$work/report.md
allrows=$work/all.rows
for u in "${units[@]}"; do
  key=$(echo "${u/ /.}" | tr '/' '_')
  cat "$work/rows/$key"
done >"$allrows"
# a stdout difference in a run that reported races (exit code 66) is counted apart, not
# failed (see the header); classified here so that --render of an older run does it too
awk -F'|' -v OFS='|' '$11 == "stdout" && $5 == "66" { $10 = "note"; $11 = "stdout-race"; $12 = "stdout differs; races reported" } { print }' \
  "$allrows" >"$allrows.new" && mv "$allrows.new" "$allrows"
bad=0
grep -q '|FAIL|' "$allrows" && bad=1
# any_row COND [S]: is there a row for which the awk condition COND holds (S in s)?
# (not `awk | grep -q`: under pipefail grep's early exit fails the pipeline)
any_row() { awk -F'|' -v s="${2:-}" "$1 { found = 1; exit } END { exit !found }" "$allrows"; }
flagsets=()
for o in ${opts//,/ }; do flagsets+=("-$o" "-$o -g"); done

{
  echo "# ompracer corpus run: OpenMP programs, native vs instrumented"
  echo
  echo "- date: $date_run (run started)"
  echo "- machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1), $(uname -sr)"
  echo "- ompracer commit: $commit_s"
  echo "- compilers: $("$cc_native" --version | head -n 1); ompracer-clang wraps the same"
  echo "- command: \`$command_line\` (OMP_NUM_THREADS=2; timeout ${timeout_app} s per application run, ${timeout_prog} s per suite program run${OMPRACER_OPTIONS:+; OMPRACER_OPTIONS=$OMPRACER_OPTIONS})"
  echo "- targets:"
  printf '  %s\n' "${target_lines[@]}"
  echo "- took $((elapsed / 60)) min $((elapsed % 60)) s"
  echo
  echo "Each instrumented build (with and without -g) is compared with the native build of"
  echo "the same level (built without -g). A row fails on a compiler failure, a crash (a"
  echo "signal native did not get), a hang (timeout), an exit code other than native's, 66"
  echo "or 67, or a masked stdout that none of up to three native runs printed; when those"
  echo "native runs differ among themselves the difference is counted apart (\"native varies\"),"
  echo "and so is a difference in a run that reported races (exit code 66: \"race reported\"),"
  echo "whose printed values the race may decide; both are listed in the details."
  if any_row '$1 != "app"'; then
    echo
    echo "## Suites"
    echo
    echo "Per suite and flag set: programs checked; native build failures or native hangs"
    echo "(skipped); runs that passed, of which exit code 66 (races reported) and 67"
    echo "(checking incomplete); failures: compiler, crash, hang, exit code, stdout;"
    echo "stdout differences where native's output varies too, and where the run reported"
    echo "races (not failures)."
    echo
    echo "| suite | flags | programs | native failed | passed | of which 66 | of which 67 | compiler failures | crashes | hangs | exit code | stdout differs | stdout differs, native varies | stdout differs, race reported |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    for s in own drb bots; do
      any_row '$1 == s' "$s" || continue
      for fl in "${flagsets[@]}" total; do
        awk -F'|' -v s="$s" -v fl="$fl" '
          $1 != s { next }
          fl != "total" {
            # a native failure row (level only) counts for both flag sets of its level
            if ($11 ~ /^native/) { base = fl; sub(/ -g$/, "", base); if ($3 != base) next }
            else if ($3 != fl) next
          }
          { progs[$2] = 1 }
          $11 ~ /^native/ { nf++; next }
          $10 == "ok" { ok++ }
          $11 == "races" { r66++ }
          $11 == "incomplete" { r67++ }
          $11 == "compiler" { cc++ }
          $11 == "crash" { cr++ }
          $11 == "hang" { hg++ }
          $11 == "exit" { ex++ }
          $11 == "stdout" { so++ }
          $11 == "stdout-varies" { sv++ }
          $11 == "stdout-race" { sr++ }
          END {
            n = 0; for (p in progs) n++
            printf "| %s | %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d |\n", s, fl, n, nf, ok, r66, r67, cc, cr, hg, ex, so, sv, sr
          }' "$allrows"
      done
    done
    echo
    fails=$(awk -F'|' '$1 != "app" && $10 != "ok"' "$allrows")
    if [ -n "$fails" ]; then
      echo "### Suite programs that failed a check, differ, or were skipped"
      echo
      echo "| suite | program | flags | native rc | ompracer rc | problem |"
      echo "|---|---|---|---|---|---|"
      echo "$fails" | awk -F'|' '{ printf "| %s | %s | %s | %s | %s | %s: %s |\n", $1, $2, $3, $4, $5, $11, $12 }'
      echo
    else
      echo "No suite program failed a check."
      echo
    fi
    echo "### Suite programs with reported races"
    echo
    echo "Site pairs reported per program (counts at each flag set; verdicts on DataRaceBench"
    echo "and our tests are measured elsewhere: dataracebench/, tests/integration)."
    echo
    for s in own drb bots; do
      any_row '$1 == s && $7 > 0' "$s" || continue
      echo "- $s: $(awk -F'|' -v s="$s" '$1 == s && $7 > 0 { p[$2] = 1 } END { n = 0; for (k in p) n++; print n }' "$allrows") programs:"
      awk -F'|' -v s="$s" -v nfs="${#flagsets[@]}" '
        $1 != s || $11 ~ /^native/ || $5 ~ /build/ { next }
        { c[$2] = c[$2] (c[$2] == "" ? "" : ", ") $3 ": " $7; if ($7 > 0) any[$2] = 1; cnt[$2 SUBSEP $7]++; nrow[$2]++; last[$2] = $7 }
        END {
          for (p in any) {
            uniform = (cnt[p SUBSEP last[p]] == nrow[p] && nrow[p] == nfs)
            printf "  %s (%s)\n", p, uniform ? last[p] " at every flag set" : c[p]
          }
        }' "$allrows" | LC_ALL=C sort | sed 's/^  /  - /'
    done
    if [ -n "${suite_root[bots]:-}" ]; then
      echo
      echo "BOTS site pairs (union over the -g builds):"
      for u in "${units[@]}"; do
        case "$u" in "bots "*) ;; *) continue ;; esac
        key=$(echo "${u/ /.}" | tr '/' '_')
        pairs=$(cat "$work/u/$key"/*/tool.g.pairs 2>/dev/null | LC_ALL=C sort -u)
        [ -n "$pairs" ] || continue
        echo "- ${u#bots }:"
        echo '```'
        echo "$pairs" | sed "s|${suite_root[bots]}/||g"
        echo '```'
      done
    fi
  fi
  if any_row '$1 == "app"'; then
    echo
    echo "## Applications"
    echo
    echo "Columns: native exit codes (of up to 3 runs), ompracer exit code, masked stdout the"
    echo "same, number of distinct reported site pairs, build / run time of the instrumented"
    echo "program."
    echo
    echo "| app | flags | native rc | ompracer rc | same stdout | race pairs | build / run | result |"
    echo "|---|---|---|---|---|---|---|---|"
    awk -F'|' '$1 == "app" { printf "| %s | %s | %s | %s | %s | %s | %s | %s%s |\n", $2, $3, $4, $5, $6, $7, ($8 == "" ? "" : $8 " s / " $9 " s"), $10, ($12 == "" ? "" : ": " $12) }' "$allrows"
  fi
  echo
  echo "## Details: races in the applications; errors and differences everywhere"
  echo
  any=0
  for u in "${units[@]}"; do
    key=$(echo "${u/ /.}" | tr '/' '_')
    if [ -s "$work/det/$key" ]; then cat "$work/det/$key"; any=1; fi
  done
  [ "$any" = 1 ] || echo "None: no race in the applications, no error, no difference."
} >"$report"

cat "$report"
if [ "$write" = 1 ]; then
  mkdir -p "$(dirname "$out")"
  cp "$report" "$out"
  echo "corpus.sh: written to $out" >&2
fi
exit "$bad"
