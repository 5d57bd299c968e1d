/* parallel-for.c -- combined `parallel for` started by the
   GOMP_parallel_loop_* entry points.

   GCC 12 emits the combined calls (the work share is set up by the same
   call that starts the team; threads then only call *_next and
   GOMP_loop_end_nowait) only when the bounds, step and chunk are
   compile-time constants: GOMP_parallel_loop_{nonmonotonic_dynamic,
   nonmonotonic_guided, dynamic, guided, maybe_nonmonotonic_runtime,
   nonmonotonic_runtime, runtime}.  (loop-check.h's "combined" shapes take
   their bounds as arguments and so go through GOMP_parallel +
   GOMP_loop_*_start instead.)  Each schedule is instantiated for a few
   constant bound cases and run with every team size; the usual
   loop-check.h promises are checked.  */

#include "loop-check.h"

/* One combined loop with constant bounds: i = LB; i COND UB; i += STEP.  */
#define COMB_FN(NAME, SCHED, LB, COND, UB, STEP)			\
  static void __attribute__ ((noinline))				\
  NAME (int nthr, struct itlog *L)					\
  {									\
    PRAGMA (omp parallel for num_threads (nthr) SCHED)			\
    for (long i = LB; i COND UB; i += STEP)				\
      itlog_rec (L, (i - (LB)) / (STEP), (i - (LB)) % (STEP) != 0);	\
  }

/* The bound cases: (lb, cond, ub, step) and their iteration counts.  */
#define COMB_CASES(P, SCHED)						\
  COMB_FN (P##_a, SCHED, 0, <, 1000, 1)					\
  COMB_FN (P##_b, SCHED, -500, <, 777, 3)				\
  COMB_FN (P##_c, SCHED, 300, >, -301, -7)				\
  COMB_FN (P##_d, SCHED, 5, <=, 5, 1)					\
  COMB_FN (P##_e, SCHED, 10, <, 10, 1)
static const long comb_n[5] = { 1000, 426, 86, 1, 0 };

typedef void comb_fn (int, struct itlog *);
#define COMB_PTRS(P) { P##_a, P##_b, P##_c, P##_d, P##_e }

COMB_CASES (dyn1, schedule (dynamic))
COMB_CASES (dyn7, schedule (dynamic, 7))
COMB_CASES (dyn64, schedule (dynamic, 64))
COMB_CASES (nmdyn4, schedule (nonmonotonic: dynamic, 4))
COMB_CASES (mdyn5, schedule (monotonic: dynamic, 5))
COMB_CASES (gui1, schedule (guided))
COMB_CASES (gui7, schedule (guided, 7))
COMB_CASES (mgui3, schedule (monotonic: guided, 3))
COMB_CASES (rt, schedule (runtime))
COMB_CASES (mrt, schedule (monotonic: runtime))
COMB_CASES (nmrt, schedule (nonmonotonic: runtime))
COMB_CASES (st, schedule (static))
COMB_CASES (st5, schedule (static, 5))

static const struct
{
  const char *name;
  comb_fn *fn[5];
  int chunk;
  int check;
  omp_sched_t rt_kind;	/* schedule(runtime) forms: the ICV to set */
  int rt_chunk;
} scheds[] = {
  { "dynamic", COMB_PTRS (dyn1), 1, CK_DYNAMIC, 0, 0 },
  { "dynamic,7", COMB_PTRS (dyn7), 7, CK_DYNAMIC, 0, 0 },
  { "dynamic,64", COMB_PTRS (dyn64), 64, CK_DYNAMIC, 0, 0 },
  { "nonmonotonic:dynamic,4", COMB_PTRS (nmdyn4), 4, CK_DYNAMIC, 0, 0 },
  { "monotonic:dynamic,5", COMB_PTRS (mdyn5), 5, CK_DYNAMIC | CK_MONOTONIC,
    0, 0 },
  { "guided", COMB_PTRS (gui1), 1, CK_GUIDED, 0, 0 },
  { "guided,7", COMB_PTRS (gui7), 7, CK_GUIDED, 0, 0 },
  { "monotonic:guided,3", COMB_PTRS (mgui3), 3, CK_GUIDED | CK_MONOTONIC,
    0, 0 },
  { "runtime=dynamic,3", COMB_PTRS (rt), 3, CK_DYNAMIC, omp_sched_dynamic,
    3 },
  { "runtime=guided,2", COMB_PTRS (rt), 2, CK_GUIDED, omp_sched_guided, 2 },
  { "runtime=static,4", COMB_PTRS (rt), 4, CK_STATIC_CHUNK | CK_MONOTONIC,
    omp_sched_static, 4 },
  { "runtime=static", COMB_PTRS (rt), 1, CK_STATIC_BLOCK | CK_MONOTONIC,
    omp_sched_static, 0 },
  { "runtime=auto", COMB_PTRS (rt), 1, CK_ANY, omp_sched_auto, 0 },
  { "monotonic:runtime=dynamic,6", COMB_PTRS (mrt), 6,
    CK_DYNAMIC | CK_MONOTONIC, omp_sched_dynamic, 6 },
  { "monotonic:runtime=guided,1", COMB_PTRS (mrt), 1,
    CK_GUIDED | CK_MONOTONIC, omp_sched_guided, 1 },
  { "nonmonotonic:runtime=dynamic,2", COMB_PTRS (nmrt), 2, CK_DYNAMIC,
    omp_sched_dynamic, 2 },
  { "nonmonotonic:runtime=guided,5", COMB_PTRS (nmrt), 5, CK_GUIDED,
    omp_sched_guided, 5 },
  { "static", COMB_PTRS (st), 1, CK_STATIC_BLOCK | CK_MONOTONIC, 0, 0 },
  { "static,5", COMB_PTRS (st5), 5, CK_STATIC_CHUNK | CK_MONOTONIC, 0, 0 },
};

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);

  FOR_EACH_THREAD_COUNT ()
    for (int s = 0; s < (int) (sizeof scheds / sizeof scheds[0]); s++)
      for (int c = 0; c < 5; c++)
	{
	  char what[160];
	  if (scheds[s].rt_kind)
	    omp_set_schedule (scheds[s].rt_kind, scheds[s].rt_chunk);
	  itlog_reset (&loop_log, comb_n[c]);
	  scheds[s].fn[c] (loop_nthr, &loop_log);
	  snprintf (what, sizeof what, "parallel for schedule(%s) case %c "
		    "nthr=%d", scheds[s].name, 'a' + c, loop_nthr);
	  itlog_verify (&loop_log, scheds[s].check, scheds[s].chunk,
			loop_nthr, what);
	  loop_runs++;
	}
  printf ("%s: %ld loop runs checked\n", check_prog, loop_runs);
  return 0;
}
