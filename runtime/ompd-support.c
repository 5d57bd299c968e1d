/* ompd-support.c -- what OMPD (OpenMP 5.1, "OMPD Interface") requires of
   the runtime itself: ompd_dll_locations, ompd_dll_locations_valid and
   the eight ompd_bp_* breakpoint functions, plus the enable flag that
   decides whether the runtime calls them.

   A debugger finds all of these by name in the dynamic symbol table
   (core files and stripped libraries have no .symtab), so they are in the
   OMPD_5.1 node of libgomp.map, apart from the OMP/GOMP chain.  The
   breakpoint functions do nothing: a debugger puts a breakpoint on each
   and reads the runtime's state when one is hit.  For that each must be a
   real, distinct function that is really called: noinline and noclone so
   that calls are not replaced by (nothing), no_icf so that GCC does not
   fold the eight identical bodies into one address, and a distinct
   volatile asm in each body for the same reason with other compilers or
   LTO.  */

#include "config.h"
#include "internal.h"
#include "ompd-layout.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The enable flag.  Nonzero: the runtime calls the ompd_bp_* functions at
   the OMPD events (parallel, task and thread begin/end).  Zero: it does
   not, and each event costs one load and one never-taken branch.
   Start-up sets it to 1 when debug-var is enabled (OMP_DEBUG=enabled).
   A debugger may write a 32-bit 1 (or 0) to it in a live process, through
   the exported name ompdbg_bp_enabled, to switch the hooks on (or off)
   without a restart; they take effect at the next event, on every thread.
   Runtime code reads it under its hidden name, which avoids a GOT load per
   event.  It is the first int of gomp_hooks (internal.h), at the word's
   address.  */
HIDDEN union gomp_hooks gomp_hooks __attribute__ ((aligned (8)));
extern EXPORT int ompdbg_bp_enabled __attribute__ ((alias ("gomp_hooks")));
/* The hidden name, in the symbol table only, for a debugger that looks
   for it there.  */
extern HIDDEN int gomp_ompd_enabled_sym __asm__ ("gomp_ompd_enabled")
  __attribute__ ((alias ("gomp_hooks")));
/* An alias takes its target's size: give both the flag's, so that
   nothing that reads the symbol table takes the tools' word for part of
   it.  */
_Static_assert (sizeof (int) == 4, "the .size below");
__asm__ ("\t.size ompdbg_bp_enabled, 4\n"
	 "\t.size gomp_ompd_enabled, 4");

/* The display control variables for ompd_get_display_control_vars,
   reached through the layout table's OMPDBG_ROOT_ENV_BLOCK: on the heap,
   so in any core.  NULL if start-up ran out of memory.  */
HIDDEN char *gomp_ompd_env_block;

/* NULL until the vector below is complete (OMPD: a debugger that reads it
   before ompd_dll_locations_valid has run must see NULL, never a partial
   vector).  */
EXPORT const char **ompd_dll_locations;

/* $OMPDBG_LIBOMPD when set, the libompd.so in this runtime's own
   directory, the bare name for the debugger's own search path, NULL.  */
static const char *dll_locations[4];

#define OMPD_HOOK __attribute__ ((noinline, noclone, no_icf, used))

/* Distinct asm text per function: not even LTO or a linker's identical
   code folding can merge them.  */
#define OMPD_HOOK_BODY(name) asm volatile ("# " #name ::: "memory")

EXPORT OMPD_HOOK void
ompd_dll_locations_valid (void)
{
  OMPD_HOOK_BODY (ompd_dll_locations_valid);
}

EXPORT OMPD_HOOK void
ompd_bp_parallel_begin (void)
{
  OMPD_HOOK_BODY (ompd_bp_parallel_begin);
}

EXPORT OMPD_HOOK void
ompd_bp_parallel_end (void)
{
  OMPD_HOOK_BODY (ompd_bp_parallel_end);
}

EXPORT OMPD_HOOK void
ompd_bp_task_begin (void)
{
  OMPD_HOOK_BODY (ompd_bp_task_begin);
}

EXPORT OMPD_HOOK void
ompd_bp_task_end (void)
{
  OMPD_HOOK_BODY (ompd_bp_task_end);
}

EXPORT OMPD_HOOK void
ompd_bp_thread_begin (void)
{
  OMPD_HOOK_BODY (ompd_bp_thread_begin);
}

EXPORT OMPD_HOOK void
ompd_bp_thread_end (void)
{
  OMPD_HOOK_BODY (ompd_bp_thread_end);
}

/* Device initialize / finalize events.  This runtime has no offload
   device: target regions always run as host fallback on the initial
   device (target.c), which the spec does not count as a device
   initialization.  The two are defined because debuggers look them up by
   name, and never called.  */
EXPORT OMPD_HOOK void
ompd_bp_device_begin (void)
{
  OMPD_HOOK_BODY (ompd_bp_device_begin);
}

EXPORT OMPD_HOOK void
ompd_bp_device_end (void)
{
  OMPD_HOOK_BODY (ompd_bp_device_end);
}

/* The hooks of a region's start, on its encountering thread, called only
   when the flag is set.  OpenMP 5.1 binds ompd_bp_parallel_begin to the
   new region and to the ENCOUNTERING task, ompd_bp_task_begin to the
   task that begins, here the master's implicit task: what a debugger
   stopped in each reads as the thread's current task must be that task.
   The thread is already in the new team (gomp_team_enter), so for the
   first hook its current task is the encountering task again, for the
   second the implicit task.  Out of line and only here, so that the
   region's fast path stores the implicit task once and tests the flag
   once.  (At the end the runtime goes back to the encountering task
   before parallel-end anyway: team.c, parallel.c.)  */
void __attribute__ ((cold, noinline))
gomp_ompd_parallel_begin (struct gomp_thread *thr, struct gomp_team *team)
{
  /* The encountering task is in the runtime, not in a wait (its enter
     frame is set: team.c, parallel.c).  */
  struct gomp_task *implicit = thr->task;
  gomp_task_wait_state (team->parent_task, ompt_state_work_serial);
  gomp_set_current_task (thr, team->parent_task);
  ompd_bp_parallel_begin ();
  gomp_set_current_task (thr, implicit);
  ompd_bp_task_begin ();
}

/* The hook of a region's end, on its encountering thread, called only
   when the flag is set: ompd_bp_parallel_end binds to the region that
   ends and to the ENCOUNTERING task, current again, in the runtime and
   not waiting (its enter frame is set: team.c, parallel.c).  */
void __attribute__ ((cold, noinline))
gomp_ompd_parallel_end (struct gomp_thread *thr, struct gomp_task *parent)
{
  gomp_task_wait_state (parent, ompt_state_work_serial);
  gomp_set_current_task (thr, parent);
  ompd_bp_parallel_end ();
}

/* The libompd.so beside this runtime: make install puts both in
   $(libdir)/ompdbg, so the directory of the file the loader gave for one
   of our symbols names it, wherever the tree was installed or staged.
   The loader's name is made absolute (it is relative when the library
   path was, and a debugger resolves names against its own directory) but
   links are not resolved: that would cost a system call per component at
   every start, and the name is only as good as the installed layout
   anyway.  A heap copy, so that it is in any core.  NULL when dladdr
   fails or memory is short.  */
static const char *
libompd_beside_runtime (void)
{
  static const char name[] = "/libompd.so";
  Dl_info info;
  if (dladdr ((void *) &ompd_dll_locations_valid, &info) == 0
      || info.dli_fname == NULL)
    return NULL;
  const char *file = info.dli_fname;
  const char *slash = strrchr (file, '/');
  size_t dirlen = slash != NULL ? (size_t) (slash - file) : 0;
  char cwd[PATH_MAX];
  size_t cwdlen = 0;
  if (file[0] != '/')
    {
      if (getcwd (cwd, sizeof cwd) == NULL)
	return NULL;
      cwdlen = strlen (cwd);
    }
  char *path = malloc (cwdlen + 1 + dirlen + sizeof name);
  if (path == NULL)
    return NULL;
  char *p = path;
  if (cwdlen != 0)
    {
      p = mempcpy (p, cwd, cwdlen);
      if (dirlen != 0)
	*p++ = '/';
    }
  p = mempcpy (p, file, dirlen);
  memcpy (p, name, sizeof name);
  return path;
}

/* Mark the layout table live.  The write also puts the table in every
   core: a kernel core, and gdb's gcore, which follows the same
   coredump_filter rules, leave out a private file mapping nobody wrote
   (a debugger would have to find the library file), and dump all of one
   that has a written page (Linux fs/coredump.c vma_dump_size: anon_vma).
   The table is one object in .data, so one mapping.  */
static void
layout_init (void)
{
  __atomic_store_n (&gomp_ompd_layout->live, OMPDBG_LAYOUT_MAGIC,
		    __ATOMIC_RELEASE);
}

/* Called once at start-up (init.c) after the environment is read: builds
   the display control variables, readies the layout table, sets the
   enable flag from debug-var, publishes ompd_dll_locations, then passes
   ompd_dll_locations_valid for a debugger waiting on it.  */
void
gomp_ompd_init (void)
{
  gomp_ompd_env_block = gomp_env_block ();
  layout_init ();
  if (gomp_global_icv.debug_var)
    gomp_ompd_enabled = 1;
  size_t n = 0;
  /* The override, for a runtime that does not sit beside its libompd:
     the build tree's (its ompdbg script and the tests set it).  */
  const char *env = getenv ("OMPDBG_LIBOMPD");
  if (env != NULL && env[0] != '\0'
      && (dll_locations[n] = strdup (env)) != NULL)
    n++;
  if ((dll_locations[n] = libompd_beside_runtime ()) != NULL)
    n++;
  dll_locations[n++] = "libompd.so";
  dll_locations[n] = NULL;
  /* The vector is complete before the pointer to it is stored; the
     release store orders it for any thread, and the debugger reads it
     only once stopped in ompd_dll_locations_valid.  */
  __atomic_store_n (&ompd_dll_locations, dll_locations, __ATOMIC_RELEASE);
  ompd_dll_locations_valid ();
}

/* OMPD initial-thread-end for the thread that ends the process (exit or
   return from main): its pthread key destructor (registry.c) does not run
   then.  Pool threads never pass thread-end, even if one calls exit.  */
static void __attribute__ ((destructor))
gomp_ompd_fini (void)
{
  struct gomp_thread *thr = gomp_tls;
  if (thr != NULL && !thr->pool_thread)
    GOMP_OMPD_EVENT (thread_end);
}
