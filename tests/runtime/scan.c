/* scan.c -- inclusive and exclusive scans: reduction(inscan, ...) with
   #pragma omp scan on worksharing loops.

   GCC 12 asks the runtime for the scan buffer through the OpenMP 5.0
   generic entry point GOMP_loop_start (GOMP_loop_ull_start for an
   unsigned 64-bit iteration variable) with a static schedule, then does
   the two passes itself with a GOMP_barrier in between.  The prefix sums
   must equal the serial ones for every team size.  */

#include "../lib/check.h"

#define N 1000

static int a[N], incl[N], excl[N];
static long lincl[N];

int
main (int argc, char **argv)
{
  int ref_incl[N], ref_excl[N], r = 0;
  (void) argc;
  check_init (argv[0]);
  for (int i = 0; i < N; i++)
    {
      a[i] = (i * 37) % 11 - 3;
      ref_excl[i] = r;
      r += a[i];
      ref_incl[i] = r;
    }

  for (int t = 0; t < N_TEST_THREAD_COUNTS; t++)
    {
      int nthr = test_thread_counts[t];
      int s = 0, e = 0;
      long ls = 0;
      memset (incl, 0, sizeof incl);
      memset (excl, 0, sizeof excl);

#pragma omp parallel for reduction(inscan, +: s) num_threads(nthr)
      for (int i = 0; i < N; i++)
	{
	  s += a[i];
#pragma omp scan inclusive(s)
	  incl[i] = s;
	}

#pragma omp parallel num_threads(nthr)
      {
#pragma omp for reduction(inscan, +: e)
	for (int i = 0; i < N; i++)
	  {
	    excl[i] = e;
#pragma omp scan exclusive(e)
	    e += a[i];
	  }
      }

      /* unsigned 64-bit iteration variable: GOMP_loop_ull_start */
#pragma omp parallel for reduction(inscan, +: ls) num_threads(nthr)
      for (unsigned long long u = 0; u < (unsigned long long) N; u++)
	{
	  ls += a[u];
#pragma omp scan inclusive(ls)
	  lincl[u] = ls;
	}

      for (int i = 0; i < N; i++)
	{
	  CHECK_EQ (incl[i], ref_incl[i], "nthr=%d: inclusive scan at %d",
		    nthr, i);
	  CHECK_EQ (excl[i], ref_excl[i], "nthr=%d: exclusive scan at %d",
		    nthr, i);
	  CHECK_EQ (lincl[i], ref_incl[i], "nthr=%d: inclusive scan over an "
		    "unsigned long long loop at %d", nthr, i);
	}
      CHECK_EQ (s, r, "nthr=%d: inclusive scan variable after the loop",
		nthr);
      CHECK_EQ (e, r, "nthr=%d: exclusive scan variable after the loop",
		nthr);
    }
  printf ("%s: ok\n", check_prog);
  return 0;
}
