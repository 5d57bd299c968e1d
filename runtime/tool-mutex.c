/* tool-mutex.c -- the slow paths of the mutex of critical, atomic and
   omp_set_lock (tool-mutex.h), and the values its fast path compares
   with, which follow gomp_tool_active.  */

#include "config.h"
#include "internal.h"
#include "tool.h"
#include "tool-mutex.h"

HIDDEN struct gomp_tool_mutex gomp_tool_mutex CACHE_ALIGNED
  = { 0, OMPDBG_MUTEX_WAITERS };

/* Two threads may change bits of gomp_tool_active at once (a collector
   started while an OMPT tool detaches): each stores the values for the
   word it read, then reads the word again, so that the last to store
   stores the values of the word as it is.  */
void
gomp_tool_mutex_update (void)
{
  int active;
  do
    {
      active = __atomic_load_n (&gomp_tool_active, __ATOMIC_ACQUIRE);
      __atomic_store_n (&gomp_tool_mutex.free,
			active ? GOMP_TOOL_MUTEX_NEVER : 0, __ATOMIC_RELAXED);
      __atomic_store_n (&gomp_tool_mutex.slow,
			active ? ~0u : OMPDBG_MUTEX_WAITERS,
			__ATOMIC_RELAXED);
      gomp_task_general_update (active);
      __atomic_thread_fence (__ATOMIC_SEQ_CST);
    }
  while (__atomic_load_n (&gomp_tool_active, __ATOMIC_ACQUIRE) != active);
}

void
gomp_tool_mutex_lock (_Atomic int *m, ompt_mutex_t kind, unsigned int state,
		      uintptr_t wait_id, void *cfa, const void *ra)
{
  bool tool = GOMP_TOOL_ON ();
  int self = gomp_mutex_self ();
  if (tool)
    gomp_tool_mutex_acquire (kind, wait_id, ra);
  int z = 0;
  if (!atomic_compare_exchange_strong_explicit (m, &z, self,
						memory_order_acquire,
						memory_order_relaxed))
    gomp_mutex_lock_slow (m, self, state, wait_id, cfa);
  if (tool)
    gomp_tool_mutex_acquired (kind, wait_id, ra);
}

void
gomp_tool_mutex_unlock (_Atomic int *m, unsigned int slow, ompt_mutex_t kind,
			uintptr_t wait_id, const void *ra)
{
  if (slow & OMPDBG_MUTEX_WAITERS)
    gomp_mutex_unlock_slow (m);
  if (GOMP_TOOL_ON ())
    gomp_tool_mutex_released (kind, wait_id, ra);
}
