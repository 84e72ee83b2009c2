#!/usr/bin/env python3
"""scripts/ab.py on a small program built with ompracer: the interleaved runs and
medians with two runtime directories, and its refusals (a program that does not load
the runtime, a runtime that is neither a directory nor a revision, a run that exits
otherwise than the first). Building a revision is not exercised (it takes a build).

  test_ab.py BINDIR LIBDIR    (the build's bin/, with ompracer-clang, and lib/)"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SCRIPT = os.path.join(REPO, "scripts", "ab.py")
BIN = LIB = None

# Exits 3 on its second run (a counter in the file COUNTER names), else 0.
PROGRAM = r"""
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int sum = 0, runs = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < 1000; i++)
    sum += i;
  const char *path = getenv("COUNTER");
  if (path) {
    FILE *f = fopen(path, "r");
    if (f) { if (fscanf(f, "%d", &runs) != 1) runs = 0; fclose(f); }
    f = fopen(path, "w");
    if (f) { fprintf(f, "%d\n", runs + 1); fclose(f); }
  }
  printf("%d\n", sum);
  return runs == 1 ? 3 : 0;
}
"""


def run(*args):
    return subprocess.run([sys.executable, SCRIPT] + list(args), capture_output=True, text=True)


class AB(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="ompracer-ab-test-")
        src = os.path.join(cls.tmp, "prog.c")
        with open(src, "w") as f:
            f.write(PROGRAM)
        cls.prog = os.path.join(cls.tmp, "prog")
        subprocess.run([os.path.join(BIN, "ompracer-clang"), "-O1", src, "-o", cls.prog],
                       check=True)
        cls.copy = os.path.join(cls.tmp, "copy")  # runtime B: the same library elsewhere
        os.makedirs(cls.copy)
        shutil.copy(os.path.join(LIB, "libompracer.so"), cls.copy)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def test_interleaved(self):
        r = run("--a", LIB, "--b", self.copy, "--reps", "3", "--same-output", "--", self.prog)
        self.assertEqual(r.returncode, 0, r.stderr)
        reps = re.findall(r"^rep (\d): A [0-9.]+ s, B [0-9.]+ s$", r.stdout, re.M)
        self.assertEqual(reps, ["1", "2", "3"], r.stdout)
        self.assertRegex(r.stdout, r"median: A [0-9.]+ s, B [0-9.]+ s; B / A [0-9.]+ ")
        self.assertIn(f"# B: {self.copy}", r.stdout)

    def test_build_directory(self):  # a build directory stands for its lib/
        r = run("--a", os.path.dirname(LIB), "--b", self.copy, "--reps", "1", "--", self.prog)
        self.assertEqual(r.returncode, 0, r.stderr)

    def test_exit_differs(self):  # B's first run is the program's second: exit 3
        counter = os.path.join(self.tmp, "counter")
        r = run("--a", LIB, "--b", self.copy, "--reps", "2", "--env", "COUNTER=" + counter, "--",
                self.prog)
        self.assertEqual(r.returncode, 1, r.stdout)
        self.assertIn("B's run 1 exited 3", r.stderr)

    def test_refusals(self):
        r = run("--a", LIB, "--b", self.copy, "--", "/bin/true")
        self.assertEqual(r.returncode, 2)
        self.assertIn("does not load libompracer.so", r.stderr)
        r = run("--a", "no-such-revision-or-dir", "--b", LIB, "--", self.prog)
        self.assertEqual(r.returncode, 2)
        self.assertIn("neither a directory with libompracer.so nor a git revision", r.stderr)
        r = run("--a", LIB, "--b", LIB)
        self.assertEqual(r.returncode, 2)
        self.assertIn("no program given", r.stderr)


if __name__ == "__main__":
    BIN, LIB = sys.argv[1], sys.argv[2]
    unittest.main(argv=sys.argv[:1])
