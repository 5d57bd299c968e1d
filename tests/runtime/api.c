/* api.c -- the basic omp_* query and setting routines: omp_in_parallel,
   omp_get_num_procs, omp_get_wtime / omp_get_wtick, omp_get_max_threads
   inside and outside regions, omp_set_num_threads, omp_set_dynamic /
   omp_get_dynamic, omp_get_thread_limit, omp_set_schedule /
   omp_get_schedule, omp_in_final, omp_get_supported_active_levels.

   Where OpenMP leaves a value to the implementation (the default thread
   count, the thread limit, the default schedule) libgomp's choice is
   checked: programs depend on it.  omp_get_num_procs follows the CPU
   affinity mask (a child is started with a one-CPU mask).  */

#include "../lib/check.h"
#include <limits.h>
#include <sched.h>
#include <time.h>

static int
child (void)
{
  printf ("num_procs=%d\nmax_threads=%d\n", omp_get_num_procs (),
	  omp_get_max_threads ());
  return 0;
}

static void
check_wtime (void)
{
  double t0 = omp_get_wtime (), prev = t0, tick = omp_get_wtick ();
  struct timespec ts = { 0, 50 * 1000 * 1000 };

  CHECK (tick > 0 && tick < 0.01, "omp_get_wtick () = %g", tick);
  for (int i = 0; i < 100000; i++)
    {
      double t = omp_get_wtime ();
      CHECK (t >= prev, "omp_get_wtime () went back from %.9f to %.9f", prev,
	     t);
      prev = t;
    }
  nanosleep (&ts, NULL);
  double dt = omp_get_wtime () - t0;
  CHECK (dt >= 0.045 && dt < 10.0, "omp_get_wtime () measured %g s over a "
	 "50 ms sleep", dt);

  /* Per thread too (each thread's clock is monotonic).  */
  int bad = 0;
#pragma omp parallel num_threads(4)
  {
    double p = omp_get_wtime ();
    for (int i = 0; i < 20000; i++)
      {
	double t = omp_get_wtime ();
	if (t < p)
	  bad = 1;
	p = t;
      }
  }
  CHECK_EQ (bad, 0, "omp_get_wtime () went back in a worker thread");
}

static void
check_procs (void)
{
  cpu_set_t set, one;
  int procs = omp_get_num_procs ();
  CHECK (sched_getaffinity (0, sizeof set, &set) == 0, "sched_getaffinity");
  CHECK_EQ (procs, CPU_COUNT (&set), "omp_get_num_procs () vs the CPUs in "
	    "the affinity mask");
  CHECK_EQ (omp_get_max_threads (), procs, "default omp_get_max_threads ()");

  /* A child started on one CPU sees one.  */
  if (procs >= 2)
    {
      struct child c;
      const char *vars[] = { NULL };
      int cpu = 0;
      while (!CPU_ISSET (cpu, &set))
	cpu++;
      CPU_ZERO (&one);
      CPU_SET (cpu, &one);
      CHECK (sched_setaffinity (0, sizeof one, &one) == 0,
	     "sched_setaffinity");
      run_self (&c, "procs", vars);
      CHECK (sched_setaffinity (0, sizeof set, &set) == 0,
	     "sched_setaffinity (restore)");
      CHECK (c.status == 0, CHILD_FMT, "procs", "a one-CPU affinity mask",
	     c.status, c.out, c.err);
      CHECK_EQ (child_int (&c, "num_procs", "one CPU"), 1,
		"omp_get_num_procs () with a one-CPU affinity mask");
      CHECK_EQ (child_int (&c, "max_threads", "one CPU"), 1,
		"default omp_get_max_threads () with a one-CPU mask");
      child_free (&c);
    }
}

static void
check_num_threads_dynamic (void)
{
  int procs = omp_get_num_procs ();

  /* inside / outside */
  int in_max = -1, in_par = -1, in_par_inactive = -1, in_nested = -1;
  omp_set_num_threads (3);
  CHECK_EQ (omp_get_max_threads (), 3, "after omp_set_num_threads (3)");
#pragma omp parallel
  {
#pragma omp master
    {
      in_max = omp_get_max_threads ();
      in_par = omp_in_parallel ();
      /* nested region, inactive (max-active-levels 1): still inside an
	 active region */
#pragma omp parallel
      in_nested = omp_in_parallel ();
      /* omp_set_num_threads inside affects this thread's later regions
	 only */
      omp_set_num_threads (2);
      CHECK_EQ (omp_get_max_threads (), 2, "omp_set_num_threads (2) "
		"inside a region");
    }
  }
  CHECK_EQ (in_max, 3, "omp_get_max_threads () inside the region");
  CHECK_EQ (in_par, 1, "omp_in_parallel () in an active region");
  CHECK_EQ (in_nested, 1, "omp_in_parallel () in an inactive region nested "
	    "in an active one");
  CHECK_EQ (omp_get_max_threads (), 3, "omp_get_max_threads () after a "
	    "worker set its own nthreads-var");
#pragma omp parallel num_threads(1)
  in_par_inactive = omp_in_parallel ();
  CHECK_EQ (in_par_inactive, 0, "omp_in_parallel () in a team of one");
  CHECK_EQ (omp_in_parallel (), 0, "omp_in_parallel () outside");
  omp_set_num_threads (procs);

  /* omp_set_dynamic: the runtime may give fewer threads, never more,
     never none; off again gives exactly the number asked.  */
  CHECK_EQ (omp_get_dynamic (), 0, "default omp_get_dynamic ()");
  omp_set_dynamic (1);
  CHECK_EQ (omp_get_dynamic (), 1, "after omp_set_dynamic (1)");
  for (int r = 0; r < 20; r++)
    {
      int n = 0, sum = 0;
#pragma omp parallel num_threads(8) reduction(+: sum)
      {
#pragma omp single
	n = omp_get_num_threads ();
#pragma omp for
	for (int i = 0; i < 100; i++)
	  sum += i;
      }
      CHECK (n >= 1 && n <= 8, "dynamic: team of num_threads(8) has %d", n);
      CHECK_EQ (sum, 4950, "dynamic: loop over a team of %d", n);
    }
  omp_set_dynamic (0);
  CHECK_EQ (omp_get_dynamic (), 0, "after omp_set_dynamic (0)");
  {
    int n = 0;
#pragma omp parallel num_threads(8)
#pragma omp atomic
    n++;
    CHECK_EQ (n, 8, "team of num_threads(8) with dynamic off");
  }
  /* omp_get_dynamic inside a region reflects the (inherited) ICV.  */
  {
    int d = -1;
    omp_set_dynamic (1);
#pragma omp parallel num_threads(2)
#pragma omp master
    d = omp_get_dynamic ();
    omp_set_dynamic (0);
    CHECK_EQ (d, 1, "omp_get_dynamic () inside a region");
  }
}

static void
check_schedule_api (void)
{
  static const struct
  {
    omp_sched_t kind;
    int chunk;
  } cases[] = {
    { omp_sched_static, 5 }, { omp_sched_dynamic, 3 }, { omp_sched_guided, 7 },
    { omp_sched_dynamic | omp_sched_monotonic, 2 },
    { omp_sched_guided | omp_sched_monotonic, 1 },
  };
  omp_sched_t k;
  int c;

  omp_get_schedule (&k, &c);
  CHECK (k == omp_sched_dynamic && c == 1, "default schedule: expected "
	 "dynamic,1 (libgomp), got %#x,%d", (unsigned) k, c);
  for (int i = 0; i < (int) (sizeof cases / sizeof cases[0]); i++)
    {
      omp_set_schedule (cases[i].kind, cases[i].chunk);
      omp_get_schedule (&k, &c);
      CHECK (k == cases[i].kind && c == cases[i].chunk, "omp_set_schedule "
	     "(%#x, %d) then omp_get_schedule: %#x, %d",
	     (unsigned) cases[i].kind, cases[i].chunk, (unsigned) k, c);
    }
  /* chunk < 1: the default (static: < 1; others: 1 in libgomp) */
  omp_set_schedule (omp_sched_static, 0);
  omp_get_schedule (&k, &c);
  CHECK (k == omp_sched_static && c < 1, "omp_set_schedule (static, 0): got"
	 " %#x,%d", (unsigned) k, c);
  omp_set_schedule (omp_sched_dynamic, -4);
  omp_get_schedule (&k, &c);
  CHECK (k == omp_sched_dynamic && c == 1, "omp_set_schedule (dynamic, -4): "
	 "got %#x,%d", (unsigned) k, c);
  omp_set_schedule (omp_sched_auto, 0);
  omp_get_schedule (&k, &c);
  CHECK (k == omp_sched_auto, "omp_set_schedule (auto): got kind %#x",
	 (unsigned) k);

  /* run-sched-var is inherited by the region, and a thread's change is
     its own.  */
  {
    int bad = 0;
    omp_set_schedule (omp_sched_guided, 9);
#pragma omp parallel num_threads(3)
    {
      omp_sched_t kk;
      int cc;
      omp_get_schedule (&kk, &cc);
      if (kk != omp_sched_guided || cc != 9)
	bad = 1;
      omp_set_schedule (omp_sched_static, omp_get_thread_num () + 1);
      omp_get_schedule (&kk, &cc);
      if (kk != omp_sched_static || cc != omp_get_thread_num () + 1)
	bad = 2;
    }
    CHECK_EQ (bad, 0, "schedule ICV in a region (1: not inherited, 2: "
	      "a thread's own setting lost)");
    omp_get_schedule (&k, &c);
    CHECK (k == omp_sched_guided && c == 9, "schedule after the region: "
	   "%#x,%d", (unsigned) k, c);
  }
  omp_set_schedule (omp_sched_dynamic, 1);
}

int
main (int argc, char **argv)
{
  check_init (argv[0]);
  if (argc > 1)
    return child ();

  check_procs ();
  check_wtime ();
  check_num_threads_dynamic ();
  check_schedule_api ();

  CHECK_EQ (omp_get_thread_limit (), INT_MAX, "default "
	    "omp_get_thread_limit ()");
  CHECK (omp_get_supported_active_levels () >= 1, "omp_get_supported_active"
	 "_levels () = %d", omp_get_supported_active_levels ());
  CHECK_EQ (omp_in_final (), 0, "omp_in_final () outside any task");
  {
    int f = -1;
#pragma omp parallel num_threads(2)
#pragma omp master
    f = omp_in_final ();
    CHECK_EQ (f, 0, "omp_in_final () in an implicit task");
  }
  printf ("%s: ok\n", check_prog);
  return 0;
}
