#include "ospg_dump.h"

#include "ospg.h"
#include "sites.h"
#include "task_deps.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
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
 * own construct is its parent's). */
static const char *construct_name(unsigned construct) {
  switch (construct) {
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

static void put_node(FILE *f, node_id id, const struct ospg_node *n) {
  static const char *const style[] = {
      [NODE_W] = "shape=box",
      [NODE_S] = "shape=ellipse",
      [NODE_P] = "shape=ellipse, style=filled, fillcolor=lightblue",
      [NODE_ST] = "shape=ellipse, style=filled, fillcolor=orange",
  };
  char label[700];
  int used = snprintf(label, sizeof label, "%s%u", type_name(n->type), id);
  const char *what = construct_name(n->construct);
  if (what && used >= 0 && (size_t)used < sizeof label)
    used += snprintf(label + used, sizeof label - (size_t)used, "\n%s", what);
  if (n->site && used >= 0 && (size_t)used < sizeof label) {
    char where[600];
    short_site(n->site, where, sizeof where);
    used += snprintf(label + used, sizeof label - (size_t)used, " %s", where);
  }
  if (n->type == NODE_ST && used >= 0 && (size_t)used < sizeof label)
    snprintf(label + used, sizeof label - (size_t)used, "\nst_val %d", n->st_val);
  fprintf(f, "  n%u [%s, label=\"", id, style[n->type & 3]);
  put_escaped(f, label);
  fputs("\"];\n", f);
}

/* The dependence edges into node id, dashed, from the tasks it depends on. */
static void put_dependences(FILE *f, node_id id) {
  node_id preds[64];
  unsigned n = deps_preds(id, preds, 64);
  for (unsigned i = 0; i < n && i < 64; i++)
    fprintf(f, "  n%u -> n%u [style=dashed, color=red, constraint=false];\n", preds[i], id);
}

static void write_graph(FILE *f) {
  node_id end = ospg_mark(); /* the next id: every node below it exists */
  fputs("// The OSPG of one run, written by ompracer (option dump_ospg).\n"
        "// W: strand; S: children in series; P: runs in parallel with what follows it\n"
        "// under its parent; ST: a task's children since its last taskwait (st_val -1\n"
        "// once a taskwait closed it). Dashed red: task dependences.\n"
        "digraph ospg {\n  ordering=out;\n  node [fontname=\"Helvetica\", fontsize=10];\n",
        f);
  for (node_id id = 1; id < end; id++)
    put_node(f, id, ospg_node(id));
  for (node_id id = 1; id < end; id++) {
    const struct ospg_node *n = ospg_node(id);
    if (n->parent)
      fprintf(f, "  n%u -> n%u;\n", n->parent, id);
  }
  for (node_id id = 1; id < end; id++)
    put_dependences(f, id);
  fputs("}\n", f);
}

int ospg_dump_write(const char *path) {
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
  write_graph(f);
  return fclose(f) == 0 ? 0 : -1;
}
