/* cancel-parallel.c -- cancel parallel (GOMP_cancel (1, ...)), the
   parallel cancellation point, and the cancellable barriers
   (GOMP_barrier_cancel) of a region that contains a cancel construct.

   With cancellation on, what the specification guarantees is checked
   exactly: a thread that waits at a barrier for the cancelling thread,
   or that reaches a cancellation point (also `cancel parallel if (false)`,
   GOMP_cancel (1, false)) after the cancellation, goes to the end of the
   region; deferred tasks that had not started are discarded.  What it
   leaves to the implementation (how far a thread that sees no
   cancellation point gets) is only required not to hang.  Then the same
   team runs regions without cancellation, which must be unaffected by
   what the cancelled one left behind (the team is reused).  With it off,
   everything runs.  Team sizes 1, 2, 3 and 8; nested regions too.  */

#include "cancel-check.h"

#define ROUNDS 10
#define NTASKS 40		/* below libgomp's 64 per thread: deferred */

static volatile int zero;

/* A thread waits at a barrier for thread 0, which cancels instead.  */
static void
case_barrier (int n)
{
  int before = 0, after = 0, team = 0;
#pragma omp parallel num_threads(n)
  {
#pragma omp single nowait
    team = omp_get_num_threads ();
    ADD (before, 1);
    if (omp_get_thread_num () == 0)
      {
#pragma omp cancel parallel
      }
#pragma omp barrier
    ADD (after, 1);
  }
  CHECK_EQ (before, team, "n=%d: threads before the cancel", n);
  CHECK_EQ (after, cancel_on ? 0 : team, "n=%d: threads past the barrier",
	    n);
}

/* The others spin at a cancellation point until the last thread
   cancels; IF_FALSE spins at `cancel parallel if (false)` instead.  */
static void
case_point (int n, int if_false)
{
  int after = 0, timeouts = 0, team = 0;
#pragma omp parallel num_threads(n)
  {
    int me = omp_get_thread_num (), last = omp_get_num_threads () - 1;
    if (me == 0)
      team = last + 1;
    if (me == last)
      {
#pragma omp cancel parallel
      }
    else if (cancel_on && if_false)
      {
	double t0 = omp_get_wtime ();
	for (;;)
	  {
#pragma omp cancel parallel if (zero)
	    if (omp_get_wtime () - t0 > SPIN_LIMIT)
	      {
		ADD (timeouts, 1);
		break;
	      }
	    sched_yield ();
	  }
      }
    else if (cancel_on)
      SPIN_AT (parallel, timeouts);
    ADD (after, 1);
  }
  CHECK_EQ (timeouts, 0, "n=%d if_false=%d: cancellation never seen", n,
	    if_false);
  CHECK_EQ (after, cancel_on ? 0 : team,
	    "n=%d if_false=%d: threads past the cancellation point", n,
	    if_false);
}

/* Thread 0 creates tasks, then cancels; the others spin at a
   cancellation point, which is no task scheduling point: no task can
   have started, every one is discarded.  */
static void
case_tasks (int n)
{
  int ran = 0, timeouts = 0;
#pragma omp parallel num_threads(n)
  {
    if (omp_get_thread_num () == 0)
      {
	for (int i = 0; i < NTASKS; i++)
	  {
#pragma omp task
	    ADD (ran, 1);
	  }
#pragma omp cancel parallel
      }
    else if (cancel_on)
      SPIN_AT (parallel, timeouts);
  }
  CHECK_EQ (timeouts, 0, "n=%d: cancellation never seen", n);
  CHECK_EQ (ran, cancel_on ? 0 : NTASKS, "n=%d: tasks run", n);
}

/* Thread 0 cancels at once; the others go through many worksharing
   constructs with nowait (no cancellation point) before the barrier.
   How much of them runs is up to the implementation; it must not hang,
   and the barrier must let everybody go.  */
static void
case_worksharing (int n)
{
  int iters = 0, singles = 0, after = 0, team = 0;
#pragma omp parallel num_threads(n)
  {
#pragma omp single nowait
    team = omp_get_num_threads ();
    if (omp_get_thread_num () == 0)
      {
#pragma omp cancel parallel
      }
    for (int k = 0; k < 20; k++)
      {
#pragma omp for schedule(dynamic) nowait
	for (int i = 0; i < 50; i++)
	  ADD (iters, 1);
#pragma omp sections nowait
	{
#pragma omp section
	  ADD (iters, 1);
#pragma omp section
	  ADD (iters, 1);
	}
#pragma omp single nowait
	ADD (singles, 1);
      }
#pragma omp barrier
    ADD (after, 1);
  }
  if (!cancel_on)
    {
      CHECK_EQ (iters, 20 * 52, "n=%d: iterations and sections", n);
      CHECK_EQ (singles, 20, "n=%d: singles", n);
    }
  CHECK_EQ (after, cancel_on ? 0 : team, "n=%d: threads past the barrier",
	    n);
}

/* A region without cancellation on the same team: every construct must
   work as if nothing had been cancelled before.  */
static void
check_clean_region (int n, const char *after_what)
{
  long sum = 0;
  int singles = 0, iters = 0, secs = 0, team = 0, seen = 0;
#pragma omp parallel num_threads(n) reduction(+: sum)
  {
#pragma omp single
    team = omp_get_num_threads ();
#pragma omp for schedule(dynamic, 3)
    for (int i = 0; i < 1000; i++)
      sum += i;
#pragma omp single
    ADD (singles, 1);
    for (int k = 0; k < 12; k++)
      {
#pragma omp for schedule(guided) nowait
	for (int i = 0; i < 30; i++)
	  ADD (iters, 1);
      }
#pragma omp barrier
#pragma omp sections
    {
#pragma omp section
      ADD (secs, 1);
#pragma omp section
      ADD (secs, 1);
#pragma omp section
      ADD (secs, 1);
    }
    ADD (seen, 1);
#pragma omp barrier
#pragma omp single
    CHECK_EQ (GET (seen), team, "n=%d after %s: barrier let a thread "
	      "through early", n, after_what);
#pragma omp task
    ADD (iters, 1);
  }
  CHECK_EQ (sum, 1000L * 999 / 2, "n=%d after %s: dynamic loop", n,
	    after_what);
  CHECK_EQ (singles, 1, "n=%d after %s: single", n, after_what);
  CHECK_EQ (iters, 12 * 30 + team, "n=%d after %s: guided loops and tasks",
	    n, after_what);
  CHECK_EQ (secs, 3, "n=%d after %s: sections", n, after_what);
}

/* An inner region is cancelled, the outer one not: the outer team goes
   on, and each outer thread's inner team is reused round after round.  */
static void
case_nested (int n)
{
  int inner_after = 0, outer_after = 0, inner_threads = 0;
#pragma omp parallel num_threads(2)
  {
#pragma omp parallel num_threads(n)
    {
#pragma omp single nowait
      ADD (inner_threads, omp_get_num_threads ());
      if (omp_get_thread_num () == 0)
	{
#pragma omp cancel parallel
	}
#pragma omp barrier
      ADD (inner_after, 1);
    }
#pragma omp barrier
    ADD (outer_after, 1);
  }
  CHECK_EQ (outer_after, 2, "n=%d: outer threads past the inner region", n);
  CHECK_EQ (inner_after, cancel_on ? 0 : inner_threads,
	    "n=%d: inner threads past the barrier", n);
}

static void
run_cases (void)
{
  omp_set_max_active_levels (2);
  for (int t = 0; t < N_CANCEL_THREADS; t++)
    {
      int n = cancel_threads[t];
      for (int r = 0; r < ROUNDS; r++)
	{
	  case_barrier (n);
	  check_clean_region (n, "barrier");
	  case_point (n, 0);
	  case_point (n, 1);
	  check_clean_region (n, "cancellation point");
	  case_tasks (n);
	  check_clean_region (n, "tasks");
	  case_worksharing (n);
	  check_clean_region (n, "worksharing");
	  case_nested (n);
	}
    }
}
