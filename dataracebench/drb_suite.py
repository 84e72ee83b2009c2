"""What we need to know about a DataRaceBench checkout (1.4.x layout):
which microbenchmarks exist, their ground truth, and how to build and run them."""

import os
import re
import subprocess
from dataclasses import dataclass
from typing import List, Optional

import drb_scoring

_BENCHMARK_NAME = re.compile(r"^DRB\d+-.*-(yes|no)\.(c|cpp)$")

# The "-var-" programs take the problem size on the command line;
# DataRaceBench's harness runs them with sizes from 32 up, we use its smallest.
VAR_PROGRAM_ARGS = ["32"]


@dataclass
class Benchmark:
    path: str                    # absolute path of the source file
    has_race: bool               # ground truth from the file name
    listed_pairs: list           # drb_scoring.ListedPair from the header
    uses_polybench: bool

    @property
    def name(self) -> str:
        return os.path.basename(self.path)

    @property
    def is_cpp(self) -> bool:
        return self.path.endswith(".cpp")

    @property
    def run_args(self) -> List[str]:
        return VAR_PROGRAM_ARGS if "-var-" in self.name else []


def micro_benchmarks_dir(drb_root: str) -> str:
    return os.path.join(os.path.abspath(drb_root), "micro-benchmarks")


def load_benchmark(path: str) -> Benchmark:
    with open(path, encoding="utf-8", errors="replace") as f:
        source = f.read()
    return Benchmark(path=os.path.abspath(path),
                     has_race=drb_scoring.benchmark_has_race(path),
                     listed_pairs=drb_scoring.parse_listed_pairs(source),
                     # the same test DataRaceBench's harness uses
                     uses_polybench="PolyBench" in source)


def discover(drb_root: str, name_filter: Optional[str] = None) -> List[Benchmark]:
    """Every C/C++ microbenchmark, sorted by name, optionally filtered by a regex."""
    directory = micro_benchmarks_dir(drb_root)
    if not os.path.isdir(directory):
        raise FileNotFoundError("no micro-benchmarks/ under %s" % drb_root)
    names = sorted(n for n in os.listdir(directory) if _BENCHMARK_NAME.match(n))
    if name_filter:
        names = [n for n in names if re.search(name_filter, n)]
    return [load_benchmark(os.path.join(directory, n)) for n in names]


def extra_compile_args(bench: Benchmark) -> List[str]:
    """Sources and flags a benchmark needs besides itself (before -o), as in
    DataRaceBench's harness: the PolyBench timing utilities for PolyBench kernels."""
    if not bench.uses_polybench:
        return []
    directory = os.path.dirname(bench.path)
    utilities = os.path.join(directory, "utilities")
    return [os.path.join(utilities, "polybench.c"), "-I", directory, "-I", utilities,
            "-DPOLYBENCH_NO_FLUSH_CACHE", "-DPOLYBENCH_TIME",
            "-D_POSIX_C_SOURCE=200112L"]


# Linked after the sources: some benchmarks use libm (sqrt, fabs, ...).
LINK_LIBS = ["-lm"]


def checkout_commit(drb_root: str) -> Optional[str]:
    """The checked-out commit (with `git describe` when tags are there), or None
    when drb_root is not a git work tree (e.g. a `git archive` extract)."""
    def git(*args):
        return subprocess.run(["git", "-C", drb_root] + list(args),
                              capture_output=True, text=True, check=True).stdout.strip()
    if not os.path.exists(os.path.join(drb_root, ".git")):
        return None
    try:
        commit = git("rev-parse", "HEAD")
    except (OSError, subprocess.CalledProcessError):
        return None
    try:
        return "%s (%s)" % (commit, git("describe", "--tags", "--always", "HEAD"))
    except subprocess.CalledProcessError:
        return commit
