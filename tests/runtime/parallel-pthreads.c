/* parallel-pthreads.c -- parallel regions started from several user
   pthreads at the same time, and from short-lived pthreads.

   Each user thread is an initial thread of its own (OpenMP: each has its
   own contention group), so its regions are level 1, its team's thread
   numbers start at 0, and worksharing constructs of one pthread's team
   must not mix with another's.  Short-lived pthreads that used OpenMP
   exit while others go on (libgomp frees their thread pool through a TLS
   destructor).  */

#include "../lib/check.h"
#include <pthread.h>

#define USERS 4
#define REGIONS 150

struct user
{
  int id;
  int nthr;
  int regions;
  long sum;		/* result of the loops, checked by main */
  int bad;
};

static void *
user_main (void *arg)
{
  struct user *u = arg;
  for (int r = 0; r < u->regions; r++)
    {
      long s = 0;
      int bad = 0;
#pragma omp parallel num_threads(u->nthr) reduction(+: s)
      {
	if (omp_get_num_threads () != u->nthr || omp_get_level () != 1
	    || omp_get_active_level () != (u->nthr > 1)
	    || omp_get_ancestor_thread_num (1) != omp_get_thread_num ())
#pragma omp atomic write
	  bad = 1;
#pragma omp for schedule(dynamic, 3)
	for (int i = 0; i < 100; i++)
	  s += i + u->id;
#pragma omp single
	s += 1000;
#pragma omp barrier
#pragma omp for schedule(static) nowait
	for (int i = 0; i < 10; i++)
	  s += 1;
      }
      u->sum += s;
      if (bad)
	u->bad = 1;
    }
  CHECK_EQ (omp_get_level (), 0, "user thread %d: level after its regions",
	    u->id);
  return NULL;
}

static long
expected_sum (const struct user *u)
{
  /* per region: sum (i + id) for i < 100, + 1000 (single), + 10 */
  return (long) u->regions * (4950 + 100L * u->id + 1000 + 10);
}

int
main (int argc, char **argv)
{
  pthread_t th[USERS];
  struct user users[USERS + 1];
  (void) argc;
  check_init (argv[0]);

  /* USERS pthreads plus the initial thread, all at once.  */
  for (int i = 0; i <= USERS; i++)
    {
      users[i].id = i;
      users[i].nthr = 2 + i % 3;
      users[i].regions = REGIONS;
      users[i].sum = 0;
      users[i].bad = 0;
    }
  for (int i = 0; i < USERS; i++)
    CHECK (pthread_create (&th[i], NULL, user_main, &users[i]) == 0,
	   "pthread_create");
  user_main (&users[USERS]);
  for (int i = 0; i < USERS; i++)
    pthread_join (th[i], NULL);
  for (int i = 0; i <= USERS; i++)
    {
      CHECK (!users[i].bad, "user thread %d: a region saw wrong team size, "
	     "level or thread number", i);
      CHECK_EQ (users[i].sum, expected_sum (&users[i]), "user thread %d "
		"(team of %d): sum of its loops", i, users[i].nthr);
    }

  /* Short-lived pthreads, a few at a time, each with a few regions.  */
  for (int round = 0; round < 10; round++)
    {
      for (int i = 0; i < USERS; i++)
	{
	  users[i].regions = 3;
	  users[i].sum = 0;
	  users[i].nthr = 1 + (round + i) % 4;
	  CHECK (pthread_create (&th[i], NULL, user_main, &users[i]) == 0,
		 "pthread_create");
	}
      for (int i = 0; i < USERS; i++)
	{
	  pthread_join (th[i], NULL);
	  CHECK (!users[i].bad, "short-lived thread %d round %d: wrong team "
		 "data", i, round);
	  CHECK_EQ (users[i].sum, expected_sum (&users[i]), "short-lived "
		    "thread %d round %d (team of %d): sum", i, round,
		    users[i].nthr);
	}
    }

  /* The initial thread still works normally afterwards.  */
  users[0].regions = 5;
  users[0].sum = 0;
  users[0].nthr = 3;
  user_main (&users[0]);
  CHECK_EQ (users[0].sum, expected_sum (&users[0]), "initial thread after "
	    "the pthreads exited");
  printf ("%s: ok\n", check_prog);
  return 0;
}
