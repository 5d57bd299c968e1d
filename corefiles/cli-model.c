/* cli-model.c -- the OpenMP view of a stopped process or a core for the
   ompdbg views: its threads, parallel regions and tasks, read through
   libompd once per run.  The rules are the gdb plugin's
   (gdb-plugin/ompdbg_gdb/model.py): regions are numbered #1, #2, ...
   outermost first, then in the order the threads (by number) lead to
   them; a thread no region names but whose team counts it is a member
   that has not started; a value that cannot be read, or cannot be true,
   is "unreadable (REASON)".  */

#include <config.h>

#include <dlfcn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <elfutils/libdwfl.h>

#include "corefiles/cli.h"
#include "libompd/ompdbg-ext.h"

/* Chains longer than this are garbage (the plugin's limit).  */
#define MAX_CHAIN 256
#define MAX_LEVEL 4096

char *
cli_keep (struct cli *c, char *s)
{
  if (s == NULL)
    return NULL;
  if (c->nstrings == c->strings_cap)
    {
      size_t cap = c->strings_cap ? 2 * c->strings_cap : 64;
      char **n = realloc (c->strings, cap * sizeof *n);
      if (n == NULL)
	return s;		/* leaked rather than lost */
      c->strings = n;
      c->strings_cap = cap;
    }
  c->strings[c->nstrings++] = s;
  return s;
}

char *
cli_printf (struct cli *c, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  char *s = NULL;
  if (vasprintf (&s, fmt, ap) < 0)
    s = NULL;
  va_end (ap);
  return s != NULL ? cli_keep (c, s) : (char *) "?";
}

const char *
cli_rc_words (ompd_rc_t rc)
{
  switch (rc)
    {
    case ompd_rc_device_read_error: return "cannot read target memory";
    case ompd_rc_error: return "inconsistent runtime data";
    case ompd_rc_stale_handle: return "stale handle";
    case ompd_rc_nomem: return "out of memory";
    case ompd_rc_callback_error: return "a debugger callback failed";
    case ompd_rc_unsupported: return "not supported";
    case ompd_rc_incompatible: return "incompatible runtime";
    case ompd_rc_bad_input: return "bad input";
    default: return "error";
    }
}

/* Whether RC says the data could not be read (as opposed to "there is
   none").  */
static bool
unreadable_rc (ompd_rc_t rc)
{
  return rc == ompd_rc_device_read_error || rc == ompd_rc_error
    || rc == ompd_rc_stale_handle || rc == ompd_rc_nomem
    || rc == ompd_rc_callback_error;
}

/* The TracerPid of process PID: another tracer holds it when not 0.  */
static long
tracer_of (long pid)
{
  char path[64];
  snprintf (path, sizeof path, "/proc/%ld/status", pid);
  FILE *f = fopen (path, "r");
  if (f == NULL)
    return 0;
  char line[256];
  long tracer = 0;
  while (fgets (line, sizeof line, f) != NULL)
    if (sscanf (line, "TracerPid: %ld", &tracer) == 1)
      break;
  fclose (f);
  return tracer;
}

static const char *
comm_of (long pid, char *buf, size_t size)
{
  char path[64];
  snprintf (path, sizeof path, "/proc/%ld/comm", pid);
  FILE *f = fopen (path, "r");
  if (f == NULL || fgets (buf, (int) size, f) == NULL)
    snprintf (buf, size, "?");
  if (f != NULL)
    fclose (f);
  buf[strcspn (buf, "\n")] = '\0';
  return buf;
}

static void
find_icvs (struct cli *c)
{
  c->icv_thread_num = c->icv_team_size = c->icv_levels = ompd_icv_undefined;
  c->icv_active_levels = c->icv_implicit = c->icv_final = ompd_icv_undefined;
  if (c->api->enumerate_icvs == NULL)
    return;
  ompd_icv_id_t cur = ompd_icv_undefined, id;
  const char *name;
  ompd_scope_t scope;
  int more = 0;
  static const struct { const char *name; size_t off; } want[] = {
    { "thread-num-var", offsetof (struct cli, icv_thread_num) },
    { "team-size-var", offsetof (struct cli, icv_team_size) },
    { "levels-var", offsetof (struct cli, icv_levels) },
    { "active-levels-var", offsetof (struct cli, icv_active_levels) },
    { "implicit-task-var", offsetof (struct cli, icv_implicit) },
    { "final-task-var", offsetof (struct cli, icv_final) },
  };
  for (int i = 0; i < 1024; i++)
    {
      if (c->api->enumerate_icvs (c->as, cur, &id, &name, &scope, &more)
	  != ompd_rc_ok)
	break;
      for (size_t k = 0; name != NULL && k < sizeof want / sizeof want[0]; k++)
	if (strcmp (name, want[k].name) == 0)
	  *(ompd_icv_id_t *) ((char *) c + want[k].off) = id;
      free ((void *) name);
      if (!more)
	break;
      cur = id;
    }
}

static void
find_states (struct cli *c)
{
  if (c->api->enumerate_states == NULL)
    return;
  ompd_word_t cur = ompt_state_undefined, next, more = 0;
  const char *name;
  for (int i = 0; i < 1024; i++)
    {
      if (c->api->enumerate_states (c->as, cur, &next, &name, &more)
	  != ompd_rc_ok)
	break;
      void *n = realloc (c->states, (c->nstates + 1) * sizeof *c->states);
      if (n == NULL)
	{
	  free ((void *) name);
	  break;
	}
      c->states = n;
      c->states[c->nstates].v = next;
      c->states[c->nstates].name = (char *) name;
      c->nstates++;
      if (!more)
	break;
      cur = next;
    }
}

/* The address range of the module holding ompd_dll_locations: the
   runtime, whose frames `ompd bt' leaves out.  A live process's module
   ranges are its file mappings, which a variable in .bss may lie past:
   then the module of the runtime's OMPD breakpoint function, which
   OpenMP requires next to it.  */
static void
find_runtime (struct cli *c)
{
  uint64_t addr;
  Dwfl *dwfl = ompdbg_target_dwfl (c->t);
  if (dwfl == NULL
      || ompdbg_lookup_symbol (c->t, "ompd_dll_locations", NULL, &addr)
	 != OMPDBG_E_OK)
    return;
  Dwfl_Module *mod = dwfl_addrmodule (dwfl, addr);
  if (mod == NULL
      && ompdbg_lookup_symbol (c->t, "ompd_bp_thread_begin", NULL, &addr)
	 == OMPDBG_E_OK)
    mod = dwfl_addrmodule (dwfl, addr);
  Dwarf_Addr lo, hi;
  if (mod != NULL
      && dwfl_module_info (mod, NULL, &lo, &hi, NULL, NULL, NULL, NULL))
    {
      c->rt_lo = lo;
      c->rt_hi = hi;
    }
}

int
cli_open (struct cli *c, int argc, char **argv)
{
  return cli_open_with (c, argc, argv, NULL);
}

int
cli_open_with (struct cli *c, int argc, char **argv, const char *library)
{
  memset (c, 0, sizeof *c);
  c->pid = -1;
  ompdbg_err_t err;
  if (argc == 1)
    {
      char *end;
      long pid = strtol (argv[0], &end, 10);
      if (*end != '\0' || pid <= 0)
	{
	  fprintf (stderr, "ompdbg: '%s' is not a process id\n", argv[0]);
	  return 2;
	}
      err = ompdbg_target_attach (pid, &c->t);
      if (err != OMPDBG_E_OK)
	{
	  long tracer = err == OMPDBG_E_PERM ? tracer_of (pid) : 0;
	  if (tracer > 0)
	    {
	      char comm[64];
	      fprintf (stderr, "ompdbg: cannot attach to process %ld: it is "
		       "traced by process %ld (%s); detach that first\n",
		       pid, tracer, comm_of (tracer, comm, sizeof comm));
	    }
	  else
	    fprintf (stderr, "ompdbg: cannot attach to process %ld: %s\n",
		     pid, ompdbg_errmsg (err));
	  return 1;
	}
      c->pid = pid;
    }
  else if (argc == 2)
    {
      err = ompdbg_target_open_core (argv[1], argv[0], &c->t);
      if (err != OMPDBG_E_OK)
	{
	  fprintf (stderr, "ompdbg: cannot open core file %s of %s: %s\n",
		   argv[1], argv[0], ompdbg_errmsg (err));
	  return 1;
	}
      c->exe = argv[0];
      c->core = argv[1];
    }
  else
    return 2;
  c->session_err = ompdbg_session_open (c->t, library, &c->s, &c->diag);
  if (c->s != NULL)
    {
      c->api = ompdbg_session_api (c->s);
      c->as = ompdbg_session_aspace (c->s);
      find_icvs (c);
      find_states (c);
      find_runtime (c);
    }
  return 0;
}

static void
release_chain (struct cli *c, struct cli_thread *t)
{
  for (size_t i = 0; i < t->nchain; i++)
    if (t->chain[i].h != NULL && t->chain[i].h != t->task)
      c->api->rel_task_handle (t->chain[i].h);
  free (t->chain);
}

void
cli_close (struct cli *c)
{
  for (size_t i = 0; i < c->nthreads; i++)
    {
      struct cli_thread *t = &c->threads[i];
      if (c->api != NULL)
	{
	  release_chain (c, t);
	  if (t->task != NULL)
	    c->api->rel_task_handle (t->task);
	  if (t->h != NULL)
	    c->api->rel_thread_handle (t->h);
	}
      free (t->frames);
    }
  free (c->threads);
  for (size_t i = 0; i < c->nregions; i++)
    if (c->api != NULL)
      c->api->rel_parallel_handle (c->regions[i].h);
  free (c->regions);
  for (size_t i = 0; i < c->nstates; i++)
    free (c->states[i].name);
  free (c->states);
  for (size_t i = 0; i < c->nstrings; i++)
    free (c->strings[i]);
  free (c->strings);
  free (c->pc_cache);
  struct label { uint64_t pc; const char *k, *l; struct label *next; };
  for (struct label *e = c->label_cache, *n; e != NULL; e = n)
    {
      n = e->next;
      free (e);
    }
  free (c->diag);
  ompdbg_session_close (c->s);
  ompdbg_target_close (c->t);
}

const char *
cli_state_name (struct cli *c, ompd_word_t state)
{
  for (size_t i = 0; i < c->nstates; i++)
    if (c->states[i].v == state && c->states[i].name != NULL)
      {
	const char *n = c->states[i].name;
	return strncmp (n, "ompt_state_", 11) == 0 ? n + 11 : n;
      }
  return cli_printf (c, "0x%llx", (unsigned long long) state);
}

static bool
state_known (struct cli *c, ompd_word_t state)
{
  if (c->nstates == 0)
    return true;
  for (size_t i = 0; i < c->nstates; i++)
    if (c->states[i].v == state)
      return true;
  return false;
}

/* An ICV of scope SCOPE of HANDLE into V.  */
static void
icv (struct cli *c, void *handle, ompd_scope_t scope, ompd_icv_id_t id,
     struct cli_val *v)
{
  memset (v, 0, sizeof *v);
  if (id == ompd_icv_undefined || c->api->get_icv_from_scope == NULL)
    return;
  ompd_word_t w;
  ompd_rc_t rc = c->api->get_icv_from_scope (handle, scope, id, &w);
  if (rc == ompd_rc_ok)
    {
      v->ok = true;
      v->v = w;
    }
  else if (unreadable_rc (rc))
    v->reason = cli_rc_words (rc);
}

int
cli_region_of (struct cli *c, ompd_parallel_handle_t *h)
{
  if (h == NULL)
    return -1;
  for (size_t i = 0; i < c->nregions; i++)
    {
      int cmp = 1;
      if (c->api->parallel_handle_compare (c->regions[i].h, h, &cmp)
	  == ompd_rc_ok && cmp == 0)
	{
	  if (c->regions[i].h != h)
	    c->api->rel_parallel_handle (h);
	  return (int) i;
	}
    }
  if (c->nregions == c->regions_cap)
    {
      size_t cap = c->regions_cap ? 2 * c->regions_cap : 16;
      void *n = realloc (c->regions, cap * sizeof *c->regions);
      if (n == NULL)
	{
	  c->api->rel_parallel_handle (h);
	  return -1;
	}
      c->regions = n;
      c->regions_cap = cap;
    }
  struct cli_region *r = &c->regions[c->nregions];
  memset (r, 0, sizeof *r);
  r->h = h;
  r->parent = -2;		/* not looked up yet */
  r->first_seen = c->nregions;
  icv (c, h, ompd_scope_parallel, c->icv_levels, &r->level);
  if (r->level.ok && (r->level.v < 0 || r->level.v > MAX_LEVEL))
    {
      r->level.ok = false;
      r->level.reason = cli_printf (c, "nesting level %lld", r->level.v);
    }
  icv (c, h, ompd_scope_parallel, c->icv_active_levels, &r->active);
  icv (c, h, ompd_scope_parallel, c->icv_team_size, &r->size);
  if (r->size.ok && (r->size.v < 1 || (size_t) r->size.v > c->nthreads))
    {
      r->size.ok = false;
      r->size.reason = cli_printf (c, "team size %lld, the process has %zu "
				   "thread%s", r->size.v, c->nthreads,
				   c->nthreads == 1 ? "" : "s");
    }
  ompd_task_handle_t *it;
  if (c->api->get_task_in_parallel (h, 0, &it) == ompd_rc_ok)
    {
      ompd_address_t a;
      if (c->api->get_task_function (it, &a) == ompd_rc_ok)
	r->fn = a.address;
      c->api->rel_task_handle (it);
    }
  return (int) c->nregions++;
}

static int
region_parent (struct cli *c, int r)
{
  if (c->regions[r].parent == -2)
    {
      ompd_parallel_handle_t *p;
      c->regions[r].parent = -1;
      if (c->api->get_enclosing_parallel_handle (c->regions[r].h, &p)
	  == ompd_rc_ok)
	{
	  int k = cli_region_of (c, p);
	  c->regions[r].parent = k;
	}
    }
  return c->regions[r].parent;
}

struct cli_thread *
cli_thread_of_lwp (struct cli *c, pid_t lwp)
{
  if (lwp == 0)
    return NULL;		/* a thread being created has none */
  for (size_t i = 0; i < c->nthreads; i++)
    if (c->threads[i].lwp == lwp)
      return &c->threads[i];
  return NULL;
}

static struct cli_thread *
thread_of_handle (struct cli *c, ompd_thread_handle_t *h)
{
  /* A thread being created has neither LWP nor pthread id: its
     handle says which it is.  */
  for (size_t i = 0; i < c->nthreads; i++)
    {
      int cmp = 1;
      if (c->threads[i].being_created
	  && c->api->thread_handle_compare (c->threads[i].h, h, &cmp)
	     == ompd_rc_ok && cmp == 0)
	return &c->threads[i];
    }
  int64_t lwp = 0;
  if (c->api->get_thread_id == NULL
      || c->api->get_thread_id (h, OMPD_THREAD_ID_LWP, sizeof lwp, &lwp)
	 != ompd_rc_ok)
    {
      /* A libompd that identifies threads by pthread_t only.  */
      uint64_t pt = 0;
      struct ompdbg_thread *th;
      if (c->api->get_thread_id == NULL
	  || c->api->get_thread_id (h, OMPD_THREAD_ID_PTHREAD, sizeof pt, &pt)
	     != ompd_rc_ok
	  || ompdbg_thread_by_pthread (c->t, pt, &th) != OMPDBG_E_OK)
	return NULL;
      lwp = ompdbg_thread_lwp (th);
    }
  return cli_thread_of_lwp (c, (pid_t) lwp);
}

struct cli_thread *
cli_member (struct cli *c, int r, int num)
{
  ompd_thread_handle_t *h;
  if (r < 0 || c->api->get_thread_in_parallel (c->regions[r].h, num, &h)
      != ompd_rc_ok)
    return NULL;
  struct cli_thread *t = thread_of_handle (c, h);
  c->api->rel_thread_handle (h);
  return t;
}

static int
region_order (const void *a, const void *b)
{
  const struct cli_region *x = a, *y = b;
  if (x->level.ok != y->level.ok)
    return x->level.ok ? -1 : 1;
  if (x->level.ok && x->level.v != y->level.v)
    return x->level.v < y->level.v ? -1 : 1;
  return x->first_seen < y->first_seen ? -1 : x->first_seen > y->first_seen;
}

/* T's handle is T->h when set (a thread the registry lists without an
   OS thread), else looked up by its LWP, else by its pthread id.  */
static void
read_thread (struct cli *c, struct cli_thread *t)
{
  t->region = -1;
  int64_t id = t->lwp;
  ompd_rc_t rc = t->h != NULL ? ompd_rc_ok
    : c->api->get_thread_handle == NULL ? ompd_rc_unsupported
    : c->api->get_thread_handle (c->as, OMPD_THREAD_ID_LWP, sizeof id, &id,
				 &t->h);
  /* A thread just made has its pthread id in the runtime's descriptor
     before its LWP (thread_of_handle): find it by its thread pointer,
     which is its pthread_t in glibc.  */
  uint64_t tp;
  if (rc == ompd_rc_unavailable && t->th != NULL
      && ompdbg_thread_pointer (t->th, &tp) == OMPDBG_E_OK)
    rc = c->api->get_thread_handle (c->as, OMPD_THREAD_ID_PTHREAD,
				    sizeof tp, &tp, &t->h);
  if (rc != ompd_rc_ok)
    {
      t->h = NULL;
      if (rc != ompd_rc_unavailable && rc != ompd_rc_unsupported)
	t->error = cli_rc_words (rc);
      return;
    }
  ompd_word_t state;
  ompd_wait_id_t wait;
  rc = c->api->get_state (t->h, &state, &wait);
  if (rc == ompd_rc_ok)
    {
      if (!state_known (c, state) && state > ompt_state_undefined
	  && state != ompt_state_wait_barrier)
	t->state_error = cli_printf (c, "state 0x%llx is not one of the "
				     "runtime's", (unsigned long long) state);
      else
	{
	  t->state = state;
	  t->wait = wait;
	  t->state_known = true;
	}
    }
  else if (unreadable_rc (rc))
    t->state_error = cli_rc_words (rc);
  ompd_parallel_handle_t *par;
  rc = c->api->get_curr_parallel_handle (t->h, &par);
  if (rc == ompd_rc_ok)
    t->region = cli_region_of (c, par);
  else if (unreadable_rc (rc))
    t->region_error = cli_rc_words (rc);
  rc = c->api->get_curr_task_handle (t->h, &t->task);
  t->task_rc = rc;
  if (rc != ompd_rc_ok)
    {
      t->task = NULL;
      if (unreadable_rc (rc))
	t->task_error = cli_rc_words (rc);
    }
  icv (c, t->h, ompd_scope_thread, c->icv_thread_num, &t->num);
  t->unstarted = !t->being_created && t->region >= 0 && t->task == NULL
    && rc == ompd_rc_unavailable;
}

/* The threads the runtime's registry lists that have no OS thread yet
   (model.py's being_created: the master is inside pthread_create, which
   stores the pthread id only once the clone is made), added to C's
   threads after the OS threads, as gdb lists them last.  Through the
   ompdbg extension of libompd (ompdbg_get_threads), where the library
   has it; without it no such thread can be found.  */
static void
add_unborn_threads (struct cli *c)
{
  void *dl = dlopen (ompdbg_session_library (c->s), RTLD_NOW | RTLD_NOLOAD);
  __typeof__ (ompdbg_get_threads) *list
    = dl != NULL ? (__typeof__ (ompdbg_get_threads) *)
      dlsym (dl, "ompdbg_get_threads") : NULL;
  ompd_thread_handle_t **hs = NULL;
  int n = 0;
  ompd_rc_t rc = list != NULL ? list (c->as, &hs, &n) : ompd_rc_unsupported;
  if (dl != NULL)
    dlclose (dl);
  if ((rc != ompd_rc_ok && rc != ompd_rc_incomplete) || hs == NULL)
    return;
  for (int i = 0; i < n; i++)
    {
      ompd_thread_handle_t *h = hs[i];
      uint64_t lwp = 0, pt = 0;
      bool unborn = h != NULL && c->api->get_thread_id != NULL;
      if (unborn && c->api->get_thread_id (h, OMPD_THREAD_ID_LWP, sizeof lwp,
					   &lwp) == ompd_rc_ok && lwp != 0)
	unborn = false;
      if (unborn && (c->api->get_thread_id (h, OMPD_THREAD_ID_PTHREAD,
					    sizeof pt, &pt) != ompd_rc_ok
		     || pt != 0))
	{
	  /* A thread just made, that has not recorded its LWP: the OS
	     thread of its pthread id (model.py's _by_pthread), which its
	     LWP does not find.  */
	  struct ompdbg_thread *th;
	  struct cli_thread *t = pt != 0
	    && ompdbg_thread_by_pthread (c->t, pt, &th) == OMPDBG_E_OK
	    ? cli_thread_of_lwp (c, ompdbg_thread_lwp (th)) : NULL;
	  if (t != NULL && t->h == NULL)
	    t->h = h;
	  else if (h != NULL)
	    c->api->rel_thread_handle (h);
	  continue;
	}
      struct cli_thread *more = unborn
	? realloc (c->threads, (c->nthreads + 1) * sizeof *more) : NULL;
      if (more == NULL)
	{
	  if (h != NULL)
	    c->api->rel_thread_handle (h);
	  continue;
	}
      c->threads = more;
      struct cli_thread *t = &c->threads[c->nthreads++];
      memset (t, 0, sizeof *t);
      t->h = h;
      t->region = -1;
      t->being_created = true;
      t->unwound = true;
      t->unwind_error = "no OS thread yet";
    }
  free (hs);
}

void
cli_model (struct cli *c)
{
  if (c->modelled)
    return;
  c->modelled = true;
  size_t n = 0;
  ompdbg_thread_count (c->t, &n);
  c->threads = calloc (n ? n : 1, sizeof *c->threads);
  if (c->threads == NULL)
    return;
  c->nthreads = n;
  for (size_t i = 0; i < n; i++)
    {
      struct cli_thread *t = &c->threads[i];
      ompdbg_thread_at (c->t, i, &t->th);
      t->id = (int) i + 1;
      t->lwp = ompdbg_thread_lwp (t->th);
      t->region = -1;
    }
  if (c->s == NULL)
    return;
  add_unborn_threads (c);
  n = c->nthreads;
  for (size_t i = 0; i < n; i++)
    {
      read_thread (c, &c->threads[i]);
      for (int r = c->threads[i].region, k = 0; r >= 0 && k < MAX_LEVEL; k++)
	r = region_parent (c, r);
    }
  /* Number the regions: outermost first, then in discovery order.  The
     indexes the threads hold are remapped.  */
  size_t nr = c->nregions;
  int *map = malloc ((nr ? nr : 1) * sizeof *map);
  if (map == NULL)
    return;
  for (size_t i = 0; i < nr; i++)
    c->regions[i].id = (int) i;	/* the old index, for the remap */
  qsort (c->regions, nr, sizeof *c->regions, region_order);
  for (size_t i = 0; i < nr; i++)
    map[c->regions[i].id] = (int) i;
  for (size_t i = 0; i < nr; i++)
    {
      c->regions[i].id = (int) i + 1;
      if (c->regions[i].parent >= 0)
	c->regions[i].parent = map[c->regions[i].parent];
    }
  for (size_t i = 0; i < n; i++)
    if (c->threads[i].region >= 0)
      c->threads[i].region = map[c->threads[i].region];
  free (map);
  /* A thread no region names whose team counts it: a member that has
     not begun its implicit task (model.member_of).  */
  for (size_t r = 0; r < c->nregions; r++)
    {
      if (!c->regions[r].level.ok || c->regions[r].level.v == 0
	  || !c->regions[r].size.ok)
	continue;
      for (long long k = 0; k < c->regions[r].size.v; k++)
	{
	  struct cli_thread *t = cli_member (c, (int) r, (int) k);
	  if (t != NULL && t->h != NULL && t->region < 0
	      && t->region_error == NULL)
	    {
	      t->region = (int) r;
	      t->unstarted = true;
	      t->num.ok = true;
	      t->num.v = k;
	      t->num.reason = NULL;
	    }
	}
    }
  /* A thread number that cannot be.  */
  for (size_t i = 0; i < n; i++)
    {
      struct cli_thread *t = &c->threads[i];
      if (!t->num.ok)
	continue;
      struct cli_val *size = t->region >= 0 ? &c->regions[t->region].size
	: NULL;
      if (t->num.v < 0 || (size != NULL && size->ok && t->num.v >= size->v))
	{
	  t->num.ok = false;
	  t->num.reason = size != NULL && size->ok
	    ? cli_printf (c, "thread number %lld in a team of %lld",
			  t->num.v, size->v)
	    : cli_printf (c, "thread number %lld in a team of ?", t->num.v);
	}
      else if ((size_t) t->num.v >= n)
	{
	  t->num.ok = false;
	  t->num.reason = cli_printf (c, "thread number %lld, the process has "
				      "%zu thread%s", t->num.v, n,
				      n == 1 ? "" : "s");
	}
    }
}

/* The symbol of data address A: "name" or "name+off" (gdb's
   <name+off>), or NULL.  */
struct data_lookup
{
  uint64_t addr;
  const char *sym;
  uint64_t off;
};

static int
data_in_module (Dwfl_Module *mod, void **user, const char *name,
		Dwarf_Addr start, void *arg)
{
  (void) user, (void) name, (void) start;
  struct data_lookup *d = arg;
  GElf_Off off;
  GElf_Sym sym;
  const char *s = dwfl_module_addrinfo (mod, d->addr, &off, &sym, NULL, NULL,
					NULL);
  if (s == NULL || off >= sym.st_size || GELF_ST_TYPE (sym.st_info)
      != STT_OBJECT)
    return DWARF_CB_OK;
  d->sym = s;
  d->off = off;
  return DWARF_CB_ABORT;
}

const char *
cli_data_symbol (struct cli *c, uint64_t a)
{
  const char *sym;
  uint64_t off;
  if (ompdbg_addr_symbol (c->t, a, &sym, &off, NULL) != OMPDBG_E_OK
      || sym == NULL)
    {
      /* A live process's module ranges are its file mappings (from
	 /proc/PID/maps): a variable in .bss past them is in none.  Its
	 module is the one whose symbol table has an object there.  */
      struct data_lookup d = { a, NULL, 0 };
      Dwfl *dwfl = ompdbg_target_dwfl (c->t);
      if (dwfl != NULL)
	dwfl_getmodules (dwfl, data_in_module, &d, 0);
      if (d.sym == NULL)
	return NULL;
      sym = d.sym;
      off = d.off;
    }
  return off ? cli_printf (c, "%s+%llu", sym, (unsigned long long) off) : sym;
}

const char *
cli_thread_ref (struct cli *c, struct cli_thread *t)
{
  if (t->id > 0)
    return cli_printf (c, "thread %d", t->id);
  if (t->lwp > 0)
    return cli_printf (c, "LWP %d", (int) t->lwp);
  return "LWP -";
}

void
cli_json_thread_ids (struct json *j, const struct cli_thread *t)
{
  json_key (j, "id");
  if (t->id > 0)
    json_int (j, t->id);
  else
    json_null (j);
  json_key (j, "lwp");
  if (t->lwp > 0)
    json_int (j, t->lwp);
  else
    json_null (j);
}

const char *
cli_region_cell (struct cli *c, int r)
{
  if (r < 0)
    return "-";
  struct cli_region *x = &c->regions[r];
  if (!x->level.ok)
    return cli_printf (c, "#%d unreadable (%s)", x->id,
		       x->level.reason ? x->level.reason : "?");
  return cli_printf (c, "#%d L%lld", x->id, x->level.v);
}

/* Is the lock thread T waits for a nest lock?  Its holder's count says
   so (ompdbg_get_wait_holder of the ompdbg extension), where the
   extension reads it: the lock is held.  */
static bool
nest_lock (struct cli *c, struct cli_thread *t)
{
  void *dl = dlopen (ompdbg_session_library (c->s), RTLD_NOW | RTLD_NOLOAD);
  __typeof__ (ompdbg_get_wait_holder) *get
    = dl != NULL ? (__typeof__ (ompdbg_get_wait_holder) *)
      dlsym (dl, "ompdbg_get_wait_holder") : NULL;
  ompdbg_wait_holder_t h;
  bool nest = get != NULL && t->h != NULL && get (t->h, &h) == ompd_rc_ok
    && h.nest_count != 0;
  if (dl != NULL)
    dlclose (dl);
  return nest;
}

const char *
cli_wait_text (struct cli *c, struct cli_thread *t)
{
  if (t->being_created)
    return "being created (no OS thread yet)";
  if (t->unstarted)
    return "assigned, not started";
  if (!t->state_known)
    return "";
  const char *name = cli_state_name (c, t->state);
  uint64_t wid = t->wait;
  if (strncmp (name, "wait_barrier", 12) == 0)
    {
      if (t->region >= 0)
	{
	  struct cli_region *r = &c->regions[t->region];
	  return r->level.ok
	    ? cli_printf (c, "barrier of region #%d (level %lld)", r->id,
			  r->level.v)
	    : cli_printf (c, "barrier of region #%d (level unreadable (%s))",
			  r->id, r->level.reason ? r->level.reason : "?");
	}
      return "barrier";
    }
  if (wid == 0)
    return "";
  const char *sym = cli_data_symbol (c, wid);
  if (strcmp (name, "wait_critical") == 0)
    {
      if (sym != NULL && strncmp (sym, ".gomp_critical_user_", 20) == 0)
	return cli_printf (c, "critical (%s)", sym + 20);
      if (sym != NULL && strstr (sym, "gomp_critical_lock") != NULL)
	return "critical (unnamed)";
    }
  if (strcmp (name, "wait_critical") == 0)
    return sym ? cli_printf (c, "critical at 0x%llx <%s>",
			     (unsigned long long) wid, sym)
      : cli_printf (c, "critical at 0x%llx", (unsigned long long) wid);
  if (strcmp (name, "wait_atomic") == 0)
    return "atomic";
  if (strcmp (name, "wait_mutex") == 0 || strcmp (name, "wait_lock") == 0)
    {
      const char *kind = nest_lock (c, t) ? "nest lock" : "lock";
      return sym ? cli_printf (c, "%s 0x%llx <%s>", kind,
			       (unsigned long long) wid, sym)
	: cli_printf (c, "%s 0x%llx", kind, (unsigned long long) wid);
    }
  if (strcmp (name, "wait_taskwait") == 0)
    return cli_printf (c, "taskwait 0x%llx", (unsigned long long) wid);
  if (strcmp (name, "wait_taskgroup") == 0)
    return cli_printf (c, "taskgroup 0x%llx", (unsigned long long) wid);
  if (strcmp (name, "wait_ordered") == 0)
    return cli_printf (c, "ordered 0x%llx", (unsigned long long) wid);
  return sym ? cli_printf (c, "0x%llx <%s>", (unsigned long long) wid, sym)
    : cli_printf (c, "0x%llx", (unsigned long long) wid);
}

const char *
cli_region_label (struct cli *c, int r)
{
  struct cli_region *x = &c->regions[r];
  if (x->fn == 0)
    return x->level.ok && x->level.v == 0
      ? "implicit parallel region of the initial thread" : "(entry unknown)";
  return cli_construct_label (c, x->fn, "parallel");
}

void
cli_task_describe (struct cli *c, struct cli_task *task)
{
  struct cli_val imp, fin;
  icv (c, task->h, ompd_scope_task, c->icv_implicit, &imp);
  task->region = -1;
  ompd_parallel_handle_t *par;
  if (c->api->get_task_parallel_handle (task->h, &par) == ompd_rc_ok)
    task->region = cli_region_of (c, par);
  task->implicit = imp.ok && imp.v;
  if (imp.reason != NULL)
    task->kind = cli_printf (c, "unreadable (%s)", imp.reason);
  else if (!imp.ok)
    task->kind = "?";
  else if (imp.v)
    {
      struct cli_region *r = task->region >= 0 ? &c->regions[task->region]
	: NULL;
      task->kind = r != NULL && r->level.ok && r->level.v == 0 ? "initial"
	: "implicit";
    }
  else
    {
      icv (c, task->h, ompd_scope_task, c->icv_final, &fin);
      task->kind = fin.ok && fin.v ? "explicit final" : "explicit";
    }
  ompd_address_t a;
  ompd_rc_t rc = c->api->get_task_function (task->h, &a);
  const char *construct = strcmp (task->kind, "implicit") == 0 ? "parallel"
    : strcmp (task->kind, "initial") == 0 ? "target" : "task";
  if (rc == ompd_rc_ok && a.address != 0)
    task->label = cli_construct_label (c, a.address, construct);
  else if (unreadable_rc (rc))
    task->label = cli_printf (c, "unreadable (%s)", cli_rc_words (rc));
  else if (strcmp (task->kind, "initial") == 0)
    task->label = "initial task";
  else
    task->label = cli_printf (c, "%s task (no function)", task->kind);
  task->frames_ok = c->api->get_task_frame (task->h, &task->exit,
					    &task->enter) == ompd_rc_ok;
}

const char *
cli_task_ref (struct cli *c, ompd_task_handle_t *h)
{
  if (h == NULL)
    return "-";
  struct cli_task t = { .h = h };
  cli_task_describe (c, &t);
  const char *out = t.label;
  if (t.implicit && t.region >= 0)
    {
      struct cli_region *r = &c->regions[t.region];
      long long n = r->size.ok ? r->size.v : 0;
      for (long long i = 0; i < n && i < 4096; i++)
	{
	  ompd_task_handle_t *it;
	  if (c->api->get_task_in_parallel (r->h, (int) i, &it) != ompd_rc_ok)
	    continue;
	  int cmp = 1;
	  bool same = c->api->task_handle_compare (it, h, &cmp) == ompd_rc_ok
	    && cmp == 0;
	  c->api->rel_task_handle (it);
	  if (!same)
	    continue;
	  struct cli_thread *owner = cli_member (c, t.region, (int) i);
	  if (owner != NULL)
	    out = cli_printf (c, "%s on %s", t.label,
			      cli_thread_ref (c, owner));
	  break;
	}
    }
  c->api->rel_task_handle (h);
  return out;
}

static bool
same_task (struct cli *c, ompd_task_handle_t *a, ompd_task_handle_t *b)
{
  int cmp = 1;
  return a != NULL && b != NULL
    && c->api->task_handle_compare (a, b, &cmp) == ompd_rc_ok && cmp == 0;
}

void
cli_chain (struct cli *c, struct cli_thread *t)
{
  if (t->chain_done)
    return;
  t->chain_done = true;
  if (t->task == NULL)
    return;
  ompd_task_handle_t *h = t->task;
  struct cli_thread *on = t;
  size_t cap = 0;
  while (h != NULL && t->nchain < MAX_CHAIN)
    {
      if (t->nchain == cap)
	{
	  cap = cap ? 2 * cap : 4;
	  struct cli_task *n = realloc (t->chain, cap * sizeof *n);
	  if (n == NULL)
	    break;
	  t->chain = n;
	}
      struct cli_task *k = &t->chain[t->nchain++];
      memset (k, 0, sizeof *k);
      k->h = h;
      k->on = on;
      cli_task_describe (c, k);
      ompd_task_handle_t *s = NULL;
      if (c->api->get_scheduling_task_handle (h, &s) != ompd_rc_ok)
	s = NULL;
      if (s == NULL && !k->implicit && k->region >= 0 && on->num.ok)
	{
	  /* The runtime does not say which task this one interrupted: at
	     least the thread's implicit task of the region is below it.  */
	  ompd_task_handle_t *imp;
	  if (c->api->get_task_in_parallel (c->regions[k->region].h,
					    (int) on->num.v, &imp)
	      == ompd_rc_ok)
	    {
	      if (same_task (c, imp, h))
		c->api->rel_task_handle (imp);
	      else
		s = imp;
	    }
	}
      if (s == NULL && k->implicit)
	{
	  /* Leave the region: its encountering task is on the region's
	     primary thread.  */
	  if (c->api->get_generating_task_handle (h, &s) != ompd_rc_ok)
	    s = NULL;
	  if (s != NULL && k->region >= 0)
	    {
	      struct cli_thread *p = cli_member (c, k->region, 0);
	      if (p != NULL)
		on = p;
	    }
	}
      h = s;
    }
  if (h != NULL)
    c->api->rel_task_handle (h);
}

void
cli_json_val (struct json *j, const struct cli_val *v)
{
  if (v->ok)
    json_int (j, v->v);
  else if (v->reason != NULL)
    json_unreadable (j, v->reason);
  else
    json_null (j);
}

const char *
cli_val_cell (struct cli *c, const struct cli_val *v, const char *none)
{
  if (v->ok)
    return cli_printf (c, "%lld", v->v);
  if (v->reason != NULL)
    return cli_printf (c, "unreadable (%s)", v->reason);
  return none;
}

void
cli_json_begin (struct cli *c, struct json *j, const char *cmd)
{
  json_init (j, stdout);
  json_open (j, '{');
  json_kv_int (j, "ompdbg_json", CLI_JSON_VERSION);
  json_kv_str (j, "command", cmd);
  json_key (j, "target");
  json_open (j, '{');
  if (c->core != NULL)
    {
      json_kv_str (j, "executable", c->exe);
      json_kv_str (j, "core", c->core);
      json_kv_int (j, "pid", ompdbg_target_pid (c->t));
    }
  else
    json_kv_int (j, "pid", c->pid);
  uint64_t needed = 0, have = 0, missing = 0;
  size_t cut = 0;
  if (ompdbg_target_core_truncated (c->t, &needed, &have, &cut, &missing)
      == OMPDBG_E_OK && needed != 0)
    {
      json_key (j, "truncated");
      json_open (j, '{');
      json_kv_int (j, "size", (long long) have);
      json_kv_int (j, "needed", (long long) needed);
      json_kv_int (j, "segments", (long long) cut);
      json_kv_int (j, "missing", (long long) missing);
      json_close (j, '}');
    }
  json_close (j, '}');
  json_key (j, "ompd");
  json_open (j, '{');
  if (c->s != NULL)
    json_kv_str (j, "library", ompdbg_session_library (c->s));
  else
    {
      json_kv_str (j, "unavailable", ompdbg_errmsg (c->session_err));
      json_kv_str (j, "reason", c->diag ? c->diag : "");
    }
  json_close (j, '}');
}

void
cli_print_header (struct cli *c)
{
  size_t n = 0;
  ompdbg_thread_count (c->t, &n);
  printf ("%s %d: %zu threads\n",
	  ompdbg_target_is_live (c->t) ? "process" : "core of process",
	  (int) ompdbg_target_pid (c->t), n);
  uint64_t needed = 0, have = 0, missing = 0;
  size_t cut = 0;
  if (ompdbg_target_core_truncated (c->t, &needed, &have, &cut, &missing)
      == OMPDBG_E_OK && needed != 0)
    cli_hanging (c, stdout, "warning: ",
		 cli_printf (c, "the core file is truncated: %llu of %llu "
			     "bytes; %llu bytes of the memory of %zu segments "
			     "are missing and unreadable (the threads and "
			     "registers are whole)",
			     (unsigned long long) have,
			     (unsigned long long) needed,
			     (unsigned long long) missing, cut), c->width);
  if (c->s == NULL)
    printf ("OMPD unavailable: %s\n%s", ompdbg_errmsg (c->session_err),
	    c->diag ? c->diag : "");
  else
    printf ("OMPD: %s\n", ompdbg_session_library (c->s));
}
