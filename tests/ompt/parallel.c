/* parallel.c -- OMPT events of parallel regions: thread-begin,
   parallel-begin/end, implicit-task begin/end and the region's implicit
   barrier, with the ids, sizes, flags, code pointers and frames the
   program knows.  */
#include "common.h"

/* On LLVM's runtime (strict false) not the checks where 5.1 leaves it a
   choice and LLVM takes another: the invoker of a GCC region (it calls
   the outlined function itself: program), the events of a worker's
   implicit-task-end and implicit barrier (at its next region) and of
   the barrier of a region of one thread (none).  */

static uint64_t ids[8];
static void *exits[8];
static char *locals[8];

/* Global (dladdr finds it), and no tail call to the runtime: the code
   pointers of its region's events are in it.  */
void __attribute__ ((noinline))
region (int n)
{
#pragma omp parallel num_threads(n)
  {
    char here;
    int me = omp_get_thread_num ();
    ids[me] = tool_task_id ();
    ompt_frame_t *f = tool_task_frame (0);
    exits[me] = f ? f->exit_frame.ptr : NULL;
    locals[me] = &here;
  }
  __asm__ volatile ("" ::: "memory");
}

static void
check_region (int n)
{
  char mine;
  tool_reset ();
  region (n);
  check (tool_count (ompt_callback_parallel_begin, -1, -1) == 1,
	 "n=%d: one parallel-begin", n);
  check (tool_count (ompt_callback_parallel_end, -1, -1) == 1,
	 "n=%d: one parallel-end", n);
  check (tool_count (ompt_callback_implicit_task, ompt_scope_begin, -1) == n,
	 "n=%d: %d implicit-task-begin", n, n);
  if (strict)
    {
      check (tool_count (ompt_callback_implicit_task, ompt_scope_end, -1)
	     == n, "n=%d: %d implicit-task-end", n, n);
      check (tool_count (ompt_callback_sync_region, ompt_scope_begin,
			 ompt_sync_region_barrier_implicit_parallel) == n,
	     "n=%d: each thread begins the implicit barrier", n);
      check (tool_count (ompt_callback_sync_region, ompt_scope_end,
			 ompt_sync_region_barrier_implicit_parallel) == n,
	     "n=%d: each thread ends the implicit barrier", n);
    }
  uint64_t pid = 0, encountering = tool_task_id ();
  unsigned int seen = 0;
  for (int i = 0; i < tool_nevents (); i++)
    {
      const struct tool_event *e = tool_event (i);
      if (e->event == ompt_callback_parallel_begin)
	{
	  pid = e->parallel;
	  check (e->team_size == (unsigned int) n,
		 "n=%d: requested parallelism %u", n, e->team_size);
	  check (e->task == encountering,
		 "n=%d: encountering task is the initial task", n);
	  check (tool_in_function (e->codeptr, "region"),
		 "n=%d: parallel-begin codeptr_ra in region()", n);
	  check ((e->flags & ompt_parallel_team)
		 && (e->flags & (strict ? ompt_parallel_invoker_runtime
				 : ompt_parallel_invoker_program
				 | ompt_parallel_invoker_runtime)),
		 "n=%d: flags team|invoker_runtime (%#x)", n, e->flags);
	  /* The enter frame: the runtime's entry point's CFA, below the
	     caller's locals, above region's.  */
	  check ((char *) (uintptr_t) e->other < &mine,
		 "n=%d: enter frame below the caller's frame", n);
	}
      else if (e->event == ompt_callback_implicit_task
	       && e->endpoint == ompt_scope_begin)
	{
	  check (e->parallel == pid && pid != 0,
		 "n=%d: implicit task %u in the region", n, e->index);
	  check (e->team_size == (unsigned int) n, "n=%d: team size %u", n,
		 e->team_size);
	  check (ids[e->index] == e->task,
		 "n=%d: thread %u's task id as ompt_get_task_info says", n,
		 e->index);
	  seen |= 1u << e->index;
	}
      else if (e->event == ompt_callback_parallel_end)
	{
	  check (e->parallel == pid, "n=%d: parallel-end of the region", n);
	  check (e->task == encountering,
		 "n=%d: parallel-end in the encountering task", n);
	  check (tool_in_function (e->codeptr, "region"),
		 "n=%d: parallel-end codeptr_ra in region()", n);
	}
    }
  check (seen == (1u << n) - 1, "n=%d: every thread number once", n);
  if (n == 2)
    check (tool_count (ompt_callback_thread_begin, -1, ompt_thread_worker)
	   >= 1, "n=2: thread-begin of a worker");
  for (int i = 0; i < n; i++)
    check (exits[i] != NULL && (char *) exits[i] > locals[i],
	   "n=%d: thread %d's exit frame above its task's code", n, i);
}

static void
check_nested (void)
{
  tool_reset ();
  uint64_t outer_task = 0, inner_parent = 0;
  int level1 = 0, size1 = 0;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num () == 0)
      {
	outer_task = tool_task_id ();
#pragma omp parallel num_threads(2)
	if (omp_get_thread_num () == 0)
	  {
	    ompt_frame_t *f = tool_task_frame (1);
	    inner_parent = f ? tool_parallel_id (1, &size1) : 0;
	    level1 = f != NULL;
	  }
      }
  }
  int begins = 0;
  for (int i = 0; i < tool_nevents (); i++)
    {
      const struct tool_event *e = tool_event (i);
      if (e->event == ompt_callback_parallel_begin && begins++ == 1)
	check (e->task == outer_task,
	       "nested: the inner region's encountering task is the outer "
	       "implicit task");
    }
  check (begins == 2 || !omp_get_max_active_levels (),
	 "nested: two parallel-begin (%d)", begins);
  check (level1 && inner_parent != 0 && size1 == 2,
	 "nested: ompt_get_parallel_info (1) is the outer region");
}

int
main (int argc, char **argv)
{
  (void) argc;
  ompt_test_init (argv);
  check (tool_set_result (ompt_callback_parallel_begin) == ompt_set_always,
	 "set_callback (parallel_begin): ompt_set_always");
  check (tool_parallel_id (0, NULL) != 0,
	 "the initial task's implicit region has an id");
  check (tool_state (NULL) == ompt_state_work_serial,
	 "state outside regions: work_serial");
  for (int n = 1; n <= 4; n++)
    check_region (n);
  check_nested ();
  check (tool_failures () == 0, "the tool's own checks");
  return 0;
}
