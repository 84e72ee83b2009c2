#!/usr/bin/env python3
"""End-to-end test of dataracebench/evaluate on a fake DataRaceBench layout
(tests/scoring/fixtures/drb) with a fake ompracer-clang (tests/scoring/fake_bin)
that replays our report fixtures: compile error, timeout, crash, rejected mode,
line-level match and mismatch, all through the real runner and writers."""

import csv
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
EVALUATE = os.path.join(REPO, "dataracebench", "evaluate")

# benchmark -> (file-level verdict, line-level (TP, FN, TN, FP) or None)
EXPECTED_FAST = {
    "DRB901-listedrace-orig-yes.c": ("TP", (2, 0, 0, 0)),
    "DRB902-wronglines-orig-yes.c": ("TP", (0, 1, 0, 1)),
    "DRB903-racefree-orig-no.c": ("TN", (0, 0, 1, 0)),
    "DRB904-falsealarm-orig-no.c": ("FP", (0, 0, 0, 2)),
    "DRB905-missed-orig-yes.c": ("FN", (0, 1, 0, 0)),
    "DRB906-hangs-orig-no.c": ("timeout", None),
    "DRB907-segfault-orig-yes.c": ("crash", None),
    "DRB908-brokenbuild-orig-no.c": ("compile_error", None),
    "DRB909-sizearg-var-yes.c": ("TP", (1, 0, 0, 1)),
    "DRB910-cxxrace-orig-yes.cpp": ("tool_error", None),
    "DRB911-exit66noreport-orig-no.c": ("tool_error", None),
    "DRB912-silenttool-orig-no.c": ("tool_error", None),
}


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


class EvaluateEndToEndTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.out = tempfile.mkdtemp(prefix="drb-scoring-test-")
        cls.run_evaluate()
        cls.rows = read_csv(os.path.join(cls.out, "results.csv"))

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.out, ignore_errors=True)

    @classmethod
    def run_evaluate(cls):
        cmd = [sys.executable, EVALUATE, "--drb", os.path.join(HERE, "fixtures", "drb"),
               "--tool", "ompracer", "--ompracer-bin", os.path.join(HERE, "fake_bin"),
               "--mode", "fast,precise,auto", "--threads", "2", "--timeout", "2",
               "-j", "4", "--drb-commit", "fake", "--out", cls.out]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise AssertionError("evaluate failed:\n" + done.stdout + done.stderr)
        cls.stdout = done.stdout

    def row(self, benchmark, mode):
        matches = [r for r in self.rows if r["benchmark"] == benchmark and r["mode"] == mode]
        self.assertEqual(len(matches), 1, (benchmark, mode))
        return matches[0]

    def test_every_benchmark_and_mode_has_a_row(self):
        self.assertEqual(len(self.rows), 3 * len(EXPECTED_FAST))

    def test_auto_mode_goes_through_ompracer_run(self):
        # the fake ompracer-run picks fast mode, so auto gives fast's verdicts
        for bench, (verdict, _) in EXPECTED_FAST.items():
            with self.subTest(bench=bench):
                r = self.row(bench, "auto")
                self.assertEqual(r["verdict"], verdict)
                if verdict not in ("compile_error", "tool_error"):
                    self.assertIn("auto chose fast", r["notes"])

    def test_fast_mode_verdicts(self):
        for bench, (verdict, _) in EXPECTED_FAST.items():
            with self.subTest(bench=bench):
                self.assertEqual(self.row(bench, "fast")["verdict"], verdict)

    def test_fast_mode_line_counts(self):
        for bench, (_, line) in EXPECTED_FAST.items():
            if line is None:
                continue
            with self.subTest(bench=bench):
                r = self.row(bench, "fast")
                got = tuple(int(r[k]) for k in ("line_tp", "line_fn", "line_tn", "line_fp"))
                self.assertEqual(got, line)

    def test_rejected_mode_is_an_error_not_a_verdict(self):
        for bench in EXPECTED_FAST:
            with self.subTest(bench=bench):
                expected = ("compile_error" if bench.startswith("DRB908")
                            else "tool_error")
                self.assertEqual(self.row(bench, "precise")["verdict"], expected)

    def test_timeout_and_crash_details(self):
        hang = self.row("DRB906-hangs-orig-no.c", "fast")
        self.assertEqual(hang["timed_out"], "1")
        self.assertLess(float(hang["seconds"]), 10)
        self.assertEqual(self.row("DRB907-segfault-orig-yes.c", "fast")["exit_code"], "-11")
        self.assertEqual(self.row("DRB909-sizearg-var-yes.c", "fast")["exit_code"], "-6")

    def test_summary_counts(self):
        with open(os.path.join(self.out, "summary.md")) as f:
            summary = f.read()
        # tool | mode | threads | TP FN TN FP | CE TO CR ERR | total
        self.assertIn("| ompracer | fast | 2 | 3 | 1 | 1 | 1 | 1 | 1 | 1 | 3 | 12 |", summary)
        self.assertIn("| ompracer | precise | 2 | 0 | 0 | 0 | 0 | 1 | 0 | 0 | 11 | 12 |",
                      summary)
        self.assertIn("| ompracer | auto | 2 | 3 | 1 | 1 | 1 | 1 | 1 | 1 | 3 | 12 |", summary)
        # line level, fast: TP 2+0+1, FN 0+1+1, TN 1, FP 1+2+1
        self.assertIn("| ompracer | fast | 2 | 3 | 2 | 1 | 4 |", summary)
        self.assertIn("fake", summary)   # the --drb-commit

    def test_wrong_list_keeps_human_causes(self):
        wrong_csv = os.path.join(self.out, "wrong.csv")
        wrong = read_csv(wrong_csv)
        fast_file_level = {r["benchmark"] for r in wrong
                           if r["mode"] == "fast" and r["level"] == "file"}
        self.assertEqual(fast_file_level, {r["benchmark"] for r in wrong
                                           if r["mode"] == "auto" and r["level"] == "file"})
        self.assertEqual(fast_file_level, {b for b, (v, _) in EXPECTED_FAST.items()
                                           if v not in ("TP", "TN")})
        line_level = {r["benchmark"] for r in wrong
                      if r["level"] == "line" and r["mode"] == "fast"}
        self.assertEqual(line_level, {"DRB902-wronglines-orig-yes.c",
                                      "DRB909-sizearg-var-yes.c"})
        for r in wrong:
            r["cause"] = "cause of " + r["benchmark"]
        with open(wrong_csv, "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(wrong[0].keys()))
            writer.writeheader()
            writer.writerows(wrong)
        type(self).run_evaluate()
        again = read_csv(wrong_csv)
        self.assertEqual(len(again), len(wrong))
        for r in again:
            self.assertEqual(r["cause"], "cause of " + r["benchmark"])


if __name__ == "__main__":
    unittest.main()
