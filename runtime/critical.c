/* critical.c -- critical (unnamed and named) and the atomic fallback.

   A named critical gets an 8-byte slot in the program
   (.gomp_critical_user_<name>, zero-initialised common storage) whose
   address GCC passes as void **.  The slot is large enough to hold the
   4-byte mutex itself, so nothing is allocated and there is nothing to
   initialise: zero is "unlocked".  */

#include "config.h"
#include "internal.h"
#include "tool-mutex.h"

/* The unnamed critical and GOMP_atomic_start's lock, separate so that
   an atomic update inside a critical section cannot deadlock.  Visible to
   debuggers by name.  */
HIDDEN _Atomic int gomp_critical_lock CACHE_ALIGNED;
HIDDEN _Atomic int gomp_atomic_lock CACHE_ALIGNED;

_Static_assert (sizeof (_Atomic int) <= sizeof (void *),
		"a named critical's mutex lives in its pointer slot");

EXPORT void
GOMP_critical_start (void)
{
  gomp_tool_mutex_enter (&gomp_critical_lock, ompt_mutex_critical,
			 ompt_state_wait_critical,
			 (uintptr_t) &gomp_critical_lock);
}

EXPORT void
GOMP_critical_end (void)
{
  gomp_tool_mutex_leave (&gomp_critical_lock, ompt_mutex_critical,
			 (uintptr_t) &gomp_critical_lock);
}

EXPORT void
GOMP_critical_name_start (void **pptr)
{
  gomp_tool_mutex_enter ((_Atomic int *) pptr, ompt_mutex_critical,
			 ompt_state_wait_critical, (uintptr_t) pptr);
}

EXPORT void
GOMP_critical_name_end (void **pptr)
{
  gomp_tool_mutex_leave ((_Atomic int *) pptr, ompt_mutex_critical,
			 (uintptr_t) pptr);
}

EXPORT void
GOMP_atomic_start (void)
{
  gomp_tool_mutex_enter (&gomp_atomic_lock, ompt_mutex_atomic,
			 ompt_state_wait_atomic, (uintptr_t) &gomp_atomic_lock);
}

EXPORT void
GOMP_atomic_end (void)
{
  gomp_tool_mutex_leave (&gomp_atomic_lock, ompt_mutex_atomic,
			 (uintptr_t) &gomp_atomic_lock);
}
