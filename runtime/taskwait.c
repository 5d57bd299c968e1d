/* taskwait.c -- waiting for child tasks: taskwait (with and without
   depend) and taskgroup.  While waiting the thread runs descendants of
   the waiting task (task-sched.c says why only those).  */

#include "config.h"
#include "internal.h"
#include "tool.h"

#include <stdlib.h>

/* Every child of TASK has completed.  Called only by the thread running
   TASK, the one writer of children_created; never for a task on the
   stack, which keeps no counts (task.c, task_init_node).  */
static bool
no_children (void *arg)
{
  struct gomp_task *task = arg;
  return atomic_load_explicit (&task->children_done, memory_order_acquire)
    == task->children_created;
}

/* GOMP_taskwait's wait for the children of TASK, the thread's current
   task, which has some, in the frame CFA, GOMP_taskwait's: the one
   debuggers are given.  GENERAL: the copy for gomp_task_general nonzero
   (tool-word.h), a tool (TOOL: its events, RA the code pointer they
   carry) or cancellation; without, the copy with neither, which tests
   nothing more.  */
static inline __attribute__ ((always_inline)) void
taskwait_children (struct gomp_thread *thr, struct gomp_task *task,
		   bool general, bool tool, void *ra, void *cfa)
{
  if (tool)
    gomp_tool_sync_begin (thr, ompt_state_wait_taskwait, ra);
  /* Its own children, newest first, from the head of its own queue, run
     from this very frame: as GOMP_task's undeferred tasks, each is a
     TASK_ON_PARENT task, whose exit frame is this frame, the enter frame
     of TASK, which libompd derives from it; nor is its sched_parent
     stored.  The common taskwait (the children it waits for still queued
     here) so stores neither TASK's enter frame nor a wait state, nor
     goes through the wait loop.  Cancellation discards tasks instead
     (gomp_task_run_one).  */
  if (!general || likely (!gomp_global_icv.cancel_var))
    {
      struct gomp_task *t;
      while ((t = gomp_task_take_child (thr, task)) != NULL)
	{
	  gomp_task_start_child_debug (t, cfa);
	  t->thread = thr;
	  atomic_store_explicit (&t->task_state, TASK_STATE_RUNNING,
				 memory_order_relaxed);
	  thr->task = t;
	  /* The copy without a tool tests OMPD's word alone: no tool
	     event for a child whose taskwait began without a tool, so
	     that a tool attaching meanwhile sees no end without its
	     begin.  */
	  if (tool)
	    GOMP_OMPD_TOOL_EVENT (task_begin, task_start, task, t);
	  else
	    GOMP_OMPD_EVENT (task_begin);
	  t->fn (t->data);
	  if (tool)
	    GOMP_OMPD_TOOL_EVENT (task_end, task_end, t, task);
	  else
	    GOMP_OMPD_EVENT (task_end);
	  thr->task = task;
	  gomp_task_finished (thr, t);
	  if (no_children (task))
	    {
	      if (tool)
		gomp_tool_sync_end (thr);
	      return;
	    }
	}
    }
  if (general)
    gomp_task_wait_until (thr, no_children, task, task,
			  ompt_state_wait_taskwait, cfa);
  else
    gomp_task_wait_quiet (thr, no_children, task, task,
			  ompt_state_wait_taskwait, cfa);
  if (tool)
    gomp_tool_sync_end (thr);
}

/* The copy for gomp_task_general nonzero, out of line so that the other
   keeps its registers for itself.  GOMP_taskwait reaches it with a jump:
   its frame is GOMP_taskwait's.  */
static void __attribute__ ((noinline))
taskwait_general (struct gomp_thread *thr, struct gomp_task *task, void *ra)
{
  taskwait_children (thr, task, true, GOMP_TOOL_ON (), ra, GOMP_CFA ());
}

/* Nothing to wait for costs the tests of TASK's children, and a tool
   its events, the one more test of this path; with children the test of
   gomp_task_general picks the copy (taskwait_children), where the copy
   without a tool tested cancel-var anyway.  */
EXPORT void
GOMP_taskwait (void)
{
  struct gomp_thread *thr = gomp_thread ();
  struct gomp_task *task = thr->task;
  /* A task on the stack has made no child (that would have moved it to
     the heap, task.c), and keeps no children counts.  */
  if ((task->kind & TASK_ON_STACK) || no_children (task))
    {
      if (GOMP_TOOL_ON ())
	{
	  gomp_tool_sync_begin (thr, ompt_state_wait_taskwait,
				GOMP_TOOL_RA ());
	  gomp_tool_sync_end (thr);
	}
      return;
    }
  if (unlikely (gomp_task_general))
    taskwait_general (thr, task, GOMP_TOOL_RA ());
  else
    taskwait_children (thr, task, false, false, NULL, GOMP_CFA ());
}

/* taskwait depend(...): only the siblings those clauses name.  */
EXPORT void
GOMP_taskwait_depend (void **depend)
{
  struct gomp_thread *thr = gomp_thread ();
  GOMP_TOOL_EVENT (sync_begin, thr, ompt_state_wait_taskwait,
		   GOMP_TOOL_RA ());
  gomp_depend_wait (thr, depend, GOMP_CFA (), NULL);
  GOMP_TOOL_EVENT (sync_end, thr);
}

/* A taskgroup begins in THR's current task; GOMP_taskgroup_start adds
   the tools' event.  */
void
gomp_taskgroup_start_quiet (struct gomp_thread *thr)
{
  struct gomp_task *task = thr->task;
  struct gomp_taskgroup *tg = calloc (1, sizeof *tg);
  if (tg == NULL)
    gomp_fatal_oom (sizeof *tg);
  tg->prev = task->cur_taskgroup;
  /* Tasks in it still take part in the enclosing task reductions.  */
  tg->reductions = tg->prev ? tg->prev->reductions : NULL;
  task->cur_taskgroup = tg;
}

EXPORT void
GOMP_taskgroup_start (void)
{
  struct gomp_thread *thr = gomp_thread ();
  gomp_taskgroup_start_quiet (thr);
  GOMP_TOOL_EVENT (sync_begin, thr, ompt_state_wait_taskgroup,
		   GOMP_TOOL_RA ());
}

static bool
group_done (void *arg)
{
  struct gomp_taskgroup *tg = arg;
  return atomic_load_explicit (&tg->pending, memory_order_acquire) == 0;
}

/* The end of the innermost taskgroup of THR's task, for the entry point
   whose frame is CFA; TOOL: with the tools' events (gomp_taskgroup_end),
   else for a caller that found gomp_task_general zero
   (gomp_taskgroup_end_quiet).  */
static ALWAYS_INLINE void
taskgroup_end (struct gomp_thread *thr, void *cfa, bool tool)
{
  struct gomp_task *task = thr->task;
  struct gomp_taskgroup *tg = task->cur_taskgroup;
  if (tg == NULL)
    gomp_own_fatal ("GOMP_taskgroup_end without GOMP_taskgroup_start");
  if (!group_done (tg))
    (tool ? gomp_task_wait_until : gomp_task_wait_quiet)
      (thr, group_done, tg, task, ompt_state_wait_taskgroup, cfa);
  task->cur_taskgroup = tg->prev;
  free (tg);
  if (tool)
    GOMP_TOOL_EVENT (sync_end, thr);
}

void
gomp_taskgroup_end (struct gomp_thread *thr, void *cfa)
{
  taskgroup_end (thr, cfa, true);
}

void
gomp_taskgroup_end_quiet (struct gomp_thread *thr, void *cfa)
{
  taskgroup_end (thr, cfa, false);
}

EXPORT void
GOMP_taskgroup_end (void)
{
  gomp_taskgroup_end (gomp_thread (), GOMP_CFA ());
}
