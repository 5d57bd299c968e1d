/* collector-internal.h -- shared by the files of the collector interface
   (collector.c, collector-state.c).  */

#ifndef OMPDBG_RUNTIME_COLLECTOR_INTERNAL_H
#define OMPDBG_RUNTIME_COLLECTOR_INTERNAL_H 1

#include <stdbool.h>
#include <stdint.h>

#include "collector.h"

/* The collector's state (OMP_COLLECTOR_API_THR_STATE) for an
   ompt_state_t the runtime stores.  */
HIDDEN unsigned int gomp_collector_map_state (unsigned int ompt_state);

/* The event a thread's entering (END false) or leaving that state sends,
   0 if none.  */
HIDDEN unsigned int gomp_collector_wait_event (unsigned int ompt_state,
					       bool end);

/* The calling thread's ompt_state_t and wait id; async-signal-safe.  */
HIDDEN unsigned int gomp_collector_ompt_state (uintptr_t *wait_id);

#endif /* OMPDBG_RUNTIME_COLLECTOR_INTERNAL_H */
