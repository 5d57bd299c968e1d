/* address-space.c -- sessions on a process: ompd_process_initialize,
   ompd_device_initialize, ompd_rel_address_space_handle,
   ompd_get_omp_version, ompd_get_omp_version_string (OpenMP 5.1 §5.5.2,
   §5.5.4) and OpenMP 5.2's ompd_get_device_thread_id_kinds.

   An address-space handle holds what the layout table says (read once,
   in layout.c) and the registry index cache (registry.c).  The runtime is
   host-only, so there is one address space per process and no device.  */

#include "config.h"
#include "libompd/libompd-int.h"

#include <string.h>

EXPORT ompd_rc_t
ompd_process_initialize (ompd_address_space_context_t *context,
			 ompd_address_space_handle_t **handle)
{
  if (context == NULL || handle == NULL)
    return ompd_rc_bad_input;
  if (ompd_cb == NULL)
    return ompd_rc_error;
  ompd_rc_t rc;
  ompd_address_space_handle_t *as = handle_new (HK_ASPACE, sizeof *as,
						NULL, &rc);
  if (as == NULL)
    return rc;
  as->context = context;
  rc = layout_load (as);
  if (rc != ompd_rc_ok)
    {
      handle_free (as, NULL);
      return rc;
    }
  *handle = as;
  return ompd_rc_ok;
}

/* No offload devices: target regions run on the host.  */
EXPORT ompd_rc_t
ompd_device_initialize (ompd_address_space_handle_t *process_handle,
			ompd_address_space_context_t *device_context,
			ompd_device_t kind, ompd_size_t sizeof_id, void *id,
			ompd_address_space_handle_t **device_handle)
{
  ompd_rc_t rc = check_aspace (process_handle);
  if (rc != ompd_rc_ok)
    return rc;
  if (device_context == NULL || id == NULL || device_handle == NULL)
    return ompd_rc_bad_input;
  (void) kind;
  (void) sizeof_id;
  return ompd_rc_unsupported;
}

EXPORT ompd_rc_t
ompd_rel_address_space_handle (ompd_address_space_handle_t *handle)
{
  ompd_rc_t rc = check_aspace (handle);
  if (rc != ompd_rc_ok)
    return rc;
  /* Thread, parallel and task handles point into it.  */
  if (handle->children != 0)
    return ompd_rc_unavailable;
  lib_free (handle->index.data);
  handle_free (handle, NULL);
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompd_get_omp_version (ompd_address_space_handle_t *address_space,
		      ompd_word_t *omp_version)
{
  ompd_rc_t rc = check_aspace (address_space);
  if (rc != ompd_rc_ok)
    return rc;
  if (omp_version == NULL)
    return ompd_rc_bad_input;
  ompd_addr_t root = address_space->roots[OMPDBG_ROOT_OPENMP_VERSION];
  if (root == 0)
    return ompd_rc_unavailable;
  uint64_t v;
  rc = tread_uint (address_space, root, address_space->sizes.sizeof_int, &v);
  if (rc != ompd_rc_ok)
    return rc;
  *omp_version = (int32_t) v;
  return ompd_rc_ok;
}

/* "<runtime version string> (OpenMP <_OPENMP>)", owned by the caller.  */
EXPORT ompd_rc_t
ompd_get_omp_version_string (ompd_address_space_handle_t *address_space,
			     const char **string)
{
  ompd_rc_t rc = check_aspace (address_space);
  if (rc != ompd_rc_ok)
    return rc;
  if (string == NULL)
    return ompd_rc_bad_input;
  ompd_word_t ver = 0;
  rc = ompd_get_omp_version (address_space, &ver);
  if (rc != ompd_rc_ok)
    return rc;
  char *name = NULL;
  ompd_addr_t root = address_space->roots[OMPDBG_ROOT_VERSION_STRING];
  if (root != 0)
    {
      rc = tread_string (address_space, root, &name);
      if (rc != ompd_rc_ok)
	return rc;
    }
  /* Room for the name, " (OpenMP ", 20 digits and a sign, ")".  */
  size_t n = (name ? strlen (name) : 0) + 40;
  char *out;
  rc = lib_alloc (n, &out);
  if (rc == ompd_rc_ok)
    {
      struct strbuf b;
      sb_init (&b, out, n);
      if (name)
	{
	  sb_str (&b, name);
	  sb_str (&b, " (");
	}
      sb_str (&b, "OpenMP ");
      sb_i64 (&b, ver);
      if (name)
	sb_str (&b, ")");
      *string = out;
    }
  lib_free (name);
  return rc;
}

/* OpenMP 5.2: the kinds of native thread ids this address space's threads
   can be named by: LWP and pthread, 8 bytes each (4 also works for
   ompd_get_thread_handle).  Arrays owned by the caller.  */
EXPORT ompd_rc_t
ompd_get_device_thread_id_kinds (ompd_address_space_handle_t *device_handle,
				 ompd_thread_id_t **kinds,
				 ompd_size_t **thread_id_sizes, int *count)
{
  ompd_rc_t rc = check_aspace (device_handle);
  if (rc != ompd_rc_ok)
    return rc;
  if (kinds == NULL || thread_id_sizes == NULL || count == NULL)
    return ompd_rc_bad_input;
  ompd_thread_id_t *k;
  ompd_size_t *s;
  rc = lib_alloc (2 * sizeof *k, &k);
  if (rc != ompd_rc_ok)
    return rc;
  rc = lib_alloc (2 * sizeof *s, &s);
  if (rc != ompd_rc_ok)
    {
      lib_free (k);
      return rc;
    }
  k[0] = OMPD_THREAD_ID_LWP;
  s[0] = 8;
  k[1] = OMPD_THREAD_ID_PTHREAD;
  s[1] = device_handle->sizes.sizeof_pointer;
  *kinds = k;
  *thread_id_sizes = s;
  *count = 2;
  return ompd_rc_ok;
}
