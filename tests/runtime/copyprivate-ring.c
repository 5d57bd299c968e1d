/* copyprivate-ring.c -- single copyprivate with fast threads running
   ahead.

   The barrier of single copyprivate is inside its construct: the threads
   read the copies' address from the work share after it.  Between two
   such constructs seven loops with nowait let a fast thread reach the
   next single copyprivate, which uses the same work share slot (the
   runtime keeps eight in flight), while a slow thread may still be
   between that barrier and its read.  Each thread must get the value of
   its own round.  That window is a few instructions: with 8 and 64
   threads on few CPUs a thread is preempted there only now and then (a
   runtime that let the next construct take the slot early passed 30000
   rounds of 64 threads), so the test exercises the pattern rather than
   forcing the race; a runtime that mixes up the rounds' copies in any
   other way fails it at once.  */

#include "../lib/check.h"

#define ROUNDS 3000
#define LOOPS 7

static int bad_round = -1;

static void
run (int nthr, int rounds)
{
  int got_bad = 0;
#pragma omp parallel num_threads (nthr) reduction (+ : got_bad)
  for (int r = 0; r < rounds; r++)
    {
      long v;
#pragma omp single copyprivate (v)
      v = 7L * r + 1;
      if (v != 7L * r + 1)
	{
	  got_bad++;
#pragma omp critical
	  bad_round = r;
	}
      for (int k = 0; k < LOOPS; k++)
	{
#pragma omp for schedule (dynamic) nowait
	  for (int i = 0; i < 2; i++)
	    __asm__ volatile ("" ::: "memory");
	}
    }
  CHECK (got_bad == 0, "%d threads: %d reads of another round's copy "
	 "(last in round %d)", nthr, got_bad, bad_round);
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);
  for (int t = 0; t < N_TEST_THREAD_COUNTS; t++)
    {
      int nthr = test_thread_counts[t];
      run (nthr, nthr > 8 ? ROUNDS / 10 : ROUNDS);
    }
  printf ("%s: ok\n", check_prog);
  return 0;
}
