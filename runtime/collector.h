/* collector.h -- where the runtime tells a collector (omp_collector_api.h,
   collector.c) what its threads do.

   The events are sent from the places that keep the state for debuggers
   (internal.h: gomp_own_wait_begin and friends; the region's start and
   end in team.c and parallel.c, a worker's dock in pool.c): one set of
   instrumentation points, each a call of gomp_collector_event, which
   tests one global word and calls the one dispatch function only when a
   collector has started the interface and asked for some event.  Before
   that, an event costs a compare of a global with zero and a branch not
   taken.  */

#ifndef OMPDBG_RUNTIME_COLLECTOR_H
#define OMPDBG_RUNTIME_COLLECTOR_H 1

#include "omp_collector_api.h"

/* Nonzero while the interface is started, not paused, and some event has
   a callback (collector.c).  Written only under the interface's lock.  */
extern HIDDEN int gomp_collector_active;

/* What gomp_collector_event sends besides the events themselves: the
   begin and end of a wait whose ompt_state_t is STATE (collector.c maps
   it to the event), or GOMP_COLLECTOR_OWN_STATE for the wait the
   calling thread's state word holds.  */
#define GOMP_COLLECTOR_WAIT_BEGIN 0x10000u
#define GOMP_COLLECTOR_WAIT_END 0x10001u
#define GOMP_COLLECTOR_OWN_STATE (~0u)

HIDDEN void gomp_collector_dispatch (unsigned int event, unsigned int state);

/* EVENT (an OMP_EVENT_* or a wait's begin or end, STATE its ompt_state_t)
   happens on the calling thread.  */
static inline __attribute__ ((always_inline)) void
gomp_collector_event (unsigned int event, unsigned int state)
{
  if (__builtin_expect (gomp_collector_active != 0, 0))
    gomp_collector_dispatch (event, state);
}

#endif /* OMPDBG_RUNTIME_COLLECTOR_H */
