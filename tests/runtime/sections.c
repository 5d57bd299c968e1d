/* sections.c -- sections and parallel sections.

   GCC 12: `sections` -> GOMP_sections_start (n) / GOMP_sections_next () /
   GOMP_sections_end[_nowait] (); `parallel sections` -> GOMP_parallel_
   sections (which sets up the work share) + GOMP_sections_next.  Each
   section must run exactly once per encounter, with fewer, as many and
   more threads than sections; consecutive sections constructs (nowait
   too) must not mix; private/firstprivate/reduction work.  */

#include "../lib/check.h"

#define NSEC 5

static int runs[NSEC], who[NSEC];

static void
sec (int s)
{
#pragma omp atomic
  runs[s]++;
  who[s] = omp_get_thread_num ();
}

static void
check_runs (int expect, const char *what, int nthr)
{
  for (int s = 0; s < NSEC; s++)
    CHECK_EQ (runs[s], expect, "%s nthr=%d: runs of section %d", what, nthr,
	      s);
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);

  for (int i = 0; i < N_TEST_THREAD_COUNTS; i++)
    {
      int nthr = test_thread_counts[i];
      int reps = nthr > 8 ? 20 : 200;

      /* parallel sections, many times.  */
      memset (runs, 0, sizeof runs);
      for (int r = 0; r < reps; r++)
	{
	  int team = 0;
#pragma omp parallel sections num_threads(nthr) reduction(+: team)
	  {
#pragma omp section
	    {
	      sec (0);
	      team = omp_get_num_threads ();
	    }
#pragma omp section
	    sec (1);
#pragma omp section
	    sec (2);
#pragma omp section
	    sec (3);
#pragma omp section
	    sec (4);
	  }
	  CHECK_EQ (team, nthr, "parallel sections: team size");
	}
      check_runs (reps, "parallel sections", nthr);

      /* sections inside one region: with and without nowait, one after
	 the other, and a one-section construct.  */
      memset (runs, 0, sizeof runs);
      {
	int single_sec = 0, after = 0;
#pragma omp parallel num_threads(nthr)
	for (int r = 0; r < reps; r++)
	  {
#pragma omp sections
	    {
#pragma omp section
	      sec (0);
#pragma omp section
	      sec (1);
#pragma omp section
	      sec (2);
	    }
	    /* The implicit barrier: every section of this round is done.  */
	    if (runs[0] != r + 1 || runs[2] != r + 1)
#pragma omp atomic write
	      after = r + 1000;
#pragma omp sections nowait
	    {
#pragma omp section
	      sec (3);
#pragma omp section
	      sec (4);
	    }
#pragma omp sections nowait
	    {
	      /* the first section needs no `section` directive */
#pragma omp atomic
	      single_sec++;
	    }
#pragma omp barrier
	  }
	check_runs (reps, "sections in a region", nthr);
	CHECK_EQ (single_sec, reps, "nthr=%d: runs of a one-section "
		  "construct", nthr);
	CHECK_EQ (after, 0, "nthr=%d: a section of the round not finished "
		  "after the implicit barrier of sections (round %d)", nthr,
		  after - 1000);
      }

      /* firstprivate / private / lastprivate / reduction on sections.  */
      {
	int fp = 7, sum = 0, bad = 0, lp = -1;
#pragma omp parallel num_threads(nthr)
#pragma omp sections firstprivate(fp) reduction(+: sum) lastprivate(lp)
	{
#pragma omp section
	  {
	    if (fp != 7)
	      bad = 1;
	    fp = 100;
	    sum += 1;
	    lp = 1;
	  }
#pragma omp section
	  {
	    if (fp != 7 && fp != 100)
	      bad = 1;
	    sum += 10;
	    lp = 2;
	  }
#pragma omp section
	  {
	    sum += 100;
	    lp = 3;
	  }
	}
	CHECK_EQ (bad, 0, "nthr=%d: firstprivate in sections", nthr);
	CHECK_EQ (sum, 111, "nthr=%d: reduction over sections", nthr);
	CHECK_EQ (lp, 3, "nthr=%d: lastprivate of sections", nthr);
	CHECK_EQ (fp, 7, "nthr=%d: firstprivate original unchanged", nthr);
      }
    }

  /* With several threads, sections are shared out: with enough sections
     and threads waiting, more than one thread takes part (libgomp and any
     sane runtime hand sections to whoever asks next).  Not checked: which
     thread runs which.  */
  printf ("%s: ok\n", check_prog);
  return 0;
}
