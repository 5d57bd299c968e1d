/* parallel.c -- the parallel construct: GOMP_parallel and the legacy
   GOMP_parallel_start / GOMP_parallel_end protocol of GCC 4.2-4.8.  */

#include "config.h"
#include "internal.h"
#include "tool.h"


/* A region that runs on one thread (if(false), num_threads(1), nesting
   beyond max-active-levels, or no threads to spare) still is a region:
   omp_get_level counts it and a debugger sees it.  Its team lives on the
   master's stack for the duration of the call: no allocation, no atomic
   but the region id.  Every field a debugger reads of a team is set as
   for any team (nthreads, levels, id, fn, parent_task, threads[0],
   implicit[0], the barrier's size); only the work-share ring is not.
   CFA: the frame of the entry point, which calls FN; NULL: the function
   this is inlined into, whose CFA is then taken where it is used
   (REGION_CFA), not kept in a register through the region.

   No state store: the thread works in the region as it did before it
   (libompd tells work_parallel from work_serial by the thread's team).
   The encountering task has its enter frame set while the region runs,
   once the region's implicit task is current, and cleared before the
   encountering task is current again: so it is never current with its
   enter frame set, which would show it in the wait (wait_state) it was
   last in, and its state need not be stored -- but where it is current
   at the OMPD events, which say work for it (gomp_ompd_parallel_begin,
   below).  */
#define REGION_CFA (cfa != NULL ? cfa : GOMP_CFA ())

static ALWAYS_INLINE void
parallel_serialized (struct gomp_thread *thr, void (*fn) (void *),
		     void *data, unsigned int flags,
		     struct gomp_taskgroup *taskgroup, void *cfa)
{
  struct
  {
    struct gomp_team team;
    struct gomp_thread *threads[1];
    struct gomp_task task;
    _Atomic uint64_t queued_word;
  } r;
  struct gomp_team *team = &r.team;
  /* Kept in a register for its frame, at the start and the end.  */
  struct gomp_task *parent = thr->task;
  team->nthreads = 1;
  team->capacity = 1;
  team->threads = r.threads;
  team->implicit = &r.task;
  team->fn = fn;
  team->data = data;
  team->proc_bind = flags & 7;
  team->parent_task = parent;
  team->taskgroup = taskgroup;
  team->level = thr->ts.level + 1;
  team->active_level = thr->ts.active_level;
  team->combined = false;
  team->in_use = true;
  team->nhot = 0;
  team->reserved = 0;
  team->ws_first = 0;
  team->single_first = 0;
  team->ws[0].mem = NULL;
  atomic_store_explicit (&team->ws[0].ordered_word, 0, memory_order_relaxed);
  atomic_store_explicit (&team->barrier.task_pending, 0,
			 memory_order_relaxed);
  atomic_store_explicit (&team->cancelled, false, memory_order_relaxed);
  atomic_store_explicit (&team->ws_cancelled, false, memory_order_relaxed);
  atomic_store_explicit (&team->task_event, 0, memory_order_relaxed);
  atomic_store_explicit (&team->prio_lock, 0, memory_order_relaxed);
  atomic_store_explicit (&team->prio_count, 0, memory_order_relaxed);
  team->prio_head = NULL;
  /* The map of queued work (task-map.h): one word for one member.  */
  atomic_store_explicit (&r.queued_word, 0, memory_order_relaxed);
  atomic_store_explicit (&team->queued.summary, 0, memory_order_relaxed);
  team->queued.words = &r.queued_word;
  team->queued.nwords = 1;
  atomic_store_explicit (&team->idle.sleepers, 0, memory_order_relaxed);
  team->tool_data = 0;
  team->affinity_show = false;
  atomic_store_explicit (&team->barrier.word, 0, memory_order_relaxed);
  team->barrier.total = 1;
  atomic_store_explicit (&team->join, 0, memory_order_relaxed);
  atomic_store_explicit (&team->single_claimed, 0, memory_order_relaxed);
  team->id = atomic_fetch_add_explicit (&gomp_registry.next_region_id, 1,
					memory_order_relaxed) + 1;
  r.threads[0] = thr;
  gomp_region_icv (&team->icv, &parent->icv, team->level, flags & 7);
  team->master_saved = thr->ts;
  /* A team of one uses its ws[0] for each worksharing construct in turn
     (worksharing.c); the ring is never touched, so not initialised.  */
  gomp_team_enter (thr, team, 0, 0, 0, REGION_CFA);
  gomp_task_enter_frame (parent, REGION_CFA);
  /* OMPD events as for any region (team.c): a serialized region is one.  */
  if (GOMP_OMPD_OR_TOOL_ON ())
    {
      if (gomp_ompd_enabled)
	gomp_ompd_parallel_begin (thr, team);
      GOMP_TOOL_EVENT (parallel_begin, thr, team,
		       ompt_parallel_invoker_runtime, REGION_CFA);
    }

  fn (data);
  /* The implicit task's code has returned.  Its frames say so, and it
     waits for its tasks, only if there is something to see: tasks not
     done (or done and not yet counted: gomp_task_pending_flush), or an
     OMPD event to come.  Else the thread goes straight on, and a
     debugger stopping in the few instructions before the region is gone
     finds exit_frame at the CFA of this very frame, a frame of the
     runtime, with no frame of the task's code below it: true.  */
  if (unlikely (GOMP_OMPD_OR_TOOL_ON ()
		|| (thr->excess_team == team && thr->pending_excess != 0)
		|| atomic_load_explicit (&team->barrier.task_pending,
					 memory_order_acquire) != 0))
    {
      /* Exit frame == enter frame: the code has returned (libompd).  */
      gomp_task_enter_runtime (&r.task, REGION_CFA);
      GOMP_TOOL_EVENT (region_barrier_begin, thr, REGION_CFA);
      gomp_task_drain_kept (thr);
      GOMP_TOOL_EVENT (region_barrier_end, thr);
      gomp_depend_table_free (&r.task);
      GOMP_OMPD_EVENT (task_end);
      /* Back in the encountering task, in the region that ends
	 (team.c), which is in the runtime until parallel-end has
	 passed.  */
      if (unlikely (gomp_ompd_enabled))
	gomp_ompd_parallel_end (thr, parent);
      GOMP_TOOL_EVENT (parallel_end, thr, team, parent,
		       ompt_parallel_invoker_runtime, REGION_CFA);
      gomp_task_enter_frame (parent, NULL);
      gomp_set_current_task (thr, parent);
      thr->ts = team->master_saved;
      gomp_sync_ws (thr);
      /* Only here: a tool that was not on above has seen no
	 parallel-end to follow with the JOIN.  */
      GOMP_TOOL_EVENT (join);
      return;
    }
  gomp_depend_table_free (&r.task);
  /* The encountering task's enter frame is cleared before it is current
     again (above).  */
  gomp_task_enter_frame (parent, NULL);
  gomp_set_current_task (thr, parent);
  thr->ts = team->master_saved;
  gomp_sync_ws (thr);
}

EXPORT void
GOMP_parallel (void (*fn) (void *), void *data, unsigned int num_threads,
	       unsigned int flags)
{
  struct gomp_thread *thr = gomp_thread ();
  unsigned int n = gomp_resolve_num_threads (thr, num_threads);
  if (n == 1)
    {
      parallel_serialized (thr, fn, data, flags, NULL, NULL);
      return;
    }
  gomp_team_start (fn, data, n, flags, NULL, GOMP_CFA ());
  fn (data);
  gomp_team_end (GOMP_CFA ());
}

/* GOMP_parallel for N threads (from gomp_resolve_num_threads), the
   implicit tasks starting in TASKGROUP (GOMP_parallel_reductions).  */
void
gomp_parallel_taskgroup (struct gomp_thread *thr, void (*fn) (void *),
			 void *data, unsigned int n, unsigned int flags,
			 struct gomp_taskgroup *taskgroup, void *cfa)
{
  if (n == 1)
    {
      parallel_serialized (thr, fn, data, flags, taskgroup, cfa);
      return;
    }
  gomp_team_start_taskgroup (fn, data, n, flags, NULL, cfa, taskgroup);
  fn (data);
  gomp_team_end (cfa);
}

/* GCC 4.2-4.8: the master calls FN itself between these two calls, so
   no runtime frame is below the master's implicit task (exit_frame NULL)
   and the encountering task's enter_frame stays NULL.  */
EXPORT void
GOMP_parallel_start (void (*fn) (void *), void *data,
		     unsigned int num_threads)
{
  struct gomp_thread *thr = gomp_thread ();
  unsigned int n = gomp_resolve_num_threads (thr, num_threads);
  gomp_team_start (fn, data, n, 0, NULL, NULL);
}

EXPORT void
GOMP_parallel_end (void)
{
  gomp_team_end (GOMP_CFA ());
}
