/* task-reduction.c -- task reductions: taskgroup task_reduction with
   tasks that have in_reduction, and the task modifier of reduction on
   parallel, worksharing loops (plain, ordered, doacross; long and
   unsigned long long iterators), sections and scope.

   What GCC 12 emits, and what the binary must reference (`readelf
   --dyn-syms -W` lists each):
   - taskgroup task_reduction: GOMP_taskgroup_start,
     GOMP_taskgroup_reduction_register, the tasks, GOMP_taskgroup_end,
     combination, GOMP_taskgroup_reduction_unregister;
   - in_reduction: GOMP_task_reduction_remap in the task, given the
     original's address, or a pointer into a private copy (a task created
     by a participating task, or in the body of a worksharing loop);
   - parallel reduction(task, ...): GOMP_parallel_reductions;
   - for reduction(task, ...): GOMP_loop_start / GOMP_loop_ordered_start /
     GOMP_loop_doacross_start with their `reductions' argument, and the
     GOMP_loop_ull_* twins for size_t loops whose bounds are only known
     at run time; sections: GOMP_sections2_start; scope: GOMP_scope_start;
     all end with GOMP_workshare_task_reduction_unregister.

   Operators + * min max && || ^ & |, a user-defined reduction (twice:
   with a constant initialiser, and with one that reads omp_orig, which
   makes GCC ask GOMP_task_reduction_remap for the original's address
   too), taskloop reduction and in_reduction (GOMP_taskloop and
   GOMP_taskloop_ull register on their own taskgroup), whole arrays, array sections with constant and with run-time
   bounds, nested taskgroups (an inner group inheriting the outer one's
   reductions, an inner one reducing the same variable, a participating
   task creating participating tasks, tasks queued while their thread
   masters a nested region), orphaned constructs, teams of 1,
   2, 3, 8 and 64 threads.  Every result is an integer computed exactly
   and compared with the serial value.  */

#include "../lib/check.h"
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

/* Task counts: enough for every thread of the largest team to run some
   tasks, small enough for 64 threads on two cores.  */
#define NT 200

static inline unsigned long
mixv (unsigned long i)
{
  unsigned long h = i * 0x9e3779b97f4a7c15ul;
  return (h ^ (h >> 29)) % 100000;
}

/* Run FN (ARG) outside any parallel region, on a thread of its own.
   libgomp 12 gives a thread that meets an orphaned construct with task
   reductions a team of one for good (its "artificial team"), and a
   parallel region that thread starts afterwards can hang; a thread that
   ends right after keeps that away from the rest of the test.  */
struct orphan
{
  void (*fn) (void *);
  void *arg;
};

static void *
orphan_main (void *p)
{
  struct orphan *o = p;
  o->fn (o->arg);
  return NULL;
}

static void
run_orphaned (void (*fn) (void *), void *arg)
{
  struct orphan o = { fn, arg };
  pthread_t th;
  int err = pthread_create (&th, NULL, orphan_main, &o);
  CHECK (err == 0, "pthread_create: %s", strerror (err));
  err = pthread_join (th, NULL);
  CHECK (err == 0, "pthread_join: %s", strerror (err));
}

/* ---- user-defined reductions ---------------------------------------- */

struct acc
{
  long sum;
  long count;
  long tag;			/* copied from omp_orig by the initialiser */
};

static void
acc_merge (struct acc *out, const struct acc *in)
{
  out->sum += in->sum;
  out->count += in->count;
}

#pragma omp declare reduction (merge : struct acc : acc_merge (&omp_out, &omp_in)) \
	initializer (omp_priv = (struct acc) { 0, 0, 0 })

static void
acc_init (struct acc *priv, const struct acc *orig)
{
  *priv = (struct acc) { 0, 0, orig->tag };
}

/* The initialiser takes the original's address (omp_orig): GCC passes
   cntorig > 0 to GOMP_task_reduction_remap and wants the original's
   address back.  (GCC 12 crashes on `omp_priv = (struct acc) { 0, 0,
   omp_orig.tag }' with task reductions.)  */
#pragma omp declare reduction (tagged : struct acc : acc_merge (&omp_out, &omp_in)) \
	initializer (acc_init (&omp_priv, &omp_orig))

static long
ladd_init (const long *orig)
{
  return *orig - *orig;
}

/* The same on a scalar.  (GCC 12 drops its combination on parallel
   reduction(task, ...), so only a taskgroup uses it.)  */
#pragma omp declare reduction (ladd : long : omp_out += omp_in) \
	initializer (omp_priv = ladd_init (&omp_orig))

/* Tasks record a tag different from the original's here.  */
static int bad_tag;

/* ---- taskgroup task_reduction: scalars -------------------------------- */

struct scalars
{
  long sum;
  unsigned long prod;
  long mn, mx;
  int land, lor;
  unsigned xr, band, bor;
};

static void
scalars_init (struct scalars *s)
{
  s->sum = 7;
  s->prod = 3;
  s->mn = 1000000;
  s->mx = -1;
  s->land = 1;
  s->lor = 0;
  s->xr = 0x5a5a;
  s->band = ~0u;
  s->bor = 0;
}

/* The serial result of N tasks (task I contributes what scalars_task
   does), FALSE_AT: the task whose && operand is false (-1: none).  */
static void
scalars_expect (struct scalars *s, int n, int false_at)
{
  scalars_init (s);
  for (int i = 0; i < n; i++)
    {
      unsigned long v = mixv ((unsigned long) i);
      s->sum += (long) v;
      if (i % 16 == 0)
	s->prod *= v | 1;
      if ((long) v < s->mn)
	s->mn = (long) v;
      if ((long) v > s->mx)
	s->mx = (long) v;
      s->land = s->land && i != false_at;
      s->lor = s->lor || i == false_at;
      s->xr ^= (unsigned) v;
      s->band &= ~(1u << (i % 32)) | (i == false_at ? 0u : ~0u);
      s->bor |= 1u << (v % 32);
    }
}

static void
scalars_check (const struct scalars *got, int n, int false_at,
	       const char *what)
{
  struct scalars e;
  scalars_expect (&e, n, false_at);
  CHECK_EQ (got->sum, e.sum, "%s: +", what);
  CHECK_EQ (got->prod, e.prod, "%s: *", what);
  CHECK_EQ (got->mn, e.mn, "%s: min", what);
  CHECK_EQ (got->mx, e.mx, "%s: max", what);
  CHECK_EQ (got->land, e.land, "%s: &&", what);
  CHECK_EQ (got->lor, e.lor, "%s: ||", what);
  CHECK_EQ (got->xr, e.xr, "%s: ^", what);
  CHECK_EQ (got->band, e.band, "%s: &", what);
  CHECK_EQ (got->bor, e.bor, "%s: |", what);
}

/* N tasks in a taskgroup, each in every reduction.  */
static void __attribute__ ((noinline))
scalars_taskgroup (struct scalars *out, int n, int false_at)
{
  long sum = out->sum, mn = out->mn, mx = out->mx;
  unsigned long prod = out->prod;
  int land = out->land, lor = out->lor;
  unsigned xr = out->xr, band = out->band, bor = out->bor;
#pragma omp taskgroup task_reduction (+: sum) task_reduction (*: prod) \
	task_reduction (min: mn) task_reduction (max: mx) \
	task_reduction (&&: land) task_reduction (||: lor) \
	task_reduction (^: xr) task_reduction (&: band) task_reduction (|: bor)
  for (int i = 0; i < n; i++)
#pragma omp task in_reduction (+: sum) in_reduction (*: prod) \
	in_reduction (min: mn) in_reduction (max: mx) \
	in_reduction (&&: land) in_reduction (||: lor) \
	in_reduction (^: xr) in_reduction (&: band) in_reduction (|: bor)
    {
      unsigned long v = mixv ((unsigned long) i);
      sum += (long) v;
      if (i % 16 == 0)
	prod *= v | 1;
      if ((long) v < mn)
	mn = (long) v;
      if ((long) v > mx)
	mx = (long) v;
      land = land && i != false_at;
      lor = lor || i == false_at;
      xr ^= (unsigned) v;
      band &= ~(1u << (i % 32)) | (i == false_at ? 0u : ~0u);
      bor |= 1u << (v % 32);
    }
  out->sum = sum;
  out->prod = prod;
  out->mn = mn;
  out->mx = mx;
  out->land = land;
  out->lor = lor;
  out->xr = xr;
  out->band = band;
  out->bor = bor;
}

struct scalars_arg
{
  struct scalars *s;
  int false_at;
};

static void
scalars_orphaned (void *p)
{
  struct scalars_arg *a = p;
  scalars_taskgroup (a->s, NT, a->false_at);
}

static void
test_taskgroup_scalars (int nthr)
{
  char what[96];
  for (int false_at = -1; false_at < NT; false_at += 97)
    {
      struct scalars s;
      /* Orphaned: no parallel region at all.  */
      scalars_init (&s);
      struct scalars_arg arg = { &s, false_at };
      run_orphaned (scalars_orphaned, &arg);
      snprintf (what, sizeof what, "orphaned taskgroup false_at=%d",
		false_at);
      scalars_check (&s, NT, false_at, what);

      /* In a team, one producer (single), every thread runs tasks.  */
      scalars_init (&s);
#pragma omp parallel num_threads (nthr)
#pragma omp single
      scalars_taskgroup (&s, NT, false_at);
      snprintf (what, sizeof what, "single taskgroup nthr=%d false_at=%d",
		nthr, false_at);
      scalars_check (&s, NT, false_at, what);
    }

  /* Every thread of the team in its own taskgroup at once, each with its
     own variables: concurrent registrations.  */
  struct scalars each[64];
#pragma omp parallel num_threads (nthr)
  {
    int me = omp_get_thread_num ();
    scalars_init (&each[me]);
    scalars_taskgroup (&each[me], NT / 4, me % 3 == 1 ? me : -1);
  }
  for (int t = 0; t < nthr; t++)
    {
      snprintf (what, sizeof what, "per-thread taskgroup nthr=%d t=%d",
		nthr, t);
      scalars_check (&each[t], NT / 4, t % 3 == 1 ? t : -1, what);
    }
}

/* ---- user-defined reductions, arrays, array sections ---------------- */

#define ARR 8
#define BIG 16

static void __attribute__ ((noinline))
udr_arrays (int nthr, long n_dyn)
{
  char what[96];
  snprintf (what, sizeof what, "udr/arrays nthr=%d", nthr);
  struct acc a = { 100, 1, 0 };
  struct acc b = { 0, 0, 4242 };
  long u = 1;
  long arr[ARR];
  long big[BIG];
  long *dyn = malloc ((size_t) n_dyn * sizeof *dyn);
  CHECK (dyn != NULL, "out of memory");
  for (int k = 0; k < ARR; k++)
    arr[k] = k;
  for (int k = 0; k < BIG; k++)
    big[k] = 1000 + k;
  for (long k = 0; k < n_dyn; k++)
    dyn[k] = -k;
  bad_tag = 0;

#pragma omp parallel num_threads (nthr)
#pragma omp single
#pragma omp taskgroup task_reduction (merge: a) task_reduction (tagged: b) \
	task_reduction (ladd: u) task_reduction (+: arr) task_reduction (+: big[4:8]) \
	task_reduction (+: dyn[0:n_dyn])
  for (int i = 0; i < NT; i++)
#pragma omp task in_reduction (merge: a) in_reduction (tagged: b) \
	in_reduction (ladd: u) in_reduction (+: arr) in_reduction (+: big[4:8]) \
	in_reduction (+: dyn[0:n_dyn])
    {
      a.sum += i;
      a.count++;
      if (b.tag != 4242)
	__atomic_store_n (&bad_tag, 1, __ATOMIC_RELAXED);
      b.sum += 2 * i;
      b.count++;
      u += 2 * i;
      arr[i % ARR] += i;
      big[4 + i % 8] += 1;
      dyn[i % n_dyn] += 3;
    }

  CHECK_EQ (a.sum, 100 + NT * (NT - 1) / 2, "%s: merge sum", what);
  CHECK_EQ (a.count, 1 + NT, "%s: merge count", what);
  CHECK_EQ (b.sum, NT * (NT - 1), "%s: tagged sum", what);
  CHECK_EQ (b.count, NT, "%s: tagged count", what);
  CHECK_EQ (b.tag, 4242, "%s: tagged tag", what);
  CHECK_EQ (bad_tag, 0, "%s: omp_orig seen by the initialiser", what);
  CHECK_EQ (u, 1 + NT * (NT - 1), "%s: ladd", what);
  for (int k = 0; k < ARR; k++)
    {
      long e = k;
      for (int i = k; i < NT; i += ARR)
	e += i;
      CHECK_EQ (arr[k], e, "%s: arr[%d]", what, k);
    }
  for (int k = 0; k < BIG; k++)
    CHECK_EQ (big[k], 1000 + k + (k >= 4 && k < 12 ? NT / 8 : 0),
	      "%s: big[%d]", what, k);
  for (long k = 0; k < n_dyn; k++)
    {
      long e = -k;
      for (long i = k; i < NT; i += n_dyn)
	e += 3;
      CHECK_EQ (dyn[k], e, "%s: dyn[%ld] of %ld", what, k, n_dyn);
    }
  free (dyn);
}

/* ---- nested taskgroups ------------------------------------------------ */

static void __attribute__ ((noinline))
nested_groups (int nthr)
{
  char what[64];
  snprintf (what, sizeof what, "nested nthr=%d", nthr);
  long x = 0, y = 0, z = 0;
#pragma omp parallel num_threads (nthr)
#pragma omp single
#pragma omp taskgroup task_reduction (+: x)
  {
    for (int i = 0; i < NT / 4; i++)
#pragma omp task in_reduction (+: x)
      x += 1;
    /* An inner group without clauses: its tasks still take part in the
       outer reduction (the group inherits it).  */
#pragma omp taskgroup
    for (int i = 0; i < NT / 4; i++)
#pragma omp task in_reduction (+: x)
      x += 10;
    /* An inner group reducing the same variable, and another one: its
       tasks' x is the inner group's copy, combined into x at its end.  */
#pragma omp taskgroup task_reduction (+: x) task_reduction (+: y)
    for (int i = 0; i < NT / 4; i++)
#pragma omp task in_reduction (+: x) in_reduction (+: y)
      {
	x += 100;
	y += 1;
      }
    /* A participating task creating participating tasks: the children
       name the parent's private copy, which remap must recognise as a
       pointer into a thread's chunk.  */
    for (int i = 0; i < 8; i++)
#pragma omp task in_reduction (+: x)
      {
	x += 1000;
	for (int j = 0; j < 8; j++)
#pragma omp task in_reduction (+: x)
	  x += 10000;
      }
    /* A task with its own taskgroup and reduction on another variable,
       while also in the outer one.  */
#pragma omp task in_reduction (+: x) shared (z)
    {
      x += 100000;
#pragma omp taskgroup task_reduction (+: z)
      for (int j = 0; j < 16; j++)
#pragma omp task in_reduction (+: z) in_reduction (+: x)
	{
	  z += j;
	  x += 1000000;
	}
    }
  }
  CHECK_EQ (x, NT / 4 * (1 + 10 + 100) + 8 * 1000 + 64 * 10000 + 100000
	    + 16 * 1000000L, "%s: x", what);
  CHECK_EQ (y, NT / 4, "%s: y", what);
  CHECK_EQ (z, 16 * 15 / 2, "%s: z", what);
}

/* ---- parallel reduction(task, ...) ----------------------------------- */

static void __attribute__ ((noinline))
parallel_task_red (int nthr, bool cond)
{
  char what[64];
  snprintf (what, sizeof what, "parallel nthr=%d if=%d", nthr, cond);
  long x = 5;
  unsigned long p = 1;
  long mx = -1;
  struct acc a = { 0, 0, 77 };
  int threads = 0;
  bad_tag = 0;
#pragma omp parallel num_threads (nthr) if (cond) reduction (task, +: x) \
	reduction (task, *: p) reduction (task, max: mx) \
	reduction (task, tagged: a) \
	reduction (+: threads)
  {
    int me = omp_get_thread_num ();
    threads++;
    /* The implicit task uses its own copy too.  */
    x += 1;
    mx = me > mx ? me : mx;
    for (int i = me; i < NT; i += omp_get_num_threads ())
#pragma omp task in_reduction (+: x) in_reduction (*: p) \
	in_reduction (max: mx) in_reduction (tagged: a)
      {
	x += i;
	if (i % 32 == 0)
	  p *= 3;
	if (i > mx)
	  mx = i;
	if (a.tag != 77)
	  __atomic_store_n (&bad_tag, 1, __ATOMIC_RELAXED);
	a.sum += i;
	a.count++;
      }
    /* A taskgroup inside inherits the region's reductions.  */
#pragma omp taskgroup
    for (int i = 0; i < 4; i++)
#pragma omp task in_reduction (+: x)
      x += 1000;
  }
  unsigned long pe = 1;
  for (int i = 0; i < NT; i += 32)
    pe *= 3;
  int n = cond ? nthr : 1;
  CHECK_EQ (threads, n, "%s: threads", what);
  CHECK_EQ (x, 5 + n + NT * (NT - 1) / 2 + 4000L * n, "%s: +", what);
  CHECK_EQ (p, pe, "%s: *", what);
  CHECK_EQ (mx, NT - 1, "%s: max", what);
  CHECK_EQ (a.sum, NT * (NT - 1) / 2, "%s: tagged sum", what);
  CHECK_EQ (a.count, NT, "%s: tagged count", what);
  CHECK_EQ (a.tag, 77, "%s: tagged tag", what);
  CHECK_EQ (bad_tag, 0, "%s: omp_orig seen by the initialiser", what);
}

/* Tasks of a region belong to its team: a thread that masters a nested
   region meanwhile must not run them there, where its thread number is
   the nested team's and so would pick another thread's private copies.
   The tasks check their level, which tells where they run.  */
static void __attribute__ ((noinline))
nested_parallel (int nthr)
{
  long x = 0;
  int bad = 0;
  int saved = omp_get_max_active_levels ();
  omp_set_max_active_levels (2);
#pragma omp parallel num_threads (nthr) reduction (task, +: x)
  {
    for (int i = 0; i < 20; i++)
#pragma omp task in_reduction (+: x) shared (bad)
      {
	if (omp_get_level () != 1)
	  __atomic_store_n (&bad, 1, __ATOMIC_RELAXED);
	x += i;
      }
#pragma omp parallel num_threads (2)
    {
      /* The master waits at the barrier, where it runs tasks.  */
      if (omp_get_thread_num () == 1)
	{
	  volatile int k = 0;
	  for (int j = 0; j < 20000; j++)
	    k++;
	}
#pragma omp barrier
    }
  }
  omp_set_max_active_levels (saved);
  CHECK_EQ (bad, 0, "nested nthr=%d: an outer task ran in a nested region",
	    nthr);
  CHECK_EQ (x, 190L * nthr, "nested nthr=%d: +", nthr);
}

/* ---- worksharing loops with reduction(task, ...) ------------------------ */

/* Reduction variables of worksharing constructs must be shared by the
   team: file-scope ones.  */
static long gx, gmx;

/* The loop's body: the iteration's own share directly (the thread's
   private copy), the rest through a task, which names that copy.  */
#define LOOP_BODY(i, X, MX)						\
  {									\
    X += 1;								\
    PRAGMA (omp task in_reduction (+: X) in_reduction (max: MX))	\
    {									\
      X += (long) (i);							\
      if ((long) (i) > MX)						\
	MX = (long) (i);						\
    }									\
  }

#define LOOP_FN(NAME, CLAUSES)						\
  static void __attribute__ ((noinline))				\
  NAME (long lo, long hi)						\
  {									\
    PRAGMA (omp for reduction (task, +: gx) reduction (task, max: gmx) \
	    CLAUSES)							\
    for (long i = lo; i < hi; i++)					\
      LOOP_BODY (i, gx, gmx)						\
  }

LOOP_FN (loop_static, schedule (static))
LOOP_FN (loop_static1, schedule (static, 1))
LOOP_FN (loop_dynamic, schedule (dynamic, 3))
LOOP_FN (loop_guided, schedule (guided))
LOOP_FN (loop_runtime, schedule (runtime))

/* size_t iterators, bounds unknown at compile time: the ull entry
   points.  */
#define LOOP_ULL_FN(NAME, CLAUSES)					\
  static void __attribute__ ((noinline))				\
  NAME (size_t lo, size_t hi)						\
  {									\
    PRAGMA (omp for reduction (task, +: gx) reduction (task, max: gmx) \
	    CLAUSES)							\
    for (size_t i = lo; i < hi; i++)					\
      LOOP_BODY (i, gx, gmx)						\
  }

LOOP_ULL_FN (loop_ull_static, schedule (static))
LOOP_ULL_FN (loop_ull_dynamic, schedule (dynamic, 2))
LOOP_ULL_FN (loop_ull_runtime, schedule (runtime))

/* ordered: the ordered parts must also run in sequence.  */
static long ord_next;
static int ord_bad;

#define ORDERED_BODY(i)							\
  {									\
    LOOP_BODY (i, gx, gmx)						\
    _Pragma ("omp ordered")						\
    {									\
      if (ord_next != (long) (i))					\
	ord_bad = 1;							\
      ord_next = (long) (i) + 1;					\
    }									\
  }

static void __attribute__ ((noinline))
loop_ordered (long lo, long hi)
{
#pragma omp for ordered reduction (task, +: gx) reduction (task, max: gmx) \
	schedule (dynamic, 2)
  for (long i = lo; i < hi; i++)
    ORDERED_BODY (i)
}

static void __attribute__ ((noinline))
loop_ull_ordered (size_t lo, size_t hi)
{
#pragma omp for ordered reduction (task, +: gx) reduction (task, max: gmx) \
	schedule (static, 3)
  for (size_t i = lo; i < hi; i++)
    ORDERED_BODY (i)
}

/* doacross: iteration i waits for i - 1 and checks that it ran.  */
static int dx_done[NT + 2];
static int dx_bad;

#define DOACROSS_BODY(i, lo)						\
  {									\
    _Pragma ("omp ordered depend (sink: i - 1)")			\
    if ((long) (i) > (long) (lo)					\
	&& !__atomic_load_n (&dx_done[(long) (i) - 1], __ATOMIC_RELAXED)) \
      dx_bad = 1;							\
    LOOP_BODY (i, gx, gmx)						\
    __atomic_store_n (&dx_done[(long) (i)], 1, __ATOMIC_RELAXED);	\
    _Pragma ("omp ordered depend (source)")				\
  }

static void __attribute__ ((noinline))
loop_doacross (long lo, long hi)
{
#pragma omp for ordered (1) reduction (task, +: gx) \
	reduction (task, max: gmx) schedule (dynamic)
  for (long i = lo; i < hi; i++)
    DOACROSS_BODY (i, lo)
}

static void __attribute__ ((noinline))
loop_ull_doacross (size_t lo, size_t hi)
{
#pragma omp for ordered (1) reduction (task, +: gx) \
	reduction (task, max: gmx) schedule (static)
  for (size_t i = lo; i < hi; i++)
    DOACROSS_BODY (i, lo)
}

typedef void (*loop_fn) (long, long);
typedef void (*loop_ull_fn) (size_t, size_t);

static const struct
{
  const char *name;
  loop_fn fn;
  int kind;			/* 0 plain, 1 ordered, 2 doacross */
} loops[] = {
  { "static", loop_static, 0 },
  { "static,1", loop_static1, 0 },
  { "dynamic,3", loop_dynamic, 0 },
  { "guided", loop_guided, 0 },
  { "runtime", loop_runtime, 0 },
  { "ordered", loop_ordered, 1 },
  { "doacross", loop_doacross, 2 },
};

static const struct
{
  const char *name;
  loop_ull_fn fn;
  int kind;
} loops_ull[] = {
  { "ull static", loop_ull_static, 0 },
  { "ull dynamic,2", loop_ull_dynamic, 0 },
  { "ull runtime", loop_ull_runtime, 0 },
  { "ull ordered", loop_ull_ordered, 1 },
  { "ull doacross", loop_ull_doacross, 2 },
};

/* Bounds through volatiles: unknown to GCC.  */
static volatile long lo_v = 3, hi_v = NT + 3;

struct loop_arg
{
  loop_fn fn;
  loop_ull_fn fn_ull;
  long lo, hi;
};

static void
loop_orphaned (void *p)
{
  struct loop_arg *a = p;
  if (a->fn)
    a->fn (a->lo, a->hi);
  else
    a->fn_ull ((size_t) a->lo, (size_t) a->hi);
}

/* Before a loop: the reduction variables' original values.  */
static void
loop_prepare (int kind, long lo)
{
  gx = 11;
  gmx = -1;
  ord_next = lo;
  ord_bad = 0;
  dx_bad = 0;
  if (kind == 2)
    memset (dx_done, 0, sizeof dx_done);
}

/* After CALLS runs of a loop over [LO, HI).  */
static void
loop_check (const char *name, int nthr, long lo, long hi, long calls)
{
  long n = hi - lo;
  long e = 11 + calls * (n + (hi - 1 + lo) * n / 2);
  CHECK_EQ (gx, e, "%s loop nthr=%d [%ld, %ld): +", name, nthr, lo, hi);
  CHECK_EQ (gmx, n ? hi - 1 : -1, "%s loop nthr=%d: max", name, nthr);
  CHECK_EQ (ord_bad, 0, "%s loop nthr=%d: ordered sequence", name, nthr);
  CHECK_EQ (dx_bad, 0, "%s loop nthr=%d: doacross order", name, nthr);
}

static void
test_loops (int nthr)
{
  long lo = lo_v, hi = hi_v;
  for (size_t k = 0; k < sizeof loops / sizeof loops[0]; k++)
    {
      /* Doacross: iterations index dx_done, 1 .. NT (see below).  */
      int kind = loops[k].kind;
      long l = kind == 2 ? 1 : lo, h = kind == 2 ? NT + 1 : hi;
      loop_prepare (kind, l);
#pragma omp parallel num_threads (nthr)
      loops[k].fn (l, h);
      loop_check (loops[k].name, nthr, l, h, 1);

      /* Orphaned: outside any parallel region.  */
      loop_prepare (kind, l);
      struct loop_arg arg = { loops[k].fn, NULL, l, h };
      run_orphaned (loop_orphaned, &arg);
      loop_check (loops[k].name, 0, l, h, 1);

      /* Empty.  */
      loop_prepare (kind, l);
#pragma omp parallel num_threads (nthr)
      loops[k].fn (l, l);
      loop_check (loops[k].name, nthr, l, l, 1);
    }
  for (size_t k = 0; k < sizeof loops_ull / sizeof loops_ull[0]; k++)
    {
      int kind = loops_ull[k].kind;
      /* Not from 0: a size_t doacross loop from 0 whose sink is i - 1
	 hangs or crashes in libgomp 12 (with or without reductions).  */
      size_t l = kind == 2 ? 1 : (size_t) lo;
      size_t h = kind == 2 ? NT + 1 : (size_t) hi;
      loop_prepare (kind, (long) l);
#pragma omp parallel num_threads (nthr)
      loops_ull[k].fn (l, h);
      loop_check (loops_ull[k].name, nthr, (long) l, (long) h, 1);

      loop_prepare (kind, (long) l);
      struct loop_arg arg = { NULL, loops_ull[k].fn, (long) l, (long) h };
      run_orphaned (loop_orphaned, &arg);
      loop_check (loops_ull[k].name, 0, (long) l, (long) h, 1);
    }

  /* Several loops in a row in one region, each with task reductions:
     the work-share ring wraps (more than 8 constructs).  */
  loop_prepare (0, lo);
#pragma omp parallel num_threads (nthr)
  for (int r = 0; r < 12; r++)
    {
      if (r % 3 == 0)
	loop_dynamic (lo, hi);
      else if (r % 3 == 1)
	loop_static (lo, hi);
      else
	loop_ull_dynamic ((size_t) lo, (size_t) hi);
    }
  loop_check ("12 in a row", nthr, lo, hi, 12);

  /* The combined parallel for, on the function's own variables.  */
  {
    long x = 11, mx = -1;
#pragma omp parallel for num_threads (nthr) reduction (task, +: x) \
	reduction (task, max: mx) schedule (dynamic, 4)
    for (long i = lo; i < hi; i++)
      LOOP_BODY (i, x, mx)
    loop_prepare (0, lo);
    gx = x;
    gmx = mx;
    loop_check ("parallel for", nthr, lo, hi, 1);
  }
}

/* ---- sections and scope --------------------------------------------- */

static long sx, smx;
static struct acc sa;

static void __attribute__ ((noinline))
sections_fn (void)
{
#pragma omp sections reduction (task, +: sx) reduction (task, max: smx) \
	reduction (task, tagged: sa)
  {
#pragma omp section
    for (int i = 0; i < 10; i++)
#pragma omp task in_reduction (+: sx) in_reduction (max: smx) \
	in_reduction (tagged: sa)
      {
	sx += 1;
	if (i > smx)
	  smx = i;
	/* The private copy's tag comes from the original (omp_orig).  */
	sa.sum += sa.tag == 9 ? 1 : 1000000;
      }
#pragma omp section
    for (int i = 0; i < 20; i++)
#pragma omp task in_reduction (+: sx)
      sx += 100;
#pragma omp section
    {
      sx += 10000;
      if (smx < 50)
	smx = 50;
      sa.count += 1;
    }
#pragma omp section
#pragma omp task in_reduction (+: sx) in_reduction (max: smx) \
	in_reduction (tagged: sa)
    {
      sx += 100000;
      if (smx < 40)
	smx = 40;
      sa.count += 10;
    }
  }
}

static void
sections_orphaned (void *p)
{
  (void) p;
  sections_fn ();
}

static long scx;
static int scope_bad;

static void __attribute__ ((noinline))
scope_fn (long want)
{
#pragma omp scope reduction (task, +: scx)
  {
    scx += 1;
    for (int i = 0; i < 10; i++)
#pragma omp task in_reduction (+: scx)
      scx += 100;
  }
  /* After the scope's closing barrier every thread sees the result.  */
  if (scx != want)
    __atomic_store_n (&scope_bad, 1, __ATOMIC_RELAXED);
}

static void
scope_orphaned (void *p)
{
  (void) p;
  scope_fn (5 + 1001);
}

static void
test_sections_scope (int nthr)
{
  char what[64];
  snprintf (what, sizeof what, "sections nthr=%d", nthr);
  for (int orphaned = 0; orphaned < 2; orphaned++)
    {
      sx = 3;
      smx = -1;
      sa = (struct acc) { 0, 0, 9 };
      if (orphaned)
	run_orphaned (sections_orphaned, NULL);
      else
	{
#pragma omp parallel num_threads (nthr)
	  sections_fn ();
	}
      CHECK_EQ (sx, 3 + 10 + 2000 + 10000 + 100000, "%s orphaned=%d: +",
		what, orphaned);
      CHECK_EQ (smx, 50, "%s orphaned=%d: max", what, orphaned);
      CHECK_EQ (sa.sum, 10, "%s orphaned=%d: tagged sum", what, orphaned);
      CHECK_EQ (sa.count, 11, "%s orphaned=%d: tagged count", what,
		orphaned);
      CHECK_EQ (sa.tag, 9, "%s orphaned=%d: tagged tag", what, orphaned);
    }

  snprintf (what, sizeof what, "scope nthr=%d", nthr);
  for (int r = 0; r < 3; r++)
    {
      scx = 5;
      scope_bad = 0;
#pragma omp parallel num_threads (nthr)
      {
	/* Two in a row.  */
	scope_fn (5 + 1001L * nthr);
	scope_fn (5 + 2002L * nthr);
      }
      CHECK_EQ (scx, 5 + 2002L * nthr, "%s: +", what);
      CHECK_EQ (scope_bad, 0, "%s: value after the scope", what);
    }
  scx = 5;
  scope_bad = 0;
  run_orphaned (scope_orphaned, NULL);
  CHECK_EQ (scx, 5 + 1001, "orphaned scope: +");
  CHECK_EQ (scope_bad, 0, "orphaned scope: value after the scope");
}

/* ---- taskloop reduction / in_reduction ------------------------------ */

/* taskloop reduction: GOMP_taskloop registers the reductions on the
   taskgroup it opens (or, for an empty loop, tells the caller there is
   nothing to combine); with NESTED, a task created in the body takes
   part too (not when orphaned: that crashes libgomp 12).  */
static void __attribute__ ((noinline))
taskloop_red (long lo, long hi, long *px, long *pmx, unsigned long *pp,
	      bool nested)
{
  long x = *px, mx = *pmx;
  unsigned long p = *pp;
#pragma omp taskloop reduction (+: x) reduction (max: mx) reduction (*: p) \
	grainsize (7)
  for (long i = lo; i < hi; i++)
    {
      x += i;
      if (i > mx)
	mx = i;
      if (i % 50 == 0)
	p *= 3;
      if (nested)
	{
#pragma omp task in_reduction (+: x)
	  x += 1000;
	}
    }
  *px = x;
  *pmx = mx;
  *pp = p;
}

/* The same with size_t bounds unknown at compile time:
   GOMP_taskloop_ull.  */
static void __attribute__ ((noinline))
taskloop_ull_red (size_t lo, size_t hi, long *px)
{
  long x = *px;
#pragma omp taskloop reduction (+: x) num_tasks (5)
  for (size_t i = lo; i < hi; i++)
    x += (long) i;
  *px = x;
}

/* taskloop in_reduction inside a taskgroup's task_reduction, next to
   plain tasks.  */
static void __attribute__ ((noinline))
taskloop_in_red (long lo, long hi, long *px)
{
  long x = *px;
#pragma omp taskgroup task_reduction (+: x)
  {
#pragma omp task in_reduction (+: x)
    x += 1000000;
#pragma omp taskloop in_reduction (+: x) num_tasks (6)
    for (long i = lo; i < hi; i++)
      x += i;
  }
  *px = x;
}

struct taskloop_arg
{
  long lo, hi;
  bool nested;
  long x, mx, xu, xi;
  unsigned long p;
};

static void
taskloop_all (void *q)
{
  struct taskloop_arg *a = q;
  a->x = 1;
  a->mx = -1;
  a->p = 1;
  a->xu = 2;
  a->xi = 3;
  taskloop_red (a->lo, a->hi, &a->x, &a->mx, &a->p, a->nested);
  taskloop_ull_red ((size_t) a->lo, (size_t) a->hi, &a->xu);
  taskloop_in_red (a->lo, a->hi, &a->xi);
}

static void
taskloop_check (const struct taskloop_arg *a, const char *what)
{
  long n = a->hi - a->lo, sum = (a->lo + a->hi - 1) * n / 2;
  unsigned long pe = 1;
  for (long i = a->lo; i < a->hi; i++)
    if (i % 50 == 0)
      pe *= 3;
  CHECK_EQ (a->x, 1 + sum + (a->nested ? 1000 * n : 0), "%s [%ld, %ld): +",
	    what, a->lo, a->hi);
  CHECK_EQ (a->mx, n ? a->hi - 1 : -1, "%s: max", what);
  CHECK_EQ (a->p, pe, "%s: *", what);
  CHECK_EQ (a->xu, 2 + sum, "%s: ull +", what);
  CHECK_EQ (a->xi, 3 + 1000000 + sum, "%s: in_reduction +", what);
}

static void
test_taskloop (int nthr)
{
  char what[64];
  long lo = lo_v, hi = hi_v;
  for (int empty = 0; empty < 2; empty++)
    {
      struct taskloop_arg a = { lo, empty ? lo : hi, true, 0, 0, 0, 0, 0 };
#pragma omp parallel num_threads (nthr)
#pragma omp single
      taskloop_all (&a);
      snprintf (what, sizeof what, "taskloop nthr=%d", nthr);
      taskloop_check (&a, what);

      struct taskloop_arg b = a;
      b.nested = false;
      run_orphaned (taskloop_all, &b);
      taskloop_check (&b, "orphaned taskloop");
    }

  /* The combined parallel master taskloop.  */
  long x = 0;
#pragma omp parallel master taskloop reduction (+: x) num_threads (nthr)
  for (long i = lo; i < hi; i++)
    x += i;
  CHECK_EQ (x, (lo + hi - 1) * (hi - lo) / 2, "parallel master taskloop "
	    "nthr=%d", nthr);
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);
  for (int t = 0; t < N_TEST_THREAD_COUNTS; t++)
    {
      int nthr = test_thread_counts[t];
      test_taskgroup_scalars (nthr);
      udr_arrays (nthr, 1 + t * 3);
      nested_groups (nthr);
      parallel_task_red (nthr, true);
      parallel_task_red (nthr, false);
      if (nthr <= 8)
	nested_parallel (nthr);
      test_loops (nthr);
      test_sections_scope (nthr);
      test_taskloop (nthr);
    }
  return 0;
}
