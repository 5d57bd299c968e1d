/* tool.c -- the OMPT test tool (tool.h).  */

#define _GNU_SOURCE
#include "tool.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_EVENTS 200000
static struct tool_event events[MAX_EVENTS];
static int nevents, failures, attached;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t next_id = 1;
static int next_thread = 1;
static int set_results[64];

static ompt_get_task_info_t get_task_info;
static ompt_get_parallel_info_t get_parallel_info;
static ompt_get_thread_data_t get_thread_data;
static ompt_get_state_t get_state;
static ompt_set_callback_t set_callback;
static ompt_get_target_info_t get_target_info;

#define FAIL(...)						\
  do								\
    {								\
      fprintf (stderr, "tool: FAIL: " __VA_ARGS__);		\
      fputc ('\n', stderr);					\
      __atomic_add_fetch (&failures, 1, __ATOMIC_RELAXED);	\
    }								\
  while (0)

static uint64_t
new_id (void)
{
  return __atomic_fetch_add (&next_id, 1, __ATOMIC_RELAXED);
}

static int
thread_id (void)
{
  ompt_data_t *d = get_thread_data ? get_thread_data () : NULL;
  return d ? (int) d->value : 0;
}

static uint64_t
val (ompt_data_t *d)
{
  return d ? d->value : 0;
}

static void
record (int event, int endpoint, int kind, int flags, uint64_t parallel,
	uint64_t task, uint64_t other, unsigned int team_size,
	unsigned int index, const void *codeptr)
{
  struct tool_event e = { event, endpoint, kind, flags, thread_id (),
			  parallel, task, other, team_size, index, codeptr };
  pthread_mutex_lock (&lock);
  if (nevents < MAX_EVENTS)
    events[nevents++] = e;
  pthread_mutex_unlock (&lock);
}

/* ---- callbacks ------------------------------------------------------- */

static void
on_thread_begin (ompt_thread_t type, ompt_data_t *thread_data)
{
  if (thread_data->value != 0)
    FAIL ("thread-begin: thread data not ompt_data_none");
  thread_data->value = __atomic_fetch_add (&next_thread, 1, __ATOMIC_RELAXED);
  if (type < ompt_thread_initial || type > ompt_thread_unknown)
    FAIL ("thread-begin: type %d", (int) type);
  record (ompt_callback_thread_begin, 0, type, 0, 0, 0, 0, 0, 0, NULL);
}

static void
on_thread_end (ompt_data_t *thread_data)
{
  (void) thread_data;
  record (ompt_callback_thread_end, 0, 0, 0, 0, 0, 0, 0, 0, NULL);
}

static void
on_parallel_begin (ompt_data_t *task, const ompt_frame_t *frame,
		   ompt_data_t *parallel, unsigned int requested, int flags,
		   const void *codeptr)
{
  parallel->value = new_id ();
  if (task->value == 0)
    FAIL ("parallel-begin: encountering task without id");
  if (frame == NULL || frame->enter_frame.ptr == NULL)
    FAIL ("parallel-begin: no enter frame of the encountering task");
  if (!(flags & (ompt_parallel_invoker_program
		 | ompt_parallel_invoker_runtime)))
    FAIL ("parallel-begin: no invoker in flags %#x", flags);
  record (ompt_callback_parallel_begin, 0, 0, flags, parallel->value,
	  task->value, (uint64_t) (uintptr_t) (frame ? frame->enter_frame.ptr
					       : NULL), requested, 0,
	  codeptr);
}

static void
on_parallel_end (ompt_data_t *parallel, ompt_data_t *task, int flags,
		 const void *codeptr)
{
  record (ompt_callback_parallel_end, 0, 0, flags, parallel->value,
	  task->value, 0, 0, 0, codeptr);
}

static void
on_implicit_task (ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
		  ompt_data_t *task, unsigned int n, unsigned int index,
		  int flags)
{
  if (endpoint == ompt_scope_begin)
    {
      if (task->value != 0)
	FAIL ("implicit-task-begin: task data not ompt_data_none");
      task->value = new_id ();
      /* An initial thread's own implicit region is new; a league's
	 (teams) began with its parallel-begin.  */
      if ((flags & ompt_task_initial) && parallel->value == 0)
	parallel->value = new_id ();
      if (!(flags & ompt_task_initial) && index >= n)
	FAIL ("implicit-task-begin: index %u of %u", index, n);
    }
  record (ompt_callback_implicit_task, endpoint, 0, flags, val (parallel),
	  task->value, 0, n, index, NULL);
}

static void
on_task_create (ompt_data_t *parent, const ompt_frame_t *frame,
		ompt_data_t *task, int flags, int has_deps,
		const void *codeptr)
{
  if (task->value != 0)
    FAIL ("task-create: task data not ompt_data_none");
  task->value = new_id ();
  if (parent == NULL || parent->value == 0)
    FAIL ("task-create: parent without id");
  if (frame == NULL || frame->enter_frame.ptr == NULL)
    FAIL ("task-create: no enter frame of the encountering task");
  record (ompt_callback_task_create, 0, has_deps, flags, 0,
	  parent ? parent->value : 0, task->value, 0, 0, codeptr);
}

static void
on_task_schedule (ompt_data_t *prior, ompt_task_status_t status,
		  ompt_data_t *next)
{
  record (ompt_callback_task_schedule, 0, status, 0, 0, val (prior),
	  val (next), 0, 0, NULL);
}

static void
on_dependences (ompt_data_t *task, const ompt_dependence_t *deps, int n)
{
  for (int i = 0; i < n; i++)
    record (ompt_callback_dependences, 0, deps[i].dependence_type, n, 0,
	    task->value, (uint64_t) (uintptr_t) deps[i].variable.ptr, 0,
	    (unsigned int) i, NULL);
}

static void
on_task_dependence (ompt_data_t *src, ompt_data_t *sink)
{
  record (ompt_callback_task_dependence, 0, 0, 0, 0, src->value,
	  sink->value, 0, 0, NULL);
}

static void
on_sync_region (ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
		ompt_data_t *parallel, ompt_data_t *task, const void *codeptr)
{
  record (ompt_callback_sync_region, endpoint, kind, 0, val (parallel),
	  val (task), 0, 0, 0, codeptr);
}

static void
on_sync_region_wait (ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
		     ompt_data_t *parallel, ompt_data_t *task,
		     const void *codeptr)
{
  record (ompt_callback_sync_region_wait, endpoint, kind, 0, val (parallel),
	  val (task), 0, 0, 0, codeptr);
}

static void
on_mutex_acquire (ompt_mutex_t kind, unsigned int hint, unsigned int impl,
		  ompt_wait_id_t wait_id, const void *codeptr)
{
  (void) hint;
  (void) impl;
  record (ompt_callback_mutex_acquire, 0, kind, 0, 0, 0, wait_id, 0, 0,
	  codeptr);
}

static void
on_mutex_acquired (ompt_mutex_t kind, ompt_wait_id_t wait_id,
		   const void *codeptr)
{
  record (ompt_callback_mutex_acquired, 0, kind, 0, 0, 0, wait_id, 0, 0,
	  codeptr);
}

static void
on_mutex_released (ompt_mutex_t kind, ompt_wait_id_t wait_id,
		   const void *codeptr)
{
  record (ompt_callback_mutex_released, 0, kind, 0, 0, 0, wait_id, 0, 0,
	  codeptr);
}

static void
on_lock_init (ompt_mutex_t kind, unsigned int hint, unsigned int impl,
	      ompt_wait_id_t wait_id, const void *codeptr)
{
  (void) hint;
  (void) impl;
  record (ompt_callback_lock_init, 0, kind, 0, 0, 0, wait_id, 0, 0, codeptr);
}

static void
on_lock_destroy (ompt_mutex_t kind, ompt_wait_id_t wait_id,
		 const void *codeptr)
{
  record (ompt_callback_lock_destroy, 0, kind, 0, 0, 0, wait_id, 0, 0,
	  codeptr);
}

static void
on_nest_lock (ompt_scope_endpoint_t endpoint, ompt_wait_id_t wait_id,
	      const void *codeptr)
{
  record (ompt_callback_nest_lock, endpoint, 0, 0, 0, 0, wait_id, 0, 0,
	  codeptr);
}

/* The runtime announces the tool interface of OpenMP 5.1: its work and
   dispatch kinds are 5.1's, which a tool built on a 5.1 omp-tools.h
   knows (5.2's loop kinds and chunks are past them).  */
static void
on_work (ompt_work_t kind, ompt_scope_endpoint_t endpoint,
	 ompt_data_t *parallel, ompt_data_t *task, uint64_t count,
	 const void *codeptr)
{
  if (kind < ompt_work_loop || kind > ompt_work_scope)
    FAIL ("work kind %d is not OpenMP 5.1's", (int) kind);
  record (ompt_callback_work, endpoint, kind, 0, val (parallel), val (task),
	  count, 0, 0, codeptr);
}

/* An iteration: its logical number in OTHER; a section: its code
   pointer.  */
static void
on_dispatch (ompt_data_t *parallel, ompt_data_t *task, ompt_dispatch_t kind,
	     ompt_data_t instance)
{
  if (kind != ompt_dispatch_iteration && kind != ompt_dispatch_section)
    FAIL ("dispatch kind %d is not OpenMP 5.1's", (int) kind);
  record (ompt_callback_dispatch, 0, kind, 0, val (parallel), val (task),
	  kind == ompt_dispatch_iteration ? instance.value : 0, 0, 0,
	  kind == ompt_dispatch_section ? instance.ptr : NULL);
}

static void
on_cancel (ompt_data_t *task, int flags, const void *codeptr)
{
  record (ompt_callback_cancel, 0, 0, flags, 0, val (task), 0, 0, 0,
	  codeptr);
}

/* Answers 100 * COMMAND + MODIFIER, which omp_control_tool returns.  */
static int
on_control_tool (uint64_t command, uint64_t modifier, void *arg,
		 const void *codeptr)
{
  record (ompt_callback_control_tool, 0, (int) command, (int) modifier, 0, 0,
	  (uint64_t) (uintptr_t) arg, 0, 0, codeptr);
  return (int) (100 * command + modifier);
}

static void
on_error (ompt_severity_t severity, const char *message, size_t length,
	  const void *codeptr)
{
  (void) message;
  record (ompt_callback_error, 0, severity, 0, 0, 0, length, 0, 0, codeptr);
}

/* Device constructs.  target-emi: the construct's data word in PARALLEL,
   the target task's in OTHER, the device number in INDEX; target: the
   target id in OTHER.  target-submit-emi: the construct's data word in
   PARALLEL, the host operation id in OTHER, the teams requested in
   TEAM_SIZE; target-submit: the target id in PARALLEL.  */
static void
on_target_emi (ompt_target_t kind, ompt_scope_endpoint_t endpoint,
	       int device, ompt_data_t *task, ompt_data_t *target_task,
	       ompt_data_t *target, const void *codeptr)
{
  if (endpoint == ompt_scope_begin)
    {
      if (target->value != 0)
	FAIL ("target-emi-begin: target data not ompt_data_none");
      target->value = new_id ();
    }
  record (ompt_callback_target_emi, endpoint, kind, 0, target->value,
	  val (task), val (target_task), 0, (unsigned int) device, codeptr);
}

static void
on_target (ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device,
	   ompt_data_t *task, ompt_id_t target_id, const void *codeptr)
{
  record (ompt_callback_target, endpoint, kind, 0, 0, val (task), target_id,
	  0, (unsigned int) device, codeptr);
}

static void
on_target_submit_emi (ompt_scope_endpoint_t endpoint, ompt_data_t *target,
		      ompt_id_t *host_op_id, unsigned int num_teams)
{
  record (ompt_callback_target_submit_emi, endpoint, 0, 0, val (target),
	  0, host_op_id ? *host_op_id : 0, num_teams, 0, NULL);
}

static void
on_target_submit (ompt_id_t target_id, ompt_id_t host_op_id,
		  unsigned int num_teams)
{
  record (ompt_callback_target_submit, 0, 0, 0, target_id, 0, host_op_id,
	  num_teams, 0, NULL);
}

static void
on_target_data_op_emi (ompt_scope_endpoint_t endpoint,
		       ompt_data_t *target_task, ompt_data_t *target,
		       ompt_id_t *host_op_id, ompt_target_data_op_t optype,
		       void *src, int src_device, void *dest, int dest_device,
		       size_t bytes, const void *codeptr)
{
  (void) target_task, (void) host_op_id, (void) src, (void) src_device;
  (void) dest, (void) dest_device;
  record (ompt_callback_target_data_op_emi, endpoint, optype, 0,
	  val (target), 0, bytes, 0, 0, codeptr);
}

static void
on_target_data_op (ompt_id_t target_id, ompt_id_t host_op_id,
		   ompt_target_data_op_t optype, void *src, int src_device,
		   void *dest, int dest_device, size_t bytes,
		   const void *codeptr)
{
  (void) host_op_id, (void) src, (void) src_device, (void) dest;
  (void) dest_device;
  record (ompt_callback_target_data_op, 0, optype, 0, target_id, 0, bytes,
	  0, 0, codeptr);
}

static void
on_device_initialize (int device, const char *type, ompt_device_t *dev,
		      ompt_function_lookup_t lookup, const char *doc)
{
  (void) type, (void) dev, (void) lookup, (void) doc;
  record (ompt_callback_device_initialize, 0, 0, 0, 0, 0, 0, 0,
	  (unsigned int) device, NULL);
}

static void
on_device_finalize (int device)
{
  record (ompt_callback_device_finalize, 0, 0, 0, 0, 0, 0, 0,
	  (unsigned int) device, NULL);
}

static void
on_device_load (int device, const char *file, int64_t offset,
		void *vma_in_file, size_t bytes, void *host_addr,
		void *device_addr, uint64_t module_id)
{
  (void) file, (void) offset, (void) vma_in_file, (void) bytes;
  (void) host_addr, (void) device_addr, (void) module_id;
  record (ompt_callback_device_load, 0, 0, 0, 0, 0, 0, 0,
	  (unsigned int) device, NULL);
}

static void
on_device_unload (int device, uint64_t module_id)
{
  (void) module_id;
  record (ompt_callback_device_unload, 0, 0, 0, 0, 0, 0, 0,
	  (unsigned int) device, NULL);
}

/* ---- start-up ----------------------------------------------------------- */

static int
initialize (ompt_function_lookup_t lookup, int device, ompt_data_t *data)
{
  (void) device;
  (void) data;
  ompt_set_callback_t set = (ompt_set_callback_t) lookup ("ompt_set_callback");
  get_task_info = (ompt_get_task_info_t) lookup ("ompt_get_task_info");
  get_parallel_info
    = (ompt_get_parallel_info_t) lookup ("ompt_get_parallel_info");
  get_thread_data = (ompt_get_thread_data_t) lookup ("ompt_get_thread_data");
  get_state = (ompt_get_state_t) lookup ("ompt_get_state");
  get_target_info = (ompt_get_target_info_t) lookup ("ompt_get_target_info");
  if (!set || !get_task_info || !get_parallel_info || !get_thread_data
      || !get_state)
    {
      FAIL ("lookup: an entry point is missing");
      return 0;
    }
  if (lookup ("no_such_entry_point") != NULL)
    FAIL ("lookup: an unknown name found");
#define SET(event, fn)							\
  set_results[ompt_callback_##event]					\
    = set (ompt_callback_##event, (ompt_callback_t) fn)
  SET (thread_begin, on_thread_begin);
  SET (thread_end, on_thread_end);
  SET (parallel_begin, on_parallel_begin);
  SET (parallel_end, on_parallel_end);
  SET (implicit_task, on_implicit_task);
  SET (task_create, on_task_create);
  SET (task_schedule, on_task_schedule);
  SET (dependences, on_dependences);
  SET (task_dependence, on_task_dependence);
  SET (sync_region, on_sync_region);
  SET (sync_region_wait, on_sync_region_wait);
  SET (mutex_acquire, on_mutex_acquire);
  SET (mutex_acquired, on_mutex_acquired);
  SET (mutex_released, on_mutex_released);
  SET (lock_init, on_lock_init);
  SET (lock_destroy, on_lock_destroy);
  SET (nest_lock, on_nest_lock);
  SET (work, on_work);
  SET (dispatch, on_dispatch);
  SET (cancel, on_cancel);
  SET (error, on_error);
  SET (control_tool, on_control_tool);
  SET (target_emi, on_target_emi);
  SET (target, on_target);
  SET (target_submit_emi, on_target_submit_emi);
  SET (target_submit, on_target_submit);
  SET (target_data_op_emi, on_target_data_op_emi);
  SET (target_data_op, on_target_data_op);
  SET (device_initialize, on_device_initialize);
  SET (device_finalize, on_device_finalize);
  SET (device_load, on_device_load);
  SET (device_unload, on_device_unload);
  set_callback = set;
  attached = 1;
  return 1;
}

static void
finalize (ompt_data_t *data)
{
  (void) data;
}

ompt_start_tool_result_t *
ompt_start_tool (unsigned int omp_version, const char *runtime_version)
{
  static ompt_start_tool_result_t result = { initialize, finalize, { 0 } };
  (void) omp_version;
  (void) runtime_version;
  return &result;
}

/* ---- for the program ---------------------------------------------------- */

int tool_attached (void) { return attached; }
int tool_nevents (void) { return nevents; }
int tool_failures (void) { return failures; }
int tool_set_result (int event) { return set_results[event]; }

const struct tool_event *
tool_event (int i)
{
  return &events[i];
}

void
tool_reset (void)
{
  pthread_mutex_lock (&lock);
  nevents = 0;
  pthread_mutex_unlock (&lock);
}

void
tool_control_callback (int on)
{
  set_callback (ompt_callback_control_tool,
		on ? (ompt_callback_t) on_control_tool : NULL);
}

int
tool_count (int event, int endpoint, int kind)
{
  int n = 0;
  /* Under the lock: a thread may count while others record.  */
  pthread_mutex_lock (&lock);
  for (int i = 0; i < nevents; i++)
    if (events[i].event == event
	&& (endpoint < 0 || events[i].endpoint == endpoint)
	&& (kind < 0 || events[i].kind == kind))
      n++;
  pthread_mutex_unlock (&lock);
  return n;
}

int
tool_in_function (const void *codeptr, const char *name)
{
  Dl_info info;
  return codeptr && dladdr (codeptr, &info) && info.dli_sname
    && strcmp (info.dli_sname, name) == 0;
}

int
tool_in_object (const void *codeptr, const void *addr)
{
  Dl_info a, b;
  return codeptr && dladdr (codeptr, &a) && dladdr (addr, &b)
    && a.dli_fbase == b.dli_fbase;
}

uint64_t
tool_task_id (void)
{
  ompt_data_t *d = NULL;
  if (get_task_info (0, NULL, &d, NULL, NULL, NULL) != 2 || d == NULL)
    return 0;
  return d->value;
}

ompt_frame_t *
tool_task_frame (int level)
{
  ompt_frame_t *f = NULL;
  if (get_task_info (level, NULL, NULL, &f, NULL, NULL) != 2)
    return NULL;
  return f;
}

uint64_t
tool_parallel_id (int level, int *team_size)
{
  ompt_data_t *d = NULL;
  if (get_parallel_info (level, &d, team_size) != 2 || d == NULL)
    return 0;
  return d->value;
}

int
tool_target_info (uint64_t *device_num, uint64_t *target_id)
{
  ompt_id_t op = 0;
  if (get_target_info == NULL)
    return -1;
  return get_target_info (device_num, target_id, &op);
}

int
tool_state (ompt_wait_id_t *wait_id)
{
  return get_state (wait_id);
}
