#!/usr/bin/env bash
# Installs what building and testing ompracer needs, from Debian 12's archive, if it
# is missing: LLVM/Clang 19 with libomp (and Archer), FileCheck (llvm-19-tools),
# cmake, make and python3; and, for the Archer/TSan side of the DataRaceBench
# comparison (dataracebench/evaluate --tool archer,tsan), ThreadSanitizer's runtime
# (libclang-rt-19-dev), without which `clang-19 -fsanitize=thread` cannot link.
# python3-jsonschema and npm validate report=json and report=sarif output in the tests
# (tests/integration/process/report_formats.sh; npm fetches the SARIF 2.1.0 schema,
# scripts/fetch-sarif-schema.sh). Runs apt-get as root, or through sudo.
set -euo pipefail

packages=(clang-19 llvm-19-dev libomp-19-dev llvm-19-tools libclang-rt-19-dev cmake make
          python3 python3-jsonschema)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# npm: any npm will do. A machine whose Node.js comes from elsewhere (its nodejs package
# ships npm) cannot take Debian's npm package (apt refuses the conflict), so Debian's
# is installed only when there is no npm at all.
command -v npm >/dev/null || missing+=(npm)
[ ${#missing[@]} -eq 0 ] && exit 0

echo "ompracer: installing ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "ompracer: need root or sudo to install ${missing[*]}" >&2; exit 1; }
  sudo=sudo
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
