/* ompd-api.h -- the tests' view of a libompd: its entry points found
   with dlsym, as a debugger finds them (tests/ompd/ompd-api.c).  */

#ifndef OMPDBG_TESTS_OMPD_API_H
#define OMPDBG_TESTS_OMPD_API_H 1

#include "libompd/omp-tools.h"
#include "libompd/ompdbg-ext.h"

/* The libompd tests go through all their checks and report every
   failure (tests/lib/check.h).  */
#define CHECK_KEEP_GOING 1
#include "tests/lib/check.h"

#define OMPD_API_ENTRIES(X)						\
  X (ompd_, initialize) X (ompd_, get_api_version)			\
  X (ompd_, get_version_string) X (ompd_, finalize)			\
  X (ompd_, process_initialize) X (ompd_, device_initialize)		\
  X (ompd_, rel_address_space_handle) X (ompd_, get_omp_version)	\
  X (ompd_, get_omp_version_string)					\
  X (ompd_, get_device_thread_id_kinds)					\
  X (ompd_, get_thread_in_parallel) X (ompd_, get_thread_handle)	\
  X (ompd_, rel_thread_handle) X (ompd_, thread_handle_compare)		\
  X (ompd_, get_thread_id) X (ompd_, get_device_from_thread)		\
  X (ompd_, get_curr_parallel_handle)					\
  X (ompd_, get_enclosing_parallel_handle)				\
  X (ompd_, get_task_parallel_handle) X (ompd_, rel_parallel_handle)	\
  X (ompd_, parallel_handle_compare) X (ompd_, get_curr_task_handle)	\
  X (ompd_, get_generating_task_handle)					\
  X (ompd_, get_scheduling_task_handle) X (ompd_, get_task_in_parallel) \
  X (ompd_, rel_task_handle) X (ompd_, task_handle_compare)		\
  X (ompd_, get_task_function) X (ompd_, get_task_frame)		\
  X (ompd_, enumerate_states) X (ompd_, get_state)			\
  X (ompd_, get_display_control_vars)					\
  X (ompd_, rel_display_control_vars) X (ompd_, enumerate_icvs)		\
  X (ompd_, get_icv_from_scope) X (ompd_, get_icv_string_from_scope)	\
  X (ompd_, get_tool_data)						\
  X (ompdbg_, get_threads) X (ompdbg_, get_deferred_tasks)		\
  X (ompdbg_, get_deferred_task_list) X (ompdbg_, get_deferred_task_info) \
  X (ompdbg_, get_deferred_task_handle)					\
  X (ompdbg_, rel_deferred_task_list)					\
  X (ompdbg_, get_task_state) X (ompdbg_, get_task_dependences)	\
  X (ompdbg_, get_wait_holder) X (ompdbg_, get_task_edges)		\
  X (ompdbg_, get_task_address)

struct ompd_api
{
#define OMPD_API_MEMBER(prefix, name) __typeof__ (prefix##name) *name;
  OMPD_API_ENTRIES (OMPD_API_MEMBER)
#undef OMPD_API_MEMBER
};

/* dlopen PATH and fill API; prints why and returns -1 on failure.  */
int ompd_api_load (const char *path, struct ompd_api *api);

/* The name of an ompd_rc_t, for messages.  */
const char *ompd_rc_name (ompd_rc_t rc);

/* RC (CALL, WANT): a check that CALL returns WANT; true when it did.  */
#define RC(call, want)							\
  ({									\
    ompd_rc_t rc_ = (call);						\
    CHECK (rc_ == (want), "%s returned %s, expected %s", #call,	\
	   ompd_rc_name (rc_), ompd_rc_name (want));			\
    rc_ == (want);							\
  })

#endif
