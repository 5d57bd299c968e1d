/* control.c -- omp_control_tool with a tool attached: the tool's
   control-tool callback gets the command, modifier, argument and the
   program's code pointer, and its value is the routine's; with the
   callback unregistered the routine answers omp_control_tool_nocallback
   (-1).  GCC's omp.h does not declare the routine: found with dlsym.  */
#include "common.h"

typedef int (*control_fn) (int, int, void *);

static int arg;

int
main (int argc, char **argv)
{
  (void) argc;
  ompt_test_init (argv);
  control_fn control = (control_fn) dlsym (RTLD_DEFAULT, "omp_control_tool");
  if (!check (control != NULL, "the runtime has omp_control_tool"))
    return 1;
  /* LLVM's runtime (14) answers omp_control_tool_notool to a program GCC
     built, its tool attached or not: the answers on ours only.  */
  if (!strict)
    {
      check (tool_failures () == 0, "the tool's own checks");
      return 0;
    }
  tool_reset ();
  /* omp_control_tool_flush, and a modifier the tool defines.  */
  int r = control (3, 7, &arg);
  check (r == 307, "omp_control_tool: the callback's value (%d)", r);
  int i = find_event (0, ompt_callback_control_tool, -1);
  if (check (i >= 0, "control-tool callback"))
    {
      const struct tool_event *e = tool_event (i);
      check (e->kind == 3 && e->flags == 7
	     && e->other == (uintptr_t) &arg,
	     "control-tool: command 3, modifier 7, the argument");
      check (tool_in_function (e->codeptr, "main"),
	     "control-tool: codeptr_ra in main()");
    }
  tool_control_callback (0);
  r = control (1, 0, NULL);
  check (r == -1, "no callback: omp_control_tool_nocallback (%d)", r);
  check (tool_failures () == 0, "the tool's own checks");
  return 0;
}
