# common.sh -- shell helpers shared by scripts/corpus.sh and scripts/stress.sh.
# Source it after setting `prog` (the script's name, used in messages); it defines:
#   usage [CODE]   print the script's header comment (from line 2 up to the `set -uo`
#                  line) as its help, and exit with CODE (default 0)
#   die MSG...     print "PROG: MSG" on stderr and exit 2 (bad usage or setup)
#   posint VALUE   succeed when VALUE is a positive decimal integer
#   site_pairs ERR the site pairs of one run's stderr, one "LOC_A <-> LOC_B" line per
#                  `WARNING: data race` report (its two access locations, sorted),
#                  sorted and unique; after fork() every line carries a "[pid N]" tag,
#                  which is dropped
# shellcheck shell=bash

usage() {
  sed -n '2,/^set -uo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}

die() {
  echo "${prog:-$(basename "$0")}: $*" >&2
  exit 2
}

posint() { case "$1" in '' | *[!0-9]* | 0) return 1 ;; esac }

site_pairs() {
  sed -E 's/^==ompracer==\[pid [0-9]+\]/==ompracer==/' "$1" | awk '
    /^==ompracer== WARNING: data race/ { n = 0; inrep = 1; next }
    /^==ompracer==   / && inrep && n < 2 && / at / {
      s = $0
      sub(/^==ompracer==   [^ ]+( [^ ]+)? at /, "", s)   # "read at", "atomic write at"
      i = index(s, " in ")
      if (i) s = substr(s, 1, i - 1)
      loc[n++] = s
      if (n == 2) {
        if (loc[0] <= loc[1]) print loc[0] " <-> " loc[1]; else print loc[1] " <-> " loc[0]
        inrep = 0
      }
      next
    }
    /^==ompracer== [^ ]/ { inrep = 0 }
  ' | LC_ALL=C sort -u
}
