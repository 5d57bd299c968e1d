/* error-directive.c -- `#pragma omp error at(execution)`: GOMP_warning
   prints "\nlibgomp: error directive encountered: MSG\n" on stderr and
   the program goes on; GOMP_error prints "\nlibgomp: fatal error: error
   directive encountered: MSG\n" and exits with status 1 (exit, not
   abort: stdout is flushed), as libgomp 12 does.  What the program's
   user reads must be libgomp's, byte for byte: the whole of stderr is
   compared.  Each case runs in a child (this program re-executed); the
   cases cover a literal message, a message computed at run time, one
   longer than any fixed buffer, no message clause, the default severity
   (fatal), directives in a parallel region, and the explicit length
   Fortran passes (GOMP_warning / GOMP_error called directly with a
   string that is not NUL-terminated, and one that holds a NUL and
   trailing blanks, which libgomp writes as they are).  */

#include "../lib/check.h"
#include <stddef.h>

void GOMP_warning (const char *, size_t);
void GOMP_error (const char *, size_t);

/* 3000 characters, no two neighbouring lines alike.  */
static char *
long_message (void)
{
  static char msg[3001];
  for (int i = 0; i < 3000; i++)
    msg[i] = (char) ('a' + (i * 7) % 26);
  msg[3000] = '\0';
  return msg;
}

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
  else if (strcmp (what, "bytes") == 0)
    {
      static const char text[] = "ab\0cd  XYZ";
      GOMP_warning (text, 7);
      GOMP_error (text, 7);
      printf ("after\n");
    }
  else if (strcmp (what, "long") == 0)
    {
      char *msg = long_message ();
#pragma omp error at(execution) severity(fatal) message(msg)
      printf ("after\n");
    }
  return 0;
}

/* Run case WHAT: expect exit status STATUS, stderr exactly ERR (ERR_LEN
   bytes, NULs included; with EXACT 0, containing the string ERR), and
   "after" on stdout iff CONTINUES.  */
static void
run_n (const char *what, int status, const char *err, size_t err_len,
       int exact, int continues)
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
  if (exact)
    CHECK (memcmp (c.err, err, err_len + 1) == 0,
	   "stderr is not libgomp's \"%s\"\n" CHILD_FMT, err, what, "",
	   c.status, c.out, c.err);
  else
    CHECK (strstr (c.err, err) != NULL, "no \"%s\" on stderr\n" CHILD_FMT,
	   err, what, "", c.status, c.out, c.err);
  child_free (&c);
}

#define run(what, status, err, continues) \
  run_n (what, status, err, sizeof err - 1, 1, continues)

int
main (int argc, char **argv)
{
  check_init (argv[0]);
  if (argc > 1)
    return child (argv[1], "computed message");
  run ("warning", 0, "\nlibgomp: error directive encountered: careful now\n",
       1);
  run ("fatal", 1,
       "\nlibgomp: fatal error: error directive encountered: boom\n", 0);
  run ("runtime-msg", 0,
       "\nlibgomp: error directive encountered: computed message\n", 1);
  run ("no-msg", 0, "\nlibgomp: error directive encountered\n", 1);
  run ("default", 1, "\nlibgomp: fatal error: error directive encountered\n",
       0);
  /* GCC's libgomp writes a warning's prefix, text and newline in three
     writes, which the three threads interleave: the texts alone.  */
  run_n ("parallel", 1, "error directive encountered: from a thread", 0, 0,
	 0);
  run_n ("parallel", 1,
	 "\nlibgomp: fatal error: error directive encountered: in parallel\n",
	 0, 0, 0);
  run ("length", 1, "\nlibgomp: error directive encountered: abcdef\n"
       "\nlibgomp: fatal error: error directive encountered: def\n", 0);
  run ("bytes", 1, "\nlibgomp: error directive encountered: ab\0cd  \n"
       "\nlibgomp: fatal error: error directive encountered: ab\0cd  \n", 0);
  static char want[4096];
  int n = snprintf (want, sizeof want,
		    "\nlibgomp: fatal error: error directive encountered: "
		    "%s\n", long_message ());
  run_n ("long", 1, want, (size_t) n, 1, 0);
  return 0;
}
