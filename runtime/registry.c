/* registry.c -- every OpenMP thread, reachable from gomp_registry.

   A debugger (libompd, issue 4) enumerates OpenMP threads by walking
   gomp_registry.threads, and maps an OS thread to its gomp_thread by the
   tid field, with no thread-local-storage lookup: that also works on core
   files without libthread_db.  Threads are added once and never removed
   while the runtime is loaded, except threads the runtime did not create
   (user pthreads), which are unlinked by their TLS destructor.  */

#include "config.h"
#include "internal.h"
#include "futex.h"

#include <stdlib.h>
#include <string.h>

HIDDEN struct gomp_registry gomp_registry = {
  .lock = PTHREAD_MUTEX_INITIALIZER,
};

__thread struct gomp_thread *gomp_tls;

static pthread_key_t foreign_key;
static pthread_once_t foreign_once = PTHREAD_ONCE_INIT;


struct gomp_thread *
gomp_thread_alloc (bool pool_thread)
{
  struct gomp_thread *thr;
  if (posix_memalign ((void **) &thr, CACHE_LINE, sizeof *thr) != 0)
    gomp_fatal ("out of memory allocating a thread descriptor");
  memset (thr, 0, sizeof *thr);
  thr->pool_thread = pool_thread;
  thr->state = pool_thread ? STATE_IDLE : STATE_WORK_SERIAL;
  thr->task = &thr->initial_task;
  thr->initial_task.kind = TASK_INITIAL | TASK_IMPLICIT;
  thr->initial_task.thread = thr;
  thr->initial_task.icv = gomp_initial_icv;
  thr->ts.place = -1;		/* no place until it needs one (places.c) */
  thr->bound_place = -1;
  gomp_task_init_implicit (&thr->initial_task);
  return thr;
}

void
gomp_registry_add (struct gomp_thread *thr)
{
  pthread_mutex_lock (&gomp_registry.lock);
  thr->serial = atomic_fetch_add (&gomp_registry.nthreads, 1);
  thr->registry_next = gomp_registry.threads;
  atomic_store_explicit (&gomp_registry.threads, thr, memory_order_release);
  pthread_mutex_unlock (&gomp_registry.lock);
}

static void
registry_remove (struct gomp_thread *thr)
{
  pthread_mutex_lock (&gomp_registry.lock);
  struct gomp_thread *_Atomic *pp = &gomp_registry.threads;
  while (*pp && *pp != thr)
    pp = (struct gomp_thread * _Atomic *) &(*pp)->registry_next;
  if (*pp)
    {
      *pp = thr->registry_next;
      atomic_fetch_sub (&gomp_registry.nthreads, 1);
    }
  pthread_mutex_unlock (&gomp_registry.lock);
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
  gomp_thread_exit_pool ();
  gomp_tls = NULL;
  registry_remove (thr);
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
  gomp_registry_add (thr);
  gomp_tls = thr;
  pthread_once (&foreign_once, foreign_key_create);
  pthread_setspecific (foreign_key, thr);
  /* OMPD initial-thread-begin: the initial thread, or a user's pthread,
     now is an OpenMP thread a debugger can find.  */
  GOMP_OMPD_EVENT (thread_begin);
  return thr;
}
