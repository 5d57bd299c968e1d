/* ompt.h -- what the ompt-*.c files share: the OMPT callbacks a tool
   registered and the state of the interface.  The rest of the runtime
   sees only tool.h.  */

#ifndef OMPDBG_RUNTIME_OMPT_H
#define OMPDBG_RUNTIME_OMPT_H 1

#include "tool.h"

/* The callbacks registered, one member per event of omp-tools.h's list,
   named for the event without its prefix and typed as it is:
   gomp_ompt_cb.parallel_begin.  NULL: not registered.  */
#define GOMP_OMPT_CB_MEMBER(name, type, code) type name##_cb;
struct gomp_ompt_callbacks
{
  FOREACH_OMPT_CALLBACK (GOMP_OMPT_CB_MEMBER)
};
#undef GOMP_OMPT_CB_MEMBER
extern HIDDEN struct gomp_ompt_callbacks gomp_ompt_cb;

/* The callback for EVENT (without the ompt_callback_ prefix) if a tool
   registered one, else NULL.  */
#define GOMP_OMPT_CB(event) (gomp_ompt_cb.ompt_callback_##event##_cb)

/* ompt-entry.c: the lookup function handed to the tool's initializer,
   and the registration of callback EVENT (an ompt_callbacks_t).  */
HIDDEN ompt_interface_fn_t gomp_ompt_lookup (const char *name);
HIDDEN void gomp_ompt_clear_callbacks (void);

/* The calling thread's tool data words; the implicit parallel region of
   an initial task has its own in the thread (tool_parallel_data).  */
static inline ompt_data_t *
gomp_ompt_data (uint64_t *word)
{
  return (ompt_data_t *) word;
}

/* An ompt_frame_t view of TASK's frames (struct gomp_frame, kept for
   debuggers), in *OUT.  */
HIDDEN void gomp_ompt_frame (const struct gomp_task *task, ompt_frame_t *out);

/* ompt-events.c: the initial task's implicit-task events.  */
HIDDEN void gomp_ompt_initial_task (struct gomp_thread *thr,
				    ompt_scope_endpoint_t endpoint);

/* ompt-events.c: the dependences event of the task whose data is
   TASK_DATA, for GCC's depend array DEPEND.  */
HIDDEN void gomp_ompt_depend_array (ompt_data_t *task_data, void **depend);

/* ompt-entry.c: ompt_get_unique_id.  */
HIDDEN uint64_t gomp_ompt_unique_id (void);

/* ompt-target.c: ompt_get_target_info.  */
HIDDEN int gomp_ompt_target_info (uint64_t *device_num, ompt_id_t *target_id,
				  ompt_id_t *host_op_id);

/* ompt-chunks.c: the taskloop chunk of a task: recorded at its
   task-create, reported by the task when it starts, forgotten if it is
   discarded.  */
HIDDEN void gomp_ompt_chunk_created (const struct gomp_task *task);
HIDDEN void gomp_ompt_chunk_started (struct gomp_thread *thr,
				     struct gomp_task *task);
HIDDEN void gomp_ompt_chunk_discarded (const struct gomp_task *task);

/* ompt-init.c: the tool's finalizer, once (ompt_finalize_tool, exit).  */
HIDDEN void gomp_ompt_finalize (void);

#endif /* OMPDBG_RUNTIME_OMPT_H */
