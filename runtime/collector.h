/* collector.h -- the collector interface (omp_collector_api.h,
   collector.c) as a consumer of the runtime's event points.

   The collector has no event points of its own: it is the second
   consumer of the tool layer (tool.h, tool-word.h).  While a collector
   has started the interface, not paused it, and registered some
   callback, collector.c sets GOMP_TOOL_COLLECTOR in gomp_tool_active,
   and the slow paths of the event points (ompt-events.c) call
   gomp_collector_dispatch with the collector's event for that point.
   Before that, an event point costs what it costs without any tool.  */

#ifndef OMPDBG_RUNTIME_COLLECTOR_H
#define OMPDBG_RUNTIME_COLLECTOR_H 1

#include "omp_collector_api.h"

/* What gomp_collector_dispatch is sent besides the events themselves:
   the begin and end of a wait whose ompt_state_t is STATE (collector.c
   maps it to the event).  */
#define GOMP_COLLECTOR_WAIT_BEGIN 0x10000u
#define GOMP_COLLECTOR_WAIT_END 0x10001u

/* EVENT (an OMP_EVENT_* or a wait's begin or end, STATE its ompt_state_t)
   happens on the calling thread.  */
HIDDEN void gomp_collector_dispatch (unsigned int event, unsigned int state);

/* From a slow path: to the collector, if its bit is set.  */
static inline void
gomp_collector_event (unsigned int event, unsigned int state)
{
  if (__atomic_load_n (&gomp_tool_active, __ATOMIC_RELAXED)
      & GOMP_TOOL_COLLECTOR)
    gomp_collector_dispatch (event, state);
}

#endif /* OMPDBG_RUNTIME_COLLECTOR_H */
