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

   Threads waiting in a tied task (taskwait, taskgroup, dependences) may
   only run some tasks; they sleep on the team's task_event, which every
   task event wakes completely (task-sched.c).  */

#include "config.h"
#include "internal.h"
#include "os.h"

#include <limits.h>

/* Wake N sleepers (INT_MAX: all) after a change of task state made with
   a read-modify-write or sequentially consistent store.  */
void
gomp_idle_wake (struct gomp_team *team, int n)
{
  gomp_fence_after_rmw ();
  if (atomic_load_explicit (&team->idle.sleepers, memory_order_relaxed) == 0)
    return;
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

void
gomp_idle_cancel (struct gomp_team *team)
{
  atomic_fetch_sub_explicit (&team->idle.sleepers, 1, memory_order_relaxed);
}

void
gomp_idle_sleep (struct gomp_team *team, unsigned int seen)
{
  futex_wait (&team->idle.word, seen);
  atomic_fetch_sub_explicit (&team->idle.sleepers, 1, memory_order_relaxed);
}
