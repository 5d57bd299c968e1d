/* pthread-ompd.c -- a libompd that maps threads by pthread_t only, as
   LLVM's does: ompd_get_thread_handle and ompd_get_thread_id refuse
   OMPD_THREAD_ID_LWP (ompd_rc_unsupported) and pass the pthread_t kind
   on to the build tree's libompd, whose every other routine a debugger
   finds through this library's dependency on it (dlsym searches a
   library's dependencies).  tests/gdb/idkinds.py loads it with `set ompd
   library'.  */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

#include "libompd/omp-tools.h"

#define EXPORT __attribute__ ((visibility ("default")))

EXPORT ompd_rc_t
ompd_get_thread_handle (ompd_address_space_handle_t *handle,
			ompd_thread_id_t kind, ompd_size_t sizeof_thread_id,
			const void *thread_id,
			ompd_thread_handle_t **thread_handle)
{
  static __typeof__ (ompd_get_thread_handle) *next;
  if (kind != OMPD_THREAD_ID_PTHREAD)
    return ompd_rc_unsupported;
  if (next == NULL)
    next = (__typeof__ (next)) dlsym (RTLD_NEXT, "ompd_get_thread_handle");
  if (next == NULL)
    return ompd_rc_error;
  return next (handle, kind, sizeof_thread_id, thread_id, thread_handle);
}

EXPORT ompd_rc_t
ompd_get_thread_id (ompd_thread_handle_t *thread_handle,
		    ompd_thread_id_t kind, ompd_size_t sizeof_thread_id,
		    void *thread_id)
{
  static __typeof__ (ompd_get_thread_id) *next;
  if (kind != OMPD_THREAD_ID_PTHREAD)
    return ompd_rc_unsupported;
  if (next == NULL)
    next = (__typeof__ (next)) dlsym (RTLD_NEXT, "ompd_get_thread_id");
  if (next == NULL)
    return ompd_rc_error;
  return next (thread_handle, kind, sizeof_thread_id, thread_id);
}
