/* wait-policy.c -- OMP_WAIT_POLICY and GOMP_SPINCOUNT change how idle
   threads wait (spin, yield, sleep in futex), never the results.

   Each setting re-executes this program (run_self); the child runs a
   kernel of regions, dynamic loops, barriers, single, critical, ordered
   and reductions with teams of 2, 3 and 4 on this small machine (so both
   the "threads <= CPUs" and the throttled oversubscribed waiting paths
   are used) and checks every result.  The parent only requires a clean
   exit, no output on stderr, and the child's checksum.  */

#include "../lib/check.h"

static long
kernel (int nthr)
{
  long total = 0;
  for (int r = 0; r < 60; r++)
    {
      long sum = 0, crit = 0, ord = 0;
      int single = 0, bad = 0;
#pragma omp parallel num_threads(nthr) reduction(+: sum)
      {
#pragma omp for schedule(dynamic, 4)
	for (int i = 0; i < 400; i++)
	  sum += i;
#pragma omp barrier
#pragma omp single
	single++;
#pragma omp critical
	crit += omp_get_thread_num () + 1;
#pragma omp for ordered schedule(static, 1)
	for (int i = 0; i < 20; i++)
	  {
#pragma omp ordered
	    {
	      if (ord != i)
		bad = 1;
	      ord++;
	    }
	  }
#pragma omp barrier
#pragma omp barrier
      }
      CHECK_EQ (sum, 400 * 399 / 2, "nthr=%d round %d: reduction", nthr, r);
      CHECK_EQ (single, 1, "nthr=%d round %d: single", nthr, r);
      CHECK_EQ (crit, nthr * (nthr + 1) / 2, "nthr=%d round %d: critical",
		nthr, r);
      CHECK (!bad && ord == 20, "nthr=%d round %d: ordered sequence", nthr,
	     r);
      total += sum + crit + ord + single;
    }
  return total;
}

static const char *const settings[][3] = {
  { "OMP_WAIT_POLICY=passive", NULL },
  { "OMP_WAIT_POLICY=active", NULL },
  { "OMP_WAIT_POLICY=PASSIVE", "GOMP_SPINCOUNT=100", NULL },
  { "GOMP_SPINCOUNT=0", NULL },
  { "GOMP_SPINCOUNT=1", NULL },
  { "GOMP_SPINCOUNT=10k", NULL },
  { "GOMP_SPINCOUNT=infinite", NULL },
  { "OMP_WAIT_POLICY=active", "GOMP_SPINCOUNT=1M", NULL },
  { "OMP_WAIT_POLICY", NULL },	/* unset: the default policy */
};

int
main (int argc, char **argv)
{
  check_init (argv[0]);
  if (argc > 1)
    {
      long t = 0;
      for (int n = 2; n <= 4; n++)
	t += kernel (n);
      printf ("checksum=%ld\n", t);
      return 0;
    }

  long want = -1;
  for (int i = 0; i < (int) (sizeof settings / sizeof settings[0]); i++)
    {
      long got = run_self_checked ("kernel", settings[i], "checksum");
      if (want < 0)
	want = got;
      CHECK_EQ (got, want, "%s: checksum", env_str (settings[i]));
    }
  return 0;
}
