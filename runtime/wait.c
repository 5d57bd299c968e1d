/* wait.c -- spin-then-sleep waiting on a 32-bit word.

   Every blocking wait of the runtime (barrier, dock, end of region)
   is "wait until this word differs from what I saw" (an ordered turn
   spins on its position and sleeps on a word by the same rules,
   ordered.c).  A waiter
   first spins, reading the word from its own cache, for the spin count
   that OMP_WAIT_POLICY / GOMP_SPINCOUNT select; only then does it set
   WORD_SLEEPING in the word (so the writer knows) and call futex_wait.
   The writer changes the word with an atomic exchange or add and calls
   futex_wake only when it saw WORD_SLEEPING: in the common case where
   the waiter is still spinning, releasing it costs one cache-line
   transfer and no system call.

   When there are more OpenMP threads than CPUs, spinning only
   steals time from the thread being waited for: up to GOMP_YIELD_CROWD
   threads per CPU a waiter yields its CPU a few times instead, and
   beyond, the throttled spin count (much shorter) applies, in
   proportion to CPUs per thread (gomp_spin_limit).  */

#include "config.h"
#include "internal.h"
#include "os.h"

/* Threads counted against thread-limit-var (team.c).  */
HIDDEN _Atomic unsigned int gomp_busy_threads = 1;

/* Idle pool threads spin at their docks too, so "oversubscribed" counts
   every OpenMP thread that exists: gomp_registry.nthreads, which changes
   only when a thread is created, so reading it here costs no cache miss
   in the steady state.  */
bool
gomp_oversubscribed (void)
{
  return atomic_load_explicit (&gomp_registry.nthreads, memory_order_relaxed)
    > gomp_num_procs;
}

/* With N threads on P < N CPUs, the throttled count shrinks as P / N
   (to none from N = P * throttled on).  A waiter's spin can end in its
   event only if the threads it waits for run meanwhile on the other
   CPUs: at a barrier, only the last P or so to arrive of N see it open
   while they spin, and every other one spins its count out, stealing a
   CPU from those still to arrive, before it sleeps all the same.  So the
   spin that pays shrinks as P / N while what it costs stays per waiter.
   Measured on 2 CPUs (pause traps to the hypervisor there, some
   hundreds of cycles): a barrier at T = 1024 and 4096 spent a fifth of
   its CPU time in the 100 throttled spins of each waiter; without them
   it cost 20-25 % less CPU, the futex calls being the same 1 wait a
   waiter and 1 wake an opening.  The division costs nothing where it
   is made: only oversubscribed, right before spinning or sleeping; out
   of line, so that the common path keeps its five instructions.  */
static unsigned long long __attribute__ ((noinline))
spin_share (unsigned int nthreads)
{
  return gomp_global_icv.throttled_spin_count * gomp_num_procs / nthreads;
}

/* A waiter of a team of up to GOMP_YIELD_CROWD threads per CPU gives
   its CPU away (sched_yield, gomp_spin_relax) rather than spin: the
   threads it waits for are runnable behind it on that CPU, and the
   scheduler passes the CPU to the next of them at once.  Without it a
   waiter spins its share and sleeps, and every barrier and region costs
   a futex sleep and wake per thread.  A yield gives every other thread queued on the
   CPU a turn before the yielder's next look, so the count that lets the
   waited-for threads arrive does not grow with the team:
   GOMP_WAIT_YIELDS of them, then sleep (a count that grew with threads
   per CPU made the yields of a wide team cost more than its sleeps).
   OMP_WAIT_POLICY=active yields for the whole spin
   count (in effect never sleeps); passive, or a zero throttled count,
   sleeps at once.  */
static unsigned long long __attribute__ ((noinline))
yield_count (void)
{
  if (gomp_global_icv.throttled_spin_count == 0)
    return 0;
  if (gomp_global_icv.wait_policy > 0
      || gomp_global_icv.spin_count < GOMP_WAIT_YIELDS)
    return gomp_global_icv.spin_count;
  return GOMP_WAIT_YIELDS;
}

unsigned long long
gomp_spin_limit (void)
{
  unsigned int n = atomic_load_explicit (&gomp_registry.nthreads,
					 memory_order_relaxed);
  if (unlikely (n > gomp_num_procs))
    return gomp_waits_yield (n) ? yield_count () : spin_share (n);
  return gomp_global_icv.spin_count;
}

/* Return once ((*WORD & MASK) == VALUE) == EQUAL.  MASK must not
   include WORD_SLEEPING.  */
void
gomp_word_wait_for (_Atomic unsigned int *word, unsigned int mask,
		    unsigned int value, bool equal)
{
  unsigned long long spins = gomp_spin_limit ();
  for (unsigned long long i = 0; i < spins; i++)
    {
      if (((atomic_load_explicit (word, memory_order_acquire) & mask)
	   == value) == equal)
	return;
      gomp_spin_relax ();
    }
  for (;;)
    {
      unsigned int v = atomic_load_explicit (word, memory_order_acquire);
      if (((v & mask) == value) == equal)
	return;
      if (!(v & WORD_SLEEPING)
	  && !atomic_compare_exchange_weak_explicit (word, &v,
						     v | WORD_SLEEPING,
						     memory_order_acq_rel,
						     memory_order_acquire))
	continue;
      futex_wait (word, v | WORD_SLEEPING);
    }
}

/* Wait until *WORD no longer equals SEEN (ignoring WORD_SLEEPING).  */
void
gomp_word_wait (_Atomic unsigned int *word, unsigned int seen)
{
  gomp_word_wait_for (word, ~WORD_SLEEPING, seen & ~WORD_SLEEPING, false);
}

/* Wake every thread sleeping on WORD; call after changing it with the
   sleeping bit found set.  */
void
gomp_word_wake (_Atomic unsigned int *word)
{
  futex_wake_all (word);
}

/* Advance an event word (a counter in steps of 2) and wake sleepers.  */
void
gomp_word_bump (_Atomic unsigned int *word)
{
  unsigned int old = atomic_load_explicit (word, memory_order_relaxed);
  unsigned int nv;
  do
    nv = (old + 2) & ~WORD_SLEEPING;
  while (!atomic_compare_exchange_weak_explicit (word, &old, nv,
						 memory_order_release,
						 memory_order_relaxed));
  if (old & WORD_SLEEPING)
    futex_wake_all (word);
}
