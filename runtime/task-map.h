/* task-map.h -- the team's map of members whose queues may hold its
   ready tasks: where an idle thread looks for work.

   One bit per member (the member's thread number), set by the member
   when it queues a task of the team, cleared under the member's queue
   lock when its queue becomes empty: so a clear bit means "nothing of
   this team queued there", a set one "maybe" (a queue may also hold
   tasks of a nested team, whose map is another).  A summary word above
   it has bit J set while some map word W with W % 64 == J may be
   nonzero: one load tells a waiting thread whether any member has
   queued work, and at 4096 members the search touches the summary and
   the words it points to, not 4096 queue lines.  A thief probes a
   bounded number of members per look (STEAL_PROBES, task-sched.c);
   only before it sleeps does it walk every map word, T / 64 loads.

   Setting is one relaxed load and, on the first task of an empty queue,
   an atomic OR per word: a member that keeps its queue nonempty (a task
   producer) writes no shared line for the map.  The summary is cleared
   lazily by the thieves that find its words empty: they clear the bit,
   then look at the words again and set it back if one became nonzero
   meanwhile, so a member's OR that follows its map word's OR (both
   sequentially consistent) is never lost.  */

#ifndef OMPDBG_RUNTIME_TASK_MAP_H
#define OMPDBG_RUNTIME_TASK_MAP_H 1

#include "internal.h"

/* Teams up to this size keep no map: a thief looks at every member, as
   cheap as reading the map there, and the queue's changes between empty
   and not (every task, in a producer-consumer pattern) write no shared
   word: on two threads the map cost MASTER TASK 19 % more instructions
   and PARALLEL TASK 32 %.  */
#define GOMP_TASK_MAP_MIN 16

static inline bool
gomp_task_map_used (const struct gomp_team *team)
{
  return team->nthreads > GOMP_TASK_MAP_MIN;
}

static inline uint64_t
gomp_task_map_summary_bit (unsigned int word)
{
  return (uint64_t) 1 << (word % 64);
}

/* Member I has queued a task of the map's team.  */
static inline void
gomp_task_map_set (struct gomp_task_map *map, unsigned int i)
{
  _Atomic uint64_t *w = &map->words[i / 64];
  uint64_t bit = (uint64_t) 1 << (i % 64);
  if (likely (atomic_load_explicit (w, memory_order_relaxed) & bit))
    return;
  atomic_fetch_or_explicit (w, bit, memory_order_seq_cst);
  uint64_t sb = gomp_task_map_summary_bit (i / 64);
  if (!(atomic_load_explicit (&map->summary, memory_order_seq_cst) & sb))
    atomic_fetch_or_explicit (&map->summary, sb, memory_order_seq_cst);
}

/* Member I's queue is empty; under its queue lock.  */
static inline void
gomp_task_map_clear (struct gomp_task_map *map, unsigned int i)
{
  _Atomic uint64_t *w = &map->words[i / 64];
  uint64_t bit = (uint64_t) 1 << (i % 64);
  if (atomic_load_explicit (w, memory_order_relaxed) & bit)
    atomic_fetch_and_explicit (w, ~bit, memory_order_relaxed);
}

static inline bool
gomp_task_map_any (struct gomp_task_map *map)
{
  return atomic_load_explicit (&map->summary, memory_order_acquire) != 0;
}

#endif /* OMPDBG_RUNTIME_TASK_MAP_H */
