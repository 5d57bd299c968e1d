/* env-valid.c -- every environment variable libgomp 12 reads, set to
   valid values: the ICV must follow (checked through the API), nothing
   may be printed on stderr, and a parallel region must still work.

   OMP_SCHEDULE is covered by loop-runtime.c (values and their effect on
   loops), nesting variables by nested.c, OMP_DISPLAY_ENV by display-env.c,
   OMP_WAIT_POLICY and GOMP_SPINCOUNT by wait-policy.c; here they appear
   only as "accepted without a warning".  OMP_STACKSIZE / GOMP_STACKSIZE
   are checked by using a 24 MiB stack in worker threads, which the
   default stack would not hold; OMP_DISPLAY_AFFINITY by the lines it
   prints with OMP_AFFINITY_FORMAT.  */

#include "env-check.h"
#include <sched.h>

/* "{C}" and "C" for the first CPU this process may run on (filled in by
   main: CPU 0 is not always in the affinity mask).  */
static char places_one[32] = "OMP_PLACES={0}";
static char cpu_affinity_one[32] = "GOMP_CPU_AFFINITY=0";

#define VALID(vars, ...)						\
  { vars, { __VA_ARGS__, NULL }, NULL, NULL, 1 }
#define V1(a) { a, NULL }
#define V2(a, b) { a, b, NULL }

static const struct env_expect cases[] = {
  VALID (V1 ("OMP_NUM_THREADS=3"), "nthreads=3"),
  VALID (V1 ("OMP_NUM_THREADS= 5 "), "nthreads=5"),
  VALID (V1 ("OMP_NUM_THREADS=64"), "nthreads=64"),
  VALID (V1 ("OMP_NUM_THREADS=1"), "nthreads=1"),
  VALID (V1 ("OMP_DYNAMIC=true"), "dynamic=1"),
  VALID (V1 ("OMP_DYNAMIC=TRUE"), "dynamic=1"),
  VALID (V1 ("OMP_DYNAMIC=false"), "dynamic=0"),
  VALID (V1 ("OMP_NESTED=true"), "nested=1"),
  VALID (V1 ("OMP_NESTED=FALSE"), "nested=0", "max_active_levels=1"),
  VALID (V1 ("OMP_MAX_ACTIVE_LEVELS=3"), "max_active_levels=3",
	 "nested=1"),
  VALID (V1 ("OMP_MAX_ACTIVE_LEVELS=0"), "max_active_levels=0"),
  VALID (V1 ("OMP_THREAD_LIMIT=5"), "thread_limit=5"),
  VALID (V1 ("OMP_PROC_BIND=false"), "proc_bind=0"),
  VALID (V1 ("OMP_PROC_BIND=true"), "proc_bind=1"),
  VALID (V1 ("OMP_PROC_BIND=master"), "proc_bind=2"),
  VALID (V1 ("OMP_PROC_BIND=close"), "proc_bind=3"),
  VALID (V1 ("OMP_PROC_BIND=SPREAD"), "proc_bind=4"),
  VALID (V1 ("OMP_PROC_BIND=spread,close"), "proc_bind=4"),
  VALID (V1 ("OMP_PLACES=threads"), "places=$procs"),
  VALID (V1 ("OMP_PLACES=cores"), "nthreads=$procs"),
  VALID (V1 (places_one), "places=1"),
  VALID (V1 ("OMP_CANCELLATION=true"), "cancellation=1"),
  VALID (V1 ("OMP_CANCELLATION=false"), "cancellation=0"),
  VALID (V1 ("OMP_DEFAULT_DEVICE=0"), "default_device=0"),
  VALID (V1 ("OMP_MAX_TASK_PRIORITY=5"), "max_task_priority=5"),
  VALID (V1 ("OMP_SCHEDULE=guided,4"), "sched_kind=3", "sched_chunk=4"),
  VALID (V1 ("OMP_WAIT_POLICY=active"), "nthreads=$procs"),
  VALID (V1 ("OMP_WAIT_POLICY=PASSIVE"), "nthreads=$procs"),
  VALID (V1 ("OMP_DISPLAY_ENV=false"), "nthreads=$procs"),
  VALID (V1 ("OMP_DISPLAY_AFFINITY=false"), "nthreads=$procs"),
  VALID (V2 ("OMP_AFFINITY_FORMAT=T%n of %N", "QUERY_FORMAT=1"),
	 "affinity_format=T%n of %N"),
  VALID (V1 ("OMP_ALLOCATOR=omp_low_lat_mem_alloc"), "nthreads=$procs"),
  VALID (V1 ("OMP_ALLOCATOR=omp_default_mem_alloc"), "nthreads=$procs"),
  VALID (V1 ("OMP_TARGET_OFFLOAD=DISABLED"), "nthreads=$procs"),
  VALID (V1 ("OMP_TARGET_OFFLOAD=default"), "nthreads=$procs"),
  VALID (V1 ("OMP_NUM_TEAMS=4"), "nthreads=$procs"),
  VALID (V1 ("OMP_TEAMS_THREAD_LIMIT=2"), "nthreads=$procs"),
  VALID (V1 (cpu_affinity_one), "nthreads=$procs"),
  VALID (V1 ("GOMP_SPINCOUNT=10000"), "nthreads=$procs"),
  VALID (V1 ("GOMP_SPINCOUNT=infinite"), "nthreads=$procs"),
  VALID (V1 ("GOMP_SPINCOUNT=10k"), "nthreads=$procs"),
  VALID (V1 ("GOMP_DEBUG=0"), "nthreads=$procs"),
  VALID (V1 ("GOMP_OPENACC_DIM=1:1:1"), "nthreads=$procs"),
  /* big stacks: the child's workers use 24 MiB of stack */
  VALID (V2 ("OMP_STACKSIZE=32M", "BIG_STACK=1"), "big_stack=ok"),
  VALID (V2 ("OMP_STACKSIZE=32768", "BIG_STACK=1"), "big_stack=ok"),
  VALID (V2 ("OMP_STACKSIZE=33554432B", "BIG_STACK=1"), "big_stack=ok"),
  VALID (V2 ("GOMP_STACKSIZE=32768", "BIG_STACK=1"), "big_stack=ok"),
  /* several at once */
  VALID (V2 ("OMP_NUM_THREADS=6", "OMP_THREAD_LIMIT=4"), "nthreads=6",
	 "thread_limit=4", "team=4"),
};

/* 24 MiB of stack, touched page by page.  */
static int __attribute__ ((noinline))
use_big_stack (void)
{
  volatile char buf[24 << 20];
  for (size_t i = 0; i < sizeof buf; i += 4096)
    buf[i] = (char) i;
  return buf[4096 * 3];
}

static int
child (void)
{
  int n = 0;
  char fmt[128];
#pragma omp parallel
#pragma omp atomic
  n++;
  print_icvs ();
  printf ("team=%d\n", n);
  /* Only where needed, so that a missing API fails only its cases.  */
  if (getenv ("OMP_PLACES"))
    printf ("places=%d\n", omp_get_num_places ());
  if (getenv ("QUERY_FORMAT"))
    {
      omp_get_affinity_format (fmt, sizeof fmt);
      printf ("affinity_format=%s\n", fmt);
    }
  if (getenv ("BIG_STACK"))
    {
      int bad = 0;
      /* not thread 0: the initial thread's stack is the process's */
#pragma omp parallel num_threads(3)
      if (omp_get_thread_num () != 0 && use_big_stack () != (char) 12288)
#pragma omp atomic write
	bad = 1;
      printf ("big_stack=%s\n", bad ? "bad" : "ok");
    }
  return 0;
}

/* OMP_DISPLAY_AFFINITY=true: each thread's line, in the given format,
   when it first runs a region.  Returns 1 on failure.  */
static int
check_display_affinity (void)
{
  const char *vars[] = { "OMP_DISPLAY_AFFINITY=true",
    "OMP_AFFINITY_FORMAT=AFF %n/%N", "OMP_NUM_THREADS=3", NULL };
  struct child c;
  int failed = 0;
  run_self (&c, "icvs", vars);
  if (c.status != 0)
    ENV_FAIL (CHILD_FMT, "icvs", env_str (vars), c.status, c.out, c.err);
  else
    for (int t = 0; t < 3; t++)
      {
	char line[32];
	snprintf (line, sizeof line, "AFF %d/3\n", t);
	if (!strstr (c.err, line))
	  ENV_FAIL ("%s: no line \"AFF %d/3\" on stderr:\n%s---",
		    env_str (vars), t, c.err);
      }
  child_free (&c);
  check (!failed, "%s: one line per thread", env_str (vars));
  return failed;
}

int
main (int argc, char **argv)
{
  check_init (argv[0]);
  if (argc > 1)
    return child ();
  {
    cpu_set_t set;
    int cpu = 0;
    if (sched_getaffinity (0, sizeof set, &set) == 0)
      while (cpu < CPU_SETSIZE - 1 && !CPU_ISSET (cpu, &set))
	cpu++;
    snprintf (places_one, sizeof places_one, "OMP_PLACES={%d}", cpu);
    snprintf (cpu_affinity_one, sizeof cpu_affinity_one,
	      "GOMP_CPU_AFFINITY=%d", cpu);
  }
  int rc = env_expect_all (cases, (int) (sizeof cases / sizeof cases[0]),
			   "icvs");
  if (check_display_affinity ())
    rc = 1;
  return rc;
}
