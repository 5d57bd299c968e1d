/* incompatible-ompd.c -- a libompd that loads and initialises but finds
   every runtime incompatible (ompd_process_initialize answers
   ompd_rc_incompatible), as a libompd of another version or another
   vendor does: no-ompd.py checks that the plugin goes on to the next
   libompd the runtime names.  Every other OMPD routine exists (the
   plugin requires the whole 5.1 interface) and is never reached.  */

#include "libompd/omp-tools.h"

#define EXPORT __attribute__ ((visibility ("default")))

EXPORT ompd_rc_t
ompd_initialize (ompd_word_t api_version, const ompd_callbacks_t *callbacks)
{
  (void) api_version;
  (void) callbacks;
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompd_get_api_version (ompd_word_t *version)
{
  *version = 202011;
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompd_get_version_string (const char **string)
{
  *string = "incompatible-ompd (a test's stand-in)";
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompd_process_initialize (ompd_address_space_context_t *context,
			 ompd_address_space_handle_t **handle)
{
  (void) context;
  (void) handle;
  return ompd_rc_incompatible;
}

/* The rest: one body, under every other name of the interface.  */
static ompd_rc_t
refuse (void)
{
  return ompd_rc_incompatible;
}

#pragma GCC diagnostic ignored "-Wattribute-alias"
#define REFUSE(name) \
  EXPORT extern __typeof (name) name __attribute__ ((alias ("refuse")));
REFUSE (ompd_finalize)
REFUSE (ompd_device_initialize)
REFUSE (ompd_rel_address_space_handle)
REFUSE (ompd_get_omp_version)
REFUSE (ompd_get_omp_version_string)
REFUSE (ompd_get_thread_in_parallel)
REFUSE (ompd_get_thread_handle)
REFUSE (ompd_rel_thread_handle)
REFUSE (ompd_thread_handle_compare)
REFUSE (ompd_get_thread_id)
REFUSE (ompd_get_curr_parallel_handle)
REFUSE (ompd_get_enclosing_parallel_handle)
REFUSE (ompd_get_task_parallel_handle)
REFUSE (ompd_rel_parallel_handle)
REFUSE (ompd_parallel_handle_compare)
REFUSE (ompd_get_curr_task_handle)
REFUSE (ompd_get_generating_task_handle)
REFUSE (ompd_get_scheduling_task_handle)
REFUSE (ompd_get_task_in_parallel)
REFUSE (ompd_rel_task_handle)
REFUSE (ompd_task_handle_compare)
REFUSE (ompd_get_task_function)
REFUSE (ompd_get_task_frame)
REFUSE (ompd_enumerate_states)
REFUSE (ompd_get_state)
REFUSE (ompd_get_display_control_vars)
REFUSE (ompd_rel_display_control_vars)
REFUSE (ompd_enumerate_icvs)
REFUSE (ompd_get_icv_from_scope)
REFUSE (ompd_get_icv_string_from_scope)
REFUSE (ompd_get_tool_data)
