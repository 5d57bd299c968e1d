/* lastprivate.c -- lastprivate on loops (every schedule, split and
   combined, non-unit and downward steps, collapse, the iteration variable
   itself, lastprivate(conditional:)) and on sections.

   The value after the construct must be the one of the sequentially last
   iteration (or lexically last section), whichever thread ran it.  GCC
   implements the copy in the program; the runtime has to tell the right
   thread that it got the last iteration (GOMP_loop_*_next, or the static
   split from the team size / thread number) and the copy-out must be
   visible after the closing barrier.  lastprivate(conditional:) uses
   GOMP_atomic_start/_end and the monotonic GOMP_loop_dynamic_*.  */

#include "../lib/check.h"

struct pt
{
  int a;
  double b;
  char tag[6];
};

struct lp_result
{
  long x, i;
  struct pt p;
  int arr[3];
};

/* The loop: i = lb, lb+step, ... while (step > 0 ? i < ub : i > ub), with
   lastprivate variables of several kinds, the iteration variable among
   them (its value after the loop is the first one that fails the test).  */
#define LP_BODY								\
  {									\
    x = i * 2;								\
    p.a = (int) i;							\
    p.b = i / 2.0;							\
    strcpy (p.tag, "last");						\
    arr[0] = (int) i;							\
    arr[2] = (int) -i;							\
  }

#define LP_FN(NAME, SCHED)						\
  static void __attribute__ ((noinline))				\
  NAME (long lb, long ub, long step, int chunk, int nthr, int comb,	\
	struct lp_result *res)						\
  {									\
    long x = -1, i = -1;						\
    struct pt p = { -1, -1.0, "none" };					\
    int arr[3] = { -1, -1, -1 };					\
    (void) chunk;							\
    if (comb && step > 0)						\
      {									\
	PRAGMA (omp parallel for num_threads (nthr) SCHED		\
		lastprivate (x, p, arr, i))				\
	for (i = lb; i < ub; i += step)					\
	  LP_BODY							\
      }									\
    else if (comb)							\
      {									\
	PRAGMA (omp parallel for num_threads (nthr) SCHED		\
		lastprivate (x, p, arr, i))				\
	for (i = lb; i > ub; i += step)					\
	  LP_BODY							\
      }									\
    else								\
      {									\
	PRAGMA (omp parallel num_threads (nthr))			\
	{								\
	  if (step > 0)							\
	    {								\
	      PRAGMA (omp for SCHED lastprivate (x, p, arr, i))		\
	      for (i = lb; i < ub; i += step)				\
		LP_BODY							\
	    }								\
	  else								\
	    {								\
	      PRAGMA (omp for SCHED lastprivate (x, p, arr, i))		\
	      for (i = lb; i > ub; i += step)				\
		LP_BODY							\
	    }								\
	}								\
      }									\
    res->x = x;								\
    res->i = i;								\
    res->p = p;								\
    memcpy (res->arr, arr, sizeof arr);					\
  }

LP_FN (lp_static, schedule (static))
LP_FN (lp_static_c, schedule (static, chunk))
LP_FN (lp_dynamic, schedule (dynamic, chunk))
LP_FN (lp_guided, schedule (guided, chunk))
LP_FN (lp_runtime, schedule (runtime))
LP_FN (lp_auto, schedule (auto))
LP_FN (lp_mono, schedule (monotonic: dynamic, chunk))

typedef void lp_fn (long, long, long, int, int, int, struct lp_result *);

static void
check_lp (const char *name, lp_fn *fn, long lb, long ub, long step,
	  int chunk, int nthr, int comb)
{
  struct lp_result r;
  long n = step > 0 ? (ub - lb + step - 1) / step : (lb - ub - step - 1)
    / -step;
  long last = lb + (n - 1) * step;
  char what[200];

  snprintf (what, sizeof what, "%s %s lb=%ld ub=%ld step=%ld chunk=%d "
	    "nthr=%d", comb ? "parallel for" : "for", name, lb, ub, step,
	    chunk, nthr);
  fn (lb, ub, step, chunk, nthr, comb, &r);
  CHECK_EQ (r.x, last * 2, "%s: lastprivate long", what);
  CHECK_EQ (r.i, last + step, "%s: lastprivate iteration variable", what);
  CHECK_EQ (r.p.a, last, "%s: lastprivate struct member a", what);
  CHECK (r.p.b == last / 2.0, "%s: lastprivate struct member b: expected "
	 "%g, got %g", what, last / 2.0, r.p.b);
  CHECK (strcmp (r.p.tag, "last") == 0, "%s: lastprivate struct member tag:"
	 " expected \"last\", got \"%.5s\"", what, r.p.tag);
  CHECK_EQ (r.arr[0], last, "%s: lastprivate array [0]", what);
  CHECK_EQ (r.arr[2], -last, "%s: lastprivate array [2]", what);
  /* arr[1] is never assigned in the loop: each thread's private copy is
     uninitialized, so it is not checked.  */
}

/* lastprivate(conditional:): the value of the last iteration that
   assigned it.  */
static void __attribute__ ((noinline))
check_conditional (int n, int chunk, int nthr)
{
  int x = -1, y = -1;
  int expect_x = -1, expect_y = -1;

  for (int i = 0; i < n; i++)
    {
      if (i % 7 == 3 && i < n - 5)
	expect_x = i;
      if (i % 11 == 0)
	expect_y = i * 3;
    }
#pragma omp parallel for schedule(dynamic, chunk) num_threads(nthr) \
	lastprivate(conditional: x, y)
  for (int i = 0; i < n; i++)
    {
      if (i % 7 == 3 && i < n - 5)
	x = i;
      if (i % 11 == 0)
	y = i * 3;
    }
  CHECK_EQ (x, expect_x, "lastprivate(conditional:) n=%d chunk=%d nthr=%d",
	    n, chunk, nthr);
  CHECK_EQ (y, expect_y, "lastprivate(conditional:) n=%d chunk=%d nthr=%d",
	    n, chunk, nthr);

  x = -1;
#pragma omp parallel for schedule(static) num_threads(nthr) \
	lastprivate(conditional: x)
  for (int i = 0; i < n; i++)
    if (i % 7 == 3 && i < n - 5)
      x = i;
  CHECK_EQ (x, expect_x, "lastprivate(conditional:) static n=%d nthr=%d", n,
	    nthr);
}

/* firstprivate + lastprivate of one variable, collapse(2) with the inner
   index lastprivate, unsigned long long with run-time bounds.  */
static void __attribute__ ((noinline))
check_misc (int nthr, int chunk, unsigned long long ulb)
{
  int v = 1000, first_ok = 1;
  int i, j;
  unsigned long long u, ulast = 0;

#pragma omp parallel for firstprivate(v) lastprivate(v) num_threads(nthr) \
	schedule(dynamic, chunk) reduction(&&: first_ok)
  for (int k = 0; k < 100; k++)
    {
      /* Each thread's copy starts at 1000 and only grows.  */
      first_ok = first_ok && v >= 1000;
      v = 1000 + k + 1;
    }
  CHECK (first_ok, "firstprivate+lastprivate nthr=%d: a thread's copy did "
	 "not start from the original value", nthr);
  CHECK_EQ (v, 1100, "firstprivate+lastprivate nthr=%d chunk=%d", nthr,
	    chunk);

#pragma omp parallel for collapse(2) lastprivate(i, j) num_threads(nthr) \
	schedule(guided, chunk)
  for (i = 0; i < 13; i++)
    for (j = 5; j < 22; j += 4)
      ;
  CHECK_EQ (i, 13, "collapse(2) lastprivate(i) nthr=%d chunk=%d", nthr,
	    chunk);
  /* In the last iteration j runs to 21, then its loop ends at 25.  */
  CHECK_EQ (j, 25, "collapse(2) lastprivate(j) nthr=%d chunk=%d", nthr,
	    chunk);

#pragma omp parallel for lastprivate(ulast, u) num_threads(nthr) \
	schedule(dynamic, chunk)
  for (u = ulb; u < ulb + 1000; u += 3)
    ulast = u;
  CHECK (ulast == ulb + 999, "ull lastprivate nthr=%d: expected %llu, got "
	 "%llu", nthr, ulb + 999, ulast);
  CHECK (u == ulb + 1002, "ull lastprivate iteration variable nthr=%d: "
	 "expected %llu, got %llu", nthr, ulb + 1002, u);
}

/* sections lastprivate: the lexically last section's value.  */
static void __attribute__ ((noinline))
check_sections (int nthr)
{
  int s = -1;
  double d = -1;
#pragma omp parallel sections lastprivate(s, d) num_threads(nthr)
  {
#pragma omp section
    {
      s = 1;
      d = 1.5;
    }
#pragma omp section
    {
      s = 2;
      d = 2.5;
    }
#pragma omp section
    {
      s = 3;
      d = 3.5;
    }
  }
  CHECK_EQ (s, 3, "parallel sections lastprivate nthr=%d", nthr);
  CHECK (d == 3.5, "parallel sections lastprivate nthr=%d: expected 3.5, "
	 "got %g", nthr, d);

  s = -1;
#pragma omp parallel num_threads(nthr)
  {
#pragma omp sections lastprivate(s)
    {
#pragma omp section
      s = 10;
#pragma omp section
      s = 20;
    }
  }
  CHECK_EQ (s, 20, "sections lastprivate nthr=%d", nthr);
}

int
main (int argc, char **argv)
{
  static const struct
  {
    const char *name;
    lp_fn *fn;
  } fns[] = {
    { "static", lp_static }, { "static,c", lp_static_c },
    { "dynamic,c", lp_dynamic }, { "guided,c", lp_guided },
    { "runtime", lp_runtime }, { "auto", lp_auto },
    { "monotonic:dynamic,c", lp_mono },
  };
  static const struct
  {
    long lb, ub, step;
  } cases[] = {
    { 0, 1000, 1 }, { -50, 77, 5 }, { 300, -20, -7 }, { 9, 10, 1 },
    { 3, 4000, 999 },
  };
  static const omp_sched_t rt[] = {
    omp_sched_static, omp_sched_dynamic, omp_sched_guided, omp_sched_auto
  };

  (void) argc;
  check_init (argv[0]);
  for (int t = 0; t < N_TEST_THREAD_COUNTS; t++)
    {
      int nthr = test_thread_counts[t];
      for (int c = 0; c < 4; c++)
	{
	  int chunk = c * 3 + 1;
	  omp_set_schedule (rt[c], chunk);
	  for (int f = 0; f < (int) (sizeof fns / sizeof fns[0]); f++)
	    for (int k = 0; k < (int) (sizeof cases / sizeof cases[0]); k++)
	      for (int comb = 0; comb < 2; comb++)
		check_lp (fns[f].name, fns[f].fn, cases[k].lb, cases[k].ub,
			  cases[k].step, chunk, nthr, comb);
	  check_conditional (500, chunk, nthr);
	  check_misc (nthr, chunk, (1ULL << 63) - 500);
	}
      check_sections (nthr);
    }
  printf ("%s: ok\n", check_prog);
  return 0;
}
