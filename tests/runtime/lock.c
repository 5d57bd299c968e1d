/* lock.c -- simple locks: omp_init/destroy/set/unset/test_lock under
   contention.

   The program owns the 4-byte omp_lock_t (GCC's omp.h); the runtime may
   use exactly those 4 bytes (guards around each lock check that it writes
   nothing else).  Mutual exclusion is checked with a non-atomic
   read-modify-write; omp_test_lock must fail while another thread holds
   the lock and succeed once it is free; many locks in one array must be
   independent; locks work between user pthreads too.  */

#include "../lib/check.h"
#include <pthread.h>

#define NLOCKS 64
#define GUARD 0x5a5a5a5a

static struct
{
  int before;
  omp_lock_t lock;
  int after;
  long counter;
} locks[NLOCKS];

static int overlap;

static void
check_guards (const char *what)
{
  for (int i = 0; i < NLOCKS; i++)
    CHECK (locks[i].before == GUARD && locks[i].after == GUARD, "%s: the "
	   "runtime wrote outside omp_lock_t #%d (guards %#x %#x)", what, i,
	   (unsigned) locks[i].before, (unsigned) locks[i].after);
}

static void
locked_inc (int i)
{
  static int inside[NLOCKS];
  if (__atomic_fetch_add (&inside[i], 1, __ATOMIC_RELAXED) != 0)
    __atomic_store_n (&overlap, 1, __ATOMIC_RELAXED);
  long v = *(volatile long *) &locks[i].counter;
  for (volatile int k = 0; k < 10; k++)
    ;
  *(volatile long *) &locks[i].counter = v + 1;
  __atomic_fetch_sub (&inside[i], 1, __ATOMIC_RELAXED);
}

static void *
pthread_user (void *arg)
{
  (void) arg;
  for (int k = 0; k < 2000; k++)
    {
      omp_set_lock (&locks[1].lock);
      locked_inc (1);
      omp_unset_lock (&locks[1].lock);
    }
  return NULL;
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);
  CHECK (sizeof (omp_lock_t) == 4, "sizeof (omp_lock_t) = %zu",
	 sizeof (omp_lock_t));

  for (int i = 0; i < NLOCKS; i++)
    {
      locks[i].before = locks[i].after = GUARD;
      omp_init_lock (&locks[i].lock);
    }
  check_guards ("after omp_init_lock");

  for (int t = 0; t < N_TEST_THREAD_COUNTS; t++)
    {
      int nthr = test_thread_counts[t];
      int iters = nthr > 8 ? 100 : 3000;
      long tests_ok = 0;
      for (int i = 0; i < NLOCKS; i++)
	locks[i].counter = 0;
      overlap = 0;

#pragma omp parallel num_threads(nthr) reduction(+: tests_ok)
      {
	unsigned seed = omp_get_thread_num () * 7919u + 1;
	for (int k = 0; k < iters; k++)
	  {
	    /* one hot lock ... */
	    omp_set_lock (&locks[0].lock);
	    locked_inc (0);
	    omp_unset_lock (&locks[0].lock);
	    /* ... spread over many locks ... */
	    seed = seed * 1103515245u + 12345u;
	    int i = 2 + (seed >> 16) % (NLOCKS - 2);
	    omp_set_lock (&locks[i].lock);
	    locked_inc (i);
	    omp_unset_lock (&locks[i].lock);
	    /* ... and acquired by polling omp_test_lock */
	    while (!omp_test_lock (&locks[1].lock))
	      ;
	    tests_ok++;
	    locked_inc (1);
	    omp_unset_lock (&locks[1].lock);
	  }
      }
      long spread = 0;
      for (int i = 2; i < NLOCKS; i++)
	spread += locks[i].counter;
      CHECK_EQ (overlap, 0, "nthr=%d: two threads held one lock at once",
		nthr);
      CHECK_EQ (locks[0].counter, (long) nthr * iters, "nthr=%d: increments"
		" under the hot lock", nthr);
      CHECK_EQ (spread, (long) nthr * iters, "nthr=%d: increments under the"
		" spread locks", nthr);
      CHECK_EQ (locks[1].counter, (long) nthr * iters, "nthr=%d: increments"
		" under omp_test_lock", nthr);
      CHECK_EQ (tests_ok, (long) nthr * iters, "nthr=%d: successful "
		"omp_test_lock calls", nthr);
      check_guards ("after the contention runs");
    }

  /* omp_test_lock fails while another thread holds the lock.  */
  {
    int held = 0, released = 0, wrong = 0, got = 0;
#pragma omp parallel num_threads(4)
    {
      if (omp_get_thread_num () == 0)
	{
	  omp_set_lock (&locks[5].lock);
	  __atomic_store_n (&held, 1, __ATOMIC_RELEASE);
	  /* let the others try for a while */
	  double t0 = omp_get_wtime ();
	  while (omp_get_wtime () - t0 < 0.05)
	    ;
	  __atomic_store_n (&released, 1, __ATOMIC_RELEASE);
	  omp_unset_lock (&locks[5].lock);
	}
      else
	{
	  while (!__atomic_load_n (&held, __ATOMIC_ACQUIRE))
	    ;
	  for (int k = 0; k < 100; k++)
	    if (!__atomic_load_n (&released, __ATOMIC_ACQUIRE)
		&& omp_test_lock (&locks[5].lock))
	      {
		/* got it: only allowed if thread 0 let go meanwhile */
		if (!__atomic_load_n (&released, __ATOMIC_ACQUIRE))
#pragma omp atomic write
		  wrong = 1;
		omp_unset_lock (&locks[5].lock);
	      }
	}
#pragma omp barrier
      /* free now: exactly one thread at a time gets it */
      if (omp_test_lock (&locks[5].lock))
	{
#pragma omp atomic
	  got++;
	  omp_unset_lock (&locks[5].lock);
	}
    }
    CHECK_EQ (wrong, 0, "omp_test_lock succeeded while another thread held "
	      "the lock");
    CHECK (got >= 1, "omp_test_lock on a free lock failed in every thread");
  }

  /* Locks shared between user pthreads and an OpenMP team.  */
  {
    pthread_t th[2];
    locks[1].counter = 0;
    for (int i = 0; i < 2; i++)
      CHECK (pthread_create (&th[i], NULL, pthread_user, NULL) == 0,
	     "pthread_create");
#pragma omp parallel num_threads(3)
    for (int k = 0; k < 2000; k++)
      {
	omp_set_lock (&locks[1].lock);
	locked_inc (1);
	omp_unset_lock (&locks[1].lock);
      }
    for (int i = 0; i < 2; i++)
      pthread_join (th[i], NULL);
    CHECK_EQ (locks[1].counter, 5 * 2000L, "increments from 2 pthreads and "
	      "a team of 3 under one lock");
    CHECK_EQ (overlap, 0, "pthreads + team: two holders at once");
  }

  /* destroy, init again, use.  */
  for (int i = 0; i < NLOCKS; i++)
    {
      omp_destroy_lock (&locks[i].lock);
      omp_init_lock (&locks[i].lock);
      CHECK (omp_test_lock (&locks[i].lock), "re-initialized lock #%d not "
	     "free", i);
      omp_unset_lock (&locks[i].lock);
      omp_destroy_lock (&locks[i].lock);
    }
  check_guards ("after destroy/init/destroy");
  printf ("%s: ok\n", check_prog);
  return 0;
}
