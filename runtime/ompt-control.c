/* ompt-control.c -- omp_control_tool (OpenMP 5.1 §3.14): the program
   passes a command to the tool that is attached, through the tool's
   control-tool callback.

   GCC's libgomp has no such routine and GCC 12's omp.h does not declare
   it, so it is in a version node of its own (runtime/libgomp.map,
   OMPT_5.1), outside GCC's OMP_* chain: a program finds it with dlsym,
   or declares it and runs on this runtime only.  */

#include "config.h"
#include "ompt.h"

/* 5.1's omp_control_tool_result_t.  */
#define CONTROL_TOOL_NOTOOL (-2)
#define CONTROL_TOOL_NOCALLBACK (-1)

EXPORT int omp_control_tool (int command, int modifier, void *arg);

int
omp_control_tool (int command, int modifier, void *arg)
{
  if (!(__atomic_load_n (&gomp_tool_active, __ATOMIC_ACQUIRE)
	& GOMP_TOOL_OMPT))
    return CONTROL_TOOL_NOTOOL;
  ompt_callback_control_tool_t cb = GOMP_OMPT_CB (control_tool);
  if (cb == NULL)
    return CONTROL_TOOL_NOCALLBACK;
  return cb ((uint64_t) command, (uint64_t) modifier, arg, GOMP_TOOL_RA ());
}
