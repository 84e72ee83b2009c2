#!/usr/bin/env bash
# stress.sh -- are ompracer's verdicts stable from run to run? (issue 14, point 7)
#
# Builds each given integration program with the tool once per optimisation level,
# runs it REPS times at each OMP_NUM_THREADS, and checks that within each (program,
# level, thread count) every run gives the same exit code and the same set of reported
# site pairs (the two access locations, file:line:col, of each `WARNING: data race`
# report, as tests/integration/run_test.sh sorts them). One run that differs is an
# instability: a schedule-dependent verdict, which a one-run tool must not have.
# Prints a table (one row per program, level and thread count), then the differing
# runs in detail, and exits 1 on any instability or failed build, 0 otherwise.
# Whether the result also agrees across thread counts is shown (column "x-thr") and,
# with --strict-threads, checked too.
#
# Usage: scripts/stress.sh [options] [PROGRAM...]
#   PROGRAM         a source file, or a name in tests/integration (race_x.c, race_x);
#                   default: every race_* and norace_* program of tests/integration
#   -r, --reps N    runs per configuration (default 20)
#   -t, --threads L OMP_NUM_THREADS values, comma-separated (default 2,4,16)
#   -O, --opt L     optimisation levels, comma-separated (default O0,O2)
#   -m, --mode M    OMPRACER_OPTIONS mode: default (no mode option), precise or fast
#                   (default: default)
#   -j, --jobs N    configurations run at once (default 1; each run may use 16 threads)
#   --timeout S     seconds per run before it counts as a timeout (exit code 124; default 120)
#   --strict-threads  also fail when a program's stable result differs between thread counts
#   --keep          keep the build and run directory (printed)
# Environment: OMPRACER_BIN (default <repo>/build/bin: run scripts/build.sh first).
# A program's `// OPTIONS: k=v:...` line is passed on as run_test.sh does.
set -uo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
it="$repo/tests/integration"
bin=${OMPRACER_BIN:-$repo/build/bin}
reps=20
threads=2,4,16
opts=O0,O2
mode=default
jobs=1
timeout_s=120
strict_threads=0
keep=0
progs=()
command_line="scripts/stress.sh $*"

prog=stress.sh
# shellcheck source=lib/common.sh
. "$repo/scripts/lib/common.sh" # usage, die, posint, site_pairs

while [ $# -gt 0 ]; do
  case "$1" in
    -r | --reps) reps=${2:-}; shift 2 ;;
    -t | --threads) threads=${2:-}; shift 2 ;;
    -O | --opt) opts=${2:-}; shift 2 ;;
    -m | --mode) mode=${2:-}; shift 2 ;;
    -j | --jobs) jobs=${2:-}; shift 2 ;;
    --timeout) timeout_s=${2:-}; shift 2 ;;
    --strict-threads) strict_threads=1; shift ;;
    --keep) keep=1; shift ;;
    -h | --help) usage 0 ;;
    -*) echo "stress.sh: unknown option $1" >&2; usage 2 ;;
    *) progs+=("$1"); shift ;;
  esac
done
posint "$reps" || die "--reps wants a positive integer"
posint "$jobs" || die "--jobs wants a positive integer"
posint "$timeout_s" || die "--timeout wants a positive integer"
IFS=, read -r -a thread_list <<<"$threads"
IFS=, read -r -a opt_list <<<"$opts"
for t in "${thread_list[@]}"; do posint "$t" || die "bad thread count '$t'"; done
for o in "${opt_list[@]}"; do
  case "$o" in O0 | O1 | O2 | O3 | Os | Oz) ;; *) die "bad optimisation level '$o' (O0..O3, Os, Oz)" ;; esac
done
case "$mode" in default | precise | fast) ;; *) die "--mode wants default, precise or fast" ;; esac
[ -x "$bin/ompracer-clang" ] || die "no $bin/ompracer-clang: run scripts/build.sh (or set OMPRACER_BIN)"

if [ ${#progs[@]} -eq 0 ]; then
  for f in "$it"/race_* "$it"/norace_*; do
    case "$f" in *.c | *.cpp) progs+=("$f") ;; esac
  done
fi
sources=()
for p in "${progs[@]}"; do
  if [ -f "$p" ]; then
    sources+=("$(cd "$(dirname "$p")" && pwd)/$(basename "$p")")
  elif [ -f "$it/$p" ]; then
    sources+=("$it/$p")
  elif [ -f "$it/$p.c" ]; then
    sources+=("$it/$p.c")
  elif [ -f "$it/$p.cpp" ]; then
    sources+=("$it/$p.cpp")
  else
    die "no such program: $p"
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/ompracer-stress.XXXXXX") || die "mktemp failed"
if [ "$keep" = 1 ]; then
  echo "note: keeping $work" >&2
else
  trap 'rm -rf "$work"' EXIT
fi

# run_config SRC OPT THREADS: REPS runs of the built program; writes
# $work/res/NAME.OPT.tT: "rc<TAB>signature-hash" per run, and one pairs file per
# distinct signature.
run_config() {
  local src=$1 opt=$2 t=$3 name exe extra opts out i rc h
  name=$(basename "$src")
  exe="$work/bin/$name.$opt"
  out="$work/res/$name.$opt.t$t"
  mkdir -p "$out.d"
  : >"$out"
  extra=$(sed -n 's|^// OPTIONS: *\([^ ]*\) *$|\1|p' "$src" | head -n 1)
  if [ "$mode" = default ]; then opts=$extra; else opts="mode=$mode${extra:+:$extra}"; fi
  for ((i = 1; i <= reps; i++)); do
    # The braces' redirection takes the shell's own "Aborted" notice of a program that
    # dies by a signal (its exit code is what the table shows).
    { (cd "$out.d" && env -u OMPRACER_OPTIONS ${opts:+OMPRACER_OPTIONS=$opts} \
      OMP_NUM_THREADS="$t" timeout -k 10 "$timeout_s" "$exe" >/dev/null 2>"$out.d/err" </dev/null); } 2>/dev/null
    rc=$?
    site_pairs "$out.d/err" >"$out.d/pairs"
    h=$(md5sum <"$out.d/pairs" | cut -c1-8)
    [ -f "$out.d/pairs.$h" ] || cp "$out.d/pairs" "$out.d/pairs.$h"
    printf '%s\t%s\n' "$rc" "$h" >>"$out"
  done
  rm -f "$out.d/err" "$out.d/pairs"
}

mkdir -p "$work/bin" "$work/res"
start=$(date +%s)
commit=$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git -C "$repo" status --porcelain --untracked-files=no 2>/dev/null | head -n 1)
echo "# ompracer stress: stable verdicts and site pairs across repeated runs"
echo "date:    $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1), $(uname -sr)"
echo "commit:  $commit${dirty:+ (with uncommitted changes)}"
echo "command: $command_line"
echo "settings: --reps $reps --threads $threads --opt $opts --mode $mode --jobs $jobs --timeout $timeout_s"
echo "runs:    ${#sources[@]} programs x ${#opt_list[@]} levels x ${#thread_list[@]} thread counts x $reps"
echo

# Build every program once per level (in parallel up to --jobs).
build_failed=()
for src in "${sources[@]}"; do
  name=$(basename "$src")
  case "$name" in *.cpp) cc="$bin/ompracer-clang++" ;; *) cc="$bin/ompracer-clang" ;; esac
  for opt in "${opt_list[@]}"; do
    if ! "$cc" -g "-$opt" "$src" -o "$work/bin/$name.$opt" >"$work/bin/$name.$opt.log" 2>&1; then
      build_failed+=("$name -$opt")
    fi
  done
done

# Run the configurations, --jobs at a time.
running=0
for src in "${sources[@]}"; do
  name=$(basename "$src")
  for opt in "${opt_list[@]}"; do
    [ -x "$work/bin/$name.$opt" ] || continue
    for t in "${thread_list[@]}"; do
      run_config "$src" "$opt" "$t" &
      running=$((running + 1))
      if [ "$running" -ge "$jobs" ]; then
        wait -n
        running=$((running - 1))
      fi
    done
  done
done
wait

# The table.
unstable=0
xthr_diff=0
details="$work/details"
: >"$details"
printf '%-44s %-3s %4s  %-14s %5s %8s  %-8s %s\n' program opt thr "exit codes" pairs distinct result x-thr
for src in "${sources[@]}"; do
  name=$(basename "$src")
  for opt in "${opt_list[@]}"; do
    if [ ! -x "$work/bin/$name.$opt" ]; then
      printf '%-44s %-3s %4s  %-14s %5s %8s  %-8s %s\n' "$name" "$opt" - - - - "BUILD-FAILED" -
      continue
    fi
    first_sig=
    same_across=same
    for t in "${thread_list[@]}"; do
      res="$work/res/$name.$opt.t$t"
      rcs=$(cut -f1 "$res" | sort -n | uniq -c | awk '{printf "%s%sx%s", sep, $2, $1; sep=" "}')
      ndist=$(sort -u "$res" | wc -l)
      top=$(sort "$res" | uniq -c | sort -rn | head -n 1 | awk '{print $2 "\t" $3}')
      npairs=$(wc -l <"$res.d/pairs.$(echo "$top" | cut -f2)")
      if [ "$ndist" = 1 ]; then
        result=stable
        [ -z "$first_sig" ] && first_sig=$top
        [ "$top" = "$first_sig" ] || same_across=DIFFERS
      else
        result=UNSTABLE
        unstable=$((unstable + 1))
        same_across=-
        {
          echo "## $name -$opt OMP_NUM_THREADS=$t: $ndist different results in $reps runs"
          sort "$res" | uniq -c | sort -rn | while read -r count rc h; do
            echo "- $count run(s): exit code $rc, $(wc -l <"$res.d/pairs.$h") site pair(s):"
            sed 's/^/    /' "$res.d/pairs.$h"
          done
          echo
        } >>"$details"
      fi
      printf '%-44s %-3s %4s  %-14s %5s %8s  %-8s %s\n' "$name" "$opt" "$t" "$rcs" "$npairs" "$ndist" "$result" \
        "$([ "$t" = "${thread_list[-1]}" ] && echo "$same_across")"
    done
    if [ "$same_across" = DIFFERS ]; then
      xthr_diff=$((xthr_diff + 1))
      {
        echo "## $name -$opt: stable at each thread count, but not the same result at all of them"
        for t in "${thread_list[@]}"; do
          res="$work/res/$name.$opt.t$t"
          read -r rc h <"$res"
          echo "- OMP_NUM_THREADS=$t: exit code $rc, $(wc -l <"$res.d/pairs.$h") site pair(s):"
          sed 's/^/    /' "$res.d/pairs.$h"
        done
        echo
      } >>"$details"
    fi
  done
done

echo
elapsed=$(($(date +%s) - start))
echo "configurations: $((${#sources[@]} * ${#opt_list[@]} * ${#thread_list[@]})), unstable: $unstable," \
  "stable but different across thread counts: $xthr_diff, build failures: ${#build_failed[@]}" \
  "($((elapsed / 60)) min $((elapsed % 60)) s)"
for b in "${build_failed[@]}"; do
  echo "build failed: $b"
done
if [ -s "$details" ]; then
  echo
  cat "$details"
fi
status=0
[ "$unstable" -gt 0 ] || [ ${#build_failed[@]} -gt 0 ] && status=1
[ "$strict_threads" = 1 ] && [ "$xthr_diff" -gt 0 ] && status=1
exit $status
