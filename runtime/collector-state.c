/* collector-state.c -- the calling thread's OpenMP state as the collector
   interface names it (omp_collector_api.h), read from the state the
   runtime keeps for debuggers (internal.h, "OpenMP thread states"), the
   way libompd reads it from outside (libompd/states.c,
   libompd/thread-handle.c), and the wait events each state begins and
   ends.  Async-signal-safe: loads of the calling thread's own words and
   of its team's, no lock, no allocation.  */

#include "config.h"
#include "internal.h"
#include "collector-internal.h"

/* The one list of the mapping: each ompt_state_t the runtime stores, the
   collector's state for it, and the events a thread's entering and
   leaving it send (0: none).  Taskwait and taskgroup are synchronisation
   the program wrote, during which the thread runs tasks as at a barrier:
   an explicit barrier to the collector, whose states have no task
   waits.  A barrier of unnamed kind, and the runtime's own barriers (a
   single's copyprivate hand-over), are implicit ones.  work_serial is
   the collector's serial state outside any parallel region only
   (gomp_collector_state).  */
#define FOREACH_COLLECTOR_STATE_MAP(X)					\
  X (ompt_state_work_serial, THR_SERIAL_STATE, 0, 0)			\
  X (ompt_state_work_parallel, THR_WORK_STATE, 0, 0)			\
  X (ompt_state_work_reduction, THR_REDUC_STATE, 0, 0)			\
  X (ompt_state_overhead, THR_OVHD_STATE, 0, 0)				\
  X (ompt_state_idle, THR_IDLE_STATE,					\
     OMP_EVENT_THR_BEGIN_IDLE, OMP_EVENT_THR_END_IDLE)			\
  X (ompt_state_wait_barrier, THR_IBAR_STATE,				\
     OMP_EVENT_THR_BEGIN_IBAR, OMP_EVENT_THR_END_IBAR)			\
  X (ompt_state_wait_barrier_implicit_parallel, THR_IBAR_STATE,		\
     OMP_EVENT_THR_BEGIN_IBAR, OMP_EVENT_THR_END_IBAR)			\
  X (ompt_state_wait_barrier_implicit_workshare, THR_IBAR_STATE,	\
     OMP_EVENT_THR_BEGIN_IBAR, OMP_EVENT_THR_END_IBAR)			\
  X (ompt_state_wait_barrier_implicit, THR_IBAR_STATE,			\
     OMP_EVENT_THR_BEGIN_IBAR, OMP_EVENT_THR_END_IBAR)			\
  X (ompt_state_wait_barrier_implementation, THR_IBAR_STATE,		\
     OMP_EVENT_THR_BEGIN_IBAR, OMP_EVENT_THR_END_IBAR)			\
  X (ompt_state_wait_barrier_teams, THR_IBAR_STATE,			\
     OMP_EVENT_THR_BEGIN_IBAR, OMP_EVENT_THR_END_IBAR)			\
  X (ompt_state_wait_barrier_explicit, THR_EBAR_STATE,			\
     OMP_EVENT_THR_BEGIN_EBAR, OMP_EVENT_THR_END_EBAR)			\
  X (ompt_state_wait_taskwait, THR_EBAR_STATE,				\
     OMP_EVENT_THR_BEGIN_EBAR, OMP_EVENT_THR_END_EBAR)			\
  X (ompt_state_wait_taskgroup, THR_EBAR_STATE,				\
     OMP_EVENT_THR_BEGIN_EBAR, OMP_EVENT_THR_END_EBAR)			\
  X (ompt_state_wait_lock, THR_LKWT_STATE,				\
     OMP_EVENT_THR_BEGIN_LKWT, OMP_EVENT_THR_END_LKWT)			\
  X (ompt_state_wait_critical, THR_CTWT_STATE,				\
     OMP_EVENT_THR_BEGIN_CTWT, OMP_EVENT_THR_END_CTWT)			\
  X (ompt_state_wait_atomic, THR_ATWT_STATE,				\
     OMP_EVENT_THR_BEGIN_ATWT, OMP_EVENT_THR_END_ATWT)			\
  X (ompt_state_wait_ordered, THR_ODWT_STATE,				\
     OMP_EVENT_THR_BEGIN_ODWT, OMP_EVENT_THR_END_ODWT)

/* A state the runtime does not store (a target wait, a wait on a mutex:
   internal.h) would be overhead.  */
unsigned int
gomp_collector_map_state (unsigned int ompt_state)
{
  switch (ompt_state)
    {
#define MAP_STATE(ompt, thr, begin, end) case ompt: return thr;
      FOREACH_COLLECTOR_STATE_MAP (MAP_STATE)
#undef MAP_STATE
    default:
      return THR_OVHD_STATE;
    }
}

unsigned int
gomp_collector_wait_event (unsigned int ompt_state, bool end)
{
  switch (ompt_state)
    {
#define MAP_EVENT(ompt, thr, begin, e) case ompt: return end ? e : begin;
      FOREACH_COLLECTOR_STATE_MAP (MAP_EVENT)
#undef MAP_EVENT
    default:
      return 0;
    }
}

/* Idle: a worker whose region has ended since it entered it, or a pool
   thread in no team whose current task is its own initial task
   (libompd/thread-handle.c tells it the same way).  */
static bool
thread_idle (struct gomp_thread *thr)
{
  struct gomp_team *team = thr->ts.team;
  if (team != NULL)
    return thr->ts.team_id != 0
      && GOMP_DEBUG_WORD (team->region_seq) != GOMP_DEBUG_WORD (thr->left_seq);
  return thr->pool_thread && GOMP_DEBUG_WORD (thr->task) == &thr->initial_task;
}

static bool
task_wait_state (unsigned int s)
{
  switch (s)
    {
#define TASK_WAIT_CASE(name) case name:
      FOREACH_OMPDBG_TASK_WAIT_STATE (TASK_WAIT_CASE)
#undef TASK_WAIT_CASE
      return true;
    default:
      return false;
    }
}

static bool
thread_word_state (unsigned int s)
{
  switch (s)
    {
#define WORD_CASE(name) case name:
      FOREACH_OMPDBG_THREAD_WORD_STATE (WORD_CASE)
#undef WORD_CASE
      return true;
    default:
      return false;
    }
}

/* The calling thread's state as ompt_state_t, and what it waits for.  A
   thread the runtime has never seen is serial.  */
unsigned int
gomp_collector_ompt_state (uintptr_t *wait_id)
{
  struct gomp_thread *thr = gomp_tls;
  *wait_id = 0;
  if (thr == NULL)
    return ompt_state_work_serial;
  if (thread_idle (thr))
    return ompt_state_idle;
  struct gomp_team *team = thr->ts.team;
  unsigned int word = gomp_get_state (thr);
  if (thread_word_state (word))
    {
      *wait_id = gomp_get_wait_id (thr);
      return word;
    }
  struct gomp_task *task = GOMP_DEBUG_WORD (thr->task);
  if (GOMP_TRACK_STATE && task != NULL
      && GOMP_DEBUG_WORD (task->frame.enter_frame) != NULL)
    {
      unsigned int s = GOMP_DEBUG_WORD (task->wait_state);
      if (task_wait_state (s))
	{
	  if (s == ompt_state_wait_taskwait)
	    *wait_id = (uintptr_t) task;
	  else if (s == ompt_state_wait_taskgroup)
	    *wait_id = (uintptr_t) task->cur_taskgroup;
	  else
	    *wait_id = team ? (uintptr_t) &team->barrier : 0;
	  return s;
	}
    }
  return team ? ompt_state_work_parallel : ompt_state_work_serial;
}
