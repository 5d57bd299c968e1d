/* doacross-ull.c -- doacross loops over unsigned long long iterators.

   GCC 12: when the iterators of `for ordered(n)` are unsigned long long
   and the bounds are only known at run time, the counts and logical
   iterations are unsigned long long too:
   GOMP_loop_ull_doacross_{static,dynamic,guided,runtime}_start (ncounts,
   counts[], chunk, &istart, &iend), GOMP_loop_ull_*_next,
   GOMP_doacross_ull_wait (v0, ...) and GOMP_doacross_ull_post (v).  (The
   binary must reference them: `readelf --dyn-syms -W` on it lists
   GOMP_loop_ull_doacross_*.)

   As in doacross.c, each loop computes a recurrence whose cells read
   what their sinks name, compared bit for bit with the serial
   computation.  Iteration values lie above 2^63 (they do not fit in a
   long); steps +5, +7 (with <=), +3 and +2; sinks that fall outside the
   iteration space; 1-D, 2-D and ordered(3); every schedule, chunks 1 and
   4, teams of 1, 2, 3 and 8; empty loops and an empty inner dimension;
   and,
   calling the entry points directly, GOMP_loop_ull_doacross_start (5.0)
   and counts whose product exceeds 2^64.  */

#include "../lib/check.h"
#include <stdbool.h>
#include <stdint.h>

typedef unsigned long long ull;

/* libgomp's prototypes (libgomp_g.h).  */
bool GOMP_loop_ull_doacross_start (unsigned, ull *, long, ull, ull *, ull *,
				   uintptr_t *, void **);
bool GOMP_loop_ull_doacross_static_start (unsigned, ull *, ull, ull *, ull *);
bool GOMP_loop_ull_runtime_next (ull *, ull *);
bool GOMP_loop_ull_static_next (ull *, ull *);
void GOMP_loop_end (void);
void GOMP_doacross_ull_post (ull *);
void GOMP_doacross_ull_wait (ull, ...);

static const int nthreads_list[] = { 1, 2, 3, 8 };
#define N_NTHREADS ((int) (sizeof nthreads_list / sizeof nthreads_list[0]))

/* Bounds through a volatile: GCC must not know them at compile time.  */
static volatile ull base_v = (1ULL << 63) + 12345;

static inline unsigned int
mix (unsigned int a, unsigned int b, unsigned int c, unsigned int salt)
{
  unsigned int h = a * 0x9e3779b1u ^ (b + 0x7f4a7c15u) * 31u;
  h ^= c * 0x85ebca6bu + salt;
  return h ^ (h >> 15);
}

static inline unsigned int
at (const unsigned int *a, long k)
{
  return __atomic_load_n (&a[k], __ATOMIC_RELAXED);
}

/* ---- 1-D, upward by 5: previous iterations i - 5 and i - 10 ---------------- */

#define U1_N 150
static unsigned int u1[U1_N], u1_ref[U1_N];

static inline unsigned int
u1_cell (const unsigned int *a, long k)
{
  return mix (k >= 1 ? at (a, k - 1) : 11, k >= 2 ? at (a, k - 2) : 12, 0,
	      (unsigned int) k);
}

#define U1_FN(NAME, SCHED)						\
  static void __attribute__ ((noinline))				\
  NAME (int nthr, int chunk, ull base, ull n)				\
  {									\
    (void) chunk;							\
    PRAGMA (omp parallel for ordered (1) num_threads (nthr) SCHED)	\
    for (ull i = base; i < base + 5 * n; i += 5)			\
      {									\
	PRAGMA (omp ordered depend (sink: i - 5) depend (sink: i - 10))	\
	long k = (long) ((i - base) / 5);				\
	__atomic_store_n (&u1[k], u1_cell (u1, k), __ATOMIC_RELAXED);	\
	PRAGMA (omp ordered depend (source))				\
      }									\
  }

/* ---- 1-D, `<=` and step 7: previous iterations i - 7 and i - 21 ---------- */

/* (Not downward: GCC 12 gets the sink offsets of a downward unsigned
   long long doacross loop wrong -- depend (sink: i + 1) waits for the
   logical iteration after, not before -- and the loop deadlocks on any
   runtime.)  */
#define D1_N 150
static unsigned int d1[D1_N], d1_ref[D1_N];

static inline unsigned int
d1_cell (const unsigned int *a, long k)
{
  return mix (k >= 1 ? at (a, k - 1) : 21, k >= 3 ? at (a, k - 3) : 22, 1,
	      (unsigned int) k);
}

#define D1_FN(NAME, SCHED)						\
  static void __attribute__ ((noinline))				\
  NAME (int nthr, int chunk, ull base, ull n)				\
  {									\
    (void) chunk;							\
    PRAGMA (omp parallel for ordered (1) num_threads (nthr) SCHED)	\
    for (ull i = base; i <= base + 7 * (n - 1); i += 7)			\
      {									\
	PRAGMA (omp ordered depend (sink: i - 7) depend (sink: i - 21))	\
	long k = (long) ((i - base) / 7);				\
	__atomic_store_n (&d1[k], d1_cell (d1, k), __ATOMIC_RELAXED);	\
	PRAGMA (omp ordered depend (source))				\
      }									\
  }

/* ---- 2-D, i upward by 3, j upward by 2 ----------------------------------------- */

#define U2_N 20
#define U2_M 17
static unsigned int u2[U2_N][U2_M], u2_ref[U2_N][U2_M];

static inline unsigned int
u2_cell (unsigned int (*a)[U2_M], long ii, long jj)
{
  unsigned int up = ii ? at (a[ii - 1], jj) : 31;
  unsigned int upr = ii && jj + 1 < U2_M ? at (a[ii - 1], jj + 1) : 32;
  unsigned int left = jj ? at (a[ii], jj - 1) : 33;
  return mix (up, upr, left, (unsigned int) (ii * 100 + jj));
}

#define U2_FN(NAME, SCHED)						\
  static void __attribute__ ((noinline))				\
  NAME (int nthr, int chunk, ull base, ull n)				\
  {									\
    ull jbase = base * 3 + 7;						\
    (void) chunk;							\
    (void) n;								\
    PRAGMA (omp parallel for ordered (2) num_threads (nthr) SCHED)	\
    for (ull i = base; i < base + 3 * U2_N; i += 3)			\
      for (ull j = jbase; j < jbase + 2 * U2_M; j += 2)			\
	{								\
	  PRAGMA (omp ordered depend (sink: i - 3, j)			\
		  depend (sink: i - 3, j + 2) depend (sink: i, j - 2))	\
	  long ii = (long) ((i - base) / 3), jj = (long) ((j - jbase) / 2); \
	  __atomic_store_n (&u2[ii][jj], u2_cell (u2, ii, jj),		\
			    __ATOMIC_RELAXED);				\
	  PRAGMA (omp ordered depend (source))				\
	}								\
  }

/* ---- ordered(3) ------------------------------------------------------------- */

#define U3_N 6
#define U3_M 5
#define U3_P 7
static unsigned int u3[U3_N][U3_M][U3_P], u3_ref[U3_N][U3_M][U3_P];

static inline unsigned int
u3_cell (unsigned int (*a)[U3_M][U3_P], long i, long j, long k)
{
  unsigned int x = i ? at (a[i - 1][j], k) : 41;
  unsigned int y = j ? at (a[i][j - 1], k) : 42;
  unsigned int z = i && j + 1 < U3_M && k ? at (a[i - 1][j + 1], k - 1) : 43;
  return mix (x, y, z, (unsigned int) ((i * 10 + j) * 10 + k));
}

#define U3_FN(NAME, SCHED)						\
  static void __attribute__ ((noinline))				\
  NAME (int nthr, int chunk, ull base, ull n)				\
  {									\
    (void) chunk;							\
    (void) n;								\
    PRAGMA (omp parallel for ordered (3) num_threads (nthr) SCHED)	\
    for (ull i = base; i < base + U3_N; i++)				\
      for (ull j = base; j < base + U3_M; j++)				\
	for (ull k = base; k < base + U3_P; k++)			\
	  {								\
	    PRAGMA (omp ordered depend (sink: i - 1, j, k)		\
		    depend (sink: i, j - 1, k)				\
		    depend (sink: i - 1, j + 1, k - 1))			\
	    long a_ = (long) (i - base), b_ = (long) (j - base);	\
	    long c_ = (long) (k - base);				\
	    unsigned int v_ = u3_cell (u3, a_, b_, c_);			\
	    __atomic_store_n (&u3[a_][b_][c_], v_, __ATOMIC_RELAXED);	\
	    PRAGMA (omp ordered depend (source))			\
	  }								\
  }

/* ---- instantiation ---------------------------------------------------------- */

/* X (name, clause, chunked): 0 = no chunk, 1 = with one, 2 = runtime.  */
#define FOR_EACH_SCHED(X)						\
  X (st, schedule (static), 0)						\
  X (stc, schedule (static, chunk), 1)					\
  X (dyn, schedule (dynamic, chunk), 1)					\
  X (gui, schedule (guided, chunk), 1)					\
  X (rt, schedule (runtime), 2)

#define DEF(S, SCHED, C)						\
  U1_FN (u1_##S, SCHED)							\
  D1_FN (d1_##S, SCHED)							\
  U2_FN (u2_##S, SCHED)							\
  U3_FN (u3_##S, SCHED)
FOR_EACH_SCHED (DEF)

typedef void kernel_fn (int nthr, int chunk, ull base, ull n);

struct sched_case
{
  const char *name;
  int chunked;
  kernel_fn *fn[4];
};

#define CASE(S, SCHED, C) { #S, C, { u1_##S, d1_##S, u2_##S, u3_##S } },
static const struct sched_case sched_cases[] = { FOR_EACH_SCHED (CASE) };
#define N_SCHED_CASES ((int) (sizeof sched_cases / sizeof sched_cases[0]))

static const struct
{
  const char *name;
  void *data;
  const void *ref;
  size_t size;
  ull n;
} shapes[4] = {
  { "1-D step +5", u1, u1_ref, sizeof u1, U1_N },
  { "1-D <= step +7", d1, d1_ref, sizeof d1, D1_N },
  { "2-D steps +3/+2", u2, u2_ref, sizeof u2, 0 },
  { "ordered(3)", u3, u3_ref, sizeof u3, 0 },
};

static void
compute_refs (void)
{
  for (long k = 0; k < U1_N; k++)
    u1_ref[k] = u1_cell (u1_ref, k);
  for (long k = 0; k < D1_N; k++)
    d1_ref[k] = d1_cell (d1_ref, k);
  for (long i = 0; i < U2_N; i++)
    for (long j = 0; j < U2_M; j++)
      u2_ref[i][j] = u2_cell (u2_ref, i, j);
  for (long i = 0; i < U3_N; i++)
    for (long j = 0; j < U3_M; j++)
      for (long k = 0; k < U3_P; k++)
	u3_ref[i][j][k] = u3_cell (u3_ref, i, j, k);
}

static void
run_case (int shape, kernel_fn *fn, int nthr, int chunk, const char *what)
{
  memset (shapes[shape].data, 0, shapes[shape].size);
  fn (nthr, chunk, base_v, shapes[shape].n);
  if (memcmp (shapes[shape].data, shapes[shape].ref, shapes[shape].size))
    {
      const unsigned int *got = shapes[shape].data;
      const unsigned int *want = shapes[shape].ref;
      size_t k = 0;
      while (got[k] == want[k])
	k++;
      CHECK (0, "%s, %s, %d threads, chunk %d: cell %zu is %#x, serially "
	     "%#x", shapes[shape].name, what, nthr, chunk, k, got[k],
	     want[k]);
    }
}

static const struct
{
  omp_sched_t kind;
  const char *name;
} rt_kinds[] = {
  { omp_sched_static, "static" },
  { omp_sched_dynamic, "dynamic" },
  { omp_sched_guided, "guided" },
  { omp_sched_auto, "auto" },
};
#define N_RT_KINDS ((int) (sizeof rt_kinds / sizeof rt_kinds[0]))

static void
test_schedules (void)
{
  for (int c = 0; c < N_SCHED_CASES; c++)
    for (int shape = 0; shape < 4; shape++)
      for (int t = 0; t < N_NTHREADS; t++)
	{
	  const struct sched_case *sc = &sched_cases[c];
	  int nthr = nthreads_list[t];
	  if (sc->chunked == 0)
	    run_case (shape, sc->fn[shape], nthr, 0, sc->name);
	  else if (sc->chunked == 1)
	    {
	      run_case (shape, sc->fn[shape], nthr, 1, sc->name);
	      run_case (shape, sc->fn[shape], nthr, 4, sc->name);
	    }
	  else
	    {
	      /* One kind per shape and team size, all kinds in turn (the
		 suite must stay fast on libgomp, whose doacross waiters
		 spin without end in an oversubscribed team).  */
	      int r = (shape + t) % N_RT_KINDS;
	      int chunk = (shape + t) / 2 % 2 * 3;
	      char what[64];
	      snprintf (what, sizeof what, "runtime %s", rt_kinds[r].name);
	      omp_set_schedule (rt_kinds[r].kind, chunk);
	      run_case (shape, sc->fn[shape], nthr, chunk, what);
	    }
	}
  omp_set_schedule (omp_sched_static, 0);
}

/* Empty loops, and an empty inner dimension (count 0: nothing ever posts
   or waits): must simply end.  */
static void
test_empty (void)
{
  for (int t = 0; t < N_NTHREADS; t++)
    {
      int nthr = nthreads_list[t];
      u1_dyn (nthr, 2, base_v, 0);
      d1_gui (nthr, 1, base_v, 0);
      long cells = 0;
      ull lo = base_v, m = 0;
#pragma omp parallel for ordered (2) num_threads (nthr) schedule (dynamic) \
  reduction (+: cells)
      for (ull i = lo; i < lo + 9; i++)
	for (ull j = lo; j < lo + m; j++)
	  {
#pragma omp ordered depend (sink: i - 1, j)
	    cells++;
#pragma omp ordered depend (source)
	  }
      CHECK_EQ (cells, 0, "empty inner dimension, %d threads", nthr);
    }
}

/* ---- the entry points called directly -------------------------------------- */

/* GOMP_loop_ull_doacross_start (5.0), the schedule as an argument
   (GCC's encoding: 1 static, 2 dynamic, 3 guided, 0x80000000 monotonic
   runtime).  The `mem` buffer only in a team of one: libgomp 12's
   gomp_doacross_ull_init leaves it out of its allocation in a real team
   and overruns the heap (doacross.c tests `mem` with the long form).  */
static void
test_start_5 (void)
{
  static const long scheds[] = { 1, 2, 3, (long) 0x80000000L };
  enum { N = 30, M = 4 };
  static unsigned int a[N][M], ref[N][M];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      ref[i][j] = mix (i ? ref[i - 1][j] : 1, j ? ref[i][j - 1] : 2, 3,
		       (unsigned int) (i + j));
  for (size_t s = 0; s < sizeof scheds / sizeof scheds[0]; s++)
    for (int t = 0; t < N_NTHREADS; t++)
      {
	int nthr = nthreads_list[t], bad_mem = 0;
	memset (a, 0, sizeof a);
#pragma omp parallel num_threads (nthr)
	{
	  ull counts[2] = { N, M }, lo, hi;
	  void *mem = (void *) (uintptr_t) 100;
	  bool more = GOMP_loop_ull_doacross_start (2, counts, scheds[s], 3,
						    &lo, &hi, NULL,
						    nthr == 1 ? &mem : NULL);
	  if (nthr == 1)
	    for (int k = 0; k < 100; k++)
	      if (mem == NULL || ((volatile unsigned char *) mem)[k] != 0)
		bad_mem = 1;
	  for (; more; more = GOMP_loop_ull_runtime_next (&lo, &hi))
	    for (ull i = lo; i < hi; i++)
	      for (ull j = 0; j < M; j++)
		{
		  if (i > 0)
		    GOMP_doacross_ull_wait (i - 1, j);
		  if (j > 0)
		    GOMP_doacross_ull_wait (i, j - 1);
		  unsigned int up
		    = i ? __atomic_load_n (&a[i - 1][j], __ATOMIC_RELAXED) : 1;
		  unsigned int v = mix (up, j ? a[i][j - 1] : 2, 3,
					(unsigned int) (i + j));
		  __atomic_store_n (&a[i][j], v, __ATOMIC_RELAXED);
		  ull v2[2] = { i, j };
		  GOMP_doacross_ull_post (v2);
		}
	  GOMP_loop_end ();
	}
	CHECK (!bad_mem, "GOMP_loop_ull_doacross_start, %d threads: mem not a "
	       "zeroed buffer", nthr);
	CHECK (memcmp (a, ref, sizeof a) == 0, "GOMP_loop_ull_doacross_start "
	       "sched %#lx, %d threads: wrong result", scheds[s], nthr);
      }
}

/* Counts 16 x 2^63 x 3, whose product exceeds 2^64: one word per
   dimension.  Each row posts a few columns spread over the range.  */
static void
test_unflattened (void)
{
  enum { N = 16, NCOL = 4 };
  static const ull cols[NCOL] = { 0, 5, 1ULL << 62, (1ULL << 63) - 1 };
  static unsigned int a[N][NCOL], ref[N][NCOL];
  for (int i = 0; i < N; i++)
    for (int c = 0; c < NCOL; c++)
      ref[i][c] = mix (i ? ref[i - 1][c] : 3, c ? ref[i][c - 1] : 4, 5,
		       (unsigned int) (i * 8 + c));
  for (int t = 0; t < N_NTHREADS; t++)
    for (ull chunk = 0; chunk <= 2; chunk++)
      {
	int nthr = nthreads_list[t];
	memset (a, 0, sizeof a);
#pragma omp parallel num_threads (nthr)
	{
	  ull counts[3] = { N, 1ULL << 63, 3 }, lo, hi;
	  for (bool more = GOMP_loop_ull_doacross_static_start (3, counts,
								chunk, &lo,
								&hi);
	       more; more = GOMP_loop_ull_static_next (&lo, &hi))
	    for (ull i = lo; i < hi; i++)
	      for (int c = 0; c < NCOL; c++)
		{
		  if (i > 0)
		    GOMP_doacross_ull_wait (i - 1, cols[c], 2ULL);
		  unsigned int v
		    = mix (i ? __atomic_load_n (&a[i - 1][c], __ATOMIC_RELAXED)
			   : 3, c ? a[i][c - 1] : 4, 5,
			   (unsigned int) (i * 8 + c));
		  __atomic_store_n (&a[i][c], v, __ATOMIC_RELAXED);
		  ull v3[3] = { i, cols[c], 2 };
		  GOMP_doacross_ull_post (v3);
		}
	  GOMP_loop_end ();
	}
	CHECK (memcmp (a, ref, sizeof a) == 0, "counts beyond 2^64, %d "
	       "threads, static chunk %llu: wrong result", nthr, chunk);
      }
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);
  compute_refs ();
  test_schedules ();
  test_empty ();
  test_start_5 ();
  test_unflattened ();
  return 0;
}
