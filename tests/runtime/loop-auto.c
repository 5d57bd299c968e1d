/* loop-auto.c -- schedule(auto): the implementation chooses (GCC: static,
   inline), so only "every iteration exactly once, by the requested team"
   is promised.  */

#include "loop-check.h"

LOOP_FUNCS (auto_i, int, schedule (auto))
LOOP_FUNCS (auto_l, long, schedule (auto))
LOOP_FUNCS (auto_u, unsigned long long, schedule (auto))

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);

  FOR_EACH_THREAD_COUNT ()
    {
      LOOP_RUN_ALL (auto_i, int, loop_cases_int, CK_ANY, "auto");
      LOOP_RUN_ALL (auto_l, long, loop_cases_long, CK_ANY, "auto");
      LOOP_RUN_ALL (auto_u, unsigned long long, loop_cases_ull, CK_ANY,
		    "auto");
    }

  printf ("%s: %ld loop runs checked\n", check_prog, loop_runs);
  return 0;
}
