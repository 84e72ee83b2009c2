#!/usr/bin/env python3
"""Which parts of ompracer's shadow a program brings into memory.

Runs a program built with ompracer and, every --interval seconds until it exits, reads
which pages of its shadow leaves are resident (/proc/PID/pagemap) and its resident set
(VmRSS). Prints, for the sample with the largest resident set: the resident set, the
number of leaves, and the megabytes resident in each part of the leaves (runtime/shadow.h
and history_more.h): the first cells (a word's first granule, or the whole word while it
is paired), the second cells (a word's second granule, for ints and floats), the
overflow indexes (a cell's entry number, once it needed one) and the overflow entries (a
slot's second read or write and pooled entries). A part that holds little history can
still be all resident: a page of cells is in memory once any cell on it is touched, read
or written (leaves are shared anonymous memory, whose pages a read brings in too).

  scripts/shadow-pages.py -- ./prog ARGS        # OMP_NUM_THREADS etc. from the environment

Reads the leaf layout from the constants below, which must match runtime/shadow.h: a
leaf is a shared anonymous mapping of 17 MiB and a page whose first 4 MiB hold first
cells, next 4 MiB second cells, next 1 MiB the overflow indexes, and the rest the
overflow entries. Linux only.

Exit codes: 0 the program ran (its own exit code is printed), 2 bad arguments, 1 the
program could not be started or no sample was taken.
"""

import argparse
import re
import struct
import subprocess
import sys
import time

MIB = 1 << 20
LEAF_BYTES = 17 * MIB + 4096
PAGE = 4096
PARTS = (("first cells", 0, 4 * MIB), ("second cells", 4 * MIB, 8 * MIB),
         ("overflow indexes", 8 * MIB, 9 * MIB), ("overflow entries", 9 * MIB, LEAF_BYTES))


def leaves(pid):
    """Start addresses of the process's shadow leaves."""
    found = []
    with open("/proc/%d/maps" % pid) as f:
        for line in f:
            m = re.match(r"([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)", line)
            if not m:
                continue
            lo, hi = int(m.group(1), 16), int(m.group(2), 16)
            if hi - lo == LEAF_BYTES and "zero" in m.group(3):
                found.append(lo)
    return found


def resident_by_part(pid, starts):
    """Resident bytes in each part of the leaves."""
    sums = [0] * len(PARTS)
    with open("/proc/%d/pagemap" % pid, "rb") as pm:
        for lo in starts:
            pm.seek(lo // PAGE * 8)
            data = pm.read(LEAF_BYTES // PAGE * 8)
            for i, (_, begin, end) in enumerate(PARTS):
                for page in range(begin // PAGE, min(end // PAGE, len(data) // 8)):
                    if struct.unpack_from("<Q", data, page * 8)[0] >> 63:
                        sums[i] += PAGE
    return sums


def rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--interval", type=float, default=0.3, help="seconds between samples")
    ap.add_argument("command", nargs=argparse.REMAINDER, help="-- PROGRAM ARGS")
    args = ap.parse_args()
    cmd = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not cmd or args.interval <= 0:
        ap.print_usage(sys.stderr)
        return 2
    try:
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    except OSError as e:
        print("shadow-pages: cannot run %s: %s" % (cmd[0], e), file=sys.stderr)
        return 1
    best = None
    while proc.poll() is None:
        try:
            sample = (rss_kb(proc.pid), leaves(proc.pid))
            sample += (resident_by_part(proc.pid, sample[1]),)
        except OSError:  # it exited between the reads
            break
        if best is None or sample[0] > best[0]:
            best = sample
        time.sleep(args.interval)
    code = proc.wait()
    if best is None:
        print("shadow-pages: no sample taken (the program ran %s)" % ("too briefly" if code == 0
              else "and exited with %d" % code), file=sys.stderr)
        return 1
    rss, starts, sums = best
    parts = ", ".join("%s %.1f MB" % (name, b / 1e6) for (name, _, _), b in zip(PARTS, sums))
    print("exit %d; at the largest resident set sampled, %.1f MB: %d shadow leaves, %s"
          % (code, rss / 1e3, len(starts), parts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
