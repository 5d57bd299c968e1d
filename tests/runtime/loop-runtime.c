/* loop-runtime.c -- schedule(runtime): the schedule comes from the
   run-sched-var ICV, set with omp_set_schedule () or OMP_SCHEDULE.

   GCC 12: schedule(runtime) -> GOMP_loop_maybe_nonmonotonic_runtime_*,
   schedule(monotonic:runtime) -> GOMP_loop_runtime_*,
   schedule(nonmonotonic:runtime) -> GOMP_loop_nonmonotonic_runtime_*, and
   the combined GOMP_parallel_loop_*runtime forms for `parallel for`;
   GOMP_loop_ull_* for unsigned long long.  Each ICV value is checked
   against the promise of the schedule it names (see loop-check.h).

   The OMP_SCHEDULE half re-executes this program once per value (see
   run_self in check.h); the child checks omp_get_schedule () and the
   loops, the parent checks the child passed.  */

#include "loop-check.h"

LOOP_FUNCS (rt_l, long, schedule (runtime))
LOOP_FUNCS (rt_u, unsigned long long, schedule (runtime))
LOOP_FUNCS (mrt_l, long, schedule (monotonic: runtime))
LOOP_FUNCS (mrt_u, unsigned long long, schedule (monotonic: runtime))
LOOP_FUNCS (nmrt_l, long, schedule (nonmonotonic: runtime))
LOOP_FUNCS (nmrt_u, unsigned long long, schedule (nonmonotonic: runtime))

/* A few bounds cases only: the schedule matrix is large.  */
static const struct loop_case_l rt_cases_l[] = {
  { 0, 1000, 1 },
  { -1001, 999, 3 },
  { 100, 100, 1 },
};

static const struct loop_case_u rt_cases_u[] = {
  { (1ULL << 63) - 300, (1ULL << 63) + 300, 1 },
  { 3, 1000, 7 },
};

/* One run-sched-var value and what it promises.  */
struct rt_sched
{
  const char *name;
  omp_sched_t kind;	/* for omp_set_schedule */
  int use_chunk;	/* pass the case's chunk, else 0 (default) */
  int check;		/* CK_* for the plain runtime shapes */
};

static const struct rt_sched rt_scheds[] = {
  { "static,c", omp_sched_static, 1, CK_STATIC_CHUNK | CK_MONOTONIC },
  { "static", omp_sched_static, 0, CK_STATIC_BLOCK | CK_MONOTONIC },
  { "dynamic,c", omp_sched_dynamic, 1, CK_DYNAMIC },
  { "dynamic", omp_sched_dynamic, 0, CK_DYNAMIC | CK_NOCHUNK },
  { "monotonic:dynamic,c", omp_sched_dynamic | omp_sched_monotonic, 1,
    CK_DYNAMIC | CK_MONOTONIC },
  { "guided,c", omp_sched_guided, 1, CK_GUIDED },
  { "monotonic:guided,c", omp_sched_guided | omp_sched_monotonic, 1,
    CK_GUIDED | CK_MONOTONIC },
  { "auto", omp_sched_auto, 0, CK_ANY },
};
#define N_RT_SCHEDS ((int) (sizeof rt_scheds / sizeof rt_scheds[0]))

static const struct rt_sched *rt_cur;

static void
rt_set_schedule (int chunk)
{
  omp_set_schedule (rt_cur->kind, rt_cur->use_chunk ? chunk : 0);
}

/* Run the three runtime shapes with the ICV as it is now.  CHECK is the
   promise of the ICV's schedule; monotonic:runtime adds monotonicity,
   nonmonotonic:runtime removes it.  */
static void
rt_run_all (int check, const char *name)
{
  int nomono = check & ~CK_MONOTONIC;
  LOOP_RUN_ALL (rt_l, long, rt_cases_l, check, name);
  LOOP_RUN_ALL (rt_u, unsigned long long, rt_cases_u, check, name);
  LOOP_RUN_ALL (mrt_l, long, rt_cases_l, check | CK_MONOTONIC, name);
  LOOP_RUN_ALL (mrt_u, unsigned long long, rt_cases_u, check | CK_MONOTONIC,
		name);
  LOOP_RUN_ALL (nmrt_l, long, rt_cases_l, nomono, name);
  LOOP_RUN_ALL (nmrt_u, unsigned long long, rt_cases_u, nomono, name);
}

/* OMP_SCHEDULE values: the ICV they must produce and their promise.  */
struct env_sched
{
  const char *value;
  unsigned kind;	/* expected omp_get_schedule kind */
  int chunk;		/* expected chunk, 0 = default (< 1, or 1) */
  int static_mono_any;	/* static: accept with or without the monotonic bit */
  int check;
};

static const struct env_sched env_scheds[] = {
  { "static", omp_sched_static, 0, 1, CK_STATIC_BLOCK | CK_MONOTONIC },
  { "static,3", omp_sched_static, 3, 1, CK_STATIC_CHUNK | CK_MONOTONIC },
  { "dynamic", omp_sched_dynamic, 0, 0, CK_DYNAMIC },
  { "dynamic,4", omp_sched_dynamic, 4, 0, CK_DYNAMIC },
  { "guided", omp_sched_guided, 0, 0, CK_GUIDED },
  { "guided,5", omp_sched_guided, 5, 0, CK_GUIDED },
  { "auto", omp_sched_auto, -1, 0, CK_ANY },
  { "monotonic:dynamic,2", omp_sched_dynamic | omp_sched_monotonic, 2, 0,
    CK_DYNAMIC | CK_MONOTONIC },
  { "nonmonotonic:guided,3", omp_sched_guided, 3, 0, CK_GUIDED },
  /* Case and blanks do not matter.  */
  { " Guided , 6 ", omp_sched_guided, 6, 0, CK_GUIDED },
  { "DYNAMIC,7", omp_sched_dynamic, 7, 0, CK_DYNAMIC },
};
#define N_ENV_SCHEDS ((int) (sizeof env_scheds / sizeof env_scheds[0]))

/* Child: OMP_SCHEDULE = env_scheds[idx].value is set.  */
static int
child (int idx)
{
  const struct env_sched *e = &env_scheds[idx];
  omp_sched_t kind;
  int chunk;

  omp_get_schedule (&kind, &chunk);
  if (e->static_mono_any)
    kind = (omp_sched_t) (kind & ~omp_sched_monotonic);
  CHECK ((unsigned) kind == e->kind, "OMP_SCHEDULE='%s': omp_get_schedule "
	 "kind %#x, expected %#x", e->value, (unsigned) kind, e->kind);
  if (e->chunk > 0)
    CHECK (chunk == e->chunk, "OMP_SCHEDULE='%s': chunk %d, expected %d",
	   e->value, chunk, e->chunk);
  else if (e->chunk == 0)
    CHECK (chunk <= 1, "OMP_SCHEDULE='%s': chunk %d, expected the default "
	   "(< 1 or 1)", e->value, chunk);

  loop_fixed_chunk = e->chunk > 0 ? e->chunk : 1;
  FOR_EACH_THREAD_COUNT ()
    rt_run_all (e->check, e->value);
  printf ("child OMP_SCHEDULE='%s': %ld loop runs checked\n", e->value,
	  loop_runs);
  return 0;
}

int
main (int argc, char **argv)
{
  check_init (argv[0]);
  if (argc > 1)
    return child (atoi (argv[1]));

  /* omp_set_schedule before each run (in the sequential part: the ICV is
     inherited by the region).  */
  loop_pre_hook = rt_set_schedule;
  FOR_EACH_THREAD_COUNT ()
    for (int s = 0; s < N_RT_SCHEDS; s++)
      {
	rt_cur = &rt_scheds[s];
	rt_run_all (rt_cur->check, rt_cur->name);
      }
  loop_pre_hook = NULL;
  printf ("%s: omp_set_schedule: %ld loop runs checked\n", check_prog,
	  loop_runs);

  for (int i = 0; i < N_ENV_SCHEDS; i++)
    {
      struct child c;
      char arg[16], var[64];
      const char *env[] = { var, NULL };
      snprintf (arg, sizeof arg, "%d", i);
      snprintf (var, sizeof var, "OMP_SCHEDULE=%s", env_scheds[i].value);
      run_self (&c, arg, env);
      CHECK (c.status == 0, CHILD_FMT, arg, env_str (env), c.status, c.out,
	     c.err);
      fputs (c.out, stdout);
      child_free (&c);
    }
  return 0;
}
