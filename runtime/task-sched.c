/* task-sched.c -- where ready tasks wait, who runs them, and how threads
   with nothing to run wait for tasks.

   Each thread has its own queue of the ready tasks it created (or whose
   dependences it released): it pushes and pops at the head, newest first,
   so a task usually runs on the thread and in the cache where its data was
   just written; an idle thread steals from the tail of another's queue,
   taking the oldest task, which in divide-and-conquer code is the largest
   piece of work.  One queue per thread means task creation contends only
   with thieves, never with the other creators; a single team queue (GCC's
   libgomp) serialises every creation and every dequeue on one lock.
   Tasks with a priority above zero go to one team-wide list sorted by
   priority: they are rare, and a global order is what priority asks for.

   Scheduling follows task scheduling constraint 2 of OpenMP 5.1 §2.12.6:
   a thread suspended in a tied task (taskwait, taskgroup end, an
   undeferred task waiting for its dependences) may only start descendants
   of that task; at a barrier or the end of a region any task may run.
   Every task is treated as tied.

   Finding work costs the same at any team size: a waiting thread first
   reads the team's pending count (nothing pending: nothing to find), then
   its own queue, then at most STEAL_PROBES members that the team's map
   of queued work names (task-map.h); never every member's queue on each
   spin, which at 4000 threads on 2 CPUs made a region cost 10 times
   libgomp's.  Only before it sleeps does it walk the whole map.

   Waiting: a thread that found nothing to run spins, then sleeps.  A
   thread free to run any task (a barrier, a region's end) sleeps with
   the team's other idle threads (idle.c), woken one per task that
   becomes ready and all at once when the barrier opens; a thread in a
   tied task's wait sleeps on the team's task_event word, which changes
   whenever a task becomes ready or completes, or the barrier opens, but
   only if somebody sleeps on it.  */

#include "config.h"
#include "internal.h"
#include "os.h"
#include "task-map.h"
#include "tas-lock.h"

#include <limits.h>
#include <time.h>

/* Wake the threads sleeping on TEAM's task_event, if any.  Callers have
   just changed task state with an atomic read-modify-write (or a
   sequentially consistent store); the full barrier after it pairs with
   the waiter's compare-and-swap of WORD_SLEEPING in gomp_task_wait_until,
   so either the waiter sees the new state or we see its sleeping bit
   (Dekker's pattern).  On x86 that operation is the barrier
   (gomp_fence_after_rmw): an mfence here cost 8 ns of the 119 a task
   took to create, queue and run (one thread, 50 tasks then taskwait;
   libgomp 111), and task completion paid it again.  */
void
gomp_task_event_done (struct gomp_team *team)
{
  gomp_fence_after_rmw ();
  if (atomic_load_explicit (&team->task_event, memory_order_relaxed)
      & WORD_SLEEPING)
    gomp_word_bump (&team->task_event);
}

/* The same, and every idle thread (idle.c): for events every waiter
   must see -- the barrier opens, the region ends or is cancelled, the
   team's last pending task completes.  gomp_task_event_done alone for a
   task completion that leaves others pending: only the waits in tied
   tasks wait for single completions.  */
void
gomp_task_event (struct gomp_team *team)
{
  gomp_task_event_done (team);
  gomp_idle_wake (team, INT_MAX);
}

/* A thread's queue of ready tasks, under its queue_lock.  */
static void
queue_unlink (struct gomp_thread *owner, struct gomp_task *t)
{
  if (t->queue_prev)
    t->queue_prev->queue_next = t->queue_next;
  else
    owner->queue_head = t->queue_next;
  if (t->queue_next)
    t->queue_next->queue_prev = t->queue_prev;
  else
    owner->queue_tail = t->queue_prev;
}

/* QUEUE_COUNT changes only under the queue's lock, but with a locked
   instruction all the same: a plain store makes MASTER TASK slower in the
   VM's slow mode (0.68-1.13 us against 0.60-0.75, producer and thief on
   two CPUs; a little faster in the fast mode).  Read without the lock.  */
static inline void
queue_count_add (struct gomp_thread *owner, int n)
{
  atomic_fetch_add_explicit (&owner->queue_count, (unsigned int) n,
			     memory_order_relaxed);
}

static void
queue_push_head (struct gomp_thread *owner, struct gomp_task *t)
{
  t->queue_prev = NULL;
  t->queue_next = owner->queue_head;
  if (owner->queue_head)
    owner->queue_head->queue_prev = t;
  else
    owner->queue_tail = t;
  owner->queue_head = t;
}

/* TASK is ready: queue it on THR's queue (or the team's priority list).  */
void
gomp_task_enqueue (struct gomp_thread *thr, struct gomp_task *task)
{
  struct gomp_team *team = task->team;
  atomic_store_explicit (&task->task_state, TASK_STATE_QUEUED,
			 memory_order_relaxed);
  task->thread = NULL;
  if (task->priority > 0)
    {
      gomp_tas_lock (&team->prio_lock);
      struct gomp_task **pp = &team->prio_head;
      while (*pp && (*pp)->priority >= task->priority)
	pp = &(*pp)->queue_next;
      task->queue_next = *pp;
      *pp = task;
      atomic_fetch_add_explicit (&team->prio_count, 1, memory_order_relaxed);
      gomp_tas_unlock (&team->prio_lock);
    }
  else
    {
      /* A thread outside the team (omp_fulfill_event from elsewhere)
	 hands the task to the team's master.  */
      if (thr == NULL || thr->ts.team != team)
	thr = team->threads[0];
      gomp_tas_lock (&thr->queue_lock);
      queue_push_head (thr, task);
      queue_count_add (thr, 1);
      if (gomp_task_map_used (team))
	gomp_task_map_set (&team->queued, thr->ts.team_id);
      gomp_tas_unlock (&thr->queue_lock);
    }
  /* One idle thread for one task (idle.c); the waits of tied tasks all,
     since only some of them may run it.  */
  gomp_task_event_done (team);
  gomp_idle_wake (team, 1);
}

/* May a thread suspended in CONSTRAINT start TASK?  Only a descendant:
   walk TASK's ancestors up to CONSTRAINT's depth.  */
static bool
allowed (const struct gomp_task *task, const struct gomp_task *constraint)
{
  if (constraint == NULL)
    return true;
  while (task && task->depth > constraint->depth)
    task = task->parent;
  return task == constraint;
}

/* How far a constrained search looks into one queue: the tasks a waiting
   task may run are its descendants, which sit near the head of its own
   thread's queue.  */
#define SCAN_LIMIT 32

/* Steal half: a thief at a barrier (no CONSTRAINT) that finds four or more
   tasks in OWNER's queue moves up to half of them, oldest first, to its
   own queue besides the one it runs.  In a producer-consumer pattern (one
   thread creating the tasks, others running them) each steal otherwise
   moved the producer's queue line to the thief and back for every task,
   and the producer waited for it at each creation; moving a batch lets
   the producer create several tasks on a line it keeps.  Both queue locks
   are held meanwhile, taken in address order, so that the tasks are in a
   queue at every moment, as a debugger expects.  */
static unsigned int
steal_more (struct gomp_thread *owner, struct gomp_thread *thief,
	    const struct gomp_team *team, unsigned int count)
{
  unsigned int moved = 0, n = 0;
  for (struct gomp_task *u = owner->queue_tail, *prev;
       u && moved + 1 < count / 2 && n < SCAN_LIMIT; u = prev, n++)
    {
      prev = u->queue_prev;
      if (u->team != team)
	continue;
      queue_unlink (owner, u);
      queue_push_head (thief, u);
      moved++;
    }
  return moved;
}

/* A thief's pending_excess beyond which it subtracts it from the team's
   task_pending as it steals (gomp_task_pending_flush), not only before
   it sleeps: a thread that runs the tasks others create completes more
   than it creates, and its completions would keep the count that the
   creators' throttle reads (task.c, undeferred) too high for as long as
   it finds work -- a producer would run its tasks itself while the
   consumer ran out.  Half the throttle's 64 per member: the count stays
   within about 40 per member of the true one (8 added ahead, this, and
   a batch stolen), and a consumer subtracts once per 32 tasks or more.  */
#define PENDING_EXCESS_MAX 32

/* A queue can also hold tasks of another team than TEAM: those its owner
   created in an enclosing region before it became the master of a nested
   one, or in a nested region it masters now.  They belong to their own
   team's threads (their omp_get_thread_num, their task reductions'
   private copies), so they are skipped like disallowed ones.  */
static struct gomp_task *
take_from (struct gomp_thread *owner, struct gomp_thread *thr,
	   struct gomp_team *team, const struct gomp_task *constraint,
	   unsigned int owner_id)
{
  unsigned int count = atomic_load_explicit (&owner->queue_count,
					     memory_order_relaxed);
  if (count == 0)
    {
      /* Its map bit is stale: clear it under the lock, where no task can
	 be queued meanwhile (task-map.h).  */
      if (gomp_task_map_used (team)
	  && atomic_load_explicit (&team->queued.words[owner_id / 64],
				memory_order_relaxed)
	  & ((uint64_t) 1 << (owner_id % 64)))
	{
	  gomp_tas_lock (&owner->queue_lock);
	  if (atomic_load_explicit (&owner->queue_count,
				    memory_order_relaxed) == 0)
	    gomp_task_map_clear (&team->queued, owner_id);
	  gomp_tas_unlock (&owner->queue_lock);
	}
      return NULL;
    }
  bool own = owner == thr;
  bool batch = !own && constraint == NULL && count >= 4;
  if (batch && thr < owner)
    gomp_tas_lock (&thr->queue_lock);
  gomp_tas_lock (&owner->queue_lock);
  if (batch && thr > owner)
    gomp_tas_lock (&thr->queue_lock);
  struct gomp_task *t = own ? owner->queue_head : owner->queue_tail;
  for (int n = 0; t && (t->team != team || !allowed (t, constraint)); n++)
    t = n < SCAN_LIMIT ? (own ? t->queue_next : t->queue_prev) : NULL;
  unsigned int moved = 0;
  if (t)
    {
      queue_unlink (owner, t);
      if (batch)
	moved = steal_more (owner, thr, team,
			    atomic_load_explicit (&owner->queue_count,
						  memory_order_relaxed));
      queue_count_add (owner, -(int) (1 + moved));
      if (gomp_task_map_used (team)
	  && atomic_load_explicit (&owner->queue_count,
				   memory_order_relaxed) == 0)
	gomp_task_map_clear (&team->queued, owner_id);
    }
  if (batch)
    {
      if (moved)
	{
	  queue_count_add (thr, (int) moved);
	  if (gomp_task_map_used (team))
	    gomp_task_map_set (&team->queued, thr->ts.team_id);
	}
      gomp_tas_unlock (&thr->queue_lock);
    }
  gomp_tas_unlock (&owner->queue_lock);
  if (!own && t && thr->pending_excess > PENDING_EXCESS_MAX)
    gomp_task_pending_flush (thr);
  return t;
}

static struct gomp_task *
take_priority (struct gomp_team *team, const struct gomp_task *constraint)
{
  if (atomic_load_explicit (&team->prio_count, memory_order_relaxed) == 0)
    return NULL;
  gomp_tas_lock (&team->prio_lock);
  struct gomp_task **pp = &team->prio_head;
  while (*pp && !allowed (*pp, constraint))
    pp = &(*pp)->queue_next;
  struct gomp_task *t = *pp;
  if (t)
    {
      *pp = t->queue_next;
      atomic_fetch_sub_explicit (&team->prio_count, 1, memory_order_relaxed);
    }
  gomp_tas_unlock (&team->prio_lock);
  return t;
}

/* The newest task of THR's own queue if it is a child of PARENT, the
   thread's current task, that GOMP_taskwait may run from its own frame
   (taskwait.c): not while priority tasks wait (they go first), nor one
   with mutexinoutset dependences (gomp_task_run_one locks them).  */
struct gomp_task *
gomp_task_take_child (struct gomp_thread *thr, struct gomp_task *parent)
{
  struct gomp_team *team = thr->ts.team;
  if (team == NULL
      || atomic_load_explicit (&thr->queue_count, memory_order_relaxed) == 0
      || atomic_load_explicit (&team->prio_count, memory_order_relaxed) != 0)
    return NULL;
  gomp_tas_lock (&thr->queue_lock);
  struct gomp_task *t = thr->queue_head;
  if (t && t->parent == parent && t->team == team && !t->has_mutex)
    {
      queue_unlink (thr, t);
      queue_count_add (thr, -1);
      if (gomp_task_map_used (team)
	  && atomic_load_explicit (&thr->queue_count,
				   memory_order_relaxed) == 0)
	gomp_task_map_clear (&team->queued, thr->ts.team_id);
    }
  else
    t = NULL;
  gomp_tas_unlock (&thr->queue_lock);
  return t;
}

/* Members a thief tries per look, besides its own queue: enough that
   one look usually finds work when some is queued, few enough that a
   look costs the same at any team size.  */
#define STEAL_PROBES 4

/* Where the calling thread's next steal starts in the map: a different
   place for each thread and each look, so that thieves spread over the
   members with work rather than all taking from the first.  */
static __thread unsigned int steal_seed
  __attribute__ ((tls_model ("initial-exec")));

static inline unsigned int
steal_next (void)
{
  /* A xorshift step: cheap, and distinct sequences per thread once
     seeded with the thread number.  */
  unsigned int x = steal_seed;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  steal_seed = x;
  return x;
}

/* Try the members whose map word W names; at most *BUDGET of them.  */
static struct gomp_task *
steal_word (struct gomp_thread *thr, struct gomp_team *team,
	    const struct gomp_task *constraint, unsigned int w,
	    unsigned int *budget)
{
  uint64_t bits = atomic_load_explicit (&team->queued.words[w],
					memory_order_acquire);
  if (bits == 0)
    return NULL;
  /* Rotate so that thieves start at different members of the word.  */
  unsigned int r = steal_next () % 64;
  bits = r ? (bits >> r) | (bits << (64 - r)) : bits;
  while (bits && *budget)
    {
      unsigned int b = (__builtin_ctzll (bits) + r) % 64;
      bits &= bits - 1;
      unsigned int id = w * 64 + b;
      if (id >= team->nthreads || id == thr->ts.team_id)
	continue;
      --*budget;
      struct gomp_task *t = take_from (team->threads[id], thr, team,
				       constraint, id);
      if (t)
	return t;
    }
  return NULL;
}

/* A ready task of another member, or NULL.  ALL: look at every member
   the map names (before sleeping); else at most STEAL_PROBES.  */
static struct gomp_task *
steal (struct gomp_thread *thr, struct gomp_team *team,
       const struct gomp_task *constraint, bool all)
{
  if (!gomp_task_map_used (team))
    {
      /* A small team: every member, from the next one on.  */
      for (unsigned int i = 1; i < team->nthreads; i++)
	{
	  unsigned int id = (thr->ts.team_id + i) % team->nthreads;
	  struct gomp_task *t = take_from (team->threads[id], thr, team,
					   constraint, id);
	  if (t)
	    return t;
	}
      return NULL;
    }
  struct gomp_task_map *map = &team->queued;
  unsigned int nwords = (team->nthreads + 63) / 64;
  unsigned int budget = all ? UINT_MAX : STEAL_PROBES;
  if (steal_seed == 0)
    steal_seed = thr->ts.team_id * 2654435761u + 1;
  if (all)
    {
      unsigned int start = steal_next () % nwords;
      for (unsigned int i = 0; i < nwords; i++)
	{
	  struct gomp_task *t = steal_word (thr, team, constraint,
					    (start + i) % nwords, &budget);
	  if (t)
	    return t;
	}
      return NULL;
    }
  uint64_t summary = atomic_load_explicit (&map->summary,
					   memory_order_acquire);
  if (summary == 0)
    return NULL;
  /* The summary's groups, from a random one: group J is the words
     J, J + 64, ...  */
  unsigned int r = steal_next () % 64;
  summary = r ? (summary >> r) | (summary << (64 - r)) : summary;
  while (summary && budget)
    {
      unsigned int j = (__builtin_ctzll (summary) + r) % 64;
      summary &= summary - 1;
      bool empty = true;
      for (unsigned int w = j; w < nwords && budget; w += 64)
	{
	  if (atomic_load_explicit (&map->words[w], memory_order_relaxed))
	    empty = false;
	  struct gomp_task *t = steal_word (thr, team, constraint, w,
					    &budget);
	  if (t)
	    return t;
	}
      if (empty && budget)
	{
	  /* A stale summary bit: clear it, then look again, and set it
	     back if a member queued work meanwhile (task-map.h).  */
	  uint64_t sb = gomp_task_map_summary_bit (j);
	  atomic_fetch_and_explicit (&map->summary, ~sb, memory_order_seq_cst);
	  for (unsigned int w = j; w < nwords; w += 64)
	    if (atomic_load_explicit (&map->words[w], memory_order_seq_cst))
	      {
		atomic_fetch_or_explicit (&map->summary, sb,
					  memory_order_seq_cst);
		break;
	      }
	}
    }
  return NULL;
}

/* A ready task the calling thread may run, taken from its queue: the
   priority list, its own queue, then a few other members' (ALL: every
   member's).  */
static struct gomp_task *
task_take (struct gomp_thread *thr, struct gomp_team *team,
	   struct gomp_task *constraint, bool all)
{
  /* Nothing pending, nothing queued: the count is never below the true
     one (task.c), and every ready task is counted before it is queued.
     The common case of a barrier or a region's end without tasks costs
     this one load.  */
  if (atomic_load_explicit (&team->barrier.task_pending,
			    memory_order_relaxed) == 0)
    return NULL;
  struct gomp_task *t = take_priority (team, constraint);
  if (t == NULL)
    t = take_from (thr, thr, team, constraint, thr->ts.team_id);
  if (t == NULL && team->nthreads > 1)
    t = steal (thr, team, constraint, all);
  return t;
}

/* Run T, taken by task_take, then each successor that a completion
   hands back to run next (task-depend.c, gomp_depend_release), until
   none does or the wait that runs them is over: DONE (ARG), not NULL,
   is its test (task_wait), made before each such successor as before
   each task taken.  A successor not run is queued.  Inlined: in
   task_wait, DONE and ARG are in saved registers anyway, where a call
   had to save and restore them around each task (11 instructions).  */
static ALWAYS_INLINE bool
task_run_taken (struct gomp_thread *thr, struct gomp_team *team,
		struct gomp_task *t, bool (*done) (void *), void *arg)
{
  /* Work remains queued and threads sleep: wake one more, so that a
     burst of tasks spreads over the sleepers one wake at a time
     (idle.c).  */
  if (atomic_load_explicit (&team->idle.sleepers, memory_order_relaxed)
      && gomp_task_map_used (team) && gomp_task_map_any (&team->queued))
    gomp_idle_wake (team, 1);
  if (t->has_mutex && !gomp_depend_try_lock (t))
    {
      /* Another task holds one of its mutexinoutset addresses: put it
	 back; that task's completion wakes the waiters.  */
      gomp_task_enqueue (thr, t);
      return false;
    }
  for (;;)
    {
      /* Its parallel region or one of its taskgroups was cancelled
	 before it started: discarded, it completes without running
	 (cancel.c).  */
      if (unlikely (gomp_global_icv.cancel_var) && gomp_task_cancelled (t))
	{
	  gomp_task_discard (thr, t);
	  return true;
	}
      t = gomp_task_run (thr, t);
      if (t == NULL)
	return true;
      if (done != NULL && done (arg))
	{
	  gomp_task_enqueue (thr, t);
	  return true;
	}
    }
}

/* Run one ready task the calling thread may run, if there is one (and
   the successors it hands back: task_run_taken, DONE and ARG).  */
static ALWAYS_INLINE bool
task_run_one (struct gomp_thread *thr, struct gomp_task *constraint,
	      bool (*done) (void *), void *arg)
{
  struct gomp_team *team = thr->ts.team;
  if (team == NULL)
    return false;
  struct gomp_task *t = task_take (thr, team, constraint, false);
  if (t == NULL)
    return false;
  return task_run_taken (thr, team, t, done, arg);
}

bool
gomp_task_run_one (struct gomp_thread *thr, struct gomp_task *constraint)
{
  return task_run_one (thr, constraint, NULL, NULL);
}

/* Wait until DONE (ARG), running the tasks CONSTRAINT allows meanwhile;
   the waiting task is the thread's current task, in the wait STATE (for
   debuggers: gomp_task_wait_begin).  KEPT: its enter frame is set
   already and stays so after (the caller's runtime code goes on: a
   region's end, an undeferred task's dependences); else CFA is where its
   code entered the runtime, its enter frame for the wait, cleared after.

   The state is the waiting task's, stored once for the whole wait: while
   a task runs from here, the thread's current task is that one, with no
   enter frame, and libompd reports work, or that task's own wait
   (libompd/states.c).  Nothing is saved for after the wait: a state or a
   frame kept through the loop left GCC short of registers, spills and
   reloads around every call in it.  The enter frame cleared is the
   current task's once more (the same task: every task run from here
   gives the thread back its previous one), so that the waiting task
   need not be kept either.  (The common taskwait does not come here at
   all, taskwait.c.)  TOOL: the copy with the tools' wait events, which
   only a wait not KEPT has; gomp_task_wait_until picks it with one test
   of the tool word for both.  */
static ALWAYS_INLINE void
task_wait (struct gomp_thread *thr, bool (*done) (void *), void *arg,
	   struct gomp_task *constraint, unsigned int state, void *cfa,
	   bool kept, bool tool)
{
  struct gomp_team *team = thr->ts.team;
  if (kept)
    gomp_task_wait_state (thr->task, state);
  else
    {
      gomp_task_wait_begin (thr->task, state, cfa);
      if (tool)
	gomp_tool_wait_begin (thr, state);
    }
  unsigned long long spins = 0, limit = gomp_spin_limit ();
  for (;;)
    {
      if (done (arg))
	break;
      if (task_run_one (thr, constraint, done, arg))
	{
	  spins = 0;
	  continue;
	}
      if (spins < limit)
	{
	  /* Out of work: what this thread completed counts as done from
	     now on, or a creator's throttle (task.c, undeferred) would
	     keep running its tasks itself while this one spins.  */
	  if (spins == 0)
	    gomp_task_pending_flush (thr);
	  spins++;
	  gomp_spin_relax ();
	  continue;
	}
      if (team == NULL)
	{
	  /* No team, so no task_event to sleep on and nobody to signal
	     it: an undeferred detached task outside any parallel region
	     (task.c) waits here for omp_fulfill_event from another
	     thread.  Rare enough to poll.  */
	  struct timespec ts = { 0, 50000 };
	  nanosleep (&ts, NULL);
	  continue;
	}
      /* Nobody may wait for this thread's completed tasks while it
	 sleeps.  */
      gomp_task_pending_flush (thr);
      if (constraint == NULL)
	{
	  /* Free to run any task: sleep with the team's idle threads,
	     after one look at every member the map names (idle.c).  */
	  unsigned int seen = gomp_idle_prepare (team);
	  if (done (arg))
	    {
	      gomp_idle_cancel (team);
	      break;
	    }
	  struct gomp_task *t = task_take (thr, team, NULL, true);
	  if (t)
	    {
	      gomp_idle_cancel (team);
	      task_run_taken (thr, team, t, done, arg);
	      continue;
	    }
	  gomp_idle_sleep (team, seen);
	  continue;
	}
      /* Announce the sleep, then look once more: whoever changes task
	 state after our compare-and-swap sees WORD_SLEEPING and wakes us
	 (gomp_task_event).  */
      unsigned int v = atomic_load_explicit (&team->task_event,
					     memory_order_acquire);
      if (!(v & WORD_SLEEPING))
	{
	  if (!atomic_compare_exchange_strong_explicit
	      (&team->task_event, &v, v | WORD_SLEEPING,
	       memory_order_seq_cst, memory_order_relaxed))
	    continue;
	  v |= WORD_SLEEPING;
	}
      if (done (arg))
	break;
      struct gomp_task *t = task_take (thr, team, constraint, true);
      if (t)
	{
	  task_run_taken (thr, team, t, done, arg);
	  continue;
	}
      futex_wait (&team->task_event, v);
    }
  if (!kept)
    {
      /* The tool word again, as at any event point: a collector paused
	 during the wait has no end of it.  */
      if (tool)
	GOMP_TOOL_EVENT (wait_end, thr, state);
      gomp_task_enter_frame_restore (thr->task, NULL);
    }
}

/* The wait with the tools' events: out of line, so that the wait without
   them keeps its registers for itself.  */
static void __attribute__ ((noinline))
task_wait_tool (struct gomp_thread *thr, bool (*done) (void *), void *arg,
		struct gomp_task *constraint, unsigned int state, void *cfa)
{
  task_wait (thr, done, arg, constraint, state, cfa, false, true);
}

void
gomp_task_wait_until (struct gomp_thread *thr, bool (*done) (void *),
		      void *arg, struct gomp_task *constraint,
		      unsigned int state, void *cfa)
{
  if (GOMP_TOOL_ON ())
    task_wait_tool (thr, done, arg, constraint, state, cfa);
  else
    task_wait (thr, done, arg, constraint, state, cfa, false, false);
}

void
gomp_task_wait_quiet (struct gomp_thread *thr, bool (*done) (void *),
		      void *arg, struct gomp_task *constraint,
		      unsigned int state, void *cfa)
{
  task_wait (thr, done, arg, constraint, state, cfa, false, false);
}

void
gomp_task_wait_kept (struct gomp_thread *thr, bool (*done) (void *),
		     void *arg, struct gomp_task *constraint,
		     unsigned int state)
{
  task_wait (thr, done, arg, constraint, state, NULL, true, false);
}

/* Has every task of TEAM completed?  The test of the waits that end when
   it has (a region's end, the barrier of a team of one), made before
   each task they run.  The calling thread's excess (task.c) counts as
   done only once it is all that keeps the count above zero, or beyond
   PENDING_EXCESS_MAX like a thief's: while other tasks are pending the
   wait goes on anyway, and the thread subtracts its excess as soon as it
   finds nothing to run (task_wait).  A subtraction at every test would
   take the count's line from the other members at every task they run
   in the same wait: at the end of EPCC's PARALLEL TASK DEPS, where each
   thread runs the chain of tasks it created, both threads would write
   it once per task.  The count is exact (the true count plus every
   member's excess), so it equals this thread's excess only when
   nothing else is pending.  */
static bool
no_pending_tasks (void *arg)
{
  struct gomp_team *team = arg;
  unsigned long pending = atomic_load_explicit (&team->barrier.task_pending,
						memory_order_acquire);
  if (pending == 0)
    return true;
  struct gomp_thread *thr = gomp_tls;
  if (thr == NULL)
    return false;
  unsigned long n = thr->pending_excess;
  if (n < pending && n <= PENDING_EXCESS_MAX && thr->excess_team == team)
    return false;
  gomp_task_pending_flush (thr);
  return atomic_load_explicit (&team->barrier.task_pending,
			       memory_order_acquire) == 0;
}

bool
gomp_task_none_pending (struct gomp_team *team)
{
  return no_pending_tasks (team);
}

/* Run tasks until every task of the team has completed: a barrier (of
   kind STATE) of a team of one, entered from the task's code at CFA;
   the _quiet one without the wait's events (gomp_task_wait_quiet).  */
static ALWAYS_INLINE void
task_drain (struct gomp_thread *thr, unsigned int state, void *cfa,
	    bool tool)
{
  struct gomp_team *team = thr->ts.team;
  if (team == NULL || no_pending_tasks (team))
    return;
  (tool ? gomp_task_wait_until : gomp_task_wait_quiet)
    (thr, no_pending_tasks, team, NULL, state, cfa);
}

void
gomp_task_drain (struct gomp_thread *thr, unsigned int state, void *cfa)
{
  task_drain (thr, state, cfa, true);
}

void
gomp_task_drain_quiet (struct gomp_thread *thr, unsigned int state,
		       void *cfa)
{
  task_drain (thr, state, cfa, false);
}

/* The same at the end of a parallel region, whose implicit task has its
   enter frame set already (team.c, parallel.c).  */
void
gomp_task_drain_kept (struct gomp_thread *thr)
{
  struct gomp_team *team = thr->ts.team;
  if (team == NULL || no_pending_tasks (team))
    return;
  gomp_task_wait_kept (thr, no_pending_tasks, team, NULL,
		       ompt_state_wait_barrier_implicit_parallel);
}

/* The master at the end of a region, its own share of the tasks done:
   until every worker has joined, it keeps taking the tasks they create --
   a worker that won a `single nowait' and generates the tasks is common,
   and the master idle meanwhile would leave them all to that worker -- for
   as long as a waiting thread spins.  Then team_join sleeps on the join
   word, and tasks created after that run on the workers.  The master does
   not sleep on task_event for the join as well: the last worker to join
   would have to look at the team's task_event after its join, when the
   master may have ended the region and freed the team.  */
void
gomp_task_help_region (struct gomp_thread *thr)
{
  struct gomp_team *team = thr->ts.team;
  unsigned long long spins = 0, limit = gomp_spin_limit ();
  bool ran = false;
  if (limit == 0 || gomp_join_complete (team))
    return;
  while (spins < limit && !gomp_join_complete (team))
    {
      if (gomp_task_run_one (thr, NULL))
	{
	  ran = true;
	  spins = 0;
	  continue;
	}
      /* The workers wait for the team's tasks to be counted done.  */
      gomp_task_pending_flush (thr);
      spins++;
      gomp_spin_relax ();
    }
  /* A task run here may have created more.  */
  if (ran)
    gomp_task_drain_kept (thr);
}

/* A worker at the end of its parallel region: the region's implicit
   barrier.  Until the master has finished the region's code it may still
   create tasks (a master or single nowait construct generating tasks is
   common), so a worker that leaves as soon as the queues are empty would
   leave all of them to the master; it waits for the master too, running
   tasks meanwhile.  The master says it is done in the join word and
   wakes it (join.c, team.c).  */
static bool
region_done (void *arg)
{
  struct gomp_thread *thr = arg;
  struct gomp_team *team = thr->ts.team;
  if (gomp_join_is_master_done (thr, team) && no_pending_tasks (team))
    return true;
  /* A crowded team's worker leaves once nothing is queued (join.c); the
     tasks it completed count as done first.  Not with a dependence table
     in its implicit task (THR's current one here), which worker_end
     frees and children still running would use.  */
  if (thr->task->dep_table == NULL && gomp_join_crowded_idle (team))
    {
      gomp_task_pending_flush (thr);
      return true;
    }
  return false;
}

void
gomp_task_drain_region (struct gomp_thread *thr)
{
  if (region_done (thr))
    return;
  gomp_task_wait_kept (thr, region_done, thr, NULL,
		       ompt_state_wait_barrier_implicit_parallel);
}
