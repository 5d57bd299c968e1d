/* ompt-init.c -- finding, starting and finalizing an OMPT tool (OpenMP
   5.1 §4.2.1-4.2.3, §4.3): tool-var (OMP_TOOL), tool-libraries-var
   (OMP_TOOL_LIBRARIES), tool-verbose-init-var (OMP_TOOL_VERBOSE_INIT).

   At start-up, once the environment is read and the initial thread is
   registered (init.c), and unless tool-var is disabled: an ompt_start_tool
   already in the address space (the program's own, or a library's linked
   in or preloaded), else the ompt_start_tool of each library of
   tool-libraries-var in turn, until one returns non-NULL.  Its
   initializer then runs, with the lookup function of ompt-entry.c; a
   nonzero result attaches the tool (gomp_tool_active), after which the
   initial thread begins (thread-begin, the initial task's
   implicit-task-begin).  The finalizer runs at exit, or when the tool
   calls ompt_finalize_tool, after the initial thread's end events.  */

#include "config.h"
#include "ompt.h"

#include <dlfcn.h>
#include <errno.h>
#include <omp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The ICVs, as the environment gave them (NULL: unset).  */
static const char *tool_var;
static const char *tool_libraries_var;
static const char *tool_verbose_init_var;

/* The attached tool's answer, and the thread that started it (its
   initial thread, whose end events come before the finalizer).  */
static ompt_start_tool_result_t *tool;
static struct gomp_thread *tool_initial_thread;

/* ---- OMP_TOOL_VERBOSE_INIT ---------------------------------------------- */

static FILE *verbose_file;

static void __attribute__ ((format (printf, 1, 2))) verbose (const char *,
							      ...);

static void
verbose_open (void)
{
  const char *v = tool_verbose_init_var;
  if (v == NULL || *v == '\0' || strcasecmp (v, "disabled") == 0)
    return;
  if (strcasecmp (v, "stdout") == 0)
    verbose_file = stdout;
  else if (strcasecmp (v, "stderr") == 0)
    verbose_file = stderr;
  else
    {
      verbose_file = fopen (v, "w");
      /* 5.1: a file that cannot be opened means stderr; the log says
	 why it is there.  */
      if (verbose_file == NULL)
	{
	  int err = errno;
	  verbose_file = stderr;
	  verbose ("OMP_TOOL_VERBOSE_INIT: cannot open %s (%s): logging to "
		   "stderr.\n", v, strerror (err));
	}
    }
}

static void
verbose (const char *fmt, ...)
{
  if (verbose_file == NULL)
    return;
  va_list ap;
  va_start (ap, fmt);
  vfprintf (verbose_file, fmt, ap);
  va_end (ap);
  fflush (verbose_file);
}

static void
verbose_close (void)
{
  if (verbose_file != NULL && verbose_file != stdout
      && verbose_file != stderr)
    fclose (verbose_file);
  verbose_file = NULL;
}

/* ---- OMP_TOOL ----------------------------------------------------------- */

/* tool-var from V (OMP_TOOL's value, NULL if unset): 1 enabled, 0
   disabled, -1 a value 5.1 does not define (Table 2.1: the behaviour is
   unspecified).  As for every variable (env.c), a keyword in any case
   with white space around it; set but blank is the default, as unset;
   an invalid value leaves the default, enabled, with libgomp's warning
   (gomp_tool_init).  */
static int
tool_var_value (const char *v)
{
  static const char *const words[] = { "disabled", "enabled", "" };
  if (v == NULL)
    return 1;
  int i = gomp_env_keyword (v, words, 3);
  return i < 0 ? -1 : i != 0;
}

/* ---- the search --------------------------------------------------------- */

typedef ompt_start_tool_result_t *(*start_tool_fn) (unsigned int,
						    const char *);

static ompt_start_tool_result_t *
start (start_tool_fn fn)
{
  ompt_start_tool_result_t *r = fn (GOMP_OPENMP_VERSION,
				    OMPDBG_RUNTIME_NAME " " PACKAGE_VERSION);
  verbose ("ompt_start_tool returned %s.\n",
	   r ? "a tool: the tool is started" : "NULL: no tool");
  return r;
}

/* The first tool of OMP_TOOL_LIBRARIES that starts, NULL if none.  */
static ompt_start_tool_result_t *
search_libraries (void)
{
  const char *list = tool_libraries_var;
  if (list == NULL || *list == '\0')
    {
      verbose ("OMP_TOOL_LIBRARIES is not set or empty: no library to "
	       "search.\n");
      return NULL;
    }
  verbose ("Searching the libraries of OMP_TOOL_LIBRARIES=%s.\n", list);
  char *copy = strdup (list);
  if (copy == NULL)
    return NULL;
  ompt_start_tool_result_t *r = NULL;
  char *save = NULL;
  for (char *lib = strtok_r (copy, ":", &save); lib != NULL && r == NULL;
       lib = strtok_r (NULL, ":", &save))
    {
      verbose ("Opening %s... ", lib);
      void *h = dlopen (lib, RTLD_LAZY | RTLD_LOCAL);
      if (h == NULL)
	{
	  verbose ("failed: %s.\n", dlerror ());
	  continue;
	}
      verbose ("done.\nLooking up ompt_start_tool in %s... ", lib);
      start_tool_fn fn = (start_tool_fn) dlsym (h, "ompt_start_tool");
      if (fn == NULL)
	{
	  verbose ("not found.\n");
	  dlclose (h);
	  continue;
	}
      verbose ("found.\n");
      r = start (fn);
      /* A library whose tool declined stays loaded: its ompt_start_tool
	 may have registered things (atexit handlers) that need it.  */
    }
  free (copy);
  return r;
}

static ompt_start_tool_result_t *
search (void)
{
  verbose ("Looking up ompt_start_tool in the address space... ");
  start_tool_fn fn = (start_tool_fn) dlsym (RTLD_DEFAULT, "ompt_start_tool");
  if (fn != NULL)
    {
      verbose ("found.\n");
      ompt_start_tool_result_t *r = start (fn);
      if (r != NULL)
	return r;
    }
  else
    verbose ("not found.\n");
  return search_libraries ();
}

void
gomp_tool_init (struct gomp_thread *initial)
{
  tool_var = getenv ("OMP_TOOL");
  tool_libraries_var = getenv ("OMP_TOOL_LIBRARIES");
  tool_verbose_init_var = getenv ("OMP_TOOL_VERBOSE_INIT");
  verbose_open ();
  verbose ("----- OMPT tool registration (" OMPDBG_RUNTIME_NAME ") -----\n");
  int enabled = tool_var_value (tool_var);
  if (enabled < 0)
    {
      gomp_warn ("Invalid value for environment variable OMP_TOOL");
      verbose ("OMP_TOOL=%s is neither enabled nor disabled: enabled.\n",
	       tool_var);
    }
  if (enabled == 0)
    {
      verbose ("OMP_TOOL=disabled: no tool is searched for.\n");
      verbose ("----- end of OMPT tool registration -----\n");
      verbose_close ();
      return;
    }
  ompt_start_tool_result_t *r = search ();
  if (r == NULL)
    verbose ("No tool was started.\n");
  else if (r->initialize == NULL)
    verbose ("The tool gave no initializer: not attached.\n");
  else
    {
      /* Callbacks registered from the initializer take effect with the
	 word set after it.  */
      verbose ("Calling the tool's initializer... ");
      if (r->initialize (gomp_ompt_lookup, omp_get_initial_device (),
			 &r->tool_data))
	{
	  verbose ("it returned nonzero: the tool is attached.\n");
	  tool = r;
	  tool_initial_thread = initial;
	  __atomic_fetch_or (&gomp_tool_active, GOMP_TOOL_OMPT,
			     __ATOMIC_RELEASE);
	  gomp_tool_word_changed ();
	}
      else
	{
	  verbose ("it returned 0: not attached.\n");
	  gomp_ompt_clear_callbacks ();
	}
    }
  verbose ("----- end of OMPT tool registration -----\n");
  verbose_close ();
  if (tool != NULL)
    {
      gomp_tool_thread_begin (initial, ompt_thread_initial);
      gomp_ompt_initial_task (initial, ompt_scope_begin);
    }
}

/* Detach the tool: the initial thread's end events if it is the caller,
   the finalizer; after that no callback, on any thread.  */
void
gomp_ompt_finalize (void)
{
  ompt_start_tool_result_t *r = tool;
  if (r == NULL || !(gomp_tool_active & GOMP_TOOL_OMPT))
    return;
  struct gomp_thread *thr = gomp_tls;
  if (thr != NULL && thr == tool_initial_thread)
    {
      gomp_ompt_initial_task (thr, ompt_scope_end);
      gomp_tool_thread_end (thr);
    }
  __atomic_fetch_and (&gomp_tool_active, ~GOMP_TOOL_OMPT, __ATOMIC_RELEASE);
  gomp_tool_word_changed ();
  tool = NULL;
  if (r->finalize)
    r->finalize (&r->tool_data);
  gomp_ompt_clear_callbacks ();
}

/* The program's exit, after its own atexit handlers and destructors
   (this library's destructors run after those of what loaded it).  */
static void __attribute__ ((destructor))
ompt_fini (void)
{
  gomp_ompt_finalize ();
}

/* Read from the environment here too: OMP_DISPLAY_ENV shows them before
   the search.  */
const char *
gomp_tool_icv_string (int which)
{
  const char *v;
  switch (which)
    {
    case 0:
      /* tool-var: enabled unless OMP_TOOL says disabled.  */
      return tool_var_value (getenv ("OMP_TOOL")) == 0
	? "disabled" : "enabled";
    case 1:
      v = getenv ("OMP_TOOL_LIBRARIES");
      return v ? v : "";
    default:
      v = getenv ("OMP_TOOL_VERBOSE_INIT");
      return v ? v : "disabled";
    }
}
