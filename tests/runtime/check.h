/* check.h -- what every runtime test shares.

   The tests are plain `gcc -fopenmp` programs: they run unchanged on our
   runtime and on the system's libgomp, and must pass on both (see
   tests/local.mk).  Conventions:

   - exit 0 = pass, 77 = skip (automake), anything else = fail;
   - CHECK (cond, fmt, ...) prints what was expected and what we got, then
     exits 1 at once (from any thread: _exit, so that no other thread can
     block the exit in the runtime);
   - a test that needs a particular environment (OMP_SCHEDULE=...) does not
     rely on its caller: it re-executes itself through /proc/self/exe with
     the variables set (run_self) and checks the child's exit status and
     output.  The child inherits LD_LIBRARY_PATH, so it runs on the same
     runtime as the parent.  */

#ifndef TESTS_CHECK_H
#define TESTS_CHECK_H 1

#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <errno.h>
#include <omp.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* Thread counts every construct is tried with: serial team, small teams,
   more threads than this machine's cores, and heavily oversubscribed (64,
   with little work so that it stays fast on two cores).  */
static const int test_thread_counts[] = { 1, 2, 3, 8, 64 };
#define N_TEST_THREAD_COUNTS \
  ((int) (sizeof test_thread_counts / sizeof test_thread_counts[0]))

/* The program's name, for messages; set by check_init.  */
static const char *check_prog = "test";

static inline void
check_init (const char *argv0)
{
  const char *s = strrchr (argv0, '/');
  check_prog = s ? s + 1 : argv0;
  /* Failures are reported with stdout and stderr interleaved in the log:
     no buffering surprises.  */
  setvbuf (stdout, NULL, _IOLBF, 0);
}

static inline void __attribute__ ((noreturn, format (printf, 4, 5)))
check_fail (const char *file, int line, const char *expr, const char *fmt, ...)
{
  va_list ap;
  char buf[2048];
  int n = snprintf (buf, sizeof buf, "%s: %s:%d: CHECK (%s) failed: ",
		    check_prog, file, line, expr);
  if (n < 0 || n >= (int) sizeof buf)
    n = 0;
  va_start (ap, fmt);
  vsnprintf (buf + n, sizeof buf - n, fmt, ap);
  va_end (ap);
  fflush (stdout);
  fprintf (stderr, "%s\n", buf);
  fflush (stderr);
  _exit (1);
}

/* CHECK (cond, "expected %d, got %d", want, got);  */
#define CHECK(cond, ...)						\
  do {									\
    if (__builtin_expect (!(cond), 0))					\
      check_fail (__FILE__, __LINE__, #cond, __VA_ARGS__);		\
  } while (0)

/* Integer equality with both values in the message.  CTX is a printf
   format + arguments describing the case ("nthr=%d", nthr).  */
#define CHECK_EQ(got, want, ...)					\
  do {									\
    long long check_got_ = (long long) (got);				\
    long long check_want_ = (long long) (want);				\
    if (check_got_ != check_want_)					\
      {									\
	char check_ctx_[512];						\
	snprintf (check_ctx_, sizeof check_ctx_, __VA_ARGS__);		\
	check_fail (__FILE__, __LINE__, #got " == " #want,		\
		    "%s: expected %lld, got %lld", check_ctx_,		\
		    check_want_, check_got_);				\
      }									\
  } while (0)

/* _Pragma from inside a macro, with the clause macro-expanded first:
   PRAGMA (omp for SCHED) where SCHED is a macro argument.  */
#define PRAGMA_(...) _Pragma (#__VA_ARGS__)
#define PRAGMA(...) PRAGMA_ (__VA_ARGS__)

/* Skip the whole test (exit 77) with a reason.  */
#define SKIP(...)							\
  do {									\
    fflush (stdout);							\
    fprintf (stderr, "%s: SKIP: ", check_prog);			\
    fprintf (stderr, __VA_ARGS__);					\
    fputc ('\n', stderr);						\
    exit (77);								\
  } while (0)

/* ---- re-executing ourselves with a given environment --------------- */

/* What a child run produced.  */
struct child
{
  int status;	/* exit code, or 128 + signal number */
  char *out;	/* its whole stdout, NUL-terminated */
  char *err;	/* its whole stderr */
};

static inline char *
child_slurp (FILE *f)
{
  size_t cap = 4096, len = 0;
  char *s = malloc (cap);
  CHECK (s != NULL, "out of memory");
  rewind (f);
  for (;;)
    {
      size_t r = fread (s + len, 1, cap - len - 1, f);
      len += r;
      if (r == 0)
	break;
      if (len + 1 >= cap)
	{
	  cap *= 2;
	  s = realloc (s, cap);
	  CHECK (s != NULL, "out of memory");
	}
    }
  s[len] = '\0';
  fclose (f);
  return s;
}

/* Does environment entry E ("NAME=VALUE") set a name listed in VARS
   (entries "NAME=VALUE" to set, or "NAME" alone to unset)?  */
static inline int
child_env_overridden (const char *e, const char *const *vars)
{
  size_t elen = strcspn (e, "=");
  for (; *vars; vars++)
    {
      size_t vlen = strcspn (*vars, "=");
      if (vlen == elen && memcmp (e, *vars, elen) == 0)
	return 1;
    }
  return 0;
}

/* Run this program again as `PROG ARG` with the environment changed by
   VARS (NULL-terminated; "NAME=VALUE" sets, "NAME" unsets), capturing its
   stdout and stderr.  Every other variable is inherited.  */
static inline void
run_self (struct child *c, const char *arg, const char *const *vars)
{
  size_t n = 0, k = 0;
  char **env;
  const char *const *v;
  FILE *out = tmpfile (), *err = tmpfile ();
  posix_spawn_file_actions_t fa;
  char *argv[3];
  pid_t pid;
  int st, rc;

  CHECK (out != NULL && err != NULL, "tmpfile: %s", strerror (errno));
  for (char **e = environ; *e; e++)
    n++;
  for (v = vars; *v; v++)
    n++;
  env = calloc (n + 1, sizeof *env);
  CHECK (env != NULL, "out of memory");
  for (char **e = environ; *e; e++)
    if (!child_env_overridden (*e, vars))
      env[k++] = *e;
  for (v = vars; *v; v++)
    if (strchr (*v, '='))
      env[k++] = (char *) *v;
  env[k] = NULL;

  fflush (stdout);
  fflush (stderr);
  posix_spawn_file_actions_init (&fa);
  posix_spawn_file_actions_adddup2 (&fa, fileno (out), 1);
  posix_spawn_file_actions_adddup2 (&fa, fileno (err), 2);
  argv[0] = (char *) check_prog;
  argv[1] = (char *) arg;
  argv[2] = NULL;
  rc = posix_spawn (&pid, "/proc/self/exe", &fa, NULL, argv, env);
  CHECK (rc == 0, "posix_spawn /proc/self/exe: %s", strerror (rc));
  posix_spawn_file_actions_destroy (&fa);
  free (env);
  while (waitpid (pid, &st, 0) < 0)
    CHECK (errno == EINTR, "waitpid: %s", strerror (errno));
  if (WIFEXITED (st))
    c->status = WEXITSTATUS (st);
  else
    c->status = 128 + WTERMSIG (st);
  c->out = child_slurp (out);
  c->err = child_slurp (err);
}

static inline void
child_free (struct child *c)
{
  free (c->out);
  free (c->err);
}

/* Describe the child for a failure message.  */
#define CHILD_FMT "child `%s` with %s exited %d\n--- stdout:\n%s--- stderr:\n%s---"

/* The value of line "KEY=value" in the child's stdout (static buffer), or
   NULL.  */
static inline const char *
child_value (const struct child *c, const char *key)
{
  static char val[1024];
  size_t klen = strlen (key);
  const char *p = c->out;
  while (p && *p)
    {
      const char *eol = strchr (p, '\n');
      size_t len = eol ? (size_t) (eol - p) : strlen (p);
      if (len > klen && memcmp (p, key, klen) == 0 && p[klen] == '=')
	{
	  size_t vlen = len - klen - 1;
	  if (vlen >= sizeof val)
	    vlen = sizeof val - 1;
	  memcpy (val, p + klen + 1, vlen);
	  val[vlen] = '\0';
	  return val;
	}
      p = eol ? eol + 1 : NULL;
    }
  return NULL;
}

/* The integer value of "KEY=n" in the child's output; fails the test if
   it is missing.  */
static inline long long
child_int (const struct child *c, const char *key, const char *what)
{
  const char *v = child_value (c, key);
  CHECK (v != NULL, "%s: no line %s= in the child's output\n%s", what, key,
	 c->out);
  return strtoll (v, NULL, 0);
}

/* Join the VARS of a run_self call into one string, for messages.  */
static inline const char *
env_str (const char *const *vars)
{
  static char buf[1024];
  size_t len = 0;
  buf[0] = '\0';
  for (; *vars; vars++)
    {
      int r = snprintf (buf + len, sizeof buf - len, "%s%s", len ? " " : "",
			*vars);
      if (r < 0 || (size_t) r >= sizeof buf - len)
	break;
      len += r;
    }
  return buf;
}

/* Run this program as `PROG ARG` under the environment change VARS (as
   run_self), require a clean exit and nothing on stderr, print one line
   with the time it took, and return the integer of the child's line
   "KEY=n".  */
static inline long long
run_self_checked (const char *arg, const char *const *vars, const char *key)
{
  struct child c;
  double t0 = omp_get_wtime ();
  run_self (&c, arg, vars);
  CHECK (c.status == 0, CHILD_FMT, arg, env_str (vars), c.status, c.out,
	 c.err);
  CHECK (c.err[0] == '\0', "%s: output on stderr:\n%s---", env_str (vars),
	 c.err);
  long long v = child_int (&c, key, env_str (vars));
  printf ("%-45s ok (%.2f s)\n", vars[0] ? env_str (vars) : "(defaults)",
	  omp_get_wtime () - t0);
  child_free (&c);
  return v;
}

/* The main of a test whose KERNEL runs in a child of its own under each
   of the N environment changes SETTINGS (waiting policies, say): run as
   `PROG kernel` it runs KERNEL and says "ok=1"; otherwise it runs itself
   so for each setting and checks that line.  */
static inline int
run_kernel_per_setting (int argc, char **argv, void (*kernel) (void),
			const char *const (*settings)[3], size_t n)
{
  check_init (argv[0]);
  if (argc > 1)
    {
      kernel ();
      printf ("ok=1\n");
      return 0;
    }
  for (size_t i = 0; i < n; i++)
    CHECK_EQ (run_self_checked ("kernel", settings[i], "ok"), 1LL, "%s: ok",
	      env_str (settings[i]));
  return 0;
}

#endif /* TESTS_CHECK_H */
