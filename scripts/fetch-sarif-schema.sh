#!/usr/bin/env bash
# fetch-sarif-schema.sh DIR: makes DIR/sarif-schema-2.1.0.json, the SARIF 2.1.0 JSON
# Schema (OASIS, version 2.1.0-rtm.5, as shipped by Microsoft's npm package
# @microsoft/jest-sarif), unless it is there already. Needs npm and the npm registry.
# Prints the schema's path. Used by tests/integration/process/report_formats.sh.
set -euo pipefail
dir=$1
out=$dir/sarif-schema-2.1.0.json
if [ ! -s "$out" ]; then
  mkdir -p "$dir"
  command -v npm >/dev/null || { echo "fetch-sarif-schema: npm not found" >&2; exit 1; }
  work=$(mktemp -d "$dir/fetch.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent @microsoft/jest-sarif@1.0.0-beta.0 >/dev/null)
  tar xzf "$work"/microsoft-jest-sarif-1.0.0-beta.0.tgz -C "$work" package/lib/schemas/sarif-2.1.0-rtm.5.json
  grep -q '"Static Analysis Results Format (SARIF) Version 2.1.0-rtm.5 JSON Schema"' \
    "$work/package/lib/schemas/sarif-2.1.0-rtm.5.json"
  mv "$work/package/lib/schemas/sarif-2.1.0-rtm.5.json" "$out"
fi
echo "$out"
