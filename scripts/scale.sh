#!/usr/bin/env bash
# scale.sh -- how do ompracer's time and memory grow with task recursion depth, the size
# of a worksharing loop, the number of tasks and the number of threads? (issue 14,
# point 5, and the issue "Speed", item 4; a benchmark, not a test)
#
# Writes three small OpenMP programs of its own, builds each natively (clang-19 -fopenmp)
# and with ompracer-clang at each optimisation level, and runs them at each
# OMP_NUM_THREADS of --threads natively and in each ompracer mode (fast, precise, and
# the default: no mode option), printing wall time, peak RSS (GNU time's %M) and
# whether the run finished (exit code; 67 means the tool reached a limit and said so):
#   recursion DEPTH  one task per level, each with a taskwait, touching a few variables
#                    (a shared counter array, the parent's local, its own local);
#                    run at every depth of --depths, so linear and quadratic growth show
#   loop 2^K         one `omp parallel for` writing each element of an int array once
#   tasks N          one `omp single` creating N tasks in a loop, each writing its own
#                    element of a heap array of N ints and reading a shared read-only
#                    int, then one taskwait; run at every count of --tasks
#   tree N           a binary tree of 2N-1 tasks (fib's shape: each inner task makes
#                    two children, which return their sums in its locals, and waits for
#                    them; each leaf reads a shared read-only int); run at every leaf
#                    count of --tree: the memory of finished tasks' OSPG nodes shows
# Each program prints a checksum; a run whose stdout differs from the native run's (same
# program, size, level and thread count) is flagged in the table and listed at the end.
# The figures go to stdout and, with --out DIR (default bench/results/<date>-scale),
# to DIR/results.md with date, machine, commit and command, plus DIR/runs.csv.
#
# Usage: scripts/scale.sh [options]
#   --depths L      recursion depths, comma-separated (default 1000,2000,5000,10000)
#   --loop-log2 K   loop of 2^K ints (default 27; 0 skips the loop)
#   -O, --opt L     optimisation levels of the recursion, comma-separated (default O0,O2)
#   --loop-opt L    optimisation levels of the loop (default O2)
#   --tasks L       task counts, comma-separated (default 1000,10000,100000,1000000;
#                   0 or empty skips the tasks program)
#   --tasks-opt L   optimisation levels of the tasks and tree programs (default O2)
#   --tree L        leaf counts of the tree program, comma-separated (default
#                   100000,1000000,5000000; 0 or empty skips it)
#   --threads L     OMP_NUM_THREADS values, comma-separated, 1..256 (default 2); every
#                   program, size, level and configuration runs at each
#   --modes L       ompracer modes, comma-separated (default default,fast,precise)
#   --timeout S     seconds per run (default 600); a timed-out run shows exit code 124
#   --out DIR       result directory (default bench/results/<date>-scale)
#   --note TEXT     a sentence for the results header (e.g. which sizes were left out)
#   --no-write      print only
# Environment: OMPRACER_BIN (default <repo>/build/bin: run scripts/build.sh first).
# Needs GNU time (/usr/bin/time; Debian package `time`).
set -uo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
bin=${OMPRACER_BIN:-$repo/build/bin}
depths=1000,2000,5000,10000
loop_log2=27
opts=O0,O2
loop_opts=O2
tasks=1000,10000,100000,1000000
tasks_opts=O2
tree=100000,1000000,5000000
threads=2
modes=default,fast,precise
timeout_s=600
out=
note=
write=1
command_line="scripts/scale.sh $*"

usage() {
  sed -n '2,/^set -uo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}
die() {
  echo "scale.sh: $*" >&2
  exit 2
}
posint() { case "$1" in '' | *[!0-9]* | 0) return 1 ;; esac }

while [ $# -gt 0 ]; do
  case "$1" in
    --depths | --loop-log2 | -O | --opt | --loop-opt | --tasks | --tasks-opt | --tree | --threads | --modes | --timeout | --out | --note)
      [ $# -ge 2 ] || die "$1 needs a value" ;;
  esac
  case "$1" in
    --depths) depths=${2:-}; shift 2 ;;
    --loop-log2) loop_log2=${2:-}; shift 2 ;;
    -O | --opt) opts=${2:-}; shift 2 ;;
    --loop-opt) loop_opts=${2:-}; shift 2 ;;
    --tasks) tasks=$2; shift 2 ;;
    --tasks-opt) tasks_opts=${2:-}; shift 2 ;;
    --tree) tree=$2; shift 2 ;;
    --threads) threads=${2:-}; shift 2 ;;
    --modes) modes=${2:-}; shift 2 ;;
    --timeout) timeout_s=${2:-}; shift 2 ;;
    --out) out=${2:-}; shift 2 ;;
    --note) note=$2; shift 2 ;;
    --no-write) write=0; shift ;;
    -h | --help) usage 0 ;;
    *) echo "scale.sh: unknown argument '$1'" >&2; usage 2 ;;
  esac
done
for d in ${depths//,/ }; do posint "$d" || die "--depths: '$d' is not a positive integer"; done
case "$loop_log2" in '' | *[!0-9]*) die "--loop-log2 must be an integer 0..30, not '$loop_log2'" ;; esac
[ "$loop_log2" -le 30 ] || die "--loop-log2 must be at most 30"
posint "$timeout_s" || die "--timeout must be a positive integer, not '$timeout_s'"
[ "$tasks" = 0 ] && tasks=
for n in ${tasks//,/ }; do
  posint "$n" || die "--tasks: '$n' is not a positive integer (use 0 or '' alone to skip)"
  [ "${#n}" -le 9 ] || die "--tasks: '$n' is too large (at most 999999999)"
done
[ "$tree" = 0 ] && tree=
for n in ${tree//,/ }; do
  posint "$n" || die "--tree: '$n' is not a positive integer (use 0 or '' alone to skip)"
  [ "${#n}" -le 9 ] || die "--tree: '$n' is too large (at most 999999999)"
done
[ -n "$threads" ] || die "--threads needs at least one thread count"
for t in ${threads//,/ }; do
  posint "$t" || die "--threads: '$t' is not a positive integer"
  { [ "${#t}" -le 3 ] && [ "$t" -le 256 ]; } || die "--threads: '$t' is more than 256"
done
for o in ${opts//,/ } ${loop_opts//,/ } ${tasks_opts//,/ }; do case "$o" in O0 | O1 | O2 | O3) ;; *) die "unknown level '$o'" ;; esac; done
for m in ${modes//,/ }; do case "$m" in default | fast | precise) ;; *) die "unknown mode '$m'" ;; esac; done
[ -x "$bin/ompracer-clang" ] || die "$bin/ompracer-clang not found: run scripts/build.sh first (or set OMPRACER_BIN)"
[ -x /usr/bin/time ] || die "/usr/bin/time (GNU time) not found: apt-get install time"
command -v clang-19 >/dev/null || die "clang-19 not found"

work=$(mktemp -d /tmp/ompracer-scale.XXXXXX)
trap 'rm -rf "$work"' EXIT

cat >"$work/recursion.c" <<'EOF'
/* Task recursion: one task per level, each waited for by its parent. */
#include <stdio.h>
#include <stdlib.h>
static long counter[4];
static long rec(int d) {
  long mine = d, below = 0;
  if (d == 0) return 0;
  counter[d & 3] += 1;
#pragma omp task shared(below, mine) firstprivate(d)
  {
    below = rec(d - 1);
    mine += 1;
  }
#pragma omp taskwait
  return below + mine;
}
int main(int argc, char **argv) {
  int depth = argc > 1 ? atoi(argv[1]) : 1000;
  long r = 0;
#pragma omp parallel
#pragma omp single
  r = rec(depth);
  printf("depth %d: %ld %ld\n", depth, r, counter[0] + counter[1] + counter[2] + counter[3]);
  return 0;
}
EOF
cat >"$work/loop.c" <<'EOF'
/* One worksharing loop writing each element of an int array once. */
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  long n = 1L << (argc > 1 ? atoi(argv[1]) : 27);
  int *a = malloc(n * sizeof *a);
  if (!a) { perror("malloc"); return 1; }
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; i++)
    a[i] = (int)(i & 0x7fff);
  long s = 0;
  for (long i = 0; i < n; i += 4096) s += a[i];
  printf("n %ld: %ld\n", n, s);
  free(a);
  return 0;
}
EOF

cat >"$work/tasks.c" <<'EOF'
/* N sibling tasks created in a loop by one thread, each writing its own element of a
   heap array and reading a shared read-only int, then one taskwait. */
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  int *a = malloc((size_t)n * sizeof *a);
  if (!a) { perror("malloc"); return 1; }
  int k = 3 + n % 7; /* shared by every task, read only */
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < n; i++) {
#pragma omp task firstprivate(i)
      a[i] = (i & 0xffff) * k + 1;
    }
#pragma omp taskwait
  }
  long s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  printf("tasks %d: %ld\n", n, s);
  free(a);
  return 0;
}
EOF

cat >"$work/tree.c" <<'EOF'
/* A binary tree of tasks with N leaves (2N-1 tasks), fib's shape: each inner task makes
   two children, which return their sums in its locals, and waits for them. */
#include <stdio.h>
#include <stdlib.h>
static int k;
static long tree(int n) {
  if (n <= 1) return k;
  long l = 0, r = 0;
#pragma omp task shared(l) firstprivate(n)
  l = tree(n / 2);
#pragma omp task shared(r) firstprivate(n)
  r = tree(n - n / 2);
#pragma omp taskwait
  return l + r;
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  k = 1 + n % 7; /* shared by every task, read only */
  long s = 0;
#pragma omp parallel
#pragma omp single
  s = tree(n);
  printf("tree %d: %ld\n", n, s);
  return 0;
}
EOF

builds() { # the PROGRAM:LEVEL pairs the runs need
  local o
  for o in ${opts//,/ }; do echo "recursion:$o"; done
  if [ "$loop_log2" -gt 0 ]; then for o in ${loop_opts//,/ }; do echo "loop:$o"; done; fi
  if [ -n "$tasks" ]; then for o in ${tasks_opts//,/ }; do echo "tasks:$o"; done; fi
  if [ -n "$tree" ]; then for o in ${tasks_opts//,/ }; do echo "tree:$o"; done; fi
}
for po in $(builds | sort -u); do
  p=${po%:*} o=${po#*:}
  clang-19 "-$o" -g -fopenmp "$work/$p.c" -o "$work/$p.$o.native" ||
    die "native build of $p at -$o failed"
  "$bin/ompracer-clang" "-$o" -g "$work/$p.c" -o "$work/$p.$o.tool" ||
    die "ompracer build of $p at -$o failed"
done

# Deep recursion needs deep stacks: the task bodies nest on the executing thread.
ulimit -s unlimited 2>/dev/null || ulimit -s 1048576 2>/dev/null || true
export OMP_STACKSIZE=1G

csv="$work/runs.csv"
echo "program,size,threads,opt,config,exit,seconds,peak_rss_kb" >"$csv"
table="$work/table.md"
echo "| program | size | threads | opt | config | exit | wall s | peak RSS MB | x native time | x native RSS |" >"$table"
echo "|---|---|---|---|---|---|---|---|---|---|" >>"$table"
differs="$work/differs"
: >"$differs"

run() { # PROGRAM SIZE THREADS OPT CONFIG
  local exe=$work/$1.$4.native env=(OMP_NUM_THREADS="$3") what="$1 $2 t$3 -$4 $5"
  [ "$5" = native ] || exe=$work/$1.$4.tool
  case "$5" in fast | precise) env+=(OMPRACER_OPTIONS="mode=$5") ;; esac
  echo "scale.sh: $what" >&2
  env "${env[@]}" /usr/bin/time -f '%e %M' -o "$work/time" \
    timeout "$timeout_s" "$exe" "$2" >"$work/out" 2>"$work/err"
  local rc=$? secs rss
  read -r secs rss < <(tail -n 1 "$work/time")
  case "$rc" in 0) ;; *) sed -n '/ERROR\|WARNING/{p;q}' "$work/err" | sed "s/^/    $what: /" >&2 ;; esac
  echo "$1,$2,$3,$4,$5,$rc,$secs,$rss" >>"$csv"
  local same=1
  if [ "$5" = native ]; then
    nsecs=$secs nrss=$rss
    cp "$work/out" "$work/native.out"
  elif ! cmp -s "$work/out" "$work/native.out"; then
    same=0
    echo "scale.sh: $what: stdout differs from native's" >&2
    echo "- $what (exit $rc): \`$(head -c 200 "$work/out" | tr '\n' ' ')\` against native's \`$(head -c 200 "$work/native.out" | tr '\n' ' ')\`" >>"$differs"
  fi
  local xt xr
  xt=$(awk -v a="$secs" -v b="$nsecs" 'BEGIN { if (b > 0) printf "%.1f", a / b; else printf "-" }')
  xr=$(awk -v a="$rss" -v b="$nrss" 'BEGIN { if (b > 0) printf "%.1f", a / b; else printf "-" }')
  [ "$5" = native ] && { xt=; xr=; }
  local fin=$rc
  [ "$rc" = 124 ] && fin="124 (timeout)"
  [ "$rc" = 67 ] && fin="67 (limit reached)"
  [ "$same" = 1 ] || fin="$fin, **output differs**"
  printf '| %s | %s | %s | -%s | %s | %s | %s | %d | %s | %s |\n' "$1" "$2" "$3" "$4" "$5" "$fin" \
    "$secs" "$((rss / 1024))" "$xt" "$xr" | tee -a "$table"
}
sweep() { # PROGRAM SIZE OPT: native, then each mode, at each thread count
  local t m
  for t in ${threads//,/ }; do
    run "$1" "$2" "$t" "$3" native
    for m in ${modes//,/ }; do run "$1" "$2" "$t" "$3" "$m"; done
  done
}

nsecs=0 nrss=0
start=$(date +%s)
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
for o in ${opts//,/ }; do
  for d in ${depths//,/ }; do sweep recursion "$d" "$o"; done
done
if [ "$loop_log2" -gt 0 ]; then
  for o in ${loop_opts//,/ }; do sweep loop "$loop_log2" "$o"; done
fi
if [ -n "$tasks" ]; then
  for o in ${tasks_opts//,/ }; do
    for n in ${tasks//,/ }; do sweep tasks "$n" "$o"; done
  done
fi
if [ -n "$tree" ]; then
  for o in ${tasks_opts//,/ }; do
    for n in ${tree//,/ }; do sweep tree "$n" "$o"; done
  done
fi
elapsed=$(($(date +%s) - start))

{
  what="task recursion depth"
  [ "$loop_log2" -gt 0 ] && what="$what, a 2^$loop_log2-element loop"
  [ -n "$tasks" ] && what="$what, the number of tasks"
  [ -n "$tree" ] && what="$what, a tree of tasks"
  [ "$threads" = 2 ] || what="$what; $threads threads"
  echo "# ompracer scale checks: $what"
  echo
  echo "- **date**: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "- **machine**: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1), $(uname -sr), $(free -g | awk '/^Mem:/ {print $2}') GB RAM; load average $load_start at the start, $(cut -d' ' -f1-3 /proc/loadavg) at the end"
  echo "- **commit**: $(git -C "$repo" rev-parse --short HEAD 2>/dev/null)$(git -C "$repo" diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)')"
  echo "- **command**: \`$command_line\` (OMP_NUM_THREADS=${threads//,/, }, OMP_STACKSIZE=1G, ulimit -s unlimited, timeout ${timeout_s} s per run; $((elapsed / 60)) min $((elapsed % 60)) s in all)"
  echo "- **builds**: \`clang-19 -fopenmp -g -OPT\` and \`ompracer-clang -g -OPT\`; config \`default\` runs without OMPRACER_OPTIONS, \`fast\`/\`precise\` with OMPRACER_OPTIONS=mode=..."
  echo "- **programs**: written by the script (see scripts/scale.sh): \`recursion DEPTH\` (one task and one taskwait per level), \`loop K\` (an \`omp parallel for\` writing 2^K ints once each), \`tasks N\` (one \`omp single\` creating N tasks in a loop, \`firstprivate(i)\`, each writing its own element of a heap array of N ints and reading a shared read-only int, then one taskwait), \`tree N\` (a binary tree of 2N-1 tasks, each inner one waiting for its two children)"
  [ -n "$note" ] && echo "- **note**: $note"
  echo
  echo "Wall time and peak RSS (GNU time %e, %M) of the whole process; exit 0 is a finished"
  echo "clean run, 67 a run that reached a tool limit (printed an ERROR and went on), 124 a timeout."
  echo
  cat "$table"
  echo
  if [ -s "$differs" ]; then
    echo "Runs whose stdout (the program's checksum) differs from the native run's:"
    echo
    cat "$differs"
  else
    echo "Every tool run printed the same stdout (the program's checksum) as its native run."
  fi
} >"$work/results.md"

echo
cat "$work/results.md"
if [ "$write" = 1 ]; then
  [ -n "$out" ] || out="$repo/bench/results/$(date -u +%Y-%m-%d)-scale"
  mkdir -p "$out"
  cp "$work/results.md" "$work/runs.csv" "$out/"
  echo "scale.sh: written to $out" >&2
fi
