/* loop-check.h -- recording and checking who ran which iteration of a
   worksharing loop.

   Each loop test instantiates the same loop shapes (LOOP_FUNCS) for one
   schedule clause, then runs them over a table of bounds (negative,
   non-unit steps, downward, near the type's limits, empty) x chunk sizes
   x team sizes, and checks:
   - every logical iteration ran exactly once, at the value lb + k*step;
   - the team had the requested size;
   - what the schedule promises (OpenMP 5.1, 2.11.4): static with a chunk
     is round-robin by thread number, static without one gives each
     thread at most one contiguous block of near-equal size; dynamic hands
     out chunks of exactly `chunk` iterations from the start; guided
     chunks are at least `chunk` long except the last; monotonic
     schedules run each thread's iterations in increasing order;
   - with the ordered clause (ORDERED_FUNCS), the ordered regions ran one
     per iteration, in iteration order.  */

#ifndef TESTS_LOOP_CHECK_H
#define TESTS_LOOP_CHECK_H 1

#include "../lib/check.h"

#define LOOP_MAX_THREADS 64

struct itlog
{
  long n;		/* logical iteration count */
  int *count;		/* times iteration k ran */
  short *thread;	/* thread that ran iteration k (last one) */
  int team;		/* omp_get_num_threads () seen in the loop */
  int bad;		/* an iteration value off the grid or out of range */
  long bad_k;
  long *seq;		/* iterations in the order of their ordered regions */
  long nseq;		/* entries of seq used; -1: no ordered regions */
  struct
  {
    long last;		/* last logical iteration this thread ran */
    int nonmono;	/* it once went backwards */
    char pad[64 - sizeof (long) - sizeof (int)];
  } per[LOOP_MAX_THREADS];
};

static inline void
itlog_reset (struct itlog *L, long n)
{
  free (L->count);
  free (L->thread);
  free (L->seq);
  memset (L, 0, sizeof *L);
  L->n = n;
  L->count = calloc (n ? n : 1, sizeof *L->count);
  L->thread = calloc (n ? n : 1, sizeof *L->thread);
  L->seq = calloc (n ? n : 1, sizeof *L->seq);
  L->nseq = -1;
  CHECK (L->count && L->thread && L->seq, "out of memory");
  for (int t = 0; t < LOOP_MAX_THREADS; t++)
    L->per[t].last = -1;
}

/* Called by the loop body for logical iteration K; OFFGRID is nonzero
   when the iteration variable is not lb + K*step.  */
static inline void
itlog_rec (struct itlog *L, long k, int offgrid)
{
  int t = omp_get_thread_num ();
  __atomic_store_n (&L->team, omp_get_num_threads (), __ATOMIC_RELAXED);
  if (offgrid || k < 0 || k >= L->n || t < 0 || t >= LOOP_MAX_THREADS)
    {
      __atomic_store_n (&L->bad_k, k, __ATOMIC_RELAXED);
      __atomic_store_n (&L->bad, 1, __ATOMIC_RELAXED);
      return;
    }
  __atomic_fetch_add (&L->count[k], 1, __ATOMIC_RELAXED);
  __atomic_store_n (&L->thread[k], (short) t, __ATOMIC_RELAXED);
  if (k <= L->per[t].last)
    L->per[t].nonmono = 1;
  L->per[t].last = k;
}

/* Called inside the ordered region of iteration K: ordered regions run
   one at a time, in iteration order, so plain accesses are race-free if
   the runtime is right (and the sequence check catches it if not).  */
static inline void
itlog_ordered (struct itlog *L, long k)
{
  if (L->nseq < 0)
    L->nseq = 0;
  if (L->nseq < L->n)
    L->seq[L->nseq] = k;
  L->nseq++;
}

/* What to check beyond "each iteration exactly once".  */
enum sched_check
{
  CK_ANY,		/* auto, nonmonotonic: no promise */
  CK_STATIC_BLOCK,	/* static, no chunk */
  CK_STATIC_CHUNK,	/* static, chunk: round-robin */
  CK_DYNAMIC,		/* chunks of exactly `chunk` from the start */
  CK_GUIDED		/* chunks >= `chunk` except the last */
};

#define CK_MONOTONIC 0x100	/* or-ed in: per-thread increasing order */
#define CK_NOCHUNK 0x200	/* or-ed in: the clause has no chunk (= 1) */

/* Check L after a loop run.  WHAT describes the case for messages.  */
static inline void
itlog_verify (const struct itlog *L, int check, long chunk, int nthr,
	      const char *what)
{
  long n = L->n;
  int kind = check & 0xff;

  CHECK (!L->bad, "%s: iteration %ld is outside the iteration space or "
	 "not on the step grid", what, L->bad_k);
  for (long k = 0; k < n; k++)
    CHECK (L->count[k] == 1, "%s: logical iteration %ld of %ld ran %d "
	   "times, expected exactly once", what, k, n, L->count[k]);
  if (L->nseq >= 0)
    {
      CHECK (L->nseq == n, "%s: %ld ordered regions ran, expected %ld",
	     what, L->nseq, n);
      for (long p = 0; p < n; p++)
	CHECK (L->seq[p] == p, "%s: ordered region number %ld was "
	       "iteration %ld's, expected iteration %ld's (iteration order)",
	       what, p, L->seq[p], p);
    }
  if (n == 0)
    return;
  CHECK (L->team == nthr, "%s: team size %d, expected num_threads(%d)",
	 what, L->team, nthr);
  if (chunk < 1 || (check & CK_NOCHUNK))
    chunk = 1;

  switch (kind)
    {
    case CK_STATIC_CHUNK:
      for (long k = 0; k < n; k++)
	CHECK (L->thread[k] == (k / chunk) % nthr, "%s: static chunk %ld: "
	       "iteration %ld ran on thread %d, expected round-robin thread "
	       "%ld", what, chunk, k, L->thread[k], (k / chunk) % nthr);
      break;
    case CK_STATIC_BLOCK:
      {
	/* One block per thread, in thread order, sizes within 1.  */
	long minsz = n + 1, maxsz = 0, start = 0;
	int prev = -1, blocks = 0;
	for (long k = 1; k <= n; k++)
	  if (k == n || L->thread[k] != L->thread[start])
	    {
	      long sz = k - start;
	      int t = L->thread[start];
	      CHECK (t > prev, "%s: static: thread %d runs a block at "
		     "iteration %ld after thread %d (one block per thread, "
		     "in thread order expected)", what, t, start, prev);
	      prev = t;
	      blocks++;
	      if (sz < minsz)
		minsz = sz;
	      if (sz > maxsz)
		maxsz = sz;
	      start = k;
	    }
	CHECK (maxsz - minsz <= 1, "%s: static blocks of %ld..%ld "
	       "iterations, expected near-equal sizes", what, minsz, maxsz);
	CHECK (blocks == (n < nthr ? n : nthr), "%s: static: %d threads got "
	       "iterations, expected %ld", what, blocks,
	       n < nthr ? n : (long) nthr);
      }
      break;
    case CK_DYNAMIC:
      for (long k = 0; k < n; k++)
	CHECK (L->thread[k] == L->thread[k - k % chunk], "%s: dynamic chunk "
	       "%ld: iterations %ld and %ld are in one chunk but ran on "
	       "threads %d and %d", what, chunk, k - k % chunk, k,
	       L->thread[k - k % chunk], L->thread[k]);
      break;
    case CK_GUIDED:
      {
	/* A run of consecutive iterations on one thread is made of whole
	   chunks, so any run but the last is at least `chunk` long.  */
	long start = 0;
	for (long k = 1; k < n; k++)
	  if (L->thread[k] != L->thread[start])
	    {
	      CHECK (k - start >= chunk, "%s: guided chunk %ld: iterations "
		     "%ld..%ld ran on thread %d, a chunk shorter than %ld",
		     what, chunk, start, k - 1, L->thread[start], chunk);
	      start = k;
	    }
      }
      break;
    default:
      break;
    }

  if (check & CK_MONOTONIC)
    for (int t = 0; t < nthr && t < LOOP_MAX_THREADS; t++)
      CHECK (!L->per[t].nonmono, "%s: monotonic schedule, but thread %d "
	     "ran its iterations out of increasing order", what, t);
}

/* ---- loop shapes ----------------------------------------------------

   LOOP_FUNCS (P, T, SCHED) defines, for iteration type T and schedule
   clause SCHED (which may use the int variable `chunk`):
     P_up_split    #pragma omp parallel + #pragma omp for, i < ub, i += step
     P_up_comb     #pragma omp parallel for (GOMP_parallel_loop_* when the
		   schedule is not static), same loop
     P_dn_split    i > ub, i -= step
     P_dn_comb
     P_le_nowait   i <= ub, i += step, `for nowait` then an explicit barrier
   All take (T lb, T ub, T step, int chunk, int nthr, struct itlog *L).
   ORDERED_FUNCS (P, T, SCHED) defines the same with the `ordered` clause
   and an ordered region in each iteration that logs the iteration in
   sequence (itlog_ordered).  */

/* Called with the chunk size before each run when set: schedule(runtime)
   tests set the run-sched-var ICV there with omp_set_schedule.  */
static void (*loop_pre_hook) (int chunk) __attribute__ ((unused));

/* The loop bodies.  */
#define LOOP_BODY_PLAIN(L, IDX, step)					\
  itlog_rec (L, (long) ((IDX) / step), (IDX) % step != 0)
#define LOOP_BODY_ORDERED(L, IDX, step)					\
  do {									\
    itlog_rec (L, (long) ((IDX) / step), (IDX) % step != 0);		\
    PRAGMA (omp ordered)						\
    itlog_ordered (L, (long) ((IDX) / step));				\
  } while (0)

#define LOOP_FN_SPLIT(NAME, T, COND, INCR, IDX, SCHED, NOWAIT, BODY)	\
  static void __attribute__ ((noinline))				\
  NAME (T lb, T ub, T step, int chunk, int nthr, struct itlog *L)	\
  {									\
    if (loop_pre_hook)							\
      loop_pre_hook (chunk);						\
    PRAGMA (omp parallel num_threads (nthr))				\
    {									\
      PRAGMA (omp for SCHED NOWAIT)					\
      for (T i = lb; i COND ub; i INCR step)				\
	BODY (L, IDX, step);						\
      if (#NOWAIT[0])							\
	{								\
	  PRAGMA (omp barrier)						\
	}								\
    }									\
  }

#define LOOP_FN_COMB(NAME, T, COND, INCR, IDX, SCHED, BODY)		\
  static void __attribute__ ((noinline))				\
  NAME (T lb, T ub, T step, int chunk, int nthr, struct itlog *L)	\
  {									\
    if (loop_pre_hook)							\
      loop_pre_hook (chunk);						\
    PRAGMA (omp parallel for num_threads (nthr) SCHED)			\
    for (T i = lb; i COND ub; i INCR step)				\
      BODY (L, IDX, step);						\
  }

#define LOOP_FUNCS_BODY(P, T, SCHED, BODY)				\
  LOOP_FN_SPLIT (P##_up_split, T, <, +=, i - lb, SCHED, , BODY)		\
  LOOP_FN_COMB (P##_up_comb, T, <, +=, i - lb, SCHED, BODY)		\
  LOOP_FN_SPLIT (P##_dn_split, T, >, -=, lb - i, SCHED, , BODY)		\
  LOOP_FN_COMB (P##_dn_comb, T, >, -=, lb - i, SCHED, BODY)		\
  LOOP_FN_SPLIT (P##_le_nowait, T, <=, +=, i - lb, SCHED, nowait, BODY)

#define LOOP_FUNCS(P, T, SCHED) LOOP_FUNCS_BODY (P, T, SCHED, LOOP_BODY_PLAIN)
#define ORDERED_FUNCS(P, T, SCHED)					\
  LOOP_FUNCS_BODY (P, T, ordered SCHED, LOOP_BODY_ORDERED)

/* Bounds tables.  Up loops run lb, lb+step, ... < ub; down loops lb,
   lb-step, ... > ub; `le` loops lb ... <= ub.  */
struct loop_case_l
{
  long lb, ub, step;
};

struct loop_case_u
{
  unsigned long long lb, ub, step;
};

/* Logical iteration counts, computed in 128 bits so that no case can
   overflow.  */
static inline long
count_up (__int128 lb, __int128 ub, __int128 step)
{
  return ub > lb ? (long) ((ub - lb + step - 1) / step) : 0;
}

static inline long
count_dn (__int128 lb, __int128 ub, __int128 step)
{
  return lb > ub ? (long) ((lb - ub + step - 1) / step) : 0;
}

static inline long
count_le (__int128 lb, __int128 ub, __int128 step)
{
  return ub >= lb ? (long) ((ub - lb) / step + 1) : 0;
}

/* Chunk sizes tried: 1, small, not dividing anything, and larger than
   most threads' share.  */
static const int loop_chunks[] = { 1, 2, 7, 64 };
#define N_LOOP_CHUNKS ((int) (sizeof loop_chunks / sizeof loop_chunks[0]))

/* The signed cases, usable for int and long (all fit in int).  */
static const struct loop_case_l loop_cases_int[] = {
  { 0, 1000, 1 },		/* plain */
  { -500, 500, 1 },		/* negative lower bound */
  { -1001, 999, 3 },		/* non-unit step */
  { -7, 2000, 13 },		/* step not dividing the range */
  { 5, 6, 1 },			/* one iteration */
  { 100, 100, 1 },		/* empty */
  { 100, 40, 2 },		/* empty: bounds the wrong way round */
  { 2147482547L, 2147483547L, 4 }, /* near INT_MAX (not to it: GCC's
				     count computation may overflow) */
};

/* Cases only long can hold.  */
static const struct loop_case_l loop_cases_long[] = {
  { (1L << 32) - 500, (1L << 32) + 500, 1 },	/* crosses 2^32 */
  { -(1L << 40) - 300, -(1L << 40) + 300, 5 },	/* large negative */
  { 0, 3L << 33, 1L << 31 },			/* step > INT_MAX */
};

/* Cases for unsigned long long (GOMP_loop_ull_*).  */
static const struct loop_case_u loop_cases_ull[] = {
  { 0, 1000, 1 },
  { 3, 2000, 7 },
  { (1ULL << 63) - 500, (1ULL << 63) + 500, 1 },	/* crosses LONG_MAX */
  { ~0ULL - 3000, ~0ULL - 20, 11 },		/* just below ULLONG_MAX */
  { 1ULL << 40, (1ULL << 40) + 1, 1 },		/* one iteration */
  { 17, 17, 1 },				/* empty */
  { 40, 10, 1 },				/* empty: wrong way round */
};

#define N_CASES(a) ((int) (sizeof (a) / sizeof (a)[0]))

/* Run one loop shape FN over one bounds case for every chunk size, with
   team size NTHR.  DIR is 'u' (i < ub), 'd' (i > ub, bounds mirrored) or
   'l' (i <= ub).  The team size is the outermost loop of a test (see
   FOR_EACH_THREAD_COUNT): runtimes resize their thread pool when the team
   size changes, and doing that for every run costs more than the test.  */
#define LOOP_RUN_CASE(FN, T, DIR, LB, UB, STEP, CHECKKIND, SCHEDNAME, TNAME) \
  do {									\
    T lb_ = (T) (LB), ub_ = (T) (UB), step_ = (T) (STEP);		\
    if ((DIR) == 'd')							\
      {									\
	T tmp_ = lb_;							\
	lb_ = ub_;							\
	ub_ = tmp_;							\
      }									\
    long n_ = (DIR) == 'u' ? count_up (lb_, ub_, step_)			\
      : (DIR) == 'd' ? count_dn (lb_, ub_, step_)			\
      : count_le (lb_, ub_, step_);					\
    for (int c_ = 0; c_ < (loop_fixed_chunk ? 1 : N_LOOP_CHUNKS); c_++)	\
      {									\
	char what_[512];						\
	int chunk_ = loop_fixed_chunk ? loop_fixed_chunk : loop_chunks[c_]; \
	itlog_reset (&loop_log, n_);					\
	FN (lb_, ub_, step_, chunk_, loop_nthr, &loop_log);		\
	snprintf (what_, sizeof what_, "%s %s %s lb=%lld ub=%lld "	\
		  "step=%lld chunk=%d nthr=%d (%ld iterations)",	\
		  #FN, TNAME, SCHEDNAME, (long long) lb_,		\
		  (long long) ub_, (long long) step_, chunk_,		\
		  loop_nthr, n_);					\
	itlog_verify (&loop_log, (CHECKKIND), chunk_, loop_nthr, what_);	\
	loop_runs++;							\
      }									\
  } while (0)

/* The team size of the current runs.  */
static int loop_nthr __attribute__ ((unused));

/* When nonzero, the chunk size the schedule really uses (set outside the
   program, by OMP_SCHEDULE): each case then runs once, not once per entry
   of loop_chunks.  */
static int loop_fixed_chunk __attribute__ ((unused));

#define FOR_EACH_THREAD_COUNT()						\
  for (int ti_ = 0; ti_ < N_TEST_THREAD_COUNTS				\
       && (loop_nthr = test_thread_counts[ti_], 1); ti_++)

static struct itlog loop_log __attribute__ ((unused));
static long loop_runs __attribute__ ((unused));

/* GCC 12 miscompiles a decreasing loop over an unsigned type whose step
   is not 1 (`for (unsigned long long i = 60; i > 3; i -= 7)` runs one
   iteration with schedule(static) and never ends with dynamic, on any
   runtime), so those combinations are not tried.  */
#define LOOP_GCC_BAD_DOWN(T, STEP) ((T) 0 - 1 > (T) 0 && (STEP) != 1)

/* Run the five shapes of prefix P (see LOOP_FUNCS) for type T over the
   table CASES.  */
#define LOOP_RUN_ALL(P, T, CASES, CHECKKIND, SCHEDNAME)			\
  do {									\
    for (int i_ = 0; i_ < N_CASES (CASES); i_++)			\
      {									\
	LOOP_RUN_CASE (P##_up_split, T, 'u', CASES[i_].lb, CASES[i_].ub,	\
		       CASES[i_].step, CHECKKIND, SCHEDNAME, #T);	\
	LOOP_RUN_CASE (P##_up_comb, T, 'u', CASES[i_].lb, CASES[i_].ub,	\
		       CASES[i_].step, CHECKKIND, SCHEDNAME, #T);	\
	if (!LOOP_GCC_BAD_DOWN (T, CASES[i_].step))			\
	  {								\
	    LOOP_RUN_CASE (P##_dn_split, T, 'd', CASES[i_].lb,		\
			   CASES[i_].ub, CASES[i_].step, CHECKKIND,	\
			   SCHEDNAME, #T);				\
	    LOOP_RUN_CASE (P##_dn_comb, T, 'd', CASES[i_].lb,		\
			   CASES[i_].ub, CASES[i_].step, CHECKKIND,	\
			   SCHEDNAME, #T);				\
	  }								\
	if (CASES[i_].ub > CASES[i_].lb)				\
	  LOOP_RUN_CASE (P##_le_nowait, T, 'l', CASES[i_].lb,		\
			 CASES[i_].ub - 1, CASES[i_].step, CHECKKIND,	\
			 SCHEDNAME, #T);				\
      }									\
  } while (0)

#endif /* TESTS_LOOP_CHECK_H */
