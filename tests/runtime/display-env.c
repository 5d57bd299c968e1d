/* display-env.c -- OMP_DISPLAY_ENV and omp_display_env ().

   libgomp prints, on stderr, a block from "OPENMP DISPLAY ENVIRONMENT
   BEGIN" to "OPENMP DISPLAY ENVIRONMENT END" with one line "  NAME =
   'value'" per ICV (verbose adds the GOMP_* lines), once at start-up for
   OMP_DISPLAY_ENV=true|verbose, and on each omp_display_env () call.
   Tools and test suites grep this output, so the lines checked here must
   match libgomp's format exactly.

   OMP_DEBUG (debug-var, OpenMP 5.1 §6.21) is an OMP_ variable, which
   libgomp's rule puts in the standard list; GCC 12's libgomp has no OMPD
   support and does not know it.  So its line is checked on a runtime
   that exports the OMPD names (ompd_dll_locations), ours, and not
   required elsewhere; so are the lines of the OMPT ICVs (OMP_TOOL,
   OMP_TOOL_LIBRARIES, OMP_TOOL_VERBOSE_INIT), which ours has too.  */

#include "../lib/check.h"

#include <dlfcn.h>
#include <stdbool.h>

/* Count occurrences of S in TEXT.  */
static int
count (const char *text, const char *s)
{
  int n = 0;
  for (const char *p = strstr (text, s); p; p = strstr (p + 1, s))
    n++;
  return n;
}

/* The text between BEGIN and END of the first block, checked for the
   given lines.  */
static void
check_block (const struct child *c, const char *what, int blocks,
	     const char *const *lines, const char *const *absent)
{
  const char *begin = strstr (c->err, "OPENMP DISPLAY ENVIRONMENT BEGIN\n");
  const char *end = strstr (c->err, "OPENMP DISPLAY ENVIRONMENT END\n");
  CHECK_EQ (count (c->err, "OPENMP DISPLAY ENVIRONMENT BEGIN"), blocks,
	    "%s: BEGIN lines on stderr:\n%s---", what, c->err);
  CHECK_EQ (count (c->err, "OPENMP DISPLAY ENVIRONMENT END"), blocks,
	    "%s: END lines on stderr:\n%s---", what, c->err);
  if (blocks == 0)
    return;
  CHECK (begin && end && begin < end, "%s: BEGIN does not come before "
	 "END:\n%s---", what, c->err);
  for (; *lines; lines++)
    {
      char line[200];
      const char *at;
      snprintf (line, sizeof line, "\n  %s\n", *lines);
      at = strstr (begin - 1 > c->err ? begin - 1 : c->err, line);
      CHECK (at && at < end, "%s: no line \"  %s\" in the block:\n%s---",
	     what, *lines, c->err);
    }
  for (; absent && *absent; absent++)
    {
      const char *at = strstr (begin, *absent);
      CHECK (!at || at > end, "%s: unexpected \"%s\" in the block:\n%s---",
	     what, *absent, c->err);
    }
}

static int
child (const char *mode)
{
  int n = 0;
#pragma omp parallel
#pragma omp atomic
  n++;
  if (strcmp (mode, "api") == 0)
    omp_display_env (0);
  else if (strcmp (mode, "api-verbose") == 0)
    omp_display_env (1);
  printf ("team=%d\n", n);
  return 0;
}

int
main (int argc, char **argv)
{
  struct child c;
  check_init (argv[0]);
  if (argc > 1)
    return child (argv[1]);
  /* Link the runtime in before asking whether it has OMPD support.  */
  CHECK (omp_get_max_threads () >= 1, "no runtime");
  bool ompd = dlsym (RTLD_DEFAULT, "ompd_dll_locations") != NULL;
  printf ("%s: runtime %s OMPD support: OMP_DEBUG line %s\n", check_prog,
	  ompd ? "with" : "without", ompd ? "checked" : "not checked");

  {
    const char *vars[] = { "OMP_DISPLAY_ENV=true", "OMP_NUM_THREADS=3",
      NULL };
    const char *lines[] = { "_OPENMP = '201511'", "OMP_NUM_THREADS = '3'",
      "OMP_DYNAMIC = 'FALSE'", "OMP_NESTED = 'FALSE'",
      "OMP_MAX_ACTIVE_LEVELS = '1'", "OMP_CANCELLATION = 'FALSE'",
      "OMP_SCHEDULE = 'DYNAMIC'", "OMP_PROC_BIND = 'FALSE'",
      "OMP_THREAD_LIMIT = '4294967295'", "OMP_MAX_TASK_PRIORITY = '0'",
      "OMP_DEFAULT_DEVICE = '0'", NULL };
    const char *absent[] = { "GOMP_SPINCOUNT", NULL };
    const char *debug[] = { "OMP_DEBUG = 'DISABLED'", "OMP_TOOL = 'enabled'",
      "OMP_TOOL_LIBRARIES = ''", "OMP_TOOL_VERBOSE_INIT = 'disabled'",
      NULL };
    run_self (&c, "env", vars);
    CHECK (c.status == 0, CHILD_FMT, "env", env_str (vars), c.status, c.out,
	   c.err);
    check_block (&c, env_str (vars), 1, lines, absent);
    if (ompd)
      check_block (&c, env_str (vars), 1, debug, NULL);
    CHECK_EQ (child_int (&c, "team", "display"), 3, "team size with %s",
	      env_str (vars));
    child_free (&c);
  }
  /* OMP_DEBUG in the standard list, with its value.  */
  {
    const char *vars[] = { "OMP_DISPLAY_ENV=true", "OMP_DEBUG=enabled",
      "OMP_TOOL=disabled", NULL };
    const char *lines[] = { "_OPENMP = '201511'", NULL };
    const char *debug[] = { "OMP_DEBUG = 'ENABLED'", "OMP_TOOL = 'disabled'",
      NULL };
    const char *absent[] = { "GOMP_SPINCOUNT", "OMPDBG_RUNTIME", NULL };
    run_self (&c, "env", vars);
    CHECK (c.status == 0, CHILD_FMT, "env", env_str (vars), c.status, c.out,
	   c.err);
    check_block (&c, env_str (vars), 1, lines, absent);
    if (ompd)
      {
	check_block (&c, env_str (vars), 1, debug, NULL);
	CHECK_EQ (count (c.err, "OMP_DEBUG"), 1, "%s: OMP_DEBUG lines:\n%s---",
		  env_str (vars), c.err);
      }
    child_free (&c);
  }
  {
    const char *vars[] = { "OMP_DISPLAY_ENV=TRUE", "OMP_NUM_THREADS=4,2",
      "OMP_SCHEDULE=guided,4", "OMP_DYNAMIC=true", "OMP_THREAD_LIMIT=5",
      NULL };
    const char *lines[] = { "OMP_NUM_THREADS = '4,2'",
      "OMP_SCHEDULE = 'GUIDED,4'", "OMP_DYNAMIC = 'TRUE'",
      "OMP_THREAD_LIMIT = '5'", "OMP_NESTED = 'TRUE'", NULL };
    run_self (&c, "env", vars);
    CHECK (c.status == 0, CHILD_FMT, "env", env_str (vars), c.status, c.out,
	   c.err);
    check_block (&c, env_str (vars), 1, lines, NULL);
    child_free (&c);
  }
  {
    const char *vars[] = { "OMP_DISPLAY_ENV=true",
      "OMP_PROC_BIND=spread,close", "OMP_CANCELLATION=true",
      "OMP_MAX_TASK_PRIORITY=3", "OMP_WAIT_POLICY=active", NULL };
    const char *lines[] = { "OMP_PROC_BIND = 'SPREAD,CLOSE'",
      "OMP_CANCELLATION = 'TRUE'", "OMP_MAX_TASK_PRIORITY = '3'",
      "OMP_WAIT_POLICY = 'ACTIVE'", NULL };
    run_self (&c, "env", vars);
    CHECK (c.status == 0, CHILD_FMT, "env", env_str (vars), c.status, c.out,
	   c.err);
    check_block (&c, env_str (vars), 1, lines, NULL);
    child_free (&c);
  }
  {
    const char *vars[] = { "OMP_DISPLAY_ENV=verbose", "OMP_STACKSIZE=32M",
      "OMP_SCHEDULE=monotonic:dynamic,2", NULL };
    const char *lines[] = { "OMP_STACKSIZE = '33554432'",
      "OMP_SCHEDULE = 'MONOTONIC:DYNAMIC,2'", NULL };
    run_self (&c, "env", vars);
    CHECK (c.status == 0, CHILD_FMT, "env", env_str (vars), c.status, c.out,
	   c.err);
    check_block (&c, env_str (vars), 1, lines, NULL);
    CHECK (strstr (c.err, "\n  GOMP_SPINCOUNT = '"), "%s: verbose output "
	   "has no GOMP_SPINCOUNT line:\n%s---", env_str (vars), c.err);
    if (ompd)
      {
	const char *debug[] = { "OMP_DEBUG = 'DISABLED'", NULL };
	check_block (&c, env_str (vars), 1, debug, NULL);
	CHECK_EQ (count (c.err, "OMP_DEBUG"), 1, "%s: OMP_DEBUG lines:\n%s---",
		  env_str (vars), c.err);
      }
    child_free (&c);
  }
  {
    const char *vars[] = { "OMP_DISPLAY_ENV=false", NULL };
    run_self (&c, "env", vars);
    CHECK (c.status == 0, CHILD_FMT, "env", env_str (vars), c.status, c.out,
	   c.err);
    check_block (&c, env_str (vars), 0, NULL, NULL);
    CHECK (c.err[0] == '\0', "OMP_DISPLAY_ENV=false printed:\n%s---", c.err);
    child_free (&c);
  }
  /* The API, without the variable: exactly one block per call.  */
  {
    const char *vars[] = { "OMP_DISPLAY_ENV", "OMP_NUM_THREADS=2", NULL };
    const char *lines[] = { "_OPENMP = '201511'", "OMP_NUM_THREADS = '2'",
      NULL };
    const char *absent[] = { "GOMP_SPINCOUNT", NULL };
    run_self (&c, "api", vars);
    CHECK (c.status == 0, CHILD_FMT, "api", env_str (vars), c.status, c.out,
	   c.err);
    check_block (&c, "omp_display_env (0)", 1, lines, absent);
    child_free (&c);
    run_self (&c, "api-verbose", vars);
    CHECK (c.status == 0, CHILD_FMT, "api-verbose", env_str (vars), c.status,
	   c.out, c.err);
    check_block (&c, "omp_display_env (1)", 1, lines, NULL);
    CHECK (strstr (c.err, "\n  GOMP_SPINCOUNT = '"), "omp_display_env (1): "
	   "no GOMP_SPINCOUNT line:\n%s---", c.err);
    child_free (&c);
  }
  printf ("%s: ok\n", check_prog);
  return 0;
}
