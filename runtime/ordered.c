/* ordered.c -- the ordered construct inside a loop with the ordered
   clause (GOMP_ordered_start / GOMP_ordered_end).

   Chunks of an ordered loop partition the logical iteration space into
   contiguous ranges, and a thread runs the iterations of its chunk in
   order.  So the loop's ordered turn is a single position, ws->ordered_pos:
   the first logical iteration of the chunk whose ordered parts may run.
   A thread whose chunk starts there enters; when it finishes the chunk
   (at its next *_next call or at the end of the loop) it moves the
   position to the end of its chunk, whether or not its iterations
   executed an ordered region.  This is a turn per chunk, as in libgomp:
   within a chunk the owning thread keeps the turn.  */

#include "config.h"
#include "internal.h"
#include "tool.h"
#include "tool-mode.h"

static void
wait_turn (struct gomp_thread *thr, struct gomp_work_share *ws,
	   unsigned long long lo, void *cfa)
{
  if (atomic_load_explicit (&ws->ordered_pos, memory_order_acquire) == lo)
    return;
  struct gomp_own_wait saved
    = gomp_own_wait_begin (thr, ompt_state_wait_ordered, (uintptr_t) ws, cfa);
  for (;;)
    {
      unsigned int w = atomic_load_explicit (&ws->ordered_word,
					     memory_order_acquire);
      if (atomic_load_explicit (&ws->ordered_pos, memory_order_acquire)
	  == lo)
	break;
      gomp_word_wait (&ws->ordered_word, w);
    }
  gomp_own_wait_end (thr, saved);
}

/* The calling thread got logical iterations [LO, HI) of an ordered loop.  */
void
gomp_ordered_chunk (struct gomp_thread *thr, unsigned long long lo,
		    unsigned long long hi)
{
  thr->ts.ordered_lo = lo;
  thr->ts.ordered_hi = hi;
  thr->ts.ordered_held = false;
}

/* The calling thread is done with its chunk: pass the turn on.  */
void
gomp_ordered_chunk_done (struct gomp_thread *thr, void *cfa)
{
  struct gomp_work_share *ws = thr->ts.ws;
  unsigned long long lo = thr->ts.ordered_lo, hi = thr->ts.ordered_hi;
  if (lo == hi)
    return;
  if (!thr->ts.ordered_held)
    wait_turn (thr, ws, lo, cfa);
  thr->ts.ordered_lo = thr->ts.ordered_hi = 0;
  thr->ts.ordered_held = false;
  atomic_store_explicit (&ws->ordered_pos, hi, memory_order_release);
  gomp_word_bump (&ws->ordered_word);
}

/* The ordered region's entry: wait for the turn of the thread's chunk
   (CFA: GOMP_ordered_start's frame).  Within a chunk every region but
   the first finds the turn held: that test first.  */
static inline void
ordered_start (struct gomp_thread *thr, void *cfa)
{
  if (thr->ts.ordered_held)
    return;
  struct gomp_work_share *ws = thr->ts.ws;
  if (ws != NULL && ws->ordered && thr->ts.ordered_lo != thr->ts.ordered_hi)
    {
      wait_turn (thr, ws, thr->ts.ordered_lo, cfa);
      thr->ts.ordered_held = true;
    }
}

/* The same with a tool: its events around the wait.  Out of line, so
   that GOMP_ordered_start tests the thread's mode once.  */
static void __attribute__ ((noinline, cold))
ordered_start_tool (struct gomp_thread *thr, const void *ra, void *cfa)
{
  struct gomp_work_share *ws = thr->ts.ws;
  gomp_tool_mutex_acquire (ompt_mutex_ordered, (uintptr_t) ws, ra);
  ordered_start (thr, cfa);
  gomp_tool_mutex_acquired (ompt_mutex_ordered, (uintptr_t) ws, ra);
}

/* Alone (no team, or a team of one) the thread's iterations come in
   their order anyway: nothing to wait for, and the turn it does not
   take here it passes on unwaited at its chunk's end (wait_turn finds
   it its own).  One compare of the thread's mode (tool-mode.h) finds
   it alone or a tool on.  */
EXPORT void
GOMP_ordered_start (void)
{
  struct gomp_thread *thr = gomp_thread ();
  GOMP_MODE_SWITCH (thr, alone, tool);
  ordered_start (thr, GOMP_CFA ());
 alone:
  return;
 tool:
  ordered_start_tool (thr, GOMP_TOOL_RA (), GOMP_CFA ());
}

/* The turn passes when the chunk is done (gomp_ordered_chunk_done): the
   region's end is only the tool's mutex-released event.  A test of the
   tool word would be all this function executes without a tool: it
   jumps through gomp_ordered_end_fn (tool-mode.h) instead, which
   follows the word, to the event or to a return.  The jump keeps the
   program's return address on the stack: the event's code pointer.  */
void
gomp_ordered_end_none (void)
{
}

void
gomp_ordered_end_tool (void)
{
  gomp_tool_mutex_released (ompt_mutex_ordered,
			    (uintptr_t) gomp_thread ()->ts.ws, GOMP_TOOL_RA ());
}

EXPORT void
GOMP_ordered_end (void)
{
#ifndef OMPDBG_NO_TOOL
  gomp_ordered_end_fn ();
#endif
}
