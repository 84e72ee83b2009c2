"""Compiling and running one benchmark under one tool, with time limits, and
turning what happened into result rows (one per mode x thread count)."""

import os
import signal
import subprocess
import time
from dataclasses import dataclass
from typing import List, Optional

import drb_scoring
import drb_tools

COMPILE_TIMEOUT_SECONDS = 300
STDOUT_HEAD_BYTES = 64 * 1024   # enough for a tool's start-up message


@dataclass
class Settings:
    work_dir: str        # binaries and program stdout (scratch)
    log_dir: str         # kept: compile logs and every run's stderr
    timeout: float       # per run, seconds
    threads: List[int]
    modes: List[str]


@dataclass
class ProcessResult:
    exit_code: Optional[int]   # negative: killed by that signal
    timed_out: bool
    seconds: float


def run_process(cmd: List[str], env: dict, timeout: float, stdout_path: str,
                stderr_path: str, cwd: str) -> ProcessResult:
    """Run cmd in its own process group, so a timeout kills its helpers too."""
    start = time.monotonic()
    with open(stdout_path, "wb") as out, open(stderr_path, "wb") as err:
        try:
            proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out,
                                    stderr=err, env=env, cwd=cwd,
                                    start_new_session=True)
        except OSError as e:
            err.write(("cannot start %s: %s\n" % (cmd[0], e)).encode())
            return ProcessResult(None, False, 0.0)
        try:
            code = proc.wait(timeout=timeout)
            return ProcessResult(code, False, time.monotonic() - start)
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            return ProcessResult(None, True, time.monotonic() - start)


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()


def _read_text(path: str, limit: Optional[int] = None) -> str:
    with open(path, "rb") as f:
        data = f.read() if limit is None else f.read(limit)
    return data.decode("utf-8", errors="replace")


def _clean_env(tool: drb_tools.Tool, mode: str, threads: int) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in drb_tools.TOOL_ENV_VARS}
    env.update(tool.run_env(mode))
    env["OMP_NUM_THREADS"] = str(threads)
    return env


def compile_benchmark(tool, bench, settings: Settings):
    """Returns (executable or None, compile log path)."""
    stem = "%s.%s" % (bench.name, tool.name)
    exe = os.path.join(settings.work_dir, stem + ".out")
    log = os.path.join(settings.log_dir, bench.name + ".compile.log")
    cmd = tool.compile_command(bench, exe)
    with open(log, "w") as f:
        f.write(" ".join(cmd) + "\n")
    result = run_process(cmd, dict(os.environ), COMPILE_TIMEOUT_SECONDS,
                         os.devnull, log + ".out", settings.work_dir)
    with open(log, "a") as f, open(log + ".out") as out:
        f.write(out.read())
        if result.timed_out:
            f.write("compile timed out after %d s\n" % COMPILE_TIMEOUT_SECONDS)
    os.remove(log + ".out")
    ok = result.exit_code == 0 and os.path.exists(exe)
    return (exe if ok else None), log


def _base_row(tool, bench, mode, threads) -> dict:
    listed = {p.line_pair() for p in bench.listed_pairs}
    return {
        "benchmark": bench.name, "truth": "yes" if bench.has_race else "no",
        "listed_line_pairs": len(listed), "tool": tool.name, "mode": mode,
        "threads": threads, "verdict": "", "exit_code": "", "timed_out": "",
        "seconds": "", "races": "", "reported_line_pairs": "",
        "line_tp": "", "line_fn": "", "line_tn": "", "line_fp": "",
        "errors": "", "notes": "", "log": "",
    }


def _format_pairs(races, source_name) -> str:
    pairs, unlocated = drb_scoring.reported_line_pairs(races, source_name)
    text = " ".join("%d-%d" % p for p in sorted(pairs))
    if unlocated:
        text += (" " if text else "") + "+%d elsewhere" % unlocated
    return text


def score_run(row: dict, bench, record: drb_scoring.RunRecord) -> dict:
    """Fill the verdict and line-level columns of a row from a run record."""
    row["verdict"] = drb_scoring.classify_run(bench.has_race, record)
    row["races"] = len(record.parsed.races)
    row["reported_line_pairs"] = _format_pairs(record.parsed.races, bench.name)
    row["errors"] = drb_scoring.diagnose(record)[1]
    notes = list(record.parsed.notes)
    # A missing SUMMARY is expected after a timeout or a signal; otherwise say it.
    killed = record.timed_out or (record.exit_code or 0) < 0
    if (record.parsed.missing_end and not killed
            and row["verdict"] != drb_scoring.TOOL_ERROR):
        notes.append(record.parsed.missing_end)
    row["notes"] = "; ".join(notes)
    if row["verdict"] in drb_scoring.VERDICTS:
        counts = drb_scoring.line_level_counts(bench.listed_pairs,
                                               record.parsed.races, bench.name)
        row.update(line_tp=counts.tp, line_fn=counts.fn, line_tn=counts.tn,
                   line_fp=counts.fp)
    return row


def run_once(tool, bench, exe: str, mode: str, threads: int, settings: Settings) -> dict:
    row = _base_row(tool, bench, mode, threads)
    stem = "%s.%s.t%d" % (bench.name, mode if mode != drb_tools.NO_MODE else "run", threads)
    stderr_path = os.path.join(settings.log_dir, stem + ".stderr")
    stdout_path = os.path.join(settings.work_dir, "%s.%s.stdout" % (stem, tool.name))
    result = run_process(tool.run_command(exe, bench.run_args, mode),
                         _clean_env(tool, mode, threads),
                         settings.timeout, stdout_path, stderr_path, settings.work_dir)
    parsed = tool.parse(bench, _read_text(stderr_path),
                        _read_text(stdout_path, STDOUT_HEAD_BYTES))
    os.remove(stdout_path)
    record = drb_scoring.RunRecord(compiled=True, timed_out=result.timed_out,
                                   exit_code=result.exit_code,
                                   race_exit_code=tool.race_exit_code,
                                   incomplete_exit_code=tool.incomplete_exit_code,
                                   parsed=parsed)
    row.update(exit_code="" if result.exit_code is None else result.exit_code,
               timed_out=int(result.timed_out), seconds="%.2f" % result.seconds,
               log=stderr_path)
    return score_run(row, bench, record)


def evaluate_benchmark(tool, bench, settings: Settings) -> List[dict]:
    """Compile once, then run every (mode, thread count); one row per run.
    A compile failure yields a compile_error row for every planned run."""
    exe, compile_log = compile_benchmark(tool, bench, settings)
    rows = []
    for mode in tool.modes(settings.modes):
        for threads in settings.threads:
            if exe is None:
                row = _base_row(tool, bench, mode, threads)
                row.update(verdict=drb_scoring.COMPILE_ERROR, log=compile_log)
                rows.append(row)
            else:
                rows.append(run_once(tool, bench, exe, mode, threads, settings))
    if exe is not None:
        os.remove(exe)
    return rows
