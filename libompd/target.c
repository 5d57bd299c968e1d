/* target.c -- memory of the debugger (through the alloc/free callbacks)
   and of the target (through read_memory), with the target's byte order.

   Every read goes through tread, which turns any failure of the callback
   into ompd_rc_device_read_error (or passes a stale-context report on):
   the callers never see partially read data.  */

#include "config.h"
#include "libompd/libompd-int.h"

#include <string.h>

ompd_rc_t
lib_alloc (size_t n, void *ptr)
{
  void **out = ptr;
  *out = NULL;
  if (ompd_cb == NULL)
    return ompd_rc_error;
  /* Sizes come from the target: never ask the debugger for absurd
     amounts because of garbage.  */
  if (n > MAX_ALLOC)
    return ompd_rc_nomem;
  void *p = NULL;
  ompd_rc_t rc = ompd_cb->alloc_memory (n ? n : 1, &p);
  if (rc != ompd_rc_ok || p == NULL)
    return ompd_rc_nomem;
  *out = p;
  return ompd_rc_ok;
}

void
lib_free (void *p)
{
  if (p != NULL && ompd_cb != NULL)
    ompd_cb->free_memory (p);
}

ompd_rc_t
lib_strdup (const char *s, const char **out)
{
  size_t n = strlen (s) + 1;
  char *p;
  ompd_rc_t rc = lib_alloc (n, &p);
  if (rc != ompd_rc_ok)
    return rc;
  memcpy (p, s, n);
  *out = p;
  return ompd_rc_ok;
}

ompd_rc_t
tread (ompd_address_space_handle_t *as, ompd_addr_t addr, size_t n,
       void *buf)
{
  if (addr == 0)
    return ompd_rc_device_read_error;
  if (n == 0)
    return ompd_rc_ok;
  if (addr + n < addr)
    return ompd_rc_device_read_error;
  ompd_address_t a = { ompd_segment_none, addr };
  ompd_rc_t rc = ompd_cb->read_memory (as->context, NULL, &a, n, buf);
  if (rc == ompd_rc_ok)
    return ompd_rc_ok;
  if (rc == ompd_rc_stale_handle)
    return rc;
  return ompd_rc_device_read_error;
}

uint64_t
tload (const ompd_address_space_handle_t *as, const unsigned char *p,
       uint32_t size)
{
  uint64_t v = 0;
  switch (size)
    {
    case 1:
      return p[0];
    case 2:
      {
	uint16_t x;
	memcpy (&x, p, 2);
	return as->swap ? __builtin_bswap16 (x) : x;
      }
    case 4:
      {
	uint32_t x;
	memcpy (&x, p, 4);
	return as->swap ? __builtin_bswap32 (x) : x;
      }
    case 8:
      memcpy (&v, p, 8);
      return as->swap ? __builtin_bswap64 (v) : v;
    default:
      return 0;
    }
}

ompd_rc_t
tread_uint (ompd_address_space_handle_t *as, ompd_addr_t addr,
	    uint32_t size, uint64_t *v)
{
  unsigned char b[8];
  if (size != 1 && size != 2 && size != 4 && size != 8)
    return ompd_rc_incompatible;
  ompd_rc_t rc = tread (as, addr, size, b);
  if (rc == ompd_rc_ok)
    *v = tload (as, b, size);
  return rc;
}

ompd_rc_t
tread_ptr (ompd_address_space_handle_t *as, ompd_addr_t addr, uint64_t *v)
{
  return tread_uint (as, addr, as->sizes.sizeof_pointer, v);
}

/* Without a read_string callback: aligned 64-byte pieces through
   read_memory, which never cross a page the string does not reach.  */
static ompd_rc_t
tread_string_chunks (ompd_address_space_handle_t *as, ompd_addr_t addr,
		     char **out)
{
  char *buf;
  ompd_rc_t rc = lib_alloc (MAX_STRING, &buf);
  if (rc != ompd_rc_ok)
    return rc;
  size_t len = 0;
  while (len < MAX_STRING)
    {
      ompd_addr_t a = addr + len;
      size_t piece = 64 - (a & 63);
      if (piece > MAX_STRING - len)
	piece = MAX_STRING - len;
      rc = tread (as, a, piece, buf + len);
      if (rc != ompd_rc_ok)
	break;
      char *nul = memchr (buf + len, '\0', piece);
      if (nul != NULL)
	{
	  *out = buf;
	  return ompd_rc_ok;
	}
      len += piece;
    }
  lib_free (buf);
  return rc != ompd_rc_ok ? rc : ompd_rc_device_read_error;
}

ompd_rc_t
tread_string (ompd_address_space_handle_t *as, ompd_addr_t addr, char **out)
{
  *out = NULL;
  if (addr == 0)
    return ompd_rc_unavailable;
  if (ompd_cb->read_string == NULL)
    return tread_string_chunks (as, addr, out);
  /* Grow the buffer until the string fits: read_string reports
     incomplete when no NUL came within the size asked for.  */
  for (size_t n = 256; n <= MAX_STRING; n *= 4)
    {
      char *buf;
      ompd_rc_t rc = lib_alloc (n, &buf);
      if (rc != ompd_rc_ok)
	return rc;
      ompd_address_t a = { ompd_segment_none, addr };
      rc = ompd_cb->read_string (as->context, NULL, &a, n, buf);
      if (rc == ompd_rc_ok && memchr (buf, '\0', n) != NULL)
	{
	  *out = buf;
	  return ompd_rc_ok;
	}
      lib_free (buf);
      if (rc != ompd_rc_ok && rc != ompd_rc_incomplete)
	return rc == ompd_rc_stale_handle ? rc : ompd_rc_device_read_error;
    }
  return ompd_rc_device_read_error;	/* longer than we accept */
}

ompd_rc_t
tread_struct (ompd_address_space_handle_t *as, enum layout_id sid,
	      ompd_addr_t addr, unsigned char **out)
{
  *out = NULL;
  uint32_t size = struct_size (as, sid);
  unsigned char *buf;
  ompd_rc_t rc = lib_alloc (size, &buf);
  if (rc != ompd_rc_ok)
    return rc;
  rc = tread (as, addr, size, buf);
  if (rc != ompd_rc_ok)
    {
      lib_free (buf);
      return rc;
    }
  *out = buf;
  return ompd_rc_ok;
}
