/* cancel-for.c -- cancel for (GOMP_cancel (2, ...)), the loop
   cancellation point, GOMP_loop_end_cancel and GOMP_barrier_cancel (the
   end of a cancellable loop that GCC schedules inline: static).

   Iteration K of a loop of N cancels it.  Every iteration after K waits
   at a cancellation point until the cancellation is seen; every one
   before K just counts.  So with cancellation on, exactly the K
   iterations before K complete (each thread meets its iterations in
   increasing order with these schedules, so none waits for K's thread),
   no iteration after K ever completes, and the iterations after K that
   were started at all are at most one per other thread: after seeing the
   cancellation a thread leaves the loop, and no further chunk is handed
   out.  Variants use `cancel for if (i == K)` at the top of every
   iteration, i.e. GOMP_cancel (2, false) as the cancellation point, which
   may also skip iterations before K (only fewer is checked then).  The
   loop's cancellation ends at its barrier: the threads go on after it,
   and a later cancellable loop of the same region (with a cancellation
   point in every iteration) runs in full.  After cancel parallel, the
   end of a loop (GOMP_loop_end_cancel) sends the threads to the end of
   the region.
   With cancellation off every iteration runs.  */

#include "cancel-check.h"

#define N 1000
#define K 10
#define ROUNDS 3

static volatile int zero;
static volatile long n_runtime = N;	/* keeps ull loops out of line */

struct result
{
  int done, started_after, timeouts, after_loop, second, team;
};

static void
check_result (const struct result *r, int n, int use_if, const char *what)
{
  CHECK_EQ (r->timeouts, 0, "%s n=%d if=%d: cancellation never seen", what,
	    n, use_if);
  if (!cancel_on)
    {
      CHECK_EQ (r->done, N, "%s n=%d if=%d: iterations", what, n, use_if);
      CHECK_EQ (r->started_after, N - K - 1,
		"%s n=%d if=%d: iterations after K", what, n, use_if);
    }
  else
    {
      if (use_if)
	CHECK (r->done <= K, "%s n=%d if=1: %d iterations completed, at "
	       "most %d expected", what, n, r->done, K);
      else
	CHECK_EQ (r->done, K, "%s n=%d: iterations completed", what, n);
      CHECK (r->started_after <= r->team - 1,
	     "%s n=%d if=%d: %d iterations after the cancelling one started"
	     ", at most %d expected", what, n, use_if, r->started_after,
	     r->team - 1);
    }
  CHECK_EQ (r->after_loop, r->team, "%s n=%d if=%d: threads after the loop",
	    what, n, use_if);
  CHECK_EQ (r->second, N * (N - 1) / 2,
	    "%s n=%d if=%d: the next cancellable loop", what, n, use_if);
}

/* The body of the cancelled loop, for iteration I.  */
#define BODY(I)								\
  do									\
    {									\
      if (use_if)							\
	{								\
	  PRAGMA (omp cancel for if ((I) == K))				\
	}								\
      else if ((I) == K)						\
	{								\
	  PRAGMA (omp cancel for)					\
	}								\
      if ((I) > K)							\
	{								\
	  ADD (r.started_after, 1);					\
	  if (cancel_on)						\
	    SPIN_AT (for, r.timeouts);					\
	}								\
      ADD (r.done, 1);							\
    }									\
  while (0)

/* One cancelled loop of iterator TYPE with SCHED, then a cancellable
   loop that nothing cancels.  PAR is `cancel parallel if (0)` or nothing:
   with it, GCC makes every barrier of the region cancellable
   (GOMP_loop_end_cancel, GOMP_barrier_cancel), without it the loops end
   with GOMP_loop_end or GOMP_barrier.  */
#define CANCEL_LOOP(NAME, TYPE, BOUND, SCHED, PAR)			\
  static void								\
  NAME (int n, int use_if)						\
  {									\
    struct result r = { 0, 0, 0, 0, 0, 0 };				\
    _Pragma ("omp parallel num_threads(n)")				\
    {									\
      PAR								\
      _Pragma ("omp single nowait")					\
      r.team = omp_get_num_threads ();					\
      PRAGMA (omp for SCHED)						\
      for (TYPE i = 0; i < (TYPE) (BOUND); i++)				\
	BODY (i);							\
      ADD (r.after_loop, 1);						\
      _Pragma ("omp for schedule(dynamic, 5)")				\
      for (int i = 0; i < N; i++)					\
	{								\
	  _Pragma ("omp cancel for if (zero)")				\
	  ADD (r.second, i);						\
	}								\
    }									\
    check_result (&r, n, use_if, #NAME " " #SCHED);			\
  }

#define CANCELLABLE _Pragma ("omp cancel parallel if (zero)")

CANCEL_LOOP (dyn1_int, int, N, schedule (dynamic, 1), )
CANCEL_LOOP (dyn7_long, long, N, schedule (dynamic, 7), )
CANCEL_LOOP (mdyn_int, int, N, schedule (monotonic: dynamic), )
CANCEL_LOOP (static_int, int, N, schedule (static), )
CANCEL_LOOP (static1_int, int, N, schedule (static, 1), )
CANCEL_LOOP (guided_long, long, N, schedule (guided), )
CANCEL_LOOP (runtime_int, int, N, schedule (runtime), )
CANCEL_LOOP (dyn3_ull, unsigned long long, n_runtime, schedule (dynamic, 3), )
CANCEL_LOOP (guided_ull, unsigned long long, n_runtime, schedule (guided), )
CANCEL_LOOP (dyn1_int_c, int, N, schedule (dynamic, 1), CANCELLABLE)
CANCEL_LOOP (static_int_c, int, N, schedule (static), CANCELLABLE)
CANCEL_LOOP (static1_long_c, long, N, schedule (static, 1), CANCELLABLE)
CANCEL_LOOP (guided_ull_c, unsigned long long, n_runtime, schedule (guided),
	     CANCELLABLE)

/* The region is cancelled before a loop that thread 0 never reaches:
   the others run the loop (no cancellation point in it) and then leave
   the region from its end (GOMP_loop_end_cancel returning true).  */
static void
case_parallel_before_loop (int n)
{
  int after = 0, iters = 0, team = 0;
#pragma omp parallel num_threads(n)
  {
#pragma omp single nowait
    team = omp_get_num_threads ();
    if (omp_get_thread_num () == 0)
      {
#pragma omp cancel parallel
      }
#pragma omp for schedule(dynamic, 2)
    for (int i = 0; i < N; i++)
      ADD (iters, 1);
    ADD (after, 1);
  }
  CHECK_EQ (after, cancel_on ? 0 : team,
	    "n=%d: threads past a loop whose region was cancelled", n);
  if (!cancel_on)
    CHECK_EQ (iters, N, "n=%d: iterations", n);
}

/* After the cancellations, the team's regions work as before.  */
static void
check_clean_region (int n)
{
  long sum = 0;
  int secs = 0;
#pragma omp parallel num_threads(n) reduction(+: sum)
  {
#pragma omp for schedule(dynamic, 3)
    for (int i = 0; i < N; i++)
      sum += i;
#pragma omp for schedule(static)
    for (int i = 0; i < N; i++)
      sum += i;
#pragma omp sections
    {
#pragma omp section
      ADD (secs, 1);
#pragma omp section
      ADD (secs, 1);
    }
  }
  CHECK_EQ (sum, (long) N * (N - 1), "n=%d: loops after cancellation", n);
  CHECK_EQ (secs, 2, "n=%d: sections after cancellation", n);
}

static void
run_cases (void)
{
  for (int t = 0; t < N_CANCEL_THREADS; t++)
    {
      int n = cancel_threads[t];
      for (int r = 0; r < ROUNDS; r++)
	for (int use_if = 0; use_if < 2; use_if++)
	  {
	    dyn1_int (n, use_if);
	    dyn7_long (n, use_if);
	    mdyn_int (n, use_if);
	    static_int (n, use_if);
	    static1_int (n, use_if);
	    guided_long (n, use_if);
	    runtime_int (n, use_if);
	    dyn3_ull (n, use_if);
	    guided_ull (n, use_if);
	    dyn1_int_c (n, use_if);
	    static_int_c (n, use_if);
	    static1_long_c (n, use_if);
	    guided_ull_c (n, use_if);
	    check_clean_region (n);
	    case_parallel_before_loop (n);
	    check_clean_region (n);
	  }
    }
}
