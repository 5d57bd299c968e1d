/* truth-self.h -- filling a truth (truth.h) from inside the program.  */

#ifndef OMPDBG_TESTS_TRUTH_SELF_H
#define OMPDBG_TESTS_TRUTH_SELF_H 1

#include "tests/ompd/truth.h"

/* The calling thread as it is now, plus what only the caller knows: the
   state it will be in at the stop point and its wait id, its current
   task's kind (1 initial, 2 implicit, 4 explicit) and function (or an
   address inside it), the innermost region's outlined function.  */
void truth_self (struct truth_thread *t, long state, uint64_t wait_id,
		 int task_kind, uint64_t task_fn, uint64_t task_ra,
		 uint64_t region_fn);
/* The address-space ICVs.  */
void truth_global (struct truth *t);

#endif
