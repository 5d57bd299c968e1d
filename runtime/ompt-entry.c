/* ompt-entry.c -- the OMPT runtime entry points (OpenMP 5.1 §4.6): the
   lookup function a tool's initializer receives and everything it finds
   by name.  None of them is an exported symbol (§4.2.3): a tool reaches
   them only through lookup.

   The inquiry functions read the state the runtime keeps for debuggers
   (internal.h): the thread's state word and wait id, the task's frames
   and tool data, the team's.  They may be called from a signal handler
   (those 5.1 marks async-signal-safe): they only read, and allocate
   nothing.  */

#include "config.h"
#include "ompt.h"

#include <omp.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

struct gomp_ompt_callbacks gomp_ompt_cb;

/* ---- registration ------------------------------------------------------- */

/* What ompt_set_callback answers for each event, by code (docs/ompt.md
   says why for each).  Table 4.2's events are always (some never occur
   on a host-only runtime, which is "every occurrence" too); of the rest,
   sometimes where GCC compiles the construct without a call into the
   runtime for some of its instances, never where it never calls the
   runtime for it.  */
static const unsigned char set_answer[] = {
  [ompt_callback_thread_begin] = ompt_set_always,
  [ompt_callback_thread_end] = ompt_set_always,
  [ompt_callback_parallel_begin] = ompt_set_always,
  [ompt_callback_parallel_end] = ompt_set_always,
  [ompt_callback_task_create] = ompt_set_always,
  [ompt_callback_task_schedule] = ompt_set_always,
  [ompt_callback_implicit_task] = ompt_set_always,
  [ompt_callback_target] = ompt_set_always,
  [ompt_callback_target_data_op] = ompt_set_always,
  [ompt_callback_target_submit] = ompt_set_always,
  [ompt_callback_control_tool] = ompt_set_always,
  [ompt_callback_device_initialize] = ompt_set_always,
  [ompt_callback_device_finalize] = ompt_set_always,
  [ompt_callback_device_load] = ompt_set_always,
  [ompt_callback_device_unload] = ompt_set_always,
  /* Every barrier, taskwait and taskgroup is a runtime call.  */
  [ompt_callback_sync_region_wait] = ompt_set_always,
  [ompt_callback_sync_region] = ompt_set_always,
  /* Every lock, critical, ordered and runtime atomic; an atomic that GCC
     compiles to an instruction acquires no mutual exclusion.  */
  [ompt_callback_mutex_released] = ompt_set_always,
  [ompt_callback_mutex_acquire] = ompt_set_always,
  [ompt_callback_mutex_acquired] = ompt_set_always,
  [ompt_callback_lock_init] = ompt_set_always,
  [ompt_callback_lock_destroy] = ompt_set_always,
  [ompt_callback_nest_lock] = ompt_set_always,
  [ompt_callback_dependences] = ompt_set_always,
  [ompt_callback_task_dependence] = ompt_set_always,
  /* Not dispatched (docs/ompt.md): GCC runs loops of a static schedule
     and single's end without a call into the runtime; the runtime's
     work-sharing entry points do not report the others.  */
  [ompt_callback_work] = ompt_set_sometimes,
  [ompt_callback_dispatch] = ompt_set_sometimes,
  /* GCC compiles masked and flush inline, and combines reductions in
     the program's code.  */
  [ompt_callback_masked] = ompt_set_never,
  [ompt_callback_flush] = ompt_set_never,
  [ompt_callback_reduction] = ompt_set_never,
  /* Host only: nothing is mapped to a device.  */
  [ompt_callback_target_map] = ompt_set_never,
  [ompt_callback_target_map_emi] = ompt_set_never,
  /* Mandatory: a host fallback of a target construct is not reported
     as one (docs/ompt.md).  */
  [ompt_callback_target_emi] = ompt_set_always,
  [ompt_callback_target_data_op_emi] = ompt_set_always,
  [ompt_callback_target_submit_emi] = ompt_set_always,
  /* Activation by the cancel construct; not detection at cancellation
     points and barriers, nor discarded tasks.  */
  [ompt_callback_cancel] = ompt_set_always,
  [ompt_callback_error] = ompt_set_always,
};

static ompt_set_result_t
ompt_set_callback (ompt_callbacks_t event, ompt_callback_t callback)
{
  switch (event)
    {
#define SET_CASE(name, type, code)			\
    case code:						\
      gomp_ompt_cb.name##_cb = (type) callback;		\
      break;
      FOREACH_OMPT_CALLBACK (SET_CASE)
#undef SET_CASE
    default:
      return ompt_set_error;
    }
  if (callback == NULL)
    return ompt_set_always;
  return (ompt_set_result_t) set_answer[event];
}

static int
ompt_get_callback (ompt_callbacks_t event, ompt_callback_t *callback)
{
  ompt_callback_t cb;
  switch (event)
    {
#define GET_CASE(name, type, code)			\
    case code:						\
      cb = (ompt_callback_t) gomp_ompt_cb.name##_cb;	\
      break;
      FOREACH_OMPT_CALLBACK (GET_CASE)
#undef GET_CASE
    default:
      return 0;
    }
  if (cb == NULL)
    return 0;
  if (callback)
    *callback = cb;
  return 1;
}

void
gomp_ompt_clear_callbacks (void)
{
  memset (&gomp_ompt_cb, 0, sizeof gomp_ompt_cb);
}

/* ---- enumerations ------------------------------------------------------- */

#define STATE_ENTRY(name, value) { value, #name },
static const struct
{
  int value;
  const char *name;
} states[] = { FOREACH_OMPT_STATE (STATE_ENTRY) };
#undef STATE_ENTRY

/* From ompt_state_undefined, the first of the list, each state in turn.  */
static int
ompt_enumerate_states (int current_state, int *next_state,
		       const char **next_state_name)
{
  size_t n = sizeof states / sizeof states[0];
  for (size_t i = 0; i + 1 < n; i++)
    if (states[i].value == current_state)
      {
	*next_state = states[i + 1].value;
	*next_state_name = states[i + 1].name;
	return 1;
      }
  return 0;
}

static const struct
{
  int value;
  const char *name;
} mutex_impls[] = {
  { ompt_mutex_impl_none, "mutex_impl_none" },
  /* lock.c: a word taken by compare-and-swap, spinning, then a futex.  */
  { GOMP_TOOL_MUTEX_IMPL, "mutex_impl_spin_futex" },
};

static int
ompt_enumerate_mutex_impls (int current_impl, int *next_impl,
			    const char **next_impl_name)
{
  size_t n = sizeof mutex_impls / sizeof mutex_impls[0];
  for (size_t i = 0; i + 1 < n; i++)
    if (mutex_impls[i].value == current_impl)
      {
	*next_impl = mutex_impls[i + 1].value;
	*next_impl_name = mutex_impls[i + 1].name;
	return 1;
      }
  return 0;
}

/* ---- threads, places ---------------------------------------------------- */

static ompt_data_t *
ompt_get_thread_data (void)
{
  struct gomp_thread *thr = gomp_tls;
  return thr ? gomp_ompt_data (&thr->tool_data) : NULL;
}

static int
ompt_get_num_procs (void)
{
  return (int) gomp_num_procs;
}

static int
ompt_get_num_places (void)
{
  return omp_get_num_places ();
}

/* The count always; the ids only if IDS_SIZE holds them all.  */
static int
ompt_get_place_proc_ids (int place_num, int ids_size, int *ids)
{
  int n = omp_get_place_num_procs (place_num);
  if (n > 0 && ids != NULL && ids_size >= n)
    omp_get_place_proc_ids (place_num, ids);
  return n;
}

static int
ompt_get_place_num (void)
{
  struct gomp_thread *thr = gomp_tls;
  if (thr == NULL || gomp_places_len == 0)
    return -1;
  return thr->ts.place;
}

static int
ompt_get_partition_place_nums (int place_nums_size, int *place_nums)
{
  struct gomp_thread *thr = gomp_tls;
  if (thr == NULL || gomp_places_len == 0)
    return 0;
  int n = (int) thr->ts.partition_len;
  if (place_nums != NULL && place_nums_size >= n)
    for (int i = 0; i < n; i++)
      place_nums[i] = (int) thr->ts.partition_off + i;
  return n;
}

static int
ompt_get_proc_id (void)
{
  return sched_getcpu ();
}

/* ---- state ------------------------------------------------------------ */

/* What the thread does, from the words kept for debuggers (internal.h,
   "OpenMP thread states"; libompd/states.c reads the same).  */
static int
ompt_get_state (ompt_wait_id_t *wait_id)
{
  struct gomp_thread *thr = gomp_tls;
  ompt_wait_id_t id = 0;
  int state;
  if (thr == NULL)
    state = ompt_state_undefined;
  else if (GOMP_DEBUG_WORD (thr->state) != ompt_state_work_serial)
    {
      state = (int) GOMP_DEBUG_WORD (thr->state);
      id = GOMP_DEBUG_WORD (thr->wait_id);
    }
  else
    {
      struct gomp_task *task = GOMP_DEBUG_WORD (thr->task);
      struct gomp_team *team = thr->ts.team;
      unsigned int ws = task ? GOMP_DEBUG_WORD (task->wait_state) : 0;
      if (task && GOMP_DEBUG_WORD (task->frame.enter_frame) != NULL
	  && ws != ompt_state_work_serial)
	{
	  state = (int) ws;
	  if (ws == ompt_state_wait_taskwait)
	    id = (uintptr_t) task;
	  else if (ws == ompt_state_wait_taskgroup)
	    id = (uintptr_t) task->cur_taskgroup;
	  else if (team)
	    id = (uintptr_t) &team->barrier;
	}
      else if (thr->pool_thread
	       && (team == NULL
		   || (thr->ts.team_id != 0
		       && thr->left_seq != team->region_seq)))
	state = ompt_state_idle;
      else
	state = team ? ompt_state_work_parallel : ompt_state_work_serial;
    }
  if (wait_id)
    *wait_id = id;
  return state;
}

/* ---- regions and tasks -------------------------------------------------- */

/* The implicit parallel region around the initial task of the thread
   that masters the outermost region of TEAM (TEAM NULL: THR's own).  */
static ompt_data_t *
initial_region_data (struct gomp_thread *thr, struct gomp_team *team)
{
  while (team != NULL)
    {
      thr = team->threads[0];
      team = team->master_saved.team;
    }
  return gomp_ompt_data (&thr->tool_parallel_data);
}

static int
ompt_get_parallel_info (int ancestor_level, ompt_data_t **parallel_data,
			int *team_size)
{
  struct gomp_thread *thr = gomp_tls;
  if (thr == NULL || ancestor_level < 0)
    return 0;
  struct gomp_team *team = thr->ts.team, *last = NULL;
  for (int i = 0; i < ancestor_level && team != NULL; i++)
    {
      last = team;
      team = team->master_saved.team;
    }
  if (team == NULL)
    {
      /* One level above the outermost team: the initial task's implicit
	 region; above that, nothing.  */
      int depth = (int) thr->ts.level;
      if (ancestor_level > depth)
	return 0;
      if (parallel_data)
	*parallel_data = initial_region_data (thr, last);
      if (team_size)
	*team_size = 1;
      return 2;
    }
  if (parallel_data)
    *parallel_data = gomp_ompt_data (&team->tool_data);
  if (team_size)
    *team_size = (int) team->nthreads;
  return 2;
}

/* A small ring of frame views, one per ompt_get_task_info call: each
   stays valid while the tool uses it (until it returns control; 5.1
   allows the object to move), however many levels the tool asks for
   meanwhile.  */
#define FRAME_RING 16
static __thread ompt_frame_t frame_ring[FRAME_RING];
static __thread unsigned int frame_next;

void
gomp_ompt_frame (const struct gomp_task *task, ompt_frame_t *out)
{
  void *exit = task->frame.exit_frame;
  void *enter = task->frame.enter_frame;
  if ((task->kind & TASK_ON_PARENT) && exit == NULL)
    exit = (char *) task + atomic_load_explicit (&gomp_on_parent_exit,
						 memory_order_relaxed);
  /* An implicit task whose code has returned (team.c, pool.c).  */
  if (exit == enter)
    exit = NULL;
  out->exit_frame.ptr = exit;
  out->enter_frame.ptr = enter;
  out->exit_frame_flags = exit ? GOMP_FRAME_FLAGS : 0;
  out->enter_frame_flags = enter ? GOMP_FRAME_FLAGS : 0;
}

static int
ompt_get_task_info (int ancestor_level, int *flags, ompt_data_t **task_data,
		    ompt_frame_t **task_frame, ompt_data_t **parallel_data,
		    int *thread_num)
{
  struct gomp_thread *thr = gomp_tls;
  if (thr == NULL || ancestor_level < 0)
    return 0;
  struct gomp_task *task = thr->task;
  unsigned int num = thr->ts.team_id;
  for (int i = 0; i < ancestor_level && task != NULL; i++)
    {
      /* Out of a region: the encountering task, run by this thread as
	 the number it had in the enclosing team.  */
      if ((task->kind & TASK_IMPLICIT) && task->team)
	num = task->team->master_saved.team_id;
      task = task->parent;
    }
  if (task == NULL)
    return 0;
  if (flags)
    *flags = (int) (task->kind & ~(TASK_ON_STACK | TASK_ON_PARENT));
  if (task_data)
    *task_data = gomp_ompt_data (&task->tool_data);
  if (task_frame)
    {
      ompt_frame_t *f = &frame_ring[frame_next++ % FRAME_RING];
      gomp_ompt_frame (task, f);
      *task_frame = f;
    }
  if (parallel_data)
    *parallel_data = task->team ? gomp_ompt_data (&task->team->tool_data)
      : (task->kind & TASK_INITIAL) ? initial_region_data (thr, NULL) : NULL;
  if (thread_num)
    *thread_num = (task->kind & TASK_IMPLICIT) && task->team
      ? (int) (task - task->team->implicit) : (int) num;
  return 2;
}

/* The current task's data environment on the heap: an explicit task's
   argument block (the rest of its allocation); implicit and initial
   tasks have none of their own.  */
static int
ompt_get_task_memory (void **addr, size_t *size, int block)
{
  struct gomp_thread *thr = gomp_tls;
  *addr = NULL;
  *size = 0;
  if (thr == NULL || block != 0)
    return 0;
  struct gomp_task *task = thr->task;
  if ((task->kind & TASK_EXPLICIT) && task->data && task->alloc_base
      && !(task->kind & TASK_ON_STACK))
    {
      char *end = (char *) task->alloc_base + task->alloc_size;
      *addr = task->data;
      *size = (size_t) (end - (char *) task->data);
    }
  return 0;
}

/* In a target construct, which runs on the host (ompt-target.c).  */
static int
ompt_get_target_info (uint64_t *device_num, ompt_id_t *target_id,
		      ompt_id_t *host_op_id)
{
  return gomp_ompt_target_info (device_num, target_id, host_op_id);
}

static int
ompt_get_num_devices (void)
{
  return omp_get_num_devices ();
}

uint64_t
gomp_ompt_unique_id (void)
{
  static _Atomic uint64_t next = 1;
  return atomic_fetch_add_explicit (&next, 1, memory_order_relaxed);
}

static uint64_t
ompt_get_unique_id (void)
{
  return gomp_ompt_unique_id ();
}

static void
ompt_finalize_tool (void)
{
  gomp_ompt_finalize ();
}

/* ---- lookup ------------------------------------------------------------ */

ompt_interface_fn_t
gomp_ompt_lookup (const char *name)
{
  if (name == NULL)
    return NULL;
  /* Each entry point has its type (omp-tools.h): a check here that the
     function defined matches it.  */
#define LOOKUP(fn)						\
  {								\
    fn##_t typed = fn;						\
    if (strcmp (name, #fn) == 0)				\
      return (ompt_interface_fn_t) typed;			\
  }
  FOREACH_OMPT_ENTRY_POINT (LOOKUP)
#undef LOOKUP
  return NULL;
}
