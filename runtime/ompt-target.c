/* ompt-target.c -- the OMPT events of target constructs, which this
   runtime runs on the host (target.c): the slow paths of tool.h's
   target event points and the answer of ompt_get_target_info.

   What a host fallback reports (OpenMP 5.1 §2.14, §4.5.2):
   - every target construct is a device construct of the initial device
     (device_num omp_get_initial_device ()): target-begin and target-end
     (ompt_callback_target_emi, ompt_callback_target) around it, of kind
     ompt_target, _enter_data, _exit_data, _update or their nowait forms;
     a target data region is an enter-data at its start and an exit-data
     at its end;
   - the target task that target, target enter/exit data and target
     update generate: task-create (ompt_task_target, undeferred without
     nowait; its depend clauses as dependences), a switch to it before
     target-begin, its completion after target-end.  The runtime has no
     task structure for it (the encountering thread runs it at once):
     its data word is kept here;
   - a target region's initial task: target-submit-begin and -end
     around it, whose initiation on the host is its execution, and the
     initial task's implicit-task-begin and -end (ompt_task_initial,
     index 1, parallelism 1) in an implicit parallel region of its own;
   - no data operation: the host's memory is the initial device's, and
     a host fallback allocates, copies and frees nothing (the
     firstprivate copies are the target task's, as a task's are), so
     target-data-op never occurs, nor do device-initialize, -finalize,
     -load and -unload: no device other than the host is ever used.  */

#include "config.h"
#include "ompt.h"

#include <omp.h>

/* The target constructs the thread is in, innermost last: a target
   region's code may encounter a target data construct.  */
#define TARGET_DEPTH 8
struct target_begun
{
  ompt_data_t target_data;
  ompt_data_t target_task_data;
  ompt_id_t target_id;
  ompt_id_t host_op_id;
  const void *ra;
  ompt_target_t kind;
  bool has_task;
  /* The region's initial task: the encountering thread's implicit
     region's data word, kept meanwhile.  */
  uint64_t saved_parallel;
};

static __thread struct target_begun target_stack[TARGET_DEPTH];
static __thread unsigned int target_depth;

static struct target_begun *
innermost (void)
{
  if (target_depth == 0 || target_depth > TARGET_DEPTH)
    return NULL;
  return &target_stack[target_depth - 1];
}

static void
target_event (struct target_begun *t, ompt_scope_endpoint_t endpoint,
	      ompt_data_t *task_data)
{
  int device = omp_get_initial_device ();
  if (GOMP_OMPT_CB (target_emi))
    GOMP_OMPT_CB (target_emi) (t->kind, endpoint, device, task_data,
			       t->has_task ? &t->target_task_data : NULL,
			       &t->target_data, t->ra);
  if (GOMP_OMPT_CB (target))
    GOMP_OMPT_CB (target) (t->kind, endpoint, device, task_data,
			   t->target_id, t->ra);
}

void
gomp_tool_target_begin (ompt_target_t kind, bool has_task, void **depend,
			void *cfa)
{
  struct gomp_thread *thr = gomp_thread ();
  struct gomp_task *parent = thr->task;
  struct target_begun dummy, *t = &dummy;
  if (target_depth < TARGET_DEPTH)
    t = &target_stack[target_depth];
  target_depth++;
  *t = (struct target_begun) { .target_id = gomp_ompt_unique_id (),
			       .ra = gomp_tool_ra_of_cfa (cfa),
			       .kind = kind, .has_task = has_task };
  ompt_data_t *task_data = gomp_ompt_data (&parent->tool_data);
  if (has_task)
    {
      if (GOMP_OMPT_CB (task_create))
	{
	  ompt_frame_t frame;
	  gomp_ompt_frame (parent, &frame);
	  if (frame.enter_frame.ptr == NULL && cfa != NULL)
	    {
	      frame.enter_frame.ptr = cfa;
	      frame.enter_frame_flags = GOMP_FRAME_FLAGS;
	    }
	  int flags = ompt_task_target;
	  if (!(kind & 8))	/* not one of the nowait kinds */
	    flags |= ompt_task_undeferred;
	  GOMP_OMPT_CB (task_create) (task_data, &frame, &t->target_task_data,
				      flags, depend != NULL, t->ra);
	}
      if (depend != NULL)
	gomp_ompt_depend_array (&t->target_task_data, depend);
      if (GOMP_OMPT_CB (task_schedule))
	GOMP_OMPT_CB (task_schedule) (task_data, ompt_task_switch,
				      &t->target_task_data);
    }
  target_event (t, ompt_scope_begin, task_data);
}

void
gomp_tool_target_end (void)
{
  struct gomp_thread *thr = gomp_thread ();
  struct target_begun *t = innermost ();
  /* None begun: the tool attached inside the construct.  */
  if (target_depth == 0)
    return;
  target_depth--;
  if (t == NULL)
    return;
  ompt_data_t *task_data = gomp_ompt_data (&thr->task->tool_data);
  target_event (t, ompt_scope_end, task_data);
  if (t->has_task && GOMP_OMPT_CB (task_schedule))
    GOMP_OMPT_CB (task_schedule) (&t->target_task_data, ompt_task_complete,
				  task_data);
}

/* The target region's initial task, THR's current task, begins
   (its region is THR's implicit one: no team) and ends.  */
void
gomp_tool_target_region_begin (struct gomp_thread *thr,
			       unsigned int num_teams)
{
  struct target_begun *t = innermost ();
  if (t == NULL)
    return;
  t->host_op_id = gomp_ompt_unique_id ();
  if (GOMP_OMPT_CB (target_submit_emi))
    GOMP_OMPT_CB (target_submit_emi) (ompt_scope_begin, &t->target_data,
				      &t->host_op_id, num_teams);
  if (GOMP_OMPT_CB (target_submit))
    GOMP_OMPT_CB (target_submit) (t->target_id, t->host_op_id, num_teams);
  t->saved_parallel = thr->tool_parallel_data;
  thr->tool_parallel_data = 0;
  if (GOMP_OMPT_CB (implicit_task))
    GOMP_OMPT_CB (implicit_task)
      (ompt_scope_begin, gomp_ompt_data (&thr->tool_parallel_data),
       gomp_ompt_data (&thr->task->tool_data), 1, 1, ompt_task_initial);
}

void
gomp_tool_target_region_end (struct gomp_thread *thr)
{
  struct target_begun *t = innermost ();
  if (t == NULL)
    return;
  if (GOMP_OMPT_CB (implicit_task))
    GOMP_OMPT_CB (implicit_task)
      (ompt_scope_end, NULL, gomp_ompt_data (&thr->task->tool_data), 0, 1,
       ompt_task_initial);
  thr->tool_parallel_data = t->saved_parallel;
  if (GOMP_OMPT_CB (target_submit_emi))
    GOMP_OMPT_CB (target_submit_emi) (ompt_scope_end, &t->target_data,
				      &t->host_op_id, 0);
  t->host_op_id = 0;
}

/* In a target construct: the initial device, the construct's id and the
   operation in progress (the region's submission), if any.  */
int
gomp_ompt_target_info (uint64_t *device_num, ompt_id_t *target_id,
		       ompt_id_t *host_op_id)
{
  struct target_begun *t = innermost ();
  if (t == NULL)
    return 0;
  if (device_num)
    *device_num = (uint64_t) omp_get_initial_device ();
  if (target_id)
    *target_id = t->target_id;
  if (host_op_id)
    *host_op_id = t->host_op_id;
  return 1;
}
