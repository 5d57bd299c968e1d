/* tool.h -- the OMPT test tool (tool.c), linked into each test program
   of tests/ompt/: the runtime finds its ompt_start_tool in the address
   space.  It registers every callback, records every event with the
   ids it gave the thread, region and task (their ompt_data_t values),
   checks what each event alone can be checked for, and lets the program
   check the sequence against what it knows.  */

#ifndef OMPDBG_TESTS_OMPT_TOOL_H
#define OMPDBG_TESTS_OMPT_TOOL_H 1

#include "libompd/omp-tools.h"

struct tool_event
{
  int event;			/* ompt_callbacks_t */
  int endpoint;			/* ompt_scope_endpoint_t, or 0 */
  int kind;			/* sync region, mutex or work kind; status */
  int flags;
  int thread;			/* the thread's id (thread_begin order) */
  uint64_t parallel;		/* region id, 0 none */
  uint64_t task;		/* task id (prior task for task_schedule) */
  uint64_t other;		/* new/next task, wait id, count */
  unsigned int team_size, index;
  const void *codeptr;
};

/* The tool was started and initialized.  */
int tool_attached (void);
/* Events so far; TOOL_RESET forgets them.  */
int tool_nevents (void);
const struct tool_event *tool_event (int i);
void tool_reset (void);
/* Events of EVENT with ENDPOINT and KIND (-1: any), so far: any thread
   may ask while others record.  */
int tool_count (int event, int endpoint, int kind);
/* Checks the tool made that failed (each reported on stderr).  */
int tool_failures (void);
/* Whether CODEPTR is in function NAME (dladdr: -rdynamic).  */
int tool_in_function (const void *codeptr, const char *name);
/* Whether CODEPTR is in the object that holds ADDR (the program).  */
int tool_in_object (const void *codeptr, const void *addr);
/* The calling thread's current task id and its ompt_frame_t.  */
uint64_t tool_task_id (void);
ompt_frame_t *tool_task_frame (int level);
uint64_t tool_parallel_id (int level, int *team_size);
int tool_state (ompt_wait_id_t *wait_id);
/* ompt_get_target_info's answer, and the device and target id it
   gives; -1 without the entry point.  */
int tool_target_info (uint64_t *device_num, uint64_t *target_id);
/* Register the control-tool callback (ON), or none.  */
void tool_control_callback (int on);
/* What ompt_set_callback answered for EVENT.  */
int tool_set_result (int event);

#endif
