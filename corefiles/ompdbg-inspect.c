/* ompdbg-inspect.c -- the program behind `ompdbg threads`: list the
   threads of a live process or a core file, with their pc's symbol, and
   their OpenMP view through libompd when the target's runtime names one.

     ompdbg-inspect threads PID
     ompdbg-inspect threads EXECUTABLE CORE

   Exit status: 0 success (even when OMPD is unavailable: the native
   threads are still listed and the reason is printed), 1 when the target
   cannot be opened, 2 on usage errors.

   A damaged target costs only what is damaged: a value libompd cannot
   read, or one that cannot be true (a team larger than the process, a
   thread number outside its team, a state the runtime does not have),
   is printed as "unreadable (REASON)", and a truncated core gives its
   threads and registers (its notes) and what memory it still holds,
   after a warning that says what is missing.  */

#include <config.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corefiles/ompdbg-target.h"

/* diagnose.c */
int ompdbg_cmd_diagnose (int argc, char **argv);

/* What each of libompd's return codes means when it answers a question
   about the target's data.  */
static const char *
rc_words (ompd_rc_t rc)
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

static void
usage (FILE *f)
{
  fprintf (f, "Usage: ompdbg threads PID\n"
	   "       ompdbg threads EXECUTABLE CORE\n"
	   "       ompdbg diagnose [--json] PID\n"
	   "       ompdbg diagnose [--json] EXECUTABLE CORE\n");
}

/* The name of STATE, or "unreadable (...)" when the runtime has no
   such state (garbage read from a damaged target).  */
static const char *
state_name (const struct ompdbg_ompd_api *api, ompd_address_space_handle_t *as,
	    ompd_word_t state, char *buf, size_t size)
{
  /* ompd_enumerate_states walks the runtime's states from
     ompt_state_undefined; the caller owns each name.  */
  snprintf (buf, size, "unreadable (state 0x%llx is not one of the "
	    "runtime's)", (unsigned long long) state);
  if (api->enumerate_states == NULL)
    {
      snprintf (buf, size, "state 0x%llx", (unsigned long long) state);
      return buf;
    }
  ompd_word_t cur = ompt_state_undefined, next, more = 0;
  const char *name;
  for (int i = 0; i < 1024; i++)
    {
      if (api->enumerate_states (as, cur, &next, &name, &more) != ompd_rc_ok)
	break;
      if (next == state && name != NULL)
	snprintf (buf, size, "%s", name);
      free ((void *) name);
      if (next == state || !more)
	break;
      cur = next;
    }
  return buf;
}

/* The ids of the ICVs shown, found by name (ids are libompd's own).  */
struct icv_ids
{
  ompd_icv_id_t thread_num, team_size, level;
};

static void
find_icvs (const struct ompdbg_ompd_api *api, ompd_address_space_handle_t *as,
	   struct icv_ids *ids)
{
  ids->thread_num = ids->team_size = ids->level = ompd_icv_undefined;
  if (api->enumerate_icvs == NULL)
    return;
  ompd_icv_id_t cur = ompd_icv_undefined, id;
  const char *name;
  ompd_scope_t scope;
  int more = 0;
  for (int i = 0; i < 1024; i++)
    {
      if (api->enumerate_icvs (as, cur, &id, &name, &scope, &more) != ompd_rc_ok)
	break;
      if (name != NULL && strcmp (name, "thread-num-var") == 0)
	ids->thread_num = id;
      if (name != NULL && strcmp (name, "team-size-var") == 0)
	ids->team_size = id;
      if (name != NULL && strcmp (name, "levels-var") == 0)
	ids->level = id;
      free ((void *) name);
      if (!more)
	break;
      cur = id;
    }
}

/* Whether the thread of TH, in region PAR, is a member of its team that
   has not begun its implicit task: libompd gives it the region but no
   current task (right after the region starts, or held on its way in).
   The same rule as the gdb plugin's (gdb-plugin/ompdbg_gdb/model.py).  */
static bool
unstarted (const struct ompdbg_ompd_api *api, ompd_thread_handle_t *th,
	   ompd_parallel_handle_t *par)
{
  ompd_task_handle_t *task;
  if (par == NULL || api->get_curr_task_handle == NULL)
    return false;
  ompd_rc_t rc = api->get_curr_task_handle (th, &task);
  if (rc == ompd_rc_ok && api->rel_task_handle != NULL)
    api->rel_task_handle (task);
  return rc == ompd_rc_unavailable;
}

/* The OpenMP columns of LWP: thread number and team size, state; for a
   team member that has not begun its implicit task, the region's level
   and "assigned, not started".  A value that cannot be read, or cannot
   be true in a process of NTHREADS threads, is "unreadable (REASON)".  */
static void
print_ompd_thread (struct ompdbg_session *s, const struct icv_ids *ids,
		   pid_t lwp, size_t nthreads)
{
  const struct ompdbg_ompd_api *api = ompdbg_session_api (s);
  ompd_address_space_handle_t *as = ompdbg_session_aspace (s);
  ompd_thread_handle_t *th;
  int64_t id = lwp;
  ompd_rc_t rc = api->get_thread_handle == NULL ? ompd_rc_unsupported
    : api->get_thread_handle (as, OMPD_THREAD_ID_LWP, sizeof id, &id, &th);
  if (rc == ompd_rc_unavailable || rc == ompd_rc_unsupported)
    {
      printf ("  (not an OpenMP thread)");
      return;
    }
  if (rc != ompd_rc_ok)
    {
      printf ("  unreadable (%s)", rc_words (rc));
      return;
    }
  ompd_word_t num, size;
  ompd_parallel_handle_t *par = NULL;
  ompd_rc_t par_rc = api->get_curr_parallel_handle == NULL
    ? ompd_rc_unsupported : api->get_curr_parallel_handle (th, &par);
  if (par_rc != ompd_rc_ok)
    par = NULL;
  rc = api->get_icv_from_scope == NULL ? ompd_rc_unsupported
    : api->get_icv_from_scope (th, ompd_scope_thread, ids->thread_num, &num);
  ompd_rc_t size_rc = par == NULL ? par_rc
    : api->get_icv_from_scope == NULL ? ompd_rc_unsupported
    : api->get_icv_from_scope (par, ompd_scope_parallel, ids->team_size,
			       &size);
  bool size_ok = size_rc == ompd_rc_ok && size >= 1
    && (uint64_t) size <= nthreads;
  if (rc == ompd_rc_ok)
    {
      if (num < 0 || (uint64_t) num >= nthreads
	  || (size_ok && num >= size))
	printf ("  omp thread unreadable (thread number %lld in a team of "
		"%lld, of a process of %zu threads)", (long long) num,
		size_ok ? (long long) size : -1LL, nthreads);
      else
	printf ("  omp thread %lld", (long long) num);
      if (size_ok)
	printf (" of %lld", (long long) size);
      else if (size_rc == ompd_rc_ok)
	printf (" of unreadable (team size %lld, the process has %zu "
		"threads)", (long long) size, nthreads);
      else if (size_rc != ompd_rc_unavailable
	       && size_rc != ompd_rc_unsupported)
	printf (" of unreadable (%s)", rc_words (size_rc));
    }
  else if (rc != ompd_rc_unavailable && rc != ompd_rc_unsupported)
    printf ("  omp thread unreadable (%s)", rc_words (rc));
  ompd_word_t state;
  ompd_wait_id_t wait;
  char buf[96];
  rc = api->get_state == NULL ? ompd_rc_unsupported
    : api->get_state (th, &state, &wait);
  if (rc == ompd_rc_ok)
    printf ("  %s", state_name (api, as, state, buf, sizeof buf));
  else if (rc != ompd_rc_unavailable && rc != ompd_rc_unsupported)
    printf ("  unreadable (%s)", rc_words (rc));
  if (unstarted (api, th, par))
    {
      ompd_word_t level;
      if (api->get_icv_from_scope != NULL && ids->level != ompd_icv_undefined
	  && api->get_icv_from_scope (par, ompd_scope_parallel, ids->level,
				      &level) == ompd_rc_ok)
	printf ("  in the region at level %lld", (long long) level);
      printf ("  assigned, not started");
    }
  if (par != NULL && api->rel_parallel_handle != NULL)
    api->rel_parallel_handle (par);
  if (api->rel_thread_handle != NULL)
    api->rel_thread_handle (th);
}

/* The TracerPid of process PID (/proc/PID/status): a process traces it
   already when not 0 (one tracer at a time); 0 also when unknown.  */
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

/* The command name of process PID (/proc/PID/comm) in BUF, or "?".  */
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

static int
cmd_threads (int argc, char **argv)
{
  struct ompdbg_target *t;
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
      err = ompdbg_target_attach (pid, &t);
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
    }
  else if (argc == 2)
    {
      err = ompdbg_target_open_core (argv[1], argv[0], &t);
      if (err != OMPDBG_E_OK)
	{
	  fprintf (stderr, "ompdbg: cannot open core file %s of %s: %s\n",
		   argv[1], argv[0], ompdbg_errmsg (err));
	  return 1;
	}
    }
  else
    {
      usage (stderr);
      return 2;
    }

  char *diag = NULL;
  struct ompdbg_session *s = NULL;
  err = ompdbg_session_open (t, NULL, &s, &diag);
  size_t n = 0;
  ompdbg_thread_count (t, &n);
  printf ("%s %d: %zu threads\n", ompdbg_target_is_live (t) ? "process" : "core of process",
	  (int) ompdbg_target_pid (t), n);
  uint64_t needed = 0, have = 0, missing = 0;
  size_t cut = 0;
  if (ompdbg_target_core_truncated (t, &needed, &have, &cut, &missing)
      == OMPDBG_E_OK && needed != 0)
    printf ("warning: the core file is truncated: %llu of %llu bytes; "
	    "%llu bytes of the memory of %zu segments are missing and "
	    "unreadable (the threads and registers are whole)\n",
	    (unsigned long long) have, (unsigned long long) needed,
	    (unsigned long long) missing, cut);
  if (s == NULL)
    printf ("OMPD unavailable: %s\n%s", ompdbg_errmsg (err), diag ? diag : "");
  else
    printf ("OMPD: %s\n", ompdbg_session_library (s));
  free (diag);
  struct icv_ids ids = { ompd_icv_undefined, ompd_icv_undefined,
			 ompd_icv_undefined };
  if (s != NULL)
    find_icvs (ompdbg_session_api (s), ompdbg_session_aspace (s), &ids);
  for (size_t i = 0; i < n; i++)
    {
      struct ompdbg_thread *th;
      if (ompdbg_thread_at (t, i, &th) != OMPDBG_E_OK)
	continue;
      uint64_t pc;
      printf ("%8d", (int) ompdbg_thread_lwp (th));
      if (ompdbg_thread_reg (th, OMPDBG_REG_PC, &pc) == OMPDBG_E_OK)
	{
	  const char *sym, *mod;
	  uint64_t off;
	  printf ("  0x%016llx", (unsigned long long) pc);
	  if (ompdbg_addr_symbol (t, pc, &sym, &off, &mod) == OMPDBG_E_OK)
	    printf ("  %s+0x%llx", sym, (unsigned long long) off);
	  else
	    printf ("  ??");
	}
      else
	printf ("  (no registers)");
      if (s != NULL)
	print_ompd_thread (s, &ids, ompdbg_thread_lwp (th), n);
      putchar ('\n');
    }
  ompdbg_session_close (s);
  ompdbg_target_close (t);
  return 0;
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      usage (stderr);
      return 2;
    }
  if (strcmp (argv[1], "threads") == 0)
    return cmd_threads (argc - 2, argv + 2);
  if (strcmp (argv[1], "diagnose") == 0)
    return ompdbg_cmd_diagnose (argc - 2, argv + 2);
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    {
      usage (stdout);
      return 0;
    }
  fprintf (stderr, "ompdbg-inspect: unknown command '%s'\n", argv[1]);
  usage (stderr);
  return 2;
}
