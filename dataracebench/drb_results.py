"""Writing the evaluation's outputs: results.csv (one row per benchmark run),
wrong.csv (every run a tool got wrong, with a 'cause' column for humans) and
summary.md (the tables)."""

import csv
import os
from collections import OrderedDict
from typing import Dict, List, Tuple

import drb_scoring as S

ConfigKey = Tuple[str, str, int]   # (tool, mode, threads)

WRONG_FIELDS = ["benchmark", "tool", "mode", "threads", "level", "verdict",
                "detail", "cause"]
METRIC_NAMES = ["recall", "specificity", "precision", "accuracy", "f1"]


def write_csv(path: str, rows: List[dict], fields: List[str]) -> None:
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        for row in rows:
            writer.writerow({k: row.get(k, "") for k in fields})


def config_key(row: dict) -> ConfigKey:
    return (row["tool"], row["mode"], int(row["threads"]))


def tally_by_config(rows: List[dict]) -> "OrderedDict[ConfigKey, S.Tally]":
    tallies = OrderedDict()
    for row in rows:
        tally = tallies.setdefault(config_key(row), S.Tally())
        line = None
        if row["verdict"] in S.VERDICTS:
            line = S.LineCounts(int(row["line_tp"]), int(row["line_fn"]),
                                int(row["line_tn"]), int(row["line_fp"]))
        tally.add(row["verdict"], line)
    return tallies


# ---- the list of wrong results ----

def _detail(row: dict) -> str:
    parts = []
    if row["verdict"] in (S.FP, S.TP, S.TIMEOUT, S.CRASH) and row["reported_line_pairs"]:
        parts.append("reported " + row["reported_line_pairs"])
    if row["exit_code"] not in ("", 0, "0", 66, "66"):
        parts.append("exit %s" % row["exit_code"])
    for key in ("errors", "notes"):
        if row[key]:
            parts.append(row[key])
    return "; ".join(parts)


def wrong_rows(rows: List[dict]) -> List[dict]:
    """File-level FP/FN/failures, then file-level TPs whose lines do not match,
    per configuration."""
    wrong = []
    for row in rows:
        level = None
        if row["verdict"] not in (S.TP, S.TN):
            level = "file"
        elif row["verdict"] == S.TP and (int(row["line_fn"]) or int(row["line_fp"])):
            level = "line"
        if level:
            verdict = row["verdict"]
            if level == "line":
                verdict = "TP (line FN=%s FP=%s)" % (row["line_fn"], row["line_fp"])
            wrong.append({"benchmark": row["benchmark"], "tool": row["tool"],
                          "mode": row["mode"], "threads": row["threads"],
                          "level": level, "verdict": verdict,
                          "detail": _detail(row), "cause": ""})
    # Keep the configurations in the order of `rows`; file level first in each.
    first_seen = {}
    for r in wrong:
        first_seen.setdefault(config_key(r), len(first_seen))
    wrong.sort(key=lambda r: (first_seen[config_key(r)], r["level"] != "file",
                              r["benchmark"]))
    return wrong


def _wrong_key(row: dict):
    return (row["benchmark"], row["tool"], row["mode"], str(row["threads"]),
            row["level"])


def carry_over_causes(wrong: List[dict], previous_csv: str) -> None:
    """Keep the causes people already wrote for the same wrong result."""
    if not os.path.exists(previous_csv):
        return
    with open(previous_csv, newline="") as f:
        causes = {_wrong_key(r): r.get("cause", "") for r in csv.DictReader(f)}
    for row in wrong:
        row["cause"] = causes.get(_wrong_key(row), "")


# ---- summary.md ----

def _fmt(value) -> str:
    return "n/a" if value is None else "%.3f" % value


def _md_table(header: List[str], body: List[List]) -> List[str]:
    lines = ["| " + " | ".join(header) + " |",
             "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in body]
    return lines


def file_level_table(tallies) -> List[str]:
    header = (["tool", "mode", "threads", "TP", "FN", "TN", "FP", "compile err",
               "timeout", "crash", "tool err", "total"] + METRIC_NAMES)
    body = []
    for (tool, mode, threads), t in tallies.items():
        v = t.verdicts
        m = t.file_metrics()
        body.append([tool, mode, threads, v[S.TP], v[S.FN], v[S.TN], v[S.FP],
                     v[S.COMPILE_ERROR], v[S.TIMEOUT], v[S.CRASH], v[S.TOOL_ERROR],
                     t.total()] + [_fmt(m[k]) for k in METRIC_NAMES])
    return _md_table(header, body)


def line_level_table(tallies) -> List[str]:
    header = ["tool", "mode", "threads", "TP", "FN", "TN", "FP"] + METRIC_NAMES
    body = []
    for (tool, mode, threads), t in tallies.items():
        m = t.line_metrics()
        body.append([tool, mode, threads, t.line.tp, t.line.fn, t.line.tn,
                     t.line.fp] + [_fmt(m[k]) for k in METRIC_NAMES])
    return _md_table(header, body)


def _collapse_uniform_failures(wrong: List[dict], tallies) -> List[dict]:
    """One row instead of hundreds when every run of a configuration failed the
    same way (e.g. a mode the tool does not have yet); wrong.csv keeps them all."""
    groups = OrderedDict()
    for r in wrong:
        groups.setdefault(config_key(r), []).append(r)
    shown = []
    for key, group in groups.items():
        same = {(r["level"], r["verdict"], r["detail"], r["cause"]) for r in group}
        if len(group) > 1 and len(same) == 1 and len(group) == tallies[key].total():
            shown.append(dict(group[0], benchmark="(all %d)" % len(group)))
        else:
            shown += group
    return shown


def wrong_table(wrong: List[dict], tallies) -> List[str]:
    body = [[r[k] for k in WRONG_FIELDS] for r in _collapse_uniform_failures(wrong, tallies)]
    return _md_table(WRONG_FIELDS, [[str(c).replace("|", "\\|") for c in row]
                                    for row in body])


def summary_markdown(info: Dict[str, str], tallies, timings: List[List],
                     wrong: List[dict]) -> str:
    lines = ["# DataRaceBench evaluation", ""]
    lines += ["- **%s**: %s" % (k, v) for k, v in info.items()]
    lines += ["", "## File level", "",
              "A run is TP/FN/TN/FP by whether it reported any data race; runs "
              "that gave no verdict are counted in their own columns and are not "
              "in the metrics (see dataracebench/README.md).", ""]
    lines += file_level_table(tallies)
    lines += ["", "## Line level (DataRaceBench Level 1)", "",
              "Per run with a verdict: TP = listed line pairs reported, FN = listed "
              "line pairs not reported, FP = reported line pairs not listed, TN = 1 "
              "for a race-free file without reports.", ""]
    lines += line_level_table(tallies)
    lines += ["", "## Time", ""]
    lines += _md_table(["tool", "benchmarks", "runs", "wall clock (s)",
                        "sum of run times (s)"], timings)
    lines += ["", "## Wrong results", "",
              "From wrong.csv (fill in its `cause` column; causes are kept when "
              "the evaluation is re-run into the same directory).", ""]
    lines += wrong_table(wrong, tallies) if wrong else ["None."]
    return "\n".join(lines) + "\n"
