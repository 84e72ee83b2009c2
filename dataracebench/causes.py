"""One-line causes for the benchmarks ompracer gets wrong, written by a person after
reading the reports and the program (see dataracebench/README.md). `fill` copies them
into a results directory's wrong.csv: python3 dataracebench/causes.py RESULTS_DIR."""

import csv
import sys

ITERATION = "conflicting iterations can fall in one chunk; strands were chunks, not iterations (before iteration strands)"
SIMD = "omp simd is not modelled (warned); its iterations were one strand (before iteration strands)"
ONE_TEAM = "the teams region ran as a single team on the host (no num_teams: libomp's host default), which the tool warns about: races between teams cannot show"
TEAMS = ONE_TEAM
PAIRS = "the history keeps one write and two reads per location: of several racing pairs on one variable, which ones are reported depends on the interleaving (at least one per location is)"
SINGLE = "which thread executes the single is the observed one: when it is the thread whose nowait chunk wrote a[9], the pair is in series in this run (found when another thread gets there first)"
THREAD_SENSITIVE = "writes only when omp_get_thread_num() == 0: the iterations that do it are logically parallel, but the one thread that runs them runs them in series (the yes counterpart DRB179 is found)"
USER_SYNC = "hand-made synchronisation (spin loops on atomics/flush): logically parallel, never concurrent; an apparent-race detector reports it (before synchronisation edges)"
SYNC_CRITICAL = "a flag written and tested inside critical sections: the tool follows release/acquire through atomics, flush and omp locks, not hand-offs through critical, so the spin loop orders nothing"
FAST_LOCKS = "fast mode ignores mutual exclusion (warned before the report); precise (the default) and auto are right"
SAME_STATEMENT = "also reports the write/write pair of the same read-modify-write statement, which DataRaceBench does not list"

# benchmark -> cause, or {mode: cause} where modes differ.
CAUSES = {
    "DRB006-indirectaccess2-orig-yes.c": ITERATION,
    "DRB007-indirectaccess3-orig-yes.c": ITERATION,
    "DRB008-indirectaccess4-orig-yes.c": ITERATION,
    "DRB013-nowait-orig-yes.c": SINGLE,
    "DRB171-threadprivate3-orig-no.c": THREAD_SENSITIVE,
    "DRB179-thread-sensitivity-yes.c": ITERATION,
    "DRB024-simdtruedep-orig-yes.c": SIMD,
    "DRB025-simdtruedep-var-yes.c": SIMD,
    "DRB138-simdsafelen-orig-yes.c": SIMD,
    "DRB207-simd-loadstore-yes.c": "finds the listed race, on line 33; DataRaceBench's header says line 34 (its code is on 33)",
    "DRB116-target-teams-orig-yes.c": TEAMS,
    "DRB144-critical-missingreduction-orig-gpu-yes.c": TEAMS,
    "DRB150-missinglock1-orig-gpu-yes.c": TEAMS,
    "DRB160-nobarrier-orig-gpu-yes.c": TEAMS,
    "DRB152-missinglock2-orig-gpu-no.c": FAST_LOCKS,
    "DRB155-missingordered-orig-gpu-no.c": FAST_LOCKS,
    "DRB158-missingtaskbarrier-orig-gpu-no.c": "the end of a host target region waits for the tasks created in it; no OMPT event marks that join (modelled since the pass marks host target regions: right from 2026-11-24 on)",
    "DRB182-atomic3-no.c": USER_SYNC,
    "DRB184-barrier1-no.c": SYNC_CRITICAL,
    "DRB186-barrier2-no.c": USER_SYNC,
    "DRB188-barrier3-no.c": USER_SYNC,
    "DRB190-critical-section2-no.c": USER_SYNC,
    "DRB192-critical-section3-no.c": SYNC_CRITICAL,
    "DRB198-prodcons-no.c": USER_SYNC,
    "DRB200-sync1-no.c": USER_SYNC,
    "DRB183-atomic3-yes.c": "finds the listed race; the other pair is ordered only by hand-made synchronisation (spin loop on an atomic)",
    "DRB185-barrier1-yes.c": "finds the listed race; the other pairs are ordered only by a hand-made barrier (atomics and locks)",
    "DRB189-barrier3-yes.c": {
        "auto": "spins on a hand-made barrier; this run exceeded the 30 s limit (0.01 s when run alone: the spinning depends on how the two threads are scheduled)",
        "*": "finds the listed race; the other pairs are ordered only by a hand-made barrier (atomics and locks)",
    },
    "DRB069-sectionslock1-orig-no.c": FAST_LOCKS,
    "DRB085-threadprivate-orig-no.c": FAST_LOCKS,
    "DRB091-threadprivate2-orig-no.c": FAST_LOCKS,
    "DRB110-ordered-orig-no.c": FAST_LOCKS,
    "DRB118-nestlock-orig-no.c": FAST_LOCKS,
    "DRB143-acquirerelease-orig-no.c": FAST_LOCKS,
    "DRB172-critical2-orig-no.c": FAST_LOCKS,
    "DRB117-taskwait-waitonlychild-orig-yes.c": {
        "fast": "taskwaits not fully nested: fast mode misses it (and warns); precise (the default) and auto find it",
        "*": "reports the real race (psum[1] at lines 41 and 47); DataRaceBench lists a sum/sum pair on line 47",
    },
    "DRB173-non-sibling-taskdep-yes.c": "taskwaits not fully nested: fast mode misses it (and warns); precise (the default) and auto find it",
    "DRB127-tasking-threadprivate1-orig-no.c": "initial-task tasks without a parallel region: logically parallel to main's later read, never concurrent (one thread)",
    "DRB129-mergeable-taskwait-orig-yes.c": "the race exists only if libomp merges the mergeable task into its parent's data environment; it never does here",
    "DRB142-acquirerelease-orig-yes.c": "both listed accesses (line 34) are in unnamed critical sections, which exclude each other: no race by locksets; fast mode's report comes from ignoring the critical",
    "DRB114-if-orig-yes.c": "if(rand() % 2): when the region runs with one thread the loop is one chunk and its carried race is inside it (before iteration strands); found in other runs",
    "DRB178-input-dependence-var-yes.c": "the racy branch does not run with the input DataRaceBench uses (32)",
    "DRB058-jacobikernel-orig-no.c": "too slow for the run's time limit at 8 threads on 2 cores (1000 parallel regions of loops checked per access; at 2 threads it finishes)",
    "DRB065-pireduction-orig-no.c": "precise mode too slow for the 30 s limit",
    "DRB044-adi-tile-no.c": "precise mode (the default) too slow for the 30 s limit on this loop-heavy kernel",
    "DRB105-taskwait-orig-no.c": "precise mode (the default) too slow for the 30 s limit: task recursion, history entries per ST-node on every access",
    "DRB140-reduction-barrier-orig-yes.c": "with more than four threads libomp combines the reduction in a tree inside a barrier the tool takes as ordering, and only the master writes the variable: found at 2 threads, missed at 8",
    "DRB191-critical-section2-yes.c": {
        "auto": "the program spins until its partner thread acts; auto's check run and the real run together exceed the 30 s limit",
        "*": "finds the listed races; the extra pairs are ordered only by hand-made synchronisation (a spin loop on a shared flag)",
    },
    "DRB199-prodcons-yes.c": "finds size++ (line 33) vs size-- (45), which the header calls line 34, and the other real pairs between critical(A) and critical(B)",
    "DRB020-privatemissing-var-yes.c": SAME_STATEMENT,
    "DRB035-truedepscalar-orig-yes.c": SAME_STATEMENT,
    "DRB036-truedepscalar-var-yes.c": SAME_STATEMENT,
    "DRB111-linearmissing-orig-yes.c": SAME_STATEMENT + "; one listed pair is within one chunk",
    "DRB095-doall2-taskloop-orig-yes.c": PAIRS,
    "DRB136-taskdep-mutexinoutset-orig-yes.c": "reports the real races on c (lines 26, 32, 34, 36); DataRaceBench lists a d/d pair on line 36 that one task writes once",
    "DRB073-doall2-orig-yes.c": PAIRS,
    "DRB074-flush-orig-yes.c": FAST_LOCKS + "; the extra pair is inside a critical",
    "DRB084-threadprivatemissing-orig-yes.c": FAST_LOCKS + "; the extra pair is inside a critical",
    "DRB092-threadprivatemissing2-orig-yes.c": FAST_LOCKS + "; the extra pair is inside a critical",
    "DRB148-critical1-orig-gpu-yes.c": FAST_LOCKS + "; the extra pair is inside a critical",
    "DRB181-SmithWaterman-yes.c": FAST_LOCKS + "; the extra pair is inside a critical",
    "DRB180-miniAMR-yes.c": "finds the race; also reports pairs of the same loops that DataRaceBench does not list; " + PAIRS,
}


def cause_for(benchmark, mode):
    c = CAUSES.get(benchmark)
    if isinstance(c, dict):
        return c.get(mode, c.get("*", ""))
    return c or ""


def refresh_summary(results_dir, rows):
    """Puts the causes into the wrong-results table of summary.md (cells split on |)."""
    path = f"{results_dir}/summary.md"
    by_key = {(r["benchmark"], r["tool"], r["mode"], r["threads"], r["level"]): r["cause"]
              for r in rows}
    out = []
    for line in open(path).read().split("\n"):
        cells = line.split(" | ")
        if line.startswith("| DRB") and len(cells) >= 8:
            key = (cells[0][2:], cells[1], cells[2], cells[3], cells[4])
            if key in by_key:
                cells[-1] = by_key[key].replace("|", "/") + " |"
                line = " | ".join(cells)
        out.append(line)
    open(path, "w").write("\n".join(out))


def fill(results_dir):
    path = f"{results_dir}/wrong.csv"
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
        fields = rows[0].keys() if rows else []
    missing = []
    for r in rows:
        if r["tool"] == "ompracer" and not r["cause"]:
            r["cause"] = cause_for(r["benchmark"], r["mode"])
            if not r["cause"]:
                missing.append((r["benchmark"], r["mode"], r["level"]))
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(fields))
        w.writeheader()
        w.writerows(rows)
    refresh_summary(results_dir, rows)
    for m in missing:
        print("no cause for", *m)
    return not missing


if __name__ == "__main__":
    sys.exit(0 if fill(sys.argv[1]) else 1)
