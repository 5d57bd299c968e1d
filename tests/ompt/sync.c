/* sync.c -- OMPT sync-region events: explicit barrier, the implicit
   barrier of a work-sharing construct, taskwait and taskgroup, each
   begin before its end, on every thread, in the task it waits in.  */
#include "common.h"

void __attribute__ ((noinline))
waits (void)
{
#pragma omp parallel num_threads(3)
  {
#pragma omp barrier
#pragma omp for schedule(dynamic)
    for (int i = 0; i < 30; i++)
      ;
#pragma omp taskwait
#pragma omp taskgroup
    {
#pragma omp task
      ;
    }
  }
  __asm__ volatile ("" ::: "memory");
}

static void
pairs (int kind, const char *what, int want)
{
  int b = tool_count (ompt_callback_sync_region, ompt_scope_begin, kind);
  int e = tool_count (ompt_callback_sync_region, ompt_scope_end, kind);
  check (b == want && e == want, "%s: %d begin, %d end (want %d)", what, b,
	 e, want);
  for (int i = 0; i < tool_nevents (); i++)
    {
      const struct tool_event *ev = tool_event (i);
      if (ev->event != ompt_callback_sync_region || ev->kind != kind
	  || ev->endpoint != ompt_scope_begin)
	continue;
      int j;
      for (j = i + 1; j < tool_nevents (); j++)
	{
	  const struct tool_event *en = tool_event (j);
	  if (en->event == ompt_callback_sync_region && en->kind == ev->kind
	      && en->thread == ev->thread && en->endpoint == ompt_scope_end)
	    break;
	}
      if (!check (j < tool_nevents ()
		  && tool_event (j)->task == ev->task,
		  "%s: thread %d's end in the same task", what, ev->thread))
	break;
      if (kind == ompt_sync_region_barrier_explicit
	  || kind == ompt_sync_region_taskwait)
	check (tool_in_object (ev->codeptr, (void *) waits),
	       "%s: codeptr_ra in the program", what);
    }
}

int
main (int argc, char **argv)
{
  (void) argc;
  ompt_test_init (argv);
  tool_reset ();
  waits ();
  /* LLVM's runtime reports GCC's barriers with the kinds 5.1 deprecates
     (its own implicit barrier of the region among them): checked on
     ours only.  */
  if (strict)
    {
      pairs (ompt_sync_region_barrier_explicit, "barrier", 3);
      pairs (ompt_sync_region_barrier_implicit_workshare, "end of for", 3);
    }
  pairs (ompt_sync_region_taskwait, "taskwait", 3);
  pairs (ompt_sync_region_taskgroup, "taskgroup", 3);
  if (strict)
    check (tool_count (ompt_callback_sync_region_wait, ompt_scope_begin,
		       ompt_sync_region_barrier_explicit) == 3,
	   "barrier: sync-region-wait on each thread");
  check (tool_failures () == 0, "the tool's own checks");
  return 0;
}
