/* callbacks.c -- the OMPD 5.1 debugger callbacks (§5.4), served by a
   target.  The address-space context libompd gets IS a struct
   ompdbg_target, a thread context IS a struct ompdbg_thread: the handle
   tags tell ours from stale or foreign pointers.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corefiles/target-internal.h"

ompd_address_space_context_t *
ompdbg_target_context (struct ompdbg_target *t)
{
  return ompdbg_target_valid (t) ? (ompd_address_space_context_t *) t : NULL;
}

struct ompdbg_target *
ompdbg_target_from_context (ompd_address_space_context_t *c)
{
  struct ompdbg_target *t = (struct ompdbg_target *) c;
  return ompdbg_target_valid (t) ? t : NULL;
}

ompd_thread_context_t *
ompdbg_thread_context (struct ompdbg_thread *th)
{
  return ompdbg_thread_valid (th) ? (ompd_thread_context_t *) th : NULL;
}

struct ompdbg_thread *
ompdbg_thread_from_context (ompd_thread_context_t *c)
{
  struct ompdbg_thread *th = (struct ompdbg_thread *) c;
  return ompdbg_thread_valid (th) ? th : NULL;
}

/* Our error codes as OMPD return codes.  */
static ompd_rc_t
to_rc (ompdbg_err_t err)
{
  switch (err)
    {
    case OMPDBG_E_OK: return ompd_rc_ok;
    case OMPDBG_E_NOMEM: return ompd_rc_nomem;
    case OMPDBG_E_BADARG: return ompd_rc_bad_input;
    case OMPDBG_E_BADHANDLE: return ompd_rc_stale_handle;
    case OMPDBG_E_INCOMPLETE: return ompd_rc_incomplete;
    case OMPDBG_E_UNSUPPORTED:
    case OMPDBG_E_TLS: return ompd_rc_unsupported;
    case OMPDBG_E_NOTHREAD: return ompd_rc_unavailable;
    default: return ompd_rc_error;
    }
}

static ompd_rc_t
cb_alloc (ompd_size_t nbytes, void **ptr)
{
  if (ptr == NULL)
    return ompd_rc_bad_input;
  *ptr = malloc (nbytes > 0 ? nbytes : 1);
  return *ptr != NULL ? ompd_rc_ok : ompd_rc_nomem;
}

static ompd_rc_t
cb_free (void *ptr)
{
  free (ptr);
  return ompd_rc_ok;
}

static ompd_rc_t
cb_print_string (const char *string, int category)
{
  (void) category;
  if (string == NULL)
    return ompd_rc_bad_input;
  size_t len = strlen (string);
  fprintf (stderr, "ompdbg: libompd: %s%s", string,
	   len > 0 && string[len - 1] == '\n' ? "" : "\n");
  return ompd_rc_ok;
}

static ompd_rc_t
cb_sizeof_type (ompd_address_space_context_t *ac,
		ompd_device_type_sizes_t *sizes)
{
  struct ompdbg_target *t = ompdbg_target_from_context (ac);
  if (t == NULL)
    return ompd_rc_stale_handle;
  return to_rc (ompdbg_target_type_sizes (t, sizes));
}

/* A thread context must belong to the address space it comes with.  */
static bool
thread_ok (struct ompdbg_target *t, ompd_thread_context_t *tc)
{
  return tc == NULL || ompdbg_thread_target (ompdbg_thread_from_context (tc)) == t;
}

/* A thread-local symbol has an address per thread: THREAD_CONTEXT's
   (OpenMP 5.1 §5.4.2.2: "thread_context gives the thread-specific
   context for the symbol lookup for the purpose of calculating thread
   local storage addresses"), or without one the target's first thread
   (a core's: the thread that dumped it, the one gdb selects).  */
static ompd_rc_t
cb_symbol_addr (ompd_address_space_context_t *ac, ompd_thread_context_t *tc,
		const char *name, ompd_address_t *addr, const char *file_name)
{
  struct ompdbg_target *t = ompdbg_target_from_context (ac);
  if (t == NULL || !thread_ok (t, tc))
    return ompd_rc_stale_handle;
  if (name == NULL || addr == NULL)
    return ompd_rc_bad_input;
  uint64_t a;
  ompdbg_err_t err = ompdbg_lookup_symbol (t, name, file_name, &a);
  if (err == OMPDBG_E_TLS)
    {
      struct ompdbg_thread *th = ompdbg_thread_from_context (tc);
      if (th == NULL && ompdbg_thread_at (t, 0, &th) != OMPDBG_E_OK)
	return ompd_rc_unavailable;
      err = ompdbg_lookup_tls_symbol (th, name, file_name, &a);
    }
  if (err != OMPDBG_E_OK)
    return to_rc (err);
  addr->segment = ompd_segment_none;
  addr->address = a;
  return ompd_rc_ok;
}

static ompd_rc_t
cb_read_memory (ompd_address_space_context_t *ac, ompd_thread_context_t *tc,
		const ompd_address_t *addr, ompd_size_t nbytes, void *buffer)
{
  struct ompdbg_target *t = ompdbg_target_from_context (ac);
  if (t == NULL || !thread_ok (t, tc))
    return ompd_rc_stale_handle;
  if (addr == NULL || (buffer == NULL && nbytes > 0) || nbytes > SIZE_MAX)
    return ompd_rc_bad_input;
  return to_rc (ompdbg_read_memory (t, addr->address, nbytes, buffer));
}

static ompd_rc_t
cb_read_string (ompd_address_space_context_t *ac, ompd_thread_context_t *tc,
		const ompd_address_t *addr, ompd_size_t nbytes, void *buffer)
{
  struct ompdbg_target *t = ompdbg_target_from_context (ac);
  if (t == NULL || !thread_ok (t, tc))
    return ompd_rc_stale_handle;
  if (addr == NULL || buffer == NULL || nbytes == 0 || nbytes > SIZE_MAX)
    return ompd_rc_bad_input;
  return to_rc (ompdbg_read_string (t, addr->address, nbytes, buffer));
}

static ompd_rc_t
cb_write_memory (ompd_address_space_context_t *ac, ompd_thread_context_t *tc,
		 const ompd_address_t *addr, ompd_size_t nbytes,
		 const void *buffer)
{
  struct ompdbg_target *t = ompdbg_target_from_context (ac);
  if (t == NULL || !thread_ok (t, tc))
    return ompd_rc_stale_handle;
  if (addr == NULL || (buffer == NULL && nbytes > 0) || nbytes > SIZE_MAX)
    return ompd_rc_bad_input;
  return to_rc (ompdbg_write_memory (t, addr->address, nbytes, buffer));
}

/* Target and debugger representations differ only in byte order here:
   same-order units are copied, others reversed unit by unit.  */
static ompd_rc_t
convert (ompd_address_space_context_t *ac, const void *input,
	 ompd_size_t unit_size, ompd_size_t count, void *output)
{
  struct ompdbg_target *t = ompdbg_target_from_context (ac);
  if (t == NULL)
    return ompd_rc_stale_handle;
  if (input == NULL || output == NULL || unit_size == 0
      || count > SIZE_MAX / unit_size)
    return ompd_rc_bad_input;
  size_t total = unit_size * count;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  bool same = t->byte_order == ELFDATA2LSB;
#else
  bool same = t->byte_order == ELFDATA2MSB;
#endif
  if (same || unit_size == 1)
    {
      memmove (output, input, total);
      return ompd_rc_ok;
    }
  const unsigned char *in = input;
  unsigned char *out = output;
  if (in == out)
    for (size_t u = 0; u < count; u++)
      for (size_t i = 0; i < unit_size / 2; i++)
	{
	  unsigned char c = out[u * unit_size + i];
	  out[u * unit_size + i] = out[u * unit_size + unit_size - 1 - i];
	  out[u * unit_size + unit_size - 1 - i] = c;
	}
  else
    for (size_t u = 0; u < count; u++)
      for (size_t i = 0; i < unit_size; i++)
	out[u * unit_size + i] = in[u * unit_size + unit_size - 1 - i];
  return ompd_rc_ok;
}

static ompd_rc_t
cb_thread_context (ompd_address_space_context_t *ac, ompd_thread_id_t kind,
		   ompd_size_t sizeof_thread_id, const void *thread_id,
		   ompd_thread_context_t **thread_context)
{
  struct ompdbg_target *t = ompdbg_target_from_context (ac);
  if (t == NULL)
    return ompd_rc_stale_handle;
  if (thread_id == NULL || thread_context == NULL)
    return ompd_rc_bad_input;
  struct ompdbg_thread *th;
  ompdbg_err_t err;
  /* Thread ids are in the debugger's representation (libompd converted
     them with device_to_host).  */
  switch (kind)
    {
    case OMPD_THREAD_ID_LWP:
      {
	int64_t lwp;
	if (sizeof_thread_id == 4)
	  {
	    int32_t v;
	    memcpy (&v, thread_id, 4);
	    lwp = v;
	  }
	else if (sizeof_thread_id == 8)
	  memcpy (&lwp, thread_id, 8);
	else
	  return ompd_rc_bad_input;
	if (lwp <= 0 || lwp > INT32_MAX)
	  return ompd_rc_unavailable;
	err = ompdbg_thread_by_lwp (t, (pid_t) lwp, &th);
	break;
      }
    case OMPD_THREAD_ID_PTHREAD:
      {
	/* pthread_t is an unsigned long: 8 bytes, or 4 in a 32-bit
	   target.  */
	uint64_t pt;
	if (sizeof_thread_id == 8)
	  memcpy (&pt, thread_id, 8);
	else if (sizeof_thread_id == 4 && t->elfclass == ELFCLASS32)
	  {
	    uint32_t v;
	    memcpy (&v, thread_id, 4);
	    pt = v;
	  }
	else
	  return ompd_rc_bad_input;
	err = ompdbg_thread_by_pthread (t, pt, &th);
	break;
      }
    default:
      return ompd_rc_unsupported;
    }
  if (err != OMPDBG_E_OK)
    return to_rc (err);
  *thread_context = (ompd_thread_context_t *) th;
  return ompd_rc_ok;
}

static const ompd_callbacks_t callbacks = {
  .alloc_memory = cb_alloc,
  .free_memory = cb_free,
  .print_string = cb_print_string,
  .sizeof_type = cb_sizeof_type,
  .symbol_addr_lookup = cb_symbol_addr,
  .read_memory = cb_read_memory,
  .write_memory = cb_write_memory,
  .read_string = cb_read_string,
  .device_to_host = convert,
  .host_to_device = convert,
  .get_thread_context_for_thread_id = cb_thread_context,
};

const ompd_callbacks_t *
ompdbg_callbacks (void)
{
  return &callbacks;
}
