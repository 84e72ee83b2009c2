#include "ospg_dump.h"

#include "ospg.h"
#include "sites.h"
#include "sp_query.h"
#include "task_deps.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *type_name(unsigned type) {
  switch (type) {
  case NODE_W: return "W";
  case NODE_S: return "S";
  case NODE_P: return "P";
  default: return "ST";
  }
}

/* What made the node, in the words of the reports; NULL when nothing did (a strand's
 * own construct is its parent's). A task's children group is named by the taskwait
 * that closed it, when one did (its site). */
static const char *construct_name(const struct ospg_node *n) {
  if (n->construct == CK_TASK_GROUP && n->site)
    return "children until taskwait";
  switch (n->construct) {
  case CK_ROOT: return "root";
  case CK_PARALLEL: return "parallel";
  case CK_BARRIER_PHASE: return "barrier phase";
  case CK_IMPLICIT_TASK: return "implicit task";
  case CK_LOOP: return "omp for";
  case CK_CHUNK: return "chunk";
  case CK_SECTIONS: return "sections";
  case CK_SECTION: return "section";
  case CK_TASK_GROUP: return "children since taskwait";
  case CK_TASK: return "task";
  case CK_TASK_IF0: return "if(0) task";
  case CK_TASKGROUP: return "taskgroup";
  case CK_TEAMS: return "teams";
  case CK_TEAM: return "team";
  case CK_DISTRIBUTE: return "distribute";
  case CK_DIST_CHUNK: return "distribute chunk";
  case CK_TARGET_TASK: return "target task";
  case CK_TARGET_REGION: return "target region";
  case CK_ITER_FOR: return "iterations of omp for";
  case CK_ITER_DISTRIBUTE: return "iterations of omp distribute";
  case CK_ITER_TASKLOOP: return "iterations of omp taskloop";
  case CK_ITER_SIMD: return "iterations of omp simd";
  case CK_SINGLE: return "omp single";
  default: return NULL;
  }
}

/* "x.c:12": the directive's file name without its directories (labels stay short). */
static void short_site(site_id site, char *buf, size_t len) {
  char where[512];
  sites_format_line(site, where, sizeof where);
  const char *slash = strrchr(where, '/');
  snprintf(buf, len, "%s", slash ? slash + 1 : where);
}

/* Writes s as the inside of a dot string: '"' and '\\' escaped, newlines as \\n. */
static void put_escaped(FILE *f, const char *s) {
  for (; *s; s++) {
    if (*s == '\n') {
      fputs("\\n", f);
      continue;
    }
    if (*s == '"' || *s == '\\')
      fputc('\\', f);
    fputc(*s, f);
  }
}

/* What the dump shows of the first race (all zero when there was none): the two
 * strands, their LCA, and the subtree written (top; 0: the whole graph). */
struct focus {
  const struct race_side *side; /* [2], in report order; NULL: no race */
  node_id lca, top;
};

/* The outermost parallel, teams or target region on the LCA's path to the root (the
 * LCA itself included), else the root's child on that path: a person reads a race in
 * the region it happened in, and the other regions of the run only hide it. 0 (the
 * whole graph) when the LCA is the root, which also stands in for every node once the
 * arena is full (strand_stack.c). */
static node_id focus_top(node_id lca) {
  node_id root = ospg_root(), top = 0, below_root = 0;
  for (node_id x = lca; x && x != root; x = ospg_node(x)->parent) {
    unsigned c = ospg_node(x)->construct;
    if (c == CK_PARALLEL || c == CK_TEAMS || c == CK_TARGET_REGION)
      top = x;
    below_root = x;
  }
  return top ? top : below_root;
}

static struct focus focus_of(const struct race_side *race) {
  struct focus f = {NULL, 0, 0};
  if (!race || !race[0].node || !race[1].node)
    return f;
  f.side = race;
  /* Two iterations of one strand race in that strand: it is its own LCA. */
  f.lca = race[0].node == race[1].node ? race[0].node : sp_lca(race[0].node, race[1].node);
  f.top = focus_top(f.lca);
  return f;
}

/* "\nrace: write at x.c:9:5" for each side of the race that ran in strand id. */
static void race_label(const struct focus *fo, node_id id, char *buf, size_t len) {
  size_t used = 0;
  buf[0] = '\0';
  for (int i = 0; fo->side && i < 2 && used < len; i++) {
    if (fo->side[i].node != id)
      continue;
    char where[512];
    sites_format_location(fo->side[i].site, where, sizeof where);
    const char *slash = strrchr(where, '/');
    int n = snprintf(buf + used, len - used, "\nrace: %s at %s",
                     explain_kind_name(fo->side[i].is_write, fo->side[i].atomic),
                     slash ? slash + 1 : where);
    if (n < 0)
      break;
    used += (size_t)n;
  }
}

/* on_path: an ancestor of the region written, drawn dashed (its other children are
 * left out). */
static void put_node(FILE *f, node_id id, const struct ospg_node *n, const struct focus *fo,
                     bool on_path) {
  static const char *const shape[] = {
      [NODE_W] = "box",
      [NODE_S] = "ellipse",
      [NODE_P] = "ellipse",
      [NODE_ST] = "ellipse",
  };
  static const char *const fill[] = {
      [NODE_W] = NULL,
      [NODE_S] = NULL,
      [NODE_P] = "lightblue",
      [NODE_ST] = "orange",
  };
  char label[1800];
  int used = snprintf(label, sizeof label, "%s%u", type_name(n->type), id);
  const char *what = construct_name(n);
  if (what && used >= 0 && (size_t)used < sizeof label)
    used += snprintf(label + used, sizeof label - (size_t)used, "\n%s", what);
  if (n->site && used >= 0 && (size_t)used < sizeof label) {
    char where[600];
    short_site(n->site, where, sizeof where);
    used += snprintf(label + used, sizeof label - (size_t)used, " %s", where);
  }
  if (n->type == NODE_ST && used >= 0 && (size_t)used < sizeof label)
    used += snprintf(label + used, sizeof label - (size_t)used, "\nst_val %d", n->st_val);
  /* The race: its strands filled red and named by their accesses, their LCA bold
   * with a double border, so the picture says where to look. */
  char race[1100];
  race_label(fo, id, race, sizeof race);
  const char *color = race[0] ? "tomato" : fill[n->type & 3];
  bool lca = fo->side && id == fo->lca;
  if (lca && used >= 0 && (size_t)used < sizeof label)
    used += snprintf(label + used, sizeof label - (size_t)used, "\nLCA of the race");
  if (race[0] && used >= 0 && (size_t)used < sizeof label)
    snprintf(label + used, sizeof label - (size_t)used, "%s", race);
  const char *style = color ? (lca ? "filled,bold" : "filled") : (lca ? "bold" : NULL);
  if (on_path)
    style = color ? "filled,dashed" : "dashed";
  fprintf(f, "  n%u [shape=%s", id, shape[n->type & 3]);
  if (style)
    fprintf(f, strchr(style, ',') ? ", style=\"%s\"" : ", style=%s", style); /* dot needs quotes */
  if (color)
    fprintf(f, ", fillcolor=%s", color);
  if (lca)
    fputs(", peripheries=2, penwidth=2", f);
  fputs(", label=\"", f);
  put_escaped(f, label);
  fputs("\"];\n", f);
}

/* The nodes written: top's subtree, the ids in [top, end) marked in in[id - top]
 * (in NULL: all of them). */
struct selection {
  node_id top, end;
  unsigned char *in;
};

static bool written(const struct selection *sel, node_id id) {
  return id >= sel->top && id < sel->end && (!sel->in || sel->in[id - sel->top]);
}

/* The dependence edges into node id, dashed, from the written tasks it depends on. */
static void put_dependences(FILE *f, node_id id, const struct selection *sel) {
  node_id preds[64];
  unsigned n = deps_preds(id, preds, 64);
  for (unsigned i = 0; i < n && i < 64; i++) {
    node_id p = preds[i];
    if (!written(sel, p))
      continue;
    fprintf(f, "  n%u -> n%u [style=dashed, color=red, constraint=false];\n", p, id);
  }
}

/* The graph's title: the race and why, as the report said it. */
static void put_title(FILE *f, const struct focus *fo) {
  char why[1024], where[2][512];
  for (int i = 0; i < 2; i++) {
    char full[512];
    sites_format_location(fo->side[i].site, full, sizeof full);
    const char *slash = strrchr(full, '/');
    snprintf(where[i], sizeof where[i], "%s", slash ? slash + 1 : full);
  }
  explain_race(&fo->side[0], &fo->side[1], why, sizeof why);
  fprintf(f, "  labelloc=t;\n  label=\"");
  char title[2400];
  snprintf(title, sizeof title, "first data race: %s at %s / %s at %s\nwhy: %s",
           explain_kind_name(fo->side[0].is_write, fo->side[0].atomic), where[0],
           explain_kind_name(fo->side[1].is_write, fo->side[1].atomic), where[1], why);
  put_escaped(f, title);
  fputs("\";\n", f);
}

/* Marks top's subtree. A parent is created before its children, so one pass in id
 * order settles each node from its parent. */
static struct selection select_subtree(node_id top, node_id end) {
  struct selection sel = {top, end, NULL};
  if (top <= 1 || top >= end)
    return (struct selection){1, end, NULL};
  sel.in = calloc(end - top, 1);
  if (!sel.in) /* no memory for the selection: the whole graph is still a true picture */
    return (struct selection){1, end, NULL};
  for (node_id id = top; id < end; id++) {
    node_id p = ospg_node(id)->parent;
    sel.in[id - top] = id == top || (p >= top && sel.in[p - top]);
  }
  return sel;
}

static void write_graph(FILE *f, const struct focus *fo) {
  node_id end = ospg_mark(); /* the next id: every node below it exists */
  struct selection sel = select_subtree(fo->top, end);
  bool whole = sel.top == 1;
  fputs("// The OSPG of one run, written by ompracer (option dump_ospg).\n"
        "// W: strand; S: children in series; P: runs in parallel with what follows it\n"
        "// under its parent; ST: a task's children since its last taskwait (st_val -1\n"
        "// once a taskwait closed it). Dashed red: task dependences.\n",
        f);
  if (fo->side)
    fputs("// Filled red: the first race's two strands; double border: their least common\n"
          "// ancestor (LCA). Only the region of that race is drawn: dashed nodes are the\n"
          "// path from it to the root, their other children left out.\n",
          f);
  fputs("digraph ospg {\n  ordering=out;\n  node [fontname=\"Helvetica\", fontsize=10];\n", f);
  if (fo->side)
    put_title(f, fo);
  if (!whole)
    for (node_id id = ospg_node(sel.top)->parent; id; id = ospg_node(id)->parent)
      put_node(f, id, ospg_node(id), fo, true);
  for (node_id id = sel.top; id < end; id++)
    if (written(&sel, id))
      put_node(f, id, ospg_node(id), fo, false);
  if (!whole)
    for (node_id id = sel.top; ospg_node(id)->parent; id = ospg_node(id)->parent)
      fprintf(f, "  n%u -> n%u;\n", ospg_node(id)->parent, id);
  for (node_id id = sel.top + 1; id < end; id++) {
    const struct ospg_node *n = ospg_node(id);
    if (n->parent && written(&sel, id))
      fprintf(f, "  n%u -> n%u;\n", n->parent, id);
  }
  for (node_id id = sel.top; id < end; id++)
    if (written(&sel, id))
      put_dependences(f, id, &sel);
  free(sel.in);
  fputs("}\n", f);
}

int ospg_dump_write(const char *path, const struct race_side *race) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0)
    return -1;
  FILE *f = fdopen(fd, "w");
  if (!f) {
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
  }
  struct focus fo = focus_of(race);
  write_graph(f, &fo);
  return fclose(f) == 0 ? 0 : -1;
}
