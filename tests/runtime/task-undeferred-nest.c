/* task-undeferred-nest.c -- undeferred tasks nested in undeferred tasks,
   the innermost creating deferred tasks that outlive them.

   An undeferred task may run from a struct on its thread's stack; once
   it creates a deferred child it must live on (the child refers to it)
   after its own code has returned, and so must every undeferred ancestor
   it refers to, whose code returns in turn while the child may still
   run.  After the inner task returns, the outer one goes on: its
   taskgroup must hold the tasks it creates then, and its taskwait must
   wait for them.  A runtime that kept a reference to a returned task's
   stack struct corrupts that stack (the test overwrites it) or crashes;
   one that lets the outer task go on with a stale copy of itself loses
   the tasks of its taskgroup or its taskwait.  */

#include "../lib/check.h"

#include <string.h>
#include <unistd.h>

#define ROUNDS 1000

static int __attribute__ ((noinline))
opaque (int x)
{
  return x;
}

/* Overwrite the stack below the caller, where the returned tasks' structs
   were.  */
static void __attribute__ ((noinline))
scribble (void)
{
  volatile char buf[8192];
  memset ((char *) buf, 0x5a, sizeof buf);
}

static void
run (int nthr)
{
  int late = 0, lost = 0, ran = 0;
#pragma omp parallel num_threads (nthr) reduction (+ : late, lost, ran)
#pragma omp single
  for (int r = 0; r < ROUNDS; r++)
    {
      int a_done = 0, d_done = 0, e_done = 0;
#pragma omp task if (opaque (0)) shared (a_done, d_done, e_done, lost, ran)
      {
	/* A: undeferred.  */
#pragma omp task if (opaque (0)) shared (ran)
	{
	  /* B: undeferred, child of A; C outlives both.  */
#pragma omp task if (opaque (0)) shared (ran)
	  {
#pragma omp task shared (ran)
	    {
	      usleep (opaque (50));
#pragma omp atomic
	      ran++;
	    }
	  }
	}
	scribble ();
	/* A goes on: its taskgroup and its taskwait cover what it makes
	   now.  */
#pragma omp taskgroup
	{
#pragma omp task shared (d_done)
	  {
	    usleep (opaque (50));
#pragma omp atomic write
	    d_done = 1;
	  }
	}
	int d_seen;
#pragma omp atomic read
	d_seen = d_done;
	if (!d_seen)
#pragma omp atomic
	  lost++;
#pragma omp task shared (e_done)
	{
	  usleep (opaque (50));
#pragma omp atomic write
	  e_done = 1;
	}
#pragma omp taskwait
	int e_seen;
#pragma omp atomic read
	e_seen = e_done;
	if (!e_seen)
#pragma omp atomic
	  lost++;
#pragma omp atomic write
	a_done = 1;
      }
      scribble ();
      int seen;
#pragma omp atomic read
      seen = a_done;
      if (!seen)
	late++;
    }
  /* The region's end waits for every task.  */
  CHECK (late == 0, "%d threads: %d undeferred tasks not done when their "
	 "creator went on", nthr, late);
  CHECK (lost == 0, "%d threads: %d tasks not done at their taskgroup's "
	 "end or taskwait", nthr, lost);
  CHECK (ran == ROUNDS, "%d threads: %d of %d innermost deferred tasks ran",
	 nthr, ran, ROUNDS);
}

/* The tasks of a taskloop in an undeferred task, shared out to the
   team's threads, each creating a deferred task: their parent is on the
   encountering thread's stack, whose task only that thread may move.  */
static void
run_taskloop (int nthr)
{
  int count = 0;
#pragma omp parallel num_threads (nthr)
#pragma omp single
  for (int r = 0; r < ROUNDS / 20; r++)
    {
#pragma omp task if (opaque (0)) shared (count)
      {
#pragma omp taskloop grainsize (1) shared (count)
	for (int i = 0; i < 64; i++)
	  {
#pragma omp task shared (count)
	    {
#pragma omp atomic
	      count++;
	    }
	  }
	scribble ();
      }
    }
  CHECK (count == ROUNDS / 20 * 64, "%d threads: %d of %d tasks made by "
	 "taskloop tasks ran", nthr, count, ROUNDS / 20 * 64);
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);
  for (int t = 0; t < N_TEST_THREAD_COUNTS; t++)
    {
      run (test_thread_counts[t]);
      run_taskloop (test_thread_counts[t]);
    }
  printf ("%s: ok\n", check_prog);
  return 0;
}
