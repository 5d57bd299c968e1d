/* task-handle.c -- task handles (OpenMP 5.1 §5.5.7):
   ompd_get_curr_task_handle, ompd_get_generating_task_handle,
   ompd_get_scheduling_task_handle, ompd_get_task_in_parallel,
   ompd_rel_task_handle, ompd_task_handle_compare.

   A task handle is the address of the runtime's struct gomp_task (the
   initial task of a thread is embedded in its struct gomp_thread, the
   implicit tasks of a team are its implicit[] array) and a copy of it read
   when the handle is made.  */

#include "config.h"
#include "libompd/libompd-int.h"

/* Whether TASK runs: the runtime sets a task's frames and scheduling
   task when it starts, and they mean nothing before (its memory may hold
   an earlier task's) nor after (the frames were on the stack).  Read
   now, not from a handle's copy.  Running: yes.  Waiting for
   dependences (also while being created) or queued: not yet; detached
   or done: no more (its code has returned: no frames; a discarded task,
   cancelled before it started, never had any).  */
ompd_rc_t
task_running (ompd_address_space_handle_t *as, ompd_addr_t task,
	      bool *running)
{
  *running = true;
  uint64_t state;
  ompd_rc_t rc = read_field (as, task, L_task_state, &state);
  if (rc != ompd_rc_ok)
    return rc;
  *running = state == ompdbg_task_state_running;
  return ompd_rc_ok;
}

/* An OMPDBG_TASK_ON_PARENT task's scheduling task is its parent, which
   the runtime does not store again (ompdbg-layout.h).  */
ompd_rc_t
task_sched_parent (ompd_address_space_handle_t *as, ompd_addr_t task,
		   uint64_t kind, ompd_addr_t *sched)
{
  uint64_t v;
  ompd_rc_t rc = read_field (as, task, (kind & OMPDBG_TASK_ON_PARENT)
			     ? L_task_parent : L_task_sched_parent, &v);
  if (rc == ompd_rc_ok)
    *sched = v;
  return rc;
}

ompd_rc_t
task_handle_make (ompd_address_space_handle_t *as, ompd_addr_t addr,
		  ompd_task_handle_t **out)
{
  if (addr == 0)
    return ompd_rc_unavailable;
  unsigned char *buf;
  ompd_rc_t rc = tread_struct (as, L_task, addr, &buf);
  if (rc != ompd_rc_ok)
    return rc;
  ompd_task_handle_t *tk = handle_new (HK_TASK, sizeof *tk, as, &rc);
  if (tk == NULL)
    {
      lib_free (buf);
      return rc;
    }
  tk->as = as;
  tk->addr = addr;
  tk->buf = buf;
  *out = tk;
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompd_get_curr_task_handle (ompd_thread_handle_t *thread_handle,
			   ompd_task_handle_t **task_handle)
{
  ompd_rc_t rc = check_thread (thread_handle);
  if (rc != ompd_rc_ok)
    return rc;
  if (task_handle == NULL)
    return ompd_rc_bad_input;
  ompd_address_space_handle_t *as = thread_handle->as;
  bool idle;
  /* Read now: the thread may have moved on since the handle was made.  */
  struct thread_now t;
  rc = thread_now (as, thread_handle->addr, &t);
  if (rc == ompd_rc_ok)
    rc = thread_idle (thread_handle, &t, &idle);
  if (rc != ompd_rc_ok)
    return rc;
  if (idle)
    return ompd_rc_unavailable;	/* an idle pool thread runs no task */
  return task_handle_make (as, t.task, task_handle);
}

EXPORT ompd_rc_t
ompd_get_generating_task_handle (ompd_task_handle_t *task_handle,
				 ompd_task_handle_t **generating_task_handle)
{
  ompd_rc_t rc = check_task (task_handle);
  if (rc != ompd_rc_ok)
    return rc;
  if (generating_task_handle == NULL)
    return ompd_rc_bad_input;
  uint64_t parent;
  rc = get_field (task_handle->as, task_handle->buf, L_task, L_task_parent,
		  &parent);
  if (rc != ompd_rc_ok)
    return rc;
  if (parent == 0 || parent == task_handle->addr)
    return ompd_rc_unavailable;	/* an initial task */
  return task_handle_make (task_handle->as, parent, generating_task_handle);
}

/* The task that was running on the thread when this one started, below
   it on the thread's stack.  Implicit and initial tasks have none, but for
   the initial task of a target region run on the host, which starts on
   the encountering thread in the middle of the encountering task.  */
EXPORT ompd_rc_t
ompd_get_scheduling_task_handle (ompd_task_handle_t *task_handle,
				 ompd_task_handle_t **scheduling_task_handle)
{
  ompd_rc_t rc = check_task (task_handle);
  if (rc != ompd_rc_ok)
    return rc;
  if (scheduling_task_handle == NULL)
    return ompd_rc_bad_input;
  ompd_address_space_handle_t *as = task_handle->as;
  uint64_t kind;
  ompd_addr_t sched;
  rc = get_field (as, task_handle->buf, L_task, L_task_kind, &kind);
  if (rc != ompd_rc_ok)
    return rc;
  if ((kind & (ompt_task_implicit | ompt_task_initial))
      && !(kind & ompt_task_target))
    return ompd_rc_unavailable;
  /* Read now: set when the task starts running, maybe after the handle
     was made; before, the field holds nothing (task_running).  */
  bool running;
  rc = task_running (as, task_handle->addr, &running);
  if (rc != ompd_rc_ok)
    return rc;
  if (!running)
    return ompd_rc_unavailable;	/* not yet, or no more */
  /* The kind too: a queued task becomes OMPDBG_TASK_ON_PARENT when a taskwait
     runs it (runtime/taskwait.c), maybe after the handle was made.  */
  rc = read_field (as, task_handle->addr, L_task_kind, &kind);
  if (rc == ompd_rc_ok)
    rc = task_sched_parent (as, task_handle->addr, kind, &sched);
  if (rc != ompd_rc_ok)
    return rc;
  if (sched == 0 || sched == task_handle->addr)
    return ompd_rc_unavailable;
  return task_handle_make (as, sched, scheduling_task_handle);
}

EXPORT ompd_rc_t
ompd_get_task_in_parallel (ompd_parallel_handle_t *parallel_handle,
			   int thread_num, ompd_task_handle_t **task_handle)
{
  ompd_rc_t rc = check_parallel (parallel_handle);
  if (rc != ompd_rc_ok)
    return rc;
  if (task_handle == NULL)
    return ompd_rc_bad_input;
  ompd_address_space_handle_t *as = parallel_handle->as;
  if (parallel_handle->team == 0)
    {
      /* The outermost region's implicit task: the initial task.  */
      if (thread_num != 0)
	return ompd_rc_bad_input;
      return task_handle_make (as, parallel_handle->thread
			       + as->items[L_thread_initial_task].offset,
			       task_handle);
    }
  uint64_t n, implicit;
  rc = get_field (as, parallel_handle->buf, L_team, L_team_nthreads, &n);
  if (rc == ompd_rc_ok)
    rc = get_field (as, parallel_handle->buf, L_team, L_team_implicit,
		    &implicit);
  if (rc != ompd_rc_ok)
    return rc;
  if (thread_num < 0 || (uint64_t) thread_num >= n)
    return ompd_rc_bad_input;
  if (implicit == 0)
    return ompd_rc_unavailable;
  return task_handle_make (as, implicit + (uint64_t) thread_num
			   * struct_size (as, L_task), task_handle);
}

EXPORT ompd_rc_t
ompd_rel_task_handle (ompd_task_handle_t *task_handle)
{
  ompd_rc_t rc = check_task (task_handle);
  if (rc != ompd_rc_ok)
    return rc;
  lib_free (task_handle->buf);
  handle_free (task_handle, task_handle->as);
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompd_task_handle_compare (ompd_task_handle_t *task_handle_1,
			  ompd_task_handle_t *task_handle_2, int *cmp_value)
{
  ompd_rc_t rc = check_task (task_handle_1);
  if (rc == ompd_rc_ok)
    rc = check_task (task_handle_2);
  if (rc != ompd_rc_ok)
    return rc;
  if (cmp_value == NULL)
    return ompd_rc_bad_input;
  ompd_addr_t a = task_handle_1->addr, b = task_handle_2->addr;
  if (task_handle_1->as != task_handle_2->as)
    {
      a = (ompd_addr_t) (uintptr_t) task_handle_1->as;
      b = (ompd_addr_t) (uintptr_t) task_handle_2->as;
    }
  *cmp_value = (a > b) - (a < b);
  return ompd_rc_ok;
}

/* The nesting level of the region binding TK: 0 for the outermost.  */
ompd_rc_t
task_level (ompd_task_handle_t *tk, uint64_t *level)
{
  ompd_addr_t team, thread;
  ompd_rc_t rc = task_region (tk->as, tk->addr, tk->buf, &team, &thread);
  if (rc != ompd_rc_ok)
    return rc;
  if (team == 0)
    {
      *level = 0;
      return ompd_rc_ok;
    }
  return read_field (tk->as, team, L_team_level, level);
}
