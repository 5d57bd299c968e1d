/* pause.c -- omp_pause_resource and omp_pause_resource_all, with libgomp
   12's results: 0 for the host (the initial device) outside any parallel
   region, -1 inside one (even a serialized one) and for device numbers
   that name no device, whatever the kind; and parallel regions, nested
   ones included, and the ICVs keep working after a pause, hard or soft.
   Also the Fortran entry points.

   libgomp 12 really releases its threads: a pause ends and joins the
   workers of the calling thread's pool.  A program sees it in the next
   region, whose workers are new threads: their threadprivate variables
   hold the initial value again (the master's, the initial thread's, do
   not change), and the thread-specific data destructors of the old
   workers have run by the time the pause returns.  Checked after every
   kind of pause, for a region's workers and (threadprivate data only)
   for those of nested regions' inner teams.  */

#include "../lib/check.h"
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

int32_t omp_pause_resource_ (const int32_t *, const int32_t *);
int32_t omp_pause_resource_all_ (const int32_t *);

/* A parallel region of N threads must still form and do its work.  */
static void
check_parallel (int n, const char *when)
{
  int count = 0;
  long sum = 0;
#pragma omp parallel num_threads (n) reduction (+:count, sum)
  {
    count = 1;
#pragma omp for
    for (int i = 0; i < 1000; i++)
      sum += i;
  }
  CHECK_EQ (count, n, "threads %s", when);
  CHECK_EQ (sum, 499500L, "loop %s", when);
}

static int tp = -1;
#pragma omp threadprivate (tp)

static pthread_key_t key;
static int key_destroyed;

static void
key_destructor (void *arg)
{
  (void) arg;
  __atomic_add_fetch (&key_destroyed, 1, __ATOMIC_RELAXED);
}

/* Regions of N threads (with NESTED, each member the master of an inner
   team of 2) mark every thread's threadprivate TP and thread-specific
   KEY; PAUSE (); then a region of the same shape must find TP at its
   initial value in every thread but the initial one, and every worker's
   KEY destructor has run.  */
static void
check_released (int n, bool nested, int (*pause) (void), const char *what)
{
  int workers = nested ? 2 * n - 1 : n - 1;
  tp = 7;
  __atomic_store_n (&key_destroyed, 0, __ATOMIC_RELAXED);
  /* Implicit tasks of workers, and distinct threads: a runtime may run
     two inner teams' implicit tasks on one thread, one after the
     other.  */
  int marked = 0, threads = 0;
#pragma omp parallel num_threads (n) reduction (+:marked, threads)
  {
    if (nested)
      {
#pragma omp parallel num_threads (2) reduction (+:marked, threads)
	{
	  if (omp_get_ancestor_thread_num (1) != 0 || omp_get_thread_num ())
	    {
	      tp = 7;
	      threads += pthread_getspecific (key) == NULL;
	      pthread_setspecific (key, &key);
	      marked++;
	    }
	}
      }
    else if (omp_get_thread_num ())
      {
	tp = 7;
	threads += pthread_getspecific (key) == NULL;
	pthread_setspecific (key, &key);
	marked++;
      }
  }
  CHECK_EQ (marked, workers, "%s: workers marked", what);
  CHECK_EQ (pause (), 0, "%s", what);
  /* libgomp's threads of nested teams are not pooled: they end, and
     run their destructors, at some time after their region has ended,
     not in the pause.  */
  if (!nested)
    CHECK_EQ (__atomic_load_n (&key_destroyed, __ATOMIC_RELAXED), threads,
	      "%s: thread-specific data destructors run by the pause", what);
  int fresh = 0, stale = 0;
#pragma omp parallel num_threads (n) reduction (+:fresh, stale)
  {
    if (nested)
      {
#pragma omp parallel num_threads (2) reduction (+:fresh, stale)
	{
	  if (omp_get_ancestor_thread_num (1) != 0 || omp_get_thread_num ())
	    {
	      fresh += tp == -1;
	      stale += tp != -1;
	    }
	}
      }
    else if (omp_get_thread_num ())
      {
	fresh += tp == -1;
	stale += tp != -1;
      }
  }
  CHECK_EQ (stale, 0, "%s: workers with the old threadprivate value", what);
  CHECK_EQ (fresh, workers, "%s: workers", what);
  CHECK_EQ (tp, 7, "%s: the initial thread keeps its threadprivate value",
	    what);
}

static int
pause_soft (void)
{
  return omp_pause_resource (omp_pause_soft, omp_get_initial_device ());
}

static int
pause_hard (void)
{
  return omp_pause_resource (omp_pause_hard, omp_get_initial_device ());
}

static int
pause_all_soft (void)
{
  return omp_pause_resource_all (omp_pause_soft);
}

static int
pause_all_hard (void)
{
  return omp_pause_resource_all (omp_pause_hard);
}

static int
pause_fortran (void)
{
  int32_t kind = omp_pause_hard;
  return omp_pause_resource_all_ (&kind);
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);
  int host = omp_get_initial_device ();

  check_parallel (4, "before any pause");
  CHECK_EQ (omp_pause_resource (omp_pause_soft, host), 0, "soft, host");
  check_parallel (4, "after a soft pause");
  CHECK_EQ (omp_pause_resource (omp_pause_hard, host), 0, "hard, host");
  check_parallel (3, "after a hard pause");
  CHECK_EQ (omp_pause_resource_all (omp_pause_soft), 0, "all, soft");
  check_parallel (5, "after pause_all soft");
  CHECK_EQ (omp_pause_resource_all (omp_pause_hard), 0, "all, hard");
  check_parallel (2, "after pause_all hard");

  /* Devices that do not exist.  */
  CHECK_EQ (omp_pause_resource (omp_pause_soft, 1), -1, "device 1");
  CHECK_EQ (omp_pause_resource (omp_pause_hard, -1), -1, "device -1");
  CHECK_EQ (omp_pause_resource (omp_pause_soft, 12345), -1, "device 12345");

  /* Inside parallel regions, active or not.  */
  int bad = 0;
#pragma omp parallel num_threads (3) reduction (+:bad)
  {
    bad += omp_pause_resource (omp_pause_soft, host) != -1;
    bad += omp_pause_resource_all (omp_pause_hard) != -1;
  }
  CHECK_EQ (bad, 0, "pausing in a parallel region");
#pragma omp parallel num_threads (1) reduction (+:bad)
  bad += omp_pause_resource (omp_pause_soft, host) != -1;
  CHECK_EQ (bad, 0, "pausing in a serialized parallel region");

  /* Between many regions of different sizes and a nested one.  */
  omp_set_max_active_levels (2);
  for (int i = 1; i <= 8; i++)
    {
      CHECK_EQ (omp_pause_resource_all (i % 2 ? omp_pause_soft
					: omp_pause_hard), 0, "round %d", i);
      int inner = 0;
#pragma omp parallel num_threads (i) reduction (+:inner)
#pragma omp parallel num_threads (2) reduction (+:inner)
      inner = 1;
      CHECK (inner >= i && inner <= 2 * i, "nested after pause %d: %d", i,
	     inner);
    }
  CHECK_EQ (omp_get_max_active_levels (), 2, "ICVs survive a pause");

  /* Fortran.  */
  int32_t soft = omp_pause_soft, hard = omp_pause_hard, dev = host, bad_dev = 3;
  CHECK_EQ (omp_pause_resource_ (&soft, &dev), 0, "Fortran, host");
  CHECK_EQ (omp_pause_resource_ (&hard, &bad_dev), -1, "Fortran, device 3");
  CHECK_EQ (omp_pause_resource_all_ (&hard), 0, "Fortran, all");
  check_parallel (4, "after the Fortran pauses");

  /* The threads are released.  */
  CHECK_EQ (pthread_key_create (&key, key_destructor), 0, "key");
  omp_set_dynamic (0);
  check_released (4, false, pause_soft, "soft pause");
  check_released (3, false, pause_hard, "hard pause");
  check_released (2, false, pause_all_soft, "soft pause of all");
  check_released (5, false, pause_all_hard, "hard pause of all");
  check_released (4, false, pause_fortran, "Fortran pause of all");
  check_released (3, true, pause_hard, "hard pause, nested");
  check_released (2, true, pause_all_soft, "soft pause of all, nested");
  return 0;
}
