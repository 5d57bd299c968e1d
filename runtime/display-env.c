/* display-env.c -- OMP_DISPLAY_ENV and omp_display_env: the initial ICVs
   in libgomp 12's exact format, so that tools and tests that read it see
   no difference.  libgomp's rule: every OMP_ variable it implements in
   the standard list, its GOMP_ ones only in the verbose form.  Two
   additions: OMP_DEBUG (debug-var, OpenMP 5.1 §6.21), which GCC 12 does
   not implement and so does not print, ends the standard list, as in
   LLVM's runtime; the verbose form ends with OMPDBG_RUNTIME, which names
   this runtime.  The same list, as "NAME=VALUE" lines, is the block of
   display control variables a debugger reads through OMPD
   (gomp_env_block, ompd-support.c).

   The text is built in memory and written with one write, so that output
   of other threads does not interleave with it.  */

#include "config.h"
#include "internal.h"
#include "tool.h"

#include <errno.h>
#include <limits.h>
#include <omp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static const char *
truth (unsigned int b)
{
  return b ? "TRUE" : "FALSE";
}

/* OMP_SCHEDULE as libgomp prints it: the modifier only where it differs
   from the kind's default (static is monotonic, the others not), the
   chunk only where it differs from the default chunk.  */
static void
print_schedule (FILE *f, const struct gomp_icv *icv)
{
  unsigned int var = icv->run_sched_var;
  unsigned int kind = var & ~GS_MONOTONIC;
  int chunk = icv->run_sched_chunk;
  if (var & GS_MONOTONIC)
    {
      if (kind != GS_STATIC)
	fputs ("MONOTONIC:", f);
    }
  else if (kind == GS_STATIC)
    fputs ("NONMONOTONIC:", f);
  switch (kind)
    {
    case GS_STATIC:
      fputs ("STATIC", f);
      if (chunk != 0)
	fprintf (f, ",%d", chunk);
      break;
    case GS_DYNAMIC:
      fputs ("DYNAMIC", f);
      if (chunk != 1)
	fprintf (f, ",%d", chunk);
      break;
    case GS_GUIDED:
      fputs ("GUIDED", f);
      if (chunk != 1)
	fprintf (f, ",%d", chunk);
      break;
    case GS_AUTO:
      fputs ("AUTO", f);
      break;
    default:
      break;
    }
}

/* libgomp 12 still prints primary under its deprecated name.  */
static const char *
bind_name (unsigned int bind)
{
  switch (bind)
    {
    case BIND_FALSE:
      return "FALSE";
    case BIND_TRUE:
      return "TRUE";
    case BIND_PRIMARY:
      return "MASTER";
    case BIND_CLOSE:
      return "CLOSE";
    case BIND_SPREAD:
      return "SPREAD";
    default:
      return "";
    }
}

static void
write_all (int fd, const char *p, size_t len)
{
  while (len > 0)
    {
      ssize_t n = write (fd, p, len);
      if (n < 0 && errno == EINTR)
	continue;
      if (n <= 0)
	return;
      p += n;
      len -= (size_t) n;
    }
}

/* Each setting is rendered in one of two styles: as OMP_DISPLAY_ENV
   shows it, "  NAME = 'VALUE'", or as the display control variables of
   OMPD, "NAME=VALUE" (gomp_env_block), from this one list.  */
static void
var_begin (FILE *f, bool block, const char *name)
{
  fprintf (f, block ? "%s=" : "  %s = '", name);
}

static void
var_end (FILE *f, bool block)
{
  fputs (block ? "\n" : "'\n", f);
}

static void __attribute__ ((format (printf, 4, 5)))
var (FILE *f, bool block, const char *name, const char *fmt, ...)
{
  va_list ap;
  var_begin (f, block, name);
  va_start (ap, fmt);
  vfprintf (f, fmt, ap);
  va_end (ap);
  var_end (f, block);
}

/* NAME with the program's own text: a control character would end or
   break the line, so each shows as '?'.  */
static void
var_text (FILE *f, bool block, const char *name, const char *text)
{
  var_begin (f, block, name);
  for (const char *p = text; *p; p++)
    fputc ((unsigned char) *p < 0x20 ? '?' : *p, f);
  var_end (f, block);
}

static void
render (FILE *f, bool verbose, bool block)
{
  const struct gomp_icv *icv = &gomp_initial_icv;
  const struct gomp_global_icv *g = &gomp_global_icv;

  var (f, block, "_OPENMP", "%d", GOMP_OPENMP_VERSION);
  var (f, block, "OMP_DYNAMIC", "%s", truth (icv->dyn_var));
  var (f, block, "OMP_NESTED", "%s", truth (icv->max_active_levels_var > 1));

  var_begin (f, block, "OMP_NUM_THREADS");
  fprintf (f, "%lu", icv->nthreads_var);
  for (unsigned int i = 1; i < g->nthreads_list_len; i++)
    fprintf (f, ",%lu", g->nthreads_list[i]);
  var_end (f, block);

  var_begin (f, block, "OMP_SCHEDULE");
  print_schedule (f, icv);
  var_end (f, block);

  var_begin (f, block, "OMP_PROC_BIND");
  fputs (bind_name (icv->bind_var), f);
  for (unsigned int i = 1; i < g->bind_list_len; i++)
    fprintf (f, ",%s", bind_name (g->bind_list[i]));
  var_end (f, block);

  /* The place list itself, '{0},{1}', whatever named it.  */
  char *places = gomp_places_string ();
  var (f, block, "OMP_PLACES", "%s", places ? places : "");
  free (places);
  var (f, block, "OMP_STACKSIZE", "%lu", g->stacksize_var);
  /* libgomp's default policy is neither, and shows as passive.  */
  var (f, block, "OMP_WAIT_POLICY", "%s",
       g->wait_policy > 0 ? "ACTIVE" : "PASSIVE");
  /* libgomp keeps "unlimited" as UINT_MAX.  */
  var (f, block, "OMP_THREAD_LIMIT", "%lu",
       icv->thread_limit_var == ULONG_MAX
       ? (unsigned long) UINT_MAX : icv->thread_limit_var);
  var (f, block, "OMP_MAX_ACTIVE_LEVELS", "%u",
       (unsigned int) icv->max_active_levels_var);
  var (f, block, "OMP_NUM_TEAMS", "%u", (unsigned int) g->num_teams_var);
  var (f, block, "OMP_TEAMS_THREAD_LIMIT", "%u",
       (unsigned int) g->teams_thread_limit_var);
  var (f, block, "OMP_CANCELLATION", "%s", truth (g->cancel_var));
  var (f, block, "OMP_DEFAULT_DEVICE", "%d", icv->default_device_var);
  var (f, block, "OMP_MAX_TASK_PRIORITY", "%d", g->max_task_priority_var);
  var (f, block, "OMP_DISPLAY_AFFINITY", "%s",
       truth (g->display_affinity_var));
  var (f, block, "OMP_AFFINITY_FORMAT", "%s", g->affinity_format);
  var (f, block, "OMP_ALLOCATOR", "%s",
       g->def_allocator_var < GOMP_NUM_ALLOCATORS
       && gomp_allocator_names[g->def_allocator_var]
       ? gomp_allocator_names[g->def_allocator_var] : "");
  static const char *const offload[] = { "DEFAULT", "MANDATORY", "DISABLED" };
  var (f, block, "OMP_TARGET_OFFLOAD", "%s", offload[g->target_offload_var]);
  var (f, block, "OMP_DEBUG", "%s", g->debug_var ? "ENABLED" : "DISABLED");
  /* tool-var, tool-libraries-var, tool-verbose-init-var (OpenMP 5.1
     Table 2.1, ompt-init.c), which GCC 12 does not implement: after
     OMP_DEBUG, as in LLVM's runtime.  */
  var (f, block, "OMP_TOOL", "%s", gomp_tool_icv_string (0));
  var_text (f, block, "OMP_TOOL_LIBRARIES", gomp_tool_icv_string (1));
  var_text (f, block, "OMP_TOOL_VERBOSE_INIT", gomp_tool_icv_string (2));

  if (verbose)
    {
      /* libgomp 12 shows it empty, always.  */
      var (f, block, "GOMP_CPU_AFFINITY", "%s", "");
      var (f, block, "GOMP_STACKSIZE", "%lu", g->stacksize_var);
      var (f, block, "GOMP_SPINCOUNT", "%llu", g->spin_count);
      var (f, block, "OMPDBG_RUNTIME", "%s", "ompdbg " PACKAGE_VERSION);
    }
}

void
gomp_display_env (bool verbose, int fd)
{
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream (&text, &len);
  if (f == NULL)
    return;
  fputs ("\nOPENMP DISPLAY ENVIRONMENT BEGIN\n", f);
  render (f, verbose, false);
  fputs ("OPENMP DISPLAY ENVIRONMENT END\n", f);
  if (fclose (f) == 0)
    write_all (fd, text, len);
  free (text);
}

char *
gomp_env_block (void)
{
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream (&text, &len);
  if (f == NULL)
    return NULL;
  render (f, true, true);
  if (fclose (f) != 0)
    {
      free (text);
      return NULL;
    }
  return text;
}

EXPORT void
omp_display_env (int verbose)
{
  gomp_display_env (verbose != 0, STDERR_FILENO);
}
