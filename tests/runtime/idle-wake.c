/* idle-wake.c -- a task created while every other thread of the team is
   at a barrier, spinning or about to sleep or asleep, wakes one of them
   to run it: no wake-up is lost.

   The runtime's waiting threads count themselves as sleepers, look once
   more for work, then sleep; a thread that queues a task reads that
   count after queuing it and wakes a sleeper if there is one
   (runtime/idle.c).  A wake lost between the two would leave the task
   queued with every other thread asleep.  Here, round after round, one
   thread (a different one each round) waits until all the others have
   gone to the barrier, lets a varying time pass -- none, a few
   microseconds, about a short spin, past it -- so that the others are
   caught at every step of going to sleep, creates tasks, and then waits
   for them without reaching a task scheduling point: only another thread
   can run them.  Checked: every task of every round ran within
   WAIT_SECONDS, and the barrier then completes with all tasks done.  A
   lost wake-up fails the round's check, which ends the program.  Each wait policy re-executes the
   program (run_self): the default, passive (sleep at once), a short
   spin, and active (with the small team only: a team far larger than
   the CPUs that never sleeps would only make the rounds slow).  */

#include "../lib/check.h"
#include "../lib/spin.h"

#include <sched.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define WAIT_SECONDS 30
#define MAX_TASKS 8

static int arrived;		/* threads gone to this round's barrier */
static int ran;			/* tasks of this round that ran */
static int ran_elsewhere;	/* of those, on another thread */
static int producer;

/* A cheap generator, the same sequence on every runtime.  */
static unsigned int
next_random (unsigned int *state)
{
  *state = *state * 1103515245u + 12345u;
  return *state >> 16;
}

static void
rounds (int nthr, int nrounds, long *late)
{
  static const long delays_us[] = { 0, 0, 2, 10, 50, 200, 1000, 5000 };
  __atomic_store_n (&arrived, 0, __ATOMIC_RELAXED);
#pragma omp parallel num_threads (nthr)
  {
    unsigned int seed = 7;
    for (int r = 0; r < nrounds; r++)
      {
	/* Every thread draws the same numbers: the round's producer,
	   delay and task count.  */
	int who = (int) (next_random (&seed) % (unsigned int) nthr);
	long delay
	  = delays_us[next_random (&seed) % (sizeof delays_us
					     / sizeof delays_us[0])];
	int ntasks = 1 + (int) (next_random (&seed) % MAX_TASKS);
	if (omp_get_num_threads () != nthr)
	  who = 0;
	if (omp_get_thread_num () == who)
	  {
	    int others = (r + 1) * (omp_get_num_threads () - 1);
	    while (__atomic_load_n (&arrived, __ATOMIC_ACQUIRE) < others)
	      sched_yield ();
	    __atomic_store_n (&ran, 0, __ATOMIC_RELAXED);
	    __atomic_store_n (&ran_elsewhere, 0, __ATOMIC_RELAXED);
	    __atomic_store_n (&producer, who, __ATOMIC_RELAXED);
	    spin_us (delay);
	    for (int i = 0; i < ntasks; i++)
	      {
#pragma omp task
		{
		  if (omp_get_thread_num ()
		      != __atomic_load_n (&producer, __ATOMIC_RELAXED))
		    __atomic_add_fetch (&ran_elsewhere, 1, __ATOMIC_RELAXED);
		  __atomic_add_fetch (&ran, 1, __ATOMIC_RELEASE);
		}
	      }
	    /* No scheduling point here: the tasks the runtime did not run
	       at their creation need another thread.  */
	    double until = omp_get_wtime () + WAIT_SECONDS;
	    while (__atomic_load_n (&ran, __ATOMIC_ACQUIRE) < ntasks
		   && omp_get_wtime () < until)
	      sched_yield ();
	    CHECK (__atomic_load_n (&ran, __ATOMIC_ACQUIRE) >= ntasks,
		   "%d threads, round %d: %d of %d tasks ran in %d s "
		   "(producer %d, %ld us late)", nthr, r,
		   __atomic_load_n (&ran, __ATOMIC_RELAXED), ntasks,
		   WAIT_SECONDS, who, delay);
	    *late += __atomic_load_n (&ran_elsewhere, __ATOMIC_RELAXED) > 0;
	  }
	else
	  __atomic_add_fetch (&arrived, 1, __ATOMIC_RELEASE);
#pragma omp barrier
	/* The barrier completes the round's tasks.  */
	CHECK_EQ (__atomic_load_n (&ran, __ATOMIC_ACQUIRE), (long long) ntasks,
		  "%d threads, round %d: tasks done at the barrier", nthr, r);
#pragma omp barrier
      }
  }
}

static void
kernel (void)
{
  const char *policy = getenv ("OMP_WAIT_POLICY");
  bool active = policy != NULL && strcmp (policy, "active") == 0;
  /* 3 threads: one more than this machine's CPUs; 24: far more, and
     more than the runtime's single-word map of queued work holds.  */
  static const int sizes[][2] = { { 3, 400 }, { 24, 150 } };
  for (unsigned int s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    {
      int nthr = sizes[s][0], nrounds = sizes[s][1];
      if (active && nthr > 3)
	continue;
      long elsewhere = 0;
      rounds (nthr, nrounds, &elsewhere);
      /* Only the other threads can have run the tasks the producer did
	 not run at their creation; that the rounds are about waking them
	 needs some such round.  */
      CHECK (elsewhere > 0, "%d threads: no round had a task run by a "
	     "waiting thread", nthr);
    }
}

static const char *const settings[][3] = {
  { NULL },
  { "OMP_WAIT_POLICY=passive", NULL },
  { "GOMP_SPINCOUNT=1000", NULL },
  { "OMP_WAIT_POLICY=active", NULL },
};

int
main (int argc, char **argv)
{
  return run_kernel_per_setting (argc, argv, kernel, settings,
				 sizeof settings / sizeof settings[0]);
}
