/* taskloop-ull.c -- taskloop over unsigned long long iterators
   (GOMP_taskloop_ull): increasing loops with several steps, also in the
   upper half of the range (where signed arithmetic would go wrong) and
   up to the last values below ULLONG_MAX, a decreasing loop, every
   splitting clause, nogroup; teams of 1, 2, 3, 8 and 64.

   GCC 12: GOMP_taskloop_ull (fn, data, cpyfn, arg_size, arg_align, flags,
   num_tasks, priority, start, end, step); the direction is flag 1<<8
   (up), since an unsigned step cannot say it; the step of a decreasing
   loop is passed as its two's complement.  Each task's [start, end)
   goes into the first two unsigned long longs of its block.

   As in taskloop.c, a firstprivate copy per task tells which iterations
   each task ran: every iteration once, contiguous tasks of the sizes
   libgomp 12 makes (OpenMP 5.1's bounds, balanced).  Decreasing loops
   use step 1 only: GCC 12 miscompiles other steps for unsigned
   iterators (tests/README.md).  */

#include "../lib/check.h"

#include <limits.h>

#define NMAX 3000
typedef unsigned long long ull;

static int hits[NMAX], first_of[NMAX];

enum mode { GRAIN, GRAIN_STRICT, NTASKS, NONE };

static void
reset (void)
{
  memset (hits, 0, sizeof hits);
  memset (first_of, -1, sizeof first_of);
}

static void
check_split (const char *what, enum mode m, long n, long v, int nthr)
{
  long sizes[NMAX], ntasks = 0, t, want;
  for (long i = 0; i < n; i++)
    {
      CHECK (hits[i] == 1, "%s (mode %d, %ld): iteration %ld ran %d times",
	     what, m, v, i, hits[i]);
      if (i == 0 || first_of[i] != first_of[i - 1])
	{
	  CHECK (first_of[i] == i, "%s: iteration %ld in a task that "
		 "started at %d", what, i, first_of[i]);
	  sizes[ntasks++] = 0;
	}
      sizes[ntasks - 1]++;
    }
  if (m == GRAIN_STRICT)
    {
      want = (n + v - 1) / v;
      CHECK_EQ (ntasks, want, "%s: strict grainsize %ld, tasks", what, v);
      for (long k = 0; k < ntasks; k++)
	CHECK_EQ (sizes[k], k < ntasks - 1 || n % v == 0 ? v : n % v,
		  "%s: strict grainsize %ld, task %ld", what, v, k);
      return;
    }
  if (m == GRAIN)
    t = n / v < 1 ? 1 : n / v;
  else
    {
      long req = m == NONE ? nthr : v;
      t = req < n ? req : n;
    }
  CHECK_EQ (ntasks, t, "%s (mode %d, %ld, %d threads): tasks", what, m, v,
	    nthr);
  for (long k = 0; k < ntasks; k++)
    CHECK_EQ (sizes[k], n / t + (k < n % t), "%s (mode %d, %ld): task %ld",
	      what, m, v, k);
}

#define BODY(idx)							\
  {									\
    long ix_ = (long) (idx);						\
    if (first == -1)							\
      first = (int) ix_;						\
    first_of[ix_] = first;						\
    hits[ix_]++;							\
  }

#define DEFINE_UP(name, clause)						\
  static void								\
  name (ull lo, ull hi, ull step, long v)				\
  {									\
    int first = -1;							\
    (void) v;								\
    reset ();								\
    PRAGMA (omp taskloop firstprivate(first) clause)			\
    for (ull i = lo; i < hi; i += step)					\
      BODY ((i - lo) / step)						\
  }

DEFINE_UP (up_grain, grainsize(v))
DEFINE_UP (up_strict, grainsize(strict: v))
DEFINE_UP (up_ntasks, num_tasks(v))
DEFINE_UP (up_none, )

static void
down_ntasks (ull hi, ull lo, long v)
{
  int first = -1;
  reset ();
#pragma omp taskloop firstprivate(first) num_tasks(v)
  for (ull i = hi; i > lo; i--)
    BODY (hi - i)
}

static void
check_ull (int nthr)
{
  static const ull starts[] = {
    0, 5, (ull) LONG_MAX - 1000, (ull) LONG_MAX + 7, ULLONG_MAX - 20000
  };
  static const ull steps[] = { 1, 3, 7 };
#pragma omp parallel num_threads(nthr)
#pragma omp single
  {
    for (size_t a = 0; a < sizeof starts / sizeof starts[0]; a++)
      for (size_t b = 0; b < sizeof steps / sizeof steps[0]; b++)
	{
	  ull lo = starts[a], step = steps[b];
	  long n = nthr == 64 ? 200 : 2500;
	  ull hi = lo + (ull) n * step - (step - 1);	/* n iterations */
	  up_grain (lo, hi, step, 9);
	  check_split ("up, grainsize", GRAIN, n, 9, nthr);
	  up_strict (lo, hi, step, 9);
	  check_split ("up, strict grainsize", GRAIN_STRICT, n, 9, nthr);
	  up_ntasks (lo, hi, step, 13);
	  check_split ("up, num_tasks", NTASKS, n, 13, nthr);
	  up_none (lo, hi, step, 0);
	  check_split ("up, no clause", NONE, n, 0, nthr);
	}
    /* The last values of the type: ULLONG_MAX - 1 is the last.  */
    up_grain (ULLONG_MAX - 1000, ULLONG_MAX, 1, 100);
    check_split ("up to ULLONG_MAX", GRAIN, 1000, 100, nthr);
    down_ntasks ((ull) LONG_MAX + 1000, (ull) LONG_MAX - 1000, 7);
    check_split ("down across LONG_MAX", NTASKS, 2000, 7, nthr);
    down_ntasks (ULLONG_MAX, ULLONG_MAX - 500, 3);
    check_split ("down from ULLONG_MAX", NTASKS, 500, 3, nthr);
    /* Empty.  */
    up_grain (10, 10, 1, 1);
    up_ntasks (ULLONG_MAX, 5, 1, 3);
    for (int i = 0; i < 10; i++)
      CHECK_EQ (hits[i], 0, "empty ull taskloop, iteration %d", i);
  }

  /* nogroup and a taskwait; a collapsed ull nest.  */
  int count = 0, pairs = 0;
#pragma omp parallel num_threads(nthr)
#pragma omp single
  {
#pragma omp taskloop nogroup grainsize(10)
    for (ull i = (ull) LONG_MAX; i < (ull) LONG_MAX + 300; i++)
      {
#pragma omp atomic
	count++;
      }
#pragma omp taskwait
#pragma omp taskloop collapse(2) num_tasks(5)
    for (ull i = ULLONG_MAX - 40; i < ULLONG_MAX - 10; i++)
      for (ull j = 3; j < 20; j += 2)
	{
#pragma omp atomic
	  pairs++;
	}
  }
  CHECK_EQ (count, 300, "nthr=%d: nogroup ull taskloop", nthr);
  CHECK_EQ (pairs, 30 * 9, "nthr=%d: collapsed ull taskloop", nthr);
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);
  for (int i = 0; i < N_TEST_THREAD_COUNTS; i++)
    check_ull (test_thread_counts[i]);
  return 0;
}
