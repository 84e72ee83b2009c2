"""The race detectors we evaluate: how each compiles a benchmark, how it is run,
and how its output is read.  Scoring itself is tool-independent (drb_scoring)."""

import os
from typing import Dict, List

import drb_scoring
import drb_suite

NO_MODE = "-"   # tools without OMPRACER_OPTIONS modes


class Tool:
    name = ""
    race_exit_code = 66
    incomplete_exit_code = None   # exit code of a run whose checking had a gap

    def modes(self, requested: List[str]) -> List[str]:
        return [NO_MODE]

    def compile_command(self, bench: drb_suite.Benchmark, exe: str) -> List[str]:
        raise NotImplementedError

    def run_command(self, exe: str, args: List[str], mode: str) -> List[str]:
        return [exe] + args

    def run_env(self, mode: str) -> Dict[str, str]:
        """Environment variables that turn the tool on (besides OMP_NUM_THREADS)."""
        raise NotImplementedError

    def parse(self, bench: drb_suite.Benchmark, stderr: str,
              stdout_head: str) -> drb_scoring.ParsedOutput:
        raise NotImplementedError

    def flags_description(self) -> str:
        raise NotImplementedError


def _build_command(compiler: str, flags: List[str], bench, exe: str) -> List[str]:
    return ([compiler] + flags + [bench.path] + drb_suite.extra_compile_args(bench)
            + ["-o", exe] + drb_suite.LINK_LIBS)


class Ompracer(Tool):
    name = "ompracer"
    race_exit_code = drb_scoring.OMPRACER_EXIT_CODE
    incomplete_exit_code = drb_scoring.OMPRACER_INCOMPLETE_EXIT_CODE

    def __init__(self, bin_dir: str, flags: List[str]):
        self.bin_dir = bin_dir
        self.flags = flags

    def modes(self, requested):
        return requested

    def compiler(self, cpp: bool) -> str:
        return os.path.join(self.bin_dir, "ompracer-clang++" if cpp else "ompracer-clang")

    def compile_command(self, bench, exe):
        return _build_command(self.compiler(bench.is_cpp), self.flags, bench, exe)

    def runner(self) -> str:
        return os.path.join(self.bin_dir, "ompracer-run")

    def uses_runner(self, mode: str) -> bool:
        """Auto mode goes through the tool's own ompracer-run script (today an alias of
        the default mode; earlier builds ran a check run and then fast or precise);
        without that script, mode=auto goes to the runtime like any other mode (and
        is refused there if unknown)."""
        return mode == "auto" and os.path.exists(self.runner())

    def run_command(self, exe, args, mode):
        if self.uses_runner(mode):
            return [self.runner(), "--mode=auto", "--", exe] + args
        return [exe] + args

    def run_env(self, mode):
        # verbosity=1 makes the tool print its SUMMARY line even with no race:
        # the proof that it was active and finished (see parse_ompracer_output).
        # mode "default": no mode option, the runtime's default mode.
        # report=json: races are read from JSON lines (parse_ompracer_output).
        plain = self.uses_runner(mode) or mode == "default"
        options = ("verbosity=1:report=json" if plain
                   else "mode=%s:verbosity=1:report=json" % mode)
        return {"OMPRACER_OPTIONS": options,
                "OMP_TOOL_VERBOSE_INIT": "stderr"}   # to explain a missing SUMMARY

    def parse(self, bench, stderr, stdout_head):
        return drb_scoring.parse_ompracer_output(stderr, expect_summary=True)

    def flags_description(self):
        return ("`%s` / `%s` %s; run with OMPRACER_OPTIONS=mode=<mode>:verbosity=1:report=json "
                "OMP_TOOL_VERBOSE_INIT=stderr (mode auto: `ompracer-run --mode=auto -- "
                "PROGRAM` with OMPRACER_OPTIONS=verbosity=1:report=json, when ompracer-run exists)" % (
            self.compiler(False), self.compiler(True), " ".join(self.flags)))


class Tsan(Tool):
    """Plain ThreadSanitizer: no OMPT tool, so libomp's synchronisation is unknown
    to it.  libomp itself is not instrumented; ignore_noninstrumented_modules=1
    stops TSan from reporting races inside it, exactly as for Archer."""
    name = "tsan"
    race_exit_code = drb_scoring.TSAN_EXIT_CODE
    tsan_options = "ignore_noninstrumented_modules=1"

    def __init__(self, clang: str, clangxx: str, flags: List[str]):
        self.clang, self.clangxx = clang, clangxx
        self.flags = ["-fopenmp", "-fsanitize=thread", "-g"] + flags

    def compile_command(self, bench, exe):
        compiler = self.clangxx if bench.is_cpp else self.clang
        return _build_command(compiler, self.flags, bench, exe)

    def run_env(self, mode):
        return {"TSAN_OPTIONS": self.tsan_options}

    def parse(self, bench, stderr, stdout_head):
        return drb_scoring.parse_tsan_output(stderr, bench.name)

    def flags_description(self):
        return "`%s` / `%s` %s; run with TSAN_OPTIONS=%s" % (
            self.clang, self.clangxx, " ".join(self.flags), self.tsan_options)


class Archer(Tsan):
    name = "archer"

    def __init__(self, clang, clangxx, flags, archer_lib: str):
        super().__init__(clang, clangxx, flags)
        self.archer_lib = archer_lib

    def run_env(self, mode):
        env = super().run_env(mode)
        env["OMP_TOOL_LIBRARIES"] = self.archer_lib
        env["ARCHER_OPTIONS"] = "verbose=1"     # start message, see parse
        env["OMP_TOOL_VERBOSE_INIT"] = "stderr"
        return env

    def parse(self, bench, stderr, stdout_head):
        parsed = super().parse(bench, stderr, stdout_head)
        drb_scoring.check_archer_started(parsed, stderr, stdout_head)
        return parsed

    def flags_description(self):
        return "%s, OMP_TOOL_LIBRARIES=%s ARCHER_OPTIONS=verbose=1 OMP_TOOL_VERBOSE_INIT=stderr" % (
            super().flags_description(), self.archer_lib)


# Variables that select or configure a tool; cleared before every run so that
# the caller's environment cannot change what is measured.
TOOL_ENV_VARS = ("OMPRACER_OPTIONS", "OMP_TOOL", "OMP_TOOL_LIBRARIES",
                 "OMP_TOOL_VERBOSE_INIT", "TSAN_OPTIONS", "ARCHER_OPTIONS",
                 "OMP_NUM_THREADS")
