/* parallel-many.c -- 10^4 parallel regions in a row with changing team
   sizes.

   The runtime keeps a pool of idle threads between regions; growing and
   shrinking it every few regions, and reusing threads from a bigger team
   in a smaller one, must never lose a thread, start one twice or leave a
   stale thread number.  Each region checks its team; the count of
   regions a worker ran is compared with what the team sizes imply.  */

#include "../lib/check.h"

#define REGIONS 10000
#define MAXT 64

int
main (int argc, char **argv)
{
  static const int sizes[] = { 1, 2, 3, 4, 8, 2, 5, 3, 1, 7 };
  static int ran[MAXT][16];	/* per thread number, padded */
  long expect[MAXT] = { 0 };
  (void) argc;
  check_init (argv[0]);

  for (int r = 0; r < REGIONS; r++)
    {
      /* An oversubscribed team now and then.  */
      int n = r % 1000 == 999 ? 64 : sizes[r % 10];
      int count = 0, idsum = 0, bad = 0;
      /* Odd r: no clause (nthreads-var); even r: num_threads(n).  */
      if (r % 2)
	{
	  omp_set_num_threads (n);
#pragma omp parallel
	  {
	    int t = omp_get_thread_num ();
	    if (omp_get_num_threads () != n || t < 0 || t >= n)
	      bad = 1;
	    else
	      ran[t][0]++;
#pragma omp atomic
	    count++;
#pragma omp atomic
	    idsum += t;
	  }
	}
      else
	{
#pragma omp parallel num_threads(n)
	  {
	    int t = omp_get_thread_num ();
	    if (omp_get_num_threads () != n || t < 0 || t >= n)
	      bad = 1;
	    else
	      ran[t][0]++;
#pragma omp atomic
	    count++;
#pragma omp atomic
	    idsum += t;
	  }
	}
      CHECK (!bad, "region %d: a thread saw a wrong team size or number "
	     "(team of %d)", r, n);
      CHECK_EQ (count, n, "region %d: threads that ran it", r);
      CHECK_EQ (idsum, n * (n - 1) / 2, "region %d: sum of thread numbers",
		r);
      for (int t = 0; t < n; t++)
	expect[t]++;
    }
  for (int t = 0; t < MAXT; t++)
    CHECK_EQ (ran[t][0], expect[t], "regions run by thread number %d", t);
  printf ("%s: %d regions ok\n", check_prog, REGIONS);
  return 0;
}
