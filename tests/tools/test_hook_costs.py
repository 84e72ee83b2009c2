#!/usr/bin/env python3
"""scripts/hook-costs.py on a hand-written callgrind profile (hook_costs.callgrind):
the name compression of objects and functions, relative instruction positions, a
callee object that holds for one call only, and which calls count as a hook's (the
program's, not the runtime's own). Needs neither valgrind nor a built ompracer."""

import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SCRIPT = os.path.join(REPO, "scripts", "hook-costs.py")
FIXTURE = os.path.join(HERE, "hook_costs.callgrind")


def run(*args):
    return subprocess.run([sys.executable, SCRIPT] + list(args), capture_output=True, text=True)


class HookCosts(unittest.TestCase):
    def test_tables(self):
        r = run("--read", FIXTURE)
        self.assertEqual(r.returncode, 0, r.stderr)
        out = r.stdout
        # Runtime self instructions: 150 + 60 + 70 + 170 (its own functions only).
        self.assertIn("instructions: 1000 in all, 450 (45.0 %) in libompracer.so", out)
        # read8: 3 + 1 calls from the program, 300 + 100 inclusive; the runtime's own
        # call of read8_in is not a hook call.
        self.assertIn("| __ompracer_read8 | 4 | 400 | 100.0 | 40.0 % |", out)
        self.assertIn("| __ompracer_write4 | 2 | 90 | 45.0 | 9.0 % |", out)
        self.assertNotIn("read8_in |", out)
        self.assertNotIn("memcpy", out)  # a call into libc, after which cob= lapses
        # Sites without a program: the call instructions' addresses, by calls.
        self.assertIn("| 3 | 50.0 % | __ompracer_read8 | 0x1004 |", out)
        self.assertIn("| 2 | 33.3 % | __ompracer_write4 | 0x1009 |", out)
        self.assertIn("| 1 | 16.7 % | __ompracer_read8 | 0x1010 |", out)

    def test_no_instruction_positions(self):
        with open(FIXTURE) as src:
            text = src.read().replace("positions: instr line", "positions: line")
        with tempfile.NamedTemporaryFile("w", suffix=".callgrind", delete=False) as f:
            f.write(text)
        try:
            r = run("--read", f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual(r.returncode, 1)
        self.assertIn("--dump-instr=yes", r.stderr)

    def test_path(self):
        # The runtime's per-instruction counts, against a stand-in disassembly (the
        # fixture's runtime is no real file): with read8's 4 calls and --share 40, only
        # instructions run at least 160 times are listed.
        import importlib.util
        import io
        spec = importlib.util.spec_from_file_location("hook_costs", SCRIPT)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        mod.disassembly = lambda lib: {0x9000: ("__ompracer_read8", "push %rbp"),
                                       0x9001: ("__ompracer_read8", "jmp read8_in"),
                                       0x9100: ("__ompracer_write4", "ret"),
                                       0x9200: ("read8_in", "ret")}
        out = io.StringIO()
        mod.path_report(mod.parse(FIXTURE), "__ompracer_read8", "lib", 40, out)
        text = out.getvalue()
        self.assertIn("__ompracer_read8: 4 calls", text)
        self.assertIn("read8_in: 1 instructions", text)
        self.assertIn("0x9200          170  ret", text)
        self.assertNotIn("push %rbp", text)  # 150 times: below 160
        self.assertIn("in all: 1 instructions", text)

    def test_bad_arguments(self):
        self.assertEqual(run().returncode, 2)
        self.assertEqual(run("--read", "/nonexistent/callgrind.out").returncode, 2)
        self.assertEqual(run("--read", FIXTURE, "--threads", "0").returncode, 2)
        self.assertEqual(run("--read", FIXTURE, "--path", "__ompracer_read8").returncode, 2)


if __name__ == "__main__":
    unittest.main()
