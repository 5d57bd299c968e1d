/* barrier.c -- the team barrier: GOMP_barrier and the implicit barriers
   at the end of worksharing constructs, and their cancellable form.

   One 32-bit word per team holds the arrival count and a generation
   number (see struct gomp_barrier).  Arriving is one atomic add; the
   last thread to arrive stores the next generation with the count at
   zero.  Waiters spin reading the same word, which stays in their cache
   until that store: on 2 threads a barrier costs the add's cache-line
   transfer plus the store's.  Waiters that spun out sleep with the
   team's idle threads (idle.c, so that new tasks can wake them too);
   opening the barrier makes a system call only when one sleeps there.  When tasks are pending the
   barrier opens only once they have all completed, and the waiting
   threads execute them meanwhile.  A
   centralised barrier is the fastest kind for the team sizes of a
   2-to-64-core node; its cost grows with contention on the one word,
   which a tree barrier would trade for more transfers per thread.

   At any team size the critical path from the last arrival to the
   release is O(1): the last arriver's compare-and-swap, then one
   futex_wake for all the idle sleepers (idle.c) if any sleep.  The
   waiters cost O(1) each per event: a look reads this word, the pending
   count and the team's map of queued work (task-sched.c), never every
   member's queue, and with more threads than CPUs they spin only their
   share of the throttled count before sleeping (wait.c).  The arrivals
   serialise on the word's line, which costs nothing extra where threads
   outnumber cores and is what a two-level barrier would remove at
   hundreds of cores (docs/runtime.md, "At 64-256 cores").  */

#include "config.h"
#include "internal.h"
#include "tool.h"
#include "tool-mode.h"

void
gomp_barrier_init (struct gomp_barrier *b, unsigned int n)
{
  unsigned int w = atomic_load_explicit (&b->word, memory_order_relaxed);
  atomic_store_explicit (&b->word, w & BAR_GEN_MASK, memory_order_relaxed);
  b->total = n;
}

/* A cancelled worksharing construct (cancel.c) ends at the first barrier
   after it, whatever its kind: GCC closes a cancelled loop with the plain
   GOMP_loop_end unless the region itself may be cancelled.  The thread
   that opens the barrier clears the mark while every thread is still
   here; one well-predicted branch on a line the barrier holds anyway.  */
static inline void
ws_cancel_done (struct gomp_team *team)
{
  if (unlikely (atomic_load_explicit (&team->ws_cancelled,
				      memory_order_relaxed)))
    atomic_store_explicit (&team->ws_cancelled, false, memory_order_relaxed);
}

struct barrier_wait
{
  struct gomp_team *team;
  unsigned int gen;
  bool cancellable;		/* GOMP_barrier_cancel and friends */
  bool cancelled;		/* out: left because the region was cancelled */
};

/* Has the barrier opened?  When every thread has arrived and no task is
   left, whoever notices first opens it.  A cancellable barrier also lets
   its waiters go when the region is cancelled (cancel.c): the thread that
   cancelled never arrives.  */
static bool
barrier_open (void *arg)
{
  struct barrier_wait *w = arg;
  struct gomp_barrier *b = &w->team->barrier;
  unsigned int v = atomic_load_explicit (&b->word, memory_order_acquire);
  if ((v & BAR_GEN_MASK) != w->gen)
    return true;
  if (w->cancellable
      && atomic_load_explicit (&w->team->cancelled, memory_order_acquire))
    {
      w->cancelled = true;
      return true;
    }
  if ((v & BAR_COUNT_MASK) != b->total * BAR_ARRIVE)
    return false;
  /* Everybody is here: the tasks this thread completed must count as
     done for the barrier to open (task.c).  */
  gomp_task_pending_flush (gomp_tls);
  if (atomic_load_explicit (&b->task_pending, memory_order_acquire) == 0)
    {
      ws_cancel_done (w->team);
      if (atomic_compare_exchange_strong_explicit (&b->word, &v,
						   w->gen + BAR_GEN,
						   memory_order_seq_cst,
						   memory_order_relaxed))
	{
	  gomp_task_event (w->team);
	  return true;
	}
    }
  return false;
}

/* The barrier alone (no team, or a team of one): only a task scheduling
   point.  TOOL, here and below: the copy with the tool's events, whose
   wait for tasks has its wait events too (task-sched.c).  */
static ALWAYS_INLINE void
barrier_alone (struct gomp_thread *thr, unsigned int state, void *cfa,
	       bool tool)
{
  struct gomp_team *team = thr->ts.team;
  (tool ? gomp_task_drain : gomp_task_drain_quiet) (thr, state, cfa);
  if (team)
    ws_cancel_done (team);
}

/* Wait at the barrier of TEAM, the calling thread's, of more than one
   thread; STATE says which kind of barrier this is, for debuggers, CFA
   the entry point's frame.  Waiting threads run the team's tasks: the
   barrier opens when all threads have arrived and every task has
   completed.  The tool's events are around it, in team_barrier_tool.  */
static ALWAYS_INLINE void
barrier_multi (struct gomp_thread *thr, struct gomp_team *team,
	       unsigned int state, void *cfa, bool tool)
{
  struct gomp_barrier *b = &team->barrier;
  /* The tasks this thread completed count as done before it arrives, so
     that the last to arrive sees them (task.c).  */
  gomp_task_pending_flush (thr);
  unsigned int old = atomic_fetch_add_explicit (&b->word, BAR_ARRIVE,
						memory_order_acq_rel);
  struct barrier_wait w = { team, old & BAR_GEN_MASK, false, false };
  if ((old & BAR_COUNT_MASK) + BAR_ARRIVE == b->total * BAR_ARRIVE
      && atomic_load_explicit (&b->task_pending, memory_order_acquire) == 0)
    {
      /* Last to arrive, no tasks: next generation, count back to zero.
	 Release ordering publishes every arriver's writes (they were
	 acq_rel adds to this word) to the waiters that acquire the new
	 generation.  A compare-and-swap, not a store: a waiter that saw
	 the count complete may have opened the barrier already and even
	 arrived at the next one, whose count a store would erase.  */
      ws_cancel_done (team);
      unsigned int full = old + BAR_ARRIVE;
      if (atomic_compare_exchange_strong_explicit (&b->word, &full,
						   w.gen + BAR_GEN,
						   memory_order_seq_cst,
						   memory_order_relaxed))
	gomp_task_event (team);
      return;
    }
  (tool ? gomp_task_wait_until : gomp_task_wait_quiet)
    (thr, barrier_open, &w, NULL, state, cfa);
}

/* Every thread arrives only after leaving the worksharing constructs it
   met before, and this one goes on only once all have: from here on they
   are done for gomp_ws_enter.  But for the one it is in, if any: single
   copyprivate's barrier is inside its construct (single.c), and the
   threads leave it after the barrier.  */
static ALWAYS_INLINE void
barrier_ws_done (struct gomp_thread *thr)
{
  thr->ts.ws_barrier_seq = thr->ts.ws_seq - (thr->ts.ws != NULL);
}

/* The barrier with the tool's sync-region events around it: out of line,
   so that without a tool the barrier keeps its registers for itself.  */
static void __attribute__ ((noinline, cold))
team_barrier_tool (struct gomp_thread *thr, unsigned int state, void *cfa)
{
  gomp_tool_sync_begin (thr, state, gomp_tool_ra_of_cfa (cfa));
  barrier_ws_done (thr);
  if (GOMP_MODE_IS_ALONE (thr))
    barrier_alone (thr, state, cfa, true);
  else
    barrier_multi (thr, thr->ts.team, state, cfa, true);
  gomp_tool_sync_end (thr);
}

/* One compare of the thread's mode (tool-mode.h) picks the path: alone,
   in a team of more, or with a tool.  */
void
gomp_team_barrier (struct gomp_thread *thr, unsigned int state, void *cfa)
{
  GOMP_MODE_SWITCH (thr, alone, tool);
  barrier_ws_done (thr);
  barrier_multi (thr, thr->ts.team, state, cfa, false);
  return;
 alone:
  barrier_ws_done (thr);
  barrier_alone (thr, state, cfa, false);
  return;
 tool:
  team_barrier_tool (thr, state, cfa);
}

/* The barrier without the tool's events, whose caller has found the
   thread alone (gomp_ws_end_barrier) ...  */
void
gomp_team_barrier_alone (struct gomp_thread *thr, unsigned int state,
			 void *cfa)
{
  barrier_ws_done (thr);
  barrier_alone (thr, state, cfa, false);
}

/* ... or in a team of more.  */
void
gomp_team_barrier_multi (struct gomp_thread *thr, unsigned int state,
			 void *cfa)
{
  barrier_ws_done (thr);
  barrier_multi (thr, thr->ts.team, state, cfa, false);
}

/* A cancellable barrier (GOMP_barrier_cancel, GOMP_loop_end_cancel,
   GOMP_sections_end_cancel) with cancel-var true: returns true if the
   region was cancelled, the caller then goes to the end of the region.
   Once the region is cancelled nobody arrives any more, so the count
   stays short and the waiters leave without it; gomp_cancel_team_end
   resets the count for the next region.  With cancel-var false it is the
   plain barrier.  */
bool
gomp_team_barrier_cancel (struct gomp_thread *thr, unsigned int state,
			  void *cfa)
{
  struct gomp_team *team = thr->ts.team;
  if (!gomp_global_icv.cancel_var || team == NULL)
    {
      gomp_team_barrier (thr, state, cfa);
      return false;
    }
  GOMP_TOOL_EVENT (sync_begin, thr, state, gomp_tool_ra_of_cfa (cfa));
  if (team->nthreads == 1)
    {
      gomp_task_drain (thr, state, cfa);
      ws_cancel_done (team);
      GOMP_TOOL_EVENT (sync_end, thr);
      return atomic_load_explicit (&team->cancelled, memory_order_acquire);
    }
  if (atomic_load_explicit (&team->cancelled, memory_order_acquire))
    {
      GOMP_TOOL_EVENT (sync_end, thr);
      return true;
    }
  struct gomp_barrier *b = &team->barrier;
  /* The tasks this thread completed count as done before it arrives, so
     that the last to arrive sees them (task.c).  */
  gomp_task_pending_flush (thr);
  unsigned int old = atomic_fetch_add_explicit (&b->word, BAR_ARRIVE,
						memory_order_acq_rel);
  struct barrier_wait w = { team, old & BAR_GEN_MASK, true, false };
  if ((old & BAR_COUNT_MASK) + BAR_ARRIVE == b->total * BAR_ARRIVE
      && atomic_load_explicit (&b->task_pending, memory_order_acquire) == 0)
    {
      /* Last to arrive, as in gomp_team_barrier.  */
      ws_cancel_done (team);
      unsigned int full = old + BAR_ARRIVE;
      if (atomic_compare_exchange_strong_explicit (&b->word, &full,
						   w.gen + BAR_GEN,
						   memory_order_seq_cst,
						   memory_order_relaxed))
	gomp_task_event (team);
      GOMP_TOOL_EVENT (sync_end, thr);
      return false;
    }
  gomp_task_wait_until (thr, barrier_open, &w, NULL, state, cfa);
  GOMP_TOOL_EVENT (sync_end, thr);
  return w.cancelled;
}

EXPORT void
GOMP_barrier (void)
{
  struct gomp_thread *thr = gomp_tls;
  if (thr == NULL || thr->ts.team == NULL)
    return;
  gomp_team_barrier (thr, ompt_state_wait_barrier_explicit, GOMP_CFA ());
}
