/* master.c -- master, masked, masked filter(n), parallel masked.

   GCC inlines these as a test of omp_get_thread_num (); there is no
   barrier at their end.  Only the primary (or filtered) thread runs the
   block; while it is inside, the other threads must be able to go on past
   it (the primary waits for them inside the block, with a time limit so
   that a runtime that blocked them fails instead of hanging).  */

#include "../lib/check.h"

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);

  for (int t = 0; t < N_TEST_THREAD_COUNTS; t++)
    {
      int nthr = test_thread_counts[t];
      int m_runs = 0, m_tid = -1, k_runs = 0, k_tid = -1, f_runs = 0;
      int passed = 0, waited_ok = 1;

#pragma omp parallel num_threads(nthr)
      {
#pragma omp master
	{
	  m_runs++;
	  m_tid = omp_get_thread_num ();
	  /* the others are not held at the end of master */
	  double t0 = omp_get_wtime ();
	  while (__atomic_load_n (&passed, __ATOMIC_ACQUIRE) < nthr - 1)
	    if (omp_get_wtime () - t0 > 20.0)
	      {
		waited_ok = 0;
		break;
	      }
	}
	if (omp_get_thread_num () != 0)
	  __atomic_fetch_add (&passed, 1, __ATOMIC_RELEASE);
#pragma omp barrier
#pragma omp masked
	{
	  k_runs++;
	  k_tid = omp_get_thread_num ();
	}
#pragma omp masked filter(2)
	{
#pragma omp atomic
	  f_runs++;
	  if (omp_get_thread_num () != 2)
	    f_runs += 1000;
	}
      }
      CHECK_EQ (m_runs, 1, "nthr=%d: master block executions", nthr);
      CHECK_EQ (m_tid, 0, "nthr=%d: thread running master", nthr);
      CHECK (waited_ok, "nthr=%d: the other threads did not get past the "
	     "master construct while the primary thread was in it", nthr);
      CHECK_EQ (k_runs, 1, "nthr=%d: masked block executions", nthr);
      CHECK_EQ (k_tid, 0, "nthr=%d: thread running masked", nthr);
      CHECK_EQ (f_runs, nthr > 2, "nthr=%d: masked filter(2) executions "
		"(+1000 if not by thread 2)", nthr);

      int pm = 0, pm_tid = -1;
#pragma omp parallel masked num_threads(nthr)
      {
	pm++;
	pm_tid = omp_get_thread_num ();
      }
      CHECK_EQ (pm, 1, "nthr=%d: parallel masked executions", nthr);
      CHECK_EQ (pm_tid, 0, "nthr=%d: thread running parallel masked", nthr);
    }
  printf ("%s: ok\n", check_prog);
  return 0;
}
