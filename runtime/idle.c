/* idle.c -- where the threads of a team sleep when they have nothing to
   run: at a barrier or a region's end, with no task they could take.

   They sleep on one word per team, IDLE.WORD, but are woken by count: a
   task that becomes ready wakes one sleeper (futex_wake with 1), and
   the thread that takes it wakes one more while tasks are still queued
   (task-sched.c), so a burst of N tasks wakes the threads one at a time
   as each finds work, rather than every sleeper at each task -- at 4000
   threads on 2 CPUs, waking every sleeper per task made a taskloop cost
   seconds.  Events that concern every waiter (the barrier opens, the
   region ends or is cancelled, the team's last task completes) wake all,
   once per event: each woken thread then does a constant amount of work
   (it reads the barrier word, the pending count and the map summary),
   so the event costs O(T) in all, as the wake-up itself must.

   Sleepers count themselves in IDLE.SLEEPERS, not in a bit of the word:
   a wake of one must leave the others asleep with the waker still
   knowing they are there.  The protocol is Dekker's: a sleeper adds
   itself (a sequentially consistent read-modify-write), then looks once
   more for work and for its wait's end, then sleeps if IDLE.WORD is
   still what it read before adding itself; a waker changes the task
   state with a read-modify-write, then reads SLEEPERS (gomp_idle_wake).
   Either the sleeper sees the new state, or the waker sees the sleeper
   and bumps the word, which makes the futex_wait return at once if it
   has not started.  A wake may go to a thread that was about to leave
   anyway; the task it was meant for is then found by the next look of
   any thread, at worst by the thread that queued it.

   A sleeper woken stays counted until it runs again, which on a loaded
   machine (or under valgrind, which runs one thread at a time) may be
   long after: a thread creating tasks meanwhile would see it at every
   task, bump the word and make a futex_wake system call for each, all
   but the first for nothing -- at 2 threads that made PARALLEL TASK,
   TASK WAIT and TASK BARRIER cost 13-30% more instructions.  So the
   high half of SLEEPERS counts the wakes on their way (WAKING), and a
   task wakes one only while more threads sleep than are being woken.
   Every thread that stops sleeping, woken or not, takes one off WAKING
   if it is not zero, with its own count, in one compare-and-swap: so
   WAKING never exceeds the sleepers, and a wake counted there always has
   a thread that leaves its sleep after it and looks for work -- the one
   woken, or one whose word the wake's bump made stale.  A task that
   wakes nobody because all sleepers are being woken is found by them.

   Threads waiting in a tied task (taskwait, taskgroup, dependences) may
   only run some tasks; they sleep on the team's task_event, which every
   task event wakes completely (task-sched.c).  */

#include "config.h"
#include "internal.h"
#include "os.h"

#include <limits.h>

/* SLEEPERS' halves.  */
#define IDLE_WAKING ((uint64_t) 1 << 32)

static inline unsigned int
idle_sleeping (uint64_t v)
{
  return (unsigned int) v;
}

static inline unsigned int
idle_waking (uint64_t v)
{
  return (unsigned int) (v >> 32);
}

/* Wake N sleepers (INT_MAX: all) after a change of task state made with
   a read-modify-write or sequentially consistent store: N of those no
   wake is on its way to yet (all, for INT_MAX: every waiter must see
   those events, and they come once per barrier).  */
void
gomp_idle_wake (struct gomp_team *team, int n)
{
  gomp_fence_after_rmw ();
  uint64_t v = atomic_load_explicit (&team->idle.sleepers,
				     memory_order_relaxed);
  uint64_t nv;
  do
    {
      unsigned int s = idle_sleeping (v), more = s - idle_waking (v);
      if (s == 0 || (more == 0 && n != INT_MAX))
	return;
      if ((unsigned int) n < more)
	more = (unsigned int) n;
      nv = v + more * IDLE_WAKING;
    }
  while (!atomic_compare_exchange_weak_explicit (&team->idle.sleepers, &v, nv,
						 memory_order_relaxed,
						 memory_order_relaxed));
  atomic_fetch_add_explicit (&team->idle.word, 1, memory_order_release);
  futex_wake (&team->idle.word, n);
}

/* About to sleep: returns the word to sleep on.  The caller looks once
   more for work, then calls gomp_idle_sleep, or gomp_idle_cancel if it
   found some.  */
unsigned int
gomp_idle_prepare (struct gomp_team *team)
{
  unsigned int seen = atomic_load_explicit (&team->idle.word,
					    memory_order_acquire);
  atomic_fetch_add_explicit (&team->idle.sleepers, 1, memory_order_seq_cst);
  return seen;
}

/* Not a sleeper any more: one less, and one wake less on its way.  */
void
gomp_idle_cancel (struct gomp_team *team)
{
  uint64_t v = atomic_load_explicit (&team->idle.sleepers,
				     memory_order_relaxed);
  while (!atomic_compare_exchange_weak_explicit
	 (&team->idle.sleepers, &v,
	  v - 1 - (idle_waking (v) ? IDLE_WAKING : 0),
	  memory_order_seq_cst, memory_order_relaxed))
    ;
}

void
gomp_idle_sleep (struct gomp_team *team, unsigned int seen)
{
  futex_wait (&team->idle.word, seen);
  gomp_idle_cancel (team);
}
