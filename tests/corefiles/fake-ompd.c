/* fake-ompd.c -- a stand-in libompd for check-session: it records how
   the debugger side loads and initialises it, and uses the callbacks it
   is given the way a libompd does (find ompd_dll_locations, read it).  */

#include <stddef.h>
#include <string.h>

#include "libompd/omp-tools.h"

#define EXPORT __attribute__ ((visibility ("default")))

/* What happened, read by check-session with dlsym.  */
struct fake_ompd_record
{
  int initialize_calls, finalize_calls, process_calls, release_calls;
  ompd_word_t api_version;
  const ompd_callbacks_t *callbacks;
  ompd_address_space_context_t *context;
  ompd_rc_t lookup_rc, read_rc;
  char first_location[512];
  int fail_process;		/* set by the test: incompatible */
};
EXPORT struct fake_ompd_record fake_ompd_record;

struct _ompd_aspace_handle
{
  ompd_address_space_context_t *context;
};

EXPORT ompd_rc_t
ompd_initialize (ompd_word_t api_version, const ompd_callbacks_t *callbacks)
{
  fake_ompd_record.initialize_calls++;
  fake_ompd_record.api_version = api_version;
  fake_ompd_record.callbacks = callbacks;
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompd_finalize (void)
{
  fake_ompd_record.finalize_calls++;
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompd_get_api_version (ompd_word_t *version)
{
  *version = 202011;
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompd_process_initialize (ompd_address_space_context_t *context,
			 ompd_address_space_handle_t **handle)
{
  const ompd_callbacks_t *cb = fake_ompd_record.callbacks;
  fake_ompd_record.process_calls++;
  fake_ompd_record.context = context;
  if (fake_ompd_record.fail_process)
    return ompd_rc_incompatible;
  ompd_address_t sym, arr, first;
  fake_ompd_record.lookup_rc
    = cb->symbol_addr_lookup (context, NULL, "ompd_dll_locations", &sym, NULL);
  if (fake_ompd_record.lookup_rc != ompd_rc_ok)
    return ompd_rc_error;
  arr.segment = first.segment = ompd_segment_none;
  uint64_t raw;
  fake_ompd_record.read_rc = cb->read_memory (context, NULL, &sym, 8, &raw);
  if (fake_ompd_record.read_rc == ompd_rc_ok)
    fake_ompd_record.read_rc = cb->device_to_host (context, &raw, 8, 1,
						   &arr.address);
  if (fake_ompd_record.read_rc == ompd_rc_ok)
    fake_ompd_record.read_rc = cb->read_memory (context, NULL, &arr, 8, &raw);
  if (fake_ompd_record.read_rc == ompd_rc_ok)
    fake_ompd_record.read_rc = cb->device_to_host (context, &raw, 8, 1,
						   &first.address);
  if (fake_ompd_record.read_rc == ompd_rc_ok)
    fake_ompd_record.read_rc
      = cb->read_string (context, NULL, &first,
			 sizeof fake_ompd_record.first_location,
			 fake_ompd_record.first_location);
  if (fake_ompd_record.read_rc != ompd_rc_ok)
    return ompd_rc_error;
  void *p;
  ompd_rc_t rc = cb->alloc_memory (sizeof **handle, &p);
  if (rc != ompd_rc_ok)
    return rc;
  *handle = p;
  (*handle)->context = context;
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompd_rel_address_space_handle (ompd_address_space_handle_t *handle)
{
  fake_ompd_record.release_calls++;
  return fake_ompd_record.callbacks->free_memory (handle);
}
