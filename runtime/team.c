/* team.c -- forming a team for a parallel region and ending it.

   The master of a region keeps the team it last used (thr->hot_team)
   together with its workers, which stay reserved for it while docked.
   The next region of that master reuses both: no allocation, no pool
   lock, and each worker's dock line is already warm in the master's
   cache.  Only a region larger than any before, or one nested inside a
   region of the same master, goes to the pool.  */

#include "config.h"
#include "internal.h"
#include "futex.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The number of threads for a region the calling thread encounters,
   following OpenMP 5.1 §2.6.1 (determining the number of threads).
   Reserves the extra threads against thread-limit-var; gomp_team_end
   gives them back.  */
unsigned int
gomp_resolve_num_threads (struct gomp_thread *thr, unsigned int requested)
{
  struct gomp_icv *icv = &thr->task->icv;
  unsigned long n = requested ? requested : icv->nthreads_var;
  if (n <= 1)
    return 1;
  if (thr->ts.active_level >= (unsigned int) icv->max_active_levels_var)
    return 1;
  unsigned int busy = atomic_load_explicit (&gomp_busy_threads,
					    memory_order_relaxed);
  for (;;)
    {
      unsigned long want = n;
      if (icv->dyn_var)
	{
	  /* Dynamic adjustment: no more threads than idle processors.  */
	  unsigned long idle = busy < gomp_num_procs
	    ? gomp_num_procs - busy + 1 : 1;
	  if (want > idle)
	    want = idle;
	}
      if (icv->thread_limit_var != ULONG_MAX)
	{
	  unsigned long avail = icv->thread_limit_var > busy
	    ? icv->thread_limit_var - busy + 1 : 1;
	  if (want > avail)
	    want = avail;
	}
      if (want > 0xfffff)
	want = 0xfffff;		/* the barrier word's count field */
      if (want <= 1)
	return 1;
      if (atomic_compare_exchange_weak_explicit
	  (&gomp_busy_threads, &busy, busy + (unsigned int) want - 1,
	   memory_order_relaxed, memory_order_relaxed))
	return (unsigned int) want;
    }
}

static void
team_arrays (struct gomp_team *team, unsigned int n)
{
  if (team->capacity >= n)
    return;
  struct gomp_thread **threads = realloc (team->threads,
					  n * sizeof *threads);
  struct gomp_task *implicit = realloc (team->implicit,
					n * sizeof *implicit);
  if (threads == NULL || implicit == NULL)
    gomp_fatal ("out of memory forming a team of %u threads", n);
  team->threads = threads;
  team->implicit = implicit;
  team->capacity = n;
}

static struct gomp_team *
team_alloc (unsigned int n)
{
  struct gomp_team *team;
  if (posix_memalign ((void **) &team, CACHE_LINE, sizeof *team) != 0)
    gomp_fatal ("out of memory forming a team");
  memset (team, 0, sizeof *team);
  team_arrays (team, n);
  return team;
}

/* Work shares start empty for every region (see worksharing.c).  */

void
gomp_team_reset (struct gomp_team *team, unsigned int n)
{
  for (long i = 0; i < GOMP_WS_RING; i++)
    {
      struct gomp_work_share *ws = &team->ws[i];
      atomic_store_explicit (&ws->claimed, i - GOMP_WS_RING,
			     memory_order_relaxed);
      atomic_store_explicit (&ws->ready, i - GOMP_WS_RING,
			     memory_order_relaxed);
      atomic_store_explicit (&ws->done, i - GOMP_WS_RING,
			     memory_order_relaxed);
      atomic_store_explicit (&ws->left, 0, memory_order_relaxed);
      ws->mem = NULL;
    }
  gomp_barrier_init (&team->barrier, n);
  atomic_store_explicit (&team->join, 0, memory_order_relaxed);
  atomic_store_explicit (&team->single_claimed, 0, memory_order_relaxed);
  team->combined = false;
}

/* The ICVs of the implicit tasks of a new region at LEVEL: those of the
   encountering task, with the per-level list entries of OMP_NUM_THREADS
   and OMP_PROC_BIND for the new level (OpenMP 5.1 §2.4.1).  */
void
gomp_region_icv (struct gomp_icv *icv, const struct gomp_icv *from,
		 unsigned int level, unsigned int proc_bind)
{
  *icv = *from;
  if (level < gomp_global_icv.nthreads_list_len)
    icv->nthreads_var = gomp_global_icv.nthreads_list[level];
  if (level < gomp_global_icv.bind_list_len)
    icv->bind_var = gomp_global_icv.bind_list[level];
  (void) proc_bind;
}

/* Start a region of N threads (N from gomp_resolve_num_threads) running
   FN (DATA).  With COMBINED the caller sets up ws[0] and then calls
   gomp_team_launch; otherwise the workers are already running when this
   returns.  The caller then runs FN itself as thread 0.  */
struct gomp_team *
gomp_team_start (void (*fn) (void *), void *data, unsigned int n,
		 unsigned int flags, struct gomp_work_share **ws0)
{
  struct gomp_thread *thr = gomp_thread ();
  struct gomp_team *team = thr->hot_team;
  if (team == NULL || team->in_use)
    {
      team = team_alloc (n);
      if (thr->hot_team == NULL)
	thr->hot_team = team;
    }
  team->in_use = true;
  team_arrays (team, n);
  /* Reserve workers: those this team already holds, then the pool.  */
  while (team->nhot < n - 1)
    team->threads[++team->nhot] = gomp_pool_get ();
  team->threads[0] = thr;

  team->nthreads = n;
  team->fn = fn;
  team->data = data;
  team->proc_bind = flags & 7;
  team->parent_task = thr->task;
  team->level = thr->ts.level + 1;
  team->active_level = thr->ts.active_level + (n > 1);
  team->id = atomic_fetch_add_explicit (&gomp_registry.next_region_id, 1,
					memory_order_relaxed) + 1;
  gomp_team_reset (team, n);

  struct gomp_task *task = &team->implicit[0];
  task->kind = TASK_IMPLICIT;
  task->parent = thr->task;
  task->team = team;
  task->thread = thr;
  task->fn = fn;
  gomp_region_icv (&task->icv, &thr->task->icv, team->level, flags & 7);

  team->master_saved = thr->ts;
  thr->ts.team = team;
  thr->ts.team_id = 0;
  thr->ts.level = team->level;
  thr->ts.active_level = team->active_level;
  thr->ts.single_seq = 0;
  thr->ts.static_trip = 0;
  thr->ts.ordered_held = false;
  thr->ts.ws = NULL;
  thr->ts.ws_seq = 0;
  thr->task = task;
  gomp_set_state (thr, STATE_WORK_PARALLEL, 0);

  if (ws0)
    {
      team->combined = true;
      *ws0 = &team->ws[0];
      thr->ts.ws = &team->ws[0];
      thr->ts.ws_seq = 1;
      atomic_store_explicit (&team->ws[0].claimed, 0, memory_order_relaxed);
      atomic_store_explicit (&team->ws[0].ready, 0, memory_order_relaxed);
      return team;
    }
  gomp_team_launch (team);
  return team;
}

/* Release the workers of TEAM into its region.  */
void
gomp_team_launch (struct gomp_team *team)
{
  for (unsigned int i = 1; i < team->nthreads; i++)
    gomp_dock_release (team->threads[i], team, i);
}

/* Wait until every worker of TEAM has finished the region.  */
static void
team_join (struct gomp_thread *thr, struct gomp_team *team)
{
  unsigned int target = (team->nthreads - 1) * 2;
  gomp_set_state (thr, STATE_WAIT_BARRIER_IMPLICIT_PARALLEL,
		  (uintptr_t) team);
  unsigned long long spins = gomp_spin_limit ();
  for (unsigned long long i = 0; i < spins; i++)
    {
      if ((atomic_load_explicit (&team->join, memory_order_acquire)
	   & ~WORD_SLEEPING) == target)
	return;
      gomp_cpu_relax ();
    }
  for (;;)
    {
      unsigned int v = atomic_load_explicit (&team->join,
					     memory_order_acquire);
      if ((v & ~WORD_SLEEPING) == target)
	return;
      if (!(v & WORD_SLEEPING)
	  && !atomic_compare_exchange_weak_explicit (&team->join, &v,
						     v | WORD_SLEEPING,
						     memory_order_acq_rel,
						     memory_order_acquire))
	continue;
      futex_wait (&team->join, v | WORD_SLEEPING);
    }
}

/* End the region the calling thread is master of.  */
void
gomp_team_end (void)
{
  struct gomp_thread *thr = gomp_thread ();
  struct gomp_team *team = thr->ts.team;
  unsigned int n = team->nthreads;
  if (n > 1)
    {
      team_join (thr, team);
      atomic_fetch_sub_explicit (&gomp_busy_threads, n - 1,
				 memory_order_relaxed);
    }
  thr->ts = team->master_saved;
  thr->task = team->parent_task;
  gomp_set_state (thr, gomp_work_state (thr), 0);
  team->nthreads = 0;
  team->in_use = false;
  if (team != thr->hot_team)
    {
      /* A team nested inside a region of this same master: give its
	 workers back.  */
      for (unsigned int i = 1; i <= team->nhot; i++)
	gomp_pool_put (team->threads[i]);
      free (team->threads);
      free (team->implicit);
      free (team);
    }
}

/* The calling thread stops being an OpenMP thread (a user pthread ends):
   its reserved workers go back to the pool.  */
void
gomp_thread_exit_pool (void)
{
  struct gomp_thread *thr = gomp_tls;
  struct gomp_team *team = thr ? thr->hot_team : NULL;
  if (team == NULL || team->in_use)
    return;
  for (unsigned int i = 1; i <= team->nhot; i++)
    gomp_pool_put (team->threads[i]);
  thr->hot_team = NULL;
  free (team->threads);
  free (team->implicit);
  free (team);
}
