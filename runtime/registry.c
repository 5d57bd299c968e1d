/* registry.c -- every OpenMP thread, reachable from gomp_registry.

   A debugger (libompd) enumerates OpenMP threads by walking
   gomp_registry.threads, and maps an OS thread to its gomp_thread by the
   tid field, with no thread-local-storage lookup: that also works on core
   files without libthread_db.  A thread is added once, and removed when
   it stops being an OpenMP thread: a thread the runtime did not create
   (a user pthread) by its TLS destructor, a pool thread when a pause
   ends it (pool.c).

   The index.  Walking the list costs a debugger one memory read per
   thread; gomp_registry.index holds every registered thread as a slot
   {tid, pthread, thread} in an array of index_len slots, which it reads
   in one go.  The protocol, for a debugger reading a stopped process or
   a core file:
   1. read gomp_registry (one read: index, index_len, generation);
   2. if generation is odd, the process stopped while a thread was
      changing the index: do not use it, walk the list instead (the list
      itself is consistent at every instant a thread can stop at);
   3. else read index_len slots from index.  A slot's tid and pthread
      are 0 for a pool thread that has not started running yet (it is
      registered before pthread_create; the list's gomp_thread says the
      same);
   4. cache the slots keyed by generation: while it reads the same, the
      index has not changed (it only grows by 2 per change, so it never
      comes back to a value seen before).
   Every change happens under gomp_registry.lock: generation becomes odd,
   the index changes (a new array, or one slot updated in place), then
   generation becomes even again.  A replaced array is freed at once: a
   reader of a live process must stop it first (ptrace), as debuggers do.
   Changes are rare (a thread is created, a user pthread ends, a pause
   ends the pool threads), so none of this is on a fast path.  */

#include "config.h"
#include "internal.h"
#include "tool.h"
#include "os.h"

#include <stdlib.h>
#include <string.h>

HIDDEN struct gomp_registry gomp_registry = {
  .lock = PTHREAD_MUTEX_INITIALIZER,
};

__thread struct gomp_thread *gomp_tls;
__thread struct gomp_work_share *gomp_tls_ws;

static pthread_key_t foreign_key;
static pthread_once_t foreign_once = PTHREAD_ONCE_INIT;


struct gomp_thread *
gomp_thread_alloc (bool pool_thread)
{
  struct gomp_thread *thr;
  if (posix_memalign ((void **) &thr, CACHE_LINE, sizeof *thr) != 0)
    gomp_fatal_oom (sizeof *thr);
  memset (thr, 0, sizeof *thr);
  thr->pool_thread = pool_thread;
  thr->state = ompt_state_work_serial;	/* idle: libompd sees it otherwise */
  thr->task = &thr->initial_task;
  thr->initial_task.kind = TASK_INITIAL | TASK_IMPLICIT;
  thr->initial_task.thread = thr;
  thr->initial_task.icv = gomp_initial_icv;
  thr->ts.place = -1;		/* no place until it needs one (places.c) */
  thr->bound_place = -1;
  gomp_task_init_implicit (&thr->initial_task, NULL);
  return thr;
}

/* Index changes, under gomp_registry.lock: generation odd while the
   index is not consistent (see above).  */
static void
index_begin (void)
{
  atomic_fetch_add_explicit (&gomp_registry.generation, 1,
			     memory_order_seq_cst);
}

static void
index_end (void)
{
  atomic_fetch_add_explicit (&gomp_registry.generation, 1,
			     memory_order_seq_cst);
}

static void
index_slot_fill (struct gomp_registry_slot *slot, struct gomp_thread *thr)
{
  slot->tid = thr->tid;
  slot->pthread = thr->tid ? (uintptr_t) thr->pthread : 0;
  slot->thread = thr;
}

/* Replace the index by one with THR added (ADD) or removed.  */
static void
index_replace (struct gomp_thread *thr, bool add)
{
  unsigned int len = gomp_registry.index_len;
  struct gomp_registry_slot *old = gomp_registry.index;
  struct gomp_registry_slot *slots = malloc ((len + 1) * sizeof *slots);
  if (slots == NULL)
    gomp_fatal_oom ((len + 1) * sizeof *slots);
  unsigned int n = 0;
  for (unsigned int i = 0; i < len; i++)
    if (old[i].thread != thr)
      slots[n++] = old[i];
  if (add)
    index_slot_fill (&slots[n++], thr);
  index_begin ();
  gomp_registry.index = slots;
  gomp_registry.index_len = n;
  index_end ();
  free (old);
}

void
gomp_registry_add (struct gomp_thread *thr)
{
  pthread_mutex_lock (&gomp_registry.lock);
  thr->serial = atomic_fetch_add (&gomp_registry.nthreads, 1);
  gomp_tool_mode_register (thr);
  thr->registry_next = gomp_registry.threads;
  atomic_store_explicit (&gomp_registry.threads, thr, memory_order_release);
  index_replace (thr, true);
  pthread_mutex_unlock (&gomp_registry.lock);
}

/* A pool thread runs: its tid (set by itself) and pthread are known now.  */
void
gomp_registry_started (struct gomp_thread *thr)
{
  gomp_tls_holder = thr->tid;
  pthread_mutex_lock (&gomp_registry.lock);
  for (unsigned int i = 0; i < gomp_registry.index_len; i++)
    if (gomp_registry.index[i].thread == thr)
      {
	index_begin ();
	gomp_registry.index[i].tid = thr->tid;
	gomp_registry.index[i].pthread = (uintptr_t) pthread_self ();
	index_end ();
	break;
      }
  pthread_mutex_unlock (&gomp_registry.lock);
}

void
gomp_registry_remove (struct gomp_thread *thr)
{
  pthread_mutex_lock (&gomp_registry.lock);
  struct gomp_thread *_Atomic *pp = &gomp_registry.threads;
  while (*pp && *pp != thr)
    pp = (struct gomp_thread * _Atomic *) &(*pp)->registry_next;
  if (*pp)
    {
      *pp = thr->registry_next;
      atomic_fetch_sub (&gomp_registry.nthreads, 1);
      index_replace (thr, false);
    }
  pthread_mutex_unlock (&gomp_registry.lock);
}

/* In the child of fork: only the forking thread, SELF (maybe NULL),
   remains.  Forget the others and register SELF anew.  */
void
gomp_registry_reset (struct gomp_thread *self)
{
  pthread_mutex_init (&gomp_registry.lock, NULL);
  index_begin ();
  atomic_store (&gomp_registry.threads, NULL);
  atomic_store (&gomp_registry.nthreads, 0);
  free (gomp_registry.index);
  gomp_registry.index = NULL;
  gomp_registry.index_len = 0;
  index_end ();
  if (self)
    {
      gomp_tls_holder = self->tid;
      gomp_registry_add (self);
    }
}

/* A thread the runtime did not create leaves: hand its hot workers back
   to the pool and forget it.  */
static void
foreign_thread_exit (void *arg)
{
  struct gomp_thread *thr = arg;
  gomp_tls = thr;
  /* OMPD initial-thread-end, while the thread is still registered.  */
  GOMP_OMPD_EVENT (thread_end);
  GOMP_TOOL_EVENT (initial_thread_end, thr);
  gomp_thread_exit_pool ();
  gomp_tls = NULL;
  gomp_registry_remove (thr);
  free (thr);
}

static void
foreign_key_create (void)
{
  pthread_key_create (&foreign_key, foreign_thread_exit);
}

/* First OpenMP call on a thread the runtime did not start (the initial
   thread, or a user's pthread): it becomes an initial thread.  */
struct gomp_thread *
gomp_thread_slow (void)
{
  struct gomp_thread *thr = gomp_thread_alloc (false);
  thr->pthread = pthread_self ();
  thr->tid = gomp_gettid ();
  gomp_tls_holder = thr->tid;
  gomp_registry_add (thr);
  gomp_tls = thr;
  pthread_once (&foreign_once, foreign_key_create);
  pthread_setspecific (foreign_key, thr);
  /* OMPD initial-thread-begin: the initial thread, or a user's pthread,
     now is an OpenMP thread a debugger can find.  */
  GOMP_OMPD_EVENT (thread_begin);
  GOMP_TOOL_EVENT (initial_thread_begin, thr);
  return thr;
}
