/* env.c -- placeholder defaults; the full environment parser is being written.  */
#include "config.h"
#include "internal.h"
#include <limits.h>

struct gomp_icv gomp_initial_icv;
struct gomp_global_icv gomp_global_icv;

void
gomp_env_init (void)
{
  gomp_initial_icv.nthreads_var = gomp_num_procs;
  gomp_initial_icv.thread_limit_var = ULONG_MAX;
  gomp_initial_icv.run_sched_var = GS_DYNAMIC;
  gomp_initial_icv.run_sched_chunk = 1;
  gomp_initial_icv.max_active_levels_var = 1;
  gomp_global_icv.spin_count = 300000;
  gomp_global_icv.throttled_spin_count = 100;
  gomp_global_icv.wait_policy = -1;
}
