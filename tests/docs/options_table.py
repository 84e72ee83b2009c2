#!/usr/bin/env python3
"""The README's OMPRACER_OPTIONS table, derived from the runtime's own help text.

    options_table.py --lib build/lib/libompracer.so --print         # the table, as markdown
    options_table.py --lib build/lib/libompracer.so --check README.md

The help text comes from running any program with the runtime preloaded and
OMPRACER_OPTIONS=help=1 (the runtime prints every option of runtime/options.def and
exits 0). --check fails (exit 1) when the README's table differs from it."""
import argparse
import os
import subprocess
import sys

HEADER = ["| key | default | meaning |", "|---|---|---|"]


def help_entries(lib):
    env = dict(os.environ, OMPRACER_OPTIONS="help=1", LD_PRELOAD=os.path.abspath(lib))
    proc = subprocess.run(["/bin/true"], env=env, capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        sys.exit(f"options_table: help=1 exited {proc.returncode}: {proc.stderr.strip()}")
    lines = proc.stderr.splitlines()[1:]
    entries = []
    for key_line, help_line in zip(lines[0::2], lines[1::2]):
        key, _, default = key_line.strip().partition("=")
        entries.append((key, default, help_line.strip()))
    if not entries:
        sys.exit("options_table: help=1 printed no option")
    return entries


def table(entries):
    rows = [f"| `{k}` | `{d}` | {h} |" if d else f"| `{k}` | (none) | {h} |"
            for k, d, h in entries]
    return HEADER + rows


def readme_table(path):
    lines = open(path, encoding="utf-8").read().splitlines()
    try:
        start = lines.index(HEADER[0])
    except ValueError:
        sys.exit(f"options_table: no '{HEADER[0]}' table in {path}")
    end = start
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    return lines[start:end]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lib", required=True, help="libompracer.so")
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--print", action="store_true", help="print the table")
    group.add_argument("--check", metavar="README", help="compare README's table with the help")
    args = ap.parse_args()
    want = table(help_entries(args.lib))
    if args.print:
        print("\n".join(want))
        return 0
    have = readme_table(args.check)
    if have == want:
        print(f"PASS: the options table of {args.check} matches help=1 ({len(want) - 2} options)")
        return 0
    print(f"FAIL: the options table of {args.check} differs from help=1; regenerate it with\n"
          f"  {sys.argv[0]} --lib {args.lib} --print")
    for line in sorted(set(have) ^ set(want)):
        print(("  README: " if line in have else "  help:   ") + line)
    return 1


if __name__ == "__main__":
    sys.exit(main())
