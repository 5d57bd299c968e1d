/* parallel-handle.c -- parallel-region handles (OpenMP 5.1 §5.5.6):
   ompd_get_curr_parallel_handle, ompd_get_enclosing_parallel_handle,
   ompd_get_task_parallel_handle, ompd_rel_parallel_handle,
   ompd_parallel_handle_compare.

   A region is the runtime's struct gomp_team (serialized regions have one
   too).  Teams are reused from one region to the next, so a handle also
   keeps the region id the team had when the handle was made.  An initial
   thread outside any parallel region is in the implicit outermost region
   of the program: it has no team; its handle (team 0) names the initial
   thread, has level 0 and one thread, and its implicit task is the
   thread's initial task, so that a debugger can show it like any other
   region.  */

#include "config.h"
#include "libompd/libompd-int.h"

ompd_rc_t
parallel_handle_make (ompd_address_space_handle_t *as, ompd_addr_t team,
		      ompd_addr_t thread, ompd_parallel_handle_t **out)
{
  unsigned char *buf = NULL;
  uint64_t id = 0;
  ompd_rc_t rc;
  if (team != 0)
    {
      rc = tread_struct (as, L_team, team, &buf);
      if (rc != ompd_rc_ok)
	return rc;
      rc = get_field (as, buf, L_team, L_team_id, &id);
      if (rc != ompd_rc_ok)
	{
	  lib_free (buf);
	  return rc;
	}
      thread = 0;
    }
  else if (thread == 0)
    return ompd_rc_unavailable;
  ompd_parallel_handle_t *ph = handle_new (HK_PARALLEL, sizeof *ph, as, &rc);
  if (ph == NULL)
    {
      lib_free (buf);
      return rc;
    }
  ph->as = as;
  ph->team = team;
  ph->thread = thread;
  ph->id = id;
  ph->buf = buf;
  *out = ph;
  return ompd_rc_ok;
}

/* The region binding the task at ADDR (structure BUF): its team, or for
   a task outside any parallel region the initial thread whose outermost
   region it is in (found through the generating tasks, at most
   MAX_NESTING of them).  */
ompd_rc_t
task_region (ompd_address_space_handle_t *as, ompd_addr_t addr,
	     const unsigned char *buf, ompd_addr_t *team, ompd_addr_t *thread)
{
  uint64_t t, kind, parent, thr;
  ompd_rc_t rc = get_field (as, buf, L_task, L_task_team, &t);
  if (rc != ompd_rc_ok)
    return rc;
  if (t != 0)
    {
      *team = t;
      *thread = 0;
      return ompd_rc_ok;
    }
  rc = get_field (as, buf, L_task, L_task_kind, &kind);
  if (rc == ompd_rc_ok)
    rc = get_field (as, buf, L_task, L_task_parent, &parent);
  if (rc != ompd_rc_ok)
    return rc;
  for (unsigned n = 0; !(kind & ompt_task_initial); n++)
    {
      if (parent == 0)
	return ompd_rc_unavailable;
      if (n >= MAX_NESTING)
	return ompd_rc_error;
      addr = parent;
      rc = read_field (as, addr, L_task_kind, &kind);
      if (rc == ompd_rc_ok)
	rc = read_field (as, addr, L_task_parent, &parent);
      if (rc != ompd_rc_ok)
	return rc;
    }
  rc = read_field (as, addr, L_task_thread, &thr);
  if (rc != ompd_rc_ok)
    return rc;
  if (thr == 0)
    return ompd_rc_unavailable;
  *team = 0;
  *thread = thr;
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompd_get_curr_parallel_handle (ompd_thread_handle_t *thread_handle,
			       ompd_parallel_handle_t **parallel_handle)
{
  ompd_rc_t rc = check_thread (thread_handle);
  if (rc != ompd_rc_ok)
    return rc;
  if (parallel_handle == NULL)
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
    return ompd_rc_unavailable;	/* an idle pool thread */
  return parallel_handle_make (as, t.team, thread_handle->addr,
			       parallel_handle);
}

EXPORT ompd_rc_t
ompd_get_enclosing_parallel_handle
  (ompd_parallel_handle_t *parallel_handle,
   ompd_parallel_handle_t **enclosing_parallel_handle)
{
  ompd_rc_t rc = check_parallel (parallel_handle);
  if (rc != ompd_rc_ok)
    return rc;
  if (enclosing_parallel_handle == NULL)
    return ompd_rc_bad_input;
  if (parallel_handle->team == 0)
    return ompd_rc_unavailable;	/* the outermost region */
  ompd_address_space_handle_t *as = parallel_handle->as;
  uint64_t task;
  rc = get_field (as, parallel_handle->buf, L_team, L_team_parent_task,
		  &task);
  if (rc != ompd_rc_ok)
    return rc;
  if (task == 0)
    return ompd_rc_unavailable;
  unsigned char *buf;
  rc = tread_struct (as, L_task, task, &buf);
  if (rc != ompd_rc_ok)
    return rc;
  ompd_addr_t team, thread;
  rc = task_region (as, task, buf, &team, &thread);
  lib_free (buf);
  if (rc != ompd_rc_ok)
    return rc;
  if (team == parallel_handle->team)
    return ompd_rc_error;	/* its own parent: garbage */
  return parallel_handle_make (as, team, thread, enclosing_parallel_handle);
}

EXPORT ompd_rc_t
ompd_get_task_parallel_handle (ompd_task_handle_t *task_handle,
			       ompd_parallel_handle_t **task_parallel_handle)
{
  ompd_rc_t rc = check_task (task_handle);
  if (rc != ompd_rc_ok)
    return rc;
  if (task_parallel_handle == NULL)
    return ompd_rc_bad_input;
  ompd_addr_t team, thread;
  rc = task_region (task_handle->as, task_handle->addr, task_handle->buf,
		    &team, &thread);
  if (rc != ompd_rc_ok)
    return rc;
  return parallel_handle_make (task_handle->as, team, thread,
			       task_parallel_handle);
}

EXPORT ompd_rc_t
ompd_rel_parallel_handle (ompd_parallel_handle_t *parallel_handle)
{
  ompd_rc_t rc = check_parallel (parallel_handle);
  if (rc != ompd_rc_ok)
    return rc;
  lib_free (parallel_handle->buf);
  handle_free (parallel_handle, parallel_handle->as);
  return ompd_rc_ok;
}

/* Order: address space, then outermost regions (by thread) before teams
   (by address, then region id).  Equal means the same region.  */
EXPORT ompd_rc_t
ompd_parallel_handle_compare (ompd_parallel_handle_t *parallel_handle_1,
			      ompd_parallel_handle_t *parallel_handle_2,
			      int *cmp_value)
{
  ompd_rc_t rc = check_parallel (parallel_handle_1);
  if (rc == ompd_rc_ok)
    rc = check_parallel (parallel_handle_2);
  if (rc != ompd_rc_ok)
    return rc;
  if (cmp_value == NULL)
    return ompd_rc_bad_input;
  const ompd_parallel_handle_t *p = parallel_handle_1, *q = parallel_handle_2;
  uint64_t a[4] = { (uintptr_t) p->as, p->team != 0,
		    p->team ? p->team : p->thread, p->id };
  uint64_t b[4] = { (uintptr_t) q->as, q->team != 0,
		    q->team ? q->team : q->thread, q->id };
  int c = 0;
  for (int i = 0; i < 4 && c == 0; i++)
    c = (a[i] > b[i]) - (a[i] < b[i]);
  *cmp_value = c;
  return ompd_rc_ok;
}
