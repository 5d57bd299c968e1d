/* check-ompd.c -- every OMPD routine, as a debugger calls them, on another
   process stopped at a known point (tests/ompd/self --target) and on a
   core of it, against the truth the program wrote (checks.c).  The
   target comes from corefiles/ (ptrace, or the core with its files) and
   libompd is found the OMPD way, through the runtime's
   ompd_dll_locations (corefiles/session.c).

     check-ompd live PID STOP
     check-ompd core EXE CORE STOP

   STOP is the path prefix of the program's files: STOP.truth, STOP.ready
   (the stop's name; a line "bad-input" asks for those checks too).
   Exit 0 when every check passed and there were at least MIN_CHECKS.  */

#include "config.h"
#include "tests/ompd/checks.h"
#include "corefiles/ompdbg-target.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Fewer checks than this means libompd answered almost nothing: a
   failure, never a pass.  Every stop has at least the address-space
   checks and one thread in a region or idle.  */
#define MIN_CHECKS 60

static void
usage (void)
{
  fprintf (stderr, "usage: check-ompd live PID STOP\n"
	   "       check-ompd core EXE CORE STOP\n");
  exit (2);
}

static ompd_rc_t
debugger_free (void *p)
{
  return ompdbg_callbacks ()->free_memory (p);
}

/* The bad-input checks hand released handles back to libompd, which
   must recognise them by address: no handle made meanwhile may get the
   address of one.  corefiles' free gives memory back to malloc at once,
   so for those checks libompd is initialised with corefiles' callbacks
   but this free, which keeps the blocks until the checks are done.  */
static void **kept;
static size_t nkept, capkept;

static ompd_rc_t
keeping_free (void *p)
{
  if (p == NULL)
    return ompd_rc_ok;
  if (nkept == capkept)
    {
      capkept = capkept ? 2 * capkept : 4096;
      kept = realloc (kept, capkept * sizeof *kept);
      if (kept == NULL)
	{
	  printf ("FAIL: out of memory\n");
	  exit (1);
	}
    }
  kept[nkept++] = p;
  return ompd_rc_ok;
}

/* After the session has finalised libompd: the life cycle without it,
   then the bad-input checks on an address space of our own, as a
   debugger that does not use corefiles' session would open it.  */
static void
bad_input_checks (const struct ompd_api *api, struct ompdbg_target *target,
		  const struct truth *t)
{
  static ompd_callbacks_t keeping;
  keeping = *ompdbg_callbacks ();
  keeping.free_memory = keeping_free;
  RC (api->finalize (), ompd_rc_unsupported);
  ompd_address_space_context_t *ctx = ompdbg_target_context (target);
  ompd_address_space_handle_t *as;
  ompd_rc_t rc = api->initialize (202011, &keeping);
  if (rc == ompd_rc_ok)
    rc = api->process_initialize (ctx, &as);
  if (!CHECK (rc == ompd_rc_ok, "libompd for the bad-input checks: %s",
	      ompd_rc_name (rc)))
    return;
  checks_free = keeping_free;
  checks_callbacks = &keeping;
  checks_context = ctx;
  checks_bad_input (api, as, t, 0);
  if (RC (api->rel_address_space_handle (as), ompd_rc_ok))
    RC (api->finalize (), ompd_rc_ok);
  for (size_t i = 0; i < nkept; i++)
    free (kept[i]);
  nkept = 0;
}

int
main (int argc, char **argv)
{
  struct ompdbg_target *target = NULL;
  const char *stop;
  ompdbg_err_t err;
  setvbuf (stdout, NULL, _IOLBF, 0);
  if (argc == 4 && strcmp (argv[1], "live") == 0)
    {
      stop = argv[3];
      err = ompdbg_target_attach ((pid_t) atol (argv[2]), &target);
    }
  else if (argc == 5 && strcmp (argv[1], "core") == 0)
    {
      stop = argv[4];
      err = ompdbg_target_open_core (argv[3], argv[2], &target);
    }
  else
    usage ();
  if (err != OMPDBG_E_OK)
    {
      printf ("FAIL: opening the target: %s\n", ompdbg_errmsg (err));
      return 1;
    }

  char path[4096], name[256] = "", line[256];
  bool bad_input = false;
  snprintf (path, sizeof path, "%s.ready", stop);
  FILE *f = fopen (path, "r");
  if (f == NULL || fgets (name, sizeof name, f) == NULL)
    {
      printf ("FAIL: cannot read %s\n", path);
      return 1;
    }
  name[strcspn (name, "\n")] = '\0';
  while (fgets (line, sizeof line, f) != NULL)
    if (strcmp (line, "bad-input\n") == 0)
      bad_input = true;
  fclose (f);
  struct truth t;
  snprintf (path, sizeof path, "%s.truth", stop);
  f = fopen (path, "r");
  if (f == NULL || truth_read (f, &t) != 0)
    {
      printf ("FAIL: cannot read %s\n", path);
      return 1;
    }
  fclose (f);

  /* libompd as OMPD finds it: the runtime's ompd_dll_locations.  */
  struct ompdbg_session *session;
  char *diag = NULL;
  err = ompdbg_session_open (target, NULL, &session, &diag);
  if (err != OMPDBG_E_OK)
    {
      printf ("FAIL: loading libompd: %s%s%s\n", ompdbg_errmsg (err),
	      diag ? ": " : "", diag ? diag : "");
      return 1;
    }
  const char *lib = ompdbg_session_library (session);
  const char *kind = ompdbg_target_is_live (target) ? "live" : "core";
  printf ("%s, %s: libompd %s\n", name, kind, lib);

  /* The same library again, now with every entry point the checks use
     (the extension's too); dlopen gives the handle already initialised
     with corefiles' callbacks.  */
  struct ompd_api api;
  if (ompd_api_load (lib, &api) != 0)
    return 1;
  checks_free = debugger_free;
  checks_run (&api, ompdbg_session_aspace (session), &t);
  ompdbg_session_close (session);
  if (bad_input)
    bad_input_checks (&api, target, &t);
  ompdbg_target_close (target);

  printf ("%s, %s: ", name, kind);
  return check_finish (MIN_CHECKS);
}
