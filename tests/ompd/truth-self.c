/* truth-self.c -- a thread of an OpenMP program describes itself for
   the truth file (truth.h), from the OpenMP API and the system only.  */

#include "config.h"
#include "tests/ompd/truth-self.h"

#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static const char *const bind_names[] = {
  "false", "true", "primary", "close", "spread"
};

void
truth_self (struct truth_thread *t, long state, uint64_t wait_id,
	    int task_kind, uint64_t task_fn, uint64_t task_ra,
	    uint64_t region_fn)
{
  memset (t, 0, sizeof *t);
  t->tid = syscall (SYS_gettid);
  t->pthread = (uint64_t) pthread_self ();
  t->level = omp_get_level ();
  t->active_level = omp_get_active_level ();
  for (int l = 0; l <= t->level && l < TRUTH_MAX_LEVELS; l++)
    {
      t->nums[l] = omp_get_ancestor_thread_num (l);
      t->sizes[l] = omp_get_team_size (l);
    }
  t->region_fn = region_fn;
  t->state = state;
  t->wait_id = wait_id;
  t->check_wait = wait_id != 0;
  t->task_kind = task_kind;
  t->final = omp_in_final ();
  t->task_fn = task_fn;
  t->task_ra = task_ra;
  t->nthreads = omp_get_max_threads ();
  t->dyn = omp_get_dynamic ();
  t->max_active_levels = omp_get_max_active_levels ();
  t->thread_limit = omp_get_thread_limit ();
  t->default_device = omp_get_default_device ();
  omp_sched_t kind;
  int chunk;
  omp_get_schedule (&kind, &chunk);
  t->sched_kind = (long) (unsigned int) kind;
  t->sched_chunk = chunk;
  t->bind = omp_get_proc_bind ();
  t->def_allocator = (uint64_t) omp_get_default_allocator ();
  /* The per-level lists are not visible through the API beyond the
     current value: the program states them (truth_lists).  */
  snprintf (t->nthreads_str, sizeof t->nthreads_str, "%ld", t->nthreads);
  snprintf (t->bind_str, sizeof t->bind_str, "%s",
	    t->bind >= 0 && t->bind < 5 ? bind_names[t->bind] : "?");
  int np = omp_get_partition_num_places ();
  int nums[64];
  if (np >= 0 && np <= 64)
    {
      omp_get_partition_place_nums (nums);
      t->partition_known = 1;
      for (int i = 0; i < np; i++)
	{
	  size_t used = strlen (t->partition);
	  snprintf (t->partition + used, sizeof t->partition - used, "%s%d",
		    i ? "," : "", nums[i]);
	}
    }
}

void
truth_global (struct truth *t)
{
  t->omp_version = _OPENMP;
  t->num_procs = omp_get_num_procs ();
  t->cancel = omp_get_cancellation ();
  t->max_task_priority = omp_get_max_task_priority ();
  t->nteams = omp_get_max_teams ();
  t->teams_thread_limit = omp_get_teams_thread_limit ();
  t->display_affinity = 0;
  t->debug = -1;
  omp_get_affinity_format (t->affinity_format, sizeof t->affinity_format);
}
