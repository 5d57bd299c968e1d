/* lock.c -- the mutex under critical, atomic and the OpenMP lock API
   (omp_*_lock, omp_*_nest_lock, OpenMP 3.0 semantics).

   The mutex is a futex word (Drepper, "Futexes are tricky"): 0 free,
   else held, with a bit for "maybe waited for"; the rest of a held word
   names the holder for debuggers (gomp_mutex_self).  Lock and unlock
   are one atomic operation when uncontended; a waiter spins as the wait
   policy says before sleeping, and unlock makes a system call only when
   the word says someone may sleep.

   omp_lock_t is 4 bytes in GCC's ABI: the futex word itself.
   omp_nest_lock_t is 16 bytes: {int lock; int count; void *owner} where
   the owner is the task holding it (OpenMP 3.0: nest locks are owned by
   tasks).  */

#include "config.h"
#include "internal.h"
#include "tool-mutex.h"
#include "os.h"

#include <omp.h>

_Static_assert (sizeof (omp_lock_t) == 4, "omp_lock_t is a futex word");
_Static_assert (sizeof (omp_nest_lock_t) == 16, "omp_nest_lock_t layout");

/* The OpenMP 3.0 lock API, exported as omp_*_lock@@OMP_3.0 (the map also
   lists these names in OMP_1.0 for lock-compat.c's 2.5 versions).  */
void gomp_init_lock_30 (omp_lock_t *lock);
void gomp_init_nest_lock_30 (omp_nest_lock_t *lock);
void gomp_destroy_lock_30 (omp_lock_t *lock);
void gomp_destroy_nest_lock_30 (omp_nest_lock_t *lock);
void gomp_set_lock_30 (omp_lock_t *lock);
void gomp_set_nest_lock_30 (omp_nest_lock_t *lock);
void gomp_unset_lock_30 (omp_lock_t *lock);
void gomp_unset_nest_lock_30 (omp_nest_lock_t *lock);
int gomp_test_lock_30 (omp_lock_t *lock);
int gomp_test_nest_lock_30 (omp_nest_lock_t *lock);

HIDDEN __thread int gomp_tls_holder
  __attribute__ ((tls_model ("initial-exec"))) = 1;

/* The longest pause of a lock waiter between two looks at the lock, in
   gomp_cpu_relax calls (gomp_mutex_lock_slow).  */
#define LOCK_BACKOFF_MAX 64

void
gomp_mutex_lock_slow (_Atomic int *m, int self, unsigned int state,
		      uintptr_t wait_id, void *cfa)
{
  struct gomp_thread *thr = gomp_thread ();
  struct gomp_own_wait saved = gomp_own_wait_begin (thr, state, wait_id, cfa);
  /* Spin as long as the wait policy says (OMP_WAIT_POLICY,
     GOMP_SPINCOUNT), as every other wait of the runtime does.  A holder
     that releases and at once takes the lock again can keep a spinning
     waiter out for many rounds when cache lines travel slowly between
     the CPUs; capped at 1000 spins, the waiter then went to sleep, and
     from then on every unlock made a system call (the word stays 2 while
     the woken waiter holds the lock).
     Between two looks the waiter pauses longer each time, doubling up
     to LOCK_BACKOFF_MAX pauses: each look takes the lock's line out of
     the holder's cache, and the holder's next lock or unlock waits for
     it to come back.  Under contention (CRITICAL, LOCK/UNLOCK: each
     thread takes the lock again 0.1 us after releasing it) looking at
     every pause costs 0.12-0.15 us per critical section in the VM's slow
     mode, as libgomp's lock does; with the backoff 0.012-0.025 (fast
     mode 0.005-0.008 against 0.015).  The price: a waiter may see a release up
     to 64 pauses late (1.75 us here), and the holder, taking the lock
     again meanwhile, is favoured -- OpenMP asks for no fairness, and a
     waiter that spins out sleeps and is woken as before.  */
  unsigned long long spins = gomp_spin_limit ();
  unsigned int backoff = 1;
  for (unsigned long long i = 0; i < spins;)
    {
      int z = 0;
      if (atomic_load_explicit (m, memory_order_relaxed) == 0
	  && atomic_compare_exchange_weak_explicit (m, &z, self,
						    memory_order_acquire,
						    memory_order_relaxed))
	goto out;
      i += gomp_spin_relax_n (backoff);
      if (backoff < LOCK_BACKOFF_MAX)
	backoff *= 2;
    }
  /* Sleep with OMPDBG_MUTEX_WAITERS set in the word; a waiter that
     takes the lock keeps it set, as others may sleep too.  */
  const int waiters = (int) OMPDBG_MUTEX_WAITERS;
  for (;;)
    {
      int v = atomic_load_explicit (m, memory_order_relaxed);
      if (v == 0)
	{
	  if (atomic_compare_exchange_weak_explicit (m, &v, self | waiters,
						     memory_order_acquire,
						     memory_order_relaxed))
	    break;
	  continue;
	}
      if (!(v & waiters)
	  && !atomic_compare_exchange_weak_explicit (m, &v, v | waiters,
						     memory_order_relaxed,
						     memory_order_relaxed))
	continue;
      futex_wait ((_Atomic unsigned int *) m, (unsigned int) (v | waiters));
    }
out:
  gomp_own_wait_end (thr, saved);
}

void
gomp_mutex_unlock_slow (_Atomic int *m)
{
  futex_wake ((_Atomic unsigned int *) m, 1);
}

/* ---- simple locks ------------------------------------------------------ */

EXPORT void __attribute__ ((symver ("omp_init_lock@@OMP_3.0")))
gomp_init_lock_30 (omp_lock_t *lock)
{
  atomic_store ((_Atomic int *) lock, 0);
  GOMP_TOOL_EVENT (lock_init, ompt_mutex_lock, (uintptr_t) lock,
		   GOMP_TOOL_RA ());
}

EXPORT void __attribute__ ((symver ("omp_destroy_lock@@OMP_3.0")))
gomp_destroy_lock_30 (omp_lock_t *lock)
{
  (void) lock;
  GOMP_TOOL_EVENT (lock_destroy, ompt_mutex_lock, (uintptr_t) lock,
		   GOMP_TOOL_RA ());
}

EXPORT void __attribute__ ((symver ("omp_set_lock@@OMP_3.0")))
gomp_set_lock_30 (omp_lock_t *lock)
{
  gomp_tool_mutex_enter ((_Atomic int *) lock, ompt_mutex_lock,
			 ompt_state_wait_lock, (uintptr_t) lock);
}

EXPORT void __attribute__ ((symver ("omp_unset_lock@@OMP_3.0")))
gomp_unset_lock_30 (omp_lock_t *lock)
{
  gomp_tool_mutex_leave ((_Atomic int *) lock, ompt_mutex_lock,
			 (uintptr_t) lock);
}

EXPORT int __attribute__ ((symver ("omp_test_lock@@OMP_3.0")))
gomp_test_lock_30 (omp_lock_t *lock)
{
  int z = 0;
  if (GOMP_TOOL_ON ())
    return gomp_tool_test_lock (lock, gomp_mutex_self (),
				ompt_mutex_test_lock, GOMP_TOOL_RA ());
  return atomic_compare_exchange_strong_explicit ((_Atomic int *) lock, &z,
						  gomp_mutex_self (),
						  memory_order_acquire,
						  memory_order_relaxed);
}

/* ---- nest locks ---------------------------------------------------------- */

EXPORT void __attribute__ ((symver ("omp_init_nest_lock@@OMP_3.0")))
gomp_init_nest_lock_30 (omp_nest_lock_t *lock)
{
  struct gomp_nest_lock *l = (struct gomp_nest_lock *) lock;
  atomic_store (&l->lock, 0);
  l->count = 0;
  l->owner = NULL;
  GOMP_TOOL_EVENT (lock_init, ompt_mutex_nest_lock, (uintptr_t) lock,
		   GOMP_TOOL_RA ());
}

EXPORT void __attribute__ ((symver ("omp_destroy_nest_lock@@OMP_3.0")))
gomp_destroy_nest_lock_30 (omp_nest_lock_t *lock)
{
  (void) lock;
  GOMP_TOOL_EVENT (lock_destroy, ompt_mutex_nest_lock, (uintptr_t) lock,
		   GOMP_TOOL_RA ());
}

EXPORT void __attribute__ ((symver ("omp_set_nest_lock@@OMP_3.0")))
gomp_set_nest_lock_30 (omp_nest_lock_t *lock)
{
  struct gomp_nest_lock *l = (struct gomp_nest_lock *) lock;
  void *me = gomp_thread ()->task;
  if (l->owner != me)
    {
      GOMP_TOOL_EVENT (mutex_acquire, ompt_mutex_nest_lock, (uintptr_t) lock,
		       GOMP_TOOL_RA ());
      gomp_mutex_lock_as (&l->lock, gomp_mutex_self () | (int) OMPDBG_MUTEX_NEST,
			  ompt_state_wait_lock, (uintptr_t) lock);
      l->owner = me;
      GOMP_TOOL_EVENT (mutex_acquired, ompt_mutex_nest_lock, (uintptr_t) lock,
		       GOMP_TOOL_RA ());
    }
  else
    GOMP_TOOL_EVENT (nest_lock, ompt_scope_begin, (uintptr_t) lock,
		     GOMP_TOOL_RA ());
  l->count++;
}

EXPORT void __attribute__ ((symver ("omp_unset_nest_lock@@OMP_3.0")))
gomp_unset_nest_lock_30 (omp_nest_lock_t *lock)
{
  struct gomp_nest_lock *l = (struct gomp_nest_lock *) lock;
  if (--l->count == 0)
    {
      l->owner = NULL;
      gomp_mutex_unlock (&l->lock);
      GOMP_TOOL_EVENT (mutex_released, ompt_mutex_nest_lock, (uintptr_t) lock,
		       GOMP_TOOL_RA ());
    }
  else
    GOMP_TOOL_EVENT (nest_lock, ompt_scope_end, (uintptr_t) lock,
		     GOMP_TOOL_RA ());
}

EXPORT int __attribute__ ((symver ("omp_test_nest_lock@@OMP_3.0")))
gomp_test_nest_lock_30 (omp_nest_lock_t *lock)
{
  struct gomp_nest_lock *l = (struct gomp_nest_lock *) lock;
  void *me = gomp_thread ()->task;
  if (l->owner == me)
    {
      GOMP_TOOL_EVENT (nest_lock, ompt_scope_begin, (uintptr_t) lock,
		       GOMP_TOOL_RA ());
      return ++l->count;
    }
  int self = gomp_mutex_self () | (int) OMPDBG_MUTEX_NEST;
  int z = 0;
  if (GOMP_TOOL_ON ()
      ? !gomp_tool_test_lock (&l->lock, self, ompt_mutex_test_nest_lock,
			      GOMP_TOOL_RA ())
      : !atomic_compare_exchange_strong_explicit
	  (&l->lock, &z, self, memory_order_acquire, memory_order_relaxed))
    return 0;
  l->owner = me;
  l->count = 1;
  return 1;
}
