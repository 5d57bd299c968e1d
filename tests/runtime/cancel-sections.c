/* cancel-sections.c -- cancel sections (GOMP_cancel (4, ...)), the
   sections cancellation point and GOMP_sections_end_cancel.

   Section K of S cancels the construct; each section after K waits at a
   cancellation point until the cancellation is seen; each before K just
   counts.  Sections are handed out in order, so with cancellation on
   exactly the K sections before K complete, none after it does, and at
   most one per other thread was started at all.  Variants use `cancel
   sections if (k == K)` in every section, i.e. GOMP_cancel (4, false)
   as the cancellation point (which may skip sections before K too: only
   fewer is checked then).  Each case runs once in a region that GCC
   compiles with plain barriers (GOMP_sections_end) and once in one that
   may itself be cancelled (`cancel parallel if (0)`: all its barriers are
   cancellable, GOMP_sections_end_cancel).  The threads go on after the
   cancelled construct, and a later cancellable sections construct of the
   same region runs in full.  After cancel parallel, the end of a
   sections construct sends the threads to the end of the region.  With
   cancellation off every section runs.  */

#include "cancel-check.h"

#define S 12
#define K 4
#define ROUNDS 10

static volatile int zero;

struct result
{
  int done, started_after, timeouts, after, second, team;
};

static void
check_result (const struct result *r, int n, int use_if, const char *what)
{
  CHECK_EQ (r->timeouts, 0, "%s n=%d if=%d: cancellation never seen", what,
	    n, use_if);
  if (!cancel_on)
    {
      CHECK_EQ (r->done, S, "%s n=%d if=%d: sections", what, n, use_if);
      CHECK_EQ (r->started_after, S - K - 1,
		"%s n=%d if=%d: sections after K", what, n, use_if);
    }
  else
    {
      if (use_if)
	CHECK (r->done <= K, "%s n=%d if=1: %d sections completed, at most "
	       "%d expected", what, n, r->done, K);
      else
	CHECK_EQ (r->done, K, "%s n=%d: sections completed", what, n);
      CHECK (r->started_after <= r->team - 1,
	     "%s n=%d if=%d: %d sections after the cancelling one started, "
	     "at most %d expected", what, n, use_if, r->started_after,
	     r->team - 1);
    }
  CHECK_EQ (r->after, r->team, "%s n=%d if=%d: threads after the sections",
	    what, n, use_if);
  CHECK_EQ (r->second, 3, "%s n=%d if=%d: the next cancellable sections",
	    what, n, use_if);
}

#define SECTION(k)							\
  _Pragma ("omp section")						\
  {									\
    if (use_if)								\
      {									\
	PRAGMA (omp cancel sections if (sec[k] == K))			\
      }									\
    else if (sec[k] == K)						\
      {									\
	_Pragma ("omp cancel sections")					\
      }									\
    if (sec[k] > K)							\
      {									\
	ADD (r.started_after, 1);					\
	if (cancel_on)							\
	  SPIN_AT (sections, r.timeouts);				\
      }									\
    ADD (r.done, 1);							\
  }

/* Section numbers through a volatile array, so that GCC cannot fold the
   tests above for each section.  */
static volatile int sec[S] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 };

/* PAR_CANCELLABLE is `cancel parallel if (0)` or nothing.  */
#define CANCEL_SECTIONS(NAME, PAR_CANCELLABLE)				\
  static void								\
  NAME (int n, int use_if)						\
  {									\
    struct result r = { 0, 0, 0, 0, 0, 0 };				\
    _Pragma ("omp parallel num_threads(n)")				\
    {									\
      PAR_CANCELLABLE							\
      _Pragma ("omp single nowait")					\
      r.team = omp_get_num_threads ();					\
      _Pragma ("omp sections")						\
      {									\
	SECTION (0) SECTION (1) SECTION (2) SECTION (3)			\
	SECTION (4) SECTION (5) SECTION (6) SECTION (7)			\
	SECTION (8) SECTION (9) SECTION (10) SECTION (11)		\
      }									\
      ADD (r.after, 1);							\
      _Pragma ("omp sections")						\
      {									\
	_Pragma ("omp section")						\
	{								\
	  _Pragma ("omp cancel sections if (zero)")			\
	  ADD (r.second, 1);						\
	}								\
	_Pragma ("omp section")						\
	{								\
	  _Pragma ("omp cancel sections if (zero)")			\
	  ADD (r.second, 1);						\
	}								\
	_Pragma ("omp section")						\
	{								\
	  _Pragma ("omp cancel sections if (zero)")			\
	  ADD (r.second, 1);						\
	}								\
      }									\
    }									\
    check_result (&r, n, use_if, #NAME);				\
  }

CANCEL_SECTIONS (plain_region, )
CANCEL_SECTIONS (cancellable_region,
		 _Pragma ("omp cancel parallel if (zero)"))

/* The region is cancelled before a sections construct that thread 0
   never reaches: the others run it and leave from its end.  */
static void
case_parallel_before_sections (int n)
{
  int after = 0, secs = 0, team = 0;
#pragma omp parallel num_threads(n)
  {
#pragma omp single nowait
    team = omp_get_num_threads ();
    if (omp_get_thread_num () == 0)
      {
#pragma omp cancel parallel
      }
#pragma omp sections
    {
#pragma omp section
      ADD (secs, 1);
#pragma omp section
      ADD (secs, 1);
#pragma omp section
      ADD (secs, 1);
    }
    ADD (after, 1);
  }
  CHECK_EQ (after, cancel_on ? 0 : team,
	    "n=%d: threads past sections whose region was cancelled", n);
  if (!cancel_on)
    CHECK_EQ (secs, 3, "n=%d: sections", n);
}

/* After the cancellations, the team's regions work as before.  */
static void
check_clean_region (int n)
{
  int secs = 0;
  long sum = 0;
#pragma omp parallel num_threads(n) reduction(+: sum)
  {
#pragma omp sections
    {
#pragma omp section
      ADD (secs, 1);
#pragma omp section
      ADD (secs, 1);
#pragma omp section
      ADD (secs, 1);
#pragma omp section
      ADD (secs, 1);
    }
#pragma omp for schedule(dynamic)
    for (int i = 0; i < 100; i++)
      sum += i;
  }
  CHECK_EQ (secs, 4, "n=%d: sections after cancellation", n);
  CHECK_EQ (sum, 4950, "n=%d: loop after cancellation", n);
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
	    plain_region (n, use_if);
	    cancellable_region (n, use_if);
	    check_clean_region (n);
	    case_parallel_before_sections (n);
	    check_clean_region (n);
	  }
    }
}
