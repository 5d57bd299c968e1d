/* env-check.h -- shared by the environment-variable tests: a child mode
   that prints the ICVs visible through the API, and a table format for
   "run with VAR=VALUE, expect these ICVs and this on stderr".  */

#ifndef TESTS_ENV_CHECK_H
#define TESTS_ENV_CHECK_H 1

#include "../lib/check.h"
#include <limits.h>

/* Child: print every ICV the tests compare, one KEY=value per line.  */
static inline void
print_icvs (void)
{
  omp_sched_t kind;
  int chunk;
  omp_get_schedule (&kind, &chunk);
  printf ("nthreads=%d\n", omp_get_max_threads ());
  printf ("dynamic=%d\n", omp_get_dynamic ());
  printf ("nested=%d\n", omp_get_nested ());
  printf ("max_active_levels=%d\n", omp_get_max_active_levels ());
  printf ("thread_limit=%d\n", omp_get_thread_limit ());
  printf ("sched_kind=%d\n", (int) (kind & ~omp_sched_monotonic));
  printf ("sched_monotonic=%d\n", (kind & omp_sched_monotonic) != 0);
  printf ("sched_chunk=%d\n", chunk);
  printf ("proc_bind=%d\n", (int) omp_get_proc_bind ());
  printf ("cancellation=%d\n", omp_get_cancellation ());
  printf ("default_device=%d\n", omp_get_default_device ());
  printf ("max_task_priority=%d\n", omp_get_max_task_priority ());
  printf ("num_procs=%d\n", omp_get_num_procs ());
}

/* Expected ICVs: one "KEY=value" string per entry, up to 6.  The value
   "$procs" stands for omp_get_num_procs () of the child.  */
struct env_expect
{
  const char *vars[5];		/* environment, NULL-terminated */
  const char *icvs[7];		/* KEY=value, NULL-terminated */
  const char *stderr_has;	/* a message line's text, or NULL */
  const char *stderr_alt;	/* accepted instead of stderr_has, or NULL */
  int stderr_empty;		/* stderr must be empty */
};

/* libgomp's defaults, which a drop-in must keep when a variable is
   invalid (or absent).  */
#define DEFAULT_ICVS_CORE "nthreads=$procs", "dynamic=0", "nested=0", \
    "max_active_levels=1", "thread_limit=2147483647"

/* Report a failed expectation of one case without stopping: the
   environment tests go through all their cases, so that one unsupported
   variable does not hide the state of the others.  Each case then counts
   as one check (check, which carries on).  */
#define ENV_FAIL(...)							\
  do {									\
    fflush (stdout);							\
    fprintf (stderr, "%s: FAIL: ", check_prog);				\
    fprintf (stderr, __VA_ARGS__);					\
    fputc ('\n', stderr);						\
    failed = 1;								\
  } while (0)

/* Run the child mode ARG under E->vars and check E's expectations.
   Returns 0 if all hold, 1 (after printing why) otherwise.  */
static inline int
env_expect_run (const struct env_expect *e, const char *arg)
{
  struct child c;
  const char *env = env_str (e->vars);
  int failed = 0;
  run_self (&c, arg, e->vars);
  if (c.status != 0)
    {
      ENV_FAIL (CHILD_FMT, arg, env, c.status, c.out, c.err);
      child_free (&c);
      check (0, "%s", env);
      return 1;
    }
  for (int i = 0; e->icvs[i]; i++)
    {
      char key[64];
      const char *eq = strchr (e->icvs[i], '=');
      const char *want = eq + 1, *got;
      char procs[16];
      snprintf (key, sizeof key, "%.*s", (int) (eq - e->icvs[i]),
		e->icvs[i]);
      if (strcmp (want, "$procs") == 0)
	{
	  snprintf (procs, sizeof procs, "%lld",
		    child_int (&c, "num_procs", env));
	  want = procs;
	}
      got = child_value (&c, key);
      if (got == NULL || strcmp (got, want) != 0)
	ENV_FAIL ("%s: %s: expected %s, got %s\n--- child stderr:\n%s---",
		  env, key, want, got ? got : "(nothing)", c.err);
    }
  /* libgomp's whole line: "\nlibgomp: TEXT\n" (gomp_error).  */
  char line[256];
  if (e->stderr_has)
    snprintf (line, sizeof line, "\nlibgomp: %s\n", e->stderr_has);
  if (e->stderr_has && !strstr (c.err, line)
      && !(e->stderr_alt && strstr (c.err, e->stderr_alt)))
    ENV_FAIL ("%s: stderr does not contain \"%s\"; it is:\n%s---", env,
	      line, c.err);
  if (e->stderr_empty && c.err[0] != '\0')
    ENV_FAIL ("%s: a valid value, but the runtime printed on stderr:\n%s---",
	      env, c.err);
  child_free (&c);
  check (!failed, "%s", env);
  return failed;
}

/* Run all of CASES (N of them), report, and return the exit status.  */
static inline int
env_expect_all (const struct env_expect *cases, int n, const char *arg)
{
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += env_expect_run (&cases[i], arg);
  printf ("%s: %d of %d cases passed\n", check_prog, n - bad, n);
  return bad ? 1 : 0;
}

#endif /* TESTS_ENV_CHECK_H */
