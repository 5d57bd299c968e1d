/* single.c -- single, single nowait, single copyprivate.

   GCC 12: `single` -> GOMP_single_start () (true in exactly one thread)
   + GOMP_barrier unless nowait; copyprivate -> GOMP_single_copy_start ()
   (NULL in the executing thread, the executing thread's data pointer in
   the others) and GOMP_single_copy_end (data).  Each single must run once
   per encounter, also many nowait singles in flight; copyprivate must
   broadcast values of several types and sizes (int, double, long double,
   a 4 KiB struct, pointers, several variables at once).  */

#include "../lib/check.h"

struct big
{
  int v[1024];
};

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);

  for (int i = 0; i < N_TEST_THREAD_COUNTS; i++)
    {
      int nthr = test_thread_counts[i];
      int reps = nthr > 8 ? 30 : 300;
      int count = 0, count_nw = 0, bad = 0;

#pragma omp parallel num_threads(nthr)
      for (int r = 0; r < reps; r++)
	{
#pragma omp single
	  count++;
	  /* implicit barrier: everybody sees the increment */
	  if (count != r + 1)
#pragma omp atomic write
	    bad = r + 1;
	  /* (and nobody starts the next round's single before all read) */
#pragma omp barrier
#pragma omp single nowait
	  {
#pragma omp atomic
	    count_nw++;
	  }
#pragma omp single nowait
	  {
#pragma omp atomic
	    count_nw++;
	  }
	}
      CHECK_EQ (count, reps, "nthr=%d: single executions", nthr);
      CHECK_EQ (count_nw, 2 * reps, "nthr=%d: single nowait executions",
		nthr);
      CHECK_EQ (bad, 0, "nthr=%d: value after single's barrier in round",
		nthr);

      /* copyprivate */
      {
	static struct big b;
	int bad_cp = 0;
#pragma omp parallel num_threads(nthr)
	{
	  for (int r = 0; r < reps / 10 + 1; r++)
	    {
	      int x;
	      double d;
	      long double ld;
	      char *p;
	      struct big lb;
	      int who;
#pragma omp single copyprivate(x, d, ld, p, lb, who)
	      {
		who = omp_get_thread_num ();
		x = 1000 * r + 7;
		d = r * 0.5 + 0.25;
		ld = (long double) r / 3.0L;
		p = (char *) &b + r;
		for (int k = 0; k < 1024; k++)
		  lb.v[k] = k * r;
	      }
	      int ok = x == 1000 * r + 7 && d == r * 0.5 + 0.25
		&& ld == (long double) r / 3.0L && p == (char *) &b + r
		&& who >= 0 && who < nthr;
	      for (int k = 0; k < 1024; k++)
		ok = ok && lb.v[k] == k * r;
	      if (!ok)
#pragma omp atomic write
		bad_cp = r + 1;
	    }
	}
	CHECK_EQ (bad_cp, 0, "nthr=%d: copyprivate values in round (0 = all "
		  "rounds right)", nthr);
      }
    }
  printf ("%s: ok\n", check_prog);
  return 0;
}
