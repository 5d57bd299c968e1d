/* states.c -- thread states (OpenMP 5.1 §5.5.7, "Querying Thread
   States"): ompd_enumerate_states and ompd_get_state.

   The runtime records ompt_state_t numbers unchanged, in each thread
   (gomp_thread.state, with the object waited for in wait_id) and in a
   task that waits (gomp_task.wait_state; refine_state below), so the
   table below is OpenMP 5.1's list of states with the OMPT names, every
   one of them, including those this runtime never enters (the deprecated
   wait_barrier and wait_barrier_implicit, teams barriers, target waits):
   a debugger names any value it meets.  */

#include "config.h"
#include "libompd/libompd-int.h"

/* In the order of omp-tools.h's list, which starts with
   ompt_state_undefined.  */
static const struct
{
  ompd_word_t value;
  const char *name;
} states[] = {
#define STATE_ENTRY(name, value) { value, #name },
  FOREACH_OMPT_STATE (STATE_ENTRY)
#undef STATE_ENTRY
};

#define NSTATES (sizeof states / sizeof states[0])

/* Start with ompt_state_undefined: it is the first entry, which the
   caller passes to get the second, and so on; *more_enums is 0 on the
   last.  Each name is a copy the caller owns.  */
EXPORT ompd_rc_t
ompd_enumerate_states (ompd_address_space_handle_t *address_space_handle,
		       ompd_word_t current_state, ompd_word_t *next_state,
		       const char **next_state_name, ompd_word_t *more_enums)
{
  ompd_rc_t rc = check_aspace (address_space_handle);
  if (rc != ompd_rc_ok)
    return rc;
  if (next_state == NULL || next_state_name == NULL || more_enums == NULL)
    return ompd_rc_bad_input;
  size_t i;
  for (i = 0; i < NSTATES; i++)
    if (states[i].value == current_state)
      break;
  if (i + 1 >= NSTATES)
    return ompd_rc_bad_input;	/* unknown, or the last one */
  rc = lib_strdup (states[i + 1].name, next_state_name);
  if (rc != ompd_rc_ok)
    return rc;
  *next_state = states[i + 1].value;
  *more_enums = i + 2 < NSTATES;
  return ompd_rc_ok;
}

/* Where the runtime keeps each state (ompdbg-layout.h; docs/ompd.md,
   "What the entries mean"): the thread's state word holds only what is
   the thread's own -- a wait for a lock, a critical section, an atomic or
   ordered construct, with its wait id; overhead -- else work:
   work_parallel for a thread with a team, else work_serial.  Idle is
   what libompd sees of the thread (thread_idle).  The waits during which
   a thread runs tasks (barriers, taskwait, taskgroup, a region's end) are
   the waiting task's: it stores the wait's state beside its enter frame,
   and the thread is in that wait while the task is its current task with
   the enter frame set (a task run from the wait is the current one then,
   with none: work).  Those waits store no wait id: it is the barrier of
   the thread's team, the waiting task, or that task's innermost
   taskgroup.  */
static bool
runs_tasks_while_waiting (uint64_t state)
{
  switch (state)
    {
#define STATE_CASE(name) case name:
      FOREACH_OMPDBG_TASK_WAIT_STATE (STATE_CASE)
	return true;
    default:
      return false;
    }
}

/* Whether the thread's own word says something: neither work nor a
   value of no meaning there (a wait of a task's, idle, garbage).  */
static bool
thread_word_holds (uint64_t state)
{
  switch (state)
    {
      FOREACH_OMPDBG_THREAD_WORD_STATE (STATE_CASE)
#undef STATE_CASE
	return true;
    default:
      return false;
    }
}

static ompd_rc_t
refine_state (ompd_address_space_handle_t *as, const struct thread_now *t,
	      uint64_t *state, uint64_t *wait_id)
{
  if (thread_word_holds (*state))
    return ompd_rc_ok;
  *state = t->team ? ompt_state_work_parallel : ompt_state_work_serial;
  *wait_id = 0;
  if (t->task == 0)
    return ompd_rc_ok;
  /* A task being created is the current task while its copy constructor
     runs, before it has started and has frames: the thread works.  */
  bool running;
  ompd_rc_t rc = task_running (as, t->task, &running);
  if (rc != ompd_rc_ok || !running)
    return rc;
  static const enum layout_id fids[] = {
    L_task_enter_frame, L_task_wait_state
  };
  uint64_t v[2];
  rc = read_fields (as, t->task, fids, 2, v);
  if (rc != ompd_rc_ok || v[0] == 0 || !runs_tasks_while_waiting (v[1]))
    return rc;
  *state = v[1];
  if (*state == ompt_state_wait_taskwait)
    *wait_id = t->task;
  else if (*state == ompt_state_wait_taskgroup)
    return read_field (as, t->task, L_task_cur_taskgroup, wait_id);
  else
    *wait_id = t->team ? t->team + as->items[L_team_barrier].offset : 0;
  return ompd_rc_ok;
}

/* Read now, not from the handle's copy: states change all the time.  The
   wait id means something only in a wait state; it is given whenever
   asked for.  */
EXPORT ompd_rc_t
ompd_get_state (ompd_thread_handle_t *thread_handle, ompd_word_t *state,
		ompd_wait_id_t *wait_id)
{
  ompd_rc_t rc = check_thread (thread_handle);
  if (rc != ompd_rc_ok)
    return rc;
  if (state == NULL)
    return ompd_rc_bad_input;
  struct thread_now t;
  rc = thread_now (thread_handle->as, thread_handle->addr, &t);
  if (rc != ompd_rc_ok)
    return rc;
  uint64_t s = t.state, w = t.wait_id;
  bool idle;
  rc = thread_idle (thread_handle, &t, &idle);
  if (rc != ompd_rc_ok)
    return rc;
  if (idle)
    {
      s = ompt_state_idle;
      w = 0;
    }
  else if (t.unstarted)
    {
      /* Released into its region, in the runtime on its way to the
	 region's code: not idle, not yet working (LLVM's runtime says
	 overhead there too, from its fork barrier to the implicit task's
	 begin).  */
      s = ompt_state_overhead;
      w = 0;
    }
  else
    {
      rc = refine_state (thread_handle->as, &t, &s, &w);
      if (rc != ompd_rc_ok)
	return rc;
    }
  *state = (ompd_word_t) s;
  if (wait_id != NULL)
    *wait_id = w;
  return ompd_rc_ok;
}
