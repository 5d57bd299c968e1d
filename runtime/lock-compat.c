/* lock-compat.c -- the OpenMP 2.5 lock API at symbol version OMP_1.0,
   for binaries built by GCC 4.2 and 4.3 (later ones bind to the OpenMP
   3.0 functions of lock.c, version OMP_3.0).

   Simple locks are the same in both: a 4-byte futex word, so these call
   lock.c.  The 2.5 nest lock is 8 bytes, {owner, count}, and is owned by
   a *thread* (3.0 nest locks are owned by tasks): OWNER is the kernel
   thread id of the holder with OMPDBG_MUTEX_NEST, or 0.  While some
   thread may sleep on it, OWNER also has NEST25_WAITERS set, so that the
   uncontended release makes no system call.  OWNER is thus a mutex word
   as ompdbg-layout.h describes it, and COUNT is where it is in struct
   gomp_nest_lock: a debugger reads the holder and count of either
   kind of nest lock alike.

   Each function has an internal name and is bound to NAME@OMP_1.0 by a
   symver attribute; the version script keeps the internal names local.
   The Fortran forms take the lock itself (4 and 8 bytes: the sizes of
   omp_lock_kind and omp_nest_lock_kind), so they just forward.  */

#include "config.h"
#include "internal.h"
#include "os.h"
#include "tool.h"

#include <omp.h>

#define COMPAT(name) EXPORT __attribute__ ((symver (#name "@OMP_1.0")))

struct gomp_nest_lock_25
{
  _Atomic unsigned int owner;	/* nest25_self of its holder, 0 = free */
  int count;
};

_Static_assert (sizeof (struct gomp_nest_lock_25) == 8,
		"the OpenMP 2.5 nest lock is 8 bytes");

#define NEST25_WAITERS OMPDBG_MUTEX_WAITERS

_Static_assert (__builtin_offsetof (struct gomp_nest_lock_25, count)
		== __builtin_offsetof (struct gomp_nest_lock, count)
		- __builtin_offsetof (struct gomp_nest_lock, lock),
		"a debugger finds the count of both nest locks alike");

/* The owner word of the calling thread THR.  */
static inline unsigned int
nest25_self (struct gomp_thread *thr)
{
  return ((unsigned int) thr->tid & OMPDBG_MUTEX_HOLDER) | OMPDBG_MUTEX_NEST;
}

void gomp_init_lock_25 (omp_lock_t *lock);
void gomp_destroy_lock_25 (omp_lock_t *lock);
void gomp_set_lock_25 (omp_lock_t *lock);
void gomp_unset_lock_25 (omp_lock_t *lock);
int gomp_test_lock_25 (omp_lock_t *lock);
void gomp_init_nest_lock_25 (struct gomp_nest_lock_25 *lock);
void gomp_destroy_nest_lock_25 (struct gomp_nest_lock_25 *lock);
void gomp_set_nest_lock_25 (struct gomp_nest_lock_25 *lock);
void gomp_unset_nest_lock_25 (struct gomp_nest_lock_25 *lock);
int gomp_test_nest_lock_25 (struct gomp_nest_lock_25 *lock);
void gomp_init_lock__25 (omp_lock_t *lock);
void gomp_destroy_lock__25 (omp_lock_t *lock);
void gomp_set_lock__25 (omp_lock_t *lock);
void gomp_unset_lock__25 (omp_lock_t *lock);
int32_t gomp_test_lock__25 (omp_lock_t *lock);
void gomp_init_nest_lock__25 (struct gomp_nest_lock_25 *lock);
void gomp_destroy_nest_lock__25 (struct gomp_nest_lock_25 *lock);
void gomp_set_nest_lock__25 (struct gomp_nest_lock_25 *lock);
void gomp_unset_nest_lock__25 (struct gomp_nest_lock_25 *lock);
int32_t gomp_test_nest_lock__25 (struct gomp_nest_lock_25 *lock);

/* ---- simple locks ------------------------------------------------------ */

COMPAT (omp_init_lock) void
gomp_init_lock_25 (omp_lock_t *lock)
{
  omp_init_lock (lock);
}

COMPAT (omp_destroy_lock) void
gomp_destroy_lock_25 (omp_lock_t *lock)
{
  omp_destroy_lock (lock);
}

COMPAT (omp_set_lock) void
gomp_set_lock_25 (omp_lock_t *lock)
{
  omp_set_lock (lock);
}

COMPAT (omp_unset_lock) void
gomp_unset_lock_25 (omp_lock_t *lock)
{
  omp_unset_lock (lock);
}

COMPAT (omp_test_lock) int
gomp_test_lock_25 (omp_lock_t *lock)
{
  return omp_test_lock (lock);
}

/* ---- nest locks ----------------------------------------------------------- */

COMPAT (omp_init_nest_lock) void
gomp_init_nest_lock_25 (struct gomp_nest_lock_25 *lock)
{
  atomic_store_explicit (&lock->owner, 0, memory_order_relaxed);
  lock->count = 0;
  GOMP_TOOL_EVENT (lock_init, ompt_mutex_nest_lock, (uintptr_t) lock,
		   GOMP_TOOL_RA ());
}

COMPAT (omp_destroy_nest_lock) void
gomp_destroy_nest_lock_25 (struct gomp_nest_lock_25 *lock)
{
  (void) lock;
  GOMP_TOOL_EVENT (lock_destroy, ompt_mutex_nest_lock, (uintptr_t) lock,
		   GOMP_TOOL_RA ());
}

/* Wait for LOCK, held by another thread, and take it for ME.  Having
   slept, a thread cannot know whether others still sleep, so it takes
   the lock with NEST25_WAITERS set (as lock.c's mutex takes value 2).  */
static void
nest_lock_25_slow (struct gomp_thread *thr, struct gomp_nest_lock_25 *lock,
		   unsigned int me, void *cfa)
{
  struct gomp_own_wait saved
    = gomp_own_wait_begin (thr, ompt_state_wait_lock, (uintptr_t) lock, cfa);
  /* Spin first as the wait policy says, as for the 3.0 locks.  */
  unsigned long long spins = gomp_spin_limit ();
  for (unsigned long long i = 0; i < spins; i++)
    {
      unsigned int free_word = 0;
      if (atomic_load_explicit (&lock->owner, memory_order_relaxed) == 0
	  && atomic_compare_exchange_weak_explicit (&lock->owner, &free_word,
						    me, memory_order_acquire,
						    memory_order_relaxed))
	goto out;
      gomp_spin_relax ();
    }
  for (;;)
    {
      unsigned int v = atomic_load_explicit (&lock->owner,
					     memory_order_relaxed);
      if (v == 0)
	{
	  if (atomic_compare_exchange_weak_explicit
	      (&lock->owner, &v, me | NEST25_WAITERS, memory_order_acquire,
	       memory_order_relaxed))
	    break;
	  continue;
	}
      if (!(v & NEST25_WAITERS)
	  && !atomic_compare_exchange_weak_explicit
	  (&lock->owner, &v, v | NEST25_WAITERS, memory_order_relaxed,
	   memory_order_relaxed))
	continue;
      futex_wait (&lock->owner, v | NEST25_WAITERS);
    }
out:
  gomp_own_wait_end (thr, saved);
}

COMPAT (omp_set_nest_lock) void
gomp_set_nest_lock_25 (struct gomp_nest_lock_25 *lock)
{
  struct gomp_thread *thr = gomp_thread ();
  unsigned int me = nest25_self (thr);
  unsigned int v = 0;
  if (!atomic_compare_exchange_strong_explicit (&lock->owner, &v, me,
						memory_order_acquire,
						memory_order_relaxed))
    {
      if ((v & ~NEST25_WAITERS) == me)
	{
	  lock->count++;
	  GOMP_TOOL_EVENT (nest_lock, ompt_scope_begin, (uintptr_t) lock,
			   GOMP_TOOL_RA ());
	  return;
	}
      GOMP_TOOL_EVENT (mutex_acquire, ompt_mutex_nest_lock, (uintptr_t) lock,
		       GOMP_TOOL_RA ());
      nest_lock_25_slow (thr, lock, me, GOMP_CFA ());
    }
  /* Taken at the first try: the attempt's event comes after it.  */
  else
    GOMP_TOOL_EVENT (mutex_acquire, ompt_mutex_nest_lock, (uintptr_t) lock,
		     GOMP_TOOL_RA ());
  lock->count = 1;
  GOMP_TOOL_EVENT (mutex_acquired, ompt_mutex_nest_lock, (uintptr_t) lock,
		   GOMP_TOOL_RA ());
}

COMPAT (omp_unset_nest_lock) void
gomp_unset_nest_lock_25 (struct gomp_nest_lock_25 *lock)
{
  if (--lock->count != 0)
    {
      GOMP_TOOL_EVENT (nest_lock, ompt_scope_end, (uintptr_t) lock,
		       GOMP_TOOL_RA ());
      return;
    }
  if (atomic_exchange_explicit (&lock->owner, 0, memory_order_release)
      & NEST25_WAITERS)
    futex_wake (&lock->owner, 1);
  GOMP_TOOL_EVENT (mutex_released, ompt_mutex_nest_lock, (uintptr_t) lock,
		   GOMP_TOOL_RA ());
}

COMPAT (omp_test_nest_lock) int
gomp_test_nest_lock_25 (struct gomp_nest_lock_25 *lock)
{
  unsigned int me = nest25_self (gomp_thread ());
  unsigned int v = 0;
  if (atomic_compare_exchange_strong_explicit (&lock->owner, &v, me,
					       memory_order_acquire,
					       memory_order_relaxed))
    {
      lock->count = 1;
      GOMP_TOOL_EVENT (test_nest_lock_25, lock, true, GOMP_TOOL_RA ());
      return 1;
    }
  if ((v & ~NEST25_WAITERS) == me)
    {
      GOMP_TOOL_EVENT (nest_lock, ompt_scope_begin, (uintptr_t) lock,
		       GOMP_TOOL_RA ());
      return ++lock->count;
    }
  GOMP_TOOL_EVENT (test_nest_lock_25, lock, false, GOMP_TOOL_RA ());
  return 0;
}

/* ---- Fortran ------------------------------------------------------------ */

COMPAT (omp_init_lock_) void
gomp_init_lock__25 (omp_lock_t *lock)
{
  gomp_init_lock_25 (lock);
}

COMPAT (omp_destroy_lock_) void
gomp_destroy_lock__25 (omp_lock_t *lock)
{
  gomp_destroy_lock_25 (lock);
}

COMPAT (omp_set_lock_) void
gomp_set_lock__25 (omp_lock_t *lock)
{
  gomp_set_lock_25 (lock);
}

COMPAT (omp_unset_lock_) void
gomp_unset_lock__25 (omp_lock_t *lock)
{
  gomp_unset_lock_25 (lock);
}

COMPAT (omp_test_lock_) int32_t
gomp_test_lock__25 (omp_lock_t *lock)
{
  return gomp_test_lock_25 (lock);
}

COMPAT (omp_init_nest_lock_) void
gomp_init_nest_lock__25 (struct gomp_nest_lock_25 *lock)
{
  gomp_init_nest_lock_25 (lock);
}

COMPAT (omp_destroy_nest_lock_) void
gomp_destroy_nest_lock__25 (struct gomp_nest_lock_25 *lock)
{
  gomp_destroy_nest_lock_25 (lock);
}

COMPAT (omp_set_nest_lock_) void
gomp_set_nest_lock__25 (struct gomp_nest_lock_25 *lock)
{
  gomp_set_nest_lock_25 (lock);
}

COMPAT (omp_unset_nest_lock_) void
gomp_unset_nest_lock__25 (struct gomp_nest_lock_25 *lock)
{
  gomp_unset_nest_lock_25 (lock);
}

COMPAT (omp_test_nest_lock_) int32_t
gomp_test_nest_lock__25 (struct gomp_nest_lock_25 *lock)
{
  return gomp_test_nest_lock_25 (lock);
}
