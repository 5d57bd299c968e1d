/* tas-lock.h -- a test-and-set lock, for data held for a few pointer
   updates: the task queues (task-sched.c) and the dependence table
   (task-depend.c).  No sleep, so no unlock-side test; an uncontended
   acquire is one exchange.

   A contender waits for the word to read free before it tries again, so
   the line stays shared while it waits.  With more threads than CPUs the
   holder may have been preempted, and a contender that only paused
   would burn the rest of its time slice before the holder could run
   again: it yields between looks instead, at any crowd size, since
   unlike the waits of wait.c it has no sleep to fall back on.  The
   yield is the bare system call (gomp_yield_cpu), so the lock's inlined
   call sites save no more registers than a pause loop makes them.  */

#ifndef OMPDBG_RUNTIME_TAS_LOCK_H
#define OMPDBG_RUNTIME_TAS_LOCK_H 1

#include "internal.h"
#include "os.h"

static inline void
gomp_tas_lock (_Atomic int *l)
{
  while (atomic_exchange_explicit (l, 1, memory_order_acquire))
    while (atomic_load_explicit (l, memory_order_relaxed))
      {
	/* Read at each look: a look is a cache miss or a system call
	   already.  */
	if (unlikely (atomic_load_explicit (&gomp_registry.nthreads,
					    memory_order_relaxed)
		      > gomp_num_procs))
	  gomp_yield_cpu ();
	else
	  gomp_cpu_relax ();
      }
}

static inline void
gomp_tas_unlock (_Atomic int *l)
{
  atomic_store_explicit (l, 0, memory_order_release);
}

#endif /* OMPDBG_RUNTIME_TAS_LOCK_H */
