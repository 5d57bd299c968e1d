/* ompd-hooks.c -- the OMPD names our runtime must export (OpenMP 5.1
   "OMPD Interface", runtime side; runtime/ompd-support.c):
   ompd_dll_locations, ompd_dll_locations_valid, the eight ompd_bp_*
   breakpoint functions, and ompdbg's enable flag ompdbg_bp_enabled.

   Checked here, in the process: every name resolves in the global scope
   (so it is in .dynsym), the functions have distinct addresses (a
   debugger breaking on one must not stop at another), ompd_dll_locations
   is a NULL-terminated vector whose first entry is an absolute path, and
   OMP_DEBUG=enabled sets the enable flag (re-executed with and without
   it).  That the hooks are really called, and how often, is checked from
   outside by tests/ompd/gdb-hooks.sh, which runs `ompd-hooks workload`
   under gdb with breakpoints on them, as a debugger does.

   GCC 12's libgomp has no OMPD support: there the test is skipped.  */

#include "../lib/check.h"

#include <dlfcn.h>

static const char *const hook_names[] = {
  "ompd_dll_locations_valid",
  "ompd_bp_parallel_begin", "ompd_bp_parallel_end",
  "ompd_bp_task_begin", "ompd_bp_task_end",
  "ompd_bp_thread_begin", "ompd_bp_thread_end",
  "ompd_bp_device_begin", "ompd_bp_device_end",
};
#define N_HOOKS ((int) (sizeof hook_names / sizeof hook_names[0]))

/* A fixed set of OMPD events; tests/ompd/gdb-hooks.sh knows the counts:
   3 parallel regions (one of them serialized), 3 + 1 + 2 implicit tasks,
   5 deferred + 2 undeferred explicit tasks, 2 pool threads (the 3-thread
   team's workers serve the 2-thread one too) + the initial thread, which
   alone passes thread end, at exit.  */
static void
workload (void)
{
  volatile int sink = 0;
  omp_set_dynamic (0);
#pragma omp parallel num_threads (3)
  sink++;
#pragma omp parallel num_threads (1)
  sink++;
#pragma omp parallel num_threads (2)
#pragma omp single
  {
    for (int i = 0; i < 5; i++)
#pragma omp task
      sink++;
    for (int i = 0; i < 2; i++)
#pragma omp task if (0)
      sink++;
#pragma omp taskwait
  }
  printf ("workload done %d\n", sink > 0);
}

static int
flag_value (void)
{
  int *flag = dlsym (RTLD_DEFAULT, "ompdbg_bp_enabled");
  CHECK (flag != NULL, "ompdbg_bp_enabled not found: %s", dlerror ());
  return *(volatile int *) flag;
}

int
main (int argc, char **argv)
{
  check_init (argv[0]);
  /* Before anything else can have started the runtime: link it in.  */
  CHECK (omp_get_max_threads () >= 1, "no runtime");
  if (dlsym (RTLD_DEFAULT, "ompd_bp_parallel_begin") == NULL)
    SKIP ("this runtime has no OMPD support (not ompdbg's)");

  if (argc > 1 && strcmp (argv[1], "workload") == 0)
    {
      workload ();
      return 0;
    }
  if (argc > 1 && strcmp (argv[1], "flag") == 0)
    {
      workload ();
      printf ("flag=%d\n", flag_value ());
      return 0;
    }

  void *addr[N_HOOKS];
  for (int i = 0; i < N_HOOKS; i++)
    {
      addr[i] = dlsym (RTLD_DEFAULT, hook_names[i]);
      CHECK (addr[i] != NULL, "%s not exported", hook_names[i]);
      for (int j = 0; j < i; j++)
	CHECK (addr[i] != addr[j], "%s and %s have the same address",
	       hook_names[i], hook_names[j]);
    }

  const char ***locp = dlsym (RTLD_DEFAULT, "ompd_dll_locations");
  CHECK (locp != NULL, "ompd_dll_locations not exported");
  const char **loc = *locp;
  CHECK (loc != NULL, "ompd_dll_locations is NULL after start-up");
  CHECK (loc[0] != NULL && loc[0][0] == '/',
	 "first entry of ompd_dll_locations not absolute: %s",
	 loc[0] ? loc[0] : "(null)");
  int n = 0;
  while (n < 16 && loc[n] != NULL)
    {
      CHECK (loc[n][0] != '\0', "entry %d of ompd_dll_locations empty", n);
      printf ("ompd_dll_locations[%d] = %s\n", n, loc[n]);
      n++;
    }
  CHECK (n < 16, "ompd_dll_locations not NULL-terminated");

  /* The flag follows OMP_DEBUG, and the hooks being called (flag set)
     does not disturb the program.  */
  static const struct
  {
    const char *var;
    const char *want;
  } cases[] = {
    { "OMP_DEBUG", "flag=0" },
    { "OMP_DEBUG=disabled", "flag=0" },
    { "OMP_DEBUG=enabled", "flag=1" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      const char *vars[] = { cases[i].var, NULL };
      struct child c;
      run_self (&c, "flag", vars);
      CHECK (c.status == 0, "%s: child exit %d, stderr: %s", cases[i].var,
	     c.status, c.err);
      CHECK (strstr (c.out, "workload done 1") != NULL,
	     "%s: workload output: %s", cases[i].var, c.out);
      CHECK (strstr (c.out, cases[i].want) != NULL,
	     "%s: expected %s, got: %s", cases[i].var, cases[i].want, c.out);
      child_free (&c);
    }
  return 0;
}
