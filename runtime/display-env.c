/* display-env.c -- OMP_DISPLAY_ENV and omp_display_env: the initial ICVs
   in libgomp 12's exact format, so that tools and tests that read it see
   no difference.  One exception: the verbose form ends with lines of our
   own (OMP_DEBUG, OMPDBG_RUNTIME).

   The text is built in memory and written with one write, so that output
   of other threads does not interleave with it.  */

#include "config.h"
#include "internal.h"

#include <errno.h>
#include <limits.h>
#include <omp.h>
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

void
gomp_display_env (bool verbose, int fd)
{
  const struct gomp_icv *icv = &gomp_initial_icv;
  const struct gomp_global_icv *g = &gomp_global_icv;
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream (&text, &len);
  if (f == NULL)
    return;

  fputs ("\nOPENMP DISPLAY ENVIRONMENT BEGIN\n", f);
  fprintf (f, "  _OPENMP = '%d'\n", GOMP_OPENMP_VERSION);
  fprintf (f, "  OMP_DYNAMIC = '%s'\n", truth (icv->dyn_var));
  fprintf (f, "  OMP_NESTED = '%s'\n",
	   truth (icv->max_active_levels_var > 1));

  fprintf (f, "  OMP_NUM_THREADS = '%lu", icv->nthreads_var);
  for (unsigned int i = 1; i < g->nthreads_list_len; i++)
    fprintf (f, ",%lu", g->nthreads_list[i]);
  fputs ("'\n", f);

  fputs ("  OMP_SCHEDULE = '", f);
  print_schedule (f, icv);
  fputs ("'\n", f);

  fprintf (f, "  OMP_PROC_BIND = '%s", bind_name (icv->bind_var));
  for (unsigned int i = 1; i < g->bind_list_len; i++)
    fprintf (f, ",%s", bind_name (g->bind_list[i]));
  fputs ("'\n", f);

  /* The place list itself, '{0},{1}', whatever named it.  */
  char *places = gomp_places_string ();
  fprintf (f, "  OMP_PLACES = '%s'\n", places ? places : "");
  free (places);
  fprintf (f, "  OMP_STACKSIZE = '%lu'\n", g->stacksize_var);
  /* libgomp's default policy is neither, and shows as passive.  */
  fprintf (f, "  OMP_WAIT_POLICY = '%s'\n",
	   g->wait_policy > 0 ? "ACTIVE" : "PASSIVE");
  /* libgomp keeps "unlimited" as UINT_MAX.  */
  fprintf (f, "  OMP_THREAD_LIMIT = '%lu'\n",
	   icv->thread_limit_var == ULONG_MAX
	   ? (unsigned long) UINT_MAX : icv->thread_limit_var);
  fprintf (f, "  OMP_MAX_ACTIVE_LEVELS = '%u'\n",
	   (unsigned int) icv->max_active_levels_var);
  fprintf (f, "  OMP_NUM_TEAMS = '%u'\n", (unsigned int) g->num_teams_var);
  fprintf (f, "  OMP_TEAMS_THREAD_LIMIT = '%u'\n",
	   (unsigned int) g->teams_thread_limit_var);
  fprintf (f, "  OMP_CANCELLATION = '%s'\n", truth (g->cancel_var));
  fprintf (f, "  OMP_DEFAULT_DEVICE = '%d'\n", icv->default_device_var);
  fprintf (f, "  OMP_MAX_TASK_PRIORITY = '%d'\n", g->max_task_priority_var);
  fprintf (f, "  OMP_DISPLAY_AFFINITY = '%s'\n",
	   truth (g->display_affinity_var));
  fprintf (f, "  OMP_AFFINITY_FORMAT = '%s'\n", g->affinity_format);
  fprintf (f, "  OMP_ALLOCATOR = '%s'\n",
	   g->def_allocator_var < GOMP_NUM_ALLOCATORS
	   && gomp_allocator_names[g->def_allocator_var]
	   ? gomp_allocator_names[g->def_allocator_var] : "");
  static const char *const offload[] = { "DEFAULT", "MANDATORY", "DISABLED" };
  fprintf (f, "  OMP_TARGET_OFFLOAD = '%s'\n",
	   offload[g->target_offload_var]);

  if (verbose)
    {
      /* libgomp 12 shows it empty, always.  */
      fputs ("  GOMP_CPU_AFFINITY = ''\n", f);
      fprintf (f, "  GOMP_STACKSIZE = '%lu'\n", g->stacksize_var);
      fprintf (f, "  GOMP_SPINCOUNT = '%llu'\n", g->spin_count);
      fprintf (f, "  OMP_DEBUG = '%s'\n",
	       g->debug_var ? "ENABLED" : "DISABLED");
      fputs ("  OMPDBG_RUNTIME = 'ompdbg " PACKAGE_VERSION "'\n", f);
    }
  fputs ("OPENMP DISPLAY ENVIRONMENT END\n", f);

  if (fclose (f) == 0)
    write_all (fd, text, len);
  free (text);
}

EXPORT void
omp_display_env (int verbose)
{
  gomp_display_env (verbose != 0, STDERR_FILENO);
}
