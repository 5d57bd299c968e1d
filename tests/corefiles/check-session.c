/* check-session.c -- loading libompd the OMPD way (corefiles/session.c)
   on a live target-prog:
     check-session PID FAKE-LIBOMPD
   - with the runtime's own ompd_dll_locations: either a real libompd
     loads (then it is one of the listed names), or the diagnostic names
     every listed candidate;
   - with the stand-in FAKE-LIBOMPD: ompd_initialize once per library
     with 202011 and our callbacks, ompd_process_initialize with the
     target's context (and the callbacks work from inside it), finalize
     with the last session; a failing ompd_process_initialize and a
     missing library give clear errors.
     check-session threads EXE CORE
   prints what the extension ompdbg_get_threads of the runtime's libompd
   gives for the core: `rc N count M' and the LWP of each thread.
     check-session holders EXE CORE
   prints what the extensions ompdbg_get_wait_holder and
   ompdbg_get_task_edges give for the core: `holder LWP H nest N turn T'
   for each thread in a wait with a holder, `edge KIND' for each edge of
   the tasks' wait-for graph (tests/gdb/diagnose.py compares them with
   the hang scenes' truth).  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corefiles/ompdbg-target.h"
#include "libompd/ompdbg-ext.h"
#define CHECK_KEEP_GOING 1
#include "tests/lib/check.h"

struct fake_ompd_record
{
  int initialize_calls, finalize_calls, process_calls, release_calls;
  ompd_word_t api_version;
  const ompd_callbacks_t *callbacks;
  ompd_address_space_context_t *context;
  ompd_rc_t lookup_rc, read_rc;
  char first_location[512];
  int fail_process;
};

#define E(x) ompdbg_errmsg (x)

/* The runtime's candidate names, read with the target API.  */
static int
locations (struct ompdbg_target *t, char names[][512], int max)
{
  uint64_t sym, arr, p;
  if (ompdbg_lookup_symbol (t, "ompd_dll_locations", NULL, &sym) != OMPDBG_E_OK
      || ompdbg_read_memory (t, sym, 8, &arr) != OMPDBG_E_OK || arr == 0)
    return 0;
  int n = 0;
  while (n < max && ompdbg_read_memory (t, arr + 8 * n, 8, &p) == OMPDBG_E_OK
	 && p != 0
	 && ompdbg_read_string (t, p, sizeof names[n], names[n]) == OMPDBG_E_OK)
    n++;
  return n;
}

/* check-session threads|holders EXE CORE.  */
static int
list_threads (const char *exe, const char *core, bool holders)
{
  struct ompdbg_target *t;
  struct ompdbg_session *s;
  char *diag = NULL;
  ompdbg_err_t err = ompdbg_target_open_core (core, exe, &t);
  if (err != OMPDBG_E_OK)
    {
      printf ("cannot open %s: %s\n", core, E (err));
      return 1;
    }
  err = ompdbg_session_open (t, NULL, &s, &diag);
  if (err != OMPDBG_E_OK)
    {
      printf ("no session: %s\n%s", E (err), diag ? diag : "");
      free (diag);
      ompdbg_target_close (t);
      return 1;
    }
  void *dl = dlopen (ompdbg_session_library (s), RTLD_NOW | RTLD_NOLOAD);
  __typeof__ (ompdbg_get_threads) *get_threads
    = dl ? (__typeof__ (ompdbg_get_threads) *) dlsym (dl, "ompdbg_get_threads")
    : NULL;
  __typeof__ (ompdbg_get_wait_holder) *get_holder = dl == NULL ? NULL
    : (__typeof__ (ompdbg_get_wait_holder) *) dlsym (dl,
						     "ompdbg_get_wait_holder");
  __typeof__ (ompdbg_get_task_edges) *get_edges = dl == NULL ? NULL
    : (__typeof__ (ompdbg_get_task_edges) *) dlsym (dl,
						    "ompdbg_get_task_edges");
  const struct ompdbg_ompd_api *api = ompdbg_session_api (s);
  int status = 1;
  if (holders && (get_threads == NULL || get_holder == NULL
		  || get_edges == NULL))
    printf ("no ompdbg extension in %s\n", ompdbg_session_library (s));
  else if (holders)
    {
      ompd_thread_handle_t **ths = NULL;
      int n = 0;
      ompd_rc_t rc = get_threads (ompdbg_session_aspace (s), &ths, &n);
      for (int i = 0; rc == ompd_rc_ok && i < n; i++)
	{
	  int64_t lwp = 0;
	  ompdbg_wait_holder_t h;
	  if (api->get_thread_id (ths[i], OMPD_THREAD_ID_LWP, sizeof lwp,
				  &lwp) == ompd_rc_ok
	      && get_holder (ths[i], &h) == ompd_rc_ok)
	    printf ("holder %" PRId64 " %" PRId64 " nest %" PRId64 " turn %"
		    PRId64 "\n", lwp, (int64_t) h.holder,
		    (int64_t) h.nest_count, (int64_t) h.ordered_turn);
	  api->rel_thread_handle (ths[i]);
	}
      if (rc == ompd_rc_ok)
	free (ths);
      ompdbg_task_edge_t *e = NULL;
      int ne = 0;
      ompd_rc_t erc = get_edges (ompdbg_session_aspace (s), &e, &ne);
      static const char *const kinds[] = {
#define KIND_TEXT(name, value, text) [value] = text,
	FOREACH_OMPDBG_TASK_WAIT (KIND_TEXT)
#undef KIND_TEXT
      };
      for (int k = 0; erc == ompd_rc_ok && k < ne; k++)
	printf ("edge %s\n", e[k].kind > 0 && (size_t) e[k].kind
		< sizeof kinds / sizeof kinds[0] && kinds[e[k].kind]
		? kinds[e[k].kind] : "?");
      free (e);
      printf ("rc %d edges rc %d\n", (int) rc, (int) erc);
      status = rc == ompd_rc_ok && erc == ompd_rc_ok ? 0 : 1;
    }
  else if (get_threads != NULL)
    {
      ompd_thread_handle_t **ths = NULL;
      int n = 0;
      ompd_rc_t rc = get_threads (ompdbg_session_aspace (s), &ths, &n);
      printf ("rc %d count %d\n", (int) rc, n);
      for (int i = 0; (rc == ompd_rc_ok || rc == ompd_rc_incomplete) && i < n;
	   i++)
	{
	  int64_t lwp = 0;
	  if (api->get_thread_id (ths[i], OMPD_THREAD_ID_LWP, sizeof lwp, &lwp)
	      == ompd_rc_ok)
	    printf ("lwp %" PRId64 "\n", lwp);
	  else
	    printf ("lwp ?\n");
	  api->rel_thread_handle (ths[i]);
	}
      if (rc == ompd_rc_ok || rc == ompd_rc_incomplete)
	free (ths);
      status = 0;
    }
  else
    printf ("no ompdbg_get_threads in %s\n", ompdbg_session_library (s));
  if (dl != NULL)
    dlclose (dl);
  ompdbg_session_close (s);
  ompdbg_target_close (t);
  return status;
}

int
main (int argc, char **argv)
{
  setvbuf (stdout, NULL, _IOLBF, 0);
  if (argc == 4 && (strcmp (argv[1], "threads") == 0
		    || strcmp (argv[1], "holders") == 0))
    {
      /* A listing: target.sh and diagnose.py check it against the
	 program's truth.  */
      check_elsewhere ();
      return list_threads (argv[2], argv[3],
			   strcmp (argv[1], "holders") == 0);
    }
  if (argc != 3)
    {
      fprintf (stderr, "usage: check-session PID FAKE-LIBOMPD\n");
      return 2;
    }
  struct ompdbg_target *t;
  ompdbg_err_t err = ompdbg_target_attach (atoi (argv[1]), &t);
  if (err != OMPDBG_E_OK)
    {
      printf ("FAIL: attach: %s\n", E (err));
      return 1;
    }
  char names[8][512];
  int n = locations (t, names, 8);
  check (n >= 1, "the runtime lists %d libompd candidates", n);

  /* 1. The runtime's own list.  */
  struct ompdbg_session *s = NULL;
  char *diag = NULL;
  err = ompdbg_session_open (t, NULL, &s, &diag);
  if (err == OMPDBG_E_OK)
    {
      const char *lib = ompdbg_session_library (s);
      int listed = 0;
      for (int i = 0; i < n; i++)
	listed |= lib != NULL && strcmp (lib, names[i]) == 0;
      check (listed && ompdbg_session_aspace (s) != NULL
	     && ompdbg_session_api (s)->initialize != NULL,
	     "the runtime's libompd %s loaded and initialised", lib);
      ompdbg_session_close (s);
    }
  else
    {
      int all = diag != NULL;
      for (int i = 0; i < n && all; i++)
	all = strstr (diag, names[i]) != NULL;
      check (err == OMPDBG_E_NOLIBOMPD && all,
	     "no libompd of the runtime's list loads: %s, and every candidate "
	     "is named:\n%s", E (err), diag ? diag : "(no diagnostic)");
    }
  free (diag);

  /* 2. The stand-in.  */
  void *fake = dlopen (argv[2], RTLD_NOW);
  struct fake_ompd_record *rec = fake ? dlsym (fake, "fake_ompd_record") : NULL;
  if (rec == NULL)
    {
      printf ("FAIL: cannot load %s: %s\n", argv[2], dlerror ());
      return 1;
    }
  struct ompdbg_session *s1 = NULL, *s2 = NULL;
  err = ompdbg_session_open (t, argv[2], &s1, &diag);
  check (err == OMPDBG_E_OK, "session on the stand-in (%s) %s", E (err),
	 diag ? diag : "");
  free (diag);
  check (rec->initialize_calls == 1 && rec->api_version == 202011
	 && rec->callbacks == ompdbg_callbacks (),
	 "ompd_initialize once, version %" PRId64 ", our callbacks",
	 (int64_t) rec->api_version);
  check (rec->process_calls == 1 && rec->context == ompdbg_target_context (t),
	 "ompd_process_initialize with the target's context");
  check (rec->lookup_rc == ompd_rc_ok && rec->read_rc == ompd_rc_ok
	 && n >= 1 && strcmp (rec->first_location, names[0]) == 0,
	 "inside it the callbacks read ompd_dll_locations[0] = \"%s\"",
	 rec->first_location);
  check (ompdbg_session_aspace (s1) != NULL
	 && strcmp (ompdbg_session_library (s1), argv[2]) == 0
	 && ompdbg_session_api (s1)->process_initialize != NULL
	 && ompdbg_session_api (s1)->get_thread_handle == NULL,
	 "session accessors: handle, path, entry points (absent ones NULL)");
  err = ompdbg_session_open (t, argv[2], &s2, NULL);
  check (err == OMPDBG_E_OK && rec->initialize_calls == 1
	 && rec->process_calls == 2,
	 "a second session: no second ompd_initialize (%s)", E (err));
  ompdbg_session_close (s1);
  check (rec->finalize_calls == 0 && rec->release_calls == 1,
	 "closing one session releases its handle, no finalize");
  ompdbg_session_close (s2);
  check (rec->finalize_calls == 1 && rec->release_calls == 2,
	 "closing the last one finalizes");
  check (ompdbg_session_api (NULL) == NULL, "no session, no entry points");

  rec->fail_process = 1;
  err = ompdbg_session_open (t, argv[2], &s1, &diag);
  check (err == OMPDBG_E_OMPD && diag != NULL
	 && strstr (diag, "incompatible") != NULL,
	 "ompd_process_initialize failing: %s: %s", E (err), diag ? diag : "");
  free (diag);
  check (rec->finalize_calls == 2, "  and the library finalized again");
  rec->fail_process = 0;

  err = ompdbg_session_open (t, "/nonexistent/libompd.so", &s1, &diag);
  check (err == OMPDBG_E_NOLIBOMPD && diag != NULL
	 && strstr (diag, "/nonexistent/libompd.so") != NULL,
	 "a missing library: %s: %s", E (err), diag ? diag : "");
  free (diag);
  err = ompdbg_session_open (t, "/bin/true", &s1, &diag);
  check (err == OMPDBG_E_NOLIBOMPD && diag != NULL,
	 "not a library: %s: %s", E (err), diag ? diag : "");
  free (diag);
  err = ompdbg_session_open (t, argv[1], NULL, NULL);
  check (err == OMPDBG_E_BADARG, "NULL session pointer: %s", E (err));

  ompdbg_target_close (t);
  dlclose (fake);
  return check_finish (1);
}
