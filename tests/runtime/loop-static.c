/* loop-static.c -- schedule(static) worksharing loops, and loops without a
   schedule clause.

   GCC inlines static schedules: the split is computed by the program from
   omp_get_num_threads () and omp_get_thread_num (), with GOMP_barrier at
   the end of the loop (unless nowait) and GOMP_parallel for the region.
   So this checks that the runtime gives each thread the right id and team
   size, for every team size, and that the barriers hold.  static,c must be
   round-robin in thread order; plain static gives each thread at most one
   block.  */

#include "loop-check.h"

LOOP_FUNCS (st_i, int, schedule (static))
LOOP_FUNCS (st_l, long, schedule (static))
LOOP_FUNCS (st_u, unsigned long long, schedule (static))
LOOP_FUNCS (stc_i, int, schedule (static, chunk))
LOOP_FUNCS (stc_l, long, schedule (static, chunk))
LOOP_FUNCS (stc_u, unsigned long long, schedule (static, chunk))
LOOP_FUNCS (mstc_l, long, schedule (monotonic: static, chunk))
/* No clause: GCC's def-sched-var is static.  */
LOOP_FUNCS (def_l, long, )

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);

  FOR_EACH_THREAD_COUNT ()
    {
      const int blk = CK_STATIC_BLOCK | CK_MONOTONIC | CK_NOCHUNK;
      const int rr = CK_STATIC_CHUNK | CK_MONOTONIC;
      LOOP_RUN_ALL (st_i, int, loop_cases_int, blk, "static");
      LOOP_RUN_ALL (st_l, long, loop_cases_long, blk, "static");
      LOOP_RUN_ALL (st_u, unsigned long long, loop_cases_ull, blk, "static");
      LOOP_RUN_ALL (stc_i, int, loop_cases_int, rr, "static,c");
      LOOP_RUN_ALL (stc_l, long, loop_cases_long, rr, "static,c");
      LOOP_RUN_ALL (stc_u, unsigned long long, loop_cases_ull, rr,
		    "static,c");
      LOOP_RUN_ALL (mstc_l, long, loop_cases_int, rr, "monotonic:static,c");
      LOOP_RUN_ALL (def_l, long, loop_cases_int, blk, "(no schedule)");
    }

  printf ("%s: %ld loop runs checked\n", check_prog, loop_runs);
  return 0;
}
