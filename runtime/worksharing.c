/* worksharing.c -- hand-over of work shares between worksharing
   constructs (loops with a runtime schedule, sections, single copyprivate).

   Each thread numbers the worksharing constructs it meets (ts.ws_seq);
   construct SEQ uses slot SEQ % GOMP_WS_RING of the team.  The first
   thread to arrive claims the slot (CAS of `claimed` from SEQ - RING to
   SEQ), waits until every thread has left construct SEQ - RING that used
   the slot before (`done`), fills it in and publishes it by storing
   `ready` = SEQ with release ordering.  The others wait for `ready`.
   Leaving counts threads in `left`; the last one stores `done` = SEQ.

   So threads that leave a construct with nowait run ahead into up to
   RING - 1 further constructs without waiting for the slowest thread, and
   no construct ever waits for a lock.

   In a cancelled parallel region some threads have gone to the end of
   the region and will never enter or leave the constructs the others
   still meet: a thread that would wait for them gets instead a work
   share with nothing to hand out (ws_skipped), and gomp_cancel_team_end
   resets the ring once the region is over.  */

#include "config.h"
#include "internal.h"
#include "tool.h"
#include "tool-mode.h"
#include "os.h"

#include <stdlib.h>

/* A construct a thread of a cancelled region skips: cancelled, so it hands
   out no iteration and no section; gomp_ws_leave ignores it.  Only read.  */
static struct gomp_work_share ws_skipped = { .cancelled = true };

/* Wait until *P >= VALUE: spin on *P itself, then sleep on the slot's
   event word, which changes whenever a sleeper may have to wake: READY
   or DONE advanced with WORD_SLEEPING set (ws_signal), or the region was
   cancelled (cancel.c bumps every slot's word).  Spinning on *P, not on
   the event word, lets the signalling thread release the spinners with
   one store to one line: it bumps the event word only for sleepers.
   False if the region was cancelled first: then the wait may never end
   (see above).  */
static bool
wait_for (struct gomp_work_share *ws, _Atomic long *p, long value,
	  struct gomp_thread *thr, void *cfa)
{
  if (atomic_load_explicit (p, memory_order_acquire) >= value)
    return true;
  struct gomp_own_wait saved
    = gomp_own_wait_begin (thr, ompt_state_overhead, (uintptr_t) ws, cfa);
  _Atomic bool *cancelled = &thr->ts.team->cancelled;
  bool ok = true;
  unsigned long long spins = gomp_spin_limit ();
  for (unsigned long long i = 0;; i++)
    {
      if (atomic_load_explicit (p, memory_order_acquire) >= value)
	break;
      if (unlikely (atomic_load_explicit (cancelled, memory_order_acquire)))
	{
	  ok = false;
	  break;
	}
      if (i < spins)
	{
	  gomp_spin_relax ();
	  continue;
	}
      /* Announce the sleep, then look again: ws_signal's exchange and
	 this compare-and-swap are ordered, so either it sees the bit or
	 this thread sees *P (Dekker's pattern).  */
      unsigned int w = atomic_load_explicit (&ws->event,
					     memory_order_acquire);
      if (!(w & WORD_SLEEPING))
	{
	  if (!atomic_compare_exchange_strong_explicit
	      (&ws->event, &w, w | WORD_SLEEPING, memory_order_seq_cst,
	       memory_order_relaxed))
	    continue;
	  w |= WORD_SLEEPING;
	}
      if (atomic_load_explicit (p, memory_order_seq_cst) >= value
	  || atomic_load_explicit (cancelled, memory_order_acquire))
	continue;
      futex_wait (&ws->event, w);
    }
  gomp_own_wait_end (thr, saved);
  return ok;
}

/* Advance *P (READY or DONE) to VALUE for the threads in wait_for: the
   exchange is a full barrier, so the look at the sleeping bit after it
   cannot miss a sleeper (see wait_for).  */
static void
ws_signal (struct gomp_work_share *ws, _Atomic long *p, long value)
{
  atomic_exchange_explicit (p, value, memory_order_seq_cst);
  if (atomic_load_explicit (&ws->event, memory_order_seq_cst)
      & WORD_SLEEPING)
    gomp_word_bump (&ws->event);
}

/* Nobody reads WS's MEM any more, nor a doacross loop's positions (teams
   of one never have any).  Stored only if set: they are on the line of
   the construct's fields, which the next loop in this slot may find
   unchanged (gomp_iter_init).  Called when the last thread leaves a
   construct that ends without a barrier (ws_retire), and by the claimer
   of a slot for what a construct that ended with its barrier left in it:
   only the claimer owns the slot then (gomp_ws_enter); for every slot
   when a team goes or a cancelled region ends (team.c, cancel.c).  */
void
gomp_ws_free (struct gomp_work_share *ws)
{
  if (ws->mem)
    {
      free (ws->mem);
      ws->mem = NULL;
    }
  if (ws->doacross)
    {
      free (ws->doacross);
      ws->doacross = NULL;
    }
}

/* Enter the next worksharing construct.  Returns true if the caller must
   initialise thr->ts.ws and then call gomp_ws_publish.  CFA: the entry
   point's frame, for a wait.  */
bool
gomp_ws_enter (struct gomp_thread *thr, void *cfa)
{
  struct gomp_team *team = thr->ts.team;
  if (team == NULL || team->nthreads == 1)
    {
      /* Alone: no hand-over.  Outside any region the thread's own work
	 share serves (worksharing constructs cannot nest directly); in a
	 team of one, the team's first.  */
      gomp_set_ws (thr, team ? &team->ws[0] : &thr->serial_ws);
      return true;
    }
  long seq = thr->ts.ws_seq++;
  struct gomp_work_share *ws = &team->ws[seq % GOMP_WS_RING];
  gomp_set_ws (thr, ws);
  long prev = seq - GOMP_WS_RING;
  /* CLAIMED is PREV or SEQ here (this thread has passed construct PREV).
     Look before trying: a compare-and-swap that fails still takes the
     line from the claimer, which is about to store READY in it.  */
  if (atomic_load_explicit (&ws->claimed, memory_order_relaxed) == prev
      && atomic_compare_exchange_strong_explicit (&ws->claimed, &prev, seq,
						  memory_order_acq_rel,
						  memory_order_acquire))
    {
      /* The construct that used the slot before is over for everybody
	 if this thread has passed a barrier since (ts.ws_barrier_seq);
	 else its last thread to leave says so in DONE.  */
      if (seq - GOMP_WS_RING < thr->ts.ws_barrier_seq
	  || likely (wait_for (ws, &ws->done, seq - GOMP_WS_RING, thr, cfa)))
	{
	  /* What construct PREV allocated, if it ended with its barrier
	     (gomp_ws_end_barrier): nobody else frees it, since after that
	     barrier a thread may already be here, claiming the slot.  */
	  gomp_ws_free (ws);
	  return true;
	}
    }
  else if (likely (wait_for (ws, &ws->ready, seq, thr, cfa)))
    return false;
  gomp_set_ws (thr, &ws_skipped);
  return false;
}

void
gomp_ws_publish (struct gomp_thread *thr)
{
  struct gomp_work_share *ws = thr->ts.ws;
  if (thr->ts.team == NULL || thr->ts.team->nthreads == 1)
    return;
  ws_signal (ws, &ws->ready,
	     atomic_load_explicit (&ws->claimed, memory_order_relaxed));
}

/* Every thread has left WS, construct number SEQ, ending without a
   barrier: free what it holds and let construct SEQ + RING have the
   slot.  */
static void
ws_retire (struct gomp_work_share *ws, long seq)
{
  gomp_ws_free (ws);
  atomic_store_explicit (&ws->left, 0, memory_order_relaxed);
  ws_signal (ws, &ws->done, seq);
}

/* The calling thread is done with its current work share; TOOL: send
   the tool's work-end if the tool word says so (false: the caller has
   found no tool on); ALONE: the thread's mode says it is alone
   (tool-mode.h).  */
static inline __attribute__ ((always_inline)) void
ws_leave (struct gomp_thread *thr, bool tool, bool alone)
{
  struct gomp_work_share *ws = thr->ts.ws;
  if (ws == NULL)
    return;
  if (tool)
    GOMP_TOOL_EVENT (work_end, thr);
  gomp_set_ws (thr, NULL);
  struct gomp_team *team = thr->ts.team;
  if (alone)
    {
      /* Only MEM: a team of one on the stack (parallel.c) leaves the
	 rest of its work share uninitialised, DOACROSS included.  Mostly
	 NULL: no call to free then.  */
      if (ws->mem)
	{
	  free (ws->mem);
	  ws->mem = NULL;
	}
      return;
    }
  if (unlikely (ws == &ws_skipped))
    return;
  long seq = atomic_load_explicit (&ws->ready, memory_order_relaxed);
  if (atomic_fetch_add_explicit (&ws->left, 1, memory_order_acq_rel) + 1
      == team->nthreads)
    ws_retire (ws, seq);
}

void
gomp_ws_leave (struct gomp_thread *thr)
{
  ws_leave (thr, true, GOMP_MODE_IS_ALONE (thr));
}

/* The end of the calling thread's current work share and the implicit
   barrier after it (GOMP_loop_end, GOMP_sections_end).  Once the barrier
   opens every thread has left the construct, so nobody counts the
   threads out, each with an atomic update of the slot's line (which the
   others would wait for before the barrier), and nobody stores DONE:
   every thread passes the barrier before it can reach construct SEQ +
   RING, the next to use the slot, and that tells it (gomp_ws_enter).
   What the construct allocated stays in the slot until that construct's
   claimer frees it (or the team goes, team.c): freed here after the
   barrier, by thread 0 say, it could already be the next construct's,
   which a thread that left the barrier first and ran through seven
   nowait constructs has claimed meanwhile.  The barrier is not
   cancellable, so everybody passes it.  */
static ALWAYS_INLINE void
ws_end_multi (struct gomp_thread *thr, bool tool)
{
  struct gomp_work_share *ws = thr->ts.ws;
  if (ws == NULL || ws == &ws_skipped)
    ws_leave (thr, tool, false);
  else
    {
      if (tool)
	GOMP_TOOL_EVENT (work_end, thr);
      gomp_set_ws (thr, NULL);
    }
}

/* With a tool: the construct's work-end, then the barrier with its
   events.  Out of line, so that without one the construct's end and its
   barrier take their path on one test of the thread's mode.  */
static void __attribute__ ((noinline, cold))
ws_end_barrier_tool (struct gomp_thread *thr, unsigned int state, void *cfa)
{
  if (GOMP_MODE_IS_ALONE (thr))
    ws_leave (thr, true, true);
  else
    ws_end_multi (thr, true);
  gomp_team_barrier (thr, state, cfa);
}

void
gomp_ws_end_barrier (struct gomp_thread *thr, unsigned int state, void *cfa)
{
  GOMP_MODE_SWITCH (thr, alone, tool);
  ws_end_multi (thr, false);
  gomp_team_barrier_multi (thr, state, cfa);
  return;
 alone:
  ws_leave (thr, false, true);
  gomp_team_barrier_alone (thr, state, cfa);
  return;
 tool:
  ws_end_barrier_tool (thr, state, cfa);
}
