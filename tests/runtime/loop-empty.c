/* loop-empty.c -- worksharing loops with no iteration at all.

   lb == ub and bounds the wrong way round, for every schedule, ordered or
   not, int / long / unsigned long long, split and combined, with and
   without nowait.  The body must never run, every thread must get past
   the loop (no hang in the runtime's start/next/end protocol, where the
   first *_start call already returns false), and a non-empty loop right
   after must still work (the work share of the empty loop is finished
   cleanly).  */

#include "loop-check.h"

#define EMPTY_FN(NAME, T, SCHED)					\
  static void __attribute__ ((noinline))				\
  NAME (T lb, T ub, int chunk, int nthr, const char *what)		\
  {									\
    int ran = 0, passed = 0, after = 0;					\
    (void) chunk;							\
    PRAGMA (omp parallel num_threads (nthr))				\
    {									\
      PRAGMA (omp for SCHED)						\
      for (T i = lb; i < ub; i++)					\
	{								\
	  PRAGMA (omp atomic)						\
	  ran++;							\
	}								\
      PRAGMA (omp for SCHED nowait)					\
      for (T i = ub; i > lb; i--)					\
	{								\
	  PRAGMA (omp atomic)						\
	  ran++;							\
	}								\
      PRAGMA (omp for ordered SCHED)					\
      for (T i = lb; i < ub; i++)					\
	{								\
	  PRAGMA (omp ordered)						\
	  ran++;							\
	}								\
      PRAGMA (omp atomic)						\
      passed++;								\
      /* A real loop after the empty ones: 10 iterations.  */		\
      PRAGMA (omp for SCHED)						\
      for (T i = lb; i < lb + 10; i++)					\
	{								\
	  PRAGMA (omp atomic)						\
	  after++;							\
	}								\
    }									\
    PRAGMA (omp parallel for num_threads (nthr) SCHED)			\
    for (T i = lb; i < ub; i++)						\
      {									\
	PRAGMA (omp atomic)						\
	ran++;								\
      }									\
    PRAGMA (omp parallel for ordered num_threads (nthr) SCHED)		\
    for (T i = ub; i > lb; i--)						\
      {									\
	PRAGMA (omp ordered)						\
	ran++;								\
      }									\
    CHECK_EQ (ran, 0, "%s lb=%lld ub=%lld nthr=%d chunk=%d: iterations "	\
	      "run by empty loops", what, (long long) lb, (long long) ub,	\
	      nthr, chunk);						\
    CHECK_EQ (passed, nthr, "%s lb=%lld ub=%lld nthr=%d chunk=%d: threads"	\
	      " past the empty loops", what, (long long) lb,		\
	      (long long) ub, nthr, chunk);				\
    CHECK_EQ (after, 10, "%s lb=%lld ub=%lld nthr=%d chunk=%d: iterations"	\
	      " of the loop after the empty ones", what, (long long) lb,	\
	      (long long) ub, nthr, chunk);				\
  }

#define EMPTY_FNS(P, SCHED)						\
  EMPTY_FN (P##_i, int, SCHED)						\
  EMPTY_FN (P##_l, long, SCHED)						\
  EMPTY_FN (P##_u, unsigned long long, SCHED)

EMPTY_FNS (e_st, schedule (static))
EMPTY_FNS (e_stc, schedule (static, chunk))
EMPTY_FNS (e_dyn, schedule (dynamic, chunk))
EMPTY_FNS (e_mdyn, schedule (monotonic: dynamic, chunk))
EMPTY_FNS (e_gui, schedule (guided, chunk))
EMPTY_FNS (e_rt, schedule (runtime))
EMPTY_FNS (e_auto, schedule (auto))

typedef void empty_fn_i (int, int, int, int, const char *);
typedef void empty_fn_l (long, long, int, int, const char *);
typedef void empty_fn_u (unsigned long long, unsigned long long, int, int,
			 const char *);

static const struct
{
  const char *name;
  empty_fn_i *fi;
  empty_fn_l *fl;
  empty_fn_u *fu;
} fns[] = {
  { "static", e_st_i, e_st_l, e_st_u },
  { "static,c", e_stc_i, e_stc_l, e_stc_u },
  { "dynamic,c", e_dyn_i, e_dyn_l, e_dyn_u },
  { "monotonic:dynamic,c", e_mdyn_i, e_mdyn_l, e_mdyn_u },
  { "guided,c", e_gui_i, e_gui_l, e_gui_u },
  { "runtime", e_rt_i, e_rt_l, e_rt_u },
  { "auto", e_auto_i, e_auto_l, e_auto_u },
};

int
main (int argc, char **argv)
{
  static const omp_sched_t rt_kinds[] = {
    omp_sched_static, omp_sched_dynamic, omp_sched_guided, omp_sched_auto
  };
  (void) argc;
  check_init (argv[0]);

  for (int t = 0; t < N_TEST_THREAD_COUNTS; t++)
    for (int f = 0; f < (int) (sizeof fns / sizeof fns[0]); f++)
      for (int c = 0; c < N_LOOP_CHUNKS; c++)
	{
	  int nthr = test_thread_counts[t], chunk = loop_chunks[c];
	  /* schedule(runtime) cycles through the ICV kinds.  */
	  omp_set_schedule (rt_kinds[c % 4], chunk);
	  fns[f].fi (5, 5, chunk, nthr, fns[f].name);
	  fns[f].fi (7, -3, chunk, nthr, fns[f].name);
	  fns[f].fl (-100, -100, chunk, nthr, fns[f].name);
	  fns[f].fl (1L << 40, 0, chunk, nthr, fns[f].name);
	  fns[f].fu (0, 0, chunk, nthr, fns[f].name);
	  fns[f].fu (1ULL << 63, 1, chunk, nthr, fns[f].name);
	  fns[f].fu (~0ULL - 20, ~0ULL - 20, chunk, nthr, fns[f].name);
	}
  printf ("%s: ok\n", check_prog);
  return 0;
}
