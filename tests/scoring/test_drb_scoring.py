#!/usr/bin/env python3
"""Unit tests of dataracebench/drb_scoring.py on fixtures we wrote ourselves
(tests/scoring/fixtures); no DataRaceBench, compiler or tool needed."""

import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "dataracebench"))
sys.dont_write_bytecode = True   # no __pycache__ in the source tree

import drb_results  # noqa: E402
import drb_scoring as S  # noqa: E402

REPORTS = os.path.join(HERE, "fixtures", "reports")
SOURCE = "/src/micro-benchmarks/DRB901-listedrace-orig-yes.c"


def fixture(name, source=SOURCE):
    with open(os.path.join(REPORTS, name)) as f:
        return f.read().replace("{source}", source)


def race(line_a, line_b, path=SOURCE):
    return S.ReportedRace(S.Access("write", path, line_a, 1),
                          S.Access("read", path, line_b, 1))


class GroundTruthTest(unittest.TestCase):
    def test_label_comes_from_the_file_name(self):
        self.assertTrue(S.benchmark_has_race("/x/DRB001-antidep1-orig-yes.c"))
        self.assertFalse(S.benchmark_has_race("DRB045-doall1-orig-no.c"))
        self.assertTrue(S.benchmark_has_race("DRB150-missinglock1-orig-gpu-yes.cpp"))

    def test_other_names_are_rejected(self):
        with self.assertRaises(ValueError):
            S.benchmark_has_race("polybench.c")


class ListedPairsTest(unittest.TestCase):
    def test_single_pair(self):
        pairs = S.parse_listed_pairs(
            "/*\nData race pair: a[i+1]@64:10:R vs. a[i]@64:5:W\n*/\nint main(){}")
        self.assertEqual(pairs, [S.ListedPair("a[i+1]", 64, 10, "R", "a[i]", 64, 5, "W")])

    def test_numbered_and_continued_lists(self):
        pairs = S.parse_listed_pairs(
            "Data race pairs:\n 1. x@73:12:R vs. x@74:5:W \n 2. x@74:5:W vs. x@74:5:W\n"
            "                 tmp@65:5:W vs. tmp@66:12:R\n")
        self.assertEqual([(p.var1, p.line1, p.var2, p.line2) for p in pairs],
                         [("x", 73, "x", 74), ("x", 74, "x", 74),
                          ("tmp", 65, "tmp", 66)])

    def test_spaces_in_variables_and_comment_stars(self):
        pairs = S.parse_listed_pairs(
            " * Data race pairs: u2[i]@39:7:W vs. u1[i - 1]@39:28:R\n"
            " *                  u[1 - p][i]@38:7:W vs. u[p][i + 1]@38:50:R\n")
        self.assertEqual([(p.var1, p.var2) for p in pairs],
                         [("u2[i]", "u1[i - 1]"), ("u[1 - p][i]", "u[p][i + 1]")])

    def test_at_sign_before_kind(self):
        # DRB180 writes work@65:19@W
        pairs = S.parse_listed_pairs(
            "   Data Race Pair, in@60:43:R vs. in@52:43:W\n"
            "                   work@65:19@W vs. work@65:19@W \n")
        self.assertEqual([(p.line1, p.kind1, p.line2, p.kind2) for p in pairs],
                         [(60, "R", 52, "W"), (65, "W", 65, "W")])
        self.assertEqual(pairs[0].line_pair(), (52, 60))

    def test_write_and_read_sets(self):
        # DRB073 style: every Write x Write and Write x Read combination
        pairs = S.parse_listed_pairs(
            "  Write_set = {j@61:10, j@61:20}\n"
            "  Read_set = {j@62:20, a[i][j]@63:12}\n"
            "  Any pair from Write_set vs. Write_set  and Write_set vs. Read_set\n")
        self.assertEqual(len(pairs), 2 * 2 + 2 * 2)
        self.assertEqual({p.line_pair() for p in pairs},
                         {(61, 61), (61, 62), (61, 63)})
        self.assertEqual({p.kind2 for p in pairs}, {"W", "R"})

    def test_vs_without_locations_is_not_a_pair(self):
        self.assertEqual(S.parse_listed_pairs(
            "// verify the results, no overlapping of xa1 vs. xa2\n"), [])


class OmpracerParseTest(unittest.TestCase):
    def test_reports_with_continuation_lines(self):
        out = S.parse_ompracer_output(fixture("ompracer_two_races.stderr"))
        self.assertEqual(out.tool_errors, [])
        self.assertEqual(out.notes, [])
        self.assertEqual(len(out.races), 3)
        first = out.races[0]
        self.assertEqual((first.first.kind, first.first.path, first.first.line,
                          first.first.col), ("read", SOURCE, 20, 10))
        self.assertEqual(first.second.kind, "write")
        self.assertEqual(out.races[1].line_pair_in(SOURCE), (22, 24))

    def test_clean_run(self):
        out = S.parse_ompracer_output(fixture("ompracer_clean.stderr"))
        self.assertEqual((out.races, out.tool_errors), ([], []))

    def test_unknown_location(self):
        out = S.parse_ompracer_output(fixture("ompracer_unknown_location.stderr"))
        self.assertEqual(len(out.races), 2)
        self.assertEqual(out.races[0].first, S.Access("atomic write", None, None, None))
        self.assertEqual(out.races[1].second, S.Access("write", None, None, None))
        self.assertIsNone(out.races[0].line_pair_in(SOURCE))
        self.assertEqual(out.tool_errors, [])
        self.assertEqual(out.notes, ["2 access(es) without a source location"])

    def test_auto_mode_choice_is_a_note(self):
        out = S.parse_ompracer_output(fixture("ompracer_auto_precise.stderr"))
        self.assertEqual((out.races, out.tool_errors, out.missing_end), ([], [], None))
        self.assertEqual(len(out.notes), 1)
        self.assertTrue(out.notes[0].startswith("auto chose precise (the program uses"))

    def test_tool_warnings_are_notes(self):
        out = S.parse_ompracer_output(fixture("ompracer_tool_warnings.stderr"))
        self.assertEqual((out.races, out.tool_errors, out.missing_end), ([], [], None))
        self.assertEqual(len(out.notes), 2)   # the repeated warning counts once
        self.assertIn("distribute is not modelled yet", out.notes[0])

    def test_warnings_mentioning_options_are_notes_not_tool_errors(self):
        # Issue 10.6: the fast-mode warning names OMPRACER_OPTIONS, and without -g
        # its site is '<unknown location ...>'; it is a note, never a tool error.
        out = S.parse_ompracer_output(fixture("ompracer_fast_mode_warning.stderr"))
        self.assertEqual(out.tool_errors, [])
        self.assertEqual(len(out.races), 1)
        self.assertEqual(len(out.notes), 1)
        self.assertTrue(out.notes[0].startswith("WARNING: fast mode may report false races"))
        self.assertEqual(S.classify_run(False, S.RunRecord(compiled=True, exit_code=66,
                                                           parsed=out)), S.FP)
        for wording in ("an unsupported construct", "an invalid lock", "an unrecognized x"):
            text = ("==ompracer== WARNING: fast mode may miss races in this program: it "
                    "uses %s at a.c:3; run it with OMPRACER_OPTIONS=mode=precise\n"
                    "==ompracer== SUMMARY: 0 data race(s) reported\n" % wording)
            self.assertEqual(S.parse_ompracer_output(text).tool_errors, [], wording)

    def test_options_error_is_a_tool_error(self):
        out = S.parse_ompracer_output(fixture("ompracer_option_rejected.stderr"))
        self.assertEqual(len(out.tool_errors), 1)
        self.assertIn("mdoe", out.tool_errors[0])

    def test_incomplete_checking_is_a_tool_error(self):
        out = S.parse_ompracer_output(fixture("ompracer_incomplete.stderr"))
        self.assertEqual(out.races, [])
        self.assertIsNone(out.missing_end)
        self.assertEqual(len(out.tool_errors), 1)
        self.assertIn("node arena is full", out.tool_errors[0])
        record = S.RunRecord(compiled=True, exit_code=67, parsed=out)
        self.assertEqual(S.classify_run(True, record), S.TOOL_ERROR)
        self.assertEqual(S.classify_run(False, record), S.TOOL_ERROR)

    def test_incomplete_summary_without_its_error_line_is_a_tool_error(self):
        out = S.parse_ompracer_output(
            "==ompracer== SUMMARY: 0 data race(s) reported; checking was incomplete "
            "(see the ERROR above), so races may have been missed\n")
        self.assertIsNone(out.missing_end)
        self.assertEqual(len(out.tool_errors), 1)
        self.assertIn("checking was incomplete", out.tool_errors[0])
        self.assertEqual(S.classify_run(False, S.RunRecord(compiled=True, exit_code=0,
                                                           parsed=out)), S.TOOL_ERROR)

    def test_rejected_option_is_a_tool_error(self):
        out = S.parse_ompracer_output(fixture("ompracer_mode_rejected.stderr"))
        self.assertTrue(any("precise" in e for e in out.tool_errors), out.tool_errors)

    def test_missing_summary_is_recorded(self):
        out = S.parse_ompracer_output(fixture("ompracer_no_summary.stderr"))
        self.assertEqual(out.missing_end, "no ompracer SUMMARY line")
        self.assertEqual(out.tool_errors, [])
        silent = S.parse_ompracer_output("")
        self.assertIn("no libomp tool registration log", silent.missing_end)
        self.assertIsNone(S.parse_ompracer_output("", expect_summary=False).missing_end)
        self.assertIsNone(S.parse_ompracer_output(fixture("ompracer_clean.stderr")).missing_end)

    def test_truncated_report_is_a_tool_error(self):
        out = S.parse_ompracer_output(fixture("ompracer_truncated_report.stderr"))
        self.assertEqual(out.races, [])
        self.assertEqual(len(out.tool_errors), 1)
        self.assertIn("SUMMARY says 1", out.notes[0])


class TsanParseTest(unittest.TestCase):
    def setUp(self):
        self.out = S.parse_tsan_output(fixture("tsan_races.stderr"),
                                       os.path.basename(SOURCE))

    def test_only_data_races_are_races(self):
        self.assertEqual(len(self.out.races), 2)
        self.assertEqual(self.out.notes, ["TSan: thread leak",
                                          "1 access(es) without a source location"])
        self.assertEqual(self.out.tool_errors, [])

    def test_frame_zero_locates_the_access(self):
        race_ = self.out.races[0]
        self.assertEqual((race_.first.kind, race_.first.line, race_.first.col),
                         ("atomic read", 24, 9))
        self.assertEqual((race_.second.kind, race_.second.line), ("write", 22))
        self.assertEqual(race_.line_pair_in(SOURCE), (22, 24))

    def test_interceptor_frames_are_skipped_for_the_benchmark_file(self):
        race_ = self.out.races[1]
        self.assertEqual((race_.first.path, race_.first.line), (SOURCE, 30))

    def test_lost_stack_is_not_replaced_by_the_allocation_stack(self):
        race_ = self.out.races[1]
        self.assertEqual(race_.second, S.Access("read", None, None, None))
        self.assertIsNone(race_.line_pair_in(SOURCE))

    def test_without_source_name_frame_zero_is_taken(self):
        out = S.parse_tsan_output(fixture("tsan_races.stderr"))
        self.assertTrue(out.races[1].first.path.endswith("memintrinsics.inc"))


class ArcherStartTest(unittest.TestCase):
    def check(self, stderr, stdout):
        out = S.ParsedOutput()
        S.check_archer_started(out, fixture(stderr), fixture(stdout))
        return out

    def test_started(self):
        out = self.check("tsan_no_race.stderr", "archer_started.stdout")
        self.assertEqual((out.tool_errors, out.notes), ([], []))

    def test_libomp_started_but_archer_did_not(self):
        out = self.check("tsan_no_race.stderr", "plain.stdout")
        self.assertEqual(out.tool_errors, ["Archer did not start"])

    def test_program_without_openmp_runtime(self):
        out = self.check("ompracer_clean.stderr", "plain.stdout")
        self.assertEqual(out.tool_errors, [])
        self.assertEqual(len(out.notes), 1)


def run(races=(), exit_code=0, timed_out=False, compiled=True, tool_errors=(),
        missing_end=None):
    parsed = S.ParsedOutput(races=list(races), tool_errors=list(tool_errors),
                            missing_end=missing_end)
    return S.RunRecord(compiled=compiled, timed_out=timed_out, exit_code=exit_code,
                       parsed=parsed)


class ClassifyTest(unittest.TestCase):
    def test_four_verdicts(self):
        self.assertEqual(S.classify_run(True, run([race(1, 2)], 66)), S.TP)
        self.assertEqual(S.classify_run(True, run()), S.FN)
        self.assertEqual(S.classify_run(False, run()), S.TN)
        self.assertEqual(S.classify_run(False, run([race(1, 2)], 66)), S.FP)

    def test_compile_error(self):
        self.assertEqual(S.classify_run(True, run(compiled=False, exit_code=None)),
                         S.COMPILE_ERROR)

    def test_timeout_without_report(self):
        self.assertEqual(S.classify_run(False, run(timed_out=True, exit_code=None)),
                         S.TIMEOUT)

    def test_reports_count_even_after_timeout_or_crash(self):
        self.assertEqual(S.classify_run(True, run([race(1, 2)], None, timed_out=True)), S.TP)
        self.assertEqual(S.classify_run(False, run([race(1, 2)], -11)), S.FP)

    def test_crash(self):
        self.assertEqual(S.classify_run(True, run(exit_code=-11)), S.CRASH)
        self.assertEqual(S.classify_run(False, run(exit_code=1)), S.CRASH)

    def test_program_that_did_not_start(self):
        self.assertEqual(S.diagnose(run(exit_code=None)),
                         (S.CRASH, "the program could not be started"))

    def test_race_exit_code_without_report(self):
        self.assertEqual(S.classify_run(False, run(exit_code=66)), S.TOOL_ERROR)

    def test_incomplete_exit_code_without_error_line(self):
        record = run(exit_code=67)
        record.incomplete_exit_code = 67
        self.assertEqual(S.diagnose(record),
                         (S.TOOL_ERROR, "exit code 67 (checking incomplete) but no ERROR "
                                        "line parsed"))
        # Tools without that exit code (TSan, Archer): a plain non-zero exit.
        self.assertEqual(S.classify_run(False, run(exit_code=67)), S.CRASH)

    def test_missing_end_line_after_a_normal_exit_is_a_tool_error(self):
        self.assertEqual(S.classify_run(False, run(missing_end="no SUMMARY")), S.TOOL_ERROR)
        self.assertEqual(S.diagnose(run(missing_end="no SUMMARY"))[1], "no SUMMARY")

    def test_missing_end_line_is_expected_after_crash_or_timeout(self):
        self.assertEqual(S.classify_run(False, run(exit_code=-6, missing_end="x")), S.CRASH)
        self.assertEqual(S.classify_run(True, run(exit_code=None, timed_out=True,
                                                  missing_end="x")), S.TIMEOUT)
        self.assertEqual(S.classify_run(True, run([race(1, 2)], 66, missing_end="x")), S.TP)

    def test_reasons(self):
        self.assertEqual(S.diagnose(run(exit_code=-11)), (S.CRASH, "killed by signal 11"))
        self.assertEqual(S.diagnose(run(exit_code=66))[0], S.TOOL_ERROR)
        self.assertEqual(S.diagnose(run([race(1, 2)], 66)), (None, ""))

    def test_tool_error_wins_over_reports(self):
        self.assertEqual(S.classify_run(True, run([race(1, 2)], 66,
                                                  tool_errors=["unknown mode"])),
                         S.TOOL_ERROR)


class LineLevelTest(unittest.TestCase):
    listed = [S.ListedPair("a", 20, 5, "W", "a", 20, 10, "R"),
              S.ListedPair("x", 24, 9, "R", "x", 22, 5, "W")]

    def counts(self, races, listed=None, source=SOURCE):
        c = S.line_level_counts(self.listed if listed is None else listed, races, source)
        return (c.tp, c.fn, c.tn, c.fp)

    def test_match_is_unordered_and_deduplicated(self):
        self.assertEqual(self.counts([race(20, 20), race(22, 24), race(24, 22)]),
                         (2, 0, 0, 0))

    def test_mismatch(self):
        self.assertEqual(self.counts([race(20, 21), race(22, 24)]), (1, 1, 0, 1))

    def test_nothing_reported(self):
        self.assertEqual(self.counts([]), (0, 2, 0, 0))

    def test_race_free_file(self):
        self.assertEqual(self.counts([], listed=[]), (0, 0, 1, 0))
        self.assertEqual(self.counts([race(3, 4), race(4, 3), race(5, 5)], listed=[]),
                         (0, 0, 0, 2))

    def test_other_file_or_unknown_line_is_a_false_positive(self):
        elsewhere = race(20, 20, path="/src/utilities/polybench.c")
        unknown = S.ReportedRace(S.Access("write", None, None, None),
                                 S.Access("read", SOURCE, 20, 1))
        self.assertEqual(self.counts([elsewhere, unknown]), (0, 2, 0, 2))

    def test_same_name_in_another_directory_matches(self):
        self.assertEqual(self.counts([race(20, 20, path="DRB901-listedrace-orig-yes.c")]),
                         (1, 1, 0, 0))


class MetricsTest(unittest.TestCase):
    def test_values(self):
        m = S.metrics(tp=8, fn=2, tn=6, fp=4)
        self.assertAlmostEqual(m["recall"], 0.8)
        self.assertAlmostEqual(m["specificity"], 0.6)
        self.assertAlmostEqual(m["precision"], 8 / 12)
        self.assertAlmostEqual(m["accuracy"], 14 / 20)
        self.assertAlmostEqual(m["f1"], 2 * 0.8 * (8 / 12) / (0.8 + 8 / 12))

    def test_undefined_values_are_none(self):
        m = S.metrics(0, 0, 0, 0)
        self.assertEqual(set(m.values()), {None})
        self.assertIsNone(S.metrics(0, 3, 1, 0)["f1"])

    def test_tally_keeps_failures_out_of_the_metrics(self):
        t = S.Tally()
        t.add(S.TP, S.LineCounts(tp=1, fp=1))
        t.add(S.TN, S.LineCounts(tn=1))
        t.add(S.TIMEOUT, None)
        t.add(S.CRASH, None)
        self.assertEqual(t.total(), 4)
        self.assertEqual((t.verdicts[S.TIMEOUT], t.verdicts[S.CRASH]), (1, 1))
        self.assertEqual(t.file_metrics()["accuracy"], 1.0)
        self.assertEqual(t.line_metrics()["precision"], 0.5)


def result_row(bench, verdict, mode="fast", line=("", "", "", ""), pairs=""):
    return {"benchmark": bench, "tool": "ompracer", "mode": mode, "threads": 2,
            "verdict": verdict, "exit_code": 66 if pairs else 0, "errors": "",
            "notes": "", "reported_line_pairs": pairs, "line_tp": line[0],
            "line_fn": line[1], "line_tn": line[2], "line_fp": line[3]}


class ResultsTest(unittest.TestCase):
    rows = [result_row("DRB001-a-yes.c", S.TP, line=(1, 0, 0, 0), pairs="5-5"),
            result_row("DRB002-b-yes.c", S.TP, line=(0, 1, 0, 1), pairs="7-9"),
            result_row("DRB003-c-no.c", S.TN, line=(0, 0, 1, 0)),
            result_row("DRB004-d-no.c", S.FP, line=(0, 0, 0, 1), pairs="3-4"),
            result_row("DRB001-a-yes.c", S.TOOL_ERROR, mode="precise"),
            result_row("DRB002-b-yes.c", S.TOOL_ERROR, mode="precise"),
            result_row("DRB003-c-no.c", S.TOOL_ERROR, mode="precise"),
            result_row("DRB004-d-no.c", S.TOOL_ERROR, mode="precise")]

    def test_tally_per_configuration(self):
        tallies = drb_results.tally_by_config(self.rows)
        fast = tallies[("ompracer", "fast", 2)]
        self.assertEqual((fast.verdicts[S.TP], fast.verdicts[S.TN], fast.verdicts[S.FP]),
                         (2, 1, 1))
        self.assertEqual((fast.line.tp, fast.line.fn, fast.line.tn, fast.line.fp),
                         (1, 1, 1, 2))
        self.assertEqual(tallies[("ompracer", "precise", 2)].verdicts[S.TOOL_ERROR], 4)

    def test_wrong_rows(self):
        wrong = drb_results.wrong_rows(self.rows)
        self.assertEqual([(r["benchmark"], r["mode"], r["level"]) for r in wrong][:3],
                         [("DRB004-d-no.c", "fast", "file"),
                          ("DRB002-b-yes.c", "fast", "line"),
                          ("DRB001-a-yes.c", "precise", "file")])
        self.assertEqual(len(wrong), 6)
        self.assertIn("reported 3-4", wrong[0]["detail"])

    def test_uniform_failures_are_one_row_in_the_summary(self):
        tallies = drb_results.tally_by_config(self.rows)
        wrong = drb_results.wrong_rows(self.rows)
        table = drb_results.wrong_table(wrong, tallies)
        self.assertEqual(len(table), 2 + 3)   # header, rule, 2 fast rows, 1 precise
        self.assertIn("(all 4)", table[-1])


class OmpracerJsonTest(unittest.TestCase):
    """report=json (docs/report-format.md): races and the summary from JSON lines."""
    RACE = ('{"type":"race","pid":7,"kind":"write-read","rule":"ompracer/write-read",'
            '"address":"0x10","size":4,"accesses":[{"access":"write","atomic":false,'
            '"file":"/d/DRB001-x.c","line":12,"column":5,"function":"main","construct":"c"},'
            '{"access":"read","atomic":true,"file":null,"line":null,"column":null,'
            '"function":"f","construct":"c"}]}')

    def test_races_and_summary(self):
        out = S.parse_ompracer_output(
            "==ompracer== ompracer started (mode=fast)\n" + self.RACE + "\n"
            '{"type":"summary","pid":7,"races":1,"suppressed":0,"incomplete":false}\n')
        self.assertEqual(out.races, [S.ReportedRace(S.Access("write", "/d/DRB001-x.c", 12, 5),
                                                    S.Access("atomic read", None, None, None))])
        self.assertIsNone(out.missing_end)
        self.assertEqual(out.tool_errors, [])

    def test_no_summary_object_is_a_missing_end(self):
        out = S.parse_ompracer_output(self.RACE + "\n")
        self.assertIsNotNone(out.missing_end)

    def test_incomplete_summary_is_a_tool_error(self):
        out = S.parse_ompracer_output(
            '{"type":"summary","pid":7,"races":0,"suppressed":0,"incomplete":true}\n')
        self.assertTrue(out.tool_errors)

    def test_broken_line_is_a_tool_error(self):
        out = S.parse_ompracer_output('{"type":"race","pid":7}\n'
                                      '{"type":"summary","pid":7,"races":1,"suppressed":0,'
                                      '"incomplete":false}\n')
        self.assertTrue(any("unparsable JSON" in e for e in out.tool_errors))


if __name__ == "__main__":
    unittest.main()
