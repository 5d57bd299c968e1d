/* ompbench.c -- OpenMP construct overhead microbenchmarks, EPCC style.

   Method (the one of the EPCC OpenMP microbenchmark suite; this code is
   written from scratch): a construct is executed REPS times in a timed
   inner loop, each instance wrapping a small fixed amount of work, delay().
   A reference loop does the same delay() calls with no OpenMP construct.
   The overhead of one construct is

       (time of test loop - time of reference loop) / REPS

   REPS is chosen once per construct so that the test loop runs for at least
   the target time (-t).  The measurement (reference, then test) is repeated
   -r times; each test time is compared with the median reference time, and
   the median and the minimum of the overheads are printed, one line per
   construct:

       NAME <TAB> median_us <TAB> min_us

   The schedule rows (SCHED kind,chunk) are EPCC schedbench style: a worksharing
   loop of ITERS iterations per thread with a delay per iteration, inside a
   parallel region; their numbers are the overhead of one whole loop.

   Before it is timed, each row's test loop runs once in a checking mode
   (every work item done, exclusion where required); a row that fails gets
   a "# INVALID" line instead of numbers and the exit status is 1.

   Lines that start with '#' are headers: among them "# libgomp <TAB> PATH",
   the libgomp.so.1 this process really mapped (read from /proc/self/maps),
   so that a driver can check which runtime was measured, and, at the end,
   "# foreign_cpu <TAB> CPUS", how busy the machine was with other work
   while the rows were measured, so that it can repeat a disturbed run.

   Timing uses clock_gettime, and the benchmarks call no omp_* query routine
   themselves, only the OpenMP constructs (and the lock routines for LOCK).
   Tasks are not used.  */

#include "config.h"

#include <errno.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined __GNUC__ && !defined __clang__ && __GNUC__ >= 8
# define NOIPA __attribute__ ((noinline, noipa))
#else
# define NOIPA __attribute__ ((noinline))
#endif

/* Options.  */
static int outer_reps = 21;        /* -r: outer repetitions (median over) */
static double target_us = 5000.0;  /* -t: minimum test time of one rep */
static double delay_us = 0.10;     /* -d: work item of the sync benchmarks */
static double sched_delay_us = 0.1;/* -D: work per iteration, schedules */
static long sched_iters = 1024;    /* -i: loop iterations per thread */

/* Derived.  */
static long delay_len;             /* delay() argument for delay_us */
static long sched_delay_len;       /* delay() argument for sched_delay_us */
static int nthreads;               /* default team size, counted */
static int sched_chunk;            /* chunk of the running schedule row */

static omp_lock_t lock;
static long sink;                  /* defeats dead-code elimination */
static double atomic_var;          /* the ATOMIC variable */

/* ---------------------------------------------------------------- util */

static double
now_us (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec * 1e-3;
}

/* Foreign load: the CPU time that other processes (or the hypervisor,
   "steal") took while rows were measured, in CPUs on average.  It is the
   machine's busy time from /proc/stat less this process's own CPU time;
   about 0 on an idle machine, about 1 when one other program runs flat
   out, and then every number of the run is suspect.  */
struct cpu_snap
{
  double wall, self, busy;
  int ok;
};

static double foreign_cpu_s, foreign_wall_s;
static int foreign_ok = 1;

static void
cpu_snap (struct cpu_snap *c)
{
  unsigned long long v[8] = { 0 };
  struct timespec ts;
  FILE *f = fopen ("/proc/stat", "r");

  c->ok = f && fscanf (f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu",
                       &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6],
                       &v[7]) == 8;
  if (f)
    fclose (f);
  /* user nice system [idle iowait] irq softirq steal */
  c->busy = (double) (v[0] + v[1] + v[2] + v[5] + v[6] + v[7])
    / sysconf (_SC_CLK_TCK);
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  c->self = ts.tv_sec + ts.tv_nsec * 1e-9;
  c->wall = now_us () * 1e-6;
}

static void
cpu_account (const struct cpu_snap *a, const struct cpu_snap *b)
{
  foreign_ok &= a->ok && b->ok;
  foreign_cpu_s += (b->busy - a->busy) - (b->self - a->self);
  foreign_wall_s += b->wall - a->wall;
}

/* Validation: before a row is timed, its test loop runs once with
   `checking' set; delay() then counts the work items done and the most
   threads ever inside one at a time, so that a runtime that skips work or
   fails to exclude cannot look fast.  Off, it costs a predictable branch.  */
static int checking;
static long work_done;
static int inside, max_inside;

static void
check_enter (void)
{
  int now = __atomic_add_fetch (&inside, 1, __ATOMIC_SEQ_CST);
  int max = __atomic_load_n (&max_inside, __ATOMIC_RELAXED);
  while (now > max
         && !__atomic_compare_exchange_n (&max_inside, &max, now, 0,
                                          __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    ;
  __atomic_add_fetch (&work_done, 1, __ATOMIC_RELAXED);
}

static void
check_leave (void)
{
  __atomic_sub_fetch (&inside, 1, __ATOMIC_SEQ_CST);
}

/* The work item: a dependent integer chain the compiler can neither fold
   nor vectorise.  */
static NOIPA void
delay (long n)
{
  long x = 1;
  if (__builtin_expect (checking, 0))
    check_enter ();
  for (long i = 0; i < n; i++)
    {
      x = x * 3 + i;
      __asm__ volatile ("" : "+r" (x));
    }
  if (x == 42)
    sink = x;
  if (__builtin_expect (checking, 0))
    check_leave ();
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* The delay() argument that makes one call last about US microseconds.  */
static long
calibrate_delay (double us)
{
  const long probe = 1L << 20;
  double best = 1e30;
  for (int k = 0; k < 5; k++)
    {
      double t0 = now_us ();
      delay (probe);
      double t = now_us () - t0;
      if (t < best)
        best = t;
    }
  long n = (long) (us * probe / best + 0.5);
  return n < 1 ? 1 : n;
}

/* The path of every mapped file whose name looks like an OpenMP runtime.  */
static void
print_mapped_runtime (void)
{
  FILE *f = fopen ("/proc/self/maps", "r");
  char line[4096], seen[8][1024];
  int nseen = 0;

  if (!f)
    {
      printf ("# libgomp\t?\t(/proc/self/maps: %s)\n", strerror (errno));
      return;
    }
  while (fgets (line, sizeof line, f))
    {
      char *path = strchr (line, '/');
      if (!path)
        continue;
      path[strcspn (path, "\n")] = '\0';
      const char *base = strrchr (path, '/') + 1;
      if (strncmp (base, "libgomp", 7) != 0 && strncmp (base, "libomp", 6) != 0
          && strncmp (base, "libiomp", 7) != 0)
        continue;
      int dup = 0;
      for (int i = 0; i < nseen; i++)
        dup |= strcmp (seen[i], path) == 0;
      if (dup || nseen == 8)
        continue;
      snprintf (seen[nseen++], sizeof seen[0], "%s", path);
      printf ("# libgomp\t%s\n", path);
    }
  fclose (f);
  if (nseen == 0)
    printf ("# libgomp\t?\n");
}

static int
count_threads (void)
{
  int n = 0;
#pragma omp parallel shared(n)
  __atomic_fetch_add (&n, 1, __ATOMIC_RELAXED);
  return n;
}

/* ---------------------------------------------------------- references */

/* REPS work items in sequence.  */
static void
ref_delay (long reps)
{
  for (long j = 0; j < reps; j++)
    delay (delay_len);
}

/* REPS plain updates of the ATOMIC variable.  */
static void
ref_atomic (long reps)
{
  for (long j = 0; j < reps; j++)
    {
      atomic_var += 1.0;
      __asm__ volatile ("" : : : "memory");
    }
}

/* REPS loops, each the work of one thread of a schedule row.  */
static void
ref_sched (long reps)
{
  for (long j = 0; j < reps; j++)
    for (long i = 0; i < sched_iters; i++)
      delay (sched_delay_len);
}

/* --------------------------------------------------------- constructs */

static void
test_parallel (long reps)
{
  for (long j = 0; j < reps; j++)
    {
#pragma omp parallel
      delay (delay_len);
    }
}

static void
test_parallel_1 (long reps)
{
  for (long j = 0; j < reps; j++)
    {
#pragma omp parallel num_threads(1)
      delay (delay_len);
    }
}

static void
test_for (long reps)
{
  long n = nthreads;
#pragma omp parallel firstprivate(n)
  for (long j = 0; j < reps; j++)
    {
#pragma omp for schedule(static)
      for (long i = 0; i < n; i++)
        delay (delay_len);
    }
}

static void
test_parallel_for (long reps)
{
  long n = nthreads;
  for (long j = 0; j < reps; j++)
    {
#pragma omp parallel for schedule(static)
      for (long i = 0; i < n; i++)
        delay (delay_len);
    }
}

static void
test_barrier (long reps)
{
#pragma omp parallel
  for (long j = 0; j < reps; j++)
    {
      delay (delay_len);
#pragma omp barrier
    }
}

static void
test_barrier_1 (long reps)
{
#pragma omp parallel num_threads(1)
  for (long j = 0; j < reps; j++)
    {
      delay (delay_len);
#pragma omp barrier
    }
}

static void
test_single (long reps)
{
#pragma omp parallel
  for (long j = 0; j < reps; j++)
    {
#pragma omp single
      delay (delay_len);
    }
}

/* CRITICAL, LOCK and ATOMIC: REPS instances in all, REPS / nthreads per
   thread (REPS is a multiple of nthreads), all serialised.  */
static void
test_critical (long reps)
{
  long per = reps / nthreads;
#pragma omp parallel
  for (long j = 0; j < per; j++)
    {
#pragma omp critical
      delay (delay_len);
    }
}

static void
test_lock (long reps)
{
  long per = reps / nthreads;
#pragma omp parallel
  for (long j = 0; j < per; j++)
    {
      omp_set_lock (&lock);
      delay (delay_len);
      omp_unset_lock (&lock);
    }
}

static void
test_atomic (long reps)
{
  long per = reps / nthreads;
#pragma omp parallel
  for (long j = 0; j < per; j++)
    {
#pragma omp atomic
      atomic_var += 1.0;
    }
}

static void
test_reduction (long reps)
{
  for (long j = 0; j < reps; j++)
    {
      long r = 0;
#pragma omp parallel reduction(+:r)
      {
        delay (delay_len);
        r += 1;
      }
      sink += r;
    }
}

/* Schedule rows: REPS loops of sched_iters * nthreads iterations, the
   chunk size from sched_chunk.  */
static void
test_sched_static (long reps)
{
  long n = sched_iters * nthreads;
  int chunk = sched_chunk;
#pragma omp parallel firstprivate(n, chunk)
  for (long j = 0; j < reps; j++)
    {
#pragma omp for schedule(static, chunk)
      for (long i = 0; i < n; i++)
        delay (sched_delay_len);
    }
}

static void
test_sched_dynamic (long reps)
{
  long n = sched_iters * nthreads;
  int chunk = sched_chunk;
#pragma omp parallel firstprivate(n, chunk)
  for (long j = 0; j < reps; j++)
    {
#pragma omp for schedule(dynamic, chunk)
      for (long i = 0; i < n; i++)
        delay (sched_delay_len);
    }
}

static void
test_sched_guided (long reps)
{
  long n = sched_iters * nthreads;
  int chunk = sched_chunk;
#pragma omp parallel firstprivate(n, chunk)
  for (long j = 0; j < reps; j++)
    {
#pragma omp for schedule(guided, chunk)
      for (long i = 0; i < n; i++)
        delay (sched_delay_len);
    }
}

/* ------------------------------------------------------------- driver */

typedef void bench_fn (long);

/* What a row's test loop of REPS must do: REPS work items (PER_THREAD_1:
   in a team of one), REPS per thread, REPS one at a time, REPS atomic
   updates, or REPS loops of sched_iters per thread.  */
enum kind { PER_THREAD, PER_THREAD_1, EXCLUSIVE, ATOMIC, SCHED };

static double
time_fn (bench_fn *fn, long reps)
{
  double t0 = now_us ();
  fn (reps);
  return now_us () - t0;
}

static double
median (double *v, int n)
{
  qsort (v, n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* Measure TEST against REF and print one row.  Reference and test loops
   alternate, so that both see the same machine; each test sample is then
   compared with the median reference, which keeps a preempted reference
   loop from producing a bogus (negative) overhead.  */
static int
measure (const char *name, bench_fn *test, bench_fn *ref, int kind)
{
  long reps = nthreads;
  double *tref = malloc (outer_reps * sizeof *tref);
  double *ovh = malloc (outer_reps * sizeof *ovh);
  struct cpu_snap c0, c1;
  if (!tref || !ovh)
    abort ();
  cpu_snap (&c0);

  /* Warm up, then find REPS: the smallest power-of-two multiple of
     nthreads whose test loop takes at least target_us, judged on the
     fastest of three tries so that a preemption cannot cut REPS short.  */
  test (reps);
  for (; reps < (1L << 40); reps *= 2)
    {
      double best = time_fn (test, reps);
      for (int k = 0; k < 2 && best >= target_us; k++)
        {
          double t = time_fn (test, reps);
          best = t < best ? t : best;
        }
      if (best >= target_us)
        break;
    }

  /* One checked run: all the work done, and exclusion where required.  */
  long want = reps, got;
  int max_allowed = nthreads;
  double before = atomic_var;
  switch (kind)
    {
    case PER_THREAD: want = reps * nthreads; break;
    case PER_THREAD_1: max_allowed = 1; break;
    case EXCLUSIVE: max_allowed = 1; break;
    case SCHED: want = reps * sched_iters * nthreads; break;
    }
  work_done = 0;
  max_inside = 0;
  checking = 1;
  test (reps);
  checking = 0;
  got = kind == ATOMIC ? (long) (atomic_var - before) : work_done;
  if (got != want || max_inside > max_allowed)
    {
      printf ("# INVALID\t%s\t%ld of %ld work items done, up to %d threads"
              " at once (at most %d allowed)\n",
              name, got, want, max_inside, max_allowed);
      fprintf (stderr, "ompbench: %s: %ld of %ld work items done, up to %d "
               "threads at once (at most %d allowed)\n",
               name, got, want, max_inside, max_allowed);
      fflush (stdout);
      free (tref);
      free (ovh);
      return 0;
    }

  for (int k = 0; k < outer_reps; k++)
    {
      tref[k] = time_fn (ref, reps);
      ovh[k] = time_fn (test, reps);
    }
  cpu_snap (&c1);
  cpu_account (&c0, &c1);
  double ref_med = median (tref, outer_reps);
  for (int k = 0; k < outer_reps; k++)
    ovh[k] = (ovh[k] - ref_med) / reps;
  double med = median (ovh, outer_reps);
  printf ("%s\t%.4f\t%.4f\n", name, med, ovh[0]);
  fflush (stdout);
  free (tref);
  free (ovh);
  return 1;
}

struct row
{
  const char *name;
  bench_fn *test;
  bench_fn *ref;
  int kind;                     /* what the checked run must see */
  int chunk;                    /* schedule rows only */
};

static const struct row rows[] = {
  { "PARALLEL", test_parallel, ref_delay, PER_THREAD, 0 },
  { "PARALLEL (1 thr)", test_parallel_1, ref_delay, PER_THREAD_1, 0 },
  { "FOR", test_for, ref_delay, PER_THREAD, 0 },
  { "PARALLEL FOR", test_parallel_for, ref_delay, PER_THREAD, 0 },
  { "BARRIER", test_barrier, ref_delay, PER_THREAD, 0 },
  { "BARRIER (1 thr)", test_barrier_1, ref_delay, PER_THREAD_1, 0 },
  { "SINGLE", test_single, ref_delay, EXCLUSIVE, 0 },
  { "CRITICAL", test_critical, ref_delay, EXCLUSIVE, 0 },
  { "LOCK/UNLOCK", test_lock, ref_delay, EXCLUSIVE, 0 },
  { "ATOMIC", test_atomic, ref_atomic, ATOMIC, 0 },
  { "REDUCTION", test_reduction, ref_delay, PER_THREAD, 0 },
  { "SCHED static,1", test_sched_static, ref_sched, SCHED, 1 },
  { "SCHED static,4", test_sched_static, ref_sched, SCHED, 4 },
  { "SCHED static,16", test_sched_static, ref_sched, SCHED, 16 },
  { "SCHED static,64", test_sched_static, ref_sched, SCHED, 64 },
  { "SCHED dynamic,1", test_sched_dynamic, ref_sched, SCHED, 1 },
  { "SCHED dynamic,4", test_sched_dynamic, ref_sched, SCHED, 4 },
  { "SCHED dynamic,16", test_sched_dynamic, ref_sched, SCHED, 16 },
  { "SCHED dynamic,64", test_sched_dynamic, ref_sched, SCHED, 64 },
  { "SCHED guided,1", test_sched_guided, ref_sched, SCHED, 1 },
  { "SCHED guided,4", test_sched_guided, ref_sched, SCHED, 4 },
  { "SCHED guided,16", test_sched_guided, ref_sched, SCHED, 16 },
  { "SCHED guided,64", test_sched_guided, ref_sched, SCHED, 64 },
};
#define NROWS (sizeof rows / sizeof rows[0])

static void
usage (FILE *f)
{
  fprintf (f,
           "usage: ompbench [-r REPS] [-t US] [-d US] [-D US] [-i ITERS]"
           " [-l] [-x NAME | NAME...]\n"
           "  -r REPS   outer repetitions, median over them (%d)\n"
           "  -t US     minimum duration of one timed test loop (%g)\n"
           "  -d US     work item of the synchronisation rows (%g)\n"
           "  -D US     work per iteration of the SCHED rows (%g)\n"
           "  -i ITERS  iterations per thread of the SCHED rows (%ld)\n"
           "  -l        list the selected rows and exit\n"
           "  -x NAME   run the row NAME only (names may have spaces)\n"
           "  NAME...   run these rows; NAME* runs those starting with NAME\n"
           "Output: NAME<TAB>median_us<TAB>min_us; SCHED rows are per loop.\n"
           "The team size is the default one (OMP_NUM_THREADS).\n",
           outer_reps, target_us, delay_us, sched_delay_us, sched_iters);
}

/* NAME is ROW, or ends with '*' and the rest begins ROW.  */
static int
name_matches (const char *row, const char *name)
{
  size_t n = strlen (name);
  if (n > 0 && name[n - 1] == '*')
    return strncmp (row, name, n - 1) == 0;
  return strcmp (row, name) == 0;
}

static double
num_arg (const char *s, double lo)
{
  char *end;
  double v = s ? strtod (s, &end) : 0;
  if (!s || *end || v < lo)
    {
      usage (stderr);
      exit (2);
    }
  return v;
}

int
main (int argc, char **argv)
{
  int argi = 1, status = 0, list = 0;
  const char *exact = NULL;

  for (; argi < argc && argv[argi][0] == '-'; argi++)
    {
      const char *o = argv[argi], *v = argi + 1 < argc ? argv[argi + 1] : NULL;
      if (!strcmp (o, "-r"))
        outer_reps = (int) num_arg (v, 1), argi++;
      else if (!strcmp (o, "-t"))
        target_us = num_arg (v, 0), argi++;
      else if (!strcmp (o, "-d"))
        delay_us = num_arg (v, 0), argi++;
      else if (!strcmp (o, "-D"))
        sched_delay_us = num_arg (v, 0), argi++;
      else if (!strcmp (o, "-i"))
        sched_iters = (long) num_arg (v, 1), argi++;
      else if (!strcmp (o, "-x") && v)
        exact = v, argi++;
      else if (!strcmp (o, "-l"))
        list = 1;
      else if (!strcmp (o, "-h") || !strcmp (o, "--help"))
        {
          usage (stdout);
          return 0;
        }
      else if (!strcmp (o, "--"))
        {
          argi++;
          break;
        }
      else
        {
          usage (stderr);
          return 2;
        }
    }

  /* The rows to run: -x NAME, else the NAME arguments, else all.  */
  int wanted[NROWS], nwanted = 0;
  for (size_t i = 0; i < NROWS; i++)
    {
      wanted[i] = exact ? strcmp (rows[i].name, exact) == 0 : argi >= argc;
      for (int a = argi; a < argc && !exact && !wanted[i]; a++)
        wanted[i] = name_matches (rows[i].name, argv[a]);
      nwanted += wanted[i];
    }
  if (nwanted == 0)
    {
      fprintf (stderr, "ompbench: no row matches; -l lists them\n");
      return 2;
    }
  if (list)
    {
      for (size_t i = 0; i < NROWS; i++)
        if (wanted[i])
          puts (rows[i].name);
      return 0;
    }

  /* Start the team (and the runtime) before anything is timed.  */
  nthreads = count_threads ();
  for (int k = 0; k < 100; k++)
    count_threads ();
  omp_init_lock (&lock);
  delay_len = calibrate_delay (delay_us);
  sched_delay_len = calibrate_delay (sched_delay_us);

  printf ("# ompbench\t%s\n", PACKAGE_VERSION);
  print_mapped_runtime ();
  printf ("# threads\t%d\n", nthreads);
  printf ("# outer_reps\t%d\n# target_us\t%g\n", outer_reps, target_us);
  printf ("# delay_us\t%g\t(delay length %ld)\n", delay_us, delay_len);
  printf ("# sched\t%ld iterations per thread, %g us each (delay length %ld)\n",
          sched_iters, sched_delay_us, sched_delay_len);
  printf ("construct\tmedian_us\tmin_us\n");
  fflush (stdout);

  for (size_t i = 0; i < NROWS; i++)
    {
      if (!wanted[i])
        continue;
      sched_chunk = rows[i].chunk;
      if (!measure (rows[i].name, rows[i].test, rows[i].ref, rows[i].kind))
        status = 1;
    }

  if (foreign_ok && foreign_wall_s > 0)
    printf ("# foreign_cpu\t%.2f\t(CPUs used by other processes or stolen,"
            " on average, while measuring)\n",
            foreign_cpu_s / foreign_wall_s);
  omp_destroy_lock (&lock);
  if (sink == 1 && atomic_var < 0)
    puts ("#");
  return status;
}
