#!/usr/bin/env bash
# dump_ospg.sh -- option dump_ospg=PATH writes the run's OSPG as Graphviz dot at exit.
#
# A race-free program with two parallel regions, the first with two tasks ordered by a
# dependence and a taskwait: the file is a dot digraph of the whole run whose nodes
# and tree edges form one tree under the root (every node declared once, one parent
# each), with both regions (finished regions keep their nodes when the option is set),
# the implicit tasks as P-nodes, the closed ST-node (st_val -1, named by the taskwait
# that closed it) holding the two task P-nodes, the dependence as a dashed edge from the first task to the second, and
# nothing highlighted. stdout and the exit code are as without the option; `dot -Tsvg`
# accepts the file (skipped without graphviz). A path that cannot be written gives one
# ERROR line, not a failure.
#
# A racy program with three parallel regions, the first race between two sibling
# tasks in the second and a later one in the third: the file draws only the second
# region (with the path up to the root, dashed), exactly the two strands of the first
# reported race filled red and labelled with the accesses the report names, exactly
# their LCA (computed from the file's own tree edges) with a double border, and the
# race with its why line as the graph's title.
#
# A second program, a worksharing loop followed by a single: only the strands under
# the loop's chunks are labelled "iterations of omp for", not the code after the loop.
# %p in the path is the process id (one file per process, like log_path); an unknown
# '%' sequence is refused at start with exit code 64.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

cat >"$tmp/p.c" <<'EOF2'
#include <stdio.h>
int a, b;
int main(void) {
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    {
#pragma omp task depend(out : a)
      a = 1;
#pragma omp task depend(in : a)
      b = a;
#pragma omp taskwait
    }
  }
#pragma omp parallel num_threads(2)
  {
    int c = b; /* reads only: no race, so the whole graph is written */
    (void)c;
  }
  printf("%d\n", a);
  return 0;
}
EOF2
build "$tmp/p.c" "$tmp/p" -O0

(cd "$tmp" && OMPRACER_OPTIONS=dump_ospg=g.dot OMP_NUM_THREADS=2 timeout -k 5 60 ./p >"$tmp/out" 2>"$tmp/err")
rc=$?
check "exit code 0 as without the option (got $rc)" [ "$rc" = 0 ]
check "stdout unchanged" [ "$(cat "$tmp/out")" = 1 ]
check "the dot file was written" [ -s "$tmp/g.dot" ] || show "$tmp/err"

cat >"$tmp/check.py" <<'EOF2'
import re, sys
text = open(sys.argv[1]).read()
nodes = {m.group(1): m.group(2) for m in re.finditer(r'^  (n\d+) \[[^\n]*label="([^"]*)"\];$', text, re.M)}
tree = re.findall(r'^  (n\d+) -> (n\d+);$', text, re.M)
deps = re.findall(r'^  (n\d+) -> (n\d+) \[style=dashed', text, re.M)
def node(pattern):
    found = [n for n, label in nodes.items() if re.search(pattern, label)]
    return found
failures = []
def expect(what, ok):
    print(("ok: " if ok else "FAIL: ") + what)
    failures.append(not ok)
expect("a digraph", text.count("digraph ospg {") == 1 and text.rstrip().endswith("}"))
declared = re.findall(r'^  (n\d+) \[', text, re.M)
expect("every node declared once", len(declared) == len(set(declared)) == len(nodes))
parents = {}
for p, c in tree:
    parents.setdefault(c, []).append(p)
expect("one root, labelled root", node(r'^S\d+\\nroot$') == [n for n in nodes if n not in parents])
expect("every other node has one parent, a declared node",
       all(len(parents.get(n, [])) == 1 and parents[n][0] in nodes for n in nodes if n not in node(r'root$')))
regions = node(r'^S\d+\\nparallel p\.c:(4|15)$')
expect("no race: nothing highlighted", 'tomato' not in text and 'peripheries' not in text and 'LCA' not in text)
expect(f"both parallel regions are there (got {len(regions)})", len(regions) == 2)
implicit = node(r'^P\d+\\nimplicit task p\.c:4$')
expect("implicit tasks are P-nodes, two per barrier phase", len(implicit) >= 2 and len(implicit) % 2 == 0 and
       all(re.search(r'\\nbarrier phase p\.c:4$', nodes[parents[n][0]]) for n in implicit))
st = node(r'^ST\d+\\nchildren until taskwait p\.c:12\\nst_val -1$')
t1, t2 = node(r'^P\d+\\ntask p\.c:8$'), node(r'^P\d+\\ntask p\.c:10$')
expect("a closed ST-node holds the two tasks",
       len(st) == 1 and len(t1) == 1 and len(t2) == 1 and parents[t1[0]] == st and parents[t2[0]] == st)
expect("the dependence is a dashed edge from the first task to the second", deps == [(t1[0], t2[0])] if t1 and t2 else False)
expect("strands are boxes", all('shape=box' in l for l in re.findall(r'^  n\d+ \[[^\n]*label="W\d+', text, re.M)))
sys.exit(1 if any(failures) else 0)
EOF2
python3 "$tmp/check.py" "$tmp/g.dot" || { failures=$((failures + 1)); show "$tmp/g.dot"; }

if command -v dot >/dev/null; then
  check "dot -Tsvg accepts it" dot -Tsvg "$tmp/g.dot" -o "$tmp/g.svg"
  check "the picture is an SVG" grep -q '<svg' "$tmp/g.svg"
else
  echo "note: graphviz (dot) is not installed: the rendering check is skipped"
fi

(cd "$tmp" && OMPRACER_OPTIONS=dump_ospg=nodir/g.dot OMP_NUM_THREADS=2 timeout -k 5 60 ./p >"$tmp/out2" 2>"$tmp/err2")
rc=$?
check "an unwritable path: exit code unchanged (got $rc)" [ "$rc" = 0 ]
check "an unwritable path: one ERROR line naming it" \
  [ "$(grep -c "^==ompracer== ERROR: cannot write the OSPG to dump_ospg 'nodir/g.dot': No such file or directory\$" "$tmp/err2")" = 1 ]

cat >"$tmp/r.c" <<'EOF2'
#include <stdio.h>
int x, y;
int main(void) {
#pragma omp parallel num_threads(2)
  {
    int c = y;
    (void)c;
  }
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task
    x = 1;
#pragma omp task
    x = 2;
#pragma omp taskwait
  }
#pragma omp parallel num_threads(2)
  y += 1;
  printf("%d\n", x);
  return 0;
}
EOF2
build "$tmp/r.c" "$tmp/r" -O0
(cd "$tmp" && OMPRACER_OPTIONS=dump_ospg=r.dot OMP_NUM_THREADS=2 timeout -k 5 60 ./r >"$tmp/out5" 2>"$tmp/err5")
rc=$?
check "a racy program: exit code 66 (got $rc)" [ "$rc" = 66 ]
check "a racy program: the dot file was written" [ -s "$tmp/r.dot" ] || show "$tmp/err5"
cat >"$tmp/check_race.py" <<'EOF2'
import re, sys
text, report = open(sys.argv[1]).read(), open(sys.argv[2]).read().splitlines()
decl = {m.group(1): (m.group(2), m.group(3)) for m in
        re.finditer(r'^  (n\d+) \[([^\n]*)label="([^"]*)"\];$', text, re.M)}
nodes = {n: label for n, (_, label) in decl.items()}
parent = {c: p for p, c in re.findall(r'^  (n\d+) -> (n\d+);$', text, re.M)}
failures = []
def expect(what, ok):
    print(("ok: " if ok else "FAIL: ") + what)
    failures.append(not ok)
# The first report's two accesses, as "write at r.c:13:7".
first = next(i for i, l in enumerate(report) if 'WARNING: data race' in l)
sides = []
for line in report[first + 1:first + 3]:
    m = re.search(r'^==ompracer==\s+(\w[\w ]*?) at \S*/(r\.c:\d+:\d+) in ', line)
    sides.append(f'{m.group(1)} at {m.group(2)}' if m else None)
expect(f"the first report names two accesses of the tasks {sides}",
       sorted(s and s.split(':')[1] for s in sides) == ['13', '15'])
red = [n for n, (attrs, _) in decl.items() if 'fillcolor=tomato' in attrs]
expect(f"exactly two nodes filled red (got {red})", len(red) == 2)
named = sorted(re.findall(r'\\nrace: ([^\\]*)', nodes[n])[0] for n in red if '\\nrace: ' in nodes[n])
expect(f"they are strands labelled with the report's accesses (got {named})",
       all(nodes[n].startswith('W') for n in red) and None not in sides and named == sorted(sides))
expect("no other node names an access", text.count('\\nrace: ') == 2)
def path(n):
    out = [n]
    while out[-1] in parent:
        out.append(parent[out[-1]])
    return out
lca = next((n for n in path(red[0]) if n in path(red[1])), None) if len(red) == 2 else None
double = [n for n, (attrs, _) in decl.items() if 'peripheries=2' in attrs]
expect(f"exactly their LCA has a double border (got {double}, LCA {lca})", double == [lca])
expect("the LCA is labelled so", lca and nodes[lca].count('LCA of the race') == 1 and text.count('LCA of the race') == 1)
region = [n for n, l in nodes.items() if re.search(r'^S\d+\\nparallel r\.c:9$', l)]
expect(f"the race's region is drawn (got {region})", len(region) == 1)
expect("the other regions are not", not any(re.search(r'r\.c:(4|18)\b', l) for l in nodes.values()))
above = path(region[0])[1:] if region else []
dashed = [n for n, (attrs, _) in decl.items() if 'dashed' in attrs]
expect(f"outside the region only its path to the root, dashed (path {above}, dashed {dashed})",
       region and all(region[0] in path(n) or n in above for n in nodes) and sorted(dashed) == sorted(above)
       and above and re.search(r'\\nroot$', nodes[above[-1]]))
expect("every node declared once, one tree",
       len(re.findall(r'^  n\d+ \[', text, re.M)) == len(nodes) and
       all(p in nodes for p in parent.values()) and [n for n in nodes if n not in parent] == above[-1:])
title = re.search(r'^  label="first data race: ([^"]*)";$', text, re.M)
expect("the title names the race and why", bool(title) and None not in sides and
       all(s in title.group(1) for s in sides) and '\\nwhy: ' in title.group(1))
sys.exit(1 if any(failures) else 0)
EOF2
[ -s "$tmp/r.dot" ] && { python3 "$tmp/check_race.py" "$tmp/r.dot" "$tmp/err5" || { failures=$((failures + 1)); show "$tmp/r.dot"; show "$tmp/err5"; }; }
if command -v dot >/dev/null && [ -s "$tmp/r.dot" ]; then
  check "a racy program: dot -Tsvg accepts it" dot -Tsvg "$tmp/r.dot" -o "$tmp/r.svg"
fi

cat >"$tmp/q.c" <<'EOF2'
#include <stdio.h>
#include <unistd.h>
int a[8], sum;
int main(void) {
#pragma omp parallel num_threads(2)
  {
#pragma omp for
    for (int i = 0; i < 8; i++)
      a[i] = i;
#pragma omp single
    for (int i = 0; i < 8; i++)
      sum += a[i];
  }
  printf("%ld\n", (long)getpid());
  return 0;
}
EOF2
build "$tmp/q.c" "$tmp/q" -O0
(cd "$tmp" && OMPRACER_OPTIONS=dump_ospg=q.%p.dot OMP_NUM_THREADS=2 timeout -k 5 60 ./q >"$tmp/out3" 2>"$tmp/err3")
rc=$?
qpid=$(cat "$tmp/out3")
check "%p: exit code 0 (got $rc)" [ "$rc" = 0 ]
check "%p: the file is named by the process id" [ -s "$tmp/q.$qpid.dot" ] || { ls "$tmp"; show "$tmp/err3"; }
cat >"$tmp/check_loop.py" <<'EOF2'
import re, sys
text = open(sys.argv[1]).read()
nodes = {m.group(1): m.group(2) for m in re.finditer(r'^  (n\d+) \[[^\n]*label="([^"]*)"\];$', text, re.M)}
parent = {c: p for p, c in re.findall(r'^  (n\d+) -> (n\d+);$', text, re.M)}
labelled = [n for n, l in nodes.items() if re.search(r'^W\d+\\niterations of omp for q\.c:7$', l)]
ok = bool(labelled) and all(re.search(r'^P\d+\\nchunk q\.c:7$', nodes[parent[n]]) for n in labelled)
print(("ok: " if ok else "FAIL: ") + "only strands under a chunk are labelled iterations of omp for")
sys.exit(0 if ok else 1)
EOF2
[ -s "$tmp/q.$qpid.dot" ] && { python3 "$tmp/check_loop.py" "$tmp/q.$qpid.dot" || { failures=$((failures + 1)); show "$tmp/q.$qpid.dot"; }; }

(cd "$tmp" && OMPRACER_OPTIONS=dump_ospg=g.%q.dot OMP_NUM_THREADS=2 timeout -k 5 60 ./q >"$tmp/out4" 2>"$tmp/err4")
rc=$?
check "an unknown % sequence: exit code 64 (got $rc)" [ "$rc" = 64 ]
check "an unknown % sequence: the ERROR line says why" \
  grep -q "^==ompracer== ERROR: OMPRACER_OPTIONS: cannot use dump_ospg 'g.%q.dot': '%q' is not a known sequence" "$tmp/err4"

finish
