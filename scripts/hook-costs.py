#!/usr/bin/env python3
"""What each ompracer hook costs, in instructions, under valgrind's callgrind.

Runs an instrumented program under `valgrind --tool=callgrind --dump-instr=yes` (or
reads a callgrind output file made that way) and prints, from the instruction counts:
the program's and the runtime's totals; per hook (`__ompracer_*`): its calls, the
instructions it ran including everything it called, and their mean per call; and the
program's source lines that call hooks most often (sites), with the hook each calls.
Instruction counts are repeatable for one binary, input and environment, whatever else
the machine runs, which wall time on a shared machine is not (docs/design.md,
Performance design, cites such counts).

valgrind 3.19 (Debian 12) cannot read clang 19's default DWARF 5 debug information: the
runtime has to be built with `-gdwarf-4` (--runtime-build DIR configures and builds one
in DIR), and the program is run stripped (a stripped copy is made; the original gives
the source lines). One thread by default: libomp's idle threads spin under valgrind.

  scripts/hook-costs.py --runtime-build /tmp/rt-dwarf4 -- ./prog ARGS   # run, then report
  scripts/hook-costs.py --read callgrind.out --program ./prog           # report only
  scripts/hook-costs.py --runtime-lib DIR --path __ompracer_read8 -- ./prog   # and its path

Exit codes: 0 done, 2 bad arguments or a tool missing, 1 the run or the parse failed.
"""

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
RUNTIME_NAME = "libompracer.so"
HOOK_PREFIX = "__ompracer_"


def fail(code, msg):
    print("hook-costs: " + msg, file=sys.stderr)
    sys.exit(code)


class Profile:
    """The counts of one callgrind output file: self instructions per (object,
    function), and per call arc (caller object, caller instruction address, callee
    object, callee function) the calls and the inclusive instructions."""

    def __init__(self):
        self.total = 0
        self.self_cost = collections.Counter()  # (object, function) -> Ir
        self.calls = collections.Counter()  # (object, address, callee object, callee) -> calls
        self.call_cost = collections.Counter()  # same key -> inclusive Ir
        self.runtime_instr = collections.Counter()  # runtime address -> self Ir


# "ob=(3) /lib/x.so" defines name 3; "ob=(3)" refers to it; files and functions alike.
NAME_RE = re.compile(r"^(c?(?:ob|fl|fi|fe|fn))=(?:\((\d+)\))?\s*(.*)$")


def parse(path):
    prof = Profile()
    names = {"ob": {}, "fn": {}}
    obj = fn = cobj = cfn = None
    instr_pos = False
    addr = 0
    pending_calls = None  # the calls= line waiting for its cost line
    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line[0] == "#":
                continue
            if line.startswith("positions:"):
                instr_pos = "instr" in line.split()[1:]
                continue
            if line.startswith("summary:") or line.startswith("totals:"):
                prof.total = max(prof.total, int(line.split()[1]))
                continue
            m = NAME_RE.match(line)
            if m:
                kind, num, name = m.groups()
                space = "ob" if kind.endswith("ob") else "fn" if kind.endswith("fn") else None
                if space is None:
                    continue  # files: not needed
                if num is not None and name:
                    names[space][num] = name
                value = names[space].get(num, name) if num is not None else name
                if kind == "ob":
                    obj = cobj = value
                elif kind == "fn":
                    fn = value
                    cobj = obj
                elif kind == "cob":
                    cobj = value
                elif kind == "cfn":
                    cfn = value
                continue
            if line.startswith("calls="):
                pending_calls = int(line[6:].split()[0])
                continue
            if not (line[0].isdigit() or line[0] in "+-*"):
                continue  # other headers (events:, cmd:, ...)
            if not instr_pos:
                fail(1, "%s: no instruction positions: record with --dump-instr=yes" % path)
            fields = line.split()
            tok = fields[0]
            if tok[0] in "+-":
                addr += int(tok, 0)
            elif tok != "*":
                addr = int(tok, 0)
            cost = int(fields[2]) if len(fields) > 2 else 0
            if pending_calls is not None:
                key = (obj, addr, cobj, cfn)
                prof.calls[key] += pending_calls
                prof.call_cost[key] += cost
                pending_calls = None
                cobj = obj  # a cob= holds for one call only
            else:
                prof.self_cost[(obj, fn)] += cost
                if is_runtime(obj):
                    prof.runtime_instr[addr] += cost
    if not prof.total:
        prof.total = sum(prof.self_cost.values())
    return prof


def is_runtime(obj):
    return obj is not None and os.path.basename(obj) == RUNTIME_NAME


def hook_calls(prof):
    """The program's calls of hooks: (hook, call instruction's address, calls,
    inclusive instructions). Calls from inside the runtime (a hook's tail jump, its
    inner calls) are left out, so that nothing counts twice."""
    for key, n in prof.calls.items():
        obj, addr, cobj, cfn = key
        if is_runtime(cobj) and cfn and cfn.startswith(HOOK_PREFIX) and not is_runtime(obj):
            yield cfn, addr, n, prof.call_cost[key]


def hook_table(prof):
    """Per hook: its calls from the program and their inclusive instructions."""
    rows = collections.defaultdict(lambda: [0, 0])
    for hook, _addr, n, cost in hook_calls(prof):
        rows[hook][0] += n
        rows[hook][1] += cost
    return sorted(rows.items(), key=lambda kv: -kv[1][1])


def site_table(prof, program, limit):
    """The program's call sites of hooks, by calls: (hook, address) pairs, then their
    source lines from the unstripped program (addr2line), merged by (hook, line)."""
    sites = collections.Counter()
    for hook, addr, n, _cost in hook_calls(prof):
        sites[(hook, addr)] += n
    top = sites.most_common(limit * 4)
    where = {}
    if program and top:
        # callgrind gives each call by its call instruction's address: addr2line maps it
        # to the source line of the access the hook checks.
        addrs = sorted({a for (_h, a), _n in top})
        out = subprocess.run(["addr2line", "-f", "-C", "-e", program] + ["%#x" % a for a in addrs],
                             capture_output=True, text=True)
        lines = out.stdout.split("\n")
        for i, a in enumerate(addrs):
            fn, loc = (lines[2 * i:2 * i + 2] + ["??", "??:0"])[:2]
            where[a] = "%s %s" % (os.path.basename(loc.split(" ")[0]), fn)
    merged = collections.Counter()
    for (hook, addr), n in top:
        merged[(hook, where.get(addr, "%#x" % addr))] += n
    return merged.most_common(limit)


def report(prof, program, limit, out=sys.stdout):
    runtime = sum(c for (obj, _fn), c in prof.self_cost.items() if is_runtime(obj))
    total = prof.total or 1
    print("instructions: %d in all, %d (%.1f %%) in %s" %
          (prof.total, runtime, 100.0 * runtime / total, RUNTIME_NAME), file=out)
    hooks = hook_table(prof)
    print("\n| hook | calls | instructions (inclusive) | per call | share of all |", file=out)
    print("|---|---|---|---|---|", file=out)
    for name, (calls, cost) in hooks:
        print("| %s | %d | %d | %.1f | %.1f %% |" %
              (name, calls, cost, cost / calls if calls else 0, 100.0 * cost / total), file=out)
    sites = site_table(prof, program, limit)
    if sites:
        calls = sum(c for _n, (c, _i) in hooks) or 1
        print("\n| calls | share of hook calls | hook | site |", file=out)
        print("|---|---|---|---|", file=out)
        for (hook, where), n in sites:
            print("| %d | %.1f %% | %s | %s |" % (n, 100.0 * n / calls, hook, where), file=out)


def disassembly(lib):
    """The runtime's instructions: address -> (function, text), from objdump."""
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", lib], capture_output=True,
                         text=True)
    if out.returncode:
        fail(1, "objdump failed on %s" % lib)
    code, fn = {}, "?"
    for line in out.stdout.splitlines():
        m = re.match(r"^([0-9a-f]+) <(.*)>:$", line)
        if m:
            fn = m.group(2)
            continue
        m = re.match(r"^\s+([0-9a-f]+):\s+(.*)$", line)
        if m:
            code[int(m.group(1), 16)] = (fn, m.group(2).strip())
    return code


def path_report(prof, hook, lib, share, out=sys.stdout):
    """The runtime's instructions that ran at least share x as often as `hook` was
    called, by function in address order: the path most of its calls take (exactly
    that where the hook dominates the runtime's work; other hooks' paths show too
    where they run as often)."""
    calls = dict((name, c) for name, (c, _i) in hook_table(prof)).get(hook)
    if not calls:
        fail(1, "no calls of %s in the profile" % hook)
    code = disassembly(lib)
    rows = collections.defaultdict(list)
    for addr, n in sorted(prof.runtime_instr.items()):
        if n >= share * calls and addr in code:
            fn, text = code[addr]
            rows[fn].append((addr, n, text))
    print("\n%s: %d calls; runtime instructions run at least %.2f x as often:" %
          (hook, calls, share), file=out)
    for fn, instrs in rows.items():
        print("\n%s: %d instructions" % (fn, len(instrs)), file=out)
        for addr, n, text in instrs:
            print("  %#8x %12d  %s" % (addr, n, text), file=out)
    print("\nin all: %d instructions" % sum(len(v) for v in rows.values()), file=out)


def runtime_build(path):
    """A build of the runtime whose debug information valgrind reads (DWARF 4)."""
    subprocess.run(["cmake", "-S", REPO, "-B", path, "-DCMAKE_C_COMPILER=clang-19",
                    "-DCMAKE_CXX_COMPILER=clang++-19", "-DCMAKE_BUILD_TYPE=RelWithDebInfo",
                    "-DCMAKE_C_FLAGS=-gdwarf-4"], check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "--build", path, "--target", "ompracer_rt", "-j", str(os.cpu_count())],
                   check=True, stdout=subprocess.DEVNULL)
    return os.path.join(path, "lib")


def run(args, cmd):
    for tool in ("valgrind", "strip", "addr2line", "objdump"):
        if not shutil.which(tool):
            fail(2, "%s not found (Debian's valgrind and binutils)" % tool)
    program = shutil.which(cmd[0]) or cmd[0]
    if not os.path.isfile(program):
        fail(2, "no program %s" % cmd[0])
    libdir = runtime_build(args.runtime_build) if args.runtime_build else args.runtime_lib
    if not libdir or not os.path.isfile(os.path.join(libdir, RUNTIME_NAME)):
        fail(2, "give --runtime-build DIR (a DWARF 4 build is made there) or --runtime-lib DIR")
    work = tempfile.mkdtemp(prefix="hook-costs.")
    stripped = os.path.join(work, os.path.basename(program))
    shutil.copy(program, stripped)
    subprocess.run(["strip", stripped], check=True)
    out = args.out or os.path.join(work, "callgrind.out")
    env = dict(os.environ, LD_LIBRARY_PATH=libdir, OMP_NUM_THREADS=str(args.threads))
    r = subprocess.run(["valgrind", "--tool=callgrind", "--dump-instr=yes",
                        "--callgrind-out-file=" + out, stripped] + cmd[1:],
                       env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if not os.path.isfile(out):
        fail(1, "callgrind wrote nothing (exit %d): %s" % (r.returncode, r.stderr.strip()[-400:]))
    print("program: %s, exit %d, OMP_NUM_THREADS=%d, runtime %s, profile %s" %
          (" ".join(cmd), r.returncode, args.threads, libdir, out))
    return out, program, libdir


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--read", metavar="FILE", help="report on this callgrind output instead of running")
    ap.add_argument("--program", help="with --read: the unstripped program, for source lines")
    ap.add_argument("--runtime-build", metavar="DIR", help="make a DWARF 4 build of the runtime in DIR")
    ap.add_argument("--runtime-lib", metavar="DIR", help="a directory holding such a " + RUNTIME_NAME)
    ap.add_argument("--threads", type=int, default=1, help="OMP_NUM_THREADS (default 1)")
    ap.add_argument("--out", help="where callgrind writes its profile (default: a temporary folder)")
    ap.add_argument("--sites", type=int, default=15, help="source lines to list (default 15)")
    ap.add_argument("--path", metavar="HOOK",
                    help="list the runtime's instructions run about as often as HOOK is called")
    ap.add_argument("--share", type=float, default=0.9,
                    help="with --path: at least this many times per call (default 0.9)")
    ap.add_argument("cmd", nargs="*", help="-- PROGRAM ARGS...")
    args = ap.parse_args()
    if bool(args.read) == bool(args.cmd):
        fail(2, "give either --read FILE or -- PROGRAM ARGS")
    if args.threads < 1 or args.sites < 0 or args.share <= 0:
        fail(2, "--threads must be at least 1, --sites at least 0 and --share above 0")
    if args.read:
        if not os.path.isfile(args.read):
            fail(2, "no file %s" % args.read)
        if args.path and not args.runtime_lib:
            fail(2, "--path with --read needs --runtime-lib (the runtime the profile ran)")
        path, program, libdir = args.read, args.program, args.runtime_lib
    else:
        path, program, libdir = run(args, args.cmd)
    prof = parse(path)
    report(prof, program, args.sites)
    if args.path:
        path_report(prof, args.path, os.path.join(libdir, RUNTIME_NAME), args.share)


if __name__ == "__main__":
    main()
