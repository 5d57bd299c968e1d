/* check.h -- the checks of every C and C++ test program.

   Included by the runtime tests (tests/runtime, plain `gcc -fopenmp` or
   `g++ -fopenmp` programs that must pass on our runtime and on the
   system's libgomp), by the libompd drivers (tests/ompd) and by the
   debugger-side checkers (tests/corefiles).  Conventions:

   - exit 0 = pass, 77 = skip (automake), anything else = fail;
   - every check is counted, in one count per process (shared by all the
     files of a program and all its threads);
   - a program that ends with status 0 after zero checks, or after a
     failed check, fails: an atexit handler turns its status into 1.
     A test cannot pass by not checking anything;
   - CHECK (cond, fmt, ...) prints where and what failed (FMT describes
     what was expected and what was got).  By default the failure ends the
     process at once, from any thread (_exit: no other thread can block
     the exit in the runtime); a program that defines CHECK_KEEP_GOING
     before including this file counts the failure and carries on, and
     ends with `return check_finish (MIN)`;
   - check (ok, fmt, ...) is a function that logs every outcome ("ok: ..."
     / "FAIL: ...") and always carries on;
   - SKIP (fmt, ...) exits 77 with the reason;
   - a process whose checks are made by another one (a target program
     stopped for a debugger, a child the parent checks) says so with
     check_elsewhere ();
   - a test that needs a particular environment (OMP_SCHEDULE=...) does
     not rely on its caller: it re-executes itself through /proc/self/exe
     with the variables set (run_self) and checks the child's exit status
     and output.  The child inherits LD_LIBRARY_PATH, so it runs on the
     same runtime as the parent.  */

#ifndef TESTS_LIB_CHECK_H
#define TESTS_LIB_CHECK_H 1

#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <errno.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

extern char **environ;
extern char *program_invocation_short_name;

/* The state of the process's checks: one object in the whole program
   (a weak definition in every file that includes this header).  */
struct check_state
{
  unsigned long pass, fail;	/* updated atomically */
  const char *prog;		/* the program's name, for messages */
  int skipped;			/* SKIP ran */
  int elsewhere;		/* check_elsewhere ran */
  int finished;			/* check_finish ran */
  int registered;		/* the atexit handler is */
};
__attribute__ ((weak)) struct check_state check_state;

/* The environment variable run_self sets in its children: their parent
   checks what they print and how they end.  */
#define CHECK_CHILD_ENV "OMPDBG_CHECK_CHILD"

static inline const char *
check_prog_name (void)
{
  return check_state.prog ? check_state.prog : program_invocation_short_name;
}
#define check_prog (check_prog_name ())

static inline unsigned long
check_passed (void)
{
  return __atomic_load_n (&check_state.pass, __ATOMIC_RELAXED);
}

static inline unsigned long
check_failed (void)
{
  return __atomic_load_n (&check_state.fail, __ATOMIC_RELAXED);
}

static inline unsigned long
check_count (void)
{
  return check_passed () + check_failed ();
}

/* At exit: a status-0 end with zero checks or with a failed check is a
   failure.  (An exit with another status stays as it is.)  */
static void
check_at_exit (void)
{
  if (check_state.skipped || check_state.elsewhere || check_state.finished)
    return;
  unsigned long n = check_count (), f = check_failed ();
  fflush (stdout);
  if (n == 0)
    {
      fprintf (stderr, "%s: FAIL: no check ran\n", check_prog);
      fflush (NULL);
      _exit (1);
    }
  fprintf (stderr, "%s: %lu checks, %lu failed\n", check_prog, n, f);
  if (f != 0)
    {
      fflush (NULL);
      _exit (1);
    }
}

__attribute__ ((constructor)) static void
check_register (void)
{
  if (__atomic_exchange_n (&check_state.registered, 1, __ATOMIC_ACQ_REL))
    return;
  if (getenv (CHECK_CHILD_ENV) != NULL)
    {
      /* Run by run_self: the parent checks this child.  */
      check_state.elsewhere = 1;
      unsetenv (CHECK_CHILD_ENV);
    }
  atexit (check_at_exit);
}

/* Set the program's name (for messages) from ARGV0 and make stdout line
   buffered: failures are reported with stdout and stderr interleaved in
   the log, with no buffering surprises.  */
static inline void
check_init (const char *argv0)
{
  const char *s = strrchr (argv0, '/');
  check_state.prog = s ? s + 1 : argv0;
  setvbuf (stdout, NULL, _IOLBF, 0);
}

/* This process makes no check of its own: another process checks what it
   does (a target stopped for a debugger, a re-executed child).  */
static inline void
check_elsewhere (void)
{
  check_state.elsewhere = 1;
}

static inline int
check_pass_ (void)
{
  __atomic_fetch_add (&check_state.pass, 1, __ATOMIC_RELAXED);
  return 1;
}

#ifdef CHECK_KEEP_GOING
#define CHECK_FAIL_ATTR_ __attribute__ ((format (printf, 4, 5)))
#else
#define CHECK_FAIL_ATTR_ __attribute__ ((noreturn, format (printf, 4, 5)))
#endif

/* Count a failure already reported; the end of the process unless
   CHECK_KEEP_GOING.  */
#ifdef CHECK_KEEP_GOING
static inline int
#else
static inline int __attribute__ ((noreturn))
#endif
check_failure_ (void)
{
  __atomic_fetch_add (&check_state.fail, 1, __ATOMIC_RELAXED);
  fflush (stdout);
  fflush (stderr);
#ifndef CHECK_KEEP_GOING
  _exit (1);
#else
  return 0;
#endif
}

static inline int CHECK_FAIL_ATTR_
check_fail_ (const char *file, int line, const char *expr, const char *fmt,
	     ...)
{
  va_list ap;
  char buf[2048];
  int n = snprintf (buf, sizeof buf, "%s: FAIL: %s:%d: %s: ", check_prog,
		    file, line, expr);
  if (n < 0 || n >= (int) sizeof buf)
    n = 0;
  va_start (ap, fmt);
  vsnprintf (buf + n, sizeof buf - n, fmt, ap);
  va_end (ap);
  fflush (stdout);
  fprintf (stderr, "%s\n", buf);
#ifdef CHECK_KEEP_GOING
  return check_failure_ ();
#else
  check_failure_ ();
#endif
}

/* CHECK (cond, "expected %d, got %d", want, got): 1 when COND holds, else
   0 (with CHECK_KEEP_GOING) or the end of the process.  */
#define CHECK(cond, ...)						\
  (__builtin_expect (!!(cond), 1) ? check_pass_ ()			\
   : check_fail_ (__FILE__, __LINE__, #cond, __VA_ARGS__))

/* Integer equality with both values in the message.  CTX is a printf
   format + arguments describing the case ("nthr=%d", nthr).  */
#define CHECK_EQ(got, want, ...)					\
  do {									\
    long long check_got_ = (long long) (got);				\
    long long check_want_ = (long long) (want);				\
    if (check_got_ == check_want_)					\
      check_pass_ ();							\
    else								\
      {									\
	char check_ctx_[512];						\
	snprintf (check_ctx_, sizeof check_ctx_, __VA_ARGS__);		\
	check_fail_ (__FILE__, __LINE__, #got " == " #want,		\
		     "%s: expected %lld, got %lld", check_ctx_,		\
		     check_want_, check_got_);				\
      }									\
  } while (0)

/* A check that logs what passed as well ("ok: WHAT" / "FAIL: WHAT" on
   stdout), for the checkers whose log lists every check; OK is the
   outcome.  It always carries on: a failure counts, and the atexit
   handler fails the process for it.  */
static inline int __attribute__ ((format (printf, 2, 3)))
check (int ok, const char *fmt, ...)
{
  va_list ap;
  printf ("%s: ", ok ? "ok" : "FAIL");
  va_start (ap, fmt);
  vprintf (fmt, ap);
  va_end (ap);
  putchar ('\n');
  if (ok)
    return check_pass_ ();
  __atomic_fetch_add (&check_state.fail, 1, __ATOMIC_RELAXED);
  return 0;
}

/* The end of a CHECK_KEEP_GOING program: print "N checks, M failed"; the
   exit status, 0 only with no failure and at least MIN checks (at least
   one in any case).  */
static inline int
check_finish (unsigned long min)
{
  unsigned long n = check_count (), f = check_failed ();
  check_state.finished = 1;
  printf ("%lu checks, %lu failed\n", n, f);
  if (min == 0)
    min = 1;
  if (n < min)
    printf ("FAIL: %lu checks ran, at least %lu expected\n", n, min);
  fflush (stdout);
  return f == 0 && n >= min ? 0 : 1;
}

/* _Pragma from inside a macro, with the clause macro-expanded first:
   PRAGMA (omp for SCHED) where SCHED is a macro argument.  */
#define PRAGMA_(...) _Pragma (#__VA_ARGS__)
#define PRAGMA(...) PRAGMA_ (__VA_ARGS__)

/* Skip the whole test (exit 77) with a reason.  */
#define SKIP(...)							\
  do {									\
    fflush (stdout);							\
    fprintf (stderr, "%s: SKIP: ", check_prog);				\
    fprintf (stderr, __VA_ARGS__);					\
    fputc ('\n', stderr);						\
    check_state.skipped = 1;						\
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
  char *s = (char *) malloc (cap);
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
	  s = (char *) realloc (s, cap);
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
   stdout and stderr.  Every other variable is inherited; the child is
   told (CHECK_CHILD_ENV) that its parent checks it.  */
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
  env = (char **) calloc (n + 2, sizeof *env);
  CHECK (env != NULL, "out of memory");
  for (char **e = environ; *e; e++)
    if (!child_env_overridden (*e, vars))
      env[k++] = *e;
  for (v = vars; *v; v++)
    if (strchr (*v, '='))
      env[k++] = (char *) *v;
  env[k++] = (char *) CHECK_CHILD_ENV "=1";
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

#ifdef _OPENMP
/* ---- OpenMP tests ---------------------------------------------------- */

/* Thread counts every construct is tried with: serial team, small teams,
   more threads than this machine's cores, and heavily oversubscribed (64,
   with little work so that it stays fast on two cores).  */
static const int test_thread_counts[] = { 1, 2, 3, 8, 64 };
#define N_TEST_THREAD_COUNTS \
  ((int) (sizeof test_thread_counts / sizeof test_thread_counts[0]))

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
#endif /* _OPENMP */

#endif /* TESTS_LIB_CHECK_H */
