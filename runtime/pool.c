/* pool.c -- the threads the runtime creates, and where they wait.

   A pool thread is created when a region needs one and lives until a
   pause (omp_pause_resource, pause.c) ends it; between regions it
   waits at its dock (thr->dock), a word on its own cache line.  The
   master that hands it a region writes dock_team, dock_id and bumps the
   word: the worker, spinning on its own line, sees one cache-line
   transfer and starts.  Only if it spun out and sleeps does the bump make
   a futex_wake call.

   Idle threads not reserved by a master's hot team sit on a free list
   (gomp_pool), taken under a mutex: that is only touched when a region
   needs more threads than its master already holds.

   Pool threads are joinable: a pause joins those it ends, as libgomp's
   does, so that when it returns they are gone, their thread-local
   storage (threadprivate data) destroyed, and the next region's threads
   are new ones with threadprivate data freshly initialised.  No other
   thread ever joins one, and one never exits otherwise.  */

#include "config.h"
#include "internal.h"
#include "tool.h"
#include "os.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
/* Idle unreserved pool threads: a debugger can list them from here.  */
HIDDEN struct gomp_thread *gomp_pool;

static void *worker_main (void *arg) NORETURN;

static struct gomp_thread *
pool_create (void)
{
  struct gomp_thread *thr = gomp_thread_alloc (true);
  pthread_attr_t attr;
  pthread_attr_init (&attr);
  /* env.c only keeps sizes pthreads accepts; should one still be
     refused, the thread gets the default stack rather than the program
     stopping.  */
  if (gomp_global_icv.stacksize
      && pthread_attr_setstacksize (&attr, gomp_global_icv.stacksize) != 0)
    gomp_own_warn ("cannot use a thread stack size of %lu bytes; using the "
		   "default", gomp_global_icv.stacksize);
  gomp_registry_add (thr);
  gomp_os_futex_threads (atomic_load_explicit (&gomp_registry.nthreads,
					       memory_order_relaxed));
  int err = pthread_create (&thr->pthread, &attr, worker_main, thr);
  if (err)
    gomp_fatal ("Thread creation failed: %s", strerror (err));
  pthread_attr_destroy (&attr);
  gomp_stack_guard_created (thr);
  return thr;
}

struct gomp_thread *
gomp_pool_get (void)
{
  pthread_mutex_lock (&pool_lock);
  struct gomp_thread *thr = gomp_pool;
  if (thr)
    gomp_pool = thr->pool_next;
  pthread_mutex_unlock (&pool_lock);
  if (thr == NULL)
    thr = pool_create ();
  thr->pool_next = NULL;
  return thr;
}

void
gomp_pool_put (struct gomp_thread *thr)
{
  /* It left its last team, which may now be freed: no debugger may read
     through its pointer.  (Hot-team workers, never put back, keep theirs:
     the team lives as long as they do.)  Its initial task first: a
     worker with no team and another task would be working, or in its
     barrier, for libompd; with its team it is idle until then, the
     region having ended.  */
  gomp_set_current_task (thr, &thr->initial_task);
  GOMP_DEBUG_WORD (thr->ts.team) = NULL;
  pthread_mutex_lock (&pool_lock);
  thr->pool_next = gomp_pool;
  gomp_pool = thr;
  pthread_mutex_unlock (&pool_lock);
}

/* Hand WORKER the region of TEAM as thread number ID.  */
void
gomp_dock_release (struct gomp_thread *worker, struct gomp_team *team,
		   unsigned int id)
{
  worker->dock_team = team;
  worker->dock_id = id;
  worker->dock_ws_first = team->ws_first;
  worker->dock_single_first = team->single_first;
  worker->dock_region_seq = team->region_seq;
  gomp_word_bump (&worker->dock);
}

/* End of the region for a worker, its implicit task TASK's code done
   (CFA: the frame that called it): the region's implicit barrier, then
   count itself in at the join (join.c).  A worker of a hot team with
   nothing to run joins at once and waits for the master there
   (gomp_join_early), unless it takes that back to run tasks; otherwise
   it runs tasks until the master is done and none is pending
   (task-sched.c), then joins.  Not with OMPD's event hooks on: a
   debugger breaking at the implicit task's end would see its thread run
   tasks after it.  After the join the worker must not touch TEAM: the
   master may reuse or free it.

   For debuggers the worker stays what it is in OpenMP's terms until the
   region ends -- in the implicit barrier, member of TEAM, in its
   implicit task -- and a debugger sees it idle once the team's
   REGION_SEQ has moved on from the one it recorded when it entered the
   region (LEFT_SEQ, worker_main).  So nobody writes the worker's line
   when the region ends: clearing its team here would show it idle while
   others still work in the region (a crash in one thread would show its
   finished team mates as idle), and the master clearing it after the
   join would cost a cache-line transfer per worker on every region's
   critical path.  */
static ALWAYS_INLINE void
worker_end_1 (struct gomp_thread *thr, struct gomp_team *team,
	      struct gomp_task *task, void *cfa, bool hooks)
{
  /* Its enter frame, equal to its exit frame now, says the code has
     returned (libompd/task-frame.c).  */
  gomp_task_wait_begin (task, ompt_state_wait_barrier_implicit_parallel, cfa);
  if (hooks)
    GOMP_TOOL_EVENT (region_barrier_begin, thr, cfa);
  /* With events the worker reports its barrier's end and its implicit
     task's end before it joins: never early.  */
  bool early = !hooks && team->early_join && gomp_task_none_pending (team);
  if (!early)
    gomp_task_drain_region (thr);
  if (hooks)
    GOMP_TOOL_EVENT (region_barrier_end, thr);
  /* Every task of the region has completed: none still uses the
     dependence table of this implicit task (team.c frees the
     master's).  */
  gomp_depend_table_free (task);
  if (hooks)
    GOMP_OMPD_EVENT (task_end);
  if (early)
    {
      if (gomp_join_early (thr, team))
	return;
      /* It took its join back to run tasks.  */
      gomp_task_drain_region (thr);
    }
  gomp_join_leave (team);
}

/* With events, the worker idles again once it has joined (worker_main):
   that event too is of this test.  */
static void __attribute__ ((noinline, cold))
worker_end_hooks (struct gomp_thread *thr, struct gomp_team *team,
		  struct gomp_task *task, void *cfa)
{
  worker_end_1 (thr, team, task, cfa, true);
  GOMP_TOOL_EVENT (idle, ompt_scope_begin);
}

/* One test of OMPD's flag and the tools' word for the events of a
   worker's region end and its idling after it; the copy without events
   when neither is on.  */
static ALWAYS_INLINE void
worker_end (struct gomp_thread *thr, struct gomp_team *team,
	    struct gomp_task *task, void *cfa)
{
  if (GOMP_OMPD_OR_TOOL_ON ())
    worker_end_hooks (thr, team, task, cfa);
  else
    worker_end_1 (thr, team, task, cfa, false);
}

/* The end of pool thread THR, docked with no team by a pause
   (gomp_pool_pause).  The workers of the team it last mastered (a nested
   region's) go back to the pool, for the pause to end them too; then it
   is no OpenMP thread any more, for debuggers, and exits.  Its
   descriptor stays allocated until the pause has joined it: the
   program's thread-local destructors, which run in pthread_exit, may
   still call omp_* routines.  */
static void NORETURN __attribute__ ((noinline, cold))
worker_exit (struct gomp_thread *thr)
{
  /* Woken at its dock, it stops idling, as for a region (worker_begin_1).  */
  GOMP_TOOL_EVENT (idle, ompt_scope_end);
  gomp_thread_exit_pool ();
  /* OMPD native-thread-end, while the thread is still registered.  */
  GOMP_OMPD_EVENT (thread_end);
  GOMP_TOOL_EVENT (thread_end, thr);
  gomp_task_cache_release (thr);
  gomp_registry_remove (thr);
  gomp_stack_guard_thread_end ();
  pthread_exit (NULL);
}

/* Worker THR, woken at its dock, begins its region in TEAM: it stops
   idling, moves to its place, joins the team (CFA: the frame that calls
   the implicit task's code) and its implicit task begins.  HOOKS:
   whether OMPD's breakpoint functions or a tool may want these events;
   worker_main tests both flags once for them and calls the copy
   without events when neither is on.  A flag set meanwhile takes effect
   at the region's end (worker_end tests again).  */
static ALWAYS_INLINE void
worker_begin_1 (struct gomp_thread *thr, struct gomp_team *team, void *cfa,
		bool hooks)
{
  if (hooks)
    GOMP_TOOL_EVENT (idle, ompt_scope_end);
  /* With places, move to the place the master chose, if it is not the
     one we are on, before anything of the region runs.  */
  if (unlikely (gomp_places_len != 0))
    gomp_places_worker (thr);
  gomp_team_enter (thr, team, thr->dock_id, thr->dock_ws_first,
		   thr->dock_single_first, cfa);
  /* In the region now, for debuggers: until the team's REGION_SEQ moves
     on from this, at the region's end.  (Before, they see it idle: the
     region it last joined has ended.)  */
  if (GOMP_TRACK_STATE)
    thr->left_seq = thr->dock_region_seq;
  /* OMPD implicit task begin / end, as for the master (team.c).  */
  if (hooks)
    GOMP_OMPD_TOOL_EVENT (task_begin, implicit_begin, thr);
}

static void __attribute__ ((noinline, cold))
worker_begin_hooks (struct gomp_thread *thr, struct gomp_team *team,
		    void *cfa)
{
  worker_begin_1 (thr, team, cfa, true);
}

static void *
worker_main (void *arg)
{
  struct gomp_thread *thr = arg;
  gomp_tls = thr;
  thr->tid = gomp_gettid ();
  /* A message naming OMP_STACKSIZE should the stack overflow.  */
  gomp_stack_guard_thread ();
  gomp_registry_started (thr);
  /* OMPD native-thread-begin; thread-end in worker_exit.  */
  GOMP_OMPD_EVENT (thread_begin);
  GOMP_TOOL_EVENT (thread_begin, thr, ompt_thread_worker);
  unsigned int seen = 0;
  /* For debuggers: this frame calls each region's implicit task's code,
     and is where it waits at the region's end.  Taken once: the same for
     every region (and the builtin costs registers).  */
  void *cfa = GOMP_CFA ();
  /* Idle: from here on, as debuggers see it once its last region has
     ended.  After each region the worker idles again (worker_end).  */
  GOMP_TOOL_EVENT (idle, ompt_scope_begin);
  for (;;)
    {
      gomp_word_wait (&thr->dock, seen);
      seen = atomic_load_explicit (&thr->dock, memory_order_acquire)
	& ~WORD_SLEEPING;
      struct gomp_team *team = thr->dock_team;
      if (unlikely (team == NULL))
	worker_exit (thr);
      if (GOMP_OMPD_OR_TOOL_ON ())
	worker_begin_hooks (thr, team, cfa);
      else
	worker_begin_1 (thr, team, cfa, false);
      /* Kept through the call, not read again: the same task.  */
      struct gomp_task *task = thr->task;
      team->fn (team->data);
      worker_end (thr, team, task, cfa);
    }
}

/* omp_pause_resource for the host, from the calling thread outside any
   region: end the pool threads it can give back, and wait until they
   are gone.  Those are its own hot team's workers and the free list's,
   then the workers of the nested teams that the ending threads mastered,
   which they put back on the free list (worker_exit).  libgomp ends the
   threads of the calling thread's pool, which holds the same threads:
   its workers, and those of the nested regions it started.  The hot
   teams of other threads that master regions of their own keep their
   workers, reserved for them, as libgomp's other pools do.  */
void
gomp_pool_pause (void)
{
  gomp_thread_exit_pool ();
  for (;;)
    {
      pthread_mutex_lock (&pool_lock);
      struct gomp_thread *thr = gomp_pool;
      if (thr)
	gomp_pool = thr->pool_next;
      pthread_mutex_unlock (&pool_lock);
      if (thr == NULL)
	break;
      pthread_t pthread = thr->pthread;
      thr->dock_team = NULL;
      gomp_word_bump (&thr->dock);
      int err = pthread_join (pthread, NULL);
      if (err)
	gomp_own_fatal ("cannot join a paused thread: %s", strerror (err));
      free (thr);
    }
}

/* After fork the child has only the thread that forked: every other
   OpenMP thread, reserved or free, is gone.  Forget them, so the child's
   first region creates new ones instead of waiting for the dead.  */
static void
pool_atfork_child (void)
{
  struct gomp_thread *self = gomp_tls;
  pthread_mutex_init (&pool_lock, NULL);
  gomp_pool = NULL;
  if (self != NULL)
    {
      if (self->hot_team && !self->hot_team->in_use)
	self->hot_team->nhot = 0;
      else
	self->hot_team = NULL;
      self->tid = gomp_gettid ();
      self->pthread = pthread_self ();
    }
  gomp_registry_reset (self);
}

static void __attribute__ ((constructor))
pool_init (void)
{
  pthread_atfork (NULL, NULL, pool_atfork_child);
}
