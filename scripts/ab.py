#!/usr/bin/env python3
"""Two ompracer runtimes, one program: interleaved wall times (an A/B comparison).

A program built with ompracer loads the runtime, libompracer.so, from the build it was
compiled with (its RUNPATH); LD_LIBRARY_PATH comes first, so the same binary can run
with another build's runtime. This script runs one program with runtime A, then with
runtime B, REPS times (A, B, A, B, ...: on a shared, noisy machine only ratios taken
side by side mean anything) and prints each run's wall time, the medians, B's median
over A's and the median of the per-repetition ratios B/A.

Each runtime is a directory holding libompracer.so (a build's lib/, or a build
directory whose lib/ holds it) or a git revision of this repository, whose runtime the
script builds (CMake target ompracer_rt, RelWithDebInfo, clang-19) from an export
(git archive) under --work, once per revision; a revision's build is reused by later calls.

  scripts/ab.py --a 43c020a --b HEAD --reps 5 -- /tmp/bb/bots/sort/ompracer -n 4194304
  scripts/ab.py --a /tmp/old/lib --b build/lib --threads 4 --env OMPRACER_OPTIONS=mode=fast -- ./prog

Only the runtime differs between A and B: the program, its arguments, the environment
and the thread count are the same. Every run must exit as the first run of A did (and,
with --same-output, print the same standard output: not by default, as programs such
as BOTS print their own timings); a run that does not, or that takes longer than
--timeout, stops the comparison. Before the first run the script checks, with ldd, that
the program resolves libompracer.so into each runtime's directory.

Exit codes: 0 compared; 1 a run failed, timed out or differed, or a build failed;
2 bad arguments (no program, a runtime that is neither a directory with
libompracer.so nor a revision, a program that does not load libompracer.so).
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB = "libompracer.so"


def fail(msg, code):
    print(f"ab.py: {msg}", file=sys.stderr)
    sys.exit(code)


def git(*args):
    return subprocess.run(["git", "-C", REPO, *args], capture_output=True, text=True)


def build_revision(rev, work):
    """Builds the runtime of revision rev; returns the directory holding libompracer.so."""
    res = git("rev-parse", "--verify", "--quiet", rev + "^{commit}")
    if res.returncode != 0:
        fail(f"'{rev}' is neither a directory with {LIB} nor a git revision", 2)
    commit = res.stdout.strip()
    tree = os.path.join(work, commit[:12])
    lib = os.path.join(tree, "build", "lib")
    if os.path.exists(os.path.join(lib, LIB)):
        return lib
    src = os.path.join(tree, "src")
    if not os.path.isdir(src):  # an export, not a worktree: the repository stays as it is
        os.makedirs(src + ".part", exist_ok=True)
        res = subprocess.run(["bash", "-o", "pipefail", "-c",
                              f"git -C '{REPO}' archive {commit} | tar -x -C '{src}.part'"],
                             capture_output=True, text=True)
        if res.returncode != 0:
            fail(f"exporting {rev} failed: {res.stderr.strip()}", 1)
        os.rename(src + ".part", src)
    print(f"ab.py: building the runtime of {rev} ({commit[:12]}) in {tree}", file=sys.stderr)
    steps = [["cmake", "-S", src, "-B", os.path.join(tree, "build"), "-DCMAKE_C_COMPILER=clang-19",
              "-DCMAKE_CXX_COMPILER=clang++-19", "-DCMAKE_BUILD_TYPE=RelWithDebInfo"],
             ["cmake", "--build", os.path.join(tree, "build"), "--target", "ompracer_rt",
              "-j", str(os.cpu_count() or 1)]]
    for step in steps:
        res = subprocess.run(step, capture_output=True, text=True)
        if res.returncode != 0:
            sys.stderr.write(res.stdout[-2000:] + res.stderr[-2000:])
            fail(f"building {rev} failed: {' '.join(step[:2])}", 1)
    return lib


def runtime_dir(spec, work):
    """The directory holding libompracer.so for a runtime given as a path or a revision."""
    for d in (spec, os.path.join(spec, "lib")):
        if os.path.isfile(os.path.join(d, LIB)):
            return os.path.abspath(d)
    return build_revision(spec, work)


def check_resolves(prog, lib, env):
    """Whether the program, run with LD_LIBRARY_PATH=lib, loads lib's libompracer.so."""
    res = subprocess.run(["ldd", prog], capture_output=True, text=True,
                         env=dict(env, LD_LIBRARY_PATH=lib))
    for line in res.stdout.splitlines():
        if line.strip().startswith(LIB):
            where = line.split("=>")[1].split("(")[0].strip() if "=>" in line else ""
            if os.path.realpath(where) != os.path.realpath(os.path.join(lib, LIB)):
                fail(f"{prog} loads {where or '?'} even with LD_LIBRARY_PATH={lib} "
                     "(an RPATH? rebuild it with the build's wrapper)", 2)
            return
    fail(f"{prog} does not load {LIB}: not a program built with ompracer", 2)


def run_once(cmd, lib, env, timeout):
    start = time.monotonic()
    try:
        res = subprocess.run(cmd, env=dict(env, LD_LIBRARY_PATH=lib), stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, None, None
    return time.monotonic() - start, res.returncode, res.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", required=True, help="runtime A: a directory with libompracer.so, "
                    "a build directory, or a git revision")
    ap.add_argument("--b", required=True, help="runtime B (likewise)")
    ap.add_argument("--reps", type=int, default=5, help="repetitions of the pair (default 5)")
    ap.add_argument("--threads", type=int, default=2, help="OMP_NUM_THREADS (default 2)")
    ap.add_argument("--timeout", type=float, default=600, help="seconds per run (default 600)")
    ap.add_argument("--env", action="append", default=[], metavar="K=V",
                    help="more environment for every run (repeatable)")
    ap.add_argument("--same-output", action="store_true",
                    help="also require every run's standard output to be the first run's")
    ap.add_argument("--work", default="/tmp/ompracer-ab",
                    help="where revisions are built (default /tmp/ompracer-ab)")
    ap.add_argument("cmd", nargs=argparse.REMAINDER, help="-- PROGRAM ARGS...")
    args = ap.parse_args()
    cmd = args.cmd[1:] if args.cmd[:1] == ["--"] else args.cmd
    if not cmd:
        fail("no program given (... -- PROGRAM ARGS)", 2)
    if args.reps < 1 or args.threads < 1:
        fail("--reps and --threads must be at least 1", 2)
    env = dict(os.environ, OMP_NUM_THREADS=str(args.threads))
    for kv in args.env:
        if "=" not in kv:
            fail(f"--env takes K=V, not '{kv}'", 2)
        k, v = kv.split("=", 1)
        env[k] = v
    libs = {"A": runtime_dir(args.a, args.work), "B": runtime_dir(args.b, args.work)}
    for lib in libs.values():
        check_resolves(cmd[0], lib, env)

    print(f"# {time.strftime('%Y-%m-%d %H:%M:%S %Z')}, load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}, OMP_NUM_THREADS={args.threads}")
    for name in libs:
        print(f"# {name}: {libs[name]}  ({getattr(args, name.lower())})")
    print(f"# command: {' '.join(cmd)}")
    times = {"A": [], "B": []}
    expect = None
    for rep in range(args.reps):
        row = []
        for name, lib in libs.items():
            secs, code, out = run_once(cmd, lib, env, args.timeout)
            if secs is None:
                fail(f"{name} timed out ({args.timeout:g} s) in repetition {rep + 1}", 1)
            got = (code, out if args.same_output else None)
            if expect is None:
                expect = got
            elif got != expect:
                fail(f"{name}'s run {rep + 1} exited {code}"
                     f"{' or printed other output' if args.same_output else ''} "
                     f"(A's first run: exit {expect[0]})", 1)
            times[name].append(secs)
            row.append(f"{name} {secs:.3f} s")
        print(f"rep {rep + 1}: " + ", ".join(row), flush=True)
    med = {n: statistics.median(t) for n, t in times.items()}
    ratios = [b / a for a, b in zip(times["A"], times["B"])]
    print(f"median: A {med['A']:.3f} s, B {med['B']:.3f} s; B / A {med['B'] / med['A']:.3f} "
          f"(median of the per-repetition ratios {statistics.median(ratios):.3f})")
    print(f"# load average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
