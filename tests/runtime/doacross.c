/* doacross.c -- doacross loops: `for ordered(n)` with `ordered
   depend(sink: ...)` and `ordered depend(source)`, long iterators.

   GCC 12: GOMP_loop_doacross_{static,dynamic,guided,runtime}_start
   (ncounts, counts[], chunk, &istart, &iend) hands out chunks of the
   first ordered dimension (with collapse(m), of the m collapsed loops) as
   0-based logical iterations, then GOMP_loop_{static,dynamic,guided,
   runtime}_next; depend(sink: v) -> GOMP_doacross_wait (v0, v1, ...) and
   depend(source) -> GOMP_doacross_post (v), with logical (normalised,
   0-based) iteration vectors, the sinks that fall outside the iteration
   space being skipped by GCC's own code.

   Every loop computes a wavefront recurrence whose cells read the cells
   their sinks name, with an order-sensitive mix, and the result must be
   bit-identical to the serial computation: a wait that returns before
   the sink iteration's source, or a post that does not publish the
   iteration's writes, shows up as a wrong cell.  Cases: 1-D and 2-D
   (unit, negative and non-unit steps, sinks off every edge of the
   iteration space), ordered(3), ordered(4), collapse(2) ordered(3), every
   schedule clause (static with and without chunk, dynamic, guided,
   runtime with each kind, auto, none), chunks 1, 2 and 5, teams of 1, 2,
   3 and 8 threads (and one run with 64); doacross loops with nowait back
   to back; and, calling the entry points directly as GCC would, the 5.0
   GOMP_loop_doacross_start with its shared `mem` buffer, and a loop whose
   counts multiply to more than 2^64 (libgomp and ours then keep one word
   per dimension instead of one flattened number).  */

#include "../lib/check.h"
#include <stdbool.h>
#include <stdint.h>

/* Not in omp.h: libgomp's own prototypes (libgomp_g.h).  */
bool GOMP_loop_doacross_start (unsigned, long *, long, long, long *, long *,
			       uintptr_t *, void **);
bool GOMP_loop_doacross_static_start (unsigned, long *, long, long *,
				      long *);
bool GOMP_loop_runtime_next (long *, long *);
bool GOMP_loop_static_next (long *, long *);
void GOMP_loop_end (void);
void GOMP_doacross_post (long *);
void GOMP_doacross_wait (long, ...);

static const int nthreads_list[] = { 1, 2, 3, 8 };
#define N_NTHREADS ((int) (sizeof nthreads_list / sizeof nthreads_list[0]))
static const int chunk_list[] = { 1, 2, 5 };
#define N_CHUNKS ((int) (sizeof chunk_list / sizeof chunk_list[0]))

/* The order-sensitive combination every cell uses.  */
static inline unsigned int
mix (unsigned int a, unsigned int b, unsigned int c, unsigned int d,
     unsigned int salt)
{
  unsigned int h = a * 0x9e3779b1u ^ (b + 0x7f4a7c15u) * 31u;
  h ^= (c * 0x85ebca6bu) + (d ^ 0xc2b2ae35u) * 17u + salt;
  return h ^ (h >> 15);
}

/* ---- 2-D wavefront, unit steps ------------------------------------------- */

#define W2_N 24
#define W2_M 20
static unsigned int w2[W2_N][W2_M], w2_ref[W2_N][W2_M];

static inline unsigned int
w2_at (unsigned int (*a)[W2_M], int i, int j)
{
  if (i < 0 || j < 0 || j >= W2_M)
    return 7;
  return __atomic_load_n (&a[i][j], __ATOMIC_RELAXED);
}

static inline unsigned int
w2_cell (unsigned int (*a)[W2_M], int i, int j)
{
  return mix (w2_at (a, i - 1, j - 1), w2_at (a, i - 1, j),
	      w2_at (a, i - 1, j + 1), w2_at (a, i, j - 1),
	      (unsigned int) (i * 1000 + j));
}

/* The sinks name the row above (left, same, right) and the cell to the
   left; at the edges they fall outside the iteration space.  */
#define W2_FN(NAME, SCHED)						\
  static void __attribute__ ((noinline))				\
  NAME (int nthr, int chunk)						\
  {									\
    (void) chunk;							\
    PRAGMA (omp parallel for ordered (2) num_threads (nthr) SCHED)	\
    for (int i = 0; i < W2_N; i++)					\
      for (int j = 0; j < W2_M; j++)					\
	{								\
	  PRAGMA (omp ordered depend (sink: i - 1, j - 1)		\
		  depend (sink: i - 1, j) depend (sink: i - 1, j + 1)	\
		  depend (sink: i, j - 1))				\
	  unsigned int v = w2_cell (w2, i, j);				\
	  __atomic_store_n (&w2[i][j], v, __ATOMIC_RELAXED);		\
	  PRAGMA (omp ordered depend (source))			\
	}								\
  }

/* ---- 1-D recurrence, downward with step -3 --------------------------------- */

#define W1_HI 200L
#define W1_LO (-100L)
#define W1_N ((W1_HI - W1_LO + 2) / 3)	/* i = HI, HI-3, ... > LO */
static unsigned int w1[W1_N], w1_ref[W1_N];

static inline unsigned int
w1_at (unsigned int *a, long k)
{
  return k < 0 ? 3 : __atomic_load_n (&a[k], __ATOMIC_RELAXED);
}

/* The previous two iterations are i + 3 and i + 6.  */
#define W1_FN(NAME, SCHED)						\
  static void __attribute__ ((noinline))				\
  NAME (int nthr, int chunk)						\
  {									\
    (void) chunk;							\
    PRAGMA (omp parallel for ordered (1) num_threads (nthr) SCHED)	\
    for (long i = W1_HI; i > W1_LO; i -= 3)				\
      {									\
	long k = (W1_HI - i) / 3;					\
	PRAGMA (omp ordered depend (sink: i + 3) depend (sink: i + 6))	\
	unsigned int v = mix (w1_at (w1, k - 1), w1_at (w1, k - 2), 1, 2, \
			      (unsigned int) i);			\
	__atomic_store_n (&w1[k], v, __ATOMIC_RELAXED);			\
	PRAGMA (omp ordered depend (source))				\
      }									\
  }

/* ---- 2-D, i downward by 2, j upward by 3, from negative values -------------- */

#define WS_IHI 21L
#define WS_ILO (-20L)
#define WS_NI ((WS_IHI - WS_ILO + 1) / 2)	/* i = 31, 29, ... > -40 */
#define WS_JLO (-17)
#define WS_JHI 50
#define WS_NJ ((WS_JHI - WS_JLO + 2) / 3)	/* j = -17, -14, ... < 100 */
static unsigned int ws[WS_NI][WS_NJ], ws_ref[WS_NI][WS_NJ];

static inline unsigned int
ws_at (unsigned int (*a)[WS_NJ], long ii, int jj)
{
  if (ii < 0 || jj < 0 || jj >= WS_NJ)
    return 5;
  return __atomic_load_n (&a[ii][jj], __ATOMIC_RELAXED);
}

static inline unsigned int
ws_cell (unsigned int (*a)[WS_NJ], long ii, int jj)
{
  return mix (ws_at (a, ii - 1, jj - 1), ws_at (a, ii - 1, jj),
	      ws_at (a, ii - 1, jj + 1), ws_at (a, ii, jj - 1),
	      (unsigned int) (ii * 77 + jj));
}

#define WS_FN(NAME, SCHED)						\
  static void __attribute__ ((noinline))				\
  NAME (int nthr, int chunk)						\
  {									\
    (void) chunk;							\
    PRAGMA (omp parallel for ordered (2) num_threads (nthr) SCHED)	\
    for (long i = WS_IHI; i > WS_ILO; i -= 2)				\
      for (int j = WS_JLO; j < WS_JHI; j += 3)				\
	{								\
	  PRAGMA (omp ordered depend (sink: i + 2, j - 3)		\
		  depend (sink: i + 2, j) depend (sink: i + 2, j + 3)	\
		  depend (sink: i, j - 3))				\
	  long ii = (WS_IHI - i) / 2;					\
	  int jj = (j - WS_JLO) / 3;					\
	  __atomic_store_n (&ws[ii][jj], ws_cell (ws, ii, jj),		\
			    __ATOMIC_RELAXED);				\
	  PRAGMA (omp ordered depend (source))			\
	}								\
  }

/* ---- ordered(3) and collapse(2) ordered(3) ---------------------------------- */

#define W3_N 7
#define W3_M 5
#define W3_P 6
static unsigned int w3[W3_N][W3_M][W3_P], w3_ref[W3_N][W3_M][W3_P];

static inline unsigned int
w3_at (unsigned int (*a)[W3_M][W3_P], int i, int j, int k)
{
  if (i < 0 || j < 0 || k < 0 || j >= W3_M || k >= W3_P)
    return 9;
  return __atomic_load_n (&a[i][j][k], __ATOMIC_RELAXED);
}

static inline unsigned int
w3_cell (unsigned int (*a)[W3_M][W3_P], int i, int j, int k)
{
  return mix (w3_at (a, i - 1, j, k), w3_at (a, i, j - 1, k),
	      w3_at (a, i, j, k - 1), w3_at (a, i - 1, j + 1, k - 1),
	      (unsigned int) ((i * 100 + j) * 100 + k));
}

#define W3_FN(NAME, SCHED, ASSOC)					\
  static void __attribute__ ((noinline))				\
  NAME (int nthr, int chunk)						\
  {									\
    (void) chunk;							\
    PRAGMA (omp parallel for ASSOC num_threads (nthr) SCHED)		\
    for (int i = 0; i < W3_N; i++)					\
      for (int j = 0; j < W3_M; j++)					\
	for (int k = 0; k < W3_P; k++)					\
	  {								\
	    PRAGMA (omp ordered depend (sink: i - 1, j, k)		\
		    depend (sink: i, j - 1, k) depend (sink: i, j, k - 1) \
		    depend (sink: i - 1, j + 1, k - 1))		\
	    __atomic_store_n (&w3[i][j][k], w3_cell (w3, i, j, k),	\
			      __ATOMIC_RELAXED);			\
	    PRAGMA (omp ordered depend (source))			\
	  }								\
  }

/* ---- ordered(4) ----------------------------------------------------------- */

#define W4_N 4
static unsigned int w4[W4_N][W4_N][W4_N][W4_N];
static unsigned int w4_ref[W4_N][W4_N][W4_N][W4_N];

static inline unsigned int
w4_at (unsigned int (*a)[W4_N][W4_N][W4_N], int i, int j, int k, int l)
{
  if (i < 0 || j < 0 || k < 0 || l < 0 || j >= W4_N || l >= W4_N)
    return 4;
  return __atomic_load_n (&a[i][j][k][l], __ATOMIC_RELAXED);
}

static inline unsigned int
w4_cell (unsigned int (*a)[W4_N][W4_N][W4_N], int i, int j, int k, int l)
{
  return mix (w4_at (a, i - 1, j + 1, k, l), w4_at (a, i, j - 1, k, l + 1),
	      w4_at (a, i, j, k - 1, l), w4_at (a, i, j, k, l - 1),
	      (unsigned int) (((i * 10 + j) * 10 + k) * 10 + l));
}

#define W4_FN(NAME, SCHED)						\
  static void __attribute__ ((noinline))				\
  NAME (int nthr, int chunk)						\
  {									\
    (void) chunk;							\
    PRAGMA (omp parallel for ordered (4) num_threads (nthr) SCHED)	\
    for (int i = 0; i < W4_N; i++)					\
      for (int j = 0; j < W4_N; j++)					\
	for (int k = 0; k < W4_N; k++)					\
	  for (int l = 0; l < W4_N; l++)				\
	    {								\
	      PRAGMA (omp ordered depend (sink: i - 1, j + 1, k, l)	\
		      depend (sink: i, j - 1, k, l + 1)		\
		      depend (sink: i, j, k - 1, l)			\
		      depend (sink: i, j, k, l - 1))			\
	      __atomic_store_n (&w4[i][j][k][l], w4_cell (w4, i, j, k, l), \
				__ATOMIC_RELAXED);			\
	      PRAGMA (omp ordered depend (source))			\
	    }								\
  }

/* ---- instantiation: every schedule clause ---------------------------------- */

#define SCHED_ST schedule (static)
#define SCHED_STC schedule (static, chunk)
#define SCHED_DYN schedule (dynamic, chunk)
#define SCHED_MDYN schedule (monotonic: dynamic, chunk)
#define SCHED_GUI schedule (guided, chunk)
#define SCHED_RT schedule (runtime)
#define SCHED_AUTO schedule (auto)
#define SCHED_NONE

/* X (KIND, name, clause, chunked, same_as_other).  */
#define FOR_EACH_SCHED(X, KIND)						\
  X (KIND, st, SCHED_ST, 0, 0)						\
  X (KIND, stc, SCHED_STC, 1, 0)					\
  X (KIND, dyn, SCHED_DYN, 1, 0)					\
  X (KIND, mdyn, SCHED_MDYN, 1, 1)					\
  X (KIND, gui, SCHED_GUI, 1, 0)					\
  X (KIND, rt, SCHED_RT, 2, 0)						\
  X (KIND, aut, SCHED_AUTO, 0, 1)					\
  X (KIND, none, SCHED_NONE, 0, 1)

#define DEF_W2(KIND, S, SCHED, C, O) W2_FN (w2_##S, SCHED)
#define DEF_W1(KIND, S, SCHED, C, O) W1_FN (w1_##S, SCHED)
#define DEF_WS(KIND, S, SCHED, C, O) WS_FN (ws_##S, SCHED)
#define DEF_W3(KIND, S, SCHED, C, O) W3_FN (w3_##S, SCHED, ordered (3))
#define DEF_C3(KIND, S, SCHED, C, O) \
  W3_FN (c3_##S, SCHED, collapse (2) ordered (3))
#define DEF_W4(KIND, S, SCHED, C, O) W4_FN (w4_##S, SCHED)
FOR_EACH_SCHED (DEF_W2, w2)
FOR_EACH_SCHED (DEF_W1, w1)
FOR_EACH_SCHED (DEF_WS, ws)
FOR_EACH_SCHED (DEF_W3, w3)
FOR_EACH_SCHED (DEF_C3, c3)
FOR_EACH_SCHED (DEF_W4, w4)

typedef void kernel_fn (int nthr, int chunk);

/* chunked: 0 = no chunk, 1 = schedule(x, chunk), 2 = schedule(runtime).
   same_as_other: GCC emits the same calls as for another case.  */
struct sched_case
{
  const char *name;
  int chunked;
  bool same_as_other;
  kernel_fn *fn[6];
};

#define CASE(KIND, S, SCHED, C, O) \
  { #S, C, O, { w2_##S, w1_##S, ws_##S, w3_##S, c3_##S, w4_##S } },
static const struct sched_case sched_cases[] = {
  FOR_EACH_SCHED (CASE, x)
};
#define N_SCHED_CASES ((int) (sizeof sched_cases / sizeof sched_cases[0]))

/* ---- the serial references, and comparing ------------------------------------ */

static void
compute_refs (void)
{
  for (int i = 0; i < W2_N; i++)
    for (int j = 0; j < W2_M; j++)
      w2_ref[i][j] = w2_cell (w2_ref, i, j);
  for (long i = W1_HI; i > W1_LO; i -= 3)
    {
      long k = (W1_HI - i) / 3;
      w1_ref[k] = mix (w1_at (w1_ref, k - 1), w1_at (w1_ref, k - 2), 1, 2,
		       (unsigned int) i);
    }
  for (long ii = 0; ii < WS_NI; ii++)
    for (int jj = 0; jj < WS_NJ; jj++)
      ws_ref[ii][jj] = ws_cell (ws_ref, ii, jj);
  for (int i = 0; i < W3_N; i++)
    for (int j = 0; j < W3_M; j++)
      for (int k = 0; k < W3_P; k++)
	w3_ref[i][j][k] = w3_cell (w3_ref, i, j, k);
  for (int i = 0; i < W4_N; i++)
    for (int j = 0; j < W4_N; j++)
      for (int k = 0; k < W4_N; k++)
	for (int l = 0; l < W4_N; l++)
	  w4_ref[i][j][k][l] = w4_cell (w4_ref, i, j, k, l);
}

struct shape
{
  const char *name;
  void *data;
  const void *ref;
  size_t size;
};

static const struct shape shapes[6] = {
  { "2-D wavefront", w2, w2_ref, sizeof w2 },
  { "1-D step -3", w1, w1_ref, sizeof w1 },
  { "2-D steps -2/+3", ws, ws_ref, sizeof ws },
  { "ordered(3)", w3, w3_ref, sizeof w3 },
  { "collapse(2) ordered(3)", w3, w3_ref, sizeof w3 },
  { "ordered(4)", w4, w4_ref, sizeof w4 },
};

static void
run_case (int shape, kernel_fn *fn, int nthr, int chunk, const char *what)
{
  const struct shape *s = &shapes[shape];
  memset (s->data, 0, s->size);
  fn (nthr, chunk);
  if (memcmp (s->data, s->ref, s->size) != 0)
    {
      const unsigned int *got = s->data, *want = s->ref;
      size_t k = 0;
      while (got[k] == want[k])
	k++;
      CHECK (0, "%s, %s, %d threads, chunk %d: cell %zu is %#x, "
	     "serially %#x", s->name, what, nthr, chunk, k, got[k], want[k]);
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
  { omp_sched_dynamic | omp_sched_monotonic, "monotonic:dynamic" },
};
#define N_RT_KINDS ((int) (sizeof rt_kinds / sizeof rt_kinds[0]))

/* The 2-D wavefront gets the whole matrix; the other shapes, which
   exercise the same entry points with other counts and dimensions, one
   chunk size per schedule (the suite must stay fast on the system
   libgomp, whose waiters spin without end while the thread they wait
   for may be preempted).  auto, none and monotonic:dynamic compile to
   the same calls as static and dynamic.  */
static void
test_schedules (void)
{
  for (int c = 0; c < N_SCHED_CASES; c++)
    for (int shape = 0; shape < 6; shape++)
      for (int t = 0; t < N_NTHREADS; t++)
	{
	  const struct sched_case *sc = &sched_cases[c];
	  int nthr = nthreads_list[t];
	  bool full = shape == 0;
	  if (!full && sc->same_as_other)
	    continue;
	  if (sc->chunked == 0)
	    run_case (shape, sc->fn[shape], nthr, 0, sc->name);
	  else if (sc->chunked == 1)
	    {
	      for (int k = 0; k < N_CHUNKS; k++)
		if (full || chunk_list[k] == 2)
		  run_case (shape, sc->fn[shape], nthr, chunk_list[k],
			    sc->name);
	    }
	  else
	    for (int r = 0; r < N_RT_KINDS; r++)
	      for (int chunk = 0; chunk <= 3; chunk += 3)
		{
		  /* chunk 0: the kind's default chunk.  */
		  char what[64];
		  if (!full && chunk != (r % 2) * 3)
		    continue;
		  snprintf (what, sizeof what, "runtime %s", rt_kinds[r].name);
		  omp_set_schedule (rt_kinds[r].kind, chunk);
		  run_case (shape, sc->fn[shape], nthr, chunk, what);
		}
	}
  omp_set_schedule (omp_sched_static, 0);
}

/* Heavily oversubscribed: waiters have to sleep.  */
static void
test_many_threads (void)
{
  run_case (0, w2_dyn, 64, 1, "dynamic, oversubscribed");
  run_case (0, w2_st, 64, 0, "static, oversubscribed");
}

/* ---- two doacross loops with nowait, and a third that reads both ----------- */

#define NW_N 20
#define NW_M 12
static unsigned int nw_a[NW_N][NW_M], nw_b[NW_N][NW_M], nw_c[NW_N][NW_M];

static void
test_nowait (void)
{
  static unsigned int ra[NW_N][NW_M], rb[NW_N][NW_M], rc[NW_N][NW_M];
  for (int i = 0; i < NW_N; i++)
    for (int j = 0; j < NW_M; j++)
      {
	ra[i][j] = mix (i ? ra[i - 1][j] : 1, j ? ra[i][j - 1] : 2, 3, 4, 0);
	rb[i][j] = mix (i ? rb[i - 1][j] : 5, j ? rb[i][j - 1] : 6, 7, 8, 1);
	rc[i][j] = mix (i ? rc[i - 1][j] : 9, ra[i][j], rb[i][j], 0, 2);
      }
  for (int t = 0; t < N_NTHREADS; t++)
    for (int rep = 0; rep < 3; rep++)	/* 9 constructs: the ring wraps */
      {
	int nthr = nthreads_list[t];
	memset (nw_a, 0, sizeof nw_a);
	memset (nw_b, 0, sizeof nw_b);
	memset (nw_c, 0, sizeof nw_c);
#pragma omp parallel num_threads (nthr)
	{
#pragma omp for ordered (2) schedule (dynamic, 3) nowait
	  for (int i = 0; i < NW_N; i++)
	    for (int j = 0; j < NW_M; j++)
	      {
#pragma omp ordered depend (sink: i - 1, j) depend (sink: i, j - 1)
		nw_a[i][j] = mix (i ? nw_a[i - 1][j] : 1,
				  j ? nw_a[i][j - 1] : 2, 3, 4, 0);
#pragma omp ordered depend (source)
	      }
#pragma omp for ordered (2) schedule (static, 1) nowait
	  for (int i = 0; i < NW_N; i++)
	    for (int j = 0; j < NW_M; j++)
	      {
#pragma omp ordered depend (sink: i - 1, j) depend (sink: i, j - 1)
		nw_b[i][j] = mix (i ? nw_b[i - 1][j] : 5,
				  j ? nw_b[i][j - 1] : 6, 7, 8, 1);
#pragma omp ordered depend (source)
	      }
#pragma omp barrier
#pragma omp for ordered (1) schedule (guided)
	  for (int i = 0; i < NW_N; i++)
	    {
#pragma omp ordered depend (sink: i - 1)
	      for (int j = 0; j < NW_M; j++)
		nw_c[i][j] = mix (i ? nw_c[i - 1][j] : 9, nw_a[i][j],
				  nw_b[i][j], 0, 2);
#pragma omp ordered depend (source)
	    }
	}
	CHECK (memcmp (nw_a, ra, sizeof ra) == 0
	       && memcmp (nw_b, rb, sizeof rb) == 0
	       && memcmp (nw_c, rc, sizeof rc) == 0,
	       "nowait doacross loops, %d threads, round %d: wrong result",
	       nthr, rep);
      }
}

/* ---- the entry points called directly -------------------------------------- */

/* GOMP_loop_doacross_start (5.0) with a shared buffer: GCC 12 emits it
   for doacross loops with task reductions, which need a taskgroup; here
   without, which libgomp supports as well.  *MEM holds the size on entry
   and a zeroed buffer, the same for the whole team, on return.  SCHED:
   GCC's encoding (2 = dynamic, 3 = guided, 0x80000000 = monotonic
   runtime).  */
static void
test_start_5 (void)
{
  static const long scheds[] = { 1, 2, 3, (long) 0x80000000L };
  enum { N = 30, M = 5 };
  static unsigned int a[N][M], ref[N][M];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      ref[i][j] = mix (i ? ref[i - 1][j] : 1, j ? ref[i][j - 1] : 2, 0, 0,
		       (unsigned int) (i + j));
  for (size_t s = 0; s < sizeof scheds / sizeof scheds[0]; s++)
    for (int t = 0; t < N_NTHREADS; t++)
      {
	int nthr = nthreads_list[t], bad_mem = 0;
	void *bufs[8] = { 0 };
	memset (a, 0, sizeof a);
#pragma omp parallel num_threads (nthr)
	{
	  long counts[2] = { N, M }, lo, hi;
	  void *mem = (void *) (uintptr_t) 256;
	  int me = omp_get_thread_num ();
	  bool more = GOMP_loop_doacross_start (2, counts, scheds[s], 2, &lo,
						&hi, NULL, &mem);
	  bufs[me] = mem;
	  if (mem == NULL)
	    bad_mem = 1;
	  else
	    for (int k = 0; k < 256; k++)
	      if (((volatile unsigned char *) mem)[k] != 0)
		bad_mem = 1;
	  for (; more; more = GOMP_loop_runtime_next (&lo, &hi))
	    for (long i = lo; i < hi; i++)
	      for (long j = 0; j < M; j++)
		{
		  if (i > 0)
		    GOMP_doacross_wait (i - 1, j);
		  if (j > 0)
		    GOMP_doacross_wait (i, j - 1);
		  unsigned int v
		    = mix (i ? __atomic_load_n (&a[i - 1][j], __ATOMIC_RELAXED)
			   : 1, j ? a[i][j - 1] : 2, 0, 0,
			   (unsigned int) (i + j));
		  __atomic_store_n (&a[i][j], v, __ATOMIC_RELAXED);
		  long v2[2] = { i, j };
		  GOMP_doacross_post (v2);
		}
	  GOMP_loop_end ();
	}
	CHECK (!bad_mem, "GOMP_loop_doacross_start, %d threads: mem not a "
	       "zeroed buffer", nthr);
	for (int k = 1; k < nthr; k++)
	  CHECK (bufs[k] == bufs[0], "GOMP_loop_doacross_start, %d threads: "
		 "thread %d got mem %p, thread 0 %p", nthr, k, bufs[k],
		 bufs[0]);
	CHECK (memcmp (a, ref, sizeof a) == 0,
	       "GOMP_loop_doacross_start sched %#lx, %d threads: wrong result",
	       scheds[s], nthr);
      }
}

/* Counts whose product exceeds 2^64: positions cannot be one flattened
   number.  Dimension 0 has 24 iterations and dimension 1 2^62; each row
   runs (and posts) only a few columns spread over the whole range, and
   each cell waits for the same column of the row above, which was
   posted.  */
static void
test_unflattened (void)
{
  enum { N = 16, NCOL = 5 };
  static const long cols[NCOL] = { 0, 1, 1L << 40, (1L << 61) + 3,
				   (1L << 62) - 2 };
  static unsigned int a[N][NCOL], ref[N][NCOL];
  for (int i = 0; i < N; i++)
    for (int c = 0; c < NCOL; c++)
      ref[i][c] = mix (i ? ref[i - 1][c] : 3, c ? ref[i][c - 1] : 4, 0, 0,
		       (unsigned int) (i * 8 + c));
  for (int t = 0; t < N_NTHREADS; t++)
    for (int chunk = 0; chunk <= 2; chunk++)
      {
	int nthr = nthreads_list[t];
	memset (a, 0, sizeof a);
#pragma omp parallel num_threads (nthr)
	{
	  long counts[3] = { N, 1L << 62, 5 }, lo, hi;
	  for (bool more = GOMP_loop_doacross_static_start (3, counts, chunk,
							    &lo, &hi);
	       more; more = GOMP_loop_static_next (&lo, &hi))
	    for (long i = lo; i < hi; i++)
	      for (int c = 0; c < NCOL; c++)
		{
		  if (i > 0)
		    GOMP_doacross_wait (i - 1, cols[c], 4L);
		  unsigned int v
		    = mix (i ? __atomic_load_n (&a[i - 1][c], __ATOMIC_RELAXED)
			   : 3, c ? a[i][c - 1] : 4, 0, 0,
			   (unsigned int) (i * 8 + c));
		  __atomic_store_n (&a[i][c], v, __ATOMIC_RELAXED);
		  long v3[3] = { i, cols[c], 4 };
		  GOMP_doacross_post (v3);
		}
	  GOMP_loop_end ();
	}
	CHECK (memcmp (a, ref, sizeof a) == 0, "counts beyond 2^64, %d "
	       "threads, static chunk %d: wrong result", nthr, chunk);
      }
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);
  compute_refs ();
  test_schedules ();
  test_many_threads ();
  test_nowait ();
  test_start_5 ();
  test_unflattened ();
  return 0;
}
