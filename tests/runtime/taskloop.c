/* taskloop.c -- the taskloop construct over long and int iterators:
   grainsize, grainsize(strict:), num_tasks, num_tasks(strict:), no
   clause, nogroup, if, final, priority, collapse, lastprivate, a
   taskloop outside any parallel region and one per thread; teams of 1,
   2, 3, 8 and 64.

   GCC 12: `taskloop` -> GOMP_taskloop (fn, data, cpyfn, arg_size,
   arg_align, flags, num_tasks, priority, start, end, step).  flags: 1
   untied, 2 final, 4 mergeable, 1<<9 grainsize (NUM_TASKS is then the
   grain size), 1<<10 the if clause's value, 1<<11 nogroup, 1<<12
   reduction, 1<<14 strict.  The runtime splits the iterations into tasks
   and writes each task's [start, end) into the first two longs of its
   copy of DATA.

   Which task runs which iterations is visible: each task has its own
   copy of a firstprivate variable, so the body records, per iteration,
   the first iteration of its task.  Tasks must run contiguous ranges in
   order, every iteration exactly once, and the ranges must follow the
   clauses: OpenMP 5.1 gives bounds (grainsize G: between G and 2G - 1
   iterations per task; strict: exactly G but the last; num_tasks T:
   min (T, N) tasks), and within them libgomp 12 balances the sizes (the
   first N % T tasks one iteration more), which our runtime reproduces,
   so the exact sizes are checked.  Without the clauses libgomp makes one
   task per thread of the team.  */

#include "../lib/check.h"

#include <limits.h>
#include <time.h>

#define NMAX 5000

static int hits[NMAX], first_of[NMAX], thread_of[NMAX], order_of[NMAX];
static int seq;

static void
sleep_us (long us)
{
  struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };
  nanosleep (&ts, NULL);
}

static void
reset (void)
{
  memset (hits, 0, sizeof hits);
  memset (first_of, -1, sizeof first_of);
  seq = 0;
}

enum mode { NONE, GRAIN, GRAIN_STRICT, NTASKS, NTASKS_STRICT };
static const char *const mode_name[] = {
  "no clause", "grainsize", "grainsize(strict)", "num_tasks",
  "num_tasks(strict)"
};

/* The task sizes libgomp 12 makes for N iterations (OpenMP 5.1 bounds,
   balanced); returns the number of tasks.  */
static int
expected_sizes (enum mode m, long n, long v, int nthr, long *sizes)
{
  long t, base, extra;
  switch (m)
    {
    case GRAIN_STRICT:
      t = n / v;
      for (long k = 0; k < t; k++)
	sizes[k] = v;
      if (n % v)
	sizes[t++] = n % v;
      return (int) t;
    case GRAIN:
      t = n / v;
      if (t < 1)
	t = 1;
      break;
    case NONE:
      v = nthr;
      /* fall through */
    default:
      t = v < n ? v : n;
      break;
    }
  base = n / t;
  extra = n % t;
  for (long k = 0; k < t; k++)
    sizes[k] = base + (k < extra);
  return (int) t;
}

/* Check the iterations 0..N-1 (indices) against MODE, V.  */
static void
check_split (const char *what, enum mode m, long n, long v, int nthr)
{
  static long sizes[NMAX], want[NMAX];
  int ntasks = 0;
  for (long i = 0; i < n; i++)
    {
      CHECK (hits[i] == 1, "%s, %s %ld, n=%ld: iteration %ld ran %d times",
	     what, mode_name[m], v, n, i, hits[i]);
      if (i == 0 || first_of[i] != first_of[i - 1])
	{
	  /* A new task begins here, and it must have begun here.  */
	  CHECK (first_of[i] == i, "%s, %s %ld: iteration %ld belongs to a "
		 "task that started at %d", what, mode_name[m], v, i,
		 first_of[i]);
	  sizes[ntasks++] = 0;
	}
      sizes[ntasks - 1]++;
    }
  int nwant = expected_sizes (m, n, v, nthr, want);
  CHECK_EQ (ntasks, nwant, "%s, %s %ld, n=%ld, %d threads: tasks", what,
	    mode_name[m], v, n, nthr);
  for (int k = 0; k < ntasks; k++)
    CHECK_EQ (sizes[k], want[k], "%s, %s %ld, n=%ld: size of task %d", what,
	      mode_name[m], v, n, k);
}

/* One taskloop over LO..HI by STEP (STEP > 0: i < HI, else i > HI) with
   CLAUSE, from the calling task (in a single construct, or alone).  */
#define LOOP_BODY(idx)							\
  {									\
    long ix_ = (idx);							\
    if (first == -1)							\
      first = (int) ix_;						\
    first_of[ix_] = first;						\
    hits[ix_]++;							\
    thread_of[ix_] = omp_get_thread_num ();				\
    order_of[ix_] = __atomic_fetch_add (&seq, 1, __ATOMIC_RELAXED);	\
  }

#define DEFINE_RUN(name, clause)					\
  static void								\
  name (long lo, long hi, long step, long v)				\
  {									\
    int first = -1;							\
    (void) v;								\
    reset ();								\
    if (step > 0)							\
      {									\
	PRAGMA (omp taskloop firstprivate(first) clause)		\
	for (long i = lo; i < hi; i += step)				\
	  LOOP_BODY ((i - lo) / step)					\
      }									\
    else								\
      {									\
	PRAGMA (omp taskloop firstprivate(first) clause)		\
	for (long i = lo; i > hi; i += step)				\
	  LOOP_BODY ((i - lo) / step)					\
      }									\
  }

DEFINE_RUN (run_none, )
DEFINE_RUN (run_grain, grainsize(v))
DEFINE_RUN (run_grain_strict, grainsize(strict: v))
DEFINE_RUN (run_ntasks, num_tasks(v))
DEFINE_RUN (run_ntasks_strict, num_tasks(strict: v))

typedef void run_fn (long, long, long, long);
static run_fn *const runs[] = {
  run_none, run_grain, run_grain_strict, run_ntasks, run_ntasks_strict
};

/* Many taskloops from one single construct: the other threads run the
   tasks from the single's barrier.  */
static void
check_splits (int nthr)
{
  static const long ns[] = { 1, 2, 7, 64, 100, 1000, 4999 };
  static const long vs[] = { 1, 3, 7, 64, 100, 5000 };
#pragma omp parallel num_threads(nthr)
#pragma omp single
  {
    for (int m = NONE; m <= NTASKS_STRICT; m++)
      for (size_t a = 0; a < sizeof ns / sizeof ns[0]; a++)
	for (size_t b = 0; b < (m == NONE ? 1 : sizeof vs / sizeof vs[0]);
	     b++)
	  {
	    long n = ns[a], v = vs[b];
	    if (nthr == 64 && n > 100)
	      continue;
	    runs[m] (0, n, 1, v);
	    check_split ("0..n by 1", m, n, v, nthr);
	    /* Other bounds and steps, the same logical iterations.  */
	    runs[m] (-3 * n + 5, 5, 3, v);
	    check_split ("-3n+5..5 by 3", m, n, v, nthr);
	    runs[m] (10, 10 - 7 * n, -7, v);
	    check_split ("10 down by 7", m, n, v, nthr);
	  }
    /* Near the ends of long.  */
    run_ntasks (LONG_MAX - 3000, LONG_MAX - 5, 3, 7);
    check_split ("near LONG_MAX", NTASKS, 999, 7, nthr);
    run_grain_strict (LONG_MIN + 3000, LONG_MIN + 5, -3, 10);
    check_split ("near LONG_MIN", GRAIN_STRICT, 999, 10, nthr);
    /* Empty loops create nothing.  */
    run_grain (5, 5, 1, 1);
    run_ntasks (5, 6, -1, 1);
    for (int i = 0; i < 10; i++)
      CHECK_EQ (hits[i], 0, "empty taskloop, iteration %d", i);
  }
}

/* ---- if, final, priority, nogroup, collapse, lastprivate ------------ */

static void
check_clauses (int nthr)
{
  int bad = 0;
  /* if(0): undeferred tasks, on the encountering thread, in order.  */
  reset ();
#pragma omp parallel num_threads(nthr) shared(bad)
#pragma omp single
  {
    int me = omp_get_thread_num (), first = -1;
#pragma omp taskloop if(0) grainsize(10) firstprivate(first)
    for (long i = 0; i < 1000; i++)
      LOOP_BODY (i)
    for (int i = 0; i < 1000; i++)
      if (thread_of[i] != me || order_of[i] != i)
	bad = 1;
  }
  CHECK_EQ (bad, 0, "nthr=%d: taskloop if(0) ran elsewhere or out of order",
	    nthr);
  check_split ("if(0)", GRAIN, 1000, 10, nthr);

  /* final(1): every task final.  final(0): none.  */
  int nfinal = 0, nnotfinal = 0;
#pragma omp parallel num_threads(nthr)
#pragma omp single
  {
#pragma omp taskloop final(1) num_tasks(8)
    for (int i = 0; i < 80; i++)
      if (omp_in_final ())
#pragma omp atomic
	nfinal++;
#pragma omp taskloop final(nthr < 0) num_tasks(8)
    for (int i = 0; i < 80; i++)
      if (!omp_in_final ())
#pragma omp atomic
	nnotfinal++;
  }
  CHECK_EQ (nfinal, 80, "nthr=%d: iterations in final tasks", nthr);
  CHECK_EQ (nnotfinal, 80, "nthr=%d: iterations in non-final tasks", nthr);

  /* priority, untied, mergeable: only that everything runs once.  */
  reset ();
#pragma omp parallel num_threads(nthr)
#pragma omp single
  {
    int first = -1;
#pragma omp taskloop priority(5) untied mergeable grainsize(3) \
  firstprivate(first)
    for (long i = 0; i < 300; i++)
      LOOP_BODY (i)
  }
  check_split ("priority untied mergeable", GRAIN, 300, 3, nthr);

  /* Without nogroup the taskloop waits for its tasks' descendants too;
     with nogroup a taskwait waits for its tasks.  */
  int grand = 0, ng = 0, bad_group = 0;
#pragma omp parallel num_threads(nthr)
#pragma omp single
  {
#pragma omp taskloop num_tasks(10)
    for (int i = 0; i < 10; i++)
      {
#pragma omp task shared(grand)
	{
	  sleep_us (200);
#pragma omp atomic
	  grand++;
	}
      }
    int g;
#pragma omp atomic read
    g = grand;
    if (g != 10)
      bad_group = 1;
#pragma omp taskloop nogroup grainsize(1)
    for (int i = 0; i < 50; i++)
      {
#pragma omp atomic
	ng++;
      }
#pragma omp taskwait
    int n;
#pragma omp atomic read
    n = ng;
    if (n != 50)
      bad_group = 2;
    /* nogroup inside the caller's taskgroup.  */
#pragma omp taskgroup
    {
#pragma omp taskloop nogroup num_tasks(5)
      for (int i = 0; i < 50; i++)
	{
#pragma omp task shared(ng)
	  {
#pragma omp atomic
	    ng++;
	  }
	}
    }
#pragma omp atomic read
    n = ng;
    if (n != 100)
      bad_group = 3;
  }
  CHECK_EQ (bad_group, 0, "nthr=%d: taskloop completion (1 taskgroup, 2 "
	    "nogroup+taskwait, 3 nogroup in taskgroup)", nthr);

  /* collapse(2) over 30 x 17 (i, j) pairs, num_tasks over the product. */
  reset ();
#pragma omp parallel num_threads(nthr)
#pragma omp single
  {
    int first = -1;
#pragma omp taskloop collapse(2) num_tasks(7) firstprivate(first)
    for (int i = 0; i < 30; i++)
      for (int j = 16; j >= 0; j--)
	LOOP_BODY (i * 17 + (16 - j))
  }
  check_split ("collapse(2)", NTASKS, 30 * 17, 7, nthr);

  /* lastprivate: the value of the sequentially last iteration.  */
  long last = -1, lastg = -1, lastd = -1;
  int lastv = -1;
#pragma omp parallel num_threads(nthr)
#pragma omp single
  {
    long i;
#pragma omp taskloop lastprivate(i) grainsize(7)
    for (i = 0; i < 100; i += 3)
      ;
    last = i;
#pragma omp taskloop lastprivate(i) grainsize(1000)
    for (i = 0; i < 100; i += 3)
      ;
    lastg = i;
#pragma omp taskloop lastprivate(i, lastv) num_tasks(3)
    for (i = 50; i > -50; i -= 4)
      lastv = (int) i;
    lastd = i;
  }
  CHECK_EQ (last, 102, "nthr=%d: lastprivate iterator, grainsize(7)", nthr);
  CHECK_EQ (lastg, 102, "nthr=%d: lastprivate iterator, one task", nthr);
  CHECK_EQ (lastd, -50, "nthr=%d: lastprivate iterator, down", nthr);
  CHECK_EQ (lastv, -46, "nthr=%d: lastprivate variable", nthr);

  /* Every thread runs its own taskloop at once.  */
  int total = 0;
#pragma omp parallel num_threads(nthr) shared(total)
  {
#pragma omp taskloop grainsize(4)
    for (int i = 0; i < 40; i++)
      {
#pragma omp atomic
	total++;
      }
  }
  CHECK_EQ (total, 40 * nthr, "nthr=%d: a taskloop per thread", nthr);
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);
  for (int i = 0; i < N_TEST_THREAD_COUNTS; i++)
    {
      int nthr = test_thread_counts[i];
      check_splits (nthr);
      check_clauses (nthr);
    }

  /* Outside any parallel region: one task by default, run at once.  */
  reset ();
  int first = -1;
#pragma omp taskloop firstprivate(first)
  for (long i = 0; i < 100; i++)
    LOOP_BODY (i)
  check_split ("no parallel region", NONE, 100, 0, 1);
  reset ();
  first = -1;
#pragma omp taskloop num_tasks(4) firstprivate(first)
  for (long i = 0; i < 100; i++)
    LOOP_BODY (i)
  check_split ("no parallel region", NTASKS, 100, 4, 1);
  return 0;
}
