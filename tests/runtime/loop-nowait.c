/* loop-nowait.c -- many worksharing constructs in flight at once.

   With nowait, fast threads run ahead into the next loops / singles /
   sections while slow ones are still in earlier ones, so the runtime must
   keep several work shares alive and give each thread the right one (the
   n-th construct a thread meets is the team's n-th construct).  Thread 0
   lags on purpose now and then.  Every iteration / section / single must
   run exactly once per round; ordered regions stay in order within their
   own loop.  */

#include "../lib/check.h"

#define NA 97
#define NB 131
#define NC 64
#define ND 50
#define NE 40
#define MAX_ROUNDS 300

static int A[NA], B[NB], C[NC], D[ND], U[NC], S, SEC[3];
static int epos[MAX_ROUNDS], ebad;

static void
lag (int r)
{
  if (omp_get_thread_num () == 0 && r % 7 == 0)
    {
      double t0 = omp_get_wtime ();
      while (omp_get_wtime () - t0 < 20e-6)
	;
    }
}

static void
run (int nthr, int rounds)
{
  memset (A, 0, sizeof A);
  memset (B, 0, sizeof B);
  memset (C, 0, sizeof C);
  memset (D, 0, sizeof D);
  memset (U, 0, sizeof U);
  memset (SEC, 0, sizeof SEC);
  memset (epos, 0, sizeof epos);
  S = 0;
  ebad = -1;
  omp_set_schedule (omp_sched_dynamic, 5);

#pragma omp parallel num_threads(nthr)
  for (int r = 0; r < rounds; r++)
    {
      lag (r);
#pragma omp for schedule(dynamic, 3) nowait
      for (int i = 0; i < NA; i++)
#pragma omp atomic
	A[i]++;
#pragma omp for schedule(guided, 2) nowait
      for (long i = NB - 1; i >= 0; i--)
#pragma omp atomic
	B[i]++;
#pragma omp single nowait
      S++;
#pragma omp for schedule(runtime) nowait
      for (int i = 0; i < NC; i++)
#pragma omp atomic
	C[i]++;
#pragma omp sections nowait
      {
#pragma omp section
	SEC[0]++;
#pragma omp section
	SEC[1]++;
#pragma omp section
	SEC[2]++;
      }
      lag (r + 3);
#pragma omp for schedule(static, 4) nowait
      for (int i = 0; i < ND; i++)
#pragma omp atomic
	D[i]++;
#pragma omp for schedule(dynamic, 2) ordered nowait
      for (int i = 0; i < NE; i++)
	{
#pragma omp ordered
	  {
	    if (epos[r] != i && ebad < 0)
	      ebad = r * 1000 + i;
	    epos[r]++;
	  }
	}
#pragma omp for schedule(nonmonotonic: dynamic, 4) nowait
      for (unsigned long long i = 0; i < (unsigned long long) NC; i++)
#pragma omp atomic
	U[i]++;
    }

#define EXPECT_ALL(arr, n)						\
  for (int i = 0; i < (n); i++)						\
    CHECK_EQ (arr[i], rounds, "nthr=%d: runs of iteration %d of loop %s " \
	      "over %d rounds", nthr, i, #arr, rounds)
  EXPECT_ALL (A, NA);
  EXPECT_ALL (B, NB);
  EXPECT_ALL (C, NC);
  EXPECT_ALL (D, ND);
  EXPECT_ALL (U, NC);
  EXPECT_ALL (SEC, 3);
  CHECK_EQ (S, rounds, "nthr=%d: single nowait executions", nthr);
  CHECK (ebad < 0, "nthr=%d: round %d: ordered region of iteration %d ran "
	 "out of order", nthr, ebad / 1000, ebad % 1000);
  for (int r = 0; r < rounds; r++)
    CHECK_EQ (epos[r], NE, "nthr=%d: ordered regions in round %d", nthr, r);
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);
  for (int t = 0; t < N_TEST_THREAD_COUNTS; t++)
    {
      int nthr = test_thread_counts[t];
      run (nthr, nthr > 8 ? 30 : MAX_ROUNDS);
    }
  printf ("%s: ok\n", check_prog);
  return 0;
}
