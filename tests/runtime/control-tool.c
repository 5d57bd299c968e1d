/* control-tool.c -- omp_control_tool without a tool answers
   omp_control_tool_notool (-2).  GCC's libgomp has no such routine and
   its omp.h declares none: found with dlsym, and the test skips where
   the runtime lacks it.  */
#include "../lib/check.h"

#include <dlfcn.h>
#include <omp.h>

typedef int (*control_fn) (int, int, void *);

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);
  /* The runtime is loaded and started.  */
  omp_set_num_threads (2);
  control_fn control = (control_fn) dlsym (RTLD_DEFAULT, "omp_control_tool");
  if (control == NULL)
    SKIP ("the runtime has no omp_control_tool");
  int r = control (1, 0, NULL);
  CHECK (r == -2, "omp_control_tool (start) without a tool: %d (want -2)",
	 r);
  r = control (3, 0, NULL);
  CHECK (r == -2, "omp_control_tool (flush) without a tool: %d (want -2)",
	 r);
  return 0;
}
