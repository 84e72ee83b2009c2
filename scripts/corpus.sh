#!/usr/bin/env bash
# corpus.sh -- do real OpenMP applications still compile, run and print the same output
# with ompracer? (issue 14, point 2)
#
# Builds each given application natively (clang-19/clang++-19 -fopenmp) at every
# optimisation level and with ompracer-clang/ompracer-clang++ at every level, with and
# without -g, runs every build on a small input at OMP_NUM_THREADS=2 under a time
# limit, and compares each instrumented run with the native run of the same level:
#   - stdout must be identical after masking what differs from run to run (timings,
#     rates: one documented sed -E expression per application, below);
#   - the exit code must be the native one, 66 (races reported) or 67 (checking
#     incomplete);
#   - no compiler failure, no crash (signal), no hang (timeout, exit code 124).
# Races reported are listed with their site pairs (the two access locations, sorted).
# Prints a Markdown table and writes it, with date, machine, commits and the command,
# to tests/corpus-results/<date>.md (or --out FILE). Exits 1 if any build or run failed
# the checks above, 0 otherwise (races alone are not a failure: they are judged by hand).
#
# The applications are not part of this repository: fetch them yourself and pass their
# checkouts (the directory that holds the sources named below) as NAME=PATH[@COMMIT]
# (COMMIT is recorded in the result; it is read with git when PATH is a git work tree).
#
# Usage: scripts/corpus.sh [options] NAME=PATH[@COMMIT]...
#   NAME            one of the known applications:
#     lulesh        LLNL/LULESH 2.0 (C++, loops): lulesh*.cc, -DUSE_MPI=0; input -s 4 -i 10
#                   mask: the "Elapsed time", "Grind time" and "FOM" lines
#     xsbench       ANL-CESAR/XSBench openmp-threading/ (C, loops): -std=gnu99 -DOPENMP;
#                   input -t 2 -s small -G nuclide -m event -l 5000
#                   mask: the "Runtime:" and "Lookups/s:" lines
#     xsbench-tasks the same XSBench, its kernel 1 (-k 1), whose sorts are recursive
#                   `omp task`s: input -t 2 -s small -G nuclide -m event -k 1 -l 30000
#                   mask: as xsbench, and the "... took N seconds" lines
#     rsbench       ANL-CESAR/RSBench openmp-threading/ (C, loops): -std=gnu99;
#                   input -t 2 -s small -m event -l 2000
#                   mask: "Runtime:", "Lookups/s:" and "Initialization Complete. (N seconds)"
#     hpccg         Mantevo/HPCCG (C++, loops and reductions): its 14 .cpp files, -DUSING_OMP;
#                   input 20 20 20 (writes a .yaml file in the run directory)
#                   mask: the values under "Time Summary:" and "MFLOPS Summary:"
#   -O, --opt L     optimisation levels, comma-separated (default O0,O1,O2,O3)
#   --timeout S     seconds per run (default 300; native runs take about a second)
#   --out FILE      where to write the result (default tests/corpus-results/<date>.md)
#   --no-write      print only
#   --keep          keep the build directory (printed)
# Environment: OMPRACER_BIN (default <repo>/build/bin: run scripts/build.sh first),
# CC_NATIVE/CXX_NATIVE (default clang-19/clang++-19), OMPRACER_OPTIONS passed through.
# Example (after fetching the mirrors):
#   mkdir -p /tmp/apps/lulesh && git --git-dir=MIRROR archive HEAD | tar -x -C /tmp/apps/lulesh
#   scripts/corpus.sh lulesh=/tmp/apps/lulesh@3e01c40 xsbench=/tmp/apps/xsbench/openmp-threading
set -uo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
bin=${OMPRACER_BIN:-$repo/build/bin}
cc_native=${CC_NATIVE:-clang-19}
cxx_native=${CXX_NATIVE:-clang++-19}
opts=O0,O1,O2,O3
timeout_s=300
out=
write=1
keep=0
apps=()
command_line="scripts/corpus.sh $*"

usage() {
  sed -n '2,/^set -uo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}
die() {
  echo "corpus.sh: $*" >&2
  exit 2
}
posint() { case "$1" in '' | *[!0-9]* | 0) return 1 ;; esac }

while [ $# -gt 0 ]; do
  case "$1" in
    -O | --opt) opts=${2:-}; shift 2 ;;
    --timeout) timeout_s=${2:-}; shift 2 ;;
    --out) out=${2:-}; shift 2 ;;
    --no-write) write=0; shift ;;
    --keep) keep=1; shift ;;
    -h | --help) usage 0 ;;
    -*) echo "corpus.sh: unknown option '$1'" >&2; usage 2 ;;
    *=*) apps+=("$1"); shift ;;
    *) die "'$1' is not NAME=PATH (known names: lulesh, xsbench, xsbench-tasks, rsbench, hpccg; see --help)" ;;
  esac
done
[ ${#apps[@]} -gt 0 ] || { echo "corpus.sh: no application given" >&2; usage 2; }
posint "$timeout_s" || die "--timeout must be a positive integer, not '$timeout_s'"
for o in ${opts//,/ }; do
  case "$o" in O0 | O1 | O2 | O3 | Os | Oz) ;; *) die "unknown optimisation level '$o' in --opt" ;; esac
done
for t in "$bin/ompracer-clang" "$bin/ompracer-clang++"; do
  [ -x "$t" ] || die "$t not found: run scripts/build.sh first (or set OMPRACER_BIN)"
done
command -v "$cc_native" >/dev/null || die "$cc_native not found"
command -v "$cxx_native" >/dev/null || die "$cxx_native not found"

# The recipe of an application: sets lang (c|cxx), srcdir (relative to the checkout),
# sources, flags, args and mask (a sed -E script applied to stdout before comparing).
recipe() {
  case "$1" in
    lulesh)
      lang=cxx srcdir=.
      sources="lulesh.cc lulesh-comm.cc lulesh-viz.cc lulesh-util.cc lulesh-init.cc"
      flags="-DUSE_MPI=0 -I."
      args="-s 4 -i 10"
      mask='s/^(Elapsed time|Grind time \(us\/z\/c\)|FOM)( *=).*/\1\2 <masked>/'
      ;;
    xsbench)
      lang=c srcdir=openmp-threading
      sources="Main.c io.c Simulation.c GridInit.c XSutils.c Materials.c"
      flags="-std=gnu99 -DOPENMP"
      args="-t 2 -s small -G nuclide -m event -l 5000"
      mask='s/^(Runtime|Lookups\/s):.*/\1: <masked>/'
      ;;
    xsbench-tasks)
      lang=c srcdir=openmp-threading
      sources="Main.c io.c Simulation.c GridInit.c XSutils.c Materials.c"
      flags="-std=gnu99 -DOPENMP"
      args="-t 2 -s small -G nuclide -m event -k 1 -l 30000"
      mask='s/^(Runtime|Lookups\/s):.*/\1: <masked>/; s/ took [0-9.]+ seconds$/ took <masked> seconds/'
      ;;
    rsbench)
      lang=c srcdir=openmp-threading
      sources="main.c simulation.c io.c init.c material.c utils.c"
      flags="-std=gnu99"
      args="-t 2 -s small -m event -l 2000"
      mask='s/^(Runtime|Lookups\/s):.*/\1: <masked>/; s/^(Initialization Complete\.) \([0-9.]+ seconds\)/\1 (<masked>)/'
      ;;
    hpccg)
      lang=cxx srcdir=.
      sources="main.cpp generate_matrix.cpp read_HPC_row.cpp compute_residual.cpp mytimer.cpp"
      sources="$sources dump_matlab_matrix.cpp HPC_sparsemv.cpp HPCCG.cpp waxpby.cpp ddot.cpp"
      sources="$sources make_local_matrix.cpp exchange_externals.cpp YAML_Element.cpp YAML_Doc.cpp"
      flags="-DUSING_OMP"
      args="20 20 20"
      mask='/^Time Summary/,/^FLOPS Summary/ s/: .*/: <masked>/; /^MFLOPS Summary/,$ s/: .*/: <masked>/'
      ;;
    *) return 1 ;;
  esac
}

# Accept the checkout's root or its source directory.
resolve() { # NAME PATH -> the directory holding the sources
  local first
  first=${sources%% *}
  if [ -f "$2/$srcdir/$first" ]; then (cd "$2/$srcdir" && pwd)
  elif [ -f "$2/$first" ]; then (cd "$2" && pwd)
  else return 1
  fi
}

site_pairs() { # the same extraction as scripts/stress.sh
  sed -E 's/^==ompracer==\[pid [0-9]+\]/==ompracer==/' "$1" | awk '
    /^==ompracer== WARNING: data race/ { n = 0; inrep = 1; next }
    /^==ompracer==   / && inrep && n < 2 && / at / {
      s = $0
      sub(/^==ompracer==   [^ ]+( [^ ]+)? at /, "", s)
      i = index(s, " in ")
      if (i) s = substr(s, 1, i - 1)
      loc[n++] = s
      if (n == 2) {
        if (loc[0] <= loc[1]) print loc[0] " <-> " loc[1]; else print loc[1] " <-> " loc[0]
        inrep = 0
      }
      next
    }
    /^==ompracer== [^ ]/ { inrep = 0 }
  ' | LC_ALL=C sort -u
}

work=$(mktemp -d /tmp/ompracer-corpus.XXXXXX)
if [ "$keep" = 1 ]; then echo "corpus.sh: keeping $work" >&2; else trap 'rm -rf "$work"' EXIT; fi

date_s=$(date -u +%Y-%m-%d)
[ -n "$out" ] || out="$repo/tests/corpus-results/$date_s.md"
report="$work/report.md"
rows="$work/rows"
details="$work/details"
: >"$rows"
: >"$details"
bad=0
start=$(date +%s)

app_lines=()
for spec in "${apps[@]}"; do
  name=${spec%%=*}
  path=${spec#*=}
  commit=
  case "$path" in *@*) commit=${path##*@}; path=${path%@*} ;; esac
  recipe "$name" || die "unknown application '$name' (known: lulesh, xsbench, xsbench-tasks, rsbench, hpccg)"
  [ -d "$path" ] || die "$name: '$path' is not a directory"
  dir=$(resolve "$name" "$path") || die "$name: no ${sources%% *} in $path or $path/$srcdir"
  if [ -z "$commit" ]; then
    commit=$(git -C "$path" rev-parse HEAD 2>/dev/null) || commit="unknown (not a git work tree; pass NAME=PATH@COMMIT)"
  fi
  app_lines+=("- $name: commit $commit; built as $([ "$lang" = cxx ] && echo C++ || echo C) from \`$sources\` with \`$flags\`; run with \`$args\`; stdout mask \`sed -E '$mask'\`")
  if [ "$lang" = cxx ]; then nat=$cxx_native; tool=$bin/ompracer-clang++; else nat=$cc_native; tool=$bin/ompracer-clang; fi
  srcs=()
  for s in $sources; do srcs+=("$dir/$s"); done

  for o in ${opts//,/ }; do
    d="$work/$name/$o"
    mkdir -p "$d"
    echo "corpus.sh: $name -$o native" >&2
    # shellcheck disable=SC2086
    if ! (cd "$dir" && $nat -$o -fopenmp $flags "${srcs[@]}" -o "$d/native" -lm) >"$d/native.cc.log" 2>&1; then
      echo "| $name | -$o | native | build failed | | | | FAIL |" >>"$rows"
      { echo "### $name -$o native: build failed"; echo '```'; tail -n 20 "$d/native.cc.log"; echo '```'; } >>"$details"
      bad=1
      continue
    fi
    (cd "$d" && OMP_NUM_THREADS=2 timeout "$timeout_s" ./native $args >native.out 2>native.err)
    nrc=$?
    sed -E "$mask" "$d/native.out" >"$d/native.masked"
    if [ "$nrc" = 124 ]; then
      echo "| $name | -$o | native | | timeout | | | native hangs: input too large? |" >>"$rows"
      bad=1
      continue
    fi
    for g in nog g; do
      gflag=; [ "$g" = g ] && gflag=-g
      label="-$o${gflag:+ -g}"
      echo "corpus.sh: $name $label ompracer" >&2
      t0=$(date +%s)
      # shellcheck disable=SC2086
      (cd "$dir" && "$tool" -$o $gflag $flags "${srcs[@]}" -o "$d/tool.$g" -lm) >"$d/tool.$g.cc.log" 2>&1
      crc=$?
      ctime=$(($(date +%s) - t0))
      if [ "$crc" != 0 ]; then
        echo "| $name | $label | $nrc | build failed ($crc) | | | | FAIL |" >>"$rows"
        { echo "### $name $label: build failed with exit code $crc"; echo '```'; tail -n 30 "$d/tool.$g.cc.log"; echo '```'; } >>"$details"
        bad=1
        continue
      fi
      t0=$(date +%s)
      (cd "$d" && OMP_NUM_THREADS=2 timeout "$timeout_s" "./tool.$g" $args >"tool.$g.out" 2>"tool.$g.err")
      rc=$?
      rtime=$(($(date +%s) - t0))
      sed -E "$mask" "$d/tool.$g.out" >"$d/tool.$g.masked"
      site_pairs "$d/tool.$g.err" >"$d/tool.$g.pairs"
      npairs=$(wc -l <"$d/tool.$g.pairs")
      same=yes
      cmp -s "$d/native.masked" "$d/tool.$g.masked" || same=no
      verdict=ok
      problems=
      if [ "$rc" = 124 ]; then verdict=FAIL; problems="timeout after ${timeout_s} s"
      elif [ "$rc" -gt 128 ]; then verdict=FAIL; problems="killed by signal $((rc - 128))"
      elif [ "$rc" != "$nrc" ] && [ "$rc" != 66 ] && [ "$rc" != 67 ]; then
        verdict=FAIL; problems="exit code $rc, native $nrc"
      fi
      if [ "$same" = no ]; then verdict=FAIL; problems="${problems:+$problems; }stdout differs"; fi
      [ "$rc" = 67 ] && problems="${problems:+$problems; }checking incomplete"
      [ "$verdict" = FAIL ] && bad=1
      echo "| $name | $label | $nrc | $rc | $same | $npairs | ${ctime} s / ${rtime} s | $verdict${problems:+: $problems} |" >>"$rows"
      if [ "$npairs" -gt 0 ] || [ "$verdict" = FAIL ] || grep -q '^==ompracer==.*ERROR' "$d/tool.$g.err"; then
        {
          echo "### $name $label: exit code $rc, $npairs site pair(s)"
          if [ "$npairs" -gt 0 ]; then echo '```'; cat "$d/tool.$g.pairs"; echo '```'; fi
          if grep -q '^==ompracer==.*ERROR' "$d/tool.$g.err"; then
            echo '```'; grep '^==ompracer==.*ERROR' "$d/tool.$g.err" | head -n 5; echo '```'
          fi
          if [ "$same" = no ]; then
            echo 'stdout difference (native first, masked):'
            echo '```'; diff "$d/native.masked" "$d/tool.$g.masked" | head -n 20; echo '```'
          fi
          if [ "$verdict" = FAIL ] && [ "$rc" -gt 128 -o "$rc" = 124 ]; then
            echo 'stderr tail:'; echo '```'; tail -n 15 "$d/tool.$g.err"; echo '```'
          fi
        } >>"$details"
      fi
    done
  done
done
elapsed=$(($(date +%s) - start))

{
  echo "# ompracer corpus run: real OpenMP applications, native vs instrumented"
  echo
  echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "- machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1), $(uname -sr)"
  echo "- ompracer commit: $(git -C "$repo" rev-parse --short HEAD 2>/dev/null)$(git -C "$repo" diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)')"
  echo "- compilers: $($nat --version | head -n 1); ompracer-clang wraps the same"
  echo "- command: \`$command_line\` (OMP_NUM_THREADS=2, timeout ${timeout_s} s per run${OMPRACER_OPTIONS:+, OMPRACER_OPTIONS=$OMPRACER_OPTIONS})"
  echo "- applications:"
  printf '  %s\n' "${app_lines[@]}"
  echo "- took $((elapsed / 60)) min $((elapsed % 60)) s"
  echo
  echo "Each instrumented build is compared with the native build of the same level (native"
  echo "is built without -g). Columns: native and ompracer exit codes, masked stdout identical,"
  echo "number of distinct reported site pairs, build / run time of the instrumented program."
  echo
  echo "| app | flags | native rc | ompracer rc | same stdout | race pairs | build / run | result |"
  echo "|---|---|---|---|---|---|---|---|"
  cat "$rows"
  echo
  if [ -s "$details" ]; then
    echo "## Details: races, errors and differences"
    echo
    cat "$details"
  else
    echo "No races reported, no errors, no differences."
  fi
} >"$report"

cat "$report"
if [ "$write" = 1 ]; then
  mkdir -p "$(dirname "$out")"
  cp "$report" "$out"
  echo "corpus.sh: written to $out" >&2
fi
exit "$bad"
