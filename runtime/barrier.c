/* barrier.c -- the team barrier: GOMP_barrier and the implicit barriers
   at the end of worksharing constructs.

   One 32-bit word per team holds the arrival count and a generation
   number (see struct gomp_barrier).  Arriving is one atomic add; the
   last thread to arrive swaps in the next generation with the count at
   zero.  Waiters spin reading the same word, which stays in their cache
   until that swap: on 2 threads a barrier costs the add's cache-line
   transfer plus the swap's, with no system call unless a waiter has
   spun out and set WORD_SLEEPING, which the swap then sees.  A
   centralised barrier is the fastest kind for the team sizes of a
   2-to-64-core node; its cost grows with contention on the one word,
   which a tree barrier would trade for more transfers per thread.  */

#include "config.h"
#include "internal.h"
#include "futex.h"

void
gomp_barrier_init (struct gomp_barrier *b, unsigned int n)
{
  unsigned int w = atomic_load_explicit (&b->word, memory_order_relaxed);
  atomic_store_explicit (&b->word, w & BAR_GEN_MASK, memory_order_relaxed);
  b->total = n;
}

/* Wait at the barrier of the calling thread's team; STATE says which kind
   of barrier this is, for debuggers.  */
void
gomp_team_barrier (struct gomp_thread *thr, unsigned int state)
{
  struct gomp_team *team = thr->ts.team;
  if (team == NULL || team->nthreads == 1)
    return;
  struct gomp_barrier *b = &team->barrier;
  unsigned int saved = atomic_load_explicit (&thr->state,
					     memory_order_relaxed);
  gomp_set_state (thr, state, (uintptr_t) b);
  unsigned int old = atomic_fetch_add_explicit (&b->word, BAR_ARRIVE,
						memory_order_acq_rel);
  unsigned int gen = old & BAR_GEN_MASK;
  if ((old & BAR_COUNT_MASK) + BAR_ARRIVE == b->total * BAR_ARRIVE)
    {
      /* Last to arrive: next generation, count back to zero.  Release
	 ordering publishes every arriver's writes (they were acq_rel adds
	 to this word) to the waiters that acquire the new generation.  */
      unsigned int prev = atomic_exchange_explicit (&b->word,
						    gen + BAR_GEN,
						    memory_order_acq_rel);
      if (prev & WORD_SLEEPING)
	futex_wake_all (&b->word);
    }
  else
    gomp_word_wait_for (&b->word, BAR_GEN_MASK, gen, false);
  gomp_set_state (thr, saved, 0);
}

EXPORT void
GOMP_barrier (void)
{
  struct gomp_thread *thr = gomp_tls;
  if (thr == NULL || thr->ts.team == NULL || thr->ts.team->nthreads == 1)
    return;
  gomp_team_barrier (thr, STATE_WAIT_BARRIER_EXPLICIT);
}
