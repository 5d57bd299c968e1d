/* single.c -- the single construct, with and without copyprivate.

   Plain single needs no work share: each thread counts the singles it
   meets (ts.single_seq) and the first thread to advance the team's count
   from that value by compare-and-swap executes the block.  The others
   fail the CAS and skip.  */

#include "config.h"
#include "internal.h"
#include "tool.h"
#include "tool-mode.h"

/* The thread's next single construct is its own if it is the first to
   advance TEAM's count from the thread's count of singles met.  */
static inline bool
single_claim (struct gomp_thread *thr, struct gomp_team *team)
{
  unsigned long seq = thr->ts.single_seq++;
  unsigned long expected = seq;
  return atomic_compare_exchange_strong_explicit (&team->single_claimed,
						  &expected, seq + 1,
						  memory_order_relaxed,
						  memory_order_relaxed);
}

/* With a tool: single-executor's begin or single-other's.  Out of line,
   so that without one the construct takes its path on one test of the
   thread's mode (tool-mode.h).  */
static bool __attribute__ ((noinline, cold))
single_start_tool (struct gomp_thread *thr, const void *ra)
{
  bool mine = GOMP_MODE_IS_ALONE (thr)
    || single_claim (thr, thr->ts.team);
  if (mine)
    gomp_tool_single_begin ();
  else
    gomp_tool_single_other (thr, ra);
  return mine;
}

EXPORT bool
GOMP_single_start (void)
{
  struct gomp_thread *thr = gomp_thread ();
  GOMP_MODE_SWITCH (thr, alone, tool);
  return single_claim (thr, thr->ts.team);
 alone:
  return true;
 tool:
  return single_start_tool (thr, GOMP_TOOL_RA ());
}

/* single copyprivate: the thread that runs the block returns NULL here,
   then publishes the address of its copies with GOMP_single_copy_end.
   The others wait at the barrier inside copy_end and get that address.  */
EXPORT void *
GOMP_single_copy_start (void)
{
  struct gomp_thread *thr = gomp_thread ();
  void *cfa = GOMP_CFA ();
  bool first = gomp_ws_enter (thr, cfa);
  if (first)
    {
      struct gomp_work_share *ws = thr->ts.ws;
      struct gomp_team *team = thr->ts.team;
      if (team == NULL || team->nthreads == 1)
	{
	  /* Alone: a work share nobody else reads, maybe on the stack
	     (parallel.c) and never written before; no value to compare
	     with (iter.c).  */
	  ws->kind = WS_SINGLE;
	  ws->copyprivate = NULL;
	}
      else
	{
	  /* Only if changed: the line stays in the readers' caches
	     (iter.c).  */
	  GOMP_SET_IF_CHANGED (ws->kind, WS_SINGLE);
	  GOMP_SET_IF_CHANGED (ws->copyprivate, NULL);
	}
      gomp_ws_publish (thr);
      GOMP_TOOL_EVENT (single_begin);
      GOMP_TOOL_EVENT (work_begin, thr, ws, ompt_work_single_executor, 1, cfa);
      return NULL;
    }
  GOMP_TOOL_EVENT (work_begin, thr, thr->ts.ws, ompt_work_single_other, 1, cfa);
  gomp_team_barrier (thr, ompt_state_wait_barrier_implementation, cfa);
  void *data = thr->ts.ws->copyprivate;
  gomp_ws_leave (thr);
  return data;
}

EXPORT void
GOMP_single_copy_end (void *data)
{
  struct gomp_thread *thr = gomp_thread ();
  thr->ts.ws->copyprivate = data;
  gomp_team_barrier (thr, ompt_state_wait_barrier_implementation, GOMP_CFA ());
  gomp_ws_leave (thr);
}
