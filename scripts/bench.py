#!/usr/bin/env python3
"""Benchmark runner: ompracer against native OpenMP and Archer.

Builds every benchmark three ways (native, Archer, ompracer), runs them interleaved
(per benchmark and repetition: native, Archer, then each ompracer mode), and writes a
Markdown table and CSV files: median wall time, slowdown against native, ompracer's
slowdown divided by Archer's (ratios taken within one repetition, then the median),
peak RSS and its ratios, and every timeout, crash, wrong output and reported race.
Suites: our kernels (scripts/bench/*.c) and, with --bots, ten BOTS applications read
from a BOTS checkout (not vendored). See bench/README.md.
"""

import argparse
import datetime
import math
import os
import platform
import re
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
KERNEL_DIR = os.path.join(HERE, "bench")

# name, source in scripts/bench/, arguments, what it exercises
KERNELS = [
    ("stencil", "stencil.c", [], "streaming 3-point stencil, 2 M doubles, 20 sweeps of 2 parallel loops"),
    ("matmul", "matmul.c", [], "dense matrix multiply, 768 x 768 doubles, parallel rows"),
    ("nbody", "nbody.c", [], "direct n-body, 2000 bodies, 6 steps (dynamic schedule, reduction)"),
    ("histogram", "histogram.c", [], "256-bin histogram of 16 M values, omp atomic increments"),
    ("reduction", "reduction.c", [], "20 parallel loops over 4 M longs with +, min and max reductions"),
    ("critical", "critical.c", [], "300 000 iterations entering two named critical sections"),
    ("taskgraph", "taskgraph.c", ["120"], "blocked 2-D wavefront, 120 x 120 tasks with depend(in/inout)"),
    ("mixed", "mixed.c", [], "parallel loops + task-parallel merge sort (taskwait, taskgroup), 2 M ints"),
]

# name, directory in the BOTS tree, arguments (a file after -f is looked up in the
# application's directory); sources and -D flags come from the app's Makefile.par
BOTS_APPS = [
    ("alignment-for", "bots-alignment-for", ["-f", "prot.20.aa"]),
    ("fft", "bots-fft", ["-n", "2097152"]),
    ("fib", "bots-fib", ["-n", "40"]),
    ("floorplan", "bots-floorplan", ["-f", "input.15"]),
    ("health", "bots-health", ["-f", "inputs/small.input"]),
    ("nqueens", "bots-nqueens", ["-n", "12"]),
    ("sort", "bots-sort", ["-n", "4194304"]),
    ("sparselu-single", "bots-sparselu-single", ["-n", "40", "-m", "40"]),
    ("strassen", "bots-strassen", ["-n", "1024"]),
    ("uts", "bots-uts", ["-f", "inputs/test.input"]),
]
# BOTS's own Makefiles add -DMANUAL_CUTOFF to these; used when a Makefile is unreadable
BOTS_MANUAL_CUTOFF = {"fib", "floorplan", "health", "nqueens", "strassen"}

OMPRACER_RACE = "WARNING: data race"
ARCHER_RACE = "WARNING: ThreadSanitizer: data race"
TSAN_OPTIONS = "ignore_noninstrumented_modules=1:report_bugs=0"
# stdout lines that legitimately differ between runs (BOTS prints times, dates, load
# averages, rates, and its work counter "Nodes", which for floorplan's branch and bound
# depends on the schedule); addresses are masked
VOLATILE = re.compile(r"(?i)time|date|load avg|speed-?up|/sec|performance|^Nodes\s*=")
HEX = re.compile(r"(0x)+[0-9a-fA-F]+")  # sparselu prints "0x%p": 0x0x55...
CLEAN_ENV = ("OMPRACER_OPTIONS", "OMP_TOOL_LIBRARIES", "OMP_TOOL", "TSAN_OPTIONS",
             "ARCHER_OPTIONS", "OMP_NUM_THREADS")


def comma_list(text):
    return [item.strip() for item in text.split(",") if item.strip()]


def parse_args(argv):
    p = argparse.ArgumentParser(
        prog=os.environ.get("OMPRACER_BENCH_ARGV0", "scripts/bench.py"),
        description="Benchmarks ompracer against native OpenMP and Archer "
                    "(see bench/README.md).")
    p.add_argument("--suite", choices=("kernels", "bots", "all"),
                   help="what to run (default: all with --bots, else kernels)")
    p.add_argument("--bots", metavar="PATH",
                   help="BOTS tree with bots-<app>/ directories (omp-racer's tests/bots_bench)")
    p.add_argument("--reps", type=int, default=3, help="repetitions (default 3)")
    p.add_argument("--bots-reps", type=int,
                   help="repetitions for BOTS (default: --reps)")
    p.add_argument("--threads", type=int, default=2, help="OMP_NUM_THREADS (default 2)")
    p.add_argument("--timeout", type=float, default=300, help="seconds per run (default 300)")
    p.add_argument("--modes", default="default,fast",
                   help="ompracer modes, comma list: 'default' sets no OMPRACER_OPTIONS, any "
                        "other value m runs with OMPRACER_OPTIONS=mode=m (default: default,fast)")
    p.add_argument("--no-archer", action="store_true", help="do not build or run Archer")
    p.add_argument("--only", metavar="REGEX", help="only benchmarks whose name matches")
    p.add_argument("--out", help="output directory (default bench/results/<UTC date>, "
                                 "with a letter suffix if that exists)")
    p.add_argument("--cc", default="clang-19", help="native and Archer compiler (default clang-19)")
    p.add_argument("--ompracer-cc", default=os.path.join(REPO, "build", "bin", "ompracer-clang"),
                   help="ompracer compiler wrapper (default build/bin/ompracer-clang)")
    p.add_argument("--cflags", default="-O2 -g", help="optimisation flags for all builds "
                                                      "(default '-O2 -g')")
    p.add_argument("--no-bots-check", action="store_true",
                   help="run BOTS without -c (then BOTS prints no verification)")
    p.add_argument("--note", help="a sentence for the header of the results")
    p.add_argument("--keep-builds", metavar="DIR",
                   help="build in DIR and keep it (default: a temporary directory)")
    args = p.parse_args(argv)
    if args.suite is None:
        args.suite = "all" if args.bots else "kernels"
    if args.suite in ("bots", "all") and not args.bots:
        p.error("--suite %s needs --bots PATH" % args.suite)
    if args.bots_reps is None:
        args.bots_reps = args.reps
    if args.reps < 1 or args.bots_reps < 1 or args.threads < 1:
        p.error("--reps, --bots-reps and --threads must be at least 1")
    args.modes = comma_list(args.modes)
    for m in args.modes:
        if not re.fullmatch(r"[a-z]+", m):
            p.error("bad mode %r" % m)
    if not args.modes:
        p.error("--modes is empty")
    return args


# ---------------------------------------------------------------- environment

def sh(cmd, cwd=None):
    try:
        return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                              timeout=60).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def git_describe(path):
    top = sh(["git", "-C", path, "rev-parse", "--show-toplevel"])
    if not top:
        return None, None
    return top, sh(["git", "-C", top, "describe", "--dirty", "--always", "--tags"])


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def loadavg():
    try:
        return "%.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        return "?"


def archer_library(cc):
    m = re.search(r"(\d+)$", os.path.basename(cc))
    cfg = "llvm-config-" + m.group(1) if m else "llvm-config"
    libdir = sh([cfg, "--libdir"])
    lib = os.path.join(libdir, "libarcher.so") if libdir else ""
    return lib if lib and os.path.exists(lib) else None, cfg


# ---------------------------------------------------------------- benchmarks

class Bench:
    def __init__(self, suite, name, srcdir, sources, defines, args, cwd, desc):
        self.suite, self.name, self.srcdir = suite, name, srcdir
        self.sources, self.defines, self.args, self.cwd, self.desc = \
            sources, defines, args, cwd, desc
        self.error = None          # why it cannot be built or run at all
        self.exe = {}              # variant -> executable
        self.build_error = {}      # variant -> message


def kernel_benches():
    out = []
    for name, src, args, desc in KERNELS:
        b = Bench("kernels", name, KERNEL_DIR, [os.path.join(KERNEL_DIR, src)], [], args,
                  KERNEL_DIR, desc)
        if not os.path.exists(b.sources[0]):
            b.error = "source %s missing" % src
        out.append(b)
    return out


def read_makefile(path):
    """OBJS and -D flags of a BOTS Makefile (with line continuations joined)."""
    with open(path) as f:
        text = f.read().replace("\\\n", " ")
    objs, defines = None, []
    for line in text.splitlines():
        m = re.match(r"\s*OBJS\s*:?=\s*(.*)", line)
        if m:
            objs = m.group(1).split()
        m = re.match(r"\s*(CXXFLAGS|CFLAGS)\s*:?=\s*(.*)", line)
        if m:
            defines += [w for w in m.group(2).split() if w.startswith("-D")]
    return objs, defines


def find_input(appdir, name):
    direct = os.path.join(appdir, name)
    if os.path.isfile(direct):
        return direct
    base = os.path.basename(name)
    for root, _dirs, files in sorted(os.walk(appdir)):
        if base in files:
            return os.path.join(root, base)
    return None


def bots_benches(root, check):
    out = []
    for name, dirname, args in BOTS_APPS:
        appdir = os.path.join(root, dirname)
        b = Bench("bots", name, appdir, [], [], [], appdir, "BOTS " + name)
        out.append(b)
        if not os.path.isdir(appdir):
            b.error = "directory %s not found in the BOTS tree" % dirname
            continue
        mk = next((os.path.join(appdir, m) for m in ("Makefile.par", "Makefile")
                   if os.path.isfile(os.path.join(appdir, m))), None)
        objs, defines = (read_makefile(mk) if mk else (None, []))
        if objs:
            b.sources = [os.path.join(appdir, o[:-2] + ".c") for o in objs if o.endswith(".o")]
        else:
            b.sources = sorted(os.path.join(appdir, f) for f in os.listdir(appdir)
                               if f.endswith(".c"))
            defines = ["-DMANUAL_CUTOFF"] if name in BOTS_MANUAL_CUTOFF else []
        b.defines = sorted(set(defines))
        missing = [os.path.basename(s) for s in b.sources if not os.path.isfile(s)]
        if missing:
            b.error = "sources missing: " + " ".join(missing)
            continue
        run_args = []
        i = 0
        while i < len(args):
            if args[i] == "-f":
                path = find_input(appdir, args[i + 1])
                if not path:
                    b.error = "input file %s not found under %s" % (args[i + 1], appdir)
                    break
                run_args += ["-f", path]
                i += 2
            else:
                run_args.append(args[i])
                i += 1
        b.args = run_args + (["-c"] if check else [])
    return out


def compile_cmd(b, variant, args, out):
    flags = shlex.split(args.cflags)
    inc = ["-I" + b.srcdir]
    if variant == "native":
        cc = [args.cc, "-fopenmp"]
    elif variant == "archer":
        cc = [args.cc, "-fsanitize=thread", "-fopenmp"]
    else:
        cc = [args.ompracer_cc]
    return cc + flags + b.defines + inc + b.sources + ["-lm", "-o", out]


def first_error(text):
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    for l in lines:
        if "error" in l.lower():
            return l[:240]
    return (lines[-1][:240] if lines else "no output")


def build_all(benches, variants, args, workdir, log):
    for b in benches:
        if b.error:
            continue
        for v in variants:
            d = os.path.join(workdir, b.suite, b.name)
            os.makedirs(d, exist_ok=True)
            exe = os.path.join(d, v)
            cmd = compile_cmd(b, v, args, exe)
            try:
                r = subprocess.run(cmd, cwd=d, capture_output=True, text=True, timeout=600)
                ok, text = r.returncode == 0, r.stdout + r.stderr
            except (OSError, subprocess.SubprocessError) as e:
                ok, text = False, str(e)
            if ok:
                b.exe[v] = exe
            else:
                msg = first_error(text)
                if v == "archer" and "tsan" in text.lower():
                    msg += " (ThreadSanitizer's runtime missing? install libclang-rt-19-dev: " \
                           "scripts/install-deps.sh)"
                b.build_error[v] = msg
            log("build %s/%s %s: %s" % (b.suite, b.name, v, "ok" if ok else "FAILED: " + b.build_error[v]))


# ---------------------------------------------------------------- running

GNU_TIME = "/usr/bin/time"
RUNNING = {"pgid": None}  # the process group of the benchmark now running


def stop(signum, _frame):
    """SIGTERM/SIGINT: the benchmark runs in its own session, so kill it too."""
    if RUNNING["pgid"]:
        try:
            os.killpg(RUNNING["pgid"], signal.SIGKILL)
        except OSError:
            pass
    raise SystemExit(128 + signum)


def run_once(cmd, cwd, env, timeout, out_path, err_path):
    """Runs cmd; returns (wall seconds, peak RSS in KiB, exit code, timed out).

    The peak RSS comes from GNU time's %M when /usr/bin/time exists: getrusage of a
    child forked straight from Python would also count Python's own resident set,
    which Linux carries over exec into the child's high-water mark."""
    rss_path = out_path + ".rss"
    use_time = os.access(GNU_TIME, os.X_OK)
    if use_time:
        cmd = [GNU_TIME, "-f", "%M", "-o", rss_path] + cmd
    with open(out_path, "wb") as fo, open(err_path, "wb") as fe:
        t0 = time.monotonic()
        p = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=fo,
                             stderr=fe, start_new_session=True)
        RUNNING["pgid"] = p.pid
        lock, state = threading.Lock(), {"done": False, "killed": False}

        def kill():
            with lock:
                if not state["done"]:
                    state["killed"] = True
                    try:
                        os.killpg(p.pid, signal.SIGKILL)
                    except OSError:
                        pass

        timer = threading.Timer(timeout, kill)
        timer.daemon = True  # an interrupted runner must not wait for it
        timer.start()
        while True:
            try:
                _, status, ru = os.wait4(p.pid, 0)
                break
            except InterruptedError:
                continue
        t1 = time.monotonic()
        with lock:
            state["done"] = True
        RUNNING["pgid"] = None
        timer.cancel()
        code = os.waitstatus_to_exitcode(status)
        p.returncode = code
        try:  # anything the program left behind in its process group
            os.killpg(p.pid, signal.SIGKILL)
        except OSError:
            pass
    rss = ru.ru_maxrss
    if use_time:
        rss = None
        try:
            with open(rss_path) as f:
                lines = f.read().split("\n")
            for line in lines:
                m = re.search(r"Command terminated by signal (\d+)", line)
                if m:
                    code = -int(m.group(1))
                elif re.fullmatch(r"\d+", line.strip()):
                    rss = int(line.strip())
        except OSError:
            pass
    return t1 - t0, rss, code, state["killed"]


def normalize(text):
    return "\n".join(HEX.sub("0x?", l.rstrip()) for l in text.splitlines()
                     if not VOLATILE.search(l))


def read_text(path, limit=None):
    with open(path, "rb") as f:
        data = f.read() if limit is None else f.read(limit)
    return data.decode("utf-8", "replace")


def count_lines(path, needle):
    n = 0
    with open(path, "rb") as f:
        pat = needle.encode()
        for line in f:
            if pat in line:
                n += 1
    return n


def output_failed(text):
    """The program's own verdict on its result, if it printed one."""
    m = re.search(r"(?m)^Verification\s*=\s*(.*?)\s*$", text)
    if m and m.group(1) not in ("successful", "Not requested"):
        return "BOTS verification: " + m.group(1)
    if re.search(r"\bFAIL\b", text):
        return "the program printed FAIL"
    return None


def tail_lines(text, n):
    lines = text.splitlines()
    return "\n".join(lines[-n:])


def race_excerpt(path, marker, max_lines=60):
    out = []
    with open(path, "rb") as f:
        grab = 0
        for raw in f:
            line = raw.decode("utf-8", "replace").rstrip()
            if marker in line:
                grab = 4
            if grab:
                out.append(line)
                grab -= 1
            if len(out) >= max_lines:
                break
    return "\n".join(out)


# ---------------------------------------------------------------- statistics

def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def geomean(values):
    values = [v for v in values if v is not None and v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def fmt_s(v):
    if v is None:
        return "—"
    return "%.3f" % v if v < 1 else "%.2f" % v if v < 100 else "%.0f" % v


def fmt_x(v):
    if v is None:
        return "—"
    return "%.2f" % v if v < 10 else "%.1f" % v if v < 100 else "%.0f" % v


def fmt_mb(kb):
    return "—" if kb is None else "%.1f" % (kb / 1024.0) if kb < 10240 else "%.0f" % (kb / 1024.0)


# ---------------------------------------------------------------- main

def main(argv):
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    argv0 = os.environ.get("OMPRACER_BENCH_ARGV0", os.path.relpath(__file__))
    command = shlex.join([argv0] + argv)
    start_wall = time.monotonic()
    start = datetime.datetime.now(datetime.timezone.utc)
    start_load = loadavg()

    def log(msg):
        print("[bench %s] %s" % (datetime.datetime.now().strftime("%H:%M:%S"), msg),
              file=sys.stderr, flush=True)

    if not shutil.which(args.cc):
        sys.exit("bench: %s not found (scripts/install-deps.sh installs clang-19)" % args.cc)
    if not os.access(args.ompracer_cc, os.X_OK):
        sys.exit("bench: %s not found: build ompracer first (scripts/build.sh)" % args.ompracer_cc)
    archer_lib, llvm_config = archer_library(args.cc)

    benches = []
    if args.suite in ("kernels", "all"):
        benches += kernel_benches()
    if args.suite in ("bots", "all"):
        root = os.path.abspath(args.bots)
        if not os.path.isdir(root):
            sys.exit("bench: BOTS tree %s is not a directory" % root)
        benches += bots_benches(root, not args.no_bots_check)
    if args.only:
        benches = [b for b in benches if re.search(args.only, b.name)]
        if not benches:
            sys.exit("bench: --only %r matches no benchmark" % args.only)

    configs = [("native", "native", {})]
    if not args.no_archer:
        configs.append(("archer", "archer", {"TSAN_OPTIONS": TSAN_OPTIONS,
                                             "OMP_TOOL_LIBRARIES": archer_lib or ""}))
    for m in args.modes:
        configs.append((m, "ompracer", {} if m == "default" else {"OMPRACER_OPTIONS": "mode=" + m}))
    variants = sorted({v for _c, v, _e in configs}, key=["native", "archer", "ompracer"].index)

    if args.out:
        out = os.path.abspath(args.out)
    else:
        base = os.path.join(REPO, "bench", "results", start.strftime("%Y-%m-%d"))
        out, k = base, 0
        while os.path.exists(out) and os.listdir(out):
            k += 1
            out = base + chr(ord("a") + k)
    os.makedirs(os.path.join(out, "logs"), exist_ok=True)

    if args.keep_builds:
        workdir = os.path.abspath(args.keep_builds)
        os.makedirs(workdir, exist_ok=True)
    else:
        workdir = tempfile.mkdtemp(prefix="ompracer-bench.")
    try:
        log("building %d benchmarks (%s) in %s" % (len(benches), ", ".join(variants), workdir))
        build_all(benches, variants, args, workdir, log)
        if not args.no_archer and not archer_lib:
            for b in benches:
                if "archer" in b.exe:
                    del b.exe["archer"]
                    b.build_error["archer"] = "libarcher.so not found (%s --libdir)" % llvm_config
        runs = run_all(benches, configs, args, workdir, out, log)
    finally:
        if not args.keep_builds:
            shutil.rmtree(workdir, ignore_errors=True)

    end = datetime.datetime.now(datetime.timezone.utc)
    info = {
        "command": command, "start": start, "end": end,
        "elapsed": time.monotonic() - start_wall, "load_start": start_load,
        "load_end": loadavg(), "archer_lib": archer_lib,
    }
    md = report(benches, configs, runs, args, info)
    with open(os.path.join(out, "results.md"), "w") as f:
        f.write(md)
    write_csvs(benches, configs, runs, args, out)
    if not os.listdir(os.path.join(out, "logs")):
        os.rmdir(os.path.join(out, "logs"))
    print(md)
    log("results in %s" % os.path.relpath(out))
    return 0


def run_all(benches, configs, args, workdir, out, log):
    """runs[(suite, bench name, config)] = list of per-repetition dicts (None: not run)."""
    runs = {}
    base_env = {k: v for k, v in os.environ.items() if k not in CLEAN_ENV}
    base_env["OMP_NUM_THREADS"] = str(args.threads)
    timed_out = set()
    max_reps = max(args.reps, args.bots_reps)
    for rep in range(max_reps):
        for b in benches:
            reps = args.bots_reps if b.suite == "bots" else args.reps
            if rep >= reps or b.error:
                continue
            native_out = None
            for cname, variant, extra in configs:
                key = (b.suite, b.name, cname)
                runs.setdefault(key, [None] * reps)
                if variant not in b.exe:
                    continue
                if key in timed_out:
                    runs[key][rep] = {"status": "timeout", "skipped": True, "wall": None,
                                      "rss": None, "exit": None, "races": None, "notes": []}
                    continue
                env = dict(base_env, **extra)
                d = os.path.dirname(b.exe[variant])
                so, se = os.path.join(d, "stdout.%s" % cname), os.path.join(d, "stderr.%s" % cname)
                wall, rss, code, killed = run_once([b.exe[variant]] + b.args, b.cwd, env,
                                                   args.timeout, so, se)
                stdout = read_text(so)
                r = {"status": "ok", "skipped": False, "wall": wall, "rss": rss, "exit": code,
                     "races": None, "notes": []}
                if variant == "ompracer":
                    r["races"] = count_lines(se, OMPRACER_RACE)
                elif variant == "archer":
                    r["races"] = count_lines(se, ARCHER_RACE)
                if cname == "native":
                    native_out = (normalize(stdout), code)
                failed = output_failed(stdout)
                if killed:
                    r["status"] = "timeout"
                    timed_out.add(key)
                elif code < 0:
                    r["status"] = "crash"
                    r["notes"].append("killed by signal %d" % -code)
                elif failed:  # the program's own verdict, whatever its exit code
                    r["status"] = "wrong"
                    r["notes"].append(failed)
                elif cname != "native" and native_out and code != native_out[1] and not (
                        variant == "ompracer" and code == 66 and r["races"]) and not (
                        variant == "ompracer" and code == 67):
                    r["status"] = "crash"
                    r["notes"].append("exit code %d (native: %d)" % (code, native_out[1]))
                elif cname == "native" and code != 0:
                    r["status"] = "crash"
                    r["notes"].append("exit code %d" % code)
                if r["status"] == "ok":
                    if cname != "native" and native_out and normalize(stdout) != native_out[0]:
                        r["status"] = "wrong"
                        r["notes"].append("stdout differs from native")
                if variant == "ompracer" and code == 67:
                    why = [l.split("ERROR:", 1)[1].strip() for l in
                           read_text(se, 1 << 20).splitlines() if "==ompracer== ERROR:" in l]
                    r["notes"].append("checking incomplete (exit 67)" +
                                      (": " + why[0].split(";")[0] if why else ""))
                if r["status"] != "ok" or r["notes"] or r["races"]:
                    save_log(out, b, cname, rep, r, so, se, variant)
                r["wall"] = wall if r["status"] in ("ok", "wrong") else None
                r["rss"] = rss if r["status"] in ("ok", "wrong") else None
                if r["status"] == "timeout":
                    r["notes"].append("no result within %g s" % args.timeout)
                runs[key][rep] = r
                log("rep %d/%d %s/%s %-8s %7.2f s %7.1f MB exit %d%s%s" % (
                    rep + 1, reps, b.suite, b.name, cname, wall, (rss or 0) / 1024.0, code,
                    "" if r["races"] is None else " races %d" % r["races"],
                    "" if r["status"] == "ok" else " " + r["status"].upper() + " " +
                    "; ".join(r["notes"])))
    return runs


def save_log(out, b, cname, rep, r, so, se, variant):
    path = os.path.join(out, "logs", "%s-%s-%s-rep%d.txt" % (b.suite, b.name, cname, rep + 1))
    err = read_text(se, 1 << 20)
    with open(path, "w") as f:
        f.write("%s/%s, %s, repetition %d: status %s, exit %s, %.2f s\n" % (
            b.suite, b.name, cname, rep + 1, r["status"], r["exit"], r["wall"] or 0))
        for n in r["notes"]:
            f.write("note: %s\n" % n)
        if r["races"]:
            marker = OMPRACER_RACE if variant == "ompracer" else ARCHER_RACE
            excerpt = race_excerpt(se, marker)
            f.write("\n--- first race reports (%d in all)\n%s\n" % (r["races"], excerpt))
            summary = [l for l in err.splitlines()
                       if ("SUMMARY" in l or "ERROR" in l) and l not in excerpt]
            if summary:
                f.write("\n".join(summary[-5:]) + "\n")
        if r["status"] != "ok" or r["notes"]:
            f.write("\n--- stdout (last 30 lines)\n%s\n" % tail_lines(read_text(so, 1 << 20), 30))
            f.write("\n--- stderr (last 30 lines)\n%s\n" % tail_lines(err, 30))


# ---------------------------------------------------------------- tables

def stats_for(b, configs, runs):
    """Per config: median time, slowdown, ratio to Archer, RSS and its ratios, problems."""
    res = {}
    nat = runs.get((b.suite, b.name, "native"), [])
    arc = runs.get((b.suite, b.name, "archer"), [])

    def val(rlist, i, field):
        r = rlist[i] if i < len(rlist) else None
        return r[field] if r else None

    def ratio(rlist, base, field):
        vals = []
        for i in range(len(rlist)):
            x, y = val(rlist, i, field), val(base, i, field)
            if x is not None and y:
                vals.append(x / y)
        return median(vals)

    for cname, variant, _e in configs:
        rl = runs.get((b.suite, b.name, cname), [])
        done = [r for r in rl if r]
        s = {
            "wall": median([r["wall"] for r in done]),
            "rss": median([r["rss"] for r in done]),
            "slowdown": ratio(rl, nat, "wall") if cname != "native" else None,
            "vs_archer": ratio(rl, arc, "wall") if variant == "ompracer" and arc else None,
            "rss_native": ratio(rl, nat, "rss") if cname != "native" else None,
            "rss_archer": ratio(rl, arc, "rss") if variant == "ompracer" and arc else None,
            "races": max([r["races"] for r in done if r["races"] is not None], default=None),
            "reps": len(rl), "ok": sum(1 for r in done if r["status"] == "ok"),
            "statuses": [r["status"] for r in done],
            "notes": sorted({n for r in done for n in r["notes"]}),
            "built": variant in b.exe, "build_error": b.build_error.get(variant),
        }
        if len(done) < len(rl) and not b.error and s["built"]:
            s["notes"].append("%d of %d repetitions not run" % (len(rl) - len(done), len(rl)))
        res[cname] = s
    return res


def cell_time(s, timeout):
    if not s["built"]:
        return "build failed"
    if s["wall"] is None:
        if "timeout" in s["statuses"]:
            return "timeout (>%g s)" % timeout
        if "crash" in s["statuses"]:
            return "crash"
        return "—"
    mark = ""
    if s["ok"] < len(s["statuses"]):
        mark = "*"
    return fmt_s(s["wall"]) + mark


def problems_of(b, stats, configs):
    probs = []
    if b.error:
        return [b.error]
    for cname, _v, _e in configs:
        s = stats[cname]
        label = label_of(cname)
        if not s["built"]:
            probs.append("%s: build failed: %s" % (label, s["build_error"]))
            continue
        counts = {}
        for st in s["statuses"]:
            counts[st] = counts.get(st, 0) + 1
        for st in ("timeout", "crash", "wrong"):
            if counts.get(st):
                what = {"timeout": "timeout", "crash": "crash", "wrong": "wrong output"}[st]
                probs.append("%s: %s in %d of %d runs" % (label, what, counts[st], len(s["statuses"])))
        for n in s["notes"]:
            if not n.startswith("no result within"):
                probs.append("%s: %s" % (label, n))
    return probs


def label_of(cname):
    return {"native": "native", "archer": "Archer"}.get(cname, "ompracer " + cname)


def bounded(st, cname, field, timeout):
    """A ratio, or for a configuration that only timed out the lower bound the timeout
    gives (timeout / the base's median time); None if neither."""
    s = st[cname]
    if s[field] is not None:
        return s[field], False
    base_name = "native" if field == "slowdown" else "archer"
    if base_name not in st:  # --no-archer: no ratio to Archer
        return None, False
    base = st[base_name]["wall"]
    if s["statuses"] and all(x == "timeout" for x in s["statuses"]) and base:
        return timeout / base, True
    return None, False


def headline(benches, configs, stats, timeout, lower_bound=False):
    """Geometric means over the benchmarks with a time in every configuration (with
    lower_bound, also those whose only gap is a timeout, at the timeout)."""
    tools = [c for c, _v, _e in configs if c != "native"]
    modes = [c for c, v, _e in configs if v == "ompracer"]

    def get(b, c, field):
        if lower_bound:
            return bounded(stats[(b.suite, b.name)], c, field, timeout)[0]
        return stats[(b.suite, b.name)][c][field]

    complete = [b for b in benches if not b.error and all(
        get(b, c, "slowdown") is not None for c in tools)]
    excluded = [b for b in benches if b not in complete]
    row = {"n": len(complete), "total": len(benches), "excluded": excluded}
    for c in tools:
        row[c] = geomean([get(b, c, "slowdown") for b in complete])
    for m in modes:
        row[m + "/archer"] = geomean([get(b, m, "vs_archer") for b in complete])
    return row


def report(benches, configs, runs, args, info):
    stats = {(b.suite, b.name): stats_for(b, configs, runs) for b in benches}
    tools = [c for c, _v, _e in configs if c != "native"]
    modes = [c for c, v, _e in configs if v == "ompracer"]
    has_archer = any(c == "archer" for c, _v, _e in configs)
    suites = [s for s in ("kernels", "bots") if any(b.suite == s for b in benches)]
    top, desc = git_describe(REPO)
    otop, odesc = git_describe(os.path.dirname(os.path.realpath(args.ompracer_cc)))
    L = []
    L.append("# ompracer benchmark results\n")
    el = info["elapsed"]
    L.append("- **date**: %s to %s UTC (%d min %02d s in all)" % (
        info["start"].strftime("%Y-%m-%d %H:%M:%S"), info["end"].strftime("%H:%M:%S"),
        el // 60, el % 60))
    L.append("- **machine**: %s cores (nproc), %s, %s; load average (1, 5, 15 min) %s at the "
             "start, %s at the end" % (os.cpu_count(), cpu_model(), platform.platform(),
                                       info["load_start"], info["load_end"]))
    L.append("- **commit**: %s (%s)" % (desc or "unknown", top or REPO))
    if otop and otop != top:
        L.append("- **ompracer build measured**: %s from %s" % (args.ompracer_cc, odesc))
    L.append("- **command**: `%s`" % info["command"])
    L.append("- **compiler**: %s" % (sh([args.cc, "--version"]).splitlines() or ["?"])[0])
    L.append("- **builds**: native `%s -fopenmp %s`; Archer `%s -fsanitize=thread -fopenmp %s`, "
             "run with OMP_TOOL_LIBRARIES=%s TSAN_OPTIONS=%s; ompracer `%s %s`, run in mode%s %s "
             "(`default`: no OMPRACER_OPTIONS, the runtime's default mode; otherwise "
             "OMPRACER_OPTIONS=mode=<mode>)" % (
                 args.cc, args.cflags, args.cc, args.cflags, info["archer_lib"] or "(not found)",
                 TSAN_OPTIONS, os.path.relpath(args.ompracer_cc, REPO)
                 if args.ompracer_cc.startswith(REPO) else args.ompracer_cc, args.cflags,
                 "s" if len(modes) > 1 else "", ", ".join(modes)))
    reps = "%d repetition%s" % (args.reps, "s" if args.reps > 1 else "")
    if "bots" in suites and args.bots_reps != args.reps:
        reps = "kernels %d, BOTS %d repetition%s" % (args.reps, args.bots_reps,
                                                     "s" if args.bots_reps > 1 else "")
    L.append("- **runs**: OMP_NUM_THREADS=%d; %s; timeout %g s per run; per benchmark and "
             "repetition the configurations run back to back (native, Archer, then each "
             "ompracer mode), so every ratio is taken within one repetition and the table shows "
             "the median over repetitions" % (args.threads, reps, args.timeout))
    if "bots" in suites:
        L.append("- **BOTS**: %s; sources and -D flags from each application's Makefile.par, "
                 "compiled as C%s" % (os.path.abspath(args.bots),
                                      "" if args.no_bots_check else
                                      "; run with -c, so BOTS verifies its result (for "
                                      "alignment-for, fft, sparselu-single and strassen -c also "
                                      "runs the sequential version, inside the measured time)"))
    if args.note:
        L.append("- **note**: %s" % args.note)
    L.append("")
    L.append("Times are wall-clock seconds of the whole process (median); `×` is the slowdown "
             "against native and `/ Archer` is ompracer's time divided by Archer's (both "
             "per repetition, then the median). Peak RSS is the process's maximum resident "
             "set (GNU time's %%M). Races count the report lines (`%s` for ompracer, "
             "`%s` for Archer; with report_bugs=0 Archer prints none). `*` marks a median "
             "that includes a run with a problem (see Problems); timed-out, crashed and "
             "unbuilt runs have no time and are left out of the means; `>x` is the lower "
             "bound a timeout gives." % (
                 OMPRACER_RACE, ARCHER_RACE))
    L.append("")

    L.append("## Headline: geometric means\n")
    hdr = ["suite", "benchmarks"] + ["%s ×" % label_of(c) for c in tools]
    if has_archer:
        hdr += ["ompracer %s / Archer" % m for m in modes]
    L.append("| " + " | ".join(hdr) + " |")
    L.append("|" + "---|" * len(hdr))
    notes = []
    for suite in suites:
        sb = [b for b in benches if b.suite == suite]
        h = headline(sb, configs, stats, args.timeout)
        row = [suite, "%d of %d" % (h["n"], h["total"])]
        row += [fmt_x(h[c]) for c in tools]
        if has_archer:
            row += [fmt_x(h.get(m + "/archer")) for m in modes]
        L.append("| " + " | ".join(row) + " |")
        if h["excluded"]:
            notes.append("%s: left out of the means (no time in some configuration): %s" % (
                suite, ", ".join(b.name for b in h["excluded"])))
            hb = headline(sb, configs, stats, args.timeout, lower_bound=True)
            if hb["n"] > h["n"]:
                row = ["%s, timeouts counted as %g s (lower bounds)" % (suite, args.timeout),
                       "%d of %d" % (hb["n"], hb["total"])]
                row += [fmt_x(hb[c]) for c in tools]
                if has_archer:
                    row += [fmt_x(hb.get(m + "/archer")) for m in modes]
                L.append("| " + " | ".join(row) + " |")
    L.append("")
    for n in notes:
        L.append("- " + n)
    if notes:
        L.append("")

    def header(native, unit, per_native):
        """A table's header: native column, then per tool its value, its ratio to
        native and, for ompracer modes beside Archer, its ratio to Archer."""
        hdr = ["benchmark", native]
        for c in tools:
            hdr += ["%s %s" % (label_of(c), unit), per_native]
            if c in modes and has_archer:
                hdr.append("/ Archer")
        return hdr

    for suite in suites:
        sb = [b for b in benches if b.suite == suite]
        title = "Kernels (scripts/bench/)" if suite == "kernels" else "BOTS"
        L.append("## %s: time\n" % title)
        hdr = header("native s", "s", "×")
        L.append("| " + " | ".join(hdr) + " |")
        L.append("|" + "---|" * len(hdr))
        for b in sb:
            st = stats[(b.suite, b.name)]
            if b.error:
                L.append("| " + " | ".join([b.name, "not run: " + b.error] + [""] * (len(hdr) - 2)) + " |")
                continue
            row = [b.name, cell_time(st["native"], args.timeout)]

            def bound_cell(c, field):
                v, lower = bounded(st, c, field, args.timeout)
                return (">" if lower else "") + fmt_x(v)

            for c in tools:
                row += [cell_time(st[c], args.timeout), bound_cell(c, "slowdown")]
                if c in modes and has_archer:
                    row.append(bound_cell(c, "vs_archer"))
            L.append("| " + " | ".join(row) + " |")
        L.append("")
        L.append("## %s: peak RSS\n" % title)
        hdr = header("native MB", "MB", "/ native")
        L.append("| " + " | ".join(hdr) + " |")
        L.append("|" + "---|" * len(hdr))
        for b in sb:
            st = stats[(b.suite, b.name)]
            if b.error:
                L.append("| " + " | ".join([b.name, "not run"] + [""] * (len(hdr) - 2)) + " |")
                continue
            row = [b.name, fmt_mb(st["native"]["rss"])]
            for c in tools:
                row += [fmt_mb(st[c]["rss"]) if st[c]["built"] else "build failed",
                        fmt_x(st[c]["rss_native"])]
                if c in modes and has_archer:
                    row.append(fmt_x(st[c]["rss_archer"]))
            L.append("| " + " | ".join(row) + " |")
        L.append("")
        L.append("## %s: races reported and problems\n" % title)
        race_cfgs = [c for c, v, _e in configs if v != "native"]
        hdr = ["benchmark"] + ["races %s" % label_of(c) for c in race_cfgs] + ["problems"]
        L.append("| " + " | ".join(hdr) + " |")
        L.append("|" + "---|" * len(hdr))
        for b in sb:
            st = stats[(b.suite, b.name)]
            row = [b.name]
            for c in race_cfgs:
                r = st[c]["races"]
                row.append("—" if r is None else str(r))
            probs = problems_of(b, st, configs)
            row.append("; ".join(p.replace("|", "\\|") for p in probs) if probs else "none")
            L.append("| " + " | ".join(row) + " |")
        L.append("")
        L.append("What each runs:\n")
        for b in sb:
            if b.error:
                L.append("- **%s**: not run (%s)" % (b.name, b.error))
                continue
            L.append("- **%s**: %s; arguments `%s`%s" % (
                b.name, b.desc if suite == "kernels" else "sources " + " ".join(
                    os.path.basename(s) for s in b.sources),
                " ".join(os.path.basename(a) if os.path.isabs(a) else a for a in b.args) or "(none)",
                ("; " + " ".join(b.defines)) if b.defines else ""))
        L.append("")
    L.append("Logs of runs with races or problems: `logs/` beside this file. Per-run data: "
             "`runs.csv`; this table as data: `summary.csv`.")
    return "\n".join(L) + "\n"


def write_csvs(benches, configs, runs, args, out):
    import csv
    with open(os.path.join(out, "runs.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["suite", "benchmark", "config", "repetition", "status", "wall_s",
                    "peak_rss_kb", "exit_code", "races", "notes"])
        for b in benches:
            for cname, _v, _e in configs:
                for i, r in enumerate(runs.get((b.suite, b.name, cname), [])):
                    if r is None:
                        continue
                    w.writerow([b.suite, b.name, cname, i + 1, r["status"] +
                                (" (skipped after an earlier timeout)" if r["skipped"] else ""),
                                "" if r["wall"] is None else "%.4f" % r["wall"],
                                "" if r["rss"] is None else r["rss"],
                                "" if r["exit"] is None else r["exit"],
                                "" if r["races"] is None else r["races"], "; ".join(r["notes"])])
    with open(os.path.join(out, "summary.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["suite", "benchmark", "config", "runs", "runs_ok", "median_wall_s",
                    "slowdown_vs_native", "ratio_vs_archer", "median_peak_rss_mb",
                    "rss_vs_native", "rss_vs_archer", "races", "problems"])

        def num(v, f="%.4f"):
            return "" if v is None else f % v

        for b in benches:
            st = stats_for(b, configs, runs)
            for cname, _v, _e in configs:
                s = st[cname]
                probs = [p for p in problems_of(b, st, configs)
                         if p.startswith(label_of(cname) + ":")] if not b.error else [b.error]
                w.writerow([b.suite, b.name, cname, len(s["statuses"]), s["ok"], num(s["wall"]),
                            num(s["slowdown"]), num(s["vs_archer"]),
                            num(None if s["rss"] is None else s["rss"] / 1024.0, "%.1f"),
                            num(s["rss_native"]), num(s["rss_archer"]),
                            "" if s["races"] is None else s["races"], "; ".join(probs)])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
