/* init.c -- start-up: read the environment before main, register the
   initial thread so a debugger sees it from the first instruction.  */

#include "config.h"
#include "internal.h"
#include "os.h"
#include "tool.h"

unsigned int gomp_num_procs = 1;

static void __attribute__ ((constructor))
gomp_init (void)
{
  gomp_num_procs = gomp_os_num_procs ();
  gomp_env_init ();
  /* Before the initial thread registers: OMP_DEBUG decides whether its
     thread-begin event already passes the hook.  */
  gomp_ompd_init ();
  struct gomp_thread *thr = gomp_thread ();
  gomp_task_probe_on_parent ();
  /* With places, the initial thread starts on the first one, as in
     libgomp.  */
  if (gomp_places_len != 0)
    gomp_places_init_thread (thr);
  /* Last: a tool's initializer may call into the runtime.  */
  gomp_tool_init (thr);
}
