/* task-producer.c -- one thread creates the tasks, the others run them:
   every task has completed where OpenMP says it has, whatever the
   waiting policy.

   The pattern behind the runtime's producer path (docs/runtime.md,
   "Tasks"): thieves take half a queue at once, and team members count
   the tasks they complete into the team's pending count in batches, at a
   barrier everybody has reached, at the end of the region or before they
   sleep.  A batch counted too late makes a barrier or the region's end
   wait forever (the test hangs, and its time limit fails it); one
   counted too early lets them pass with tasks still running (a count
   below).  Checked after an explicit barrier, at the end of a region
   (a master producer with no barrier after it, a `single nowait'
   producer), after taskwait in a producer, in a nested region, and with
   every thread producing.  Each setting of the waiting policy re-executes
   the program (run_self): spinning, sleeping at once (GOMP_SPINCOUNT=0,
   passive) and a short spin.  */

#include "../lib/check.h"

#define NTASKS 3000

static long done_count;

static void
work (void)
{
  /* A little work, so that consumers are busy while more is created.  */
  for (volatile int i = 0; i < 200; i++)
    ;
  __atomic_add_fetch (&done_count, 1, __ATOMIC_RELAXED);
}

static long
done (void)
{
  return __atomic_load_n (&done_count, __ATOMIC_RELAXED);
}

static void
reset (void)
{
  __atomic_store_n (&done_count, 0, __ATOMIC_RELAXED);
}

static void
master_then_barrier (int nthr)
{
  long seen = -1;
  reset ();
#pragma omp parallel num_threads(nthr)
  {
#pragma omp master
    for (int i = 0; i < NTASKS; i++)
      {
#pragma omp task
	work ();
      }
#pragma omp barrier
    /* Every task created before the barrier has completed.  */
#pragma omp master
    seen = done ();
  }
  CHECK_EQ (seen, (long) NTASKS, "master producer, %d threads: tasks done "
	    "after the barrier", nthr);
}

/* A producer in CONSTRUCT (master, or single nowait) and nothing after
   it: the tasks complete by the end of the region.  */
#define REGION_END_PRODUCER(NAME, CONSTRUCT)				\
  static void								\
  NAME (int nthr)							\
  {									\
    reset ();								\
    PRAGMA (omp parallel num_threads (nthr))				\
    PRAGMA (omp CONSTRUCT)						\
    for (int i = 0; i < NTASKS; i++)					\
      {									\
	PRAGMA (omp task)						\
	work ();							\
      }									\
    CHECK_EQ (done (), (long) NTASKS, #CONSTRUCT " producer, %d "	\
	      "threads: tasks done at the end of the region", nthr);	\
  }

REGION_END_PRODUCER (master_then_region_end, master)
REGION_END_PRODUCER (single_nowait, single nowait)

static void
producer_taskwait (int nthr)
{
  int bad = 0;
  reset ();
#pragma omp parallel num_threads(nthr) reduction(+: bad)
#pragma omp master
  for (int b = 1; b <= 30; b++)
    {
      for (int i = 0; i < NTASKS / 30; i++)
	{
#pragma omp task
	  work ();
	}
#pragma omp taskwait
      /* The producer's children so far have all completed.  */
      if (done () != (long) b * (NTASKS / 30))
	bad++;
    }
  CHECK_EQ (bad, 0, "producer with taskwait, %d threads: batches not "
	    "complete after taskwait", nthr);
  CHECK_EQ (done (), (long) NTASKS, "producer with taskwait, %d threads",
	    nthr);
}

static void
nested (int nthr)
{
  long per[2] = { -1, -1 };
  reset ();
#pragma omp parallel num_threads(2)
  {
    int outer = omp_get_thread_num ();
    static long inner_done[2];
    inner_done[outer] = 0;
#pragma omp parallel num_threads(nthr)
#pragma omp master
    for (int i = 0; i < NTASKS / 2; i++)
      {
#pragma omp task
	{
	  work ();
	  __atomic_add_fetch (&inner_done[outer], 1, __ATOMIC_RELAXED);
	}
      }
    /* The inner region has ended: its tasks have completed.  */
    per[outer] = __atomic_load_n (&inner_done[outer], __ATOMIC_RELAXED);
  }
  for (int o = 0; o < 2; o++)
    CHECK_EQ (per[o], (long) (NTASKS / 2), "nested producer under outer "
	      "thread %d, %d threads: tasks done at the inner region's end",
	      o, nthr);
}

static void
all_produce (int nthr)
{
  long seen = -1;
  reset ();
#pragma omp parallel num_threads(nthr)
  {
    for (int i = 0; i < NTASKS / nthr; i++)
      {
#pragma omp task
	work ();
      }
#pragma omp barrier
#pragma omp master
    seen = done ();
  }
  CHECK_EQ (seen, (long) (NTASKS / nthr) * nthr, "every thread producing, "
	    "%d threads: tasks done after the barrier", nthr);
}

static void
kernel (void)
{
  omp_set_max_active_levels (2);
  for (int r = 0; r < 5; r++)
    for (int nthr = 2; nthr <= 4; nthr++)
      {
	master_then_barrier (nthr);
	master_then_region_end (nthr);
	single_nowait (nthr);
	producer_taskwait (nthr);
	nested (nthr);
	all_produce (nthr);
      }
}

static const char *const settings[][3] = {
  { NULL },
  { "GOMP_SPINCOUNT=0", NULL },
  { "OMP_WAIT_POLICY=passive", NULL },
  { "GOMP_SPINCOUNT=200", NULL },
};

int
main (int argc, char **argv)
{
  return run_kernel_per_setting (argc, argv, kernel, settings,
				 sizeof settings / sizeof settings[0]);
}
