/* nest-lock.c -- nestable locks: recursion, ownership, contention.

   omp_nest_lock_t is 16 bytes in GCC's omp.h (libgomp: lock word, count,
   owner); guards around it check the runtime stays inside.  The owner may
   set it again (omp_test_nest_lock returns the new nesting depth), another
   thread may not (omp_test_nest_lock returns 0), and it is only free after
   as many unsets as sets.  With OpenMP 3.0 semantics the owner is the
   task, here the implicit task of each thread.  */

#include "../lib/check.h"

#define GUARD 0x33cc33cc

static struct
{
  int before;
  omp_nest_lock_t lock;
  int after;
} nl;

static long counter;
static int overlap, inside;

static void
locked_recursive (int depth)
{
  omp_set_nest_lock (&nl.lock);
  if (depth == 0)
    {
      if (__atomic_fetch_add (&inside, 1, __ATOMIC_RELAXED) != 0)
	__atomic_store_n (&overlap, 1, __ATOMIC_RELAXED);
      long v = *(volatile long *) &counter;
      *(volatile long *) &counter = v + 1;
      __atomic_fetch_sub (&inside, 1, __ATOMIC_RELAXED);
    }
  else
    locked_recursive (depth - 1);
  omp_unset_nest_lock (&nl.lock);
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);
  CHECK (sizeof (omp_nest_lock_t) == 16, "sizeof (omp_nest_lock_t) = %zu",
	 sizeof (omp_nest_lock_t));
  nl.before = nl.after = GUARD;
  omp_init_nest_lock (&nl.lock);

  /* Depth counting in one thread.  */
  for (int d = 1; d <= 10; d++)
    CHECK_EQ (omp_test_nest_lock (&nl.lock), d, "omp_test_nest_lock by the "
	      "owner: nesting depth");
  for (int d = 0; d < 10; d++)
    omp_unset_nest_lock (&nl.lock);

  /* Contention, with recursion of varying depth.  */
  for (int t = 0; t < N_TEST_THREAD_COUNTS; t++)
    {
      int nthr = test_thread_counts[t];
      int iters = nthr > 8 ? 50 : 1000;
      counter = 0;
      overlap = 0;
#pragma omp parallel num_threads(nthr)
      for (int k = 0; k < iters; k++)
	locked_recursive ((k + omp_get_thread_num ()) % 5);
      CHECK_EQ (overlap, 0, "nthr=%d: two threads inside the nest lock",
		nthr);
      CHECK_EQ (counter, (long) nthr * iters, "nthr=%d: increments under "
		"the nest lock", nthr);
    }

  /* Ownership: while thread 0 holds it (depth 2), others' test fails;
     after thread 0 unsets twice, another thread gets it at depth 1.  */
  {
    int held = 0, released = 0, wrong = 0, later = -1;
#pragma omp parallel num_threads(3)
    {
      if (omp_get_thread_num () == 0)
	{
	  omp_set_nest_lock (&nl.lock);
	  omp_set_nest_lock (&nl.lock);
	  __atomic_store_n (&held, 1, __ATOMIC_RELEASE);
	  double t0 = omp_get_wtime ();
	  while (omp_get_wtime () - t0 < 0.05)
	    ;
	  omp_unset_nest_lock (&nl.lock);
	  /* still held at depth 1 */
	  t0 = omp_get_wtime ();
	  while (omp_get_wtime () - t0 < 0.02)
	    ;
	  __atomic_store_n (&released, 1, __ATOMIC_RELEASE);
	  omp_unset_nest_lock (&nl.lock);
	}
      else
	{
	  while (!__atomic_load_n (&held, __ATOMIC_ACQUIRE))
	    ;
	  for (int k = 0; k < 200; k++)
	    if (!__atomic_load_n (&released, __ATOMIC_ACQUIRE))
	      {
		int r = omp_test_nest_lock (&nl.lock);
		if (r)
		  {
		    if (!__atomic_load_n (&released, __ATOMIC_ACQUIRE))
#pragma omp atomic write
		      wrong = r;
		    omp_unset_nest_lock (&nl.lock);
		  }
	      }
	}
#pragma omp barrier
#pragma omp single
      {
	later = omp_test_nest_lock (&nl.lock);
	if (later)
	  omp_unset_nest_lock (&nl.lock);
      }
    }
    CHECK_EQ (wrong, 0, "omp_test_nest_lock by a non-owner succeeded (value"
	      " shown) while the owner held the lock");
    CHECK_EQ (later, 1, "omp_test_nest_lock on the free lock by another "
	      "thread");
  }

  CHECK (nl.before == GUARD && nl.after == GUARD, "the runtime wrote outside"
	 " omp_nest_lock_t (guards %#x %#x)", (unsigned) nl.before,
	 (unsigned) nl.after);
  omp_destroy_nest_lock (&nl.lock);
  omp_init_nest_lock (&nl.lock);
  CHECK_EQ (omp_test_nest_lock (&nl.lock), 1, "re-initialized nest lock");
  omp_unset_nest_lock (&nl.lock);
  omp_destroy_nest_lock (&nl.lock);
  printf ("%s: ok\n", check_prog);
  return 0;
}
