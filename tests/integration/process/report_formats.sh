#!/usr/bin/env bash
# report_formats.sh -- option report=json|sarif (docs/report-format.md).
#
# report=json: every line starting with '{' is valid against docs/report.schema.json
# (python3-jsonschema), one race object per race with both accesses, the memory
# (location) and the explanation (why, even with explain=0), then the summary object
# last; no text race block. report=sarif: the log (to log_path, or to stderr) is valid
# against the official SARIF 2.1.0 JSON Schema (fetched from npm by
# scripts/fetch-sarif-schema.sh into the build directory), one result per race with
# two locations, an ompracer/KIND ruleId, a message naming the memory and saying why,
# the memory as a related location, location and why as properties. Exit codes as
# with report=text.
# Exits 77 (skipped) when python3-jsonschema or the SARIF schema cannot be had.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

validate="python3 $here/validate_json.py"
python3 -c 'import jsonschema' 2>/dev/null || {
  echo "SKIP: python3-jsonschema is missing (scripts/install-deps.sh installs it)"
  exit 77
}
sarif_schema=$(bash "$repo/scripts/fetch-sarif-schema.sh" "$OMPRACER_BIN/../sarif" 2>"$tmp/fetch.log") || {
  show "$tmp/fetch.log"
  echo "SKIP: cannot fetch the SARIF 2.1.0 schema (npm registry unreachable?)"
  exit 77
}

cat >"$tmp/p.c" <<'EOF2'
#include <stdio.h>
int x, y, z;
static void setx(void) { x = 1; }
int main(void) {
#pragma omp parallel num_threads(2)
  {
    setx();
    y = 2;
#pragma omp atomic
    z++;
    if (z > 100)
      printf("%d\n", z);
  }
  printf("%d %d %d\n", x, y, z);
  return 0;
}
EOF2
build "$tmp/p.c" "$tmp/p" -O0

run() { # run NAME OPTIONS: stdout/stderr in $tmp/NAME.{out,err}, exit code in rc
  (cd "$tmp" && OMPRACER_OPTIONS=$2 OMP_NUM_THREADS=2 timeout -k 5 60 ./p >"$tmp/$1.out" \
    2>"$tmp/$1.err" </dev/null)
  rc=$?
}
jq_() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($1)" "$2"; }

run text ""
nraces=$(grep -c 'WARNING: data race' "$tmp/text.err")
check "text: races found (got $nraces), exit 66 (got $rc)" [ "$nraces" -ge 3 ] && [ "$rc" = 66 ]

# --- json ---------------------------------------------------------------------------
run json report=json:explain=0
check "json: exit 66 (got $rc)" [ "$rc" = 66 ]
check "json: stdout unchanged" cmp -s "$tmp/text.out" "$tmp/json.out"
check "json: every line valid against docs/report.schema.json" \
  $validate "$repo/docs/report.schema.json" "$tmp/json.err" --lines || show "$tmp/json.err"
check "json: one race object per race ($nraces)" [ "$(grep -c '^{"type":"race"' "$tmp/json.err")" = "$nraces" ]
check "json: no text race report" not grep -q '==ompracer==' "$tmp/json.err"
check "json: the summary object is last and counts the races" \
  sh -c "tail -n 1 '$tmp/json.err' | grep -q '^{\"type\":\"summary\",\"pid\":[0-9]*,\"races\":$nraces,\"suppressed\":0,\"incomplete\":false}\$'"
check "json: the write/write race on y at p.c:8 with both accesses" \
  grep -q '"kind":"write-write","rule":"ompracer/write-write",.*"size":4,"accesses":\[{"access":"write","atomic":false,"file":"[^"]*/p.c","line":8,"column":7,"function":"main","construct":"implicit task of omp parallel at [^"]*/p.c:5"},{"access":"write",' "$tmp/json.err"
check "json: the y race names its memory (location)" \
  grep -q '"line":8,.*"location":"global '"'y'"' of 4 bytes, declared at [^"]*/p.c:2","why":' "$tmp/json.err"
check "json: the y race says why (implicit tasks, no barrier)" \
  grep -q '"line":8,.*"why":"the two accesses are in different threads'"'"' implicit tasks of the omp parallel at [^"]*/p.c:5, with no barrier between them"}$' "$tmp/json.err"
check "json: every race has a location and a why, even with explain=0" \
  [ "$(grep '^{"type":"race"' "$tmp/json.err" | grep -c '"location":"[^"]\+","why":"[^"]\+"}$')" = "$nraces" ]
check "json: an atomic access is marked" grep -q '"kind":"atomic-write-read".*"atomic":true' "$tmp/json.err"
# The schema rejects what it should (the validator is not vacuous).
sed 's/"kind":"write-write"/"kind":"write"/' "$tmp/json.err" >"$tmp/json.bad"
sed 's/,"why":"[^"]*"//' "$tmp/json.err" >"$tmp/json.nowhy"
check "json: a race without why fails the schema" sh -c "! $validate '$repo/docs/report.schema.json' '$tmp/json.nowhy' --lines >/dev/null"
check "json: a bad kind fails the schema" sh -c "! $validate '$repo/docs/report.schema.json' '$tmp/json.bad' --lines >/dev/null"

printf 'race:setx\n' >"$tmp/s.supp"
run jsupp report=json:suppressions=s.supp
check "json + suppressions: summary counts the suppressed race" \
  grep -q "^{\"type\":\"summary\",\"pid\":[0-9]*,\"races\":$((nraces - 1)),\"suppressed\":1," "$tmp/jsupp.err"

# --- sarif --------------------------------------------------------------------------
run sarif report=sarif:log_path=out.sarif
check "sarif: exit 66 (got $rc)" [ "$rc" = 66 ]
check "sarif: stderr holds no report" not grep -q 'data race\|^{' "$tmp/sarif.err"
check "sarif: log_path valid against the SARIF 2.1.0 schema" \
  $validate "$sarif_schema" "$tmp/out.sarif" || show "$tmp/out.sarif"
check "sarif: one result per race" [ "$(jq_ 'len(d["runs"][0]["results"])' "$tmp/out.sarif")" = "$nraces" ]
check "sarif: two locations per result" \
  [ "$(jq_ 'all(len(r["locations"]) == 2 for r in d["runs"][0]["results"])' "$tmp/out.sarif")" = True ]
check "sarif: ruleIds per kind" \
  [ "$(jq_ 'sorted({r["ruleId"] for r in d["runs"][0]["results"]})' "$tmp/out.sarif")" = "['ompracer/atomic-write-read', 'ompracer/write-write']" ]
check "sarif: the y race's location" \
  [ "$(jq_ '[l["physicalLocation"]["region"] for r in d["runs"][0]["results"] for l in r["locations"] if l["physicalLocation"]["artifactLocation"]["uri"].endswith("/p.c") and l["physicalLocation"]["region"]["startLine"] == 8][0]' "$tmp/out.sarif")" = "{'startLine': 8, 'startColumn': 7}" ]
check "sarif: absolute paths are file:// URIs" \
  [ "$(jq_ 'all(l["physicalLocation"]["artifactLocation"]["uri"].startswith("file:///") for r in d["runs"][0]["results"] for l in r["locations"])' "$tmp/out.sarif")" = True ]
y_result='[r for r in d["runs"][0]["results"] if r["locations"][0]["physicalLocation"]["region"]["startLine"] == 8][0]'
msg=$(jq_ "$y_result[\"message\"][\"text\"]" "$tmp/out.sarif")
check "sarif: the y race's message names the memory and says why (got: $msg)" \
  grep -q "^data race (write/write) on 4 bytes at 0x[0-9a-f]* (global 'y' of 4 bytes, declared at .*/p.c:2)\. Why: the two accesses are in different threads' implicit tasks of the omp parallel at .*/p.c:5, with no barrier between them\$" <<<"$msg"
check "sarif: the memory is a related location" \
  grep -q "^global 'y' of 4 bytes, declared at .*/p.c:2\$" <<<"$(jq_ "$y_result[\"relatedLocations\"][0][\"message\"][\"text\"]" "$tmp/out.sarif")"
check "sarif: properties location and why on every result" \
  [ "$(jq_ 'all(r["properties"]["location"] and r["properties"]["why"] for r in d["runs"][0]["results"])' "$tmp/out.sarif")" = True ]
sed 's/"version":"2.1.0"/"version":"2.0.0"/' "$tmp/out.sarif" >"$tmp/bad.sarif"
check "sarif: a wrong version fails the schema" sh -c "! $validate '$sarif_schema' '$tmp/bad.sarif' >/dev/null"

run sarif2 report=sarif:log_path=out.sarif
check "sarif: a second run replaces the file (still one valid log)" $validate "$sarif_schema" "$tmp/out.sarif"

run sarif_stderr report=sarif
check "sarif to stderr: exit 66 (got $rc)" [ "$rc" = 66 ]
grep '^{' "$tmp/sarif_stderr.err" >"$tmp/stderr.sarif"
check "sarif to stderr: valid against the SARIF 2.1.0 schema" $validate "$sarif_schema" "$tmp/stderr.sarif"

run bad report=xml
check "report=xml: exit 64 (got $rc)" [ "$rc" = 64 ]
check "report=xml: names the valid values" grep -q "bad value 'xml' for report; valid values: text, json, sarif" "$tmp/bad.err"

finish
