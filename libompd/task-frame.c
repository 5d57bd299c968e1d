/* task-frame.c -- what a task runs and where on the stack:
   ompd_get_task_function and ompd_get_task_frame (OpenMP 5.1 §5.5.7).  */

#include "config.h"
#include "libompd/libompd-int.h"

/* The entry point of the task's code: an explicit task's function (the
   fn given to GOMP_task / GOMP_taskloop), an implicit task's outlined
   parallel-region function, a target region's initial task (run on the
   host) the target region's function.  The program's initial task runs
   the program itself and has no such entry point: ompd_rc_unavailable.  */
EXPORT ompd_rc_t
ompd_get_task_function (ompd_task_handle_t *task_handle,
			ompd_address_t *entry_point)
{
  ompd_rc_t rc = check_task (task_handle);
  if (rc != ompd_rc_ok)
    return rc;
  if (entry_point == NULL)
    return ompd_rc_bad_input;
  ompd_address_space_handle_t *as = task_handle->as;
  uint64_t kind, fn, team;
  rc = get_field (as, task_handle->buf, L_task, L_task_kind, &kind);
  if (rc == ompd_rc_ok)
    rc = get_field (as, task_handle->buf, L_task, L_task_fn, &fn);
  if (rc != ompd_rc_ok)
    return rc;
  if ((kind & ompt_task_initial) && !(kind & ompt_task_target))
    return ompd_rc_unavailable;
  if (fn == 0 && (kind & ompt_task_implicit))
    {
      rc = get_field (as, task_handle->buf, L_task, L_task_team, &team);
      if (rc == ompd_rc_ok && team != 0)
	rc = read_field (as, team, L_team_fn, &fn);
      if (rc != ompd_rc_ok)
	return rc;
    }
  if (fn == 0)
    return ompd_rc_unavailable;
  entry_point->segment = ompd_segment_none;
  entry_point->address = fn;
  return ompd_rc_ok;
}

/* The exit frame of running task TASK, of kind KIND.  GOMP_task's
   undeferred task (OMPDBG_TASK_ON_STACK and OMPDBG_TASK_ON_PARENT: a local of
   GOMP_task) does not store it: it is the task's address plus the one
   distance the root OMPDBG_ROOT_ON_PARENT_EXIT holds (docs/ompd.md, "What
   the entries mean"), which the runtime measured at start-up; 0 there: unknown; a distance
   no frame can be at: garbage in the target.  */

static ompd_rc_t
task_exit_frame (ompd_address_space_handle_t *as, ompd_addr_t task,
		 uint64_t kind, uint64_t *exit)
{
  if ((kind & (OMPDBG_TASK_ON_STACK | OMPDBG_TASK_ON_PARENT))
      != (OMPDBG_TASK_ON_STACK | OMPDBG_TASK_ON_PARENT))
    return read_field (as, task, L_task_exit_frame, exit);
  ompd_addr_t root = as->roots[OMPDBG_ROOT_ON_PARENT_EXIT];
  uint64_t d;
  if (root == 0)
    return ompd_rc_incompatible;
  ompd_rc_t rc = tread_ptr (as, root, &d);
  if (rc != ompd_rc_ok)
    return rc;
  if (d == 0 || d > OMPDBG_ON_PARENT_EXIT_MAX)
    return ompd_rc_unavailable;
  *exit = task + d;
  return ompd_rc_ok;
}

/* The enter frame of running task TASK, whose own field is NULL: the
   exit frame of the task running on top of it if that one is a
   OMPDBG_TASK_ON_PARENT task (GOMP_task ran it from the frame TASK entered the
   runtime at, and stores that frame once, as the child's exit frame),
   else none (TASK is in its own code).  The task on
   top is found from the thread's current task down the tasks below each
   on the thread's stack, a bounded walk that stops at a task that has
   not started (one being created, whose copy constructor runs: it has no
   scheduling task yet).  Below an implicit task is the task that
   encountered its region, its parent (the runtime stores no scheduling
   task for implicit tasks); below an explicit or target task, its
   scheduling task.  */
static ompd_rc_t
enter_from_child (ompd_address_space_handle_t *as, ompd_addr_t task,
		  uint64_t *enter)
{
  uint64_t thread, cur;
  ompd_rc_t rc = read_field (as, task, L_task_thread, &thread);
  if (rc != ompd_rc_ok || thread == 0)
    return rc;
  rc = read_field (as, thread, L_thread_task, &cur);
  for (unsigned int i = 0;
       rc == ompd_rc_ok && cur != 0 && cur != task && i < MAX_NESTING; i++)
    {
      bool running;
      uint64_t kind;
      ompd_addr_t below;
      rc = task_running (as, cur, &running);
      if (rc != ompd_rc_ok || !running)
	return rc;
      rc = read_field (as, cur, L_task_kind, &kind);
      if (rc != ompd_rc_ok)
	return rc;
      if ((kind & ompt_task_implicit) && !(kind & ompt_task_target))
	rc = read_field (as, cur, L_task_parent, &below);
      else
	rc = task_sched_parent (as, cur, kind, &below);
      if (rc == ompd_rc_ok && below == task)
	{
	  if (kind & OMPDBG_TASK_ON_PARENT)
	    rc = task_exit_frame (as, cur, kind, enter);
	  return rc;
	}
      cur = below;
    }
  return rc;
}

/* The task's ompt_frame_t: exit frame (where the task's code was entered
   from the runtime) and enter frame (where it last called into the
   runtime), each with its ompt_frame_flag_t flags, the same for every
   frame (the layout table's root, read once).  Read now: both change
   while the task runs.  A task that does not run (waiting for its
   dependences, queued, or finished) has neither; the runtime sets them
   when it starts, so what its memory holds before is not a frame, nor
   after: the frames were on a stack.  */
EXPORT ompd_rc_t
ompd_get_task_frame (ompd_task_handle_t *task_handle,
		     ompd_frame_info_t *exit_frame,
		     ompd_frame_info_t *enter_frame)
{
  ompd_rc_t rc = check_task (task_handle);
  if (rc != ompd_rc_ok)
    return rc;
  if (exit_frame == NULL || enter_frame == NULL)
    return ompd_rc_bad_input;
  ompd_address_space_handle_t *as = task_handle->as;
  bool running;
  rc = task_running (as, task_handle->addr, &running);
  if (rc != ompd_rc_ok)
    return rc;
  uint64_t exit_addr = 0, enter_addr = 0, kind;
  if (running)
    {
      rc = get_field (as, task_handle->buf, L_task, L_task_kind, &kind);
      if (rc == ompd_rc_ok)
	rc = task_exit_frame (as, task_handle->addr, kind, &exit_addr);
      if (rc == ompd_rc_ok)
	rc = read_field (as, task_handle->addr, L_task_enter_frame,
			 &enter_addr);
      if (rc == ompd_rc_ok && enter_addr == 0)
	rc = enter_from_child (as, task_handle->addr, &enter_addr);
      if (rc != ompd_rc_ok)
	return rc;
      /* The code has returned to the frame that called it: an implicit
	 task at its region's end says so with one store
	 (runtime/team.c, pool.c).  */
      if (exit_addr == enter_addr)
	exit_addr = 0;
    }
  exit_frame->frame_address.segment = ompd_segment_none;
  exit_frame->frame_address.address = exit_addr;
  exit_frame->frame_flag = (ompd_word_t) as->frame_flags;
  enter_frame->frame_address.segment = ompd_segment_none;
  enter_frame->frame_address.address = enter_addr;
  enter_frame->frame_flag = (ompd_word_t) as->frame_flags;
  return ompd_rc_ok;
}
