/* cancel.c -- cancellation (OpenMP 5.1 §2.20): GOMP_cancel,
   GOMP_cancellation_point, and the cancellable ends of constructs,
   GOMP_barrier_cancel, GOMP_loop_end_cancel and GOMP_sections_end_cancel.

   GCC compiles `cancel C` to `if (GOMP_cancel (C, cond)) goto end-of-C`
   and `cancellation point C` to the same with GOMP_cancellation_point;
   do_cancel false is an if clause that evaluated to false, which leaves
   a cancellation point.  In a region that contains a cancel construct
   every barrier is a cancellable one, whose true result sends the thread
   to the end of the region.  With cancel-var false (OMP_CANCELLATION
   unset, the default) all of them return false and the cancellable
   barriers are the plain ones, as in libgomp.

   The state is kept where a debugger reads it:
   - team->cancelled: cancel parallel.  The waiters at cancellable
     barriers leave and later arrivals do not wait (barrier.c); tasks of
     the region that have not started are discarded (task-sched.c) or not
     created at all (task.c).  The region's end (gomp_cancel_team_end)
     repairs what the threads that left early did not do and clears it,
     since the team is reused for the master's next region.
   - team->ws_cancelled and ws->cancelled: cancel for / cancel sections.
     The team's flag is what cancellation points read: a static loop that
     GCC schedules inline has no work share.  The work share's flag makes
     gomp_iter_next hand out nothing more.  A cancelled construct must not
     have nowait, so every thread meets its closing barrier, which clears
     the team's flag when it opens (barrier.c); the work share's is
     cleared when the slot is next initialised.
   - taskgroup->cancelled: cancel taskgroup.  A taskgroup's set is the
     tasks created in its region and their descendants, i.e. every task
     whose taskgroup chain (task->taskgroup, then ->prev) reaches it: a
     task is discarded if any group on its chain is cancelled.

   A discarded task completes without running: its parent, taskgroups,
   team and successors see it complete like any other.  A task with
   copies of C++ objects is never discarded (gomp_task_cancelled).  */

#include "config.h"
#include "internal.h"
#include "tool.h"

#include <stdlib.h>

/* GOMP_cancel's WHICH (gomp-constants.h).  */
#define GOMP_CANCEL_PARALLEL 1
#define GOMP_CANCEL_LOOP 2
#define GOMP_CANCEL_SECTIONS 4
#define GOMP_CANCEL_TASKGROUP 8

static bool
team_cancelled (const struct gomp_team *team)
{
  return team && atomic_load_explicit (&team->cancelled,
				       memory_order_acquire);
}

/* Is TG or a taskgroup enclosing it cancelled?  Chains are a few groups
   deep; every group on one outlives the tasks counted below it.  */
static bool
group_cancelled (const struct gomp_taskgroup *tg)
{
  for (; tg; tg = tg->prev)
    if (atomic_load_explicit (&tg->cancelled, memory_order_acquire))
      return true;
  return false;
}

/* Must TASK, ready to start, be discarded?  Callers test cancel-var
   first, so that without cancellation this costs one branch.

   Not if its copy constructors have run (C++ firstprivate objects, GCC's
   CPYFN): GCC destroys the copies at the end of the task's own code,
   which a cancellation point or cancel construct in it jumps to, so the
   task must run for each copy to be destroyed once.  libgomp 12 does the
   same (copy_ctors_done in gomp_task_run_pre).  No copy is made once
   the region or group is cancelled: then no task is created
   (gomp_task_create_cancelled).  */
bool
gomp_task_cancelled (const struct gomp_task *task)
{
  if (task->copied)
    return false;
  return team_cancelled (task->team) || group_cancelled (task->taskgroup);
}

/* Would a task the calling thread creates now be discarded anyway?  Then
   GOMP_task creates none, as libgomp: that also covers tasks that would
   run at once (undeferred), which never pass through a queue.  */
bool
gomp_task_create_cancelled (struct gomp_thread *thr)
{
  return team_cancelled (thr->ts.team)
    || group_cancelled (thr->task->cur_taskgroup);
}

/* Complete TASK, dequeued by THR, without running it.  With a detach
   clause too, as libgomp: its event will now likely never be fulfilled,
   and waiting for it would hang the taskgroup or barrier.  */
void
gomp_task_discard (struct gomp_thread *thr, struct gomp_task *task)
{
  GOMP_TOOL_EVENT (task_discarded, task);
  atomic_store_explicit (&task->npred, 1, memory_order_relaxed);
  gomp_task_finished (thr, task);
}

/* cancel parallel: mark TEAM, then wake whoever may wait for a thread
   that will now go to the end of the region instead: the barrier's
   sleepers (on task_event) and those of the work-share hand-over
   (worksharing.c), which give up when they see the mark.  */
static void
cancel_team (struct gomp_team *team)
{
  if (atomic_load_explicit (&team->cancelled, memory_order_relaxed))
    return;
  atomic_store_explicit (&team->cancelled, true, memory_order_seq_cst);
  gomp_task_event (team);
  if (team->nthreads > 1)
    for (unsigned int i = 0; i < GOMP_WS_RING; i++)
      gomp_word_bump (&team->ws[i].event);
}

/* WHICH as ompt_cancel_flag_t's construct flags.  */
static int
tool_flags (int which)
{
  return (which & GOMP_CANCEL_PARALLEL ? ompt_cancel_parallel : 0)
    | (which & GOMP_CANCEL_LOOP ? ompt_cancel_loop : 0)
    | (which & GOMP_CANCEL_SECTIONS ? ompt_cancel_sections : 0)
    | (which & GOMP_CANCEL_TASKGROUP ? ompt_cancel_taskgroup : 0);
}

/* The calling thread observes, at a cancellation point or a cancellable
   barrier of the program's call whose return address is RA, that
   construct WHICH is cancelled (CANCELLED): it goes to the construct's
   end.  */
static inline bool
detected (bool cancelled, int which, const void *ra)
{
  if (cancelled)
    GOMP_TOOL_EVENT (cancel, ompt_cancel_detected | tool_flags (which), ra);
  return cancelled;
}

static bool
cancellation_point (int which)
{
  if (!gomp_global_icv.cancel_var)
    return false;
  struct gomp_thread *thr = gomp_thread ();
  struct gomp_team *team = thr->ts.team;
  if (which & (GOMP_CANCEL_LOOP | GOMP_CANCEL_SECTIONS))
    return team && atomic_load_explicit (&team->ws_cancelled,
					 memory_order_acquire);
  /* A task checks every taskgroup set it belongs to (§2.20.2), and, as in
     libgomp, a cancelled region cancels its tasks too.  */
  if ((which & GOMP_CANCEL_TASKGROUP)
      && group_cancelled (thr->task->cur_taskgroup))
    return true;
  return team_cancelled (team);
}

EXPORT bool
GOMP_cancellation_point (int which)
{
  return detected (cancellation_point (which), which, GOMP_TOOL_RA ());
}

EXPORT bool
GOMP_cancel (int which, bool do_cancel)
{
  if (!gomp_global_icv.cancel_var)
    return false;
  if (!do_cancel)
    return detected (cancellation_point (which), which, GOMP_TOOL_RA ());
  GOMP_TOOL_EVENT (cancel, ompt_cancel_activated | tool_flags (which),
		   GOMP_TOOL_RA ());
  struct gomp_thread *thr = gomp_thread ();
  struct gomp_team *team = thr->ts.team;
  if (which & (GOMP_CANCEL_LOOP | GOMP_CANCEL_SECTIONS))
    {
      /* An ordered or doacross loop keeps handing out chunks: a thread
	 waiting for the ordered turn of one that nobody took would wait
	 forever.  (Cancelling those is not allowed anyway.)  Alone, the
	 cancelling thread is all there is to cancel.  */
      struct gomp_work_share *ws = thr->ts.ws;
      if (ws && !ws->ordered && ws->doacross == NULL
	  && !atomic_load_explicit (&ws->cancelled, memory_order_relaxed))
	{
	  atomic_store_explicit (&ws->cancelled, true, memory_order_relaxed);
	  /* The *_next entry points' short paths look at these alone.  */
	  atomic_store_explicit (&ws->dyn_fast, false, memory_order_relaxed);
	  atomic_store_explicit (&ws->guided_fast, false,
				 memory_order_relaxed);
	}
      if (team)
	atomic_store_explicit (&team->ws_cancelled, true,
			       memory_order_release);
      return true;
    }
  if (which & GOMP_CANCEL_TASKGROUP)
    {
      /* The innermost taskgroup region: a worksharing construct's own
	 group (task reductions) is none, as in libgomp.  */
      struct gomp_taskgroup *tg = thr->task->cur_taskgroup;
      if (tg && tg->workshare && tg->prev)
	tg = tg->prev;
      if (tg && !atomic_load_explicit (&tg->cancelled, memory_order_relaxed))
	atomic_store_explicit (&tg->cancelled, true, memory_order_release);
      return true;
    }
  /* cancel parallel, which GCC accepts only inside a parallel construct:
     every such region has a team, if only of one thread.  */
  if (team == NULL)
    return false;
  cancel_team (team);
  return true;
}

EXPORT bool
GOMP_barrier_cancel (void)
{
  struct gomp_thread *thr = gomp_tls;
  if (thr == NULL || thr->ts.team == NULL)
    return false;
  return detected (gomp_team_barrier_cancel
		   (thr, ompt_state_wait_barrier_explicit, GOMP_CFA ()),
		   GOMP_CANCEL_PARALLEL, GOMP_TOOL_RA ());
}

EXPORT bool
GOMP_loop_end_cancel (void)
{
  struct gomp_thread *thr = gomp_thread ();
  void *cfa = GOMP_CFA ();
  gomp_loop_leave (thr, cfa);
  return detected (gomp_team_barrier_cancel
		   (thr, ompt_state_wait_barrier_implicit_workshare, cfa),
		   GOMP_CANCEL_PARALLEL, GOMP_TOOL_RA ());
}

EXPORT bool
GOMP_sections_end_cancel (void)
{
  struct gomp_thread *thr = gomp_thread ();
  gomp_ws_leave (thr);
  return detected (gomp_team_barrier_cancel
		   (thr, ompt_state_wait_barrier_implicit_workshare,
		    GOMP_CFA ()), GOMP_CANCEL_PARALLEL, GOMP_TOOL_RA ());
}

/* The end of a region of TEAM, of which THR is the master, in which
   something was cancelled; every worker has left it.  After cancel
   parallel the threads that went to the end early left behind a short
   barrier count, work shares they never entered or left and single
   constructs they never met: start the next region from the master's
   numbering with everything settled, as team_alloc does.  */
void
gomp_cancel_team_end (struct gomp_thread *thr, struct gomp_team *team)
{
  if (atomic_load_explicit (&team->cancelled, memory_order_relaxed)
      && team->nthreads > 1)
    {
      gomp_barrier_init (&team->barrier, team->nthreads);
      long base = thr->ts.ws_seq;
      for (long seq = base; seq < base + GOMP_WS_RING; seq++)
	{
	  struct gomp_work_share *ws = &team->ws[seq % GOMP_WS_RING];
	  gomp_ws_free (ws);
	  atomic_store_explicit (&ws->left, 0, memory_order_relaxed);
	  atomic_store_explicit (&ws->claimed, seq - GOMP_WS_RING,
				 memory_order_relaxed);
	  atomic_store_explicit (&ws->ready, seq - GOMP_WS_RING,
				 memory_order_relaxed);
	  atomic_store_explicit (&ws->done, seq - GOMP_WS_RING,
				 memory_order_relaxed);
	}
      atomic_store_explicit (&team->single_claimed, thr->ts.single_seq,
			     memory_order_relaxed);
    }
  atomic_store_explicit (&team->cancelled, false, memory_order_relaxed);
  atomic_store_explicit (&team->ws_cancelled, false, memory_order_relaxed);
}
