/* loop-dynamic.c -- schedule(dynamic) worksharing loops.

   GCC 12 compiles schedule(dynamic[,c]) to GOMP_loop_nonmonotonic_dynamic_*
   (the OpenMP 5.0 default), schedule(monotonic:dynamic) to the GOMP_1.0
   GOMP_loop_dynamic_*, and `parallel for` with these to the combined
   GOMP_parallel_loop_{nonmonotonic_,}dynamic; unsigned long long loops use
   the GOMP_loop_ull_* twins.  Every shape of loop-check.h runs over every
   bounds case x chunk x team size.  */

#include "loop-check.h"

LOOP_FUNCS (dyn_i, int, schedule (dynamic, chunk))
LOOP_FUNCS (dyn_l, long, schedule (dynamic, chunk))
LOOP_FUNCS (dyn_u, unsigned long long, schedule (dynamic, chunk))
LOOP_FUNCS (dyn1_l, long, schedule (dynamic))
LOOP_FUNCS (mdyn_i, int, schedule (monotonic: dynamic, chunk))
LOOP_FUNCS (mdyn_l, long, schedule (monotonic: dynamic, chunk))
LOOP_FUNCS (mdyn_u, unsigned long long, schedule (monotonic: dynamic, chunk))
LOOP_FUNCS (nmdyn_l, long, schedule (nonmonotonic: dynamic, chunk))
LOOP_FUNCS (nmdyn_u, unsigned long long,
	    schedule (nonmonotonic: dynamic, chunk))

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);

  FOR_EACH_THREAD_COUNT ()
    {
      /* Chunks are exactly `chunk` iterations, aligned from the first.  */
      LOOP_RUN_ALL (dyn_i, int, loop_cases_int, CK_DYNAMIC, "dynamic,c");
      LOOP_RUN_ALL (dyn_l, long, loop_cases_long, CK_DYNAMIC, "dynamic,c");
      LOOP_RUN_ALL (dyn_u, unsigned long long, loop_cases_ull, CK_DYNAMIC,
		    "dynamic,c");
      /* No chunk: chunks of one iteration.  */
      LOOP_RUN_ALL (dyn1_l, long, loop_cases_int, CK_DYNAMIC | CK_NOCHUNK,
		    "dynamic");
      /* monotonic: in addition, each thread's iterations in order.  */
      LOOP_RUN_ALL (mdyn_i, int, loop_cases_int, CK_DYNAMIC | CK_MONOTONIC,
		    "monotonic:dynamic,c");
      LOOP_RUN_ALL (mdyn_l, long, loop_cases_long,
		    CK_DYNAMIC | CK_MONOTONIC, "monotonic:dynamic,c");
      LOOP_RUN_ALL (mdyn_u, unsigned long long, loop_cases_ull,
		    CK_DYNAMIC | CK_MONOTONIC, "monotonic:dynamic,c");
      LOOP_RUN_ALL (nmdyn_l, long, loop_cases_int, CK_DYNAMIC,
		    "nonmonotonic:dynamic,c");
      LOOP_RUN_ALL (nmdyn_u, unsigned long long, loop_cases_ull, CK_DYNAMIC,
		    "nonmonotonic:dynamic,c");
    }

  printf ("%s: %ld loop runs checked\n", check_prog, loop_runs);
  return 0;
}
