/* diagnose.c -- `ompdbg diagnose [--json] PID | EXECUTABLE CORE`: why a
   process is hung, without gdb.  The same wait-for graph and words as
   gdb's `ompd diagnose' (gdb-plugin/ompdbg_gdb/cmd_diagnose.py): a
   thread waiting for a lock, critical, atomic or ordered turn waits for
   the thread that has it (ompdbg_get_wait_holder); a thread at a barrier
   for the members of its team not waiting at the same barrier; a task
   in a taskwait or taskgroup, or waiting for dependences, for the tasks
   ompdbg_get_task_edges names; a task for the thread that runs it.
   Cycles are deadlocks; other chains end at a thread that runs.  Threads
   are named by their number in the target, as `ompdbg threads' numbers
   them (gdb's numbers on a core), code as gdb names a frame
   (cli_frame_where).

   OMPDBG_LIBOMPD, when set, names the libompd to load instead of the
   one the target's runtime lists.

   Exit status: 0 when the target was diagnosed (hung or not), 1 when it
   cannot be opened or its libompd not loaded, 2 on usage errors.  */

#include <config.h>

#include <dlfcn.h>
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corefiles/cli.h"
#include "corefiles/ompdbg-target.h"
#include "libompd/ompdbg-ext.h"

int ompdbg_cmd_diagnose (int argc, char **argv);

#define MAX_CHAIN 64
#define MAX_LINE 4096

enum { N_THREAD, N_TASK, N_NONE };

struct node
{
  int kind;
  uint64_t v;			/* thread index or task address */
};

enum edge_kind
{
  E_LOCK, E_HELD, E_ORDERED, E_FREE, E_BARRIER, E_TASKWAIT, E_TASKGROUP,
  E_RUNS, E_SUSPENDED, E_DEPENDENCE
};

struct edge
{
  struct node src, dst;
  enum edge_kind kind;
  char obj[192];
  int barrier_state;
  uint64_t region;		/* barrier: the team's barrier (wait id) */
};

struct dthread
{
  int id;			/* the cli's thread number */
  int region;			/* the cli's index of its region, -1 */
  pid_t lwp;
  ompd_thread_handle_t *th;
  long num;			/* -1 unknown */
  ompd_word_t state;
  ompd_wait_id_t wid;
  bool have_state;
  uint64_t chain[MAX_CHAIN];
  int nchain;
  char where[256];
  bool where_done;
};

struct ext
{
  __typeof__ (ompdbg_get_wait_holder) *wait_holder;
  __typeof__ (ompdbg_get_task_edges) *task_edges;
  __typeof__ (ompdbg_get_task_address) *task_address;
  __typeof__ (ompdbg_get_deferred_task_list) *dlist;
  __typeof__ (ompdbg_get_deferred_task_info) *dinfo;
  __typeof__ (ompdbg_get_deferred_task_handle) *dhandle;
  __typeof__ (ompdbg_rel_deferred_task_list) *drel;
  __typeof__ (ompdbg_get_task_dependences) *deps;
};

struct diag
{
  struct cli *c;
  struct ompdbg_target *t;
  const struct ompdbg_ompd_api *api;
  ompd_address_space_handle_t *as;
  struct ext x;
  ompd_icv_id_t icv_num, icv_size;
  struct dthread *th;
  size_t nth;
  struct edge *e;
  size_t ne, ecap;
  ompdbg_task_edge_t *tedges;
  int ntedges;
  ompdbg_task_info_t *deferred;
  ompd_word_t ndeferred;
  ompdbg_deferred_task_list_t *dl;
  /* Task address -> entry point, for tasks on the threads' stacks.  */
  uint64_t *ktask, *kentry;
  ompd_task_handle_t **khandle;
  size_t nk, kcap;
};

/* ---- text --------------------------------------------------------------- */

struct text
{
  char s[MAX_LINE];
  size_t n;
};

static void
add (struct text *b, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  if (b->n < sizeof b->s)
    {
      int k = vsnprintf (b->s + b->n, sizeof b->s - b->n, fmt, ap);
      if (k > 0)
	b->n += (size_t) k;
      if (b->n >= sizeof b->s)
	b->n = sizeof b->s - 1;
    }
  va_end (ap);
}

static const char *
state_words (int state)
{
  switch (state)
    {
    case ompt_state_wait_barrier_explicit: return "the barrier";
    case ompt_state_wait_barrier_implicit_parallel:
      return "the implicit barrier at the end";
    case ompt_state_wait_barrier_implicit_workshare:
      return "the implicit barrier of a worksharing construct";
    case ompt_state_wait_barrier_implementation:
      return "a barrier of the runtime";
    default: return "a barrier";
    }
}

static bool
barrier_state (ompd_word_t s)
{
  return s == ompt_state_wait_barrier || s == ompt_state_wait_barrier_explicit
    || s == ompt_state_wait_barrier_implicit_parallel
    || s == ompt_state_wait_barrier_implicit_workshare
    || s == ompt_state_wait_barrier_implementation;
}

/* `function at file:line' of code address PC in BUF ("" when none);
   IN_FORM: `at file:line (in function)' instead, for the code of a
   construct, its function without GCC's outlining suffix.  */
static void
code_words (struct diag *d, uint64_t pc, bool in_form, char *buf,
	    size_t size)
{
  buf[0] = '\0';
  Dwfl *dwfl = ompdbg_target_dwfl (d->t);
  Dwfl_Module *m = dwfl ? dwfl_addrmodule (dwfl, pc) : NULL;
  if (m == NULL)
    return;
  const char *sym = ompdbg_code_symbol (d->t, pc, NULL);
  char fn[128] = "";
  if (sym != NULL)
    {
      snprintf (fn, sizeof fn, "%s", sym);
      char *o = strstr (fn, "._omp_fn.");
      if (o != NULL && in_form)
	*o = '\0';
    }
  const char *file = NULL;
  int line = 0;
  Dwarf_Addr bias;
  Dwarf_Die *cu = in_form ? dwfl_module_addrdie (m, pc, &bias) : NULL;
  /* A construct's code reads as the construct: GCC's outlined function
     starts with a row for the pragma's line, then one for the body at
     the same address; the first row is the construct's.  */
  Dwarf_Lines *lines;
  size_t nlines;
  if (cu != NULL && dwarf_getsrclines (cu, &lines, &nlines) == 0)
    for (size_t i = 0; i < nlines; i++)
      {
	Dwarf_Line *dl = dwarf_onesrcline (lines, i);
	Dwarf_Addr a;
	if (dl != NULL && dwarf_lineaddr (dl, &a) == 0 && a == pc - bias
	    && dwarf_lineno (dl, &line) == 0)
	  {
	    file = dwarf_linesrc (dl, NULL, NULL);
	    break;
	  }
      }
  Dwfl_Line *l = file == NULL ? dwfl_module_getsrc (m, pc) : NULL;
  if (l != NULL)
    file = dwfl_lineinfo (l, NULL, &line, NULL, NULL, NULL);
  if (file != NULL && strrchr (file, '/') != NULL)
    file = strrchr (file, '/') + 1;
  if (in_form)
    {
      if (file != NULL)
	snprintf (buf, size, "at %s:%d%s%s%s", file, line, fn[0] ? " (in " : "",
		  fn, fn[0] ? ")" : "");
      else
	snprintf (buf, size, "in %s", fn[0] ? fn : "?");
    }
  else if (file != NULL)
    snprintf (buf, size, "%s at %s:%d", fn[0] ? fn : "??", file, line);
  else
    snprintf (buf, size, "%s", fn);
}

/* Whether PC is in the program's own code: not the runtime's, not a
   system library's.  */
static bool
program_pc (struct diag *d, uint64_t pc)
{
  Dwfl *dwfl = ompdbg_target_dwfl (d->t);
  Dwfl_Module *m = dwfl ? dwfl_addrmodule (dwfl, pc) : NULL;
  if (m == NULL)
    return false;
  const char *name = dwfl_module_info (m, NULL, NULL, NULL, NULL, NULL,
				       NULL, NULL);
  if (name == NULL)
    return false;
  const char *base = strrchr (name, '/') ? strrchr (name, '/') + 1 : name;
  if (strncmp (base, "libgomp.so", 10) == 0 || strncmp (base, "libc.so", 7)
      == 0 || strncmp (base, "ld-linux", 8) == 0
      || strncmp (name, "/lib", 4) == 0 || strncmp (name, "/usr/lib", 8) == 0)
    return false;
  return !cli_in_runtime (d->c, pc);
}

/* Where thread T is in the program's code: its newest frame there, as
   gdb's `ompd diagnose' names it.  */
static const char *
where (struct diag *d, struct dthread *t)
{
  if (t->where_done)
    return t->where;
  t->where_done = true;
  cli_unwind (d->c);
  struct cli_thread *ct = cli_thread_of_lwp (d->c, t->lwp);
  for (size_t i = 0; ct != NULL && i < ct->nframes; i++)
    if (!ct->frames[i].signal && program_pc (d, ct->frames[i].pc))
      {
	snprintf (t->where, sizeof t->where, "%s",
		  cli_frame_where (d->c, ct->frames[i].pc));
	break;
      }
  return t->where;
}

static void
thread_name (struct dthread *t, struct text *b)
{
  add (b, "thread %d", t->id);
  if (t->num >= 0)
    add (b, " (OpenMP %ld)", t->num);
}

/* "1-3, 5" for the N numbers V, sorted in place.  */
static void
ranges (long *v, int n, struct text *b)
{
  for (int i = 1; i < n; i++)
    for (int k = i; k > 0 && v[k - 1] > v[k]; k--)
      {
	long x = v[k];
	v[k] = v[k - 1];
	v[k - 1] = x;
      }
  for (int i = 0; i < n;)
    {
      int j = i;
      while (j + 1 < n && v[j + 1] <= v[j] + 1)
	j++;
      add (b, "%s%ld", i ? ", " : "", v[i]);
      if (v[j] != v[i])
	add (b, "-%ld", v[j]);
      i = j + 1;
    }
}

/* "threads 1-3 (OpenMP 0-2)" for the N threads IDX (thread_name for
   one): cmd_diagnose.threads_name.  */
static void
threads_name (struct diag *d, const size_t *idx, int n, struct text *b)
{
  if (n == 1)
    {
      thread_name (&d->th[idx[0]], b);
      return;
    }
  long *v = calloc ((size_t) n, sizeof *v);
  if (v == NULL)
    return;
  add (b, "threads ");
  for (int i = 0; i < n; i++)
    v[i] = d->th[idx[i]].id;
  ranges (v, n, b);
  bool nums = true;
  for (int i = 0; i < n; i++)
    nums &= (v[i] = d->th[idx[i]].num) >= 0;
  if (nums)
    {
      add (b, " (OpenMP ");
      ranges (v, n, b);
      add (b, ")");
    }
  free (v);
}

/* Where thread T waits at a barrier of STATE: its code's line, or for
   the barrier at the region's end the region's construct
   (cmd_diagnose.barrier_place); NULL when not known.  */
static const char *
barrier_place (struct diag *d, int state, struct dthread *t)
{
  const char *w = where (d, t);
  if (w[0])
    {
      const char *at = strstr (w, " at ");
      return at ? at + 4 : w;
    }
  if (state == ompt_state_wait_barrier_implicit_parallel && t->region >= 0)
    {
      const char *l = cli_region_label (d->c, t->region);
      const char *in = strstr (l, " (in ");
      return in ? cli_printf (d->c, "%.*s", (int) (in - l), l) : l;
    }
  return NULL;
}

/* "the barrier of region #2 (hangs.c:30)": the barrier of STATE where
   thread T waits (cmd_diagnose.region_words).  */
static void
region_words (struct diag *d, int state, struct dthread *t, struct text *b)
{
  add (b, "%s of ", state_words (state));
  if (t->region >= 0)
    add (b, "region #%d", d->c->regions[t->region].id);
  else
    add (b, "its region");
  const char *w = barrier_place (d, state, t);
  if (w != NULL)
    add (b, " (%s)", w);
}

static uint64_t
task_entry (struct diag *d, uint64_t addr, int *state)
{
  *state = 0;
  for (size_t i = 0; i < d->nk; i++)
    if (d->ktask[i] == addr)
      return d->kentry[i];
  for (ompd_word_t i = 0; i < d->ndeferred; i++)
    if (d->deferred[i].task.address == addr)
      {
	*state = (int) d->deferred[i].state;
	return d->deferred[i].entry_point.address;
      }
  return 0;
}

static void
task_name (struct diag *d, uint64_t addr, struct text *b)
{
  int st;
  uint64_t e = task_entry (d, addr, &st);
  char buf[256];
  if (e != 0)
    {
      code_words (d, e, true, buf, sizeof buf);
      if (buf[0])
	{
	  add (b, "the task %s", buf);
	  return;
	}
    }
  add (b, "task 0x%llx", (unsigned long long) addr);
}

static ompd_task_handle_t *
task_handle (struct diag *d, uint64_t addr)
{
  for (size_t i = 0; i < d->nk; i++)
    if (d->ktask[i] == addr)
      return d->khandle[i];
  for (ompd_word_t i = 0; i < d->ndeferred; i++)
    if (d->deferred[i].task.address == addr && d->x.dhandle)
      {
	ompd_task_handle_t *h;
	if (d->x.dhandle (d->dl, i, &h) == ompd_rc_ok)
	  {
	    if (d->nk == d->kcap)
	      return h;		/* not kept: a leak-free answer is enough */
	    d->ktask[d->nk] = addr;
	    d->kentry[d->nk] = d->deferred[i].entry_point.address;
	    d->khandle[d->nk++] = h;
	    return h;
	  }
      }
  return NULL;
}

/* The depend items two tasks share, by symbol.  */
static void
shared_deps (struct diag *d, uint64_t a, uint64_t b, struct text *out)
{
  ompd_task_handle_t *ha = task_handle (d, a), *hb = task_handle (d, b);
  if (d->x.deps == NULL || ha == NULL || hb == NULL)
    return;
  ompdbg_dependence_t *da = NULL, *db = NULL;
  int na = 0, nb = 0;
  if (d->x.deps (ha, &da, &na, NULL) != ompd_rc_ok)
    return;
  if (d->x.deps (hb, &db, &nb, NULL) == ompd_rc_ok)
    {
      bool first = true;
      for (int i = 0; i < na; i++)
	for (int j = 0; j < nb; j++)
	  if (da[i].address.address == db[j].address.address)
	    {
	      const char *sym;
	      uint64_t off;
	      add (out, "%s", first ? " (" : ", ");
	      if (ompdbg_addr_symbol (d->t, da[i].address.address, &sym, &off,
				      NULL) == OMPDBG_E_OK && off == 0)
		add (out, "%s", sym);
	      else
		add (out, "0x%llx",
		     (unsigned long long) da[i].address.address);
	      first = false;
	    }
      if (!first)
	add (out, ")");
    }
  free (da);
  free (db);
}

static void
node_name (struct diag *d, struct node n, struct text *b)
{
  if (n.kind == N_THREAD)
    thread_name (&d->th[n.v], b);
  else if (n.kind == N_TASK)
    task_name (d, n.v, b);
}

/* ---- the graph ---------------------------------------------------------- */

static struct edge *
edge_new (struct diag *d, struct node src, struct node dst,
	  enum edge_kind kind)
{
  if (d->ne == d->ecap)
    {
      size_t cap = d->ecap ? d->ecap * 2 : 64;
      struct edge *e = realloc (d->e, cap * sizeof *e);
      if (e == NULL)
	return NULL;
      d->e = e;
      d->ecap = cap;
    }
  struct edge *e = &d->e[d->ne++];
  memset (e, 0, sizeof *e);
  e->src = src;
  e->dst = dst;
  e->kind = kind;
  return e;
}

static bool
same (struct node a, struct node b)
{
  return a.kind == b.kind && a.v == b.v;
}

static struct edge *
first_edge (struct diag *d, struct node n)
{
  for (size_t i = 0; i < d->ne; i++)
    if (same (d->e[i].src, n))
      return &d->e[i];
  return NULL;
}

static long
thread_index (struct diag *d, pid_t lwp)
{
  for (size_t i = 0; i < d->nth; i++)
    if (d->th[i].lwp == lwp)
      return (long) i;
  return -1;
}

static void
object_words (struct diag *d, struct dthread *t, ompdbg_wait_holder_t *h,
	      bool have_h, char *buf, size_t size)
{
  const char *sym = NULL;
  uint64_t off = 0;
  if (ompdbg_addr_symbol (d->t, t->wid, &sym, &off, NULL) != OMPDBG_E_OK)
    sym = NULL;
  if (t->state == ompt_state_wait_critical)
    {
      if (sym && off == 0 && strncmp (sym, ".gomp_critical_user_", 20) == 0)
	snprintf (buf, size, "critical (%s)", sym + 20);
      else if (sym && strcmp (sym, "gomp_critical_lock") == 0)
	snprintf (buf, size, "the unnamed critical");
      else
	snprintf (buf, size, "critical 0x%llx", (unsigned long long) t->wid);
    }
  else if (t->state == ompt_state_wait_atomic)
    snprintf (buf, size, "the atomic lock");
  else if (t->state == ompt_state_wait_ordered)
    {
      if (have_h)
	snprintf (buf, size, "the ordered turn of iteration %lld",
		  (long long) h->ordered_turn);
      else
	snprintf (buf, size, "its ordered turn");
    }
  else
    {
      char name[128];
      if (sym && off == 0)
	snprintf (name, sizeof name, "%s", sym);
      else
	snprintf (name, sizeof name, "lock 0x%llx",
		  (unsigned long long) t->wid);
      if (have_h && h->nest_count)
	snprintf (buf, size, "nest lock %s (held %lld time%s)", name,
		  (long long) h->nest_count, h->nest_count == 1 ? "" : "s");
      else
	snprintf (buf, size, "%s", name);
    }
}

static void
thread_edges (struct diag *d, size_t i)
{
  struct dthread *t = &d->th[i];
  struct node src = { N_THREAD, i };
  if (!t->have_state)
    return;
  ompd_word_t s = t->state;
  if (s == ompt_state_wait_lock || s == ompt_state_wait_mutex
      || s == ompt_state_wait_critical || s == ompt_state_wait_atomic
      || s == ompt_state_wait_ordered)
    {
      ompdbg_wait_holder_t h;
      bool have = d->x.wait_holder != NULL
	&& d->x.wait_holder (t->th, &h) == ompd_rc_ok;
      long hi = have && h.holder ? thread_index (d, (pid_t) h.holder) : -1;
      struct node dst = { hi >= 0 ? N_THREAD : N_NONE,
			  hi >= 0 ? (uint64_t) hi : 0 };
      struct edge *e = edge_new (d, src, dst,
				 hi < 0 ? E_FREE : s == ompt_state_wait_ordered
				 ? E_ORDERED : E_LOCK);
      if (e != NULL)
	object_words (d, t, &h, have, e->obj, sizeof e->obj);
    }
  else if (barrier_state (s))
    {
      ompd_parallel_handle_t *par;
      if (d->api->get_curr_parallel_handle (t->th, &par) != ompd_rc_ok)
	return;
      ompd_word_t size = 0;
      if (d->icv_size == ompd_icv_undefined
	  || d->api->get_icv_from_scope (par, ompd_scope_parallel,
					 d->icv_size, &size) != ompd_rc_ok)
	size = 0;
      for (ompd_word_t k = 0; k < size && k < 65536; k++)
	{
	  ompd_thread_handle_t *mh;
	  if (d->api->get_thread_in_parallel (par, (int) k, &mh) != ompd_rc_ok)
	    continue;
	  int64_t lwp = 0;
	  ompd_rc_t rc = d->api->get_thread_id (mh, OMPD_THREAD_ID_LWP,
						 sizeof lwp, &lwp);
	  d->api->rel_thread_handle (mh);
	  long j = rc == ompd_rc_ok ? thread_index (d, (pid_t) lwp) : -1;
	  if (j < 0 || (size_t) j == i)
	    continue;
	  struct dthread *m = &d->th[j];
	  if (m->have_state && m->state == s && m->wid == t->wid)
	    continue;		/* arrived */
	  struct node dst = { N_THREAD, (uint64_t) j };
	  struct edge *e = edge_new (d, src, dst, E_BARRIER);
	  if (e == NULL)
	    break;
	  e->barrier_state = (int) s;
	  e->region = t->wid;
	  /* A member at another barrier of the same region: a mismatch,
	     said apart (no edge to follow).  */
	  if (m->have_state && barrier_state (m->state) && m->wid == t->wid)
	    e->dst.kind = N_NONE, e->obj[0] = 'm', e->barrier_state
	      = (int) s, e->region = t->wid, e->dst.v = (uint64_t) j;
	}
      d->api->rel_parallel_handle (par);
    }
  else if ((s == ompt_state_wait_taskwait || s == ompt_state_wait_taskgroup)
	   && t->nchain > 0)
    for (int k = 0; k < d->ntedges; k++)
      if (d->tedges[k].waiter.address == t->chain[0]
	  && d->tedges[k].kind != ompdbg_task_wait_dependence)
	{
	  struct node dst = { N_TASK, d->tedges[k].blocker.address };
	  edge_new (d, src, dst, s == ompt_state_wait_taskwait
		    ? E_TASKWAIT : E_TASKGROUP);
	}
}

static int
count_kind (struct diag *d, struct node src, enum edge_kind k)
{
  int n = 0;
  for (size_t i = 0; i < d->ne; i++)
    if (same (d->e[i].src, src) && d->e[i].kind == k)
      n++;
  return n;
}

static void
edge_words (struct diag *d, struct edge *e, struct text *b)
{
  struct text dn = { .n = 0 };
  dn.s[0] = '\0';
  node_name (d, e->dst, &dn);
  switch (e->kind)
    {
    case E_LOCK:
      add (b, "waits for %s, held by %s", e->obj, dn.s);
      break;
    case E_HELD:
      add (b, "waits for %s", e->obj);
      break;
    case E_ORDERED:
      add (b, "waits for %s, which %s has", e->obj, dn.s);
      break;
    case E_FREE:
      add (b, "waits for %s, which no thread holds now", e->obj);
      break;
    case E_BARRIER:
      add (b, "waits at ");
      region_words (d, e->barrier_state, &d->th[e->src.v], b);
      add (b, " for %s, which has not arrived", dn.s);
      break;
    case E_TASKWAIT:
    case E_TASKGROUP:
      {
	int n = count_kind (d, e->src, e->kind);
	const char *what = e->kind == E_TASKWAIT ? "in a taskwait"
	  : "at the end of a taskgroup";
	if (n > 1)
	  add (b, "waits %s for %d tasks, among them %s", what, n, dn.s);
	else
	  add (b, "waits %s for %s", what, dn.s);
	break;
      }
    case E_RUNS:
      add (b, "running on %s", dn.s);
      break;
    case E_SUSPENDED:
      add (b, "suspended on %s", dn.s);
      break;
    case E_DEPENDENCE:
      add (b, "waits for %s", dn.s);
      shared_deps (d, e->src.v, e->dst.v, b);
      break;
    }
}

/* How a chain ends at N, which waits for nothing known.  OWN_WAIT: the
   chain is a task's wait for its dependences, which a running
   predecessor may be keeping by a wait the runtime does not see (a flag
   of the program's own: half a cycle).  */
static void
end_words (struct diag *d, struct node n, bool own_wait, struct text *b)
{
  if (n.kind == N_THREAD)
    {
      struct dthread *t = &d->th[n.v];
      const char *w = where (d, t);
      const char *at = strstr (w, " at ");
      bool running = t->have_state && (t->state == ompt_state_work_parallel
				       || t->state == ompt_state_work_serial);
      if (running && own_wait)
	add (b, ", which is running%s%s, not waiting in the runtime (a wait "
	     "of its own?)", at ? " at " : w[0] ? " in " : "",
	     at ? at + 4 : w);
      else if (running)
	add (b, ", which is running%s%s (not waiting in OpenMP)",
	     w[0] ? " in " : "", w);
      else if (t->have_state && t->state == ompt_state_idle)
	add (b, ", which is idle");
      else if (t->have_state)
	add (b, ", which is in %s%s%s", cli_state_name (d->c, t->state),
	     w[0] ? " in " : "", w);
    }
  else if (n.kind == N_TASK)
    {
      int st;
      task_entry (d, n.v, &st);
      if (st == ompdbg_task_state_queued)
	add (b, ", which no thread has started (queued)");
    }
}

/* Follow first edges from START until a node in STOP, one seen again or
   an end; the nodes in NODES (at most MAX), the edges in EDGES.  */
static int
chain_from (struct diag *d, struct node start, const bool *stop,
	    struct node *nodes, struct edge **edges, int max)
{
  int n = 0;
  nodes[n] = start;
  while (n + 1 < max)
    {
      struct edge *e = first_edge (d, nodes[n]);
      if (e == NULL || e->dst.kind == N_NONE)
	{
	  if (e != NULL)
	    edges[n++] = e, nodes[n] = e->dst;
	  break;
	}
      edges[n] = e;
      nodes[++n] = e->dst;
      bool seen = false;
      for (int k = 0; k < n; k++)
	seen |= same (nodes[k], e->dst);
      if (seen || (e->dst.kind == N_THREAD && stop[e->dst.v]))
	break;
    }
  return n;
}

static void
sentence (struct diag *d, struct node *nodes, struct edge **edges, int n,
	  const char *holds, struct text *b)
{
  for (int i = 0; i < n; i++)
    {
      if (i == 0)
	{
	  node_name (d, nodes[0], b);
	  add (b, " ");
	  if (holds != NULL)
	    add (b, "holds %s and ", holds);
	}
      else if (edges[i - 1]->kind == E_BARRIER)
	add (b, ": it ");
      else if (nodes[i].kind == N_TASK
	       && (edges[i]->kind == E_RUNS || edges[i]->kind == E_SUSPENDED))
	add (b, ", ");
      else
	add (b, ", which ");
      edge_words (d, edges[i], b);
    }
}

/* ---- the report --------------------------------------------------------- */

struct report
{
  struct json *j;		/* NULL: the text */
  struct cli *c;		/* the text's width and strings */
  int ndead, nblocked;
};

static void
say (struct report *r, const char *key, const char *text, const pid_t *lwps,
     int nlwps)
{
  if (r->j == NULL)
    {
      cli_paragraphs (r->c, stdout, text, r->c->width);
      return;
    }
  json_open (r->j, '{');
  json_kv_str (r->j, "kind", key);
  json_kv_str (r->j, "text", text);
  json_key (r->j, "threads");
  json_open (r->j, '[');
  for (int i = 0; i < nlwps; i++)
    json_int (r->j, lwps[i]);
  json_close (r->j, ']');
  json_close (r->j, '}');
}

/* The end of a chain of N edges: the deadlock it runs into, or where it
   ends.  */
static void
chain_end (struct diag *d, const struct node *nodes, int n,
	   const bool *in_cycle, bool own_wait, struct text *b)
{
  if (nodes[n].kind == N_THREAD && in_cycle[nodes[n].v])
    add (b, ", which is deadlocked (above)");
  else
    end_words (d, nodes[n], own_wait, b);
}

/* "Blocked: " and the chain from S to its end (OWN_WAIT: end_words').  */
static void
blocked_text (struct diag *d, struct node s, const bool *in_cycle,
	      bool own_wait, struct text *b)
{
  struct node nodes[MAX_CHAIN + 1];
  struct edge *edges[MAX_CHAIN + 1];
  int n = chain_from (d, s, in_cycle, nodes, edges, MAX_CHAIN);
  add (b, "Blocked: ");
  sentence (d, nodes, edges, n, NULL, b);
  chain_end (d, nodes, n, in_cycle, own_wait, b);
  add (b, ".");
}

static void
report (struct diag *d, struct report *r)
{
  bool *in_cycle = calloc (d->nth + 1, sizeof *in_cycle);
  bool *said = calloc (d->nth + 1, sizeof *said);
  struct node nodes[MAX_CHAIN + 1];
  struct edge *edges[MAX_CHAIN + 1];
  /* The threads of one finding: a cycle's, or a barrier's waiters.  */
  pid_t *lwps = calloc (d->nth + MAX_CHAIN + 1, sizeof *lwps);
  if (in_cycle == NULL || said == NULL || lwps == NULL)
    {
      free (in_cycle);
      free (said);
      free (lwps);
      return;
    }
  /* Cycles: from each thread, follow first edges; a walk that comes
     back to where it started is a cycle.  */
  for (size_t i = 0; i < d->nth; i++)
    {
      if (in_cycle[i])
	continue;
      struct node s = { N_THREAD, i };
      int n = chain_from (d, s, in_cycle, nodes, edges, MAX_CHAIN);
      if (n == 0 || !same (nodes[n], s))
	continue;
      /* Start at the lowest OpenMP thread number: the same sentence live
	 and in any core, whatever order the threads are listed in.  */
      int best = 0;
      for (int k = 1; k < n; k++)
	if (nodes[k].kind == N_THREAD
	    && (nodes[best].kind != N_THREAD
		|| (unsigned long) d->th[nodes[k].v].num
		< (unsigned long) d->th[nodes[best].v].num))
	  best = k;
      if (best != 0)
	{
	  struct node rn[MAX_CHAIN + 1];
	  struct edge *re[MAX_CHAIN + 1];
	  for (int k = 0; k < n; k++)
	    {
	      rn[k] = nodes[(best + k) % n];
	      re[k] = edges[(best + k) % n];
	    }
	  rn[n] = rn[0];
	  memcpy (nodes, rn, sizeof rn);
	  memcpy (edges, re, sizeof re);
	}
      const char *holds = NULL;
      struct edge last = *edges[n - 1];
      if ((last.kind == E_LOCK || last.kind == E_ORDERED) && n > 1)
	{
	  holds = edges[n - 1]->obj;
	  last.kind = E_HELD;
	  edges[n - 1] = &last;
	}
      struct text b = { .n = 0 };
      add (&b, "Deadlock: ");
      sentence (d, nodes, edges, n, holds, &b);
      add (&b, ".");
      int nl = 0;
      bool w = false;
      for (int k = 0; k < n; k++)
	if (nodes[k].kind == N_THREAD)
	  {
	    struct dthread *t = &d->th[nodes[k].v];
	    in_cycle[nodes[k].v] = true;
	    lwps[nl++] = t->lwp;
	    const char *wh = where (d, t);
	    if (wh[0])
	      {
		add (&b, "%sthread %d in %s", w ? "; " : "\n  Where: ",
		     t->id, wh);
		w = true;
	      }
	  }
      say (r, "deadlock", b.s, lwps, nl);
      r->ndead++;
    }
  /* Barrier waits: the waiters of one barrier together.  */
  for (size_t i = 0; i < d->nth; i++)
    {
      struct node s = { N_THREAD, i };
      struct edge *e = first_edge (d, s);
      if (in_cycle[i] || said[i] || e == NULL || e->kind != E_BARRIER)
	continue;
      bool mismatch = e->obj[0] == 'm';
      int nl = 0;
      struct text b = { .n = 0 };
      add (&b, mismatch ? "Barrier mismatch: " : "Blocked: ");
      /* The threads of this barrier, by OpenMP thread number.  */
      size_t *grp = calloc (2 * d->nth, sizeof *grp);
      int nw = 0;
      if (grp == NULL)
	break;
      for (size_t j = 0; j < d->nth; j++)
	{
	  struct edge *f = first_edge (d, (struct node) { N_THREAD, j });
	  if (!in_cycle[j] && f != NULL && f->kind == E_BARRIER
	      && f->region == e->region && f->barrier_state == e->barrier_state)
	    {
	      int k = nw++;
	      while (k > 0 && (unsigned long) d->th[grp[k - 1]].num
		     > (unsigned long) d->th[j].num)
		grp[k] = grp[k - 1], k--;
	      grp[k] = j;
	    }
	}
      /* A mismatch is told from the side most threads are on.  */
      if (mismatch && nw < count_kind (d, s, E_BARRIER))
	{
	  free (grp);
	  continue;
	}
      for (int k = 0; k < nw; k++)
	{
	  said[grp[k]] = true;
	  lwps[nl++] = d->th[grp[k]].lwp;
	}
      threads_name (d, grp, nw, &b);
      add (&b, " wait%s at ", nw == 1 ? "s" : "");
      region_words (d, e->barrier_state, &d->th[grp[0]], &b);
      /* The members that have not arrived (the same edges from every
	 waiter): for a mismatch those at another barrier of the region,
	 by barrier.  */
      int nlate = 0;
      for (size_t k = 0; k < d->ne; k++)
	if (same (d->e[k].src, s) && d->e[k].kind == E_BARRIER)
	  grp[nlate++] = (size_t) d->e[k].dst.v;
      if (mismatch)
	for (int k = 0; k < nlate; k++)
	  {
	    struct dthread *m = &d->th[grp[k]];
	    if (said[grp[k]])
	      continue;
	    size_t *same_st = grp + nlate;
	    int ns = 0;
	    for (int q = k; q < nlate; q++)
	      if (!said[grp[q]] && d->th[grp[q]].state == m->state)
		{
		  said[grp[q]] = true;
		  same_st[ns++] = grp[q];
		}
	    add (&b, "; ");
	    threads_name (d, same_st, ns, &b);
	    add (&b, " never arrive%s: %s at %s of the same region",
		 ns == 1 ? "s" : "", ns == 1 ? "it waits" : "they wait",
		 state_words ((int) m->state));
	    const char *w = barrier_place (d, (int) m->state, m);
	    if (w != NULL)
	      add (&b, " (%s)", w);
	  }
      else if (nlate > 0)
	{
	  add (&b, "; ");
	  threads_name (d, grp, nlate, &b);
	  add (&b, " %s not arrived: ", nlate == 1 ? "has" : "have");
	  for (int k = 0; k < nlate; k++)
	    {
	      struct node m = { N_THREAD, grp[k] };
	      int n = chain_from (d, m, in_cycle, nodes, edges, MAX_CHAIN);
	      if (k > 0)
		add (&b, "; ");
	      if (n > 0)
		{
		  sentence (d, nodes, edges, n, NULL, &b);
		  chain_end (d, nodes, n, in_cycle, false, &b);
		  continue;
		}
	      struct text c = { .n = 0 };
	      end_words (d, m, false, &c);
	      if (nlate > 1)
		{
		  thread_name (&d->th[grp[k]], &b);
		  add (&b, " ");
		}
	      else
		add (&b, "it ");
	      add (&b, "%s", c.n > 8 ? c.s + 8 : "is elsewhere");
	    }
	}
      free (grp);
      if (mismatch)
	add (&b, ".  Every thread of a team must meet the same barriers, "
	     "in the same order");
      add (&b, ".");
      say (r, mismatch ? "mismatch" : "blocked", b.s, lwps, nl);
      r->nblocked++;
    }
  /* Other blocked threads, then tasks waiting for dependences.  */
  for (size_t i = 0; i < d->nth; i++)
    {
      struct node s = { N_THREAD, i };
      if (in_cycle[i] || said[i] || first_edge (d, s) == NULL)
	continue;
      struct text b = { .n = 0 };
      blocked_text (d, s, in_cycle, false, &b);
      lwps[0] = d->th[i].lwp;
      say (r, "blocked", b.s, lwps, 1);
      r->nblocked++;
    }
  for (size_t k = 0; k < d->ne; k++)
    {
      struct edge *e = &d->e[k];
      if (e->kind != E_DEPENDENCE || first_edge (d, e->src) != e)
	continue;
      struct text b = { .n = 0 };
      blocked_text (d, e->src, in_cycle, true, &b);
      say (r, "blocked", b.s, lwps, 0);
      r->nblocked++;
    }
  free (in_cycle);
  free (said);
  free (lwps);
}

static void
running (struct diag *d, struct report *r)
{
  struct text b = { .n = 0 };
  int shown = 0, more = 0;
  pid_t lwps[8];
  for (size_t i = 0; i < d->nth; i++)
    {
      struct dthread *t = &d->th[i];
      if (!t->have_state || (t->state != ompt_state_work_parallel
			     && t->state != ompt_state_work_serial))
	continue;
      if (shown == 8)
	{
	  more++;
	  continue;
	}
      add (&b, "%s", shown ? "; " : "Running: ");
      thread_name (t, &b);
      const char *w = where (d, t);
      if (w[0])
	add (&b, " in %s", w);
      lwps[shown++] = t->lwp;
    }
  if (more)
    add (&b, " and %d more", more);
  if (shown)
    {
      add (&b, ".");
      say (r, "running", b.s, lwps, shown);
    }
}

/* ---- collecting --------------------------------------------------------- */

static void
collect (struct diag *d)
{
  size_t n = 0;
  cli_model (d->c);
  ompdbg_thread_count (d->t, &n);
  d->th = calloc (n ? n : 1, sizeof *d->th);
  d->kcap = n * MAX_CHAIN + 256;
  d->ktask = calloc (d->kcap, sizeof *d->ktask);
  d->kentry = calloc (d->kcap, sizeof *d->kentry);
  d->khandle = calloc (d->kcap, sizeof *d->khandle);
  if (!d->th || !d->ktask || !d->kentry || !d->khandle)
    return;
  for (size_t i = 0; i < n; i++)
    {
      struct ompdbg_thread *ot;
      if (ompdbg_thread_at (d->t, i, &ot) != OMPDBG_E_OK)
	continue;
      int64_t id = ompdbg_thread_lwp (ot);
      ompd_thread_handle_t *th;
      if (d->api->get_thread_handle (d->as, OMPD_THREAD_ID_LWP, sizeof id,
				     &id, &th) != ompd_rc_ok)
	continue;
      struct dthread *t = &d->th[d->nth++];
      struct cli_thread *ct = cli_thread_of_lwp (d->c, (pid_t) id);
      t->id = ct != NULL ? ct->id : (int) i + 1;
      t->region = ct != NULL ? ct->region : -1;
      t->lwp = (pid_t) id;
      t->th = th;
      ompd_word_t num;
      t->num = d->icv_num != ompd_icv_undefined
	&& d->api->get_icv_from_scope (th, ompd_scope_thread, d->icv_num,
				       &num) == ompd_rc_ok ? (long) num : -1;
      t->have_state = d->api->get_state (th, &t->state, &t->wid)
	== ompd_rc_ok;
      ompd_task_handle_t *task;
      if (d->api->get_curr_task_handle (th, &task) != ompd_rc_ok)
	continue;
      while (task != NULL && t->nchain < MAX_CHAIN)
	{
	  ompd_address_t a = { 0, 0 }, fn = { 0, 0 };
	  if (d->x.task_address != NULL)
	    d->x.task_address (task, &a);
	  d->api->get_task_function (task, &fn);
	  t->chain[t->nchain++] = a.address;
	  if (d->nk < d->kcap)
	    {
	      d->ktask[d->nk] = a.address;
	      d->kentry[d->nk] = fn.address;
	      d->khandle[d->nk++] = task;
	    }
	  ompd_task_handle_t *next = NULL;
	  if (d->api->get_scheduling_task_handle (task, &next) != ompd_rc_ok)
	    next = NULL;
	  task = next;
	}
    }
  if (d->x.dlist != NULL && d->x.dlist (d->as, &d->dl, &d->ndeferred)
      == ompd_rc_ok && d->ndeferred > 0)
    {
      d->deferred = calloc ((size_t) d->ndeferred, sizeof *d->deferred);
      int got = 0;
      if (d->deferred == NULL
	  || d->x.dinfo (d->dl, 0, (int) d->ndeferred, d->deferred, &got)
	  != ompd_rc_ok)
	d->ndeferred = 0;
      else
	d->ndeferred = got;
    }
  if (d->x.task_edges != NULL
      && d->x.task_edges (d->as, &d->tedges, &d->ntedges) != ompd_rc_ok)
    d->ntedges = 0;
  for (size_t i = 0; i < d->nth; i++)
    thread_edges (d, i);
  for (size_t i = 0; i < d->nth; i++)
    for (int k = 0; k + 1 < d->th[i].nchain; k++)
      {
	/* The bottom of each chain is an implicit or initial task, which
	   no edge leads to.  */
	struct node src = { N_TASK, d->th[i].chain[k] };
	struct node dst = { N_THREAD, i };
	edge_new (d, src, dst, k == 0 ? E_RUNS : E_SUSPENDED);
      }
  for (int k = 0; k < d->ntedges; k++)
    if (d->tedges[k].kind == ompdbg_task_wait_dependence)
      {
	struct node src = { N_TASK, d->tedges[k].waiter.address };
	struct node dst = { N_TASK, d->tedges[k].blocker.address };
	edge_new (d, src, dst, E_DEPENDENCE);
      }
}

static void
release (struct diag *d)
{
  for (size_t i = 0; i < d->nk; i++)
    if (d->khandle[i] != NULL)
      d->api->rel_task_handle (d->khandle[i]);
  for (size_t i = 0; i < d->nth; i++)
    d->api->rel_thread_handle (d->th[i].th);
  if (d->dl != NULL && d->x.drel != NULL)
    d->x.drel (d->dl);
  free (d->deferred);
  free (d->tedges);
  free (d->th);
  free (d->e);
  free (d->ktask);
  free (d->kentry);
  free (d->khandle);
}

int
ompdbg_cmd_diagnose (int argc, char **argv)
{
  bool json = false, wide = false;
  for (; argc > 0; argc--, argv++)
    if (strcmp (argv[0], "--json") == 0)
      json = true;
    else if (strcmp (argv[0], "--wide") == 0 || strcmp (argv[0], "-w") == 0)
      wide = true;
    else
      break;
  /* The build tree's ompdbg names the libompd beside the runtime it
     built (the runtime's own list names the installed one).  */
  const char *lib = getenv ("OMPDBG_LIBOMPD");
  struct cli c;
  int rc = cli_open_with (&c, argc, argv, lib && *lib ? lib : NULL);
  if (rc == 2 && argc != 1)
    fprintf (stderr, "Usage: ompdbg diagnose [--json] [--wide] PID\n"
	     "       ompdbg diagnose [--json] [--wide] EXECUTABLE CORE\n");
  if (rc != 0)
    return rc;
  if (c.s == NULL)
    {
      fprintf (stderr, "ompdbg: OMPD unavailable: %s\n%s",
	       ompdbg_errmsg (c.session_err), c.diag ? c.diag : "");
      cli_close (&c);
      return 1;
    }
  struct diag d;
  memset (&d, 0, sizeof d);
  d.c = &c;
  d.t = c.t;
  d.api = c.api;
  d.as = c.as;
  d.icv_num = c.icv_thread_num;
  d.icv_size = c.icv_team_size;
  /* The extension, where the library has it: looked up in the copy the
     session loaded.  */
  void *dl = dlopen (ompdbg_session_library (c.s), RTLD_NOW | RTLD_NOLOAD);
  if (dl != NULL)
    {
#define EXT(field, name) *(void **) &d.x.field = dlsym (dl, #name)
      EXT (wait_holder, ompdbg_get_wait_holder);
      EXT (task_edges, ompdbg_get_task_edges);
      EXT (task_address, ompdbg_get_task_address);
      EXT (dlist, ompdbg_get_deferred_task_list);
      EXT (dinfo, ompdbg_get_deferred_task_info);
      EXT (dhandle, ompdbg_get_deferred_task_handle);
      EXT (drel, ompdbg_rel_deferred_task_list);
      EXT (deps, ompdbg_get_task_dependences);
#undef EXT
      if (d.x.dinfo == NULL || d.x.drel == NULL)
	d.x.dlist = NULL;
    }
  collect (&d);
  struct json j;
  c.width = wide ? -1 : cli_width ();
  struct report r = { NULL, &c, 0, 0 };
  if (json)
    {
      r.j = &j;
      cli_json_begin (&c, &j, "diagnose");
      json_key (&j, "findings");
      json_open (&j, '[');
    }
  report (&d, &r);
  if (r.ndead == 0 && r.nblocked == 0)
    {
      say (&r, "nothing", "Nothing is blocked: no OpenMP thread waits for "
	   "another thread or task.", NULL, 0);
      running (&d, &r);
    }
  if (d.x.wait_holder == NULL)
    say (&r, "note", "(Without the ompdbg extension of libompd the holders "
	 "of locks and the tasks' waits are not known.)", NULL, 0);
  if (json)
    {
      json_close (&j, ']');
      json_kv_int (&j, "deadlocks", r.ndead);
      json_kv_int (&j, "blocked", r.nblocked);
      json_close (&j, '}');
    }
  release (&d);
  if (dl != NULL)
    dlclose (dl);
  cli_close (&c);
  return 0;
}
