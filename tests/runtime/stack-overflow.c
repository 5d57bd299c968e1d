/* stack-overflow.c -- a worker thread that overflows its stack: the
   process dies of SIGSEGV on both runtimes (a core file for debuggers),
   and on ours with a line on stderr that names OMP_STACKSIZE first
   (docs/running.md, runtime/stack-guard.c); a program that installed
   its own SIGSEGV handler gets it called, on either runtime; a
   SIGSEGV that is no fault (raise, kill) kills the process on both,
   once the workers have started (and ours has its handler in place).

   Each case runs in a child with OMP_STACKSIZE=256K and no core file;
   the child's OMP_DISPLAY_ENV=verbose block tells which runtime it ran
   on (ours adds an OMPDBG_RUNTIME line).  */

#include "../lib/check.h"

#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

static int
deep (int n)
{
  volatile char buf[1024];
  buf[0] = (char) n;
  return n ? deep (n - 1) + buf[0] : 0;
}

static void
own_handler (int sig)
{
  (void) sig;
  static const char msg[] = "own handler\n";
  if (write (STDOUT_FILENO, msg, sizeof msg - 1) < 0)
    _exit (4);
  _exit (3);
}

static int
child (const char *what)
{
  struct rlimit rl = { 0, 0 };
  setrlimit (RLIMIT_CORE, &rl);
  if (strcmp (what, "own") == 0)
    {
      /* Its own handler needs a stack of its own too.  */
      static char alt[64 * 1024];
      stack_t ss = { .ss_sp = alt, .ss_size = sizeof alt, .ss_flags = 0 };
      struct sigaction sa;
      memset (&sa, 0, sizeof sa);
      sa.sa_handler = own_handler;
      sa.sa_flags = SA_ONSTACK;
      sigemptyset (&sa.sa_mask);
      sigaction (SIGSEGV, &sa, NULL);
#pragma omp parallel num_threads (2)
      if (omp_get_thread_num () == 1)
	{
	  sigaltstack (&ss, NULL);
	  printf ("%d\n", deep (1 << 20));
	}
      return 0;
    }
  int r = 0;
  if (strcmp (what, "raise") == 0 || strcmp (what, "kill") == 0)
    {
#pragma omp parallel num_threads (2)
      r += omp_get_thread_num ();
      if (what[0] == 'r')
	raise (SIGSEGV);
      else
	kill (getpid (), SIGSEGV);
      printf ("survived %d\n", r);
      return 0;
    }
#pragma omp parallel num_threads (2)
  if (omp_get_thread_num () == 1)
    r = deep (1 << 20);
  printf ("survived %d\n", r);
  return 0;
}

int
main (int argc, char **argv)
{
  check_init (argv[0]);
  if (argc > 1)
    return child (argv[1]);
  static const char *const vars[] = { "OMP_STACKSIZE=256K",
				      "OMP_DISPLAY_ENV=verbose", NULL };
  struct child c;
  run_self (&c, "overflow", vars);
  CHECK_EQ (c.status, 128 + SIGSEGV, "overflow: exit status (stderr: %s)",
	    c.err);
  CHECK (strstr (c.out, "survived") == NULL, "overflow: returned: %s", c.out);
  CHECK (strstr (c.err, "OPENMP DISPLAY ENVIRONMENT") != NULL,
	 "overflow: no OMP_DISPLAY_ENV block: %s", c.err);
  if (strstr (c.err, "OMPDBG_RUNTIME") != NULL)
    CHECK (strstr (c.err, "\nompdbg runtime: a thread's stack overflowed "
		   "(262144 bytes); OMP_STACKSIZE sets its size\n") != NULL,
	   "overflow: no message naming OMP_STACKSIZE: %s", c.err);
  child_free (&c);

  run_self (&c, "own", vars);
  CHECK_EQ (c.status, 3, "own handler: exit status (stderr: %s)", c.err);
  CHECK (strstr (c.out, "own handler") != NULL, "own handler: not called: %s",
	 c.out);
  CHECK (strstr (c.err, "stack overflowed") == NULL,
	 "own handler: the runtime's message too: %s", c.err);
  child_free (&c);

  static const char *const sent[] = { "raise", "kill" };
  for (int i = 0; i < 2; i++)
    {
      run_self (&c, sent[i], vars);
      CHECK_EQ (c.status, 128 + SIGSEGV, "%s: exit status (stdout: %s)",
		sent[i], c.out);
      CHECK (strstr (c.out, "survived") == NULL, "%s: returned: %s", sent[i],
	     c.out);
      CHECK (strstr (c.err, "stack overflowed") == NULL,
	     "%s: a stack overflow message: %s", sent[i], c.err);
      child_free (&c);
    }
  return 0;
}
