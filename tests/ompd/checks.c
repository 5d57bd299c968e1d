/* checks.c -- checks every OMPD routine of a libompd against what the
   target program said about itself (truth.h).  Every check is positive:
   it needs libompd to have answered, and answered the truth.  */

#include "config.h"
#include "tests/ompd/checks.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ompd_rc_t (*checks_free) (void *);
const ompd_callbacks_t *checks_callbacks;
ompd_address_space_context_t *checks_context;
struct check_caps checks_caps = { true, true, true };

#define TOOL_OK (checks_caps.tool_data ? ompd_rc_ok : ompd_rc_unsupported)

/* ---- ICV lookup by name --------------------------------------------------- */

#define MAX_ICVS 128
static struct
{
  char name[64];
  ompd_icv_id_t id;
  ompd_scope_t scope;
} icvs[MAX_ICVS];
static int nicvs;

static void
icvs_load (const struct ompd_api *api, ompd_address_space_handle_t *as)
{
  nicvs = 0;
  ompd_icv_id_t cur = ompd_icv_undefined;
  int more = 1;
  while (more && nicvs < MAX_ICVS)
    {
      const char *name;
      ompd_scope_t scope;
      ompd_icv_id_t next;
      if (!RC (api->enumerate_icvs (as, cur, &next, &name, &scope, &more),
	       ompd_rc_ok))
	return;
      snprintf (icvs[nicvs].name, sizeof icvs[nicvs].name, "%s", name);
      icvs[nicvs].id = next;
      icvs[nicvs].scope = scope;
      nicvs++;
      checks_free ((void *) name);
      cur = next;
    }
  CHECK (!more, "more than %d ICVs", MAX_ICVS);
}

static int
icv_find (const char *name)
{
  for (int i = 0; i < nicvs; i++)
    if (strcmp (icvs[i].name, name) == 0)
      return i;
  return -1;
}

/* The integer value of ICV NAME on HANDLE (its scope from the
   enumeration); WANT_RC ok or incomplete.  */
static void
icv_int (const struct ompd_api *api, void *handle, const char *name,
	 int64_t want, ompd_rc_t want_rc)
{
  int i = icv_find (name);
  CHECK (i >= 0, "ICV %s not enumerated", name);
  if (i < 0)
    return;
  ompd_word_t v = -12345;
  ompd_rc_t rc = api->get_icv_from_scope (handle, icvs[i].scope, icvs[i].id,
					  &v);
  CHECK (rc == want_rc && v == want, "%s = %" PRId64 " (%s), expected %"
	 PRId64 " (%s)", name, v, ompd_rc_name (rc), want,
	 ompd_rc_name (want_rc));
}

static void
icv_str (const struct ompd_api *api, void *handle, const char *name,
	 const char *want)
{
  int i = icv_find (name);
  CHECK (i >= 0, "ICV %s not enumerated", name);
  if (i < 0)
    return;
  const char *s = NULL;
  ompd_rc_t rc = api->get_icv_string_from_scope (handle, icvs[i].scope,
						 icvs[i].id, &s);
  CHECK (rc == ompd_rc_ok && s != NULL && strcmp (s, want) == 0,
	 "%s = '%s' (%s), expected '%s'", name, s ? s : "(null)",
	 ompd_rc_name (rc), want);
  if (rc == ompd_rc_ok && s)
    checks_free ((void *) s);
}

/* ---- address space ------------------------------------------------------------ */

static const struct
{
  const char *name;
  ompd_scope_t scope;
} required_icvs[] = {
  { "dyn-var", ompd_scope_task }, { "nthreads-var", ompd_scope_task },
  { "run-sched-var", ompd_scope_task },
  { "def-sched-var", ompd_scope_address_space },
  { "bind-var", ompd_scope_task },
  { "stacksize-var", ompd_scope_address_space },
  { "wait-policy-var", ompd_scope_address_space },
  { "thread-limit-var", ompd_scope_task },
  { "max-active-levels-var", ompd_scope_task },
  { "active-levels-var", ompd_scope_parallel },
  { "levels-var", ompd_scope_parallel },
  { "place-partition-var", ompd_scope_task },
  { "cancel-var", ompd_scope_address_space },
  { "display-affinity-var", ompd_scope_address_space },
  { "affinity-format-var", ompd_scope_address_space },
  { "default-device-var", ompd_scope_task },
  { "target-offload-var", ompd_scope_address_space },
  { "max-task-priority-var", ompd_scope_address_space },
  { "tool-var", ompd_scope_address_space },
  { "tool-libraries-var", ompd_scope_address_space },
  { "tool-verbose-init-var", ompd_scope_address_space },
  { "debug-var", ompd_scope_address_space },
  { "num-procs-var", ompd_scope_address_space },
  { "thread-num-var", ompd_scope_thread },
  { "final-task-var", ompd_scope_task },
  { "implicit-task-var", ompd_scope_task },
  { "team-size-var", ompd_scope_parallel },
  { "def-allocator-var", ompd_scope_task },
  { "nteams-var", ompd_scope_address_space },
  { "teams-thread-limit-var", ompd_scope_address_space },
  { "ompd-num-procs-var", ompd_scope_address_space },
  { "ompd-thread-num-var", ompd_scope_thread },
  { "ompd-final-task-var", ompd_scope_task },
  { "ompd-implicit-task-var", ompd_scope_task },
  { "ompd-team-size-var", ompd_scope_parallel },
};

static void
check_states (const struct ompd_api *api, ompd_address_space_handle_t *as)
{
  static const struct
  {
    ompd_word_t v;
    const char *name;
  } want[] = {
    /* OpenMP 5.1's values, typed from the specification on purpose: the
       oracle of omp-tools.h's list, which libompd's answers come from.  */
    { 0x000, "ompt_state_work_serial" }, { 0x001, "ompt_state_work_parallel" },
    { 0x002, "ompt_state_work_reduction" }, { 0x010, "ompt_state_wait_barrier" },
    { 0x011, "ompt_state_wait_barrier_implicit_parallel" },
    { 0x012, "ompt_state_wait_barrier_implicit_workshare" },
    { 0x013, "ompt_state_wait_barrier_implicit" },
    { 0x014, "ompt_state_wait_barrier_explicit" },
    { 0x015, "ompt_state_wait_barrier_implementation" },
    { 0x016, "ompt_state_wait_barrier_teams" },
    { 0x020, "ompt_state_wait_taskwait" }, { 0x021, "ompt_state_wait_taskgroup" },
    { 0x040, "ompt_state_wait_mutex" }, { 0x041, "ompt_state_wait_lock" },
    { 0x042, "ompt_state_wait_critical" }, { 0x043, "ompt_state_wait_atomic" },
    { 0x044, "ompt_state_wait_ordered" }, { 0x080, "ompt_state_wait_target" },
    { 0x081, "ompt_state_wait_target_map" },
    { 0x082, "ompt_state_wait_target_update" }, { 0x100, "ompt_state_idle" },
    { 0x101, "ompt_state_overhead" },
  };
  size_t nwant = sizeof want / sizeof want[0];
  int seen[sizeof want / sizeof want[0]] = { 0 };
  ompd_word_t cur = 0x102, more = 1;
  int n = 0;
  while (more && n < 100)
    {
      ompd_word_t next;
      const char *name;
      if (!RC (api->enumerate_states (as, cur, &next, &name, &more),
	       ompd_rc_ok))
	return;
      for (size_t i = 0; i < nwant; i++)
	if (want[i].v == next)
	  {
	    CHECK (strcmp (name, want[i].name) == 0, "state %#" PRIx64
		   " named %s", next, name);
	    seen[i]++;
	  }
      checks_free ((void *) name);
      cur = next;
      n++;
    }
  for (size_t i = 0; i < nwant; i++)
    CHECK (seen[i] == 1, "state %s enumerated %d times", want[i].name,
	   seen[i]);
  CHECK (n == (int) nwant, "%d states enumerated after undefined", n);
}

static void
check_aspace (const struct ompd_api *api, ompd_address_space_handle_t *as,
	      const struct truth *t)
{
  ompd_word_t v;
  if (RC (api->get_api_version (&v), ompd_rc_ok))
    CHECK (v == 202011, "api version %" PRId64, v);
  const char *s;
  if (RC (api->get_version_string (&s), ompd_rc_ok))
    CHECK (s != NULL && strlen (s) > 0, "empty version string");
  if (RC (api->get_omp_version (as, &v), ompd_rc_ok))
    CHECK (v == t->omp_version, "omp version %" PRId64 ", expected %ld", v,
	   t->omp_version);
  if (RC (api->get_omp_version_string (as, &s), ompd_rc_ok))
    {
      char want[32];
      snprintf (want, sizeof want, "%ld", t->omp_version);
      CHECK (strstr (s, want) != NULL, "omp version string '%s'", s);
      checks_free ((void *) s);
    }
  ompd_thread_id_t *kinds;
  ompd_size_t *sizes;
  int count;
  if (RC (api->get_device_thread_id_kinds (as, &kinds, &sizes, &count),
	  ompd_rc_ok))
    {
      CHECK (count == 2 && kinds[0] == OMPD_THREAD_ID_LWP
	     && kinds[1] == OMPD_THREAD_ID_PTHREAD, "thread id kinds");
      checks_free (kinds);
      checks_free (sizes);
    }
  check_states (api, as);

  icvs_load (api, as);
  for (size_t i = 0; i < sizeof required_icvs / sizeof required_icvs[0]; i++)
    {
      int k = icv_find (required_icvs[i].name);
      CHECK (k >= 0, "ICV %s missing", required_icvs[i].name);
      if (k >= 0)
	CHECK (icvs[k].scope == required_icvs[i].scope, "ICV %s scope %d",
	       icvs[k].name, icvs[k].scope);
    }
  icv_int (api, as, "num-procs-var", t->num_procs, ompd_rc_ok);
  icv_int (api, as, "ompd-num-procs-var", t->num_procs, ompd_rc_ok);
  icv_int (api, as, "cancel-var", t->cancel, ompd_rc_ok);
  icv_int (api, as, "max-task-priority-var", t->max_task_priority,
	   ompd_rc_ok);
  icv_int (api, as, "nteams-var", t->nteams, ompd_rc_ok);
  icv_int (api, as, "teams-thread-limit-var", t->teams_thread_limit,
	   ompd_rc_ok);
  icv_int (api, as, "display-affinity-var", t->display_affinity, ompd_rc_ok);
  if (t->debug >= 0)
    icv_int (api, as, "debug-var", t->debug, ompd_rc_ok);
  icv_str (api, as, "affinity-format-var", t->affinity_format);
  char b[32];
  snprintf (b, sizeof b, "%ld", t->num_procs);
  icv_str (api, as, "num-procs-var", b);
  icv_str (api, as, "cancel-var", t->cancel ? "true" : "false");

  /* What the program set in its environment, exactly.  */
  if (t->env_known)
    {
      icv_int (api, as, "stacksize-var", t->stacksize, ompd_rc_ok);
      icv_int (api, as, "wait-policy-var", t->wait_policy, ompd_rc_ok);
      icv_str (api, as, "wait-policy-var", t->wait_policy_str);
      icv_int (api, as, "target-offload-var", t->target_offload, ompd_rc_ok);
      icv_str (api, as, "target-offload-var", t->target_offload_str);
      icv_int (api, as, "tool-var", t->tool, ompd_rc_ok);
      icv_str (api, as, "tool-var", t->tool_str);
      icv_str (api, as, "tool-libraries-var", t->tool_libraries);
      icv_str (api, as, "tool-verbose-init-var", t->tool_verbose_init);
      icv_str (api, as, "def-sched-var", t->def_sched);
      icv_int (api, as, "gomp-spincount-var", t->spincount, ompd_rc_ok);
      icv_int (api, as, "gomp-throttled-spincount-var",
	       t->throttled_spincount, ompd_rc_ok);
      icv_str (api, as, "gomp-cpu-affinity-var", t->cpu_affinity);
      icv_str (api, as, "gomp-places-var", t->places);
      char sz[64];
      snprintf (sz, sizeof sz, "%ld", t->stacksize);
      icv_str (api, as, "stacksize-var", sz);
    }

  /* Address-space ICVs through scope global too (the host's).  */
  int k = icv_find ("num-procs-var");
  if (k >= 0 && RC (api->get_icv_from_scope (as, ompd_scope_global,
					     icvs[k].id, &v), ompd_rc_ok))
    CHECK (v == t->num_procs, "num-procs-var at global scope");

  /* Display control variables: NAME=VALUE, OMP_DYNAMIC among them.  */
  const char *const *vars;
  if (RC (api->get_display_control_vars (as, &vars), ompd_rc_ok))
    {
      int n = 0, dyn = 0, bad = 0;
      for (; vars[n] != NULL && n < 1000; n++)
	{
	  if (strchr (vars[n], '=') == NULL)
	    bad++;
	  if (strncmp (vars[n], "OMP_DYNAMIC=", 12) == 0)
	    dyn++;
	}
      CHECK (n > 10 && bad == 0 && dyn == 1,
	     "%d control vars, %d without '=', OMP_DYNAMIC %d times", n, bad,
	     dyn);
      RC (api->rel_display_control_vars (&vars), ompd_rc_ok);
    }
}

/* ---- one thread ----------------------------------------------------------- */

static int
cmp_threads (const struct ompd_api *api, ompd_thread_handle_t *a,
	     ompd_thread_handle_t *b)
{
  int c = 99;
  RC (api->thread_handle_compare (a, b, &c), ompd_rc_ok);
  return c;
}

static int
cmp_parallel (const struct ompd_api *api, ompd_parallel_handle_t *a,
	      ompd_parallel_handle_t *b)
{
  int c = 99;
  RC (api->parallel_handle_compare (a, b, &c), ompd_rc_ok);
  return c;
}

static int
cmp_tasks (const struct ompd_api *api, ompd_task_handle_t *a,
	   ompd_task_handle_t *b)
{
  int c = 99;
  RC (api->task_handle_compare (a, b, &c), ompd_rc_ok);
  return c;
}

static void
check_region (const struct ompd_api *api, const struct truth_thread *tt,
	      ompd_thread_handle_t *th, ompd_parallel_handle_t *ph)
{
  int level = tt->level;
  icv_int (api, ph, "levels-var", level, ompd_rc_ok);
  icv_int (api, ph, "active-levels-var", tt->active_level, ompd_rc_ok);
  icv_int (api, ph, "team-size-var", tt->sizes[level], ompd_rc_ok);
  icv_int (api, ph, "ompd-team-size-var", tt->sizes[level], ompd_rc_ok);
  /* This thread is member nums[level] of it.  */
  ompd_thread_handle_t *member;
  if (RC (api->get_thread_in_parallel (ph, tt->nums[level], &member),
	  ompd_rc_ok))
    {
      CHECK (cmp_threads (api, member, th) == 0, "thread %d of its region "
	     "is another thread", tt->nums[level]);
      RC (api->rel_thread_handle (member), ompd_rc_ok);
    }
  RC (api->get_thread_in_parallel (ph, tt->sizes[level], &member),
      ompd_rc_bad_input);
  RC (api->get_thread_in_parallel (ph, -1, &member), ompd_rc_bad_input);
  /* Every member's implicit task is in the region.  */
  for (int i = 0; i < tt->sizes[level]; i++)
    {
      ompd_task_handle_t *it;
      if (!RC (api->get_task_in_parallel (ph, i, &it), ompd_rc_ok))
	continue;
      icv_int (api, it, "implicit-task-var", 1, ompd_rc_ok);
      ompd_parallel_handle_t *back;
      if (RC (api->get_task_parallel_handle (it, &back), ompd_rc_ok))
	{
	  CHECK (cmp_parallel (api, back, ph) == 0,
		 "implicit task %d not in its region", i);
	  RC (api->rel_parallel_handle (back), ompd_rc_ok);
	}
      ompd_address_t fn;
      if (level == 0)
	RC (api->get_task_function (it, &fn), ompd_rc_unavailable);
      else if (RC (api->get_task_function (it, &fn), ompd_rc_ok)
	       && tt->region_fn)
	CHECK (fn.address == tt->region_fn, "implicit task %d runs %#"
	       PRIx64 ", expected %#" PRIx64, i, fn.address, tt->region_fn);
      RC (api->rel_task_handle (it), ompd_rc_ok);
    }
  RC (api->get_task_in_parallel (ph, tt->sizes[level], NULL),
      ompd_rc_bad_input);
  ompd_word_t v;
  ompd_address_t p;
  RC (api->get_tool_data (ph, ompd_scope_parallel, &v, &p),
      level == 0 ? ompd_rc_unavailable : TOOL_OK);
}

static void
check_task (const struct ompd_api *api, const struct truth_thread *tt,
	    ompd_task_handle_t *tk, ompd_parallel_handle_t *ph)
{
  bool initial = tt->task_kind == 1, explicit_ = tt->task_kind == 4;
  icv_int (api, tk, "implicit-task-var", !explicit_, ompd_rc_ok);
  icv_int (api, tk, "ompd-implicit-task-var", !explicit_, ompd_rc_ok);
  icv_int (api, tk, "explicit-task-var", explicit_, ompd_rc_ok);
  icv_int (api, tk, "final-task-var", tt->final, ompd_rc_ok);
  icv_int (api, tk, "ompd-final-task-var", tt->final, ompd_rc_ok);
  icv_int (api, tk, "nthreads-var", tt->nthreads,
	   tt->nthreads_incomplete ? ompd_rc_incomplete : ompd_rc_ok);
  icv_str (api, tk, "nthreads-var", tt->nthreads_str);
  icv_int (api, tk, "dyn-var", tt->dyn, ompd_rc_ok);
  icv_int (api, tk, "max-active-levels-var", tt->max_active_levels,
	   ompd_rc_ok);
  icv_int (api, tk, "thread-limit-var", tt->thread_limit, ompd_rc_ok);
  icv_int (api, tk, "default-device-var", tt->default_device, ompd_rc_ok);
  icv_int (api, tk, "run-sched-var", tt->sched_kind, ompd_rc_ok);
  icv_int (api, tk, "bind-var", tt->bind,
	   tt->bind_incomplete ? ompd_rc_incomplete : ompd_rc_ok);
  icv_str (api, tk, "bind-var", tt->bind_str);
  icv_int (api, tk, "def-allocator-var", (int64_t) tt->def_allocator,
	   ompd_rc_ok);
  if (tt->partition_known)
    icv_str (api, tk, "place-partition-var", tt->partition);
  {
    int i = icv_find ("run-sched-var");
    const char *s = NULL;
    if (i >= 0 && RC (api->get_icv_string_from_scope (tk, ompd_scope_task,
						      icvs[i].id, &s),
		      ompd_rc_ok))
      {
	char chunk[32];
	snprintf (chunk, sizeof chunk, ",%ld", tt->sched_chunk);
	CHECK (strstr (s, chunk) != NULL, "run-sched-var '%s' lacks '%s'",
	       s, chunk);
	checks_free ((void *) s);
      }
  }

  /* The region it binds to is the thread's innermost.  */
  ompd_parallel_handle_t *tp;
  if (RC (api->get_task_parallel_handle (tk, &tp), ompd_rc_ok))
    {
      CHECK (cmp_parallel (api, tp, ph) == 0, "task not in the thread's "
	     "innermost region");
      RC (api->rel_parallel_handle (tp), ompd_rc_ok);
    }
  /* Its function.  */
  ompd_address_t fn;
  if (initial)
    RC (api->get_task_function (tk, &fn), ompd_rc_unavailable);
  else if (RC (api->get_task_function (tk, &fn), ompd_rc_ok))
    {
      if (tt->task_fn)
	CHECK (fn.address == tt->task_fn, "task runs %#" PRIx64
	       ", expected %#" PRIx64, fn.address, tt->task_fn);
      if (tt->task_ra)
	CHECK (fn.address <= tt->task_ra && tt->task_ra - fn.address < 65536,
	       "task function %#" PRIx64 " does not contain %#" PRIx64,
	       fn.address, tt->task_ra);
    }
  /* Generating task: none for an initial task.  An implicit task's is
     the task that encountered its region: the implicit task of this
     thread's ancestor in the enclosing region (omp_get_ancestor_thread_num
     of the level below), or the initial task.  An explicit task's is the
     implicit task of the thread the program names.  */
  ompd_task_handle_t *gen;
  if (initial)
    RC (api->get_generating_task_handle (tk, &gen), ompd_rc_unavailable);
  else if (RC (api->get_generating_task_handle (tk, &gen), ompd_rc_ok))
    {
      ompd_parallel_handle_t *gp = NULL;
      int gnum = -1;
      if (!explicit_ && tt->level >= 1)
	{
	  if (RC (api->get_enclosing_parallel_handle (ph, &gp), ompd_rc_ok))
	    gnum = tt->nums[tt->level - 1];
	}
      else if (explicit_ && tt->gen_of)
	{
	  gp = ph;
	  gnum = tt->gen_of - 1;
	}
      ompd_task_handle_t *want;
      if (gnum >= 0
	  && RC (api->get_task_in_parallel (gp, gnum, &want), ompd_rc_ok))
	{
	  CHECK (cmp_tasks (api, gen, want) == 0, "generating task is not "
		 "the implicit task of thread %d of the %s region", gnum,
		 gp == ph ? "same" : "enclosing");
	  icv_int (api, gen, "implicit-task-var", 1, ompd_rc_ok);
	  RC (api->rel_task_handle (want), ompd_rc_ok);
	  ompd_address_t gfn;
	  if (explicit_ && tt->region_fn
	      && RC (api->get_task_function (gen, &gfn), ompd_rc_ok))
	    CHECK (gfn.address == tt->region_fn, "generating task runs %#"
		   PRIx64 ", expected %#" PRIx64, gfn.address, tt->region_fn);
	}
      if (gp != NULL && gp != ph)
	RC (api->rel_parallel_handle (gp), ompd_rc_ok);
      RC (api->rel_task_handle (gen), ompd_rc_ok);
    }
  /* Scheduling task: only explicit tasks have one; the implicit task of
     the thread the program names (the one below it on the stack).  */
  ompd_task_handle_t *sch;
  if (!explicit_)
    RC (api->get_scheduling_task_handle (tk, &sch), ompd_rc_unavailable);
  else if (!checks_caps.sched_parent)
    RC (api->get_scheduling_task_handle (tk, &sch), ompd_rc_unsupported);
  else if (RC (api->get_scheduling_task_handle (tk, &sch), ompd_rc_ok))
    {
      ompd_task_handle_t *want;
      if (tt->sched_of
	  && RC (api->get_task_in_parallel (ph, tt->sched_of - 1, &want),
		 ompd_rc_ok))
	{
	  CHECK (cmp_tasks (api, sch, want) == 0, "scheduling task is not the "
		 "implicit task of thread %d", tt->sched_of - 1);
	  RC (api->rel_task_handle (want), ompd_rc_ok);
	  /* It is in the runtime, which runs this task: its enter frame is
	     set, at or above (the stack grows down) the frame this task's
	     code was called from; the same frame for an undeferred task.  */
	  ompd_frame_info_t sx, se, tx, te;
	  if (checks_caps.frames
	      && RC (api->get_task_frame (sch, &sx, &se), ompd_rc_ok)
	      && RC (api->get_task_frame (tk, &tx, &te), ompd_rc_ok))
	    CHECK (se.frame_address.address != 0 && se.frame_flag == 0x10
		   && se.frame_address.address >= tx.frame_address.address
		   && (!tt->undeferred
		       || se.frame_address.address
			  == tx.frame_address.address),
		   "scheduling task's enter frame %#" PRIx64 ", the task's "
		   "exit frame %#" PRIx64 "%s", se.frame_address.address,
		   tx.frame_address.address,
		   tt->undeferred ? " (undeferred: the same)" : "");
	  ompdbg_task_state_t ss;
	  if (RC (api->get_task_state (sch, &ss), ompd_rc_ok))
	    CHECK (ss == ompdbg_task_state_running, "scheduling task state %d",
		   ss);
	}
      RC (api->rel_task_handle (sch), ompd_rc_ok);
    }
  /* The implicit task of a region is the thread's nums[level] one.  */
  if (tt->task_kind != 4)
    {
      ompd_task_handle_t *it;
      if (RC (api->get_task_in_parallel (ph, tt->nums[tt->level], &it),
	      ompd_rc_ok))
	{
	  CHECK (cmp_tasks (api, it, tk) == 0, "current implicit task is not "
		 "task %d of its region", tt->nums[tt->level]);
	  RC (api->rel_task_handle (it), ompd_rc_ok);
	}
    }
  /* Frames: the runtime called the code of any non-initial task, and a
     thread waiting in the runtime entered it from its task.  */
  ompd_frame_info_t ex, en;
  if (!checks_caps.frames)
    RC (api->get_task_frame (tk, &ex, &en), ompd_rc_unsupported);
  else if (RC (api->get_task_frame (tk, &ex, &en), ompd_rc_ok))
    {
      /* At the region's end barrier the implicit task's code has
	 returned: no exit frame any more (OMPT's rule).  */
      if (!initial && tt->state == ompt_state_wait_barrier_implicit_parallel)
	CHECK (ex.frame_address.address == 0,
	       "at the end barrier, exit frame %#" PRIx64 " flags %#" PRIx64,
	       ex.frame_address.address, ex.frame_flag);
      else if (!initial)
	CHECK (ex.frame_address.address != 0 && ex.frame_flag == 0x10,
	       "exit frame %#" PRIx64 " flags %#" PRIx64,
	       ex.frame_address.address, ex.frame_flag);
      if (tt->state >= ompt_state_wait_barrier
	  && tt->state < ompt_state_idle)
	CHECK (en.frame_address.address != 0 && en.frame_flag == 0x10,
	       "waiting, enter frame %#" PRIx64 " flags %#" PRIx64,
	       en.frame_address.address, en.frame_flag);
    }
  ompd_word_t v;
  ompd_address_t p;
  if (RC (api->get_tool_data (tk, ompd_scope_task, &v, &p), TOOL_OK)
      && checks_caps.tool_data)
    CHECK (v == 0 && p.address != 0, "task tool data %" PRId64, v);
  RC (api->get_tool_data (tk, ompd_scope_implicit_task, &v, &p),
      explicit_ ? ompd_rc_bad_input : TOOL_OK);
  ompdbg_task_state_t st;
  if (RC (api->get_task_state (tk, &st), ompd_rc_ok))
    CHECK (st == ompdbg_task_state_running, "current task state %d", st);
}

static void
check_thread (const struct ompd_api *api, ompd_address_space_handle_t *as,
	      const struct truth_thread *tt, int k)
{
  ompd_thread_handle_t *th, *th4, *thp;
  int64_t tid8 = tt->tid;
  int32_t tid4 = (int32_t) tt->tid;
  uint64_t pt = tt->pthread;
  if (!RC (api->get_thread_handle (as, OMPD_THREAD_ID_LWP, 8, &tid8, &th),
	   ompd_rc_ok))
    return;
  if (RC (api->get_thread_handle (as, OMPD_THREAD_ID_LWP, 4, &tid4, &th4),
	  ompd_rc_ok))
    {
      CHECK (cmp_threads (api, th, th4) == 0, "LWP 4/8 differ");
      RC (api->rel_thread_handle (th4), ompd_rc_ok);
    }
  if (RC (api->get_thread_handle (as, OMPD_THREAD_ID_PTHREAD, 8, &pt, &thp),
	  ompd_rc_ok))
    {
      CHECK (cmp_threads (api, th, thp) == 0, "pthread and LWP handles of "
	     "thread %d differ", k);
      RC (api->rel_thread_handle (thp), ompd_rc_ok);
    }
  int64_t got8 = 0;
  int32_t got4 = 0;
  uint64_t gotp = 0;
  if (RC (api->get_thread_id (th, OMPD_THREAD_ID_LWP, 8, &got8), ompd_rc_ok))
    CHECK (got8 == tt->tid, "LWP %" PRId64 ", expected %ld", got8, tt->tid);
  if (RC (api->get_thread_id (th, OMPD_THREAD_ID_LWP, 4, &got4), ompd_rc_ok))
    CHECK (got4 == tid4, "LWP(4) %d, expected %d", got4, tid4);
  if (RC (api->get_thread_id (th, OMPD_THREAD_ID_PTHREAD, 8, &gotp),
	  ompd_rc_ok))
    CHECK (gotp == tt->pthread, "pthread %#" PRIx64, gotp);
  ompd_address_space_handle_t *dev;
  if (RC (api->get_device_from_thread (th, &dev), ompd_rc_ok))
    CHECK (dev == as, "device of thread");

  ompd_word_t state;
  ompd_wait_id_t wait;
  if (RC (api->get_state (th, &state, &wait), ompd_rc_ok))
    {
      if (tt->idle)
	CHECK (state == ompt_state_idle, "idle thread %d in state %#" PRIx64,
	       k, state);
      else if (tt->state >= 0)
	CHECK (state == tt->state, "thread %d state %#" PRIx64
	       ", expected %#lx", k, state, tt->state);
      if (tt->check_wait)
	CHECK (wait == tt->wait_id, "thread %d wait id %#" PRIx64
	       ", expected %#" PRIx64, k, wait, tt->wait_id);
    }
  ompdbg_wait_holder_t holder;
  if (tt->wait_holder != 0
      && RC (api->get_wait_holder (th, &holder), ompd_rc_ok))
    CHECK (holder.holder == tt->wait_holder
	   && holder.nest_count == tt->nest_count
	   && holder.ordered_turn == tt->ordered_turn
	   && holder.ordered_own == tt->ordered_own,
	   "ompdbg_get_wait_holder: thread %d waits for LWP %lld (nest count "
	   "%lld, ordered turn %lld, own %lld), expected %ld (%ld, %ld, %ld)",
	   k, (long long) holder.holder, (long long) holder.nest_count,
	   (long long) holder.ordered_turn, (long long) holder.ordered_own,
	   tt->wait_holder, tt->nest_count, tt->ordered_turn, tt->ordered_own);
  else if (tt->wait_holder == 0 && tt->state >= 0 && !tt->idle
	   && tt->state != ompt_state_wait_lock
	   && tt->state != ompt_state_wait_critical
	   && tt->state != ompt_state_wait_atomic
	   && tt->state != ompt_state_wait_ordered)
    /* In no wait of its own: nobody to name.  */
    RC (api->get_wait_holder (th, &holder), ompd_rc_unavailable);
  RC (api->get_state (th, &state, NULL), ompd_rc_ok);
  ompd_word_t v;
  ompd_address_t p;
  if (RC (api->get_tool_data (th, ompd_scope_thread, &v, &p), TOOL_OK)
      && checks_caps.tool_data)
    CHECK (v == 0 && p.address != 0, "thread tool data");

  ompd_parallel_handle_t *ph;
  ompd_task_handle_t *tk;
  if (tt->idle)
    {
      RC (api->get_curr_parallel_handle (th, &ph), ompd_rc_unavailable);
      RC (api->get_curr_task_handle (th, &tk), ompd_rc_unavailable);
      int i = icv_find ("thread-num-var");
      if (i >= 0)
	RC (api->get_icv_from_scope (th, ompd_scope_thread, icvs[i].id, &v),
	    ompd_rc_unavailable);
      RC (api->rel_thread_handle (th), ompd_rc_ok);
      return;
    }
  icv_int (api, th, "thread-num-var", tt->nums[tt->level], ompd_rc_ok);
  icv_int (api, th, "ompd-thread-num-var", tt->nums[tt->level], ompd_rc_ok);

  if (!RC (api->get_curr_parallel_handle (th, &ph), ompd_rc_ok))
    {
      RC (api->rel_thread_handle (th), ompd_rc_ok);
      return;
    }
  check_region (api, tt, th, ph);
  /* Enclosing regions down to the outermost, then none.  */
  ompd_parallel_handle_t *cur = ph;
  for (int l = tt->level - 1; l >= 0; l--)
    {
      ompd_parallel_handle_t *up;
      if (!RC (api->get_enclosing_parallel_handle (cur, &up), ompd_rc_ok))
	break;
      icv_int (api, up, "levels-var", l, ompd_rc_ok);
      icv_int (api, up, "team-size-var", tt->sizes[l], ompd_rc_ok);
      ompd_thread_handle_t *anc;
      if (RC (api->get_thread_in_parallel (up, tt->nums[l], &anc),
	      ompd_rc_ok))
	RC (api->rel_thread_handle (anc), ompd_rc_ok);
      if (cur != ph)
	RC (api->rel_parallel_handle (cur), ompd_rc_ok);
      cur = up;
    }
  ompd_parallel_handle_t *none;
  RC (api->get_enclosing_parallel_handle (cur, &none), ompd_rc_unavailable);
  if (cur != ph)
    RC (api->rel_parallel_handle (cur), ompd_rc_ok);

  if (RC (api->get_curr_task_handle (th, &tk), ompd_rc_ok))
    {
      check_task (api, tt, tk, ph);
      RC (api->rel_task_handle (tk), ompd_rc_ok);
    }
  RC (api->rel_parallel_handle (ph), ompd_rc_ok);
  RC (api->rel_thread_handle (th), ompd_rc_ok);
}

/* ---- the extension ----------------------------------------------------------- */

static void
check_extension (const struct ompd_api *api, ompd_address_space_handle_t *as,
		 const struct truth *t)
{
  ompd_thread_handle_t **threads;
  int n;
  if (RC (api->get_threads (as, &threads, &n), ompd_rc_ok))
    {
      int found = 0;
      for (int i = 0; i < n; i++)
	{
	  int64_t tid = 0;
	  if (RC (api->get_thread_id (threads[i], OMPD_THREAD_ID_LWP, 8, &tid),
		  ompd_rc_ok))
	    for (int k = 0; k < t->nthreads; k++)
	      found += t->t[k].tid == tid;
	  RC (api->rel_thread_handle (threads[i]), ompd_rc_ok);
	}
      CHECK (found == t->nthreads && n >= t->nthreads,
	     "ompdbg_get_threads: %d threads, %d of the %d known", n, found,
	     t->nthreads);
      checks_free (threads);
    }
  if (t->ndeferred == 0)
    return;
  ompd_task_handle_t **tasks;
  if (!RC (api->get_deferred_tasks (as, &tasks, &n), ompd_rc_ok))
    return;
  CHECK (n == t->ndeferred, "%d deferred tasks, expected %d", n,
	 t->ndeferred);
  int found[TRUTH_MAX_DEFERRED] = { 0 };
  for (int i = 0; i < n; i++)
    {
      ompd_address_t fn;
      const struct truth_deferred *d = NULL;
      int k = -1;
      /* The task whose known address is the nearest above the function's
	 entry: the outlined functions of a file lie side by side, so any
	 later one's addresses are further.  */
      if (RC (api->get_task_function (tasks[i], &fn), ompd_rc_ok))
	for (int j = 0; j < t->ndeferred; j++)
	  if (fn.address <= t->d[j].ra && t->d[j].ra - fn.address < 65536
	      && (d == NULL || t->d[j].ra < d->ra))
	    {
	      d = &t->d[j];
	      k = j;
	    }
      if (d != NULL)
	found[k]++;
      CHECK (d != NULL, "deferred task %d (function %#" PRIx64 ") is none "
	     "the program made", i, fn.address);
      icv_int (api, tasks[i], "explicit-task-var", 1, ompd_rc_ok);
      ompdbg_task_state_t st = ompdbg_task_state_unknown;
      if (RC (api->get_task_state (tasks[i], &st), ompd_rc_ok))
	CHECK (d == NULL ? st == ompdbg_task_state_queued
	       || st == ompdbg_task_state_waiting_deps : st == d->state,
	       "deferred task %d state %d, expected %ld", i, st,
	       d ? d->state : -1L);
      /* Not started: no frames, whatever its memory held before (the
	 runtime sets them when the task starts; its scheduling task
	 likewise, below).  */
      ompd_frame_info_t ex, en;
      if (RC (api->get_task_frame (tasks[i], &ex, &en), ompd_rc_ok))
	CHECK (ex.frame_address.address == 0 && en.frame_address.address == 0
	       && ex.frame_flag == 0x10 && en.frame_flag == 0x10,
	       "deferred task %d frames %#" PRIx64 "/%#" PRIx64 " flags %#"
	       PRIx64 "/%#" PRIx64, i, ex.frame_address.address,
	       en.frame_address.address, ex.frame_flag, en.frame_flag);
      if (d == NULL)
	{
	  RC (api->rel_task_handle (tasks[i]), ompd_rc_ok);
	  continue;
	}
      /* Its depend items (a set: GCC orders them by kind) and the
	 dependence edges it still waits for.  */
      ompdbg_dependence_t *deps;
      int nd;
      ompd_word_t pending = -1;
      if (RC (api->get_task_dependences (tasks[i], &deps, &nd, &pending),
	      ompd_rc_ok))
	{
	  int matched = 0;
	  for (int a = 0; a < nd; a++)
	    for (int b = 0; b < d->ndeps; b++)
	      if (deps[a].address.address == d->dep_addr[b]
		  && deps[a].type == d->dep_type[b])
		{
		  matched++;
		  break;
		}
	  CHECK (nd == d->ndeps && matched == nd && pending == d->pending,
		 "deferred task %d: %d dependences (%d as expected), pending %"
		 PRId64 "; expected %d, pending %ld", k, nd, matched, pending,
		 d->ndeps, d->pending);
	  checks_free (deps);
	}
      /* Not started: no scheduling task yet.  */
      ompd_task_handle_t *sch;
      RC (api->get_scheduling_task_handle (tasks[i], &sch),
	  checks_caps.sched_parent ? ompd_rc_unavailable
	  : ompd_rc_unsupported);
      /* Its generating task.  */
      ompd_task_handle_t *gen;
      if (RC (api->get_generating_task_handle (tasks[i], &gen), ompd_rc_ok))
	{
	  if (d->gen_of)
	    {
	      ompd_parallel_handle_t *ph;
	      ompd_task_handle_t *want;
	      if (RC (api->get_task_parallel_handle (tasks[i], &ph), ompd_rc_ok))
		{
		  if (RC (api->get_task_in_parallel (ph, d->gen_of - 1, &want),
			  ompd_rc_ok))
		    {
		      CHECK (cmp_tasks (api, gen, want) == 0, "deferred task %d: "
			     "not generated by the implicit task of thread %d",
			     k, d->gen_of - 1);
		      RC (api->rel_task_handle (want), ompd_rc_ok);
		    }
		  RC (api->rel_parallel_handle (ph), ompd_rc_ok);
		}
	    }
	  else if (d->gen_ra)
	    {
	      ompd_address_t gfn;
	      ompdbg_task_state_t gst;
	      if (RC (api->get_task_function (gen, &gfn), ompd_rc_ok))
		CHECK (gfn.address <= d->gen_ra
		       && d->gen_ra - gfn.address < 65536, "deferred task %d: "
		       "generating task runs %#" PRIx64 ", not the function "
		       "of %#" PRIx64, k, gfn.address, d->gen_ra);
	      icv_int (api, gen, "explicit-task-var", 1, ompd_rc_ok);
	      if (RC (api->get_task_state (gen, &gst), ompd_rc_ok))
		CHECK (gst == d->gen_state, "deferred task %d: generating "
		       "task in state %d, expected %ld", k, gst, d->gen_state);
	    }
	  RC (api->rel_task_handle (gen), ompd_rc_ok);
	}
      RC (api->rel_task_handle (tasks[i]), ompd_rc_ok);
    }
  for (int k = 0; k < t->ndeferred; k++)
    CHECK (found[k] == 1, "deferred task %d of the program listed %d times",
	   k, found[k]);
  checks_free (tasks);
}

/* The task a truth edge names: the current task of thread OF - 1, or
   the one of KNOWN (address, function pairs) whose function is the
   nearest below RA.  0: none.  */
struct known_task
{
  uint64_t addr, fn;
};

static uint64_t
edge_task (const struct ompd_api *api, ompd_address_space_handle_t *as,
	   const struct truth *t, int of, uint64_t ra,
	   const struct known_task *known, int nknown)
{
  if (of > 0)
    {
      int64_t tid = t->t[of - 1].tid;
      ompd_thread_handle_t *th;
      ompd_task_handle_t *tk;
      ompd_address_t a = { 0, 0 };
      if (RC (api->get_thread_handle (as, OMPD_THREAD_ID_LWP, 8, &tid, &th),
	      ompd_rc_ok))
	{
	  if (RC (api->get_curr_task_handle (th, &tk), ompd_rc_ok))
	    {
	      RC (api->get_task_address (tk, &a), ompd_rc_ok);
	      RC (api->rel_task_handle (tk), ompd_rc_ok);
	    }
	  RC (api->rel_thread_handle (th), ompd_rc_ok);
	}
      return a.address;
    }
  const struct known_task *best = NULL;
  for (int i = 0; i < nknown; i++)
    if (known[i].fn <= ra && ra - known[i].fn < 65536
	&& (best == NULL || known[i].fn > best->fn))
      best = &known[i];
  return best ? best->addr : 0;
}

/* Add TK's address and function to KNOWN (and release TK).  */
static void
know_task (const struct ompd_api *api, ompd_task_handle_t *tk,
	   struct known_task *known, int *nknown, int max)
{
  ompd_address_t a, fn;
  if (RC (api->get_task_address (tk, &a), ompd_rc_ok)
      && api->get_task_function (tk, &fn) == ompd_rc_ok && *nknown < max)
    {
      known[*nknown].addr = a.address;
      known[(*nknown)++].fn = fn.address;
    }
  RC (api->rel_task_handle (tk), ompd_rc_ok);
}

/* ompdbg_get_task_edges against the truth's edges: every one, and no
   other.  The explicit tasks the truth names by a function are the
   threads' current tasks, the deferred tasks and their generating
   tasks (a detached task is reachable through the task it made).  */
static void
check_edges (const struct ompd_api *api, ompd_address_space_handle_t *as,
	     const struct truth *t)
{
  enum { MAX_KNOWN = 4 * TRUTH_MAX_DEFERRED + TRUTH_MAX_THREADS };
  struct known_task known[MAX_KNOWN];
  int nknown = 0;
  for (int k = 0; k < t->nthreads; k++)
    {
      int64_t tid = t->t[k].tid;
      ompd_thread_handle_t *th;
      ompd_task_handle_t *tk;
      if (t->t[k].idle
	  || !RC (api->get_thread_handle (as, OMPD_THREAD_ID_LWP, 8, &tid,
					  &th), ompd_rc_ok))
	continue;
      if (RC (api->get_curr_task_handle (th, &tk), ompd_rc_ok))
	know_task (api, tk, known, &nknown, MAX_KNOWN);
      RC (api->rel_thread_handle (th), ompd_rc_ok);
    }
  ompdbg_deferred_task_list_t *list;
  ompd_word_t nlist = 0;
  if (RC (api->get_deferred_task_list (as, &list, &nlist), ompd_rc_ok))
    {
      for (ompd_word_t i = 0; i < nlist; i++)
	{
	  ompd_task_handle_t *tk, *gen;
	  if (!RC (api->get_deferred_task_handle (list, i, &tk), ompd_rc_ok))
	    continue;
	  if (api->get_generating_task_handle (tk, &gen) == ompd_rc_ok)
	    know_task (api, gen, known, &nknown, MAX_KNOWN);
	  know_task (api, tk, known, &nknown, MAX_KNOWN);
	}
      RC (api->rel_deferred_task_list (list), ompd_rc_ok);
    }

  ompdbg_task_edge_t *e = NULL;
  int n = -1;
  if (!RC (api->get_task_edges (as, &e, &n), ompd_rc_ok))
    return;
  CHECK (n == t->nedges && (n == 0) == (e == NULL),
	 "ompdbg_get_task_edges: %d edges (array %p), expected %d", n,
	 (void *) e, t->nedges);
  for (int j = 0; j < t->nedges; j++)
    {
      const struct truth_edge *x = &t->e[j];
      uint64_t w = edge_task (api, as, t, x->waiter_of, x->waiter_ra, known,
			      nknown);
      uint64_t b = edge_task (api, as, t, x->blocker_of, x->blocker_ra,
			      known, nknown);
      int found = 0;
      for (int i = 0; i < n; i++)
	found += e[i].waiter.address == w && e[i].blocker.address == b
	  && e[i].kind == x->kind;
      CHECK (w != 0 && b != 0 && found == 1, "task edge %d (kind %ld): "
	     "waiter %#" PRIx64 " blocker %#" PRIx64 " listed %d times", j,
	     x->kind, w, b, found);
    }
  if (e != NULL)
    checks_free (e);
}

/* Every ICV gives a string with a handle of its scope (taken from thread
   T's current state), and an integer or incompatible.  */
static void
check_all_icvs (const struct ompd_api *api, ompd_address_space_handle_t *as,
		const struct truth_thread *tt)
{
  int64_t tid = tt->tid;
  ompd_thread_handle_t *th;
  ompd_parallel_handle_t *ph;
  ompd_task_handle_t *tk;
  if (!RC (api->get_thread_handle (as, OMPD_THREAD_ID_LWP, 8, &tid, &th),
	   ompd_rc_ok))
    return;
  if (RC (api->get_curr_parallel_handle (th, &ph), ompd_rc_ok))
    {
      if (RC (api->get_curr_task_handle (th, &tk), ompd_rc_ok))
	{
	  for (int i = 0; i < nicvs; i++)
	    {
	      void *h = icvs[i].scope == ompd_scope_address_space ? (void *) as
		: icvs[i].scope == ompd_scope_thread ? (void *) th
		: icvs[i].scope == ompd_scope_parallel ? (void *) ph
		: (void *) tk;
	      const char *s = NULL;
	      ompd_rc_t rc = api->get_icv_string_from_scope (h, icvs[i].scope,
							     icvs[i].id, &s);
	      CHECK (rc == ompd_rc_ok && s != NULL, "string of %s: %s",
		     icvs[i].name, ompd_rc_name (rc));
	      if (rc == ompd_rc_ok)
		checks_free ((void *) s);
	      ompd_word_t v;
	      rc = api->get_icv_from_scope (h, icvs[i].scope, icvs[i].id, &v);
	      CHECK (rc == ompd_rc_ok || rc == ompd_rc_incomplete
		     || rc == ompd_rc_incompatible, "integer of %s: %s",
		     icvs[i].name, ompd_rc_name (rc));
	      /* Another scope than its own: incompatible.  */
	      ompd_scope_t other = icvs[i].scope == ompd_scope_thread
		? ompd_scope_address_space : ompd_scope_thread;
	      void *oh = other == ompd_scope_thread ? (void *) th : (void *) as;
	      RC (api->get_icv_from_scope (oh, other, icvs[i].id, &v),
		  ompd_rc_incompatible);
	    }
	  RC (api->rel_task_handle (tk), ompd_rc_ok);
	}
      RC (api->rel_parallel_handle (ph), ompd_rc_ok);
    }
  RC (api->rel_thread_handle (th), ompd_rc_ok);
}

void
checks_run (const struct ompd_api *api, ompd_address_space_handle_t *as,
	    const struct truth *t)
{
  CHECK (t->nthreads > 0, "no threads in the truth");
  check_aspace (api, as, t);
  for (int k = 0; k < t->nthreads; k++)
    check_thread (api, as, &t->t[k], k);
  for (int k = 0; k < t->nthreads; k++)
    if (!t->t[k].idle)
      {
	check_all_icvs (api, as, &t->t[k]);
	break;
      }
  check_extension (api, as, t);
  if (t->check_edges)
    check_edges (api, as, t);
}

/* ---- bad input ------------------------------------------------------------ */

void
checks_bad_input (const struct ompd_api *api, ompd_address_space_handle_t *as,
		  const struct truth *t, int which)
{
  const struct truth_thread *tt = &t->t[which];
  ompd_thread_handle_t *th, *dead_th;
  ompd_parallel_handle_t *ph, *dead_ph;
  ompd_task_handle_t *tk, *dead_tk;
  int64_t tid = tt->tid;
  if (!RC (api->get_thread_handle (as, OMPD_THREAD_ID_LWP, 8, &tid, &th),
	   ompd_rc_ok)
      || !RC (api->get_curr_parallel_handle (th, &ph), ompd_rc_ok)
      || !RC (api->get_curr_task_handle (th, &tk), ompd_rc_ok))
    return;
  /* Released handles of each kind.  */
  RC (api->get_thread_handle (as, OMPD_THREAD_ID_LWP, 8, &tid, &dead_th),
      ompd_rc_ok);
  RC (api->rel_thread_handle (dead_th), ompd_rc_ok);
  RC (api->get_curr_parallel_handle (th, &dead_ph), ompd_rc_ok);
  RC (api->rel_parallel_handle (dead_ph), ompd_rc_ok);
  RC (api->get_curr_task_handle (th, &dead_tk), ompd_rc_ok);
  RC (api->rel_task_handle (dead_tk), ompd_rc_ok);
  /* A pointer that is no handle at all (never dereferenced).  */
  static char junk[256];
  void *bogus = junk;

  ompd_word_t w;
  ompd_address_t a;
  int c, more;
  const char *s;
  ompd_wait_id_t wid;
  ompd_frame_info_t f1, f2;
  ompd_icv_id_t icv;
  ompd_scope_t scope;
  ompd_thread_handle_t *oth;
  ompd_parallel_handle_t *oph;
  ompd_task_handle_t *otk;
  ompd_address_space_handle_t *oas;

  /* A second address space, released: a genuinely stale handle (the
     harness's free keeps its block, so no new handle takes its address).
     Without an output pointer, no address space.  */
  ompd_address_space_handle_t *dead_as = NULL;
  if (checks_context != NULL)
    {
      RC (api->process_initialize (checks_context, NULL), ompd_rc_bad_input);
      if (RC (api->process_initialize (checks_context, &dead_as), ompd_rc_ok))
	{
	  if (RC (api->get_omp_version (dead_as, &w), ompd_rc_ok))
	    CHECK (w == t->omp_version, "second address space: version %"
		   PRId64, w);
	  RC (api->rel_address_space_handle (dead_as), ompd_rc_ok);
	}
    }
  if (dead_as == NULL)
    dead_as = bogus;

  /* Life cycle.  */
  if (checks_callbacks != NULL)
    {
      /* OpenMP 5.0's API version: the same ABI, accepted (LLVM's gdb
	 plugin asks for it).  The library still speaks 5.1's, and the
	 handles made before stay valid.  */
      RC (api->initialize (201811, checks_callbacks), ompd_rc_ok);
      if (RC (api->get_api_version (&w), ompd_rc_ok))
	CHECK (w == 202011, "api version %" PRId64 " after 201811", w);
      if (RC (api->get_omp_version (as, &w), ompd_rc_ok))
	CHECK (w == t->omp_version, "omp version %" PRId64 " under 201811",
	       w);
      ompd_word_t st201811;
      RC (api->get_state (th, &st201811, NULL), ompd_rc_ok);
      /* Versions it does not implement, with valid callbacks:
	 unsupported, and nothing changes.  */
      static const ompd_word_t unknown[] = { 0, 1, 201107, 201511, 202111,
					     999999, -202011 };
      for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
	RC (api->initialize (unknown[i], checks_callbacks),
	    ompd_rc_unsupported);
      RC (api->get_state (th, &st201811, NULL), ompd_rc_ok);
      RC (api->initialize (202011, checks_callbacks), ompd_rc_ok);
      if (RC (api->get_omp_version (as, &w), ompd_rc_ok))
	CHECK (w == t->omp_version, "omp version %" PRId64, w);
    }
  RC (api->initialize (202011, NULL), ompd_rc_bad_input);
  RC (api->initialize (1, NULL), ompd_rc_bad_input);
  {
    ompd_callbacks_t empty;
    memset (&empty, 0, sizeof empty);
    RC (api->initialize (202011, &empty), ompd_rc_bad_input);
  }
  RC (api->get_api_version (NULL), ompd_rc_bad_input);
  RC (api->get_version_string (NULL), ompd_rc_bad_input);

  /* Address spaces.  */
  RC (api->process_initialize (NULL, &oas), ompd_rc_bad_input);
  RC (api->device_initialize (as, (ompd_address_space_context_t *) bogus,
			      OMPD_DEVICE_KIND_CUDA, 8, &tid, &oas),
      ompd_rc_unsupported);
  RC (api->device_initialize (NULL, NULL, 1, 8, &tid, &oas),
      ompd_rc_stale_handle);
  RC (api->rel_address_space_handle (NULL), ompd_rc_stale_handle);
  RC (api->rel_address_space_handle (bogus), ompd_rc_stale_handle);
  RC (api->rel_address_space_handle ((void *) th), ompd_rc_stale_handle);
  /* Busy: handles made from it are still out.  */
  RC (api->rel_address_space_handle (as), ompd_rc_unavailable);
  RC (api->get_omp_version (NULL, &w), ompd_rc_stale_handle);
  RC (api->get_omp_version (as, NULL), ompd_rc_bad_input);
  RC (api->get_omp_version (bogus, &w), ompd_rc_stale_handle);
  RC (api->get_omp_version_string (as, NULL), ompd_rc_bad_input);
  RC (api->get_omp_version_string (NULL, &s), ompd_rc_stale_handle);
  RC (api->get_device_thread_id_kinds (as, NULL, NULL, NULL),
      ompd_rc_bad_input);
  {
    ompd_thread_id_t *kinds;
    ompd_size_t *sizes;
    int count;
    RC (api->get_device_thread_id_kinds (NULL, &kinds, &sizes, &count),
	ompd_rc_stale_handle);
    RC (api->get_device_thread_id_kinds (as, NULL, &sizes, &count),
	ompd_rc_bad_input);
    RC (api->get_device_thread_id_kinds (as, &kinds, NULL, &count),
	ompd_rc_bad_input);
    RC (api->get_device_thread_id_kinds (as, &kinds, &sizes, NULL),
	ompd_rc_bad_input);
    RC (api->get_device_thread_id_kinds (dead_as, &kinds, &sizes, &count),
	ompd_rc_stale_handle);
    RC (api->get_device_thread_id_kinds ((void *) th, &kinds, &sizes,
					 &count), ompd_rc_stale_handle);
  }
  /* The released address space, for every routine that takes one.  */
  RC (api->rel_address_space_handle (dead_as), ompd_rc_stale_handle);
  RC (api->get_omp_version (dead_as, &w), ompd_rc_stale_handle);
  RC (api->get_omp_version_string (dead_as, &s), ompd_rc_stale_handle);
  RC (api->device_initialize (dead_as, (ompd_address_space_context_t *) bogus,
			      OMPD_DEVICE_KIND_HOST, 8, &tid, &oas),
      ompd_rc_stale_handle);
  RC (api->get_thread_handle (dead_as, OMPD_THREAD_ID_LWP, 8, &tid, &oth),
      ompd_rc_stale_handle);
  RC (api->enumerate_states (dead_as, ompt_state_undefined, &w, &s, &w),
      ompd_rc_stale_handle);
  RC (api->get_display_control_vars (dead_as, (const char *const **) &s),
      ompd_rc_stale_handle);
  RC (api->enumerate_icvs (dead_as, 0, &icv, &s, &scope, &more),
      ompd_rc_stale_handle);
  RC (api->get_icv_from_scope (dead_as, ompd_scope_address_space, 1, &w),
      ompd_rc_stale_handle);
  RC (api->get_icv_string_from_scope (dead_as, ompd_scope_address_space, 1,
				      &s), ompd_rc_stale_handle);
  {
    ompd_thread_handle_t **ths;
    ompd_task_handle_t **tks;
    int n;
    RC (api->get_threads (dead_as, &ths, &n), ompd_rc_stale_handle);
    RC (api->get_deferred_tasks (dead_as, &tks, &n), ompd_rc_stale_handle);
  }
  /* Another kind of handle as the address space.  */
  RC (api->get_omp_version ((void *) ph, &w), ompd_rc_stale_handle);
  RC (api->get_omp_version_string ((void *) tk, &s), ompd_rc_stale_handle);
  RC (api->get_display_control_vars ((void *) th, (const char *const **) &s),
      ompd_rc_stale_handle);
  RC (api->device_initialize ((void *) th,
			      (ompd_address_space_context_t *) bogus,
			      OMPD_DEVICE_KIND_HOST, 8, &tid, &oas),
      ompd_rc_stale_handle);
  RC (api->device_initialize (as, NULL, OMPD_DEVICE_KIND_HOST, 8, &tid, &oas),
      ompd_rc_bad_input);
  RC (api->device_initialize (as, (ompd_address_space_context_t *) bogus,
			      OMPD_DEVICE_KIND_HOST, 8, &tid, NULL),
      ompd_rc_bad_input);

  /* Thread handles.  */
  RC (api->get_thread_handle (NULL, OMPD_THREAD_ID_LWP, 8, &tid, &oth),
      ompd_rc_stale_handle);
  RC (api->get_thread_handle (as, OMPD_THREAD_ID_LWP, 8, NULL, &oth),
      ompd_rc_bad_input);
  RC (api->get_thread_handle (as, OMPD_THREAD_ID_LWP, 8, &tid, NULL),
      ompd_rc_bad_input);
  RC (api->get_thread_handle (as, OMPD_THREAD_ID_LWP, 2, &tid, &oth),
      ompd_rc_bad_input);
  RC (api->get_thread_handle (as, OMPD_THREAD_ID_PTHREAD, 3, &tid, &oth),
      ompd_rc_bad_input);
  RC (api->get_thread_handle (as, OMPD_THREAD_ID_WINTHREAD, 8, &tid, &oth),
      ompd_rc_unsupported);
  RC (api->get_thread_handle (as, 1000001, 8, &tid, &oth),
      ompd_rc_unsupported);
  {
    int64_t nobody = 0x7ffffff0;
    RC (api->get_thread_handle (as, OMPD_THREAD_ID_LWP, 8, &nobody, &oth),
	ompd_rc_unavailable);
  }
  RC (api->get_thread_handle (dead_th ? (void *) dead_th : bogus,
			      OMPD_THREAD_ID_LWP, 8, &tid, &oth),
      ompd_rc_stale_handle);
  RC (api->get_thread_id (NULL, OMPD_THREAD_ID_LWP, 8, &tid),
      ompd_rc_stale_handle);
  RC (api->get_thread_id (th, OMPD_THREAD_ID_LWP, 8, NULL),
      ompd_rc_bad_input);
  RC (api->get_thread_id (th, OMPD_THREAD_ID_LWP, 5, &tid),
      ompd_rc_bad_input);
  RC (api->get_thread_id (th, 77, 8, &tid), ompd_rc_unsupported);
  RC (api->get_thread_id (dead_th, OMPD_THREAD_ID_LWP, 8, &tid),
      ompd_rc_stale_handle);
  RC (api->get_thread_id ((void *) tk, OMPD_THREAD_ID_LWP, 8, &tid),
      ompd_rc_stale_handle);
  RC (api->rel_thread_handle (NULL), ompd_rc_stale_handle);
  RC (api->rel_thread_handle (dead_th), ompd_rc_stale_handle);
  RC (api->rel_thread_handle ((void *) ph), ompd_rc_stale_handle);
  RC (api->thread_handle_compare (th, NULL, &c), ompd_rc_stale_handle);
  RC (api->thread_handle_compare (th, th, NULL), ompd_rc_bad_input);
  RC (api->thread_handle_compare (th, dead_th, &c), ompd_rc_stale_handle);
  RC (api->get_device_from_thread (th, NULL), ompd_rc_bad_input);
  RC (api->get_device_from_thread (NULL, &oas), ompd_rc_stale_handle);
  RC (api->get_device_from_thread (NULL, NULL), ompd_rc_stale_handle);
  RC (api->get_device_from_thread (dead_th, &oas), ompd_rc_stale_handle);
  RC (api->get_device_from_thread ((void *) ph, &oas), ompd_rc_stale_handle);
  RC (api->get_thread_id ((void *) as, OMPD_THREAD_ID_LWP, 8, &tid),
      ompd_rc_stale_handle);
  RC (api->thread_handle_compare (th, (void *) tk, &c), ompd_rc_stale_handle);
  RC (api->thread_handle_compare ((void *) ph, th, &c), ompd_rc_stale_handle);
  RC (api->thread_handle_compare (dead_th, th, &c), ompd_rc_stale_handle);
  RC (api->get_thread_in_parallel ((void *) tk, 0, &oth), ompd_rc_stale_handle);
  RC (api->get_thread_in_parallel ((void *) th, 0, &oth), ompd_rc_stale_handle);
  RC (api->get_thread_in_parallel (NULL, 0, &oth), ompd_rc_stale_handle);
  RC (api->get_thread_in_parallel (ph, 0, NULL), ompd_rc_bad_input);
  RC (api->get_thread_in_parallel (dead_ph, 0, &oth), ompd_rc_stale_handle);
  RC (api->get_thread_in_parallel (ph, 1 << 20, &oth), ompd_rc_bad_input);

  /* Parallel handles.  */
  RC (api->get_curr_parallel_handle (NULL, &oph), ompd_rc_stale_handle);
  RC (api->get_curr_parallel_handle (th, NULL), ompd_rc_bad_input);
  RC (api->get_curr_parallel_handle (dead_th, &oph), ompd_rc_stale_handle);
  RC (api->get_curr_parallel_handle ((void *) tk, &oph), ompd_rc_stale_handle);
  RC (api->get_enclosing_parallel_handle (NULL, &oph), ompd_rc_stale_handle);
  RC (api->get_enclosing_parallel_handle (ph, NULL), ompd_rc_bad_input);
  RC (api->get_enclosing_parallel_handle (dead_ph, &oph),
      ompd_rc_stale_handle);
  RC (api->get_task_parallel_handle (NULL, &oph), ompd_rc_stale_handle);
  RC (api->get_task_parallel_handle (tk, NULL), ompd_rc_bad_input);
  RC (api->get_task_parallel_handle (dead_tk, &oph), ompd_rc_stale_handle);
  RC (api->rel_parallel_handle (NULL), ompd_rc_stale_handle);
  RC (api->rel_parallel_handle (dead_ph), ompd_rc_stale_handle);
  RC (api->parallel_handle_compare (ph, NULL, &c), ompd_rc_stale_handle);
  RC (api->parallel_handle_compare (ph, ph, NULL), ompd_rc_bad_input);
  RC (api->parallel_handle_compare (dead_ph, ph, &c), ompd_rc_stale_handle);
  RC (api->parallel_handle_compare ((void *) th, ph, &c), ompd_rc_stale_handle);
  RC (api->parallel_handle_compare (ph, (void *) tk, &c), ompd_rc_stale_handle);
  RC (api->parallel_handle_compare (ph, dead_ph, &c), ompd_rc_stale_handle);
  RC (api->get_enclosing_parallel_handle ((void *) tk, &oph),
      ompd_rc_stale_handle);
  RC (api->get_enclosing_parallel_handle ((void *) th, &oph),
      ompd_rc_stale_handle);
  RC (api->get_task_parallel_handle ((void *) ph, &oph), ompd_rc_stale_handle);
  RC (api->get_curr_parallel_handle ((void *) as, &oph), ompd_rc_stale_handle);
  RC (api->rel_parallel_handle ((void *) tk), ompd_rc_stale_handle);

  /* Task handles.  */
  RC (api->get_curr_task_handle (NULL, &otk), ompd_rc_stale_handle);
  RC (api->get_curr_task_handle (th, NULL), ompd_rc_bad_input);
  RC (api->get_curr_task_handle (dead_th, &otk), ompd_rc_stale_handle);
  RC (api->get_generating_task_handle (NULL, &otk), ompd_rc_stale_handle);
  RC (api->get_generating_task_handle (tk, NULL), ompd_rc_bad_input);
  RC (api->get_generating_task_handle (dead_tk, &otk), ompd_rc_stale_handle);
  RC (api->get_scheduling_task_handle (NULL, &otk), ompd_rc_stale_handle);
  RC (api->get_scheduling_task_handle (tk, NULL), ompd_rc_bad_input);
  RC (api->get_scheduling_task_handle (dead_tk, &otk), ompd_rc_stale_handle);
  RC (api->get_task_in_parallel (NULL, 0, &otk), ompd_rc_stale_handle);
  RC (api->get_task_in_parallel (ph, 0, NULL), ompd_rc_bad_input);
  RC (api->get_task_in_parallel (ph, -1, &otk), ompd_rc_bad_input);
  RC (api->get_task_in_parallel (dead_ph, 0, &otk), ompd_rc_stale_handle);
  RC (api->rel_task_handle (NULL), ompd_rc_stale_handle);
  RC (api->rel_task_handle (dead_tk), ompd_rc_stale_handle);
  RC (api->rel_task_handle ((void *) th), ompd_rc_stale_handle);
  RC (api->task_handle_compare (tk, NULL, &c), ompd_rc_stale_handle);
  RC (api->task_handle_compare (tk, tk, NULL), ompd_rc_bad_input);
  RC (api->task_handle_compare (tk, dead_tk, &c), ompd_rc_stale_handle);
  RC (api->get_task_function (NULL, &a), ompd_rc_stale_handle);
  RC (api->get_task_function (tk, NULL), ompd_rc_bad_input);
  RC (api->get_task_function (dead_tk, &a), ompd_rc_stale_handle);
  RC (api->get_task_frame (NULL, &f1, &f2), ompd_rc_stale_handle);
  RC (api->get_task_frame (tk, NULL, &f2), ompd_rc_bad_input);
  RC (api->get_task_frame (tk, &f1, NULL), ompd_rc_bad_input);
  RC (api->get_task_frame (dead_tk, &f1, &f2), ompd_rc_stale_handle);
  /* Another kind of handle where a task handle belongs.  */
  RC (api->get_generating_task_handle ((void *) th, &otk), ompd_rc_stale_handle);
  RC (api->get_generating_task_handle ((void *) ph, &otk), ompd_rc_stale_handle);
  RC (api->get_scheduling_task_handle ((void *) th, &otk), ompd_rc_stale_handle);
  RC (api->get_scheduling_task_handle ((void *) as, &otk), ompd_rc_stale_handle);
  RC (api->get_task_function ((void *) th, &a), ompd_rc_stale_handle);
  RC (api->get_task_function ((void *) ph, &a), ompd_rc_stale_handle);
  RC (api->get_task_frame ((void *) th, &f1, &f2), ompd_rc_stale_handle);
  RC (api->get_task_frame ((void *) ph, &f1, &f2), ompd_rc_stale_handle);
  RC (api->get_task_in_parallel ((void *) tk, 0, &otk), ompd_rc_stale_handle);
  RC (api->get_task_in_parallel ((void *) th, 0, &otk), ompd_rc_stale_handle);
  RC (api->get_curr_task_handle ((void *) ph, &otk), ompd_rc_stale_handle);
  RC (api->task_handle_compare (tk, (void *) th, &c), ompd_rc_stale_handle);
  RC (api->task_handle_compare ((void *) ph, tk, &c), ompd_rc_stale_handle);
  RC (api->task_handle_compare (dead_tk, tk, &c), ompd_rc_stale_handle);

  /* States.  */
  RC (api->enumerate_states (NULL, ompt_state_undefined, &w, &s, &w),
      ompd_rc_stale_handle);
  RC (api->enumerate_states (as, ompt_state_undefined, NULL, &s, &w),
      ompd_rc_bad_input);
  RC (api->enumerate_states (as, ompt_state_undefined, &w, NULL, &w),
      ompd_rc_bad_input);
  RC (api->enumerate_states (as, ompt_state_undefined, &w, &s, NULL),
      ompd_rc_bad_input);
  RC (api->enumerate_states (as, 0x7777, &w, &s, &w), ompd_rc_bad_input);
  RC (api->enumerate_states (bogus, ompt_state_undefined, &w, &s, &w),
      ompd_rc_stale_handle);
  RC (api->get_state (NULL, &w, &wid), ompd_rc_stale_handle);
  RC (api->get_state (th, NULL, &wid), ompd_rc_bad_input);
  RC (api->get_state (dead_th, &w, &wid), ompd_rc_stale_handle);
  RC (api->get_state ((void *) ph, &w, &wid), ompd_rc_stale_handle);

  /* Display control variables.  */
  RC (api->get_display_control_vars (NULL, (const char *const **) &s),
      ompd_rc_stale_handle);
  RC (api->get_display_control_vars (as, NULL), ompd_rc_bad_input);
  RC (api->rel_display_control_vars (NULL), ompd_rc_bad_input);
  {
    /* A vector libompd did not give out, and one it had back already:
       refused, not freed (the pointer stays as it was).  */
    static const char *const foreign[] = { "OMP_FOREIGN=1", NULL };
    const char *const *fv = foreign;
    RC (api->rel_display_control_vars (&fv), ompd_rc_bad_input);
    CHECK (fv == foreign, "a refused vector was changed");
    const char *const *none = NULL;
    RC (api->rel_display_control_vars (&none), ompd_rc_bad_input);
    const char *const *vars, *const *copy;
    if (RC (api->get_display_control_vars (as, &vars), ompd_rc_ok))
      {
	/* Live, it is no handle either.  */
	RC (api->get_omp_version ((void *) vars, &w), ompd_rc_stale_handle);
	RC (api->get_state ((void *) vars, &w, &wid), ompd_rc_stale_handle);
	copy = vars;
	RC (api->rel_display_control_vars (&vars), ompd_rc_ok);
	CHECK (vars == NULL, "released vector not cleared");
	RC (api->rel_display_control_vars (&copy), ompd_rc_bad_input);
      }
  }

  /* ICVs.  */
  RC (api->enumerate_icvs (NULL, 0, &icv, &s, &scope, &more),
      ompd_rc_stale_handle);
  RC (api->enumerate_icvs (as, 0, NULL, &s, &scope, &more),
      ompd_rc_bad_input);
  RC (api->enumerate_icvs (as, 0, &icv, NULL, &scope, &more),
      ompd_rc_bad_input);
  RC (api->enumerate_icvs (as, 0, &icv, &s, NULL, &more), ompd_rc_bad_input);
  RC (api->enumerate_icvs (as, 0, &icv, &s, &scope, NULL), ompd_rc_bad_input);
  RC (api->enumerate_icvs (as, 100000, &icv, &s, &scope, &more),
      ompd_rc_bad_input);
  RC (api->enumerate_icvs (bogus, 0, &icv, &s, &scope, &more),
      ompd_rc_stale_handle);
  int levels = icv_find ("levels-var"), nproc = icv_find ("num-procs-var");
  int dyn = icv_find ("dyn-var"), tnum = icv_find ("thread-num-var");
  if (levels >= 0 && nproc >= 0 && dyn >= 0 && tnum >= 0)
    {
      ompd_icv_id_t lv = icvs[levels].id, np = icvs[nproc].id;
      ompd_icv_id_t dv = icvs[dyn].id, tn = icvs[tnum].id;
      RC (api->get_icv_from_scope (NULL, ompd_scope_parallel, lv, &w),
	  ompd_rc_stale_handle);
      RC (api->get_icv_from_scope (ph, ompd_scope_parallel, lv, NULL),
	  ompd_rc_bad_input);
      RC (api->get_icv_from_scope (ph, ompd_scope_parallel, 0, &w),
	  ompd_rc_bad_input);
      RC (api->get_icv_from_scope (ph, ompd_scope_parallel, 100000, &w),
	  ompd_rc_bad_input);
      RC (api->get_icv_from_scope (ph, (ompd_scope_t) 42, lv, &w),
	  ompd_rc_bad_input);
      /* Scope and handle disagree: a thread handle as parallel.  */
      RC (api->get_icv_from_scope (th, ompd_scope_parallel, lv, &w),
	  ompd_rc_stale_handle);
      /* The ICV is not of that scope.  */
      RC (api->get_icv_from_scope (th, ompd_scope_thread, lv, &w),
	  ompd_rc_incompatible);
      RC (api->get_icv_from_scope (tk, ompd_scope_task, np, &w),
	  ompd_rc_incompatible);
      RC (api->get_icv_from_scope (as, ompd_scope_address_space, dv, &w),
	  ompd_rc_incompatible);
      RC (api->get_icv_from_scope (ph, ompd_scope_parallel, tn, &w),
	  ompd_rc_incompatible);
      RC (api->get_icv_from_scope (dead_ph, ompd_scope_parallel, lv, &w),
	  ompd_rc_stale_handle);
      RC (api->get_icv_from_scope (dead_tk, ompd_scope_task, dv, &w),
	  ompd_rc_stale_handle);
      RC (api->get_icv_string_from_scope (NULL, ompd_scope_parallel, lv, &s),
	  ompd_rc_stale_handle);
      RC (api->get_icv_string_from_scope (ph, ompd_scope_parallel, lv, NULL),
	  ompd_rc_bad_input);
      RC (api->get_icv_string_from_scope (ph, ompd_scope_parallel, 0, &s),
	  ompd_rc_bad_input);
      RC (api->get_icv_string_from_scope (th, ompd_scope_thread, lv, &s),
	  ompd_rc_incompatible);
      RC (api->get_icv_string_from_scope (dead_th, ompd_scope_thread, tn, &s),
	  ompd_rc_stale_handle);
      /* An explicit task's handle is no implicit task.  */
      if (tt->task_kind == 4)
	RC (api->get_icv_from_scope (tk, ompd_scope_implicit_task, dv, &w),
	    ompd_rc_bad_input);
      else if (RC (api->get_icv_from_scope (tk, ompd_scope_implicit_task, dv,
					    &w), ompd_rc_ok))
	CHECK (w == tt->dyn, "dyn-var at implicit-task scope");
    }
  int aff = icv_find ("affinity-format-var");
  if (aff >= 0)
    RC (api->get_icv_from_scope (as, ompd_scope_address_space,
				 icvs[aff].id, &w), ompd_rc_incompatible);

  /* Tool data.  */
  RC (api->get_tool_data (NULL, ompd_scope_thread, &w, &a),
      ompd_rc_stale_handle);
  RC (api->get_tool_data (th, ompd_scope_thread, NULL, &a),
      ompd_rc_bad_input);
  RC (api->get_tool_data (th, ompd_scope_thread, &w, NULL),
      ompd_rc_bad_input);
  RC (api->get_tool_data (as, ompd_scope_address_space, &w, &a),
      ompd_rc_bad_input);
  RC (api->get_tool_data (th, ompd_scope_task, &w, &a), ompd_rc_stale_handle);
  RC (api->get_tool_data (dead_tk, ompd_scope_task, &w, &a),
      ompd_rc_stale_handle);
  RC (api->get_tool_data (dead_th, ompd_scope_thread, &w, &a),
      ompd_rc_stale_handle);
  RC (api->get_tool_data (dead_ph, ompd_scope_parallel, &w, &a),
      ompd_rc_stale_handle);
  RC (api->get_tool_data (dead_tk, ompd_scope_implicit_task, &w, &a),
      ompd_rc_stale_handle);
  RC (api->get_tool_data (dead_as, ompd_scope_address_space, &w, &a),
      ompd_rc_bad_input);
  /* Scope and handle disagree.  */
  RC (api->get_tool_data (tk, ompd_scope_parallel, &w, &a),
      ompd_rc_stale_handle);
  RC (api->get_tool_data (ph, ompd_scope_thread, &w, &a), ompd_rc_stale_handle);
  RC (api->get_tool_data (th, (ompd_scope_t) 9, &w, &a), ompd_rc_bad_input);

  /* The extension.  */
  {
    ompd_thread_handle_t **ths;
    ompd_task_handle_t **tks;
    ompdbg_dependence_t *deps;
    ompdbg_task_state_t tstate;
    int n;
    RC (api->get_threads (NULL, &ths, &n), ompd_rc_stale_handle);
    RC (api->get_threads (as, NULL, &n), ompd_rc_bad_input);
    RC (api->get_threads (as, &ths, NULL), ompd_rc_bad_input);
    RC (api->get_threads (bogus, &ths, &n), ompd_rc_stale_handle);
    RC (api->get_deferred_tasks (NULL, &tks, &n), ompd_rc_stale_handle);
    RC (api->get_deferred_tasks (as, NULL, &n), ompd_rc_bad_input);
    RC (api->get_deferred_tasks (as, &tks, NULL), ompd_rc_bad_input);
    RC (api->get_deferred_tasks (bogus, &tks, &n), ompd_rc_stale_handle);
    RC (api->get_deferred_tasks ((void *) th, &tks, &n), ompd_rc_stale_handle);
    RC (api->get_task_state ((void *) th, &tstate), ompd_rc_stale_handle);
    RC (api->get_task_dependences ((void *) ph, &deps, &n, NULL),
	ompd_rc_stale_handle);
    RC (api->get_task_dependences (tk, &deps, NULL, NULL), ompd_rc_bad_input);
    RC (api->get_task_state (NULL, &tstate), ompd_rc_stale_handle);
    RC (api->get_task_state (tk, NULL), ompd_rc_bad_input);
    RC (api->get_task_state (dead_tk, &tstate), ompd_rc_stale_handle);
    RC (api->get_task_dependences (NULL, &deps, &n, NULL), ompd_rc_stale_handle);
    RC (api->get_task_dependences (tk, NULL, &n, NULL), ompd_rc_bad_input);
    RC (api->get_task_dependences (dead_tk, &deps, &n, NULL),
	ompd_rc_stale_handle);
    /* An implicit task has no depend clauses.  */
    if (tt->task_kind != 4
	&& RC (api->get_task_dependences (tk, &deps, &n, NULL), ompd_rc_ok))
      CHECK (n == 0 && deps == NULL, "implicit task with %d dependences", n);

    /* Holders and the wait-for graph: no handle, a released one, one of
       another kind, no output.  */
    ompdbg_wait_holder_t wh;
    ompdbg_task_edge_t *edges;
    RC (api->get_wait_holder (NULL, &wh), ompd_rc_stale_handle);
    RC (api->get_wait_holder (th, NULL), ompd_rc_bad_input);
    RC (api->get_wait_holder (dead_th, &wh), ompd_rc_stale_handle);
    RC (api->get_wait_holder (bogus, &wh), ompd_rc_stale_handle);
    RC (api->get_wait_holder ((void *) as, &wh), ompd_rc_stale_handle);
    RC (api->get_wait_holder ((void *) tk, &wh), ompd_rc_stale_handle);
    RC (api->get_task_edges (NULL, &edges, &n), ompd_rc_stale_handle);
    RC (api->get_task_edges (as, NULL, &n), ompd_rc_bad_input);
    RC (api->get_task_edges (as, &edges, NULL), ompd_rc_bad_input);
    RC (api->get_task_edges (dead_as, &edges, &n), ompd_rc_stale_handle);
    RC (api->get_task_edges (bogus, &edges, &n), ompd_rc_stale_handle);
    RC (api->get_task_edges ((void *) th, &edges, &n), ompd_rc_stale_handle);
    RC (api->get_task_address (NULL, &a), ompd_rc_stale_handle);
    RC (api->get_task_address (tk, NULL), ompd_rc_bad_input);
    RC (api->get_task_address (dead_tk, &a), ompd_rc_stale_handle);
    RC (api->get_task_address (bogus, &a), ompd_rc_stale_handle);
    RC (api->get_task_address ((void *) ph, &a), ompd_rc_stale_handle);
    RC (api->get_task_address ((void *) th, &a), ompd_rc_stale_handle);

    /* Handles of a second address space of the same process: the same
       answers while it lives, stale once it and they are released.  */
    ompd_address_space_handle_t *as2;
    ompd_thread_handle_t *th2;
    ompd_task_handle_t *tk2;
    if (checks_context != NULL
	&& RC (api->process_initialize (checks_context, &as2), ompd_rc_ok))
      {
	if (RC (api->get_thread_handle (as2, OMPD_THREAD_ID_LWP, 8, &tid,
					&th2), ompd_rc_ok))
	  {
	    ompd_rc_t r1 = api->get_wait_holder (th, &wh);
	    RC (api->get_wait_holder (th2, &wh), r1);
	    if (RC (api->get_curr_task_handle (th2, &tk2), ompd_rc_ok))
	      {
		ompd_address_t a1 = { 0, 1 }, a2 = { 0, 2 };
		RC (api->get_task_address (tk, &a1), ompd_rc_ok);
		RC (api->get_task_address (tk2, &a2), ompd_rc_ok);
		CHECK (a1.address == a2.address, "task address %#" PRIx64
		       " in a second address space, %#" PRIx64 " in the "
		       "first", a2.address, a1.address);
		/* Not while a handle points into it.  */
		RC (api->rel_address_space_handle (as2), ompd_rc_unavailable);
		RC (api->rel_task_handle (tk2), ompd_rc_ok);
		RC (api->get_task_address (tk2, &a2), ompd_rc_stale_handle);
	      }
	    RC (api->rel_thread_handle (th2), ompd_rc_ok);
	    RC (api->get_wait_holder (th2, &wh), ompd_rc_stale_handle);
	  }
	int n1 = -1, n2 = -2;
	if (RC (api->get_task_edges (as, &edges, &n1), ompd_rc_ok) && edges)
	  checks_free (edges);
	if (RC (api->get_task_edges (as2, &edges, &n2), ompd_rc_ok) && edges)
	  checks_free (edges);
	CHECK (n1 == n2, "%d task edges in a second address space, %d in the "
	       "first", n2, n1);
	RC (api->rel_address_space_handle (as2), ompd_rc_ok);
	RC (api->get_task_edges (as2, &edges, &n), ompd_rc_stale_handle);
      }
  }

  RC (api->rel_task_handle (tk), ompd_rc_ok);
  RC (api->rel_parallel_handle (ph), ompd_rc_ok);
  RC (api->rel_thread_handle (th), ompd_rc_ok);
}
