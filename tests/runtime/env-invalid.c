/* env-invalid.c -- every environment variable libgomp 12 reads, set to
   invalid values.

   The runtime must warn on stderr with libgomp's line, "\nlibgomp: " and
   its text, "Invalid value for environment variable NAME" ("Unknown value
   for environment variable OMP_SCHEDULE" for a bad schedule kind,
   "Invalid value for chunk size in environment variable OMP_SCHEDULE" for
   a bad chunk), and keep the default, checked through the API where one exists.  libgomp 12 spells
   the GOMP_CPU_AFFINITY message "enviroment", and so must we.  An
   empty value is invalid too in libgomp.  OMP_AFFINITY_FORMAT and
   GOMP_OPENACC_DIM take any string without a warning in libgomp 12, so
   they only appear in env-valid.c.  One child per (variable, value); the
   child prints its ICVs (env-check.h).  */

#include "env-check.h"

#define INVALID(var, val, ...)						\
  { { var "=" val, NULL }, { __VA_ARGS__, NULL },			\
    "Invalid value for environment variable " var, NULL, 0 }

static const struct env_expect cases[] = {
  INVALID ("OMP_NUM_THREADS", "0", "nthreads=$procs"),
  INVALID ("OMP_NUM_THREADS", "-2", "nthreads=$procs"),
  INVALID ("OMP_NUM_THREADS", "3x", "nthreads=$procs"),
  INVALID ("OMP_NUM_THREADS", "many", "nthreads=$procs"),
  INVALID ("OMP_NUM_THREADS", "", "nthreads=$procs"),
  INVALID ("OMP_DYNAMIC", "yes", "dynamic=0"),
  INVALID ("OMP_DYNAMIC", "2", "dynamic=0"),
  INVALID ("OMP_NESTED", "maybe", "nested=0", "max_active_levels=1"),
  INVALID ("OMP_MAX_ACTIVE_LEVELS", "-1", "max_active_levels=1"),
  INVALID ("OMP_MAX_ACTIVE_LEVELS", "two", "max_active_levels=1"),
  INVALID ("OMP_THREAD_LIMIT", "0", "thread_limit=2147483647"),
  INVALID ("OMP_THREAD_LIMIT", "-5", "thread_limit=2147483647"),
  INVALID ("OMP_THREAD_LIMIT", "4k", "thread_limit=2147483647"),
  INVALID ("OMP_PROC_BIND", "closer", "proc_bind=0"),
  INVALID ("OMP_PROC_BIND", "yes", "proc_bind=0"),
  INVALID ("OMP_PLACES", "everywhere", "proc_bind=0"),
  INVALID ("OMP_STACKSIZE", "4X", "nthreads=$procs"),
  INVALID ("OMP_STACKSIZE", "-1", "nthreads=$procs"),
  INVALID ("OMP_WAIT_POLICY", "fast", "nthreads=$procs"),
  INVALID ("OMP_CANCELLATION", "yes", "cancellation=0"),
  INVALID ("OMP_DISPLAY_ENV", "yes", "nthreads=$procs"),
  INVALID ("OMP_DISPLAY_AFFINITY", "yes", "nthreads=$procs"),
  INVALID ("OMP_DEFAULT_DEVICE", "-1", "default_device=0"),
  INVALID ("OMP_DEFAULT_DEVICE", "gpu", "default_device=0"),
  INVALID ("OMP_MAX_TASK_PRIORITY", "-1", "max_task_priority=0"),
  INVALID ("OMP_MAX_TASK_PRIORITY", "high", "max_task_priority=0"),
  INVALID ("OMP_ALLOCATOR", "omp_no_such_alloc", "nthreads=$procs"),
  INVALID ("OMP_TARGET_OFFLOAD", "sometimes", "nthreads=$procs"),
  INVALID ("OMP_NUM_TEAMS", "0", "nthreads=$procs"),
  INVALID ("OMP_NUM_TEAMS", "x", "nthreads=$procs"),
  INVALID ("OMP_TEAMS_THREAD_LIMIT", "0", "nthreads=$procs"),
  INVALID ("OMP_TEAMS_THREAD_LIMIT", "x", "nthreads=$procs"),
  INVALID ("GOMP_STACKSIZE", "3x", "nthreads=$procs"),
  INVALID ("GOMP_SPINCOUNT", "3x", "nthreads=$procs"),
  INVALID ("GOMP_SPINCOUNT", "lots", "nthreads=$procs"),
  INVALID ("GOMP_DEBUG", "x", "nthreads=$procs"),
  INVALID ("GOMP_DEBUG", "-1", "nthreads=$procs"),
  { { "GOMP_CPU_AFFINITY=x", NULL }, { "proc_bind=0", NULL },
    "Invalid value for enviroment variable GOMP_CPU_AFFINITY", NULL, 0 },
  { { "GOMP_CPU_AFFINITY=-1", NULL }, { "proc_bind=0", NULL },
    "Invalid value for enviroment variable GOMP_CPU_AFFINITY", NULL, 0 },
  /* OMP_SCHEDULE: the default run-sched-var is dynamic,1 (libgomp).  */
  { { "OMP_SCHEDULE=bogus", NULL },
    { "sched_kind=2", "sched_chunk=1", "sched_monotonic=0", NULL },
    "Unknown value for environment variable OMP_SCHEDULE", NULL, 0 },
  { { "OMP_SCHEDULE=monotonic:", NULL },
    { "sched_kind=2", "sched_chunk=1", NULL },
    "Unknown value for environment variable OMP_SCHEDULE", NULL, 0 },
  { { "OMP_SCHEDULE=runtime", NULL },
    { "sched_kind=2", "sched_chunk=1", NULL },
    "Unknown value for environment variable OMP_SCHEDULE", NULL, 0 },
  { { "OMP_SCHEDULE=dynamic,x", NULL }, { "sched_kind=2", NULL },
    "Invalid value for chunk size in environment variable OMP_SCHEDULE",
    NULL, 0 },
  /* One bad variable does not spoil the others.  */
  { { "OMP_NUM_THREADS=x", "OMP_DYNAMIC=true", "OMP_THREAD_LIMIT=7", NULL },
    { "nthreads=$procs", "dynamic=1", "thread_limit=7", NULL },
    "Invalid value for environment variable OMP_NUM_THREADS", NULL, 0 },
  { { "OMP_DYNAMIC=x", "OMP_NUM_THREADS=3", "OMP_MAX_ACTIVE_LEVELS=x",
      NULL }, { "nthreads=3", "dynamic=0", "max_active_levels=1", NULL },
    "Invalid value for environment variable OMP_MAX_ACTIVE_LEVELS", NULL,
    0 },
};

int
main (int argc, char **argv)
{
  check_init (argv[0]);
  if (argc > 1)
    {
      /* Child: the runtime has read its environment; also run a region
	 so that lazily-read variables are used.  */
      int n = 0;
#pragma omp parallel num_threads(2)
#pragma omp atomic
      n++;
      /* (OMP_DYNAMIC=true in some cases: the team may be smaller) */
      CHECK (n >= 1 && n <= 2, "team of num_threads(2) has %d threads", n);
      print_icvs ();
      return 0;
    }
  return env_expect_all (cases, (int) (sizeof cases / sizeof cases[0]),
			 "icvs");
}
