/* join-recall.c -- workers that reach the end of a parallel region while
   the master is still in its code come back for the tasks it creates
   later, and the region ends with every task complete.

   The runtime's workers count themselves in at the region's join as soon
   as they have nothing to run, and take that back when a task appears
   before the master is done (runtime/join.c).  Here the master first
   works alone long enough for the workers to be at the end (spinning,
   or asleep once their spin count is spent), then creates the tasks.
   Checked: every task has completed when the region ends, and some ran
   on another thread than their creator -- on a machine busy enough that no
   worker got a CPU in time that may fail once, so each case tries again
   for up to TRY_SECONDS and needs one success.  Each setting of the waiting policy re-executes
   the program (run_self): the default spin, none (GOMP_SPINCOUNT=0,
   passive: workers sleep at once), and a short one spent before the
   tasks come.  */

#include "../lib/check.h"
#include "../lib/spin.h"

#include <time.h>

#define NTASKS 200
#define TRY_SECONDS 10

static long done_count, done_elsewhere;
static int producer;		/* thread number of the task creator */

static void
task_body (void)
{
  spin_us (50);
  if (omp_get_thread_num () != __atomic_load_n (&producer, __ATOMIC_RELAXED))
    __atomic_add_fetch (&done_elsewhere, 1, __ATOMIC_RELAXED);
  __atomic_add_fetch (&done_count, 1, __ATOMIC_RELAXED);
}

/* The master works for LATE_US, then creates the tasks in CONSTRUCT;
   nothing follows it in the region.  Returns the tasks threads other
   than their creator ran, -1 if some task had not completed at the region's end.  */
#define LATE_PRODUCER(NAME, CONSTRUCT)					\
  static long								\
  NAME (int nthr, long late_us)						\
  {									\
    __atomic_store_n (&done_count, 0, __ATOMIC_RELAXED);		\
    __atomic_store_n (&done_elsewhere, 0, __ATOMIC_RELAXED);		\
    PRAGMA (omp parallel num_threads (nthr))				\
    PRAGMA (omp CONSTRUCT)						\
    {									\
      __atomic_store_n (&producer, omp_get_thread_num (),		\
			__ATOMIC_RELAXED);				\
      spin_us (late_us);						\
      for (int i = 0; i < NTASKS; i++)					\
	{								\
	  PRAGMA (omp task)						\
	  task_body ();							\
	}								\
    }									\
    if (__atomic_load_n (&done_count, __ATOMIC_RELAXED) != NTASKS)	\
      return -1;							\
    return __atomic_load_n (&done_elsewhere, __ATOMIC_RELAXED);	\
  }

LATE_PRODUCER (late_master, master)
LATE_PRODUCER (late_single, single nowait)

static void
kernel (void)
{
  /* Late by nothing (workers still starting), by less than a default
     spin, and by more (20 ms: asleep, unless spinning forever).  */
  static const long lates[] = { 0, 2000, 20000 };
  for (int nthr = 2; nthr <= 3; nthr++)
    for (unsigned int l = 0; l < sizeof lates / sizeof lates[0]; l++)
      for (int single = 0; single <= 1; single++)
	{
	  int helped = 0, t;
	  double until = omp_get_wtime () + TRY_SECONDS;
	  for (t = 1; !helped && omp_get_wtime () < until; t++)
	    {
	      long elsewhere = single ? late_single (nthr, lates[l])
				      : late_master (nthr, lates[l]);
	      CHECK (elsewhere >= 0, "%s producer %ld us late, %d threads: "
		     "a task not complete at the region's end",
		     single ? "single nowait" : "master", lates[l], nthr);
	      helped = elsewhere > 0;
	    }
	  CHECK (helped >= 1, "%s producer %ld us late, %d threads: no task "
		 "ran on another thread in %d tries (%d s)",
		 single ? "single nowait" : "master", lates[l], nthr, t - 1,
		 TRY_SECONDS);
	}
}

static const char *const settings[][3] = {
  { NULL },
  { "GOMP_SPINCOUNT=0", NULL },
  { "OMP_WAIT_POLICY=passive", NULL },
  { "GOMP_SPINCOUNT=1000", NULL },
};

int
main (int argc, char **argv)
{
  return run_kernel_per_setting (argc, argv, kernel, settings,
				 sizeof settings / sizeof settings[0]);
}
