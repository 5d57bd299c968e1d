/* barrier.c -- barrier stress: many barriers in a row, and every thread
   sees every write made by any thread before the barrier.

   GOMP_barrier is the explicit barrier and also the implicit one at the
   end of static loops, single and the region itself.  In round r each
   thread writes r into its slot (and a payload into a shared array), then
   after the barrier reads all slots: each must be r, never r - 1 (write
   not visible) or r + 1 (a thread left the barrier early and wrote the
   next round).  Two barriers per round separate the read from the next
   write.  */

#include "../lib/check.h"

#define MAXT 64

static struct
{
  long round;
  long payload[7];
} slot[MAXT];

static int
rounds_for (int nthr)
{
  /* Keep the oversubscribed runs short: on two cores every barrier of a
     64-thread team is a full round of context switches.  */
  return nthr >= 64 ? 100 : nthr > 3 ? 1000 : 3000;
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);

  for (int t = 0; t < N_TEST_THREAD_COUNTS; t++)
    {
      int nthr = test_thread_counts[t];
      int rounds = rounds_for (nthr);
      long bad_round = -1, bad_got = 0;
      int bad_thread = -1;
      memset (slot, 0, sizeof slot);

#pragma omp parallel num_threads(nthr)
      {
	int me = omp_get_thread_num ();
	for (long r = 1; r <= rounds; r++)
	  {
	    for (int k = 0; k < 7; k++)
	      slot[me].payload[k] = r * 8 + k;
	    slot[me].round = r;
#pragma omp barrier
	    for (int u = 0; u < nthr; u++)
	      {
		long got = slot[u].round;
		if (got != r || slot[u].payload[6] != r * 8 + 6)
		  {
#pragma omp critical
		    if (bad_round < 0)
		      {
			bad_round = r;
			bad_thread = u;
			bad_got = got;
		      }
		  }
	      }
#pragma omp barrier
	  }
      }
      CHECK (bad_round < 0, "nthr=%d: after barrier %ld, thread %d's slot "
	     "held round %ld (or a stale payload)", nthr, bad_round,
	     bad_thread, bad_got);
    }

  /* Barriers of nested (active) teams are separate: inner teams of
     different sizes go through their own barriers independently.  */
  {
    int bad = 0;
    omp_set_max_active_levels (2);
#pragma omp parallel num_threads(2)
    {
      int outer = omp_get_thread_num ();
#pragma omp parallel num_threads(2 + outer)
      {
	static long cnt[2][8];
	int me = omp_get_thread_num (), n = omp_get_num_threads ();
	for (long r = 1; r <= 500; r++)
	  {
	    cnt[outer][me] = r;
#pragma omp barrier
	    for (int u = 0; u < n; u++)
	      if (cnt[outer][u] != r)
		bad = 1;
#pragma omp barrier
	  }
      }
    }
    CHECK_EQ (bad, 0, "nested teams' barriers");
  }

  /* The implicit barrier at the end of a region: the primary thread sees
     all writes of the team.  */
  for (int t = 0; t < N_TEST_THREAD_COUNTS; t++)
    {
      int nthr = test_thread_counts[t];
      static long out[MAXT];
      for (int r = 0; r < 200; r++)
	{
#pragma omp parallel num_threads(nthr)
	  out[omp_get_thread_num ()] = r * 1000 + omp_get_thread_num ();
	  for (int u = 0; u < nthr; u++)
	    CHECK_EQ (out[u], r * 1000 + u, "nthr=%d: region %d: write of "
		      "thread %d after the end of the region", nthr, r, u);
	}
    }
  printf ("%s: ok\n", check_prog);
  return 0;
}
