/* join.c -- the end of a parallel region: workers join, the master waits.

   The end of a region is a join, not a full barrier (docs/runtime.md):
   each worker counts itself in and goes back to its dock; only the master
   waits.  But until the master has finished the region's code it may
   still create tasks (a master or single nowait construct generating
   tasks is common), and the workers should be there to run them.

   Both facts live in one 64-bit word, JOIN, on a line of its own:
     bits 0-31   the workers' count: each adds 2 (bit 0 is WORD_SLEEPING,
		 set by the master when it sleeps on this half);
     bits 32-63  how many regions of the team the master has finished the
		 code of: region N (the team's region_seq + 1 at its start)
		 is done once this reaches N.
   One word, because every party then learns what it needs from its own
   atomic operation, without a load of the other side's write:

   - A worker with nothing to run joins at once (gomp_join_early).  The
     value its addition returns says whether the master was done already;
     if not, it stays, spinning on the word, and should a task appear
     (the team's task_pending) while the master is still not done, it
     takes its join back with a compare-and-swap -- which fails exactly
     when the master has finished meanwhile -- and runs tasks the usual
     way (task-sched.c, gomp_task_drain_region) before it joins for good
     (gomp_join_leave).

   - The master, when its code is done (gomp_join_master_done), adds one
     to the upper half, and the value returned says whether every worker
     had joined: in the common case of workers that reached the end
     first, the region is over with that one operation.

   A done flag the master stores and the workers wait for, each worker
   then adding itself to a count the master reads, would cost four
   cache-line transfers after the master's code; this costs one (the
   master's addition fetching the line from the last worker), and two
   when the master is first (a worker's addition, the master's read).

   Nothing resets the word (a store after the last worker's addition
   would wait for the line to come back).  The count would grow without
   bound and at last carry into the upper half, so the master's addition
   also subtracts what the workers of the previous region added
   (JOIN_RESIDUE), all of which were in before that region ended: the
   count then holds this region's joins only, and its target is
   2 * (nthreads - 1).

   A worker that joined early reads the word and task_pending until it
   sees the master done, possibly after the region has ended.  So only a
   hot team (team.c), which outlives its regions, lets its workers join
   early, and before a hot team is freed its master waits until none of
   them still looks at it (LINGERING, gomp_join_wait_lingering).  */

#include "config.h"
#include "internal.h"
#include "os.h"
#include "task-map.h"

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
# error "join.c: the count must be the word's first 32 bits (the futex)"
#endif

/* Teams of more threads than this per CPU let a worker that spun out
   at the region's end leave before the master is done (gomp_join_early).  */
#define JOIN_LEAVE_FACTOR 8

/* One finished region in the upper half.  */
#define JOIN_DONE_ONE ((uint64_t) 1 << 32)

/* The count half, for the futex: the first four bytes of the word.  */
static inline _Atomic unsigned int *
join_count_word (struct gomp_team *team)
{
  return (_Atomic unsigned int *) (void *) &team->join;
}

static inline unsigned int
join_count (uint64_t v)
{
  return (unsigned int) v & ~WORD_SLEEPING;
}

/* The count once every worker of the region has joined.  Read before
   joining: after it the team may start another region.  */
static inline unsigned int
join_target (const struct gomp_team *team)
{
  return 2 * (team->nthreads - 1);
}

/* Has the master finished the code of the region the team numbered
   REGION_SEQ at its start?  Modulo 2^32, as the half counts.  */
static inline bool
join_master_done (uint64_t v, unsigned long region_seq)
{
  return (int32_t) ((uint32_t) (v >> 32) - (uint32_t) (region_seq + 1)) >= 0;
}

bool
gomp_join_master_done (struct gomp_team *team)
{
  unsigned int residue = team->join_residue;
  unsigned int target = join_target (team);
  team->join_residue = target;
  /* Release: the master's region code before the workers' leaving;
     acquire: the joined workers' code before the master's return.  */
  uint64_t v = atomic_fetch_add_explicit (&team->join,
					  JOIN_DONE_ONE - residue,
					  memory_order_acq_rel);
  return join_count (v) - residue == target;
}

bool
gomp_join_complete (struct gomp_team *team)
{
  return join_count (atomic_load_explicit (&team->join, memory_order_acquire))
    == join_target (team);
}

bool
gomp_join_is_master_done (struct gomp_thread *thr, struct gomp_team *team)
{
  return join_master_done (atomic_load_explicit (&team->join,
						 memory_order_acquire),
			   thr->dock_region_seq);
}

/* The master sleeps only after its gomp_join_master_done, so a worker
   that sees the bit completes a count from which the residue is gone.  */
static void
join_wake (struct gomp_team *team, uint64_t old, unsigned int target)
{
  if ((old & WORD_SLEEPING) && join_count (old) + 2 == target)
    futex_wake_all (join_count_word (team));
}

void
gomp_join_leave (struct gomp_team *team)
{
  unsigned int target = join_target (team);
  uint64_t old = atomic_fetch_add_explicit (&team->join, 2,
					    memory_order_acq_rel);
  join_wake (team, old, target);
}

bool
gomp_join_early (struct gomp_thread *thr, struct gomp_team *team)
{
  unsigned long seq = thr->dock_region_seq;
  unsigned int target = join_target (team);
  /* A worker that may not spin (OMP_WAIT_POLICY=passive) would only
     take its join back at once: joining and leaving would be two
     operations on the master's line for nothing.  */
  unsigned long long spins = 0, limit = gomp_spin_limit ();
  if (limit == 0)
    return false;
  /* Ordered before the join by the locked addition that follows.  */
  atomic_store_explicit (&thr->lingering, 1, memory_order_relaxed);
  uint64_t v = atomic_fetch_add_explicit (&team->join, 2,
					  memory_order_acq_rel);
  bool joined = true;
  if (join_master_done (v, seq))
    join_wake (team, v, target);
  else
    {
      /* Spin only: a joined worker must not sleep on the team's task
	 event, which it would look at after the region may have ended.
	 Spun out, it takes its join back and waits the usual way.  */
      for (;;)
	{
	  v = atomic_load_explicit (&team->join, memory_order_acquire);
	  if (join_master_done (v, seq))
	    break;
	  bool idle = atomic_load_explicit (&team->barrier.task_pending,
					    memory_order_relaxed) == 0;
	  if (spins < limit && idle)
	    {
	      spins++;
	      gomp_spin_relax ();
	      continue;
	    }
	  /* Spun out with no task pending, in a team of more than
	     JOIN_LEAVE_FACTOR threads per CPU: stay joined and go to the
	     dock.  Waiting on for tasks the master may still create would
	     cost a sleep and a wake per worker and region, and the
	     master's end would then wait for every such worker to be
	     scheduled once more to join: at 4096 threads on 2 CPUs most of
	     a region's time, for helpers that have no CPU to help on.
	     Tasks created after this run on the master and the workers
	     still here.  A smaller team keeps every worker for them
	     (tests/runtime/join-recall.c).  */
	  if (idle && team->nthreads > JOIN_LEAVE_FACTOR * gomp_num_procs)
	    break;
	  /* Fails if the master finished meanwhile (or another worker
	     joined: look again).  */
	  if (atomic_compare_exchange_weak_explicit (&team->join, &v, v - 2,
						     memory_order_acq_rel,
						     memory_order_relaxed))
	    {
	      joined = false;
	      break;
	    }
	}
    }
  /* After this the master may free the team (gomp_thread_exit_pool).  */
  atomic_store_explicit (&thr->lingering, 0, memory_order_release);
  return joined;
}

/* A worker at the region's end that has run the tasks it found (it
   waits in gomp_task_drain_region) joins for good when nothing is queued,
   in a team of more than JOIN_LEAVE_FACTOR threads per CPU, rather than
   sleep until the region is done: tasks still running, or created after
   this by the master or another worker, are run by the threads that have
   not joined, every one of which (the creator of a task among them)
   drains the team's tasks before it joins, and by the master before it
   waits for the join.  Waiting on would cost each worker a second sleep
   on the team's idle word and a wake at the region's end: at 4096
   threads on 2 CPUs, a context switch a thread for helpers that have no
   CPU to help on (gomp_join_early leaves for the same reason).  Only
   with the map of queued work (task-map.h), whose summary says in one
   load that nothing is queued, and not with OMPD's event hooks or a tool
   (as gomp_join_early: a debugger sees the worker's implicit task end
   before the master's).  */
bool
gomp_join_crowded_idle (struct gomp_team *team)
{
  return team->nthreads > JOIN_LEAVE_FACTOR * gomp_num_procs
    && gomp_task_map_used (team) && !gomp_task_map_any (&team->queued)
    && !GOMP_OMPD_OR_TOOL_ON ();
}

void
gomp_join_wait (struct gomp_team *team)
{
  unsigned int target = join_target (team);
  unsigned long long spins = gomp_spin_limit ();
  for (unsigned long long i = 0; i < spins; i++)
    {
      if (gomp_join_complete (team))
	return;
      gomp_spin_relax ();
    }
  for (;;)
    {
      uint64_t v = atomic_load_explicit (&team->join, memory_order_acquire);
      if (join_count (v) == target)
	break;
      if (!(v & WORD_SLEEPING)
	  && !atomic_compare_exchange_weak_explicit (&team->join, &v,
						     v | WORD_SLEEPING,
						     memory_order_acq_rel,
						     memory_order_acquire))
	continue;
      futex_wait (join_count_word (team),
		  (unsigned int) v | WORD_SLEEPING);
    }
  /* Only if this thread slept: the word keeps counting without the bit
     (a worker that saw it would wake nobody next time).  */
  if (atomic_load_explicit (&team->join, memory_order_relaxed)
      & WORD_SLEEPING)
    atomic_fetch_and_explicit (&team->join, ~(uint64_t) WORD_SLEEPING,
			       memory_order_relaxed);
}

void
gomp_join_wait_lingering (struct gomp_team *team)
{
  for (unsigned int i = 1; i <= team->nhot; i++)
    while (atomic_load_explicit (&team->threads[i]->lingering,
				 memory_order_acquire))
      gomp_cpu_relax ();
}
