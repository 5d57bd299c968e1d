/* error-directive.c -- `#pragma omp error at(execution)`: GOMP_warning
   prints "error directive encountered: MSG" on stderr and the program
   goes on; GOMP_error prints "fatal error: error directive encountered:
   MSG" and exits with status 1 (exit, not abort: stdout is flushed), as
   libgomp 12 does.  The runtimes' message prefixes differ ("libgomp: ",
   ours), so only the text after them is compared.  Each case runs in a
   child (this program re-executed); the cases cover a literal message,
   a message computed at run time, no message clause, the default
   severity (fatal), directives in a parallel region, and the explicit
   length Fortran passes (GOMP_warning / GOMP_error called directly with a
   string that is not NUL-terminated).  */

#include "../lib/check.h"
#include <stddef.h>

void GOMP_warning (const char *, size_t);
void GOMP_error (const char *, size_t);

static int
child (const char *what, const char *arg)
{
  printf ("before\n");
  if (strcmp (what, "warning") == 0)
    {
#pragma omp error at(execution) severity(warning) message("careful now")
      printf ("after\n");
    }
  else if (strcmp (what, "fatal") == 0)
    {
#pragma omp error at(execution) severity(fatal) message("boom")
      printf ("after\n");
    }
  else if (strcmp (what, "runtime-msg") == 0)
    {
#pragma omp error at(execution) severity(warning) message(arg)
      printf ("after\n");
    }
  else if (strcmp (what, "no-msg") == 0)
    {
#pragma omp error at(execution) severity(warning)
      printf ("after\n");
    }
  else if (strcmp (what, "default") == 0)
    {
#pragma omp error at(execution)
      printf ("after\n");
    }
  else if (strcmp (what, "parallel") == 0)
    {
      /* Every thread warns; then one of them stops the program.  */
#pragma omp parallel num_threads (3)
      {
#pragma omp error at(execution) severity(warning) message("from a thread")
#pragma omp barrier
#pragma omp single
	{
#pragma omp error at(execution) severity(fatal) message("in parallel")
	}
      }
      printf ("after\n");
    }
  else if (strcmp (what, "length") == 0)
    {
      static const char text[] = "abcdefXYZ";
      GOMP_warning (text, 6);
      GOMP_error (text + 3, 3);
      printf ("after\n");
    }
  return 0;
}

/* Run case WHAT: expect exit status STATUS, stderr containing ERR1 (and
   ERR2), and "after" on stdout iff CONTINUES.  */
static void
run (const char *what, int status, const char *err1, const char *err2,
     int continues)
{
  static const char *const none[] = { NULL };
  struct child c;
  run_self (&c, what, none);
  CHECK (c.status == status, "exit status %d expected\n" CHILD_FMT, status,
	 what, "", c.status, c.out, c.err);
  CHECK (strstr (c.out, "before\n") != NULL, "stdout lost\n" CHILD_FMT,
	 what, "", c.status, c.out, c.err);
  CHECK ((strstr (c.out, "after\n") != NULL) == continues,
	 "the program %s have gone on\n" CHILD_FMT,
	 continues ? "should" : "should not", what, "", c.status, c.out,
	 c.err);
  CHECK (strstr (c.err, err1) != NULL, "no \"%s\" on stderr\n" CHILD_FMT,
	 err1, what, "", c.status, c.out, c.err);
  if (err2)
    CHECK (strstr (c.err, err2) != NULL, "no \"%s\" on stderr\n" CHILD_FMT,
	   err2, what, "", c.status, c.out, c.err);
  child_free (&c);
}

int
main (int argc, char **argv)
{
  check_init (argv[0]);
  if (argc > 1)
    return child (argv[1], "computed message");
  run ("warning", 0, ": error directive encountered: careful now\n",
       NULL, 1);
  run ("fatal", 1, ": fatal error: error directive encountered: boom\n",
       NULL, 0);
  run ("runtime-msg", 0,
       ": error directive encountered: computed message\n", NULL, 1);
  run ("no-msg", 0, ": error directive encountered\n", NULL, 1);
  run ("default", 1, ": fatal error: error directive encountered\n",
       NULL, 0);
  /* GCC's libgomp writes a warning's prefix, text and newline in three
     writes, which the three threads interleave: the text alone.  */
  run ("parallel", 1,
       "error directive encountered: from a thread",
       ": fatal error: error directive encountered: in parallel\n", 0);
  run ("length", 1, ": error directive encountered: abcdef\n",
       ": fatal error: error directive encountered: def\n", 0);

  /* A warning prints a line, nothing else.  */
  static const char *const none[] = { NULL };
  struct child c;
  run_self (&c, "warning", none);
  const char *colon = strstr (c.err, ": error directive encountered");
  CHECK (colon != NULL, CHILD_FMT, "warning", "", c.status, c.out, c.err);
  CHECK (strchr (colon, '\n') == c.err + strlen (c.err) - 1,
	 "one line expected\n" CHILD_FMT, "warning", "", c.status, c.out,
	 c.err);
  child_free (&c);
  return 0;
}
