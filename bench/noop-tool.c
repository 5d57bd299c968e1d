/* noop-tool.c -- an OMPT tool that registers every callback the runtime
   delivers and does nothing in them: loaded through OMP_TOOL_LIBRARIES,
   it shows what each construct costs when a tool wants all its events
   (`make bench-tool-on').  The data words stay ompt_data_none.  */

#include "libompd/omp-tools.h"

#include <stddef.h>

/* One empty function of each callback's type would do as well as one for
   all: the runtime calls through the pointer it was given either way.
   Every callback returns void except control_tool, which answers 0.  */
static void
noop (void)
{
}

static int
noop_control (uint64_t command, uint64_t modifier, void *arg,
	      const void *codeptr_ra)
{
  (void) command;
  (void) modifier;
  (void) arg;
  (void) codeptr_ra;
  return 0;
}

static int
initialize (ompt_function_lookup_t lookup, int initial_device_num,
	    ompt_data_t *tool_data)
{
  (void) initial_device_num;
  (void) tool_data;
  ompt_set_callback_t set = (ompt_set_callback_t) lookup ("ompt_set_callback");
  if (set == NULL)
    return 0;
  for (int event = ompt_callback_thread_begin; event <= ompt_callback_error;
       event++)
    set ((ompt_callbacks_t) event,
	 event == ompt_callback_control_tool ? (ompt_callback_t) noop_control
	 : (ompt_callback_t) noop);
  return 1;
}

static void
finalize (ompt_data_t *tool_data)
{
  (void) tool_data;
}

ompt_start_tool_result_t *
ompt_start_tool (unsigned int omp_version, const char *runtime_version)
{
  static ompt_start_tool_result_t result = { initialize, finalize, { 0 } };
  (void) omp_version;
  (void) runtime_version;
  return &result;
}
