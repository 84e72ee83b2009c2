#!/usr/bin/env bash
# merge_logs.sh -- scripts/ompracer-merge-logs: one report from the logs of several
# processes (each race once, with the processes that found it; every other message
# once; a combined summary; the exit code of the tool).
#
# 1. Hand-written logs: two processes reporting the same race at different addresses,
#    one more race, an ERROR and an incomplete summary; a captured stderr without pids
#    (with the program's own output); two processes interleaving their lines in one
#    file. The merged report is compared with the expected text.
# 2. A real run: forking.c with log_path=DIR/log.%p; the parent and the child both
#    report the race on x, the child also the race on y.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
merge=$repo/scripts/ompracer-merge-logs

mkdir "$tmp/logs"
cd "$tmp/logs" || exit 1
cat >log.100 <<'EOF'
==ompracer==[pid 100] WARNING: data race (write/write) on 4 bytes at 0x55d0c0a4e010
==ompracer==[pid 100]   write at /src/a.c:10:5 in main (implicit task of omp parallel at /src/a.c:8)
==ompracer==[pid 100]   write at /src/a.c:10:5 in main (implicit task of omp parallel at /src/a.c:8)
==ompracer==[pid 100] WARNING: fast mode may report false races in this program: it uses critical at /src/a.c:20; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto)
==ompracer==[pid 100] SUMMARY: 1 data race(s) reported
EOF
cat >log.200 <<'EOF'
==ompracer==[pid 200] WARNING: data race (write/write) on 4 bytes at 0x7ffee3a99da0
==ompracer==[pid 200]   write at /src/a.c:10:5 in main (implicit task of omp parallel at /src/a.c:8)
==ompracer==[pid 200]   write at /src/a.c:10:5 in main (implicit task of omp parallel at /src/a.c:8)
==ompracer==[pid 200] ERROR: the OSPG node arena is full (max_nodes=1024): detection stops here; raise max_nodes
==ompracer==[pid 200] WARNING: data race (read/write) on 8 bytes at 0x7ffee3a99db0
==ompracer==[pid 200]   read at /src/a.c:30:7 in f (iteration of omp for at /src/a.c:28)
==ompracer==[pid 200]   write at /src/a.c:31:7 in f (iteration of omp for at /src/a.c:28)
==ompracer==[pid 200] SUMMARY: 2 data race(s) reported; checking was incomplete (see the ERROR above), so races may have been missed
EOF
cat >stderr.txt <<'EOF'
output of the program
==ompracer== WARNING: data race (write/write) on 4 bytes at 0x55d0c0a4e010
==ompracer==   write at /src/a.c:10:5 in main (implicit task of omp parallel at /src/a.c:8)
==ompracer==   write at /src/a.c:10:5 in main (implicit task of omp parallel at /src/a.c:8)
==ompracer== SUMMARY: 1 data race(s) reported
EOF
cat >shared.log <<'EOF'
==ompracer==[pid 300] WARNING: data race (write/read) on 4 bytes at 0x1000
==ompracer==[pid 301] WARNING: data race (write/read) on 4 bytes at 0x2000
==ompracer==[pid 300]   write at /src/b.c:5:3 in g (explicit task created at /src/b.c:4)
==ompracer==[pid 301]   write at /src/b.c:5:3 in g (explicit task created at /src/b.c:4)
==ompracer==[pid 300]   read at /src/b.c:6:3 in g (serial code)
==ompracer==[pid 301]   read at /src/b.c:6:3 in g (serial code)
==ompracer==[pid 301] SUMMARY: 1 data race(s) reported
==ompracer==[pid 300] SUMMARY: 1 data race(s) reported
EOF
cat >expected <<'EOF'
==ompracer== WARNING: data race (write/write) on 4 bytes at 0x55d0c0a4e010
==ompracer==   write at /src/a.c:10:5 in main (implicit task of omp parallel at /src/a.c:8)
==ompracer==   write at /src/a.c:10:5 in main (implicit task of omp parallel at /src/a.c:8)
==ompracer==   seen by pid 100, pid 200, stderr.txt
==ompracer== WARNING: data race (read/write) on 8 bytes at 0x7ffee3a99db0
==ompracer==   read at /src/a.c:30:7 in f (iteration of omp for at /src/a.c:28)
==ompracer==   write at /src/a.c:31:7 in f (iteration of omp for at /src/a.c:28)
==ompracer==   seen by pid 200
==ompracer== WARNING: data race (write/read) on 4 bytes at 0x1000
==ompracer==   write at /src/b.c:5:3 in g (explicit task created at /src/b.c:4)
==ompracer==   read at /src/b.c:6:3 in g (serial code)
==ompracer==   seen by pid 300, pid 301
==ompracer== WARNING: fast mode may report false races in this program: it uses critical at /src/a.c:20; run it with OMPRACER_OPTIONS=mode=precise (or ompracer-run --mode=auto) (pid 100)
==ompracer== ERROR: the OSPG node arena is full (max_nodes=1024): detection stops here; raise max_nodes (pid 200)
==ompracer== SUMMARY: 3 data race(s) reported by 5 process(es) in 4 log file(s); checking was incomplete in pid 200 (see the ERROR above), so races may have been missed
EOF
python3 "$merge" log.100 log.200 stderr.txt shared.log >merged
rc=$?
check "fixtures: exit code 66 (got $rc)" [ "$rc" = 66 ]
check "fixtures: the merged report" cmp -s expected merged
cmp -s expected merged || diff -u expected merged | sed 's/^/    /'

# No race, one incomplete run: 67. No race at all: 0. A missing file: 2.
printf '%s\n' "==ompracer==[pid 7] ERROR: out of shadow" \
  "==ompracer==[pid 7] SUMMARY: 0 data race(s) reported; checking was incomplete (see the ERROR above), so races may have been missed" >incomplete.log
python3 "$merge" incomplete.log >merged
rc=$?
check "incomplete: exit code 67 (got $rc)" [ "$rc" = 67 ]
check "incomplete: the summary" grep -qxF "==ompracer== SUMMARY: 0 data race(s) reported by 1 process(es) in 1 log file(s); checking was incomplete in pid 7 (see the ERROR above), so races may have been missed" merged
echo "nothing from the tool" >clean.log
python3 "$merge" clean.log >merged
rc=$?
check "clean: exit code 0 (got $rc)" [ "$rc" = 0 ]
check "clean: the summary" grep -qxF "==ompracer== SUMMARY: 0 data race(s) reported by 0 process(es) in 1 log file(s)" merged
python3 "$merge" no-such-file >merged 2>err
rc=$?
check "missing file: exit code 2 (got $rc)" [ "$rc" = 2 ]
check "missing file: says so" grep -q "cannot read no-such-file" err

# 2. A real run of a forking program, one log per process.
build "$here/forking.c" "$tmp/prog"
mkdir "$tmp/run"
OMP_NUM_THREADS=2 OMPRACER_OPTIONS="log_path=$tmp/run/log.%p" timeout -k 5 60 "$tmp/prog" fork \
  >"$tmp/out" 2>"$tmp/err" </dev/null
pid=$(sed -n 's/^pid \([0-9]*\)$/\1/p' "$tmp/out")
child=$(sed -n 's/^child \([0-9]*\) exited.*$/\1/p' "$tmp/out")
python3 "$merge" "$tmp"/run/log.* >"$tmp/merged"
rc=$?
check "forking run: exit code 66 (got $rc)" [ "$rc" = 66 ]
check "forking run: two races" [ "$(grep -c 'WARNING: data race' "$tmp/merged")" = 2 ]
check "forking run: the race on x seen by both" grep -qxF "==ompracer==   seen by pid $pid, pid $child" "$tmp/merged"
check "forking run: the race on y seen by the child" grep -qxF "==ompracer==   seen by pid $child" "$tmp/merged"
check "forking run: the summary" grep -qxF "==ompracer== SUMMARY: 2 data race(s) reported by 2 process(es) in 2 log file(s)" "$tmp/merged"
grep -q SUMMARY "$tmp/merged" || show "$tmp/merged"

finish
