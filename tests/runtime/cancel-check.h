/* cancel-check.h -- what the cancellation tests (cancel-*.c) share.

   cancel-var is read from OMP_CANCELLATION once, at start-up, so each
   test re-executes itself (run_self) in three modes: OMP_CANCELLATION=true
   (cancellation on), =false and unset (off: every cancel construct is a
   no-op, every cancellation point says no, so everything runs).  The
   child runs the test's cases (run_cases, defined by the test) with
   cancel_on telling which mode it is in, then prints "done".  A child
   that hangs is killed by its alarm, so a hang fails the test rather
   than blocking it.

   Waiting for a cancellation to be seen: a thread or task spins at a
   cancellation point (SPIN_AT) until it fires, which leaves the
   construct.  The spin gives up after SPIN_LIMIT seconds, counting a
   timeout the test checks for: a cancellation that is never seen.  */

#ifndef TESTS_CANCEL_CHECK_H
#define TESTS_CANCEL_CHECK_H 1

#include "../lib/check.h"

#include <sched.h>

/* Cancellation on in this child (OMP_CANCELLATION=true).  */
static int cancel_on;

/* The team sizes every case runs with.  */
static const int cancel_threads[] = { 1, 2, 3, 8 };
#define N_CANCEL_THREADS \
  ((int) (sizeof cancel_threads / sizeof cancel_threads[0]))

#define SPIN_LIMIT 20.0
#define CHILD_ALARM 100

/* Spin at `cancellation point KIND` until it fires (leaving the
   construct); after SPIN_LIMIT seconds add one to TIMEOUTS and go on.
   Yielding leaves the CPU to the thread that is to cancel when there are
   more threads than CPUs.  */
#define SPIN_AT(KIND, TIMEOUTS)						\
  do									\
    {									\
      double spin_t0_ = omp_get_wtime ();				\
      for (;;)								\
	{								\
	  PRAGMA (omp cancellation point KIND)				\
	  if (omp_get_wtime () - spin_t0_ > SPIN_LIMIT)			\
	    {								\
	      __atomic_add_fetch (&(TIMEOUTS), 1, __ATOMIC_RELAXED);	\
	      break;							\
	    }								\
	  sched_yield ();						\
	}								\
    }									\
  while (0)

#define ADD(var, n) __atomic_add_fetch (&(var), (n), __ATOMIC_RELAXED)
#define GET(var) __atomic_load_n (&(var), __ATOMIC_ACQUIRE)

static void run_cases (void);

int
main (int argc, char **argv)
{
  check_init (argv[0]);
  if (argc > 1)
    {
      cancel_on = strcmp (argv[1], "on") == 0;
      alarm (CHILD_ALARM);
      CHECK_EQ (omp_get_cancellation (), cancel_on,
		"omp_get_cancellation () in mode %s", argv[1]);
      run_cases ();
      printf ("done\n");
      return 0;
    }

  static const char *const on[] = { "OMP_CANCELLATION=true", NULL };
  static const char *const off[] = { "OMP_CANCELLATION=false", NULL };
  static const char *const unset[] = { "OMP_CANCELLATION", NULL };
  static const struct
  {
    const char *mode;
    const char *const *vars;
  } runs[] = { { "on", on }, { "off", off }, { "off", unset } };
  for (int i = 0; i < (int) (sizeof runs / sizeof runs[0]); i++)
    {
      struct child c;
      double t0 = omp_get_wtime ();
      run_self (&c, runs[i].mode, runs[i].vars);
      CHECK (c.status == 0 && strstr (c.out, "done\n") != NULL, CHILD_FMT,
	     runs[i].mode, env_str (runs[i].vars), c.status, c.out, c.err);
      printf ("%-24s ok (%.2f s)\n", env_str (runs[i].vars),
	      omp_get_wtime () - t0);
      child_free (&c);
    }
  return 0;
}

#endif /* TESTS_CANCEL_CHECK_H */
