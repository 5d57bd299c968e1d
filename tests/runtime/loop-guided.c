/* loop-guided.c -- schedule(guided) worksharing loops.

   schedule(guided[,c]) -> GOMP_loop_nonmonotonic_guided_* (5.0 default),
   schedule(monotonic:guided) -> GOMP_loop_guided_*, `parallel for` ->
   GOMP_parallel_loop_{nonmonotonic_,}guided, unsigned long long loops ->
   GOMP_loop_ull_*.  Guided chunks shrink, but none but the last may be
   shorter than the chunk size.  */

#include "loop-check.h"

LOOP_FUNCS (gui_i, int, schedule (guided, chunk))
LOOP_FUNCS (gui_l, long, schedule (guided, chunk))
LOOP_FUNCS (gui_u, unsigned long long, schedule (guided, chunk))
LOOP_FUNCS (gui1_i, int, schedule (guided))
LOOP_FUNCS (mgui_l, long, schedule (monotonic: guided, chunk))
LOOP_FUNCS (mgui_u, unsigned long long, schedule (monotonic: guided, chunk))
LOOP_FUNCS (nmgui_i, int, schedule (nonmonotonic: guided, chunk))
LOOP_FUNCS (nmgui_u, unsigned long long,
	    schedule (nonmonotonic: guided, chunk))

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);

  FOR_EACH_THREAD_COUNT ()
    {
      LOOP_RUN_ALL (gui_i, int, loop_cases_int, CK_GUIDED, "guided,c");
      LOOP_RUN_ALL (gui_l, long, loop_cases_long, CK_GUIDED, "guided,c");
      LOOP_RUN_ALL (gui_u, unsigned long long, loop_cases_ull, CK_GUIDED,
		    "guided,c");
      LOOP_RUN_ALL (gui1_i, int, loop_cases_int, CK_GUIDED | CK_NOCHUNK,
		    "guided");
      LOOP_RUN_ALL (mgui_l, long, loop_cases_int, CK_GUIDED | CK_MONOTONIC,
		    "monotonic:guided,c");
      LOOP_RUN_ALL (mgui_l, long, loop_cases_long, CK_GUIDED | CK_MONOTONIC,
		    "monotonic:guided,c");
      LOOP_RUN_ALL (mgui_u, unsigned long long, loop_cases_ull,
		    CK_GUIDED | CK_MONOTONIC, "monotonic:guided,c");
      LOOP_RUN_ALL (nmgui_i, int, loop_cases_int, CK_GUIDED,
		    "nonmonotonic:guided,c");
      LOOP_RUN_ALL (nmgui_u, unsigned long long, loop_cases_ull, CK_GUIDED,
		    "nonmonotonic:guided,c");
    }

  printf ("%s: %ld loop runs checked\n", check_prog, loop_runs);
  return 0;
}
