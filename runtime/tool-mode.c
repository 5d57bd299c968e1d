/* tool-mode.c -- each thread's copy of whether a tool is on, the high
   half of its mode (tool-mode.h), kept in step with gomp_tool_active.  */

#include "config.h"
#include "internal.h"
#include "tool.h"
#include "tool-mode.h"

static unsigned int
tool_half (void)
{
  return __atomic_load_n (&gomp_tool_active, __ATOMIC_RELAXED) != 0
    ? GOMP_MODE_TOOL_HALF : 0;
}

/* Under the lock, after the store of the word it follows (program
   order, then the lock, order that store before this read).  Two
   changes at once walk one after the other, and the second reads both
   stores.  */
void
gomp_tool_mode_update (void)
{
  pthread_mutex_lock (&gomp_registry.lock);
  unsigned int half = tool_half ();
  for (struct gomp_thread *thr
	 = atomic_load_explicit (&gomp_registry.threads, memory_order_relaxed);
       thr != NULL; thr = thr->registry_next)
    __atomic_store_n (&thr->tool_mode, half, __ATOMIC_RELAXED);
  pthread_mutex_unlock (&gomp_registry.lock);
}

void
gomp_tool_mode_register (struct gomp_thread *thr)
{
  __atomic_store_n (&thr->tool_mode, tool_half (), __ATOMIC_RELAXED);
}

void
gomp_tool_word_changed (void)
{
  gomp_tool_mutex_update ();
  gomp_tool_mode_update ();
}
