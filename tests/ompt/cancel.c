/* cancel.c -- OMPT cancel events (run with OMP_CANCELLATION=true, as
   events.sh does): cancel parallel activated by one thread and detected
   by the others at a cancellation point; cancel taskgroup, whose tasks
   waiting for the cancelling one are discarded.  */
#include "common.h"

#define NTHR 3

static int go, passed;

void __attribute__ ((noinline))
cancel_parallel (void)
{
#pragma omp parallel num_threads(NTHR)
  {
    /* Code after each, which it skips: no tail call to the runtime,
       whose return address would be the runtime's.  */
    if (omp_get_thread_num () == 0)
      {
#pragma omp cancel parallel
      }
    else
      {
	while (!__atomic_load_n (&go, __ATOMIC_ACQUIRE))
	  ;
#pragma omp cancellation point parallel
      }
    __atomic_add_fetch (&passed, 1, __ATOMIC_RELAXED);
  }
  __asm__ volatile ("" ::: "memory");
}

static int a, ran;
#define NB 20

void __attribute__ ((noinline))
cancel_taskgroup (void)
{
#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp taskgroup
  {
#pragma omp task depend(out: a)
    {
#pragma omp cancel taskgroup
    }
    for (int i = 0; i < NB; i++)
      {
#pragma omp task depend(in: a)
	__atomic_add_fetch (&ran, 1, __ATOMIC_RELAXED);
      }
  }
  __asm__ volatile ("" ::: "memory");
}

static int
count_cancel (int flags)
{
  int n = 0;
  for (int i = 0; i < tool_nevents (); i++)
    if (tool_event (i)->event == ompt_callback_cancel
	&& tool_event (i)->flags == flags)
      n++;
  return n;
}

int
main (int argc, char **argv)
{
  (void) argc;
  ompt_test_init (argv);
  if (!check (omp_get_cancellation (), "cancellation is enabled"))
    return 1;
  if (strict)
    check (tool_set_result (ompt_callback_cancel) == ompt_set_always,
	   "cancel: ompt_set_always");

  tool_reset ();
  __atomic_store_n (&go, 0, __ATOMIC_RELEASE);
  /* Thread 0 of the region leaves at its cancel: a watcher outside the
     region lets the others go once the cancel is recorded.  */
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num () == 0)
      cancel_parallel ();
    else
      {
	while (count_cancel (ompt_cancel_activated | ompt_cancel_parallel)
	       == 0)
	  ;
	__atomic_store_n (&go, 1, __ATOMIC_RELEASE);
      }
  }
  check (passed == 0, "no thread passes the cancellation point (%d)",
	 passed);
  int act = count_cancel (ompt_cancel_activated | ompt_cancel_parallel);
  int det = count_cancel (ompt_cancel_detected | ompt_cancel_parallel);
  check (act == 1, "cancel parallel: activated once (%d)", act);
  check (det == NTHR - 1, "cancel parallel: detected by %d threads (want %d)",
	 det, NTHR - 1);
  /* LLVM's runtime gives the code pointer of its own call.  */
  for (int i = 0; strict && i < tool_nevents (); i++)
    if (tool_event (i)->event == ompt_callback_cancel)
      check (tool_in_object (tool_event (i)->codeptr,
			     (void *) cancel_parallel),
	     "cancel parallel: codeptr_ra %p (flags %#x) in the program",
	     tool_event (i)->codeptr, tool_event (i)->flags);

  tool_reset ();
  cancel_taskgroup ();
  int disc = count_cancel (ompt_cancel_discarded_task
			   | ompt_cancel_taskgroup);
  /* Tasks met once the group is cancelled are not created at all; each
     one created behind the cancelling task is discarded.  */
  int created = tool_count (ompt_callback_task_create, 0, 1) - 1;
  check (count_cancel (ompt_cancel_activated | ompt_cancel_taskgroup) == 1,
	 "cancel taskgroup: activated once");
  check (ran == 0, "cancel taskgroup: no waiting task ran (%d)", ran);
  if (strict)
    check (created >= 0 && created <= NB && disc == created,
	   "cancel taskgroup: %d tasks discarded (want the %d created)",
	   disc, created);
  check (tool_failures () == 0, "the tool's own checks");
  return 0;
}
