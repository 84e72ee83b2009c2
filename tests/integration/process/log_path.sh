#!/usr/bin/env bash
# log_path.sh -- OMPRACER_OPTIONS=log_path: %p (the pid) and %%, one file per process
# after fork(), appending to an existing file of one's own, and the paths refused
# before the program starts (a one-line ERROR on stderr, exit code 64): symbolic
# links (also dangling ones), directories, FIFOs, missing directories, another
# user's file (when run as root), unknown %-sequences.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

build "$here/forking.c" "$tmp/prog"

run() { # run LOG_PATH [ARGS...] -> $tmp/out, $tmp/err, $rc
  local log=$1
  shift
  OMP_NUM_THREADS=2 OMPRACER_OPTIONS="log_path=$log" timeout -k 5 30 "$tmp/prog" "$@" \
    >"$tmp/out" 2>"$tmp/err" </dev/null
  rc=$?
}

pid_of() { sed -n 's/^pid \([0-9]*\)$/\1/p' "$tmp/out"; }
child_of() { sed -n 's/^child \([0-9]*\) exited.*$/\1/p' "$tmp/out"; }
no_tool_lines() { ! grep -q '==ompracer==' "$1"; }
# only_pid FILE PID: every ==ompracer== line of FILE carries [pid PID]
only_pid() { ! grep '==ompracer==' "$1" | grep -qv "^==ompracer==\[pid $2\] "; }
has() { grep -qF -- "$2" "$1"; }
races_on() { # races_on FILE LINE_OF_SOURCE: a race report names forking.c:LINE
  grep -q "write at .*forking\.c:$2:" "$1"
}
no_race_on() { ! races_on "$@"; }
x_line=$(grep -n '^    x = 1;' "$here/forking.c" | cut -d: -f1)
y_line=$(grep -n '^        y = 1;' "$here/forking.c" | cut -d: -f1)

# 1. %p is the pid; every line then names the pid; nothing goes to stderr.
mkdir "$tmp/a"
run "$tmp/a/log.%p"
pid=$(pid_of)
check "%p: exit code 66 (got $rc)" [ "$rc" = 66 ]
check "%p: the file is named after the pid ($pid)" [ -f "$tmp/a/log.$pid" ]
check "%p: one file only" [ "$(ls "$tmp/a" | wc -l)" = 1 ]
check "%p: nothing on stderr" no_tool_lines "$tmp/err"
if [ -f "$tmp/a/log.$pid" ]; then
  check "%p: the race is in the file" has "$tmp/a/log.$pid" "==ompracer==[pid $pid] WARNING: data race (write/write)"
  check "%p: the summary is in the file" has "$tmp/a/log.$pid" "==ompracer==[pid $pid] SUMMARY: 1 data race(s) reported"
  check "%p: every line names the pid" only_pid "$tmp/a/log.$pid" "$pid"
fi

# 2. fork() with %p: each process writes its own file, with its own reports.
mkdir "$tmp/b"
run "$tmp/b/log.%p" fork
pid=$(pid_of)
child=$(child_of)
check "fork, %p: exit code 66 (got $rc)" [ "$rc" = 66 ]
check "fork, %p: the child exited with 66" has "$tmp/out" "exited with 66"
check "fork, %p: two files (parent $pid, child $child)" \
  [ -f "$tmp/b/log.$pid" -a -f "$tmp/b/log.$child" -a "$(ls "$tmp/b" | wc -l)" = 2 ]
if [ -f "$tmp/b/log.$pid" ] && [ -f "$tmp/b/log.$child" ]; then
  check "fork, %p: the parent's file has its race on x" races_on "$tmp/b/log.$pid" "$x_line"
  check "fork, %p: the parent's file has not the child's race on y" no_race_on "$tmp/b/log.$pid" "$y_line"
  check "fork, %p: the parent's summary counts its own race" has "$tmp/b/log.$pid" "==ompracer==[pid $pid] SUMMARY: 1 data race(s) reported"
  check "fork, %p: the parent's lines name the parent" only_pid "$tmp/b/log.$pid" "$pid"
  check "fork, %p: the child's file has its race on x" races_on "$tmp/b/log.$child" "$x_line"
  check "fork, %p: the child's file has its race on y" races_on "$tmp/b/log.$child" "$y_line"
  check "fork, %p: the child's summary counts its own races" has "$tmp/b/log.$child" "==ompracer==[pid $child] SUMMARY: 2 data race(s) reported"
  check "fork, %p: the child's lines name the child" only_pid "$tmp/b/log.$child" "$child"
fi

# 3. fork() without %p: one file; lines printed after the fork name their process.
mkdir "$tmp/c"
run "$tmp/c/log" fork
pid=$(pid_of)
child=$(child_of)
check "fork, one file: exit code 66 (got $rc)" [ "$rc" = 66 ]
check "fork, one file: the parent's race, before the fork, has no pid" has "$tmp/c/log" "==ompracer== WARNING: data race (write/write)"
check "fork, one file: the child's lines name the child" has "$tmp/c/log" "==ompracer==[pid $child] SUMMARY: 2 data race(s) reported"
check "fork, one file: the parent's summary names the parent" has "$tmp/c/log" "==ompracer==[pid $pid] SUMMARY: 1 data race(s) reported"
check "fork, one file: 3 race reports in all" [ "$(grep -c 'WARNING: data race' "$tmp/c/log")" = 3 ]

# 4. An existing regular file of this user is appended to.
mkdir "$tmp/d"
echo "an earlier line" >"$tmp/d/log"
run "$tmp/d/log"
check "existing file: exit code 66 (got $rc)" [ "$rc" = 66 ]
check "existing file: its content is kept" [ "$(head -n 1 "$tmp/d/log")" = "an earlier line" ]
check "existing file: the report is appended" has "$tmp/d/log" "==ompracer== SUMMARY: 1 data race(s) reported"

# 5. %% is a percent sign.
mkdir "$tmp/e"
run "$tmp/e/100%%.log"
check "%%: exit code 66 (got $rc)" [ "$rc" = 66 ]
check "%%: the file is named with one %" [ -f "$tmp/e/100%.log" ]

# 6. Refused before the program runs: one ERROR line on stderr, exit code 64.
refused() { # refused WHAT LOG_PATH REASON_SUBSTRING
  run "$2"
  check "$1: exit code 64 (got $rc)" [ "$rc" = 64 ]
  check "$1: the program did not run" [ ! -s "$tmp/out" ]
  check "$1: one line on stderr" [ "$(wc -l <"$tmp/err")" = 1 ]
  check "$1: the line is an ERROR naming log_path" \
    grep -qF "==ompracer== ERROR: OMPRACER_OPTIONS: cannot use log_path '" "$tmp/err"
  check "$1: the line says why ($3)" grep -qF -- "$3" "$tmp/err"
  [ "$(wc -l <"$tmp/err")" = 1 ] || show "$tmp/err"
}
mkdir "$tmp/f"
echo "keep me" >"$tmp/f/target"
ln -s "$tmp/f/target" "$tmp/f/link"
refused "symbolic link" "$tmp/f/link" "it is a symbolic link"
check "symbolic link: the target is untouched" [ "$(cat "$tmp/f/target")" = "keep me" ]
ln -s "$tmp/f/nowhere" "$tmp/f/dangling"
refused "dangling symbolic link" "$tmp/f/dangling" "it is a symbolic link"
check "dangling symbolic link: no file created through it" [ ! -e "$tmp/f/nowhere" ]
refused "directory" "$tmp/f" "it exists and is not a regular file"
mkfifo "$tmp/f/fifo"
refused "FIFO" "$tmp/f/fifo" "it exists and is not a regular file"
refused "missing directory" "$tmp/no/such/dir/log" "No such file or directory"
refused "unknown %-sequence" "$tmp/f/log.%x" "'%x' is not a known sequence"
check "unknown %-sequence: no file created" [ ! -e "$tmp/f/log.%x" ]
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
  echo "someone else's" >"$tmp/f/theirs"
  chown nobody "$tmp/f/theirs"
  refused "another user's file" "$tmp/f/theirs" "it exists and belongs to another user"
  check "another user's file: untouched" [ "$(cat "$tmp/f/theirs")" = "someone else's" ]
else
  mkdir "$tmp/g"
  chmod a-w "$tmp/g"
  refused "unwritable directory" "$tmp/g/log" "Permission denied"
  chmod u+w "$tmp/g"
fi

finish
