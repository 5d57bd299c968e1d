/* taskloop-many.c -- taskloops of many small tasks, as a master or single
   nowait construct generates them: the other threads of the team are at
   the end of the region (or anywhere else) and must still be able to run
   them; every task runs exactly once, as a task of its own (its own copy
   of a firstprivate variable, a child of the encountering task); a task
   of the taskloop may itself run a taskloop; `cancel taskgroup' in a task
   body ends the construct without running any task twice.

   OpenMP 5.1 §2.12.2: the taskloop's tasks are children of the
   encountering task, in the implicit taskgroup of the construct, so
   GOMP_taskloop returns only when all of them (and their descendants)
   have completed.  */

#include "../lib/check.h"

#define N 20000

static int hits[N];
static int owner[N];

static void
check_once (int n, const char *what, int nthr)
{
  for (int i = 0; i < n; i++)
    CHECK (hits[i] == 1, "%s, %d threads: iteration %d ran %d times", what,
	   nthr, i, hits[i]);
}

/* master + taskloop: workers are at the region's end barrier.  */
static void
check_master (int nthr, int grain)
{
  memset (hits, 0, sizeof hits);
  int bad = 0;
#pragma omp parallel num_threads(nthr) shared(bad)
#pragma omp master
  {
    int mark = 0;
#pragma omp taskloop grainsize(grain) firstprivate(mark) shared(bad)
    for (int i = 0; i < N; i++)
      {
	/* A task's copy starts at 0 and sees only its own iterations.  */
	if (mark > grain * 2)
#pragma omp atomic
	  bad++;
	mark++;
#pragma omp atomic
	hits[i]++;
	owner[i] = omp_get_thread_num ();
      }
  }
  CHECK (bad == 0, "master taskloop grainsize(%d), %d threads: %d tasks "
	 "saw another task's firstprivate copy", grain, nthr, bad);
  check_once (N, "master taskloop", nthr);
  for (int i = 0; i < N; i++)
    CHECK (owner[i] >= 0 && owner[i] < nthr, "owner %d of %d", owner[i], i);
}

/* single nowait + taskloop, the others go on to a barrier; a taskloop
   inside each task of an outer taskloop.  */
static void
check_nested (int nthr)
{
  memset (hits, 0, sizeof hits);
#pragma omp parallel num_threads(nthr)
  {
#pragma omp single nowait
#pragma omp taskloop grainsize(1)
    for (int i = 0; i < 100; i++)
      {
#pragma omp taskloop grainsize(2)
	for (int j = 0; j < 200; j++)
	  {
#pragma omp atomic
	    hits[i * 200 + j]++;
	  }
	/* The inner taskloop's taskgroup: all of it is done here.  */
	for (int j = 0; j < 200; j++)
	  if (__atomic_load_n (&hits[i * 200 + j], __ATOMIC_RELAXED) != 1)
	    CHECK (0, "inner taskloop %d not complete at its end", i);
      }
#pragma omp barrier
  }
  check_once (100 * 200, "nested taskloop", nthr);
}

/* cancel taskgroup from a task of the taskloop: tasks that have not
   started are discarded, the construct ends, nothing runs twice.  */
static void
check_cancel (int nthr)
{
  memset (hits, 0, sizeof hits);
  int ran = 0;
#pragma omp parallel num_threads(nthr) shared(ran)
#pragma omp master
#pragma omp taskloop grainsize(1) shared(ran)
  for (int i = 0; i < N; i++)
    {
#pragma omp atomic
      hits[i]++;
#pragma omp atomic
      ran++;
      if (i == 10)
	{
#pragma omp cancel taskgroup
	}
    }
  for (int i = 0; i < N; i++)
    CHECK (hits[i] <= 1, "cancel: iteration %d ran %d times", i, hits[i]);
  CHECK (hits[10] == 1, "cancel: the cancelling iteration did not run");
  /* Without OMP_CANCELLATION=true the cancel construct does nothing.
     With it, how many tasks still run is not specified (a runtime may run
     them all at creation, undeferred, as libgomp does with this many),
     only that none runs twice and the construct ends.  */
  if (!omp_get_cancellation ())
    CHECK (ran == N, "cancel without OMP_CANCELLATION: %d of %d ran", ran, N);
}

int
main (int argc, char **argv)
{
  check_init (argv[0]);
  if (argc > 1 && strcmp (argv[1], "cancel") == 0)
    {
      for (int t = 0; t < N_TEST_THREAD_COUNTS; t++)
	check_cancel (test_thread_counts[t]);
      return 0;
    }
  for (int t = 0; t < N_TEST_THREAD_COUNTS; t++)
    {
      int nthr = test_thread_counts[t];
      check_master (nthr, 1);
      check_master (nthr, 16);
      check_nested (nthr);
      check_cancel (nthr);
    }
  /* Once more with cancellation active, in a child process.  */
  const char *const vars[] = { "OMP_CANCELLATION=true", NULL };
  struct child c;
  run_self (&c, "cancel", vars);
  CHECK (c.status == 0, "with OMP_CANCELLATION=true: exit %d\n%s%s",
	 c.status, c.out, c.err);
  child_free (&c);
  return 0;
}
