/* scale.c -- what a parallel region, a barrier, a task and a taskloop
   cost as the team grows far beyond the CPUs (bench/README.md,
   `make bench-scale`).

     scale [-m SECONDS] T...

   For each team size T prints one line per construct:
     T construct seconds cpu-seconds repetitions
   seconds elapsed and CPU seconds of the whole process (every thread,
   user and system) per construct.  On a machine shared with other work
   the elapsed time includes waiting for the CPUs; the CPU time is what
   the runtime itself spent, spinning included.
   region:    a parallel region of T threads, each doing a little work
	      (the same region again: the pool and hot team reused);
   barrier:   one explicit barrier in a region of T threads;
   task:      T tasks created by one thread (single) and run by the team,
	      then the region's end;
   taskloop:  a taskloop of T * 4 iterations, grainsize 4, created by one
	      thread of a T-thread team.
   Each construct runs in 3 batches of REPS repetitions, REPS chosen so
   that a batch takes about SECONDS / 3 (default SECONDS 0.2; REPS
   between 3 and 1000); the median batch's time per repetition is
   printed.  The first region of each size is not timed (it creates the
   threads).  */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>

static volatile unsigned long sink;

static void
delay (unsigned int n)
{
  unsigned long x = 0;
  for (unsigned int i = 0; i < n; i++)
    x += i * i;
  sink += x;
}

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double
cpu (void)
{
  struct rusage ru;
  getrusage (RUSAGE_SELF, &ru);
  return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6
    + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
}

static void
region (int t, int reps)
{
  for (int r = 0; r < reps; r++)
#pragma omp parallel num_threads (t)
    delay (100);
}

static void
barrier (int t, int reps)
{
#pragma omp parallel num_threads (t)
  for (int r = 0; r < reps; r++)
    {
      delay (100);
#pragma omp barrier
    }
}

static void
task (int t, int reps)
{
  for (int r = 0; r < reps; r++)
#pragma omp parallel num_threads (t)
#pragma omp single
    for (int i = 0; i < t; i++)
#pragma omp task
      delay (100);
}

static void
taskloop (int t, int reps)
{
  for (int r = 0; r < reps; r++)
#pragma omp parallel num_threads (t)
#pragma omp single
#pragma omp taskloop grainsize (4)
    for (int i = 0; i < 4 * t; i++)
      delay (25);
}

static int
cmp (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* Seconds per construct, elapsed and CPU (*CPU_OUT): the batch with the
   median elapsed time of 3.  */
static double
measure (void (*fn) (int, int), int t, double budget, int *reps_out,
	 double *cpu_out)
{
  /* Once untimed (a first task or barrier may allocate), once to
     calibrate.  */
  fn (t, 1);
  double t0 = now ();
  fn (t, 1);
  double one = now () - t0;
  int reps = one > 0 ? (int) (budget / 3 / one) : 1000;
  if (reps < 3)
    reps = 3;
  if (reps > 1000)
    reps = 1000;
  double s[3][2];
  for (int i = 0; i < 3; i++)
    {
      double c0 = cpu ();
      t0 = now ();
      fn (t, reps);
      s[i][0] = (now () - t0) / reps;
      s[i][1] = (cpu () - c0) / reps;
    }
  qsort (s, 3, sizeof s[0], cmp);
  *reps_out = reps;
  *cpu_out = s[1][1];
  return s[1][0];
}

int
main (int argc, char **argv)
{
  double budget = 0.2;
  int i = 1;
  if (i + 1 < argc && strcmp (argv[i], "-m") == 0)
    {
      budget = atof (argv[i + 1]);
      i += 2;
    }
  if (i == argc)
    {
      fprintf (stderr, "usage: scale [-m SECONDS] T...\n");
      return 2;
    }
  omp_set_dynamic (0);
  for (; i < argc; i++)
    {
      int t = atoi (argv[i]), reps;
      if (t < 1)
	{
	  fprintf (stderr, "scale: bad team size '%s'\n", argv[i]);
	  return 2;
	}
      region (t, 1);
      double c, rc;
      double r = measure (region, t, budget, &reps, &rc);
      printf ("%d region %.9f %.9f %d\n", t, r, rc, reps);
      double b = measure (barrier, t, budget, &reps, &c);
      /* One region of REPS barriers: the region's own cost spread over
	 them is taken out.  */
      b -= r / reps;
      c -= rc / reps;
      printf ("%d barrier %.9f %.9f %d\n", t, b > 0 ? b : 0, c > 0 ? c : 0,
	      reps);
      double k = measure (task, t, budget, &reps, &c);
      printf ("%d task %.9f %.9f %d\n", t, k, c, reps);
      k = measure (taskloop, t, budget, &reps, &c);
      printf ("%d taskloop %.9f %.9f %d\n", t, k, c, reps);
      fflush (stdout);
    }
  return 0;
}
