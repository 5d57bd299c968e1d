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

#include <stdlib.h>

/* A construct a thread of a cancelled region skips: cancelled, so it hands
   out no iteration and no section; gomp_ws_leave ignores it.  Only read.  */
static struct gomp_work_share ws_skipped = { .cancelled = true };

/* Wait until *P >= VALUE: spin, then sleep on the slot's event word,
   which changes whenever READY or DONE does (and when the region is
   cancelled).  False if the region was cancelled first: then the wait
   may never end (see above).  */
static bool
wait_for (struct gomp_work_share *ws, _Atomic long *p, long value,
	  struct gomp_thread *thr, void *cfa)
{
  if (atomic_load_explicit (p, memory_order_acquire) >= value)
    return true;
  unsigned int saved = gomp_get_state (thr);
  void *saved_frame = gomp_task_enter_frame (thr->task, cfa);
  gomp_set_state (thr, STATE_OVERHEAD, (uintptr_t) ws);
  bool ok = true;
  for (;;)
    {
      unsigned int w = atomic_load_explicit (&ws->event,
					     memory_order_acquire);
      if (atomic_load_explicit (p, memory_order_acquire) >= value)
	break;
      if (unlikely (atomic_load_explicit (&thr->ts.team->cancelled,
					  memory_order_acquire)))
	{
	  ok = false;
	  break;
	}
      gomp_word_wait (&ws->event, w);
    }
  gomp_set_state (thr, saved, 0);
  gomp_task_enter_frame_restore (thr->task, saved_frame);
  return ok;
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
      thr->ts.ws = team ? &team->ws[0] : &thr->serial_ws;
      return true;
    }
  long seq = thr->ts.ws_seq++;
  struct gomp_work_share *ws = &team->ws[seq % GOMP_WS_RING];
  thr->ts.ws = ws;
  long prev = seq - GOMP_WS_RING;
  if (atomic_compare_exchange_strong_explicit (&ws->claimed, &prev, seq,
					       memory_order_acq_rel,
					       memory_order_acquire))
    {
      if (likely (wait_for (ws, &ws->done, seq - GOMP_WS_RING, thr, cfa)))
	return true;
    }
  else if (likely (wait_for (ws, &ws->ready, seq, thr, cfa)))
    return false;
  thr->ts.ws = &ws_skipped;
  return false;
}

void
gomp_ws_publish (struct gomp_thread *thr)
{
  struct gomp_work_share *ws = thr->ts.ws;
  if (thr->ts.team == NULL || thr->ts.team->nthreads == 1)
    return;
  atomic_store_explicit (&ws->ready,
			 atomic_load_explicit (&ws->claimed,
					       memory_order_relaxed),
			 memory_order_release);
  gomp_word_bump (&ws->event);
}

/* The calling thread is done with its current work share.  */
void
gomp_ws_leave (struct gomp_thread *thr)
{
  struct gomp_work_share *ws = thr->ts.ws;
  if (ws == NULL)
    return;
  thr->ts.ws = NULL;
  struct gomp_team *team = thr->ts.team;
  if (team == NULL || team->nthreads == 1)
    {
      free (ws->mem);
      ws->mem = NULL;
      return;
    }
  if (unlikely (ws == &ws_skipped))
    return;
  long seq = atomic_load_explicit (&ws->ready, memory_order_relaxed);
  if (atomic_fetch_add_explicit (&ws->left, 1, memory_order_acq_rel) + 1
      == team->nthreads)
    {
      /* Every thread is past the construct: nobody reads MEM any more.  */
      free (ws->mem);
      ws->mem = NULL;
      /* Nor a doacross loop's positions (teams of one never have any).  */
      free (ws->doacross);
      ws->doacross = NULL;
      atomic_store_explicit (&ws->left, 0, memory_order_relaxed);
      atomic_store_explicit (&ws->done, seq, memory_order_release);
      gomp_word_bump (&ws->event);
    }
}
