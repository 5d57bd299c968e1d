/* view-deferred.c -- the deferred tasks of `ompdbg tasks': the tasks no
   thread has started (queued, or waiting for their dependences), found
   through libompd's ompdbg extension (ompdbg_get_deferred_task_list),
   in the rows, words and summary of the gdb plugin's `ompd tasks'
   (gdb-plugin/ompdbg_gdb/cmd_tasks.py, write_deferred): TASK (dN, the
   list's order), STATE, CODE, CREATED-BY, DEPENDENCES and, with
   ompdbg_get_task_edges, BLOCKED-BY.  More than SUMMARY_ABOVE tasks are
   summed up per state, code and dependences.  */

#include <config.h>

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "corefiles/cli.h"
#include "libompd/ompdbg-ext.h"

/* More deferred tasks than this are summed up (cmd_tasks.SUMMARY_ABOVE).  */
#define SUMMARY_ABOVE 100
/* Depend items listed per task (cmd_tasks.all_deps).  */
#define MAX_DEPS 64

struct ext
{
  __typeof__ (ompdbg_get_deferred_task_list) *list;
  __typeof__ (ompdbg_get_deferred_task_info) *info;
  __typeof__ (ompdbg_get_deferred_task_handle) *handle;
  __typeof__ (ompdbg_rel_deferred_task_list) *rel;
  __typeof__ (ompdbg_get_task_dependences) *deps;
  __typeof__ (ompdbg_get_task_edges) *edges;
  __typeof__ (ompdbg_get_task_address) *address;
};

static const char *
state_words (struct cli *c, ompd_word_t s)
{
  switch (s)
    {
#define STATE_CASE(name, value, text) case value: return text;
      FOREACH_OMPDBG_TASK_STATE (STATE_CASE)
#undef STATE_CASE
    }
  return cli_printf (c, "%lld", (long long) s);
}

/* The summary's shorter words for the two states of a deferred task.  */
static const char *
short_state (struct cli *c, ompd_word_t s)
{
  return s == ompdbg_task_state_waiting_deps ? "waiting"
    : s == ompdbg_task_state_queued ? "queued" : state_words (c, s);
}

static const char *
dep_type (struct cli *c, ompd_word_t t)
{
  switch (t)
    {
#define DEP_CASE(name, value) \
      case value: return #name + sizeof "ompt_dependence_type_" - 1;
      FOREACH_OMPT_DEPENDENCE_TYPE (DEP_CASE)
#undef DEP_CASE
    }
  return cli_printf (c, "%lld", (long long) t);
}

/* "in:0x601040 <x>": one depend clause item.  */
static const char *
dep_text (struct cli *c, uint64_t addr, ompd_word_t type)
{
  const char *sym = cli_data_symbol (c, addr);
  return cli_printf (c, "%s:0x%llx%s%s%s", dep_type (c, type),
		     (unsigned long long) addr, sym ? " <" : "",
		     sym ? sym : "", sym ? ">" : "");
}

static const char *
pending_text (struct cli *c, ompd_word_t lo, ompd_word_t hi)
{
  if (hi <= 0)
    return "";
  if (lo == hi)
    return cli_printf (c, " (%lld pending)", (long long) lo);
  return cli_printf (c, " (%lld-%lld pending)", (long long) lo,
		     (long long) hi);
}

static const char *
code_text (struct cli *c, uint64_t entry)
{
  return entry == 0 ? "explicit task (no function)"
    : cli_construct_label (c, entry, "task");
}

/* Every depend item of deferred task K (cmd_tasks.all_deps).  */
static const char *
all_deps (struct cli *c, const struct ext *x, ompdbg_deferred_task_list_t *l,
	  ompd_word_t k)
{
  ompd_task_handle_t *h;
  if (x->handle (l, k, &h) != ompd_rc_ok)
    return "?";
  ompdbg_dependence_t *dv = NULL;
  int dn = 0;
  ompd_rc_t rc = x->deps (h, &dv, &dn, NULL);
  c->api->rel_task_handle (h);
  if (rc != ompd_rc_ok)
    return "?";
  const char *s = "";
  for (int j = 0; j < dn && j < MAX_DEPS; j++)
    s = cli_printf (c, "%s%s%s", s, j ? ", " : "",
		    dep_text (c, dv[j].address.address, dv[j].type));
  free (dv);
  return *s ? s : "-";
}

/* ---- BLOCKED-BY (cmd_tasks.Edges) ----------------------------------- */

struct name
{
  uint64_t addr;
  const char *name;
};

/* An edge, and its place in libompd's list (BLOCKED-BY keeps it).  */
struct wedge
{
  uint64_t waiter, blocker;
  int i;
};

struct edges
{
  struct wedge *e;
  int n;
  struct name *names;
  size_t nnames;
};

static int
cmp_name (const void *a, const void *b)
{
  const struct name *x = a, *y = b;
  return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static int
cmp_waiter (const void *a, const void *b)
{
  const struct wedge *x = a, *y = b;
  if (x->waiter != y->waiter)
    return x->waiter < y->waiter ? -1 : 1;
  return x->i - y->i;
}

static int
cmp_waiter_only (const void *a, const void *b)
{
  const struct wedge *x = a, *y = b;
  return x->waiter < y->waiter ? -1 : x->waiter > y->waiter;
}

/* The name of the task at A; G->names sorted.  */
static const char *
name_of (struct edges *g, uint64_t a)
{
  struct name key = { a, NULL };
  struct name *n = g->nnames ? bsearch (&key, g->names, g->nnames,
					sizeof key, cmp_name) : NULL;
  return n ? n->name : NULL;
}

static void
edges_read (struct cli *c, const struct ext *x, struct edges *g,
	    const ompdbg_task_info_t *info, ompd_word_t count)
{
  ompdbg_task_edge_t *e = NULL;
  int n = 0;
  if (x->edges (c->as, &e, &n) != ompd_rc_ok || n <= 0
      || (g->e = calloc ((size_t) n, sizeof *g->e)) == NULL)
    {
      free (e);
      return;
    }
  for (int i = 0; i < n; i++)
    g->e[i] = (struct wedge) { e[i].waiter.address, e[i].blocker.address, i };
  free (e);
  g->n = n;
  qsort (g->e, (size_t) g->n, sizeof *g->e, cmp_waiter);
  size_t cap = (size_t) count + 64;
  g->names = calloc (cap, sizeof *g->names);
  if (g->names == NULL)
    return;
  for (ompd_word_t k = 0; k < count; k++)
    g->names[g->nnames++] = (struct name) {
      info[k].task.address, cli_printf (c, "d%lld", (long long) k) };
  qsort (g->names, g->nnames, sizeof *g->names, cmp_name);
  if (x->address == NULL)
    return;
  /* The tasks on the threads' stacks that are not deferred ones.  */
  size_t ndeferred = g->nnames;
  for (size_t i = 0; i < c->nthreads; i++)
    {
      struct cli_thread *t = &c->threads[i];
      if (t->error != NULL || t->task == NULL)
	continue;
      cli_chain (c, t);
      for (size_t k = 0; k < t->nchain && t->chain[k].on == t; k++)
	{
	  ompd_address_t a;
	  if (x->address (t->chain[k].h, &a) != ompd_rc_ok)
	    continue;
	  size_t all = g->nnames;
	  g->nnames = ndeferred;
	  bool known = name_of (g, a.address) != NULL;
	  g->nnames = all;
	  for (size_t j = ndeferred; j < all && !known; j++)
	    known = g->names[j].addr == a.address;
	  if (known)
	    continue;
	  if (g->nnames == cap)
	    {
	      struct name *more = realloc (g->names,
					   2 * cap * sizeof *more);
	      if (more == NULL)
		return;
	      g->names = more;
	      cap *= 2;
	    }
	  g->names[g->nnames++] = (struct name) {
	    a.address, cli_printf (c, "#%zu on thread %d", k, t->id) };
	}
    }
  qsort (g->names, g->nnames, sizeof *g->names, cmp_name);
}

/* BLOCKED-BY of the task at ADDR: the tasks it waits for, in the order
   of libompd's edges.  */
static const char *
blocked_by (struct cli *c, struct edges *g, uint64_t addr)
{
  struct wedge key = { addr, 0, 0 };
  struct wedge *e = g->n ? bsearch (&key, g->e, (size_t) g->n, sizeof key,
				    cmp_waiter_only) : NULL;
  if (e == NULL)
    return "-";
  while (e > g->e && e[-1].waiter == addr)
    e--;
  const char *s = NULL;
  for (; e < g->e + g->n && e->waiter == addr; e++)
    {
      uint64_t b = e->blocker;
      const char *n = name_of (g, b);
      if (n == NULL)
	n = cli_printf (c, "0x%llx", (unsigned long long) b);
      s = s ? cli_printf (c, "%s, %s", s, n) : n;
    }
  return s;
}

/* ---- the list -------------------------------------------------------- */

/* The columns of the list (cmd_tasks.DEFERRED_COLS): the long texts
   wrap under their columns.  */
static const struct cli_col deferred_cols[] = {
  { "TASK", -1, 0, 'm', NULL }, { "STATE", 8, 0, 'w', NULL },
  { "CODE", 12, 1, 'w', NULL }, { "CREATED-BY", 10, 0, 'w', NULL },
  { "DEPENDENCES", 14, 0, 'w', NULL }, { "BLOCKED-BY", 8, 0, 'w', "BLOCKED" }
};

static void
rows (struct cli *c, const struct ext *x, ompdbg_deferred_task_list_t *l,
      const ompdbg_task_info_t *info, ompd_word_t count, ompd_word_t n)
{
  struct edges g = { NULL, 0, NULL, 0 };
  bool with_edges = x->edges != NULL;
  if (with_edges)
    edges_read (c, x, &g, info, count);
  const size_t nc = with_edges ? 6 : 5;
  const char **cells = calloc ((size_t) n * nc + 1, sizeof *cells);
  /* The creators' texts, by the generating task's structure.  */
  struct name *creators = calloc ((size_t) n + 1, sizeof *creators);
  size_t ncreators = 0;
  if (cells == NULL || creators == NULL)
    goto out;
  for (ompd_word_t k = 0; k < n; k++)
    {
      const ompdbg_task_info_t *r = &info[k];
      const char **row = cells + k * nc;
      const char *creator = NULL;
      for (size_t i = 0; i < ncreators && creator == NULL; i++)
	if (creators[i].addr == r->generating.address)
	  creator = creators[i].name;
      if (creator == NULL)
	{
	  ompd_task_handle_t *h, *gen = NULL;
	  if (x->handle (l, k, &h) == ompd_rc_ok)
	    {
	      if (c->api->get_generating_task_handle (h, &gen) != ompd_rc_ok)
		gen = NULL;
	      c->api->rel_task_handle (h);
	      creator = cli_task_ref (c, gen);
	    }
	  else
	    creator = "?";
	  creators[ncreators++] = (struct name) { r->generating.address,
						  creator };
	}
      ompd_word_t pend = r->state == ompdbg_task_state_waiting_deps
	? r->pending : 0;
      const char *deps;
      if (r->ndeps == 0)
	deps = "-";
      else if (r->ndeps == 1 || x->deps == NULL)
	{
	  deps = dep_text (c, r->first_dependence.address.address,
			   r->first_dependence.type);
	  if (r->ndeps > 1)
	    deps = cli_printf (c, "%s and %lld more", deps,
			       (long long) r->ndeps - 1);
	  deps = cli_printf (c, "%s%s", deps, pending_text (c, pend, pend));
	}
      else
	deps = cli_printf (c, "%s%s", all_deps (c, x, l, k),
			   pending_text (c, pend, pend));
      row[0] = cli_printf (c, "d%lld", (long long) k);
      row[1] = state_words (c, r->state);
      row[2] = code_text (c, r->entry_point.address);
      row[3] = creator;
      row[4] = deps;
      if (with_edges)
	row[5] = blocked_by (c, &g, r->task.address);
    }
  if (n > 0)
    {
      for (size_t k = 0; k < (size_t) n * nc; k++)
	cells[k] = cli_shorter_forms (c, cells[k]);
      cli_table_fit (c, stdout, deferred_cols, nc, cells, (size_t) n, "  ",
		     c->width, NULL);
    }
 out:
  free (cells);
  free (creators);
  free (g.names);
  free (g.e);
}

/* ---- the summary (cmd_tasks.deferred_summary) ---------------------- */

struct group
{
  ompd_word_t state, ndeps, dep_type;
  uint64_t entry;
  long long count;
  ompd_word_t plo, phi;
  uint64_t lo, hi;		/* the first items' addresses */
  size_t naddrs;
  uint64_t *addrs;		/* distinct, sorted at the end */
  size_t cap;
  const char *sstate, *code, *deps;
};

static int
cmp_u64 (const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
  return x < y ? -1 : x > y;
}

static int
cmp_group (const void *a, const void *b)
{
  const struct group *x = a, *y = b;
  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  int r = strcmp (x->sstate, y->sstate);
  if (r == 0)
    r = strcmp (x->code, y->code);
  if (r == 0)
    r = strcmp (x->deps, y->deps);
  return r;
}

static const char *
group_deps (struct cli *c, struct group *g)
{
  if (g->ndeps == 0)
    return "-";
  const char *s;
  qsort (g->addrs, g->naddrs, sizeof *g->addrs, cmp_u64);
  size_t distinct = 0;
  for (size_t i = 0; i < g->naddrs; i++)
    if (i == 0 || g->addrs[i] != g->addrs[i - 1])
      distinct++;
  if (distinct == 1)
    s = dep_text (c, g->addrs[0], g->dep_type);
  else
    {
      uint64_t lo = g->addrs[0], hi = g->addrs[g->naddrs - 1];
      const char *a = cli_data_symbol (c, lo), *b = cli_data_symbol (c, hi);
      size_t la = a ? strcspn (a, "+") : 0, lb = b ? strcspn (b, "+") : 0;
      if (a != NULL && b != NULL && la == lb && strncmp (a, b, la) == 0)
	s = cli_printf (c, "%s: %zu addresses in %.*s",
			dep_type (c, g->dep_type), distinct, (int) la, a);
      else
	s = cli_printf (c, "%s: %zu addresses 0x%llx..0x%llx",
			dep_type (c, g->dep_type), distinct,
			(unsigned long long) lo, (unsigned long long) hi);
    }
  if (g->ndeps > 1)
    s = cli_printf (c, "%s and %lld more each", s, (long long) g->ndeps - 1);
  return s;
}

static void
summary (struct cli *c, const ompdbg_task_info_t *info, ompd_word_t count)
{
  struct group *gs = NULL;
  size_t ng = 0, cap = 0;
  for (ompd_word_t k = 0; k < count; k++)
    {
      const ompdbg_task_info_t *r = &info[k];
      ompd_word_t pend = r->state == ompdbg_task_state_waiting_deps
	? r->pending : 0;
      ompd_word_t dt = r->first_dependence.type;
      struct group *g = NULL;
      for (size_t i = 0; i < ng && g == NULL; i++)
	if (gs[i].state == r->state && gs[i].entry == r->entry_point.address
	    && gs[i].ndeps == r->ndeps && gs[i].dep_type == dt)
	  g = &gs[i];
      if (g == NULL)
	{
	  if (ng == cap)
	    {
	      cap = cap ? 2 * cap : 8;
	      struct group *n = realloc (gs, cap * sizeof *n);
	      if (n == NULL)
		goto out;
	      gs = n;
	    }
	  g = &gs[ng++];
	  *g = (struct group) { .state = r->state, .ndeps = r->ndeps,
				.dep_type = dt, .entry = r->entry_point.address,
				.plo = pend, .phi = pend };
	}
      g->count++;
      if (pend < g->plo)
	g->plo = pend;
      if (pend > g->phi)
	g->phi = pend;
      if (r->ndeps > 0)
	{
	  if (g->naddrs == g->cap)
	    {
	      g->cap = g->cap ? 2 * g->cap : 16;
	      uint64_t *n = realloc (g->addrs, g->cap * sizeof *n);
	      if (n == NULL)
		goto out;
	      g->addrs = n;
	    }
	  g->addrs[g->naddrs++] = r->first_dependence.address.address;
	}
    }
  int w = 5, sw = 5;
  for (size_t i = 0; i < ng; i++)
    {
      struct group *g = &gs[i];
      g->sstate = short_state (c, g->state);
      g->code = code_text (c, g->entry);
      g->deps = cli_printf (c, "%s%s", group_deps (c, g),
			    pending_text (c, g->plo, g->phi));
      int l = snprintf (NULL, 0, "%lld", g->count);
      if (l > w)
	w = l;
      if ((int) strlen (g->sstate) > sw)
	sw = (int) strlen (g->sstate);
    }
  qsort (gs, ng, sizeof *gs, cmp_group);
  int pad = 2 + w + 2 + sw + 2;
  printf ("Deferred tasks (not started): %lld, in %zu group%s (`--all' "
	  "lists each task,\n`--limit N' the first N):\n",
	  (long long) count, ng, ng == 1 ? "" : "s");
  printf ("  %*s  %-*s  CODE\n%*sDEPENDENCES\n", w, "COUNT", sw, "STATE",
	  pad, "");
  for (size_t i = 0; i < ng; i++)
    {
      cli_hanging (c, stdout, cli_printf (c, "  %*lld  %-*s  ", w,
					  gs[i].count, sw, gs[i].sstate),
		   gs[i].code, c->width);
      cli_hanging (c, stdout, cli_printf (c, "%*s", pad, ""), gs[i].deps,
		   c->width);
    }
 out:
  for (size_t i = 0; i < ng; i++)
    free (gs[i].addrs);
  free (gs);
}

void
cli_deferred_tasks (struct cli *c, long limit, bool all)
{
  struct ext x;
  memset (&x, 0, sizeof x);
  /* The extension, where the library has it: looked up in the copy the
     session loaded.  */
  const char *lib = ompdbg_session_library (c->s);
  void *dl = dlopen (lib, RTLD_NOW | RTLD_NOLOAD);
  if (dl != NULL)
    {
#define EXT(field, name) *(void **) &x.field = dlsym (dl, #name)
      EXT (list, ompdbg_get_deferred_task_list);
      EXT (info, ompdbg_get_deferred_task_info);
      EXT (handle, ompdbg_get_deferred_task_handle);
      EXT (rel, ompdbg_rel_deferred_task_list);
      EXT (deps, ompdbg_get_task_dependences);
      EXT (edges, ompdbg_get_task_edges);
      EXT (address, ompdbg_get_task_address);
#undef EXT
    }
  if (x.list == NULL || x.info == NULL || x.handle == NULL || x.rel == NULL)
    {
      cli_hanging (c, stdout, "",
		   cli_printf (c, "Deferred tasks (not started) are not "
			       "shown: listing them needs the ompdbg "
			       "extension of libompd (%s does not have it).",
			       lib), c->width);
      goto out;
    }
  ompdbg_deferred_task_list_t *l;
  ompd_word_t count;
  ompd_rc_t rc = x.list (c->as, &l, &count);
  if (rc != ompd_rc_ok)
    {
      printf ("Deferred tasks (not started): libompd could not list them: "
	      "%s.\n", cli_rc_words (rc));
      goto out;
    }
  ompdbg_task_info_t *info = calloc ((size_t) count + 1, sizeof *info);
  ompd_word_t have = 0;
  while (info != NULL && have < count)
    {
      int got = 0;
      int max = count - have > 4096 ? 4096 : (int) (count - have);
      rc = x.info (l, have, max, info + have, &got);
      if (rc != ompd_rc_ok)
	{
	  printf ("Deferred tasks (not started): libompd could not list "
		  "them: %s.\n", cli_rc_words (rc));
	  goto rel;
	}
      if (got <= 0)
	break;
      have += got;
    }
  count = have;
  if (info == NULL || count == 0)
    printf ("No deferred tasks.\n");
  else if (limit < 0 && !all && count > SUMMARY_ABOVE)
    summary (c, info, count);
  else
    {
      ompd_word_t n = all || limit < 0 ? count
	: limit < count ? limit : count;
      if (n < count)
	printf ("Deferred tasks (not started): %lld, the first %lld (`--all' "
		"lists every one):\n", (long long) count, (long long) n);
      else
	printf ("Deferred tasks (not started):\n");
      rows (c, &x, l, info, count, n);
    }
 rel:
  free (info);
  x.rel (l);
 out:
  if (dl != NULL)
    dlclose (dl);
}
