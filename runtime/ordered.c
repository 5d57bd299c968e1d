/* ordered.c -- the ordered construct inside a loop with the ordered
   clause (GOMP_ordered_start / GOMP_ordered_end).

   Chunks of an ordered loop partition the logical iteration space into
   contiguous ranges, and a thread runs the iterations of its chunk in
   order.  So the loop's ordered turn is a single position, ws->ordered_pos:
   the first logical iteration of the chunk whose ordered parts may run.
   A thread whose chunk starts there enters, and it moves the position to
   the end of its chunk once the chunk has no ordered region left to
   run: at the end of the region of its last iteration, or, when some
   iteration ran none, when it finishes the chunk (at its next *_next
   call or at the end of the loop).  This is a turn per chunk, as in
   libgomp: within a chunk the owning thread keeps the turn.

   An iteration runs at most one ordered region of its loop (OpenMP's
   restriction on the ordered construct), so once as many regions have
   ended as the chunk has iterations, none can follow.  Passing the turn
   there rather than at the next *_next call gives it to the waiting
   thread sooner by the rest of the iteration, the loop's step and the
   call, which with chunks of one iteration lie between every two
   regions (LLVM's libomp passes the turn at the region's end too;
   libgomp's own GOMP_ordered_end says it exists so that libgomp could).
   A program that runs a second ordered region in the iteration after
   that, which GCC accepts, would run it out of order: the runtime stops
   it with a message instead (ordered_start).  */

#include "config.h"
#include "internal.h"
#include "tool.h"
#include "tool-mode.h"
#include "os.h"

#include <limits.h>

/* The hand-over.  The waiter spins on the position itself, and the
   thread that passes the turn writes it with one exchange: when the
   turn is all a thread waits for between two short regions (static or
   dynamic chunks of one iteration), each turn is one crossing of that
   cache line between the CPUs, and every write more on the line, or a
   waiter that looked at another word first, could cost a second one
   (a waiter that reads the line between two writes must fetch it again
   to see the second).

   A waiter that has spun its count out sleeps on ORDERED_WORD: it sets
   WORD_SLEEPING there with a compare-and-swap, then reads the position
   once more; the passer reads the word after its exchange and bumps it
   (gomp_word_bump: clears the bit, wakes the sleepers) only when the
   bit is set.  Both sides write first and read second, each write a
   locked instruction, all four sequentially consistent: either the
   sleeper sees the new position or the passer sees the bit.  A sleeper
   that finds the turn its own leaves the bit behind; the next pass
   clears it with one needless wake.  */
static void __attribute__ ((noinline))
sleep_turn (struct gomp_work_share *ws, unsigned long long lo)
{
  for (;;)
    {
      unsigned int w = atomic_load_explicit (&ws->ordered_word,
					     memory_order_seq_cst);
      if (atomic_load_explicit (&ws->ordered_pos, memory_order_acquire)
	  == lo)
	return;
      if (!(w & WORD_SLEEPING)
	  && !atomic_compare_exchange_weak_explicit (&ws->ordered_word, &w,
						     w | WORD_SLEEPING,
						     memory_order_seq_cst,
						     memory_order_seq_cst))
	continue;
      if (atomic_load_explicit (&ws->ordered_pos, memory_order_seq_cst)
	  == lo)
	return;
      futex_wait (&ws->ordered_word, w | WORD_SLEEPING);
    }
}

/* Cycles one pause takes, measured once (0: not yet).  */
static _Atomic unsigned int pause_cycles;

static unsigned int __attribute__ ((noinline, cold))
measure_pause (void)
{
  unsigned int best = UINT_MAX;
  for (int k = 0; k < 3; k++)
    {
      uint64_t t0 = gomp_cycles ();
      for (int i = 0; i < 16; i++)
	gomp_cpu_relax ();
      uint64_t t = (gomp_cycles_after () - t0) / 16;
      if (t < best)
	best = t ? (unsigned int) t : 1;
    }
  atomic_store_explicit (&pause_cycles, best, memory_order_relaxed);
  return best;
}

/* The pauses between two looks at the position.  A look while the
   passer has taken the line to write it, but not yet written it (a
   core takes the line for a locked write as soon as it knows the
   address, some hundred instructions before it can execute the write),
   takes the line back, and the passer must fetch it once more: a
   second crossing before the turn passes.  Where a crossing is short
   that costs less than a waiter that looks rarely loses in noticing
   the turn late; where it is long (between sockets, or the VM's slow
   mode in bench/README.md), looking once per pause made a turn of
   EPCC's ORDERED cost a third more than looking once per crossing.  So
   a waiter looks once per the crossing time it measured on its last
   turns, in pauses, or once per pause when that is under three (and
   where no cycle counter tells).  */
static inline unsigned int
poll_pauses (struct gomp_thread *thr)
{
  unsigned int crossing = thr->ordered_crossing;
  if (crossing == 0)
    return 1;
  unsigned int p = atomic_load_explicit (&pause_cycles, memory_order_relaxed);
  if (unlikely (p == 0))
    p = measure_pause ();
  unsigned int n = crossing / p;
  return n < 3 ? 1 : n > 16 ? 16 : n;
}

/* Wait for the turn of the chunk that starts at LO, then hold it.  Out
   of line, its spin inline: a turn that comes while the waiter spins
   returns it to the program through one frame.  */
static void __attribute__ ((noinline))
wait_turn (struct gomp_thread *thr, struct gomp_work_share *ws,
	   unsigned long long lo, void *cfa)
{
  struct gomp_own_wait saved
    = gomp_own_wait_begin (thr, ompt_state_wait_ordered, (uintptr_t) ws, cfa);
  unsigned long long spins = gomp_spin_limit ();
  unsigned int pauses = poll_pauses (thr);
  /* One wait in 16 times its last load: the two reads of the counter
     cost a waiter the turn's way back to the program some 50 cycles.  */
  bool timed = (thr->ordered_waits++ & 15) == 0;
  for (unsigned long long i = 0;;)
    {
      uint64_t t0 = timed ? gomp_cycles () : 0;
      if (atomic_load_explicit (&ws->ordered_pos, memory_order_acquire)
	  == lo)
	{
	  /* That load fetched the line the passer wrote: its time is a
	     crossing's.  */
	  if (timed)
	    {
	      uint64_t t = gomp_cycles_after () - t0;
	      unsigned int c = t < UINT_MAX / 4 ? (unsigned int) t
		: UINT_MAX / 4;
	      thr->ordered_crossing = (thr->ordered_crossing + c + 1) / 2;
	    }
	  break;
	}
      if (unlikely (i >= spins))
	{
	  sleep_turn (ws, lo);
	  break;
	}
      i += gomp_spin_relax_n (pauses);
    }
  gomp_own_wait_end (thr, saved);
  thr->ts.ordered_held = true;
}

/* Move the turn to the end of the calling thread's chunk, HI, and leave
   the chunk: the exchange first, the waiting thread needs nothing else.  */
static inline void
pass_turn (struct gomp_thread *thr, struct gomp_work_share *ws,
	   unsigned long long hi)
{
  atomic_exchange_explicit (&ws->ordered_pos, hi, memory_order_seq_cst);
  if (unlikely (atomic_load_explicit (&ws->ordered_word, memory_order_seq_cst)
		& WORD_SLEEPING))
    gomp_word_bump (&ws->ordered_word);
  thr->ts.ordered_lo = thr->ts.ordered_hi = 0;
  thr->ts.ordered_held = false;
}

/* The calling thread got logical iterations [LO, HI) of an ordered loop.  */
void
gomp_ordered_chunk (struct gomp_thread *thr, unsigned long long lo,
		    unsigned long long hi)
{
  thr->ts.ordered_lo = lo;
  thr->ts.ordered_hi = hi;
  thr->ts.ordered_left = hi - lo <= USHRT_MAX
    ? (unsigned short) (hi - lo) : 0;
  thr->ts.ordered_held = thr->ts.ordered_passed = false;
}

/* The calling thread is done with its chunk: pass the turn on.  */
void
gomp_ordered_chunk_done (struct gomp_thread *thr, void *cfa)
{
  struct gomp_work_share *ws = thr->ts.ws;
  unsigned long long lo = thr->ts.ordered_lo, hi = thr->ts.ordered_hi;
  if (lo == hi)
    {
      /* Passed at its last region's end, or no chunk: what comes next
	 is another chunk's.  */
      thr->ts.ordered_passed = false;
      return;
    }
  if (!thr->ts.ordered_held
      && atomic_load_explicit (&ws->ordered_pos, memory_order_acquire) != lo)
    wait_turn (thr, ws, lo, cfa);
  pass_turn (thr, ws, hi);
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
  if (ws != NULL && ws->ordered)
    {
      unsigned long long lo = thr->ts.ordered_lo;
      if (lo != thr->ts.ordered_hi)
	{
	  if (atomic_load_explicit (&ws->ordered_pos, memory_order_acquire)
	      == lo)
	    thr->ts.ordered_held = true;
	  else
	    wait_turn (thr, ws, lo, cfa);
	}
      else if (unlikely (thr->ts.ordered_passed))
	gomp_own_fatal ("ordered: an iteration of the loop ran a second "
			"ordered region (OpenMP allows one), after the next "
			"iteration's was let in");
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

/* The region's end: the turn passes on if no iteration of the chunk can
   run another region (above).  Alone, the thread took no turn.  With a
   tool, its mutex-released event first: a tool that orders threads by
   these events (a race detector) must see it before the acquired event
   of the thread the turn goes to.  Both out of line, reached with a
   jump, so that GOMP_ordered_end saves no register: GOMP_ordered_start
   made the thread known, so no test of gomp_tls either.  */
static void __attribute__ ((noinline))
ordered_pass (struct gomp_thread *thr)
{
  pass_turn (thr, thr->ts.ws, thr->ts.ordered_hi);
  thr->ts.ordered_passed = true;
}

static inline bool
ordered_last (struct gomp_thread *thr)
{
  return thr->ts.ordered_held && thr->ts.ordered_left != 0
    && --thr->ts.ordered_left == 0;
}

static void __attribute__ ((noinline, cold))
ordered_end_tool (struct gomp_thread *thr, const void *ra)
{
  gomp_tool_mutex_released (ompt_mutex_ordered, (uintptr_t) thr->ts.ws, ra);
  if (ordered_last (thr))
    ordered_pass (thr);
}

EXPORT void
GOMP_ordered_end (void)
{
  struct gomp_thread *thr = gomp_tls;
  GOMP_MODE_SWITCH (thr, alone, tool);
  if (ordered_last (thr))
    ordered_pass (thr);
 alone:
  return;
 tool:
  ordered_end_tool (thr, GOMP_TOOL_RA ());
}
