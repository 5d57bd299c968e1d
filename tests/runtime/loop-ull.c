/* loop-ull.c -- size_t / unsigned long loops with run-time bounds.

   An iteration variable of an unsigned 64-bit type makes GCC use the
   GOMP_loop_ull_* entry points for every non-static schedule (a size_t
   loop with schedule(dynamic) is the everyday case), including the
   combined `parallel for` (GOMP_parallel + GOMP_loop_ull_*_start: there is
   no combined ull entry point).  The bounds come from outside the loop
   (function arguments), values straddle LONG_MAX and sit near SIZE_MAX, and
   steps are large.  The schedule-specific files run the same shapes with
   unsigned long long; this one uses the size_t spelling and its own
   cases.  */

#include "loop-check.h"
#include <stdint.h>

LOOP_FUNCS (sz_st, size_t, schedule (static))
LOOP_FUNCS (sz_stc, size_t, schedule (static, chunk))
LOOP_FUNCS (sz_dyn, size_t, schedule (dynamic, chunk))
LOOP_FUNCS (sz_mdyn, size_t, schedule (monotonic: dynamic, chunk))
LOOP_FUNCS (sz_gui, size_t, schedule (guided, chunk))
LOOP_FUNCS (sz_rt, size_t, schedule (runtime))
LOOP_FUNCS (sz_mrt, size_t, schedule (monotonic: runtime))
LOOP_FUNCS (sz_auto, size_t, schedule (auto))

static const struct loop_case_u sz_cases[] = {
  { 0, 777, 1 },
  /* straddles LONG_MAX: signed arithmetic would go negative */
  { (size_t) INT64_MAX - 400, (size_t) INT64_MAX + 400, 3 },
  /* near SIZE_MAX, leaving room for the last increment and for the end
     of the largest chunk */
  { SIZE_MAX - 2000, SIZE_MAX - 64, 1 },
  /* huge steps, crossing LONG_MAX (not so huge that chunk * step
     overflows: the runtime computes chunk ends as start + chunk * step,
     and OpenMP leaves overflowing iteration arithmetic unspecified) */
  { 1ULL << 62, (1ULL << 63) + 5, 1ULL << 55 },
  { 1ULL << 40, (1ULL << 40) + 1, 1 },
  { 1000, 1000, 1 },
};

static omp_sched_t rt_kind;

static void
rt_set (int chunk)
{
  omp_set_schedule (rt_kind, chunk);
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);

  FOR_EACH_THREAD_COUNT ()
    {
      const int mono = CK_MONOTONIC;
      LOOP_RUN_ALL (sz_st, size_t, sz_cases,
		    CK_STATIC_BLOCK | mono | CK_NOCHUNK, "static");
      LOOP_RUN_ALL (sz_stc, size_t, sz_cases, CK_STATIC_CHUNK | mono,
		    "static,c");
      LOOP_RUN_ALL (sz_dyn, size_t, sz_cases, CK_DYNAMIC, "dynamic,c");
      LOOP_RUN_ALL (sz_mdyn, size_t, sz_cases, CK_DYNAMIC | mono,
		    "monotonic:dynamic,c");
      LOOP_RUN_ALL (sz_gui, size_t, sz_cases, CK_GUIDED, "guided,c");
      LOOP_RUN_ALL (sz_auto, size_t, sz_cases, CK_ANY, "auto");
      loop_pre_hook = rt_set;
      rt_kind = omp_sched_static;
      LOOP_RUN_ALL (sz_rt, size_t, sz_cases, CK_STATIC_CHUNK | mono,
		    "runtime=static,c");
      rt_kind = omp_sched_dynamic;
      LOOP_RUN_ALL (sz_rt, size_t, sz_cases, CK_DYNAMIC, "runtime=dynamic,c");
      LOOP_RUN_ALL (sz_mrt, size_t, sz_cases, CK_DYNAMIC | mono,
		    "monotonic:runtime=dynamic,c");
      rt_kind = omp_sched_guided;
      LOOP_RUN_ALL (sz_rt, size_t, sz_cases, CK_GUIDED, "runtime=guided,c");
      loop_pre_hook = NULL;
    }

  printf ("%s: %ld loop runs checked\n", check_prog, loop_runs);
  return 0;
}
