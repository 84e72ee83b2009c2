"""Scoring of race-detector runs on DataRaceBench microbenchmarks.

Pure functions only (no subprocesses, no file system) so that the rules can be
unit-tested on hand-written fixtures (tests/scoring/).  The rules are documented in
dataracebench/README.md; keep the two in sync.

Vocabulary
  listed pair   a race pair named in a benchmark's header comment
  reported race one race report of a tool, with its two accesses
  line pair     an unordered pair of source lines: (min line, max line)
"""

import json
import os
import re
from dataclasses import dataclass, field
from typing import List, Optional, Set, Tuple

# Run verdicts.  The first four are file-level outcomes; the others say why a run
# gave no verdict, and are counted separately (never dropped, never merged).
TP, FN, TN, FP = "TP", "FN", "TN", "FP"
COMPILE_ERROR = "compile_error"
TIMEOUT = "timeout"
CRASH = "crash"
TOOL_ERROR = "tool_error"
VERDICTS = (TP, FN, TN, FP)
FAILURES = (COMPILE_ERROR, TIMEOUT, CRASH, TOOL_ERROR)

TSAN_EXIT_CODE = 66      # TSan's default exitcode when it reported something
OMPRACER_EXIT_CODE = 66  # ompracer's default exitcode when it reported a race
# ompracer's default incomplete_exitcode: no race reported, but checking had a gap
# (a limit was reached, or the OpenMP runtime never started the tool).
OMPRACER_INCOMPLETE_EXIT_CODE = 67


# --------------------------------------------------------------------------
# Ground truth: file name and header comment
# --------------------------------------------------------------------------

def benchmark_has_race(file_name: str) -> bool:
    """DRBnnn-name-yes.c has a race, DRBnnn-name-no.cpp has none."""
    stem = os.path.splitext(os.path.basename(file_name))[0]
    label = stem.rsplit("-", 1)[-1]
    if label not in ("yes", "no"):
        raise ValueError("not a DataRaceBench file name: %s" % file_name)
    return label == "yes"


@dataclass(frozen=True)
class ListedPair:
    """One race pair from a benchmark header (var@line:col:kind vs. ...)."""
    var1: str
    line1: int
    col1: int
    kind1: str
    var2: str
    line2: int
    col2: int
    kind2: str

    def line_pair(self) -> Tuple[int, int]:
        return line_pair(self.line1, self.line2)


def line_pair(line_a: int, line_b: int) -> Tuple[int, int]:
    """The unordered form of a pair of lines, used for line-level matching."""
    return (min(line_a, line_b), max(line_a, line_b))


# var@line:col:kind; a few headers write var@line:col@kind (DRB180).
_LOCATION = re.compile(r"@(\d+):(\d+)[:@]([A-Za-z]+)")
_VS = re.compile(r"\bvs\.?\s")
# Text that may precede the first variable of a pair on its line: comment
# markers, list numbers and a "Data race pair(s):" style label.
_LEADING_NOISE = re.compile(r"^[\s*/]*(?:\d+\.\s*)?")


def _variable_before(text: str) -> str:
    """The variable name that ends `text`, e.g. 'a[i + 1]' in 'pairs: a[i + 1]'."""
    for separator in (": ", ", "):
        if separator in text:
            text = text.rsplit(separator, 1)[1]
    return _LEADING_NOISE.sub("", text).strip()


def _pair_from_line(text: str) -> Optional[ListedPair]:
    """Parse 'left@l:c:K vs. right@l:c:K' out of one header line, if present."""
    split = _VS.search(text)
    if not split:
        return None
    left, right = text[:split.start()], text[split.end():]
    left_locs = list(_LOCATION.finditer(left))
    right_loc = _LOCATION.search(right)
    if not left_locs or not right_loc:
        return None
    left_loc = left_locs[-1]
    return ListedPair(
        _variable_before(left[:left_loc.start()]), int(left_loc.group(1)),
        int(left_loc.group(2)), left_loc.group(3).upper(),
        right[:right_loc.start()].strip(), int(right_loc.group(1)),
        int(right_loc.group(2)), right_loc.group(3).upper())


# DRB073/DRB095 list sets instead of pairs:
#   Write_set = {j@61:10, j@61:20}   Read_set = {j@62:20, ...}
#   "Any pair from Write_set vs. Write_set and Write_set vs. Read_set ..."
_ACCESS_SET = re.compile(r"(Write|Read)_set\s*=\s*\{([^}]*)\}")
_SET_ELEMENT = re.compile(r"([^\s,{}]+)@(\d+):(\d+)")


def _pairs_from_access_sets(source: str) -> List[ListedPair]:
    sets = {"Write": [], "Read": []}
    for match in _ACCESS_SET.finditer(source):
        for elem in _SET_ELEMENT.finditer(match.group(2)):
            sets[match.group(1)].append(
                (elem.group(1), int(elem.group(2)), int(elem.group(3))))
    kinds = {"Write": "W", "Read": "R"}
    pairs = []
    for other in ("Write", "Read"):
        for w in sets["Write"]:
            for o in sets[other]:
                pairs.append(ListedPair(w[0], w[1], w[2], "W",
                                        o[0], o[1], o[2], kinds[other]))
    return pairs


def parse_listed_pairs(source: str) -> List[ListedPair]:
    """All race pairs that a benchmark's source text lists, in order of appearance."""
    pairs = []
    for text in source.splitlines():
        pair = _pair_from_line(text)
        if pair:
            pairs.append(pair)
    return pairs + _pairs_from_access_sets(source)


# --------------------------------------------------------------------------
# Tool reports
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Access:
    kind: str                 # read, write, atomic read, atomic write
    path: Optional[str]       # None when the tool could not locate the access
    line: Optional[int]
    col: Optional[int]


@dataclass(frozen=True)
class ReportedRace:
    first: Access
    second: Access

    def line_pair_in(self, source_name: str) -> Optional[Tuple[int, int]]:
        """The pair's lines if both accesses are located in `source_name`
        (compared by base name); None when it cannot match any listed pair."""
        wanted = os.path.basename(source_name)
        accesses = (self.first, self.second)
        if any(a.line is None or os.path.basename(a.path) != wanted
               for a in accesses):
            return None
        return line_pair(self.first.line, self.second.line)


@dataclass
class ParsedOutput:
    """What a tool said on stderr: its races and anything that makes the run
    untrustworthy (tool_errors), plus remarks worth a human's eye (notes)."""
    races: List[ReportedRace] = field(default_factory=list)
    tool_errors: List[str] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)
    # Set when the line a tool prints at exit is missing.  Expected after a
    # crash or timeout; after a normal exit it means the tool was not active.
    missing_end: Optional[str] = None


# ---- ompracer (docs/report-format.md) ----

_OMPRACER_PREFIX = "==ompracer== "
_OMPRACER_RACE_HEADER = re.compile(r"^WARNING: data race \(([^)]*)\)")
_OMPRACER_ACCESS = re.compile(
    r"^\s+(atomic read|atomic write|read|write) at "
    r"(?:(?P<unknown><[^>]*>)|(?P<path>.+?):(?P<line>\d+):(?P<col>\d+))"
    r" in ")
_OMPRACER_SUMMARY = re.compile(r"^SUMMARY: (\d+) data race")
# The SUMMARY of a run whose checking stopped early or had a gap; it follows the
# ERROR line that says why.
_OMPRACER_INCOMPLETE = re.compile(r"^SUMMARY: \d+ data race.*\bchecking was incomplete\b")
# ompracer-run --mode=auto says which mode its check run chose.
_OMPRACER_AUTO_CHOICE = re.compile(r"^auto mode: chose (.*)")


def _is_tool_error(text: str) -> bool:
    """Only an ERROR line is a tool error: a bad OMPRACER_OPTIONS (the program
    then stops), a limit reached or the tool never started (checking incomplete).
    WARNING lines are notes whatever they say, e.g. the fast-mode warning names
    OMPRACER_OPTIONS and, without -g, an '<unknown location ...>'."""
    return text.startswith("ERROR:")


def _ompracer_lines(stderr: str) -> List[str]:
    return [l[len(_OMPRACER_PREFIX):] for l in stderr.splitlines()
            if l.startswith(_OMPRACER_PREFIX)]


def _ompracer_access(text: str) -> Optional[Access]:
    m = _OMPRACER_ACCESS.match(text)
    if not m:
        return None
    if m.group("unknown"):
        return Access(m.group(1), None, None, None)
    return Access(m.group(1), m.group("path"), int(m.group("line")),
                  int(m.group("col")))


def _read_race_report(lines: List[str], i: int, out: ParsedOutput) -> int:
    """Parse the report whose WARNING line is lines[i]; returns the index of
    the first line after it."""
    header = lines[i]
    i += 1
    accesses = []
    while i < len(lines) and len(accesses) < 2:
        access = _ompracer_access(lines[i])
        if access is None:
            break
        accesses.append(access)
        i += 1
    if len(accesses) == 2:
        out.races.append(ReportedRace(*accesses))
    else:
        out.tool_errors.append("unparsable race report: " + header)
    # Indented lines after the two accesses belong to the same report
    # (e.g. why nothing orders them), so they are not messages of their own.
    while i < len(lines) and lines[i][:1].isspace():
        i += 1
    return i


def _add_note(out: ParsedOutput, note: str) -> None:
    if note not in out.notes:
        out.notes.append(note)


def _read_message(text: str, out: ParsedOutput) -> Optional[int]:
    """Handle one line that is not part of a race report; returns the race
    count when it is the SUMMARY line."""
    summary = _OMPRACER_SUMMARY.match(text)
    if summary:
        return int(summary.group(1))
    auto_choice = _OMPRACER_AUTO_CHOICE.match(text)
    if auto_choice:
        _add_note(out, "auto chose " + auto_choice.group(1).strip())
    elif _is_tool_error(text):
        out.tool_errors.append(text.strip())
    elif text.startswith("WARNING:"):
        # e.g. 'distribute is not modelled yet', 'fast mode may ... use precise'
        _add_note(out, text.strip())
    return None


def _json_access(obj: dict) -> Access:
    kind = ("atomic " if obj.get("atomic") else "") + obj["access"]
    if obj.get("file") is None or obj.get("line") is None:
        return Access(kind, None, None, None)
    return Access(kind, obj["file"], int(obj["line"]), obj.get("column"))


def _read_json_reports(stderr: str, out: ParsedOutput) -> Tuple[Optional[int], bool]:
    """report=json (docs/report-format.md): the race objects into out.races;
    returns the summary object's race count (None without one) and whether it
    says checking was incomplete.  Text lines are left to the text parser."""
    summary_count, incomplete = None, False
    for text in stderr.splitlines():
        if not text.startswith('{"type":'):
            continue
        try:
            obj = json.loads(text)
            if obj["type"] == "race":
                first, second = (_json_access(a) for a in obj["accesses"])
                out.races.append(ReportedRace(first, second))
            elif obj["type"] == "summary":
                summary_count = int(obj["races"])
                incomplete = incomplete or bool(obj["incomplete"])
        except (ValueError, KeyError, TypeError) as e:
            out.tool_errors.append("unparsable JSON report (%s): %s" % (e, text[:200]))
    return summary_count, incomplete


def parse_ompracer_output(stderr: str, expect_summary: bool = True) -> ParsedOutput:
    """Races from ompracer's reports: the JSON lines of report=json (what the
    evaluation runs with), and the text reports of report=text.  With
    `expect_summary` (we run with verbosity=1) a missing summary means the tool
    never finished, or never ran at all, so the run cannot be trusted to say 'no
    race'."""
    out = ParsedOutput()
    lines = _ompracer_lines(stderr)
    summary_count, incomplete = _read_json_reports(stderr, out)
    i = 0
    while i < len(lines):
        if _OMPRACER_RACE_HEADER.match(lines[i]):
            i = _read_race_report(lines, i, out)
            continue
        count = _read_message(lines[i], out)
        if count is not None:
            summary_count = count
            incomplete = incomplete or bool(_OMPRACER_INCOMPLETE.match(lines[i]))
        i += 1
    if incomplete and not any(e.startswith("ERROR:") for e in out.tool_errors):
        # The ERROR line that says why is normally there (and is the reason given);
        # without it the summary alone still says 'no race' cannot be trusted.
        out.tool_errors.append("SUMMARY says checking was incomplete (no ERROR line parsed)")
    _check_ompracer_summary(out, summary_count, expect_summary, stderr)
    _note_unlocated(out)
    return out


def _note_unlocated(out: ParsedOutput) -> None:
    """Accesses without file:line still make a race report (file level) but can
    never match a listed pair; say how many there were."""
    unlocated = sum(a.line is None for r in out.races for a in (r.first, r.second))
    if unlocated:
        out.notes.append("%d access(es) without a source location" % unlocated)


def _check_ompracer_summary(out: ParsedOutput, summary_count: Optional[int],
                            expect_summary: bool, stderr: str) -> None:
    if summary_count is None:
        if expect_summary:
            hint = ("" if libomp_tool_registration_logged(stderr)
                    else " (and no libomp tool registration log)")
            out.missing_end = "no ompracer SUMMARY line" + hint
    elif summary_count != len(out.races):
        out.notes.append("SUMMARY says %d race(s), parsed %d"
                         % (summary_count, len(out.races)))


# ---- libomp's own log (we run with OMP_TOOL_VERBOSE_INIT=stderr) ----

LIBOMP_TOOL_LOG_START = "----- START LOGGING OF TOOL REGISTRATION -----"


def libomp_tool_registration_logged(stderr: str) -> bool:
    """True when libomp initialised and looked for an OMPT tool.  A program whose
    only directives are `omp simd` never initialises libomp, so no OMPT tool
    (Archer, ompracer's event side) is ever started in it."""
    return LIBOMP_TOOL_LOG_START in stderr


# ---- ThreadSanitizer (plain or with Archer) ----

_TSAN_WARNING = re.compile(r"^WARNING: ThreadSanitizer: (.*?)(?: \(pid=\d+\))?\s*$")
_TSAN_ACCESS = re.compile(
    r"^\s+(Previous )?(atomic )?(read|write) of size \d+ at \S+ by ", re.IGNORECASE)
_TSAN_FRAME = re.compile(r"^\s+#\d+ .*?(\S+?):(\d+)(?::(\d+))? \(")
_TSAN_FAILED_STACK = "[failed to restore the stack]"


def _tsan_blocks(stderr: str) -> List[Tuple[str, List[str]]]:
    """(warning title, body lines) for each 'WARNING: ThreadSanitizer:' block."""
    blocks = []
    for text in stderr.splitlines():
        m = _TSAN_WARNING.match(text)
        if m:
            blocks.append((m.group(1), []))
        elif blocks:
            blocks[-1][1].append(text)
    return blocks


def _tsan_access_stacks(body: List[str]) -> List[Tuple[str, List[Tuple[str, int, Optional[int]]]]]:
    """(kind, symbolized frames) for each access section of one report.  A
    section ends at the first blank line, so the stacks of 'Location is heap
    block ... allocated by' or 'Thread T1 created by' are not taken for it."""
    stacks = []
    in_access = False
    for text in body:
        access = _TSAN_ACCESS.match(text)
        if access:
            kind = ("atomic " if access.group(2) else "") + access.group(3).lower()
            stacks.append((kind, []))
            in_access = True
        elif not text.strip():
            in_access = False
        elif in_access:
            frame = _TSAN_FRAME.match(text)
            if frame:
                col = int(frame.group(3)) if frame.group(3) else None
                stacks[-1][1].append((frame.group(1), int(frame.group(2)), col))
    return stacks


def _pick_frame(frames, source_name: Optional[str]) -> Access:
    """The frame that locates the access: the innermost frame in the benchmark's
    own file when there is one (so an access inside memcpy is attributed to its
    caller), else the innermost symbolized frame (#0)."""
    if source_name:
        wanted = os.path.basename(source_name)
        for path, line, col in frames:
            if os.path.basename(path) == wanted:
                return Access("", path, line, col)
    if frames:
        path, line, col = frames[0]
        return Access("", path, line, col)
    return Access("", None, None, None)


def parse_tsan_output(stderr: str, source_name: Optional[str] = None) -> ParsedOutput:
    """Data races from ThreadSanitizer reports; other TSan warnings become notes."""
    out = ParsedOutput()
    for title, body in _tsan_blocks(stderr):
        if not title.startswith("data race"):
            out.notes.append("TSan: " + title)
            continue
        stacks = _tsan_access_stacks(body)
        if len(stacks) < 2:
            out.tool_errors.append("unparsable TSan race report")
            continue
        pair = []
        for kind, frames in stacks[:2]:
            picked = _pick_frame(frames, source_name)
            pair.append(Access(kind, picked.path, picked.line, picked.col))
        out.races.append(ReportedRace(*pair))
    _note_unlocated(out)
    return out


# Archer says this on stdout at start-up when ARCHER_OPTIONS=verbose=1.
ARCHER_STARTED = "Archer detected OpenMP application with TSan"


def check_archer_started(out: ParsedOutput, stderr: str, stdout_head: str) -> None:
    """Without Archer's start message the run was plain TSan and its verdict
    would be Archer's in name only: a tool error, unless libomp never started
    its tool interface at all (then no OMPT tool could have run; a note)."""
    if ARCHER_STARTED in stdout_head:
        return
    if libomp_tool_registration_logged(stderr):
        out.tool_errors.append("Archer did not start")
    else:
        out.notes.append("libomp never initialised: Archer not started, TSan alone")


# --------------------------------------------------------------------------
# Classifying one run
# --------------------------------------------------------------------------

@dataclass
class RunRecord:
    """The facts of one compile + run, independent of the tool."""
    compiled: bool
    timed_out: bool = False
    exit_code: Optional[int] = None   # negative: killed by that signal
    race_exit_code: int = 66          # what the tool exits with after a report
    # what the tool exits with when checking was incomplete (None: no such code)
    incomplete_exit_code: Optional[int] = None
    parsed: ParsedOutput = field(default_factory=ParsedOutput)


def diagnose(run: RunRecord) -> Tuple[Optional[str], str]:
    """(failure kind, reason) when the run gives no file-level verdict, else
    (None, '').

    A run that reported races counts them even if it then crashed, exited with
    an unexpected code or timed out: the reports were printed, so the tool did
    find them (DataRaceBench's own metric script also counts reports of timed-out
    runs).  Without reports, only a clean exit of an active tool means 'no race'.
    """
    parsed = run.parsed
    if not run.compiled:
        return COMPILE_ERROR, ""
    if parsed.tool_errors:
        return TOOL_ERROR, "; ".join(parsed.tool_errors)
    if parsed.races:
        return None, ""
    if run.timed_out:
        return TIMEOUT, ""
    if run.exit_code is None:
        return CRASH, "the program could not be started"
    if run.exit_code == run.race_exit_code:
        return TOOL_ERROR, "exit code %d but no race report parsed" % run.exit_code
    if run.incomplete_exit_code is not None and run.exit_code == run.incomplete_exit_code:
        return TOOL_ERROR, ("exit code %d (checking incomplete) but no ERROR line parsed"
                            % run.exit_code)
    if run.exit_code != 0:
        return CRASH, ("killed by signal %d" % -run.exit_code if run.exit_code < 0
                       else "exit code %d without a race report" % run.exit_code)
    if parsed.missing_end:
        return TOOL_ERROR, parsed.missing_end
    return None, ""


def classify_run(has_race: bool, run: RunRecord) -> str:
    """File-level verdict (TP/FN/TN/FP) or the failure kind."""
    failure, _ = diagnose(run)
    if failure:
        return failure
    reported = bool(run.parsed.races)
    if has_race:
        return TP if reported else FN
    return FP if reported else TN


@dataclass
class LineCounts:
    tp: int = 0
    fn: int = 0
    tn: int = 0
    fp: int = 0

    def add(self, other: "LineCounts") -> None:
        self.tp += other.tp
        self.fn += other.fn
        self.tn += other.tn
        self.fp += other.fp


def reported_line_pairs(races: List[ReportedRace], source_name: str) -> Tuple[Set[Tuple[int, int]], int]:
    """Distinct line pairs located in the benchmark file, and how many reported
    races could not be located there (other file, or no line known)."""
    pairs, unlocated = set(), 0
    for race in races:
        pair = race.line_pair_in(source_name)
        if pair is None:
            unlocated += 1
        else:
            pairs.add(pair)
    return pairs, unlocated


def line_level_counts(listed: List[ListedPair], races: List[ReportedRace],
                      source_name: str) -> LineCounts:
    """DataRaceBench 'Level 1' scoring of one run that gave a verdict.

    TP: listed line pairs matched by at least one reported race.
    FN: listed line pairs matched by none.
    FP: distinct reported line pairs that are not listed, plus each reported
        race that has no line in the benchmark file.
    TN: 1 for a file with no listed pair and no reported race, else 0.
    """
    listed_pairs = {p.line_pair() for p in listed}
    reported, unlocated = reported_line_pairs(races, source_name)
    counts = LineCounts(tp=len(listed_pairs & reported),
                        fn=len(listed_pairs - reported),
                        fp=len(reported - listed_pairs) + unlocated)
    if not listed_pairs and not races:
        counts.tn = 1
    return counts


# --------------------------------------------------------------------------
# Metrics
# --------------------------------------------------------------------------

def _ratio(num: float, den: float) -> Optional[float]:
    return num / den if den else None


def metrics(tp: int, fn: int, tn: int, fp: int) -> dict:
    """recall, specificity, precision, accuracy, f1; None where undefined."""
    recall = _ratio(tp, tp + fn)
    precision = _ratio(tp, tp + fp)
    f1 = None
    if recall is not None and precision is not None and recall + precision > 0:
        f1 = 2 * recall * precision / (recall + precision)
    return {
        "recall": recall,
        "specificity": _ratio(tn, tn + fp),
        "precision": precision,
        "accuracy": _ratio(tp + tn, tp + tn + fp + fn),
        "f1": f1,
    }


@dataclass
class Tally:
    """Totals of one (tool, mode, threads) configuration over all benchmarks."""
    verdicts: dict = field(default_factory=lambda: {v: 0 for v in VERDICTS + FAILURES})
    line: LineCounts = field(default_factory=LineCounts)

    def add(self, verdict: str, line_counts: Optional[LineCounts]) -> None:
        self.verdicts[verdict] += 1
        if line_counts is not None:
            self.line.add(line_counts)

    def total(self) -> int:
        return sum(self.verdicts.values())

    def file_metrics(self) -> dict:
        v = self.verdicts
        return metrics(v[TP], v[FN], v[TN], v[FP])

    def line_metrics(self) -> dict:
        return metrics(self.line.tp, self.line.fn, self.line.tn, self.line.fp)
