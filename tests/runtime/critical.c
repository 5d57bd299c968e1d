/* critical.c -- unnamed and named critical regions under contention.

   GCC 12: `critical` -> GOMP_critical_start/_end; `critical (name)` ->
   GOMP_critical_name_start/_end (&.gomp_critical_user_name), a pointer
   slot in the program that the runtime fills lazily.  Mutual exclusion is
   checked with a plain (non-atomic) read-modify-write and an "inside"
   flag; regions of different names use different locks (checked for
   exclusion each, not for concurrency, which cannot be observed
   reliably).  */

#include "../lib/check.h"

static long c_unnamed, c_a, c_b, c_c;
static int in_unnamed, in_a, in_b, in_c, overlap;

/* Read, spin a little, write back: loses updates without exclusion.  */
static void
slow_inc (long *v, int *inside)
{
  if (__atomic_fetch_add (inside, 1, __ATOMIC_RELAXED) != 0)
    __atomic_store_n (&overlap, 1, __ATOMIC_RELAXED);
  long x = *(volatile long *) v;
  for (volatile int k = 0; k < 20; k++)
    ;
  *(volatile long *) v = x + 1;
  __atomic_fetch_sub (inside, 1, __ATOMIC_RELAXED);
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);

  for (int i = 0; i < N_TEST_THREAD_COUNTS; i++)
    {
      int nthr = test_thread_counts[i];
      int iters = nthr > 8 ? 50 : 2000;
      c_unnamed = c_a = c_b = c_c = 0;
      overlap = 0;

#pragma omp parallel num_threads(nthr)
      for (int k = 0; k < iters; k++)
	{
#pragma omp critical
	  slow_inc (&c_unnamed, &in_unnamed);
#pragma omp critical (alpha)
	  slow_inc (&c_a, &in_a);
#pragma omp critical (beta)
	  slow_inc (&c_b, &in_b);
	  /* The same name twice is the same lock.  */
	  if (k % 2)
	    {
#pragma omp critical (gamma)
	      slow_inc (&c_c, &in_c);
	    }
	  else
	    {
#pragma omp critical (gamma)
	      slow_inc (&c_c, &in_c);
	    }
	}
      CHECK_EQ (overlap, 0, "nthr=%d: two threads inside one critical "
		"region at once", nthr);
      CHECK_EQ (c_unnamed, (long) nthr * iters, "nthr=%d: unnamed critical "
		"increments", nthr);
      CHECK_EQ (c_a, (long) nthr * iters, "nthr=%d: critical(alpha) "
		"increments", nthr);
      CHECK_EQ (c_b, (long) nthr * iters, "nthr=%d: critical(beta) "
		"increments", nthr);
      CHECK_EQ (c_c, (long) nthr * iters, "nthr=%d: critical(gamma) "
		"increments", nthr);
    }

  /* Nested critical regions of different names (allowed), from a nested
     parallel region too.  */
  {
    long n = 0;
    omp_set_max_active_levels (2);
#pragma omp parallel num_threads(3)
#pragma omp parallel num_threads(2)
    for (int k = 0; k < 100; k++)
      {
#pragma omp critical (outer_name)
	{
#pragma omp critical (inner_name)
	  n++;
	}
      }
    CHECK_EQ (n, 600, "nested critical(outer_name)/critical(inner_name) in"
	      " nested teams");
  }
  printf ("%s: ok\n", check_prog);
  return 0;
}
