/* checks.h -- every OMPD routine checked against a truth (truth.h).  */

#ifndef OMPDBG_TESTS_CHECKS_H
#define OMPDBG_TESTS_CHECKS_H 1

#include "tests/ompd/ompd-api.h"
#include "tests/ompd/truth.h"

#include <stdbool.h>

/* Everything the truth states, through API on the address space AS.
   FREE_FN frees what libompd allocated (the debugger's free).  */
void checks_run (const struct ompd_api *api, ompd_address_space_handle_t *as,
		 const struct truth *t);

/* Bad input for every routine: NULL arguments, released handles, wrong
   scopes and handle kinds, unknown ids and kinds.  Needs a thread of the
   truth that is in a region (T->t[WHICH]).  */
void checks_bad_input (const struct ompd_api *api,
		       ompd_address_space_handle_t *as,
		       const struct truth *t, int which);

/* What the runtime under test publishes beyond the basics (names in its
   layout table): without them libompd must answer ompd_rc_unsupported
   for the routines that need them, and the checks expect exactly that.  */
struct check_caps
{
  bool frames;			/* gomp_task.frame.* */
  bool tool_data;		/* gomp_{thread,team,task}.tool_data */
  bool sched_parent;		/* gomp_task.sched_parent */
};
extern struct check_caps checks_caps;

/* The debugger's free, set by the harness.  */
extern ompd_rc_t (*checks_free) (void *);

/* Set by the harness for checks_bad_input: the callbacks libompd was
   initialised with (it initialises again with them, with other API
   versions) and the address-space context of AS (it opens and releases
   a second address space).  The callbacks' free must not make a
   released handle's address available again before the checks end: a
   released handle is handed back to libompd and must be recognised as
   such (both harnesses keep freed blocks until the end).  */
extern const ompd_callbacks_t *checks_callbacks;
extern ompd_address_space_context_t *checks_context;

#endif
