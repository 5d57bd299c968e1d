/* team.c -- forming a team for a parallel region and ending it.

   The master of a region keeps the team it last used (thr->hot_team)
   together with its workers, which stay reserved for it while docked.
   The next region of that master reuses both: no allocation, no pool
   lock, and each worker's dock line is already warm in the master's
   cache.  Only a region larger than any before, or one nested inside a
   region of the same master, goes to the pool.  */

#include "config.h"
#include "internal.h"
#include "tool.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The number of threads for a region the calling thread encounters,
   following OpenMP 5.1 §2.6.1 (determining the number of threads).
   With a finite thread-limit-var the extra threads are reserved in
   gomp_busy_threads (gomp_team_end gives them back); without one, which
   is the common case, nothing shared is written.  */
unsigned int
gomp_resolve_num_threads (struct gomp_thread *thr, unsigned int requested)
{
  struct gomp_icv *icv = &thr->task->icv;
  unsigned long n = requested ? requested : icv->nthreads_var;
  if (n <= 1)
    return 1;
  if (thr->ts.active_level >= (unsigned int) icv->max_active_levels_var)
    return 1;
  if (n > 0xfffff)
    n = 0xfffff;		/* the barrier word's count field */
  if (icv->dyn_var && n > gomp_num_procs)
    /* Dynamic adjustment: no more threads than processors.  */
    n = gomp_num_procs;
  if (icv->thread_limit_var == ULONG_MAX)
    return n > 1 ? (unsigned int) n : 1;
  unsigned int busy = atomic_load_explicit (&gomp_busy_threads,
					    memory_order_relaxed);
  for (;;)
    {
      unsigned long avail = icv->thread_limit_var > busy
	? icv->thread_limit_var - busy + 1 : 1;
      unsigned long want = n < avail ? n : avail;
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
  struct gomp_task *implicit;
  if (threads == NULL
      || posix_memalign ((void **) &implicit, CACHE_LINE,
			 n * sizeof *implicit) != 0)
    gomp_fatal_oom (n * sizeof *implicit);
  free (team->implicit);
  /* TEAM_SET compares before it stores.  */
  for (unsigned int i = team->capacity; i < n; i++)
    threads[i] = NULL;
  team->threads = threads;
  team->implicit = implicit;
  team->capacity = n;
  gomp_task_map_resize (&team->queued, n);
}

/* A new team.  Its work-share ring starts empty: slot I last held the
   (nonexistent) construct I - GOMP_WS_RING, which everybody has left.  */
static struct gomp_team *
team_alloc (unsigned int n)
{
  struct gomp_team *team;
  if (posix_memalign ((void **) &team, CACHE_LINE, sizeof *team) != 0)
    gomp_fatal_oom (sizeof *team);
  memset (team, 0, sizeof *team);
  for (long i = 0; i < GOMP_WS_RING; i++)
    {
      struct gomp_work_share *ws = &team->ws[i];
      atomic_store_explicit (&ws->claimed, i - GOMP_WS_RING,
			     memory_order_relaxed);
      atomic_store_explicit (&ws->ready, i - GOMP_WS_RING,
			     memory_order_relaxed);
      atomic_store_explicit (&ws->done, i - GOMP_WS_RING,
			     memory_order_relaxed);
    }
  team_arrays (team, n);
  return team;
}

static void
team_free (struct gomp_team *team)
{
  /* What the last constructs that ended with their barrier allocated
     (worksharing.c, gomp_ws_end_barrier).  */
  for (unsigned int i = 0; i < GOMP_WS_RING; i++)
    gomp_ws_free (&team->ws[i]);
  free (team->threads);
  free (team->implicit);
  gomp_task_map_free (&team->queued);
  free (team);
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

/* Store V into the field F of TEAM, the lines its workers read during a
   region (struct gomp_team), only if it changes: a store takes the line
   out of the workers' caches, and each of them would wait for a cache
   line transfer to start the region.  A load of a line this thread has
   is cheap.  */
#define TEAM_SET(f, v) GOMP_SET_IF_CHANGED (team->f, v)

/* The slow part of forming a team of N for the calling thread, whose hot
   team is TEAM: allocate a team or larger arrays, reserve workers from
   the pool (starting threads).  Only then does forming a team take long,
   and the thread says so (overhead) until it has entered the team
   (team_start), its current task, the encountering one, in the runtime
   at CFA meanwhile.  */
static struct gomp_team * __attribute__ ((noinline, cold))
team_form (struct gomp_thread *thr, struct gomp_team *team, unsigned int n,
	   void *cfa)
{
  gomp_set_state (thr, ompt_state_overhead, 0);
  gomp_task_enter_runtime (thr->task, cfa);
  if (team == NULL || team->in_use)
    {
      team = team_alloc (n);
      if (thr->hot_team == NULL)
	thr->hot_team = team;
    }
  team_arrays (team, n);
  /* Reserve workers: those this team already holds, then the pool.  */
  while (team->nhot < n - 1)
    team->threads[++team->nhot] = gomp_pool_get ();
  return team;
}

/* Start a region of N threads (N from gomp_resolve_num_threads) running
   FN (DATA).  With WS0 the region begins with a worksharing construct
   (combined parallel loop or sections): *WS0 is the work share the
   caller must fill in before it calls gomp_team_launch.  Without WS0 the
   workers are already released when this returns.  The caller then runs
   FN itself as thread 0 and ends with gomp_team_end.  */
struct gomp_team *
gomp_team_start (void (*fn) (void *), void *data, unsigned int n,
		 unsigned int flags, struct gomp_work_share **ws0, void *cfa)
{
  return gomp_team_start_taskgroup (fn, data, n, flags, ws0, cfa, NULL);
}

/* gomp_team_start_taskgroup for the calling thread THR, whose hot team
   is TEAM; FORM: with team_form; HOOKS: whether OMPD's breakpoint
   functions or a tool may want the region's begin events (both
   constants in the copy for the hot team reused as it is with neither
   on, the common case; team_start_slow has the other).  */
static ALWAYS_INLINE struct gomp_team *
team_start (struct gomp_thread *thr, struct gomp_team *team,
	    void (*fn) (void *), void *data, unsigned int n,
	    unsigned int flags, struct gomp_work_share **ws0,
	    struct gomp_taskgroup *taskgroup, void *cfa, bool form, bool hooks)
{
  if (form)
    team = team_form (thr, team, n, cfa);
  team->in_use = true;
  team->id = atomic_fetch_add_explicit (&gomp_registry.next_region_id, 1,
					memory_order_relaxed) + 1;
  TEAM_SET (threads[0], thr);

  TEAM_SET (nthreads, n);
  TEAM_SET (fn, fn);
  TEAM_SET (data, data);
  team->proc_bind = flags & 7;
  TEAM_SET (parent_task, thr->task);
  TEAM_SET (taskgroup, taskgroup);
  TEAM_SET (level, thr->ts.level + 1);
  TEAM_SET (active_level, thr->ts.active_level + (n > 1));
  team->reserved = (n > 1 && thr->task->icv.thread_limit_var != ULONG_MAX)
    ? n - 1 : 0;
  TEAM_SET (barrier.total, n);
  TEAM_SET (combined, ws0 != NULL);
  /* A hot team outlives its regions: its workers may join early and
     look at it after that (join.c).  */
  TEAM_SET (early_join, team == thr->hot_team);
  struct gomp_icv icv;
  gomp_region_icv (&icv, &thr->task->icv, team->level, flags & 7);
  if (memcmp (&team->icv, &icv, sizeof icv) != 0)
    team->icv = icv;
  /* What the master's own state is outside the region: workers read it
     too (one level up: omp_get_ancestor_thread_num, affinity-fmt.c).  */
  team->master_saved = thr->ts;
  /* Thread affinity: every member's place, decided here before anyone is
     released (places.c; the master's, in master_saved too).  Without
     places, one well-predicted branch.  */
  if (unlikely (gomp_places_len != 0))
    gomp_places_team (thr, team, n, flags & 7);

  /* Everything the workers read of the team is set: release them now.
     The master's own entry into the team (its implicit task and frames)
     then overlaps their start instead of delaying it -- on two threads
     a region start waits for this thread to write the dock and for the
     worker to see it, and the master, which reaches the end first, waits
     for the worker there: the master's entry would be on that critical
     path (PARALLEL 0.31 against 0.27 us in the VM's fast mode).  Not for a
     combined construct, whose work share the caller fills in first, nor
     with HOOKS (OMPD's and a tool's parallel-begin come before any
     worker runs) or affinity display (the master decides for all members
     whether they show their line: affinity-fmt.c).  */
  bool launched = ws0 == NULL && !hooks
    && !gomp_global_icv.display_affinity_var;
  if (launched)
    gomp_team_launch (team);

  gomp_team_enter (thr, team, 0, team->ws_first, team->single_first, cfa);
  /* For debuggers: the encountering task is in the runtime until the
     region ends.  Set once it is no longer the current task, so that it
     never is with its frame set and its state not: that would show it in
     the wait it was last in (struct gomp_task, wait_state), or cost a
     store to say work (parallel.c).  (team_form, the slow path, has set
     both already, and overhead over them.)  */
  gomp_task_enter_frame (team->parent_task, cfa);
  if (form)
    gomp_set_state (thr, ompt_state_work_serial, 0);	/* was overhead */
  /* OMPD parallel-begin on the encountering thread: the team exists and
     is the thread's current one, no worker is released yet.  Then the
     begin of the master's implicit task (the workers pass theirs in
     pool.c), as LLVM's runtime does for implicit tasks.  One test of the
     flag for both (ompd-support.c binds each to its task).  */
  if (hooks)
    {
      if (unlikely (gomp_ompd_enabled))
	gomp_ompd_parallel_begin (thr, team);
      GOMP_TOOL_EVENT (parallel_begin, thr, team,
		       cfa ? ompt_parallel_invoker_runtime
		       : ompt_parallel_invoker_program, cfa);
    }

  if (ws0)
    {
      *ws0 = thr->ts.ws;
      return team;
    }
  if (!launched)
    gomp_team_launch (team);
  return team;
}

/* Whether the calling thread, whose hot team is TEAM, needs team_form
   for a region of N threads.  */
static inline bool
team_needs_form (struct gomp_team *team, unsigned int n)
{
  return team == NULL || team->in_use || team->nhot < n - 1
    || team->capacity < n;
}

/* gomp_team_start_taskgroup when a team must be formed or the region's
   begin events may be wanted: each tested again here, out of the common
   path, which passes its arguments on as they came (a jump, no copy).
   Not cold: a tool's regions and a nested region's forming take this
   path every time, and GCC would optimize it for size.  */
static struct gomp_team * __attribute__ ((noinline))
team_start_slow (void (*fn) (void *), void *data, unsigned int n,
		 unsigned int flags, struct gomp_work_share **ws0, void *cfa,
		 struct gomp_taskgroup *taskgroup)
{
  struct gomp_thread *thr = gomp_tls;
  struct gomp_team *team = thr->hot_team;
  return team_start (thr, team, fn, data, n, flags, ws0, taskgroup, cfa,
		     team_needs_form (team, n), GOMP_OMPD_OR_TOOL_ON ());
}

/* The same, the implicit tasks starting in TASKGROUP (NULL: none).  */
struct gomp_team *
gomp_team_start_taskgroup (void (*fn) (void *), void *data, unsigned int n,
			   unsigned int flags, struct gomp_work_share **ws0,
			   void *cfa, struct gomp_taskgroup *taskgroup)
{
  /* Every caller has its thread already (gomp_resolve_num_threads): no
     test for a thread to create, whose call kept CFA in a register or
     on the stack through the function.  */
  struct gomp_thread *thr = gomp_tls;
  struct gomp_team *team = thr->hot_team;
  /* Reusing the hot team as it is, with neither OMPD's events nor a
     tool's on, is the common case; all else is team_start_slow's.  This
     test of gomp_hooks is the region begin's only one, for its events
     and the early launch that they forbid.  A flag set after it takes
     effect at the region's end (gomp_team_end tests again), as a flag
     set just after the begin would.  */
  if (unlikely (GOMP_OMPD_OR_TOOL_ON () || team_needs_form (team, n)))
    return team_start_slow (fn, data, n, flags, ws0, cfa, taskgroup);
  return team_start (thr, team, fn, data, n, flags, ws0, taskgroup, cfa,
		     false, false);
}

/* THR joins TEAM as thread ID: its implicit task and team state, the
   task's code to be called from the frame EXIT_FRAME.  The master calls
   this in gomp_team_start, each worker when released.  */
void
gomp_team_enter (struct gomp_thread *thr, struct gomp_team *team,
		 unsigned int id, long ws_first, unsigned long single_first,
		 void *exit_frame)
{
  struct gomp_task *task = &team->implicit[id];
  task->kind = TASK_IMPLICIT;
  task->parent = team->parent_task;
  task->team = team;
  task->thread = thr;
  task->fn = team->fn;
  task->icv = team->icv;
  gomp_task_init_implicit (task, exit_frame);
  task->cur_taskgroup = team->taskgroup;
  /* Current task, then thread number, then team, for debuggers: the
     encountering task's frame is set after this (gomp_team_start), and
     a thread number not 0 in another team than its worker's would show
     a master idle (libompd, thread_now).  */
  gomp_set_current_task (thr, task);
  GOMP_DEBUG_WORD (thr->ts.team_id) = id;
  GOMP_DEBUG_WORD (thr->ts.team) = team;
  thr->ts.level = team->level;
  thr->ts.active_level = team->active_level;
  thr->ts.others = team->nthreads - 1;
  thr->ts.single_seq = single_first;
  thr->ts.static_trip = 0;
  thr->ts.ordered_lo = thr->ts.ordered_hi = 0;
  thr->ts.ordered_held = thr->ts.ordered_passed = false;
  thr->ts.ws_seq = ws_first;
  thr->ts.ws_barrier_seq = ws_first;
  gomp_set_ws (thr, NULL);
  if (team->combined)
    {
      /* The first construct is already set up (or being set up, by the
	 master, before it releases anyone).  */
      if (team->nthreads == 1)
	gomp_set_ws (thr, &team->ws[0]);
      else
	{
	  long seq = thr->ts.ws_seq++;
	  gomp_set_ws (thr, &team->ws[seq % GOMP_WS_RING]);
	  if (id == 0)
	    {
	      atomic_store_explicit (&thr->ts.ws->claimed, seq,
				     memory_order_relaxed);
	      atomic_store_explicit (&thr->ts.ws->ready, seq,
				     memory_order_relaxed);
	    }
	}
    }
  /* Off unless OMP_DISPLAY_AFFINITY=true: one well-predicted branch.  */
  if (unlikely (gomp_global_icv.display_affinity_var))
    gomp_display_affinity_enter (thr, team, id);
}

/* Release the workers of TEAM into its region.  */
void
gomp_team_launch (struct gomp_team *team)
{
  for (unsigned int i = 1; i < team->nthreads; i++)
    gomp_dock_release (team->threads[i], team, i);
}

/* Wait until every worker of TEAM has finished the region, unless all
   had joined by the time the master was done (JOINED): then it does not
   wait.  */
static void
team_join (struct gomp_team *team, bool joined)
{
  if (!joined)
    gomp_join_wait (team);
  /* The region has ended: its workers are idle for debuggers now
     (pool.c, worker_end).  */
  team->region_seq++;
}

/* End the region the calling thread is master of; CFA is the frame of
   the entry point that called the region's code (or, for GCC 4's
   GOMP_parallel_end, of that).  HOOKS: whether OMPD's breakpoint
   functions or a tool may want the region's end events; gomp_team_end
   tests both flags once, here, and calls the copy without events when
   neither is on.  A flag set meanwhile takes effect at the next region,
   as a flag set just after its end would.  */
static ALWAYS_INLINE void
team_end (struct gomp_thread *thr, void *cfa, bool hooks)
{
  struct gomp_team *team = thr->ts.team;
  /* The implicit task's code has returned (its enter frame now equal to
     its exit frame says so, libompd/task-frame.c): the region's implicit
     barrier, for debuggers from here on.  */
  gomp_task_wait_begin (thr->task, ompt_state_wait_barrier_implicit_parallel,
			cfa);
  if (hooks)
    GOMP_TOOL_EVENT (region_barrier_begin, thr, cfa);
  /* The region's implicit barrier: every task of the team completes.  The
     workers that have not joined wait for the master to be done and run
     tasks too before they join (pool.c, task-sched.c): wake those that
     sleep.  None does when all have joined, the common case.  */
  bool joined = false;
  if (team->nthreads > 1)
    {
      joined = gomp_join_master_done (team);
      if (!joined)
	gomp_task_event (team);
    }
  gomp_task_drain_kept (thr);
  if (team->nthreads > 1 && !joined)
    gomp_task_help_region (thr);
  /* OMPD: the master's implicit task ends; the region ends once every
     worker has left it, while the team is still the current one.  */
  if (hooks)
    GOMP_OMPD_EVENT (task_end);
  if (team->nthreads > 1)
    team_join (team, joined);
  if (hooks)
    GOMP_TOOL_EVENT (region_barrier_end, thr);
  /* The implicit task has ended: the thread is back in the encountering
     task, still in the region that ends (OpenMP 5.1 binds parallel-end
     to both), in the runtime and not waiting at the event.  Else its
     frame is cleared first, so that it is never current with its frame
     set and its state not (gomp_team_start).  */
  struct gomp_task *parent = team->parent_task;
  if (hooks)
    {
      if (unlikely (gomp_ompd_enabled))
	gomp_ompd_parallel_end (thr, parent);
      GOMP_TOOL_EVENT (parallel_end, thr, team, parent, 0, cfa);
    }
  gomp_task_enter_frame (parent, NULL);
  gomp_set_current_task (thr, parent);
  /* Cancellation leaves state behind for this team's next region to
     find; one well-predicted branch when nothing was cancelled.  */
  if (unlikely (atomic_load_explicit (&team->cancelled, memory_order_relaxed)
		| atomic_load_explicit (&team->ws_cancelled,
					memory_order_relaxed)))
    gomp_cancel_team_end (thr, team);
  /* Each worker frees its own implicit task's table (pool.c): reading
     theirs here would take a line of each out of its cache.  */
  gomp_depend_table_free (&team->implicit[0]);
  if (team->reserved)
    atomic_fetch_sub_explicit (&gomp_busy_threads, team->reserved,
			       memory_order_relaxed);
  /* Every thread met the same worksharing and single constructs; the
     next region of this team numbers on from here.  */
  if (team->nthreads > 1)
    team->ws_first = thr->ts.ws_seq;
  team->single_first = thr->ts.single_seq;
  thr->ts = team->master_saved;
  gomp_sync_ws (thr);
  if (hooks)
    GOMP_TOOL_EVENT (join);
  team->in_use = false;
  if (team != thr->hot_team)
    {
      /* A team nested inside a region of this same master: give its
	 workers back.  */
      for (unsigned int i = 1; i <= team->nhot; i++)
	gomp_pool_put (team->threads[i]);
      team_free (team);
    }
}

static void __attribute__ ((noinline, cold))
team_end_hooks (struct gomp_thread *thr, void *cfa)
{
  team_end (thr, cfa, true);
}

void
gomp_team_end (void *cfa)
{
  struct gomp_thread *thr = gomp_tls;	/* the team's master */
  if (GOMP_OMPD_OR_TOOL_ON ())
    team_end_hooks (thr, cfa);
  else
    team_end (thr, cfa, false);
}

/* The calling thread gives up its hot team: it stops being an OpenMP
   thread (a user pthread ends, a pool thread is ended by a pause) or
   pauses (pool.c).  Its reserved workers go back to the pool.  */
void
gomp_thread_exit_pool (void)
{
  struct gomp_thread *thr = gomp_tls;
  struct gomp_team *team = thr ? thr->hot_team : NULL;
  if (team == NULL || team->in_use)
    return;
  gomp_join_wait_lingering (team);
  for (unsigned int i = 1; i <= team->nhot; i++)
    gomp_pool_put (team->threads[i]);
  thr->hot_team = NULL;
  team_free (team);
}
