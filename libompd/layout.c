/* layout.c -- the runtime's layout table (ompdbg-layout.h): finding it,
   checking it, and resolving the names of ompdbg-layout.def into offsets
   and sizes, once per address space.

   The table is found with one symbol lookup (`ompdbg_layout'), its
   header is read with one read, the rest (entries and names) with a
   second.  The magic tells the target's byte order.  Everything in it is
   checked against itself and against the debugger's sizeof_type answer
   before anything else is read.  */

#include "config.h"
#include "libompd/libompd-int.h"

#include <string.h>

static const char *const layout_names[L_COUNT] = {
#define OMPD_LAYOUT_STRUCT(id, s) [L_##id] = #s,
#define OMPD_LAYOUT_MEMBER(id, s, m) [L_##id] = #s "." #m,
#define OMPD_LAYOUT_ARRAY(id, s, m) [L_##id] = #s "." #m,
#include "libompd/ompdbg-layout.def"
};

static uint32_t
h32 (const ompd_address_space_handle_t *as, uint32_t v)
{
  return as->swap ? __builtin_bswap32 (v) : v;
}

static uint64_t
h64 (const ompd_address_space_handle_t *as, uint64_t v)
{
  return as->swap ? __builtin_bswap64 (v) : v;
}

/* Resolve every name of ompdbg-layout.def in ENTRIES/STRINGS.  A table
   of our format version lists them all (the runtime's generator and this
   library come from the one list): one it lacks, or one that does not
   lie inside its structure, makes the runtime incompatible.  */
static ompd_rc_t
resolve (ompd_address_space_handle_t *as, const unsigned char *entries,
	 uint32_t nentries, uint32_t entry_size, const char *strings,
	 uint32_t strings_size)
{
  memset (as->items, 0, sizeof as->items);
  for (uint32_t i = 0; i < nentries; i++)
    {
      struct ompdbg_layout_entry e;
      memcpy (&e, entries + (size_t) i * entry_size, sizeof e);
      uint32_t name = h32 (as, e.name);
      if (name >= strings_size)
	return ompd_rc_incompatible;
      const char *n = strings + name;
      size_t maxlen = strings_size - name;
      if (memchr (n, '\0', maxlen) == NULL)
	return ompd_rc_incompatible;
      for (int id = 0; id < L_COUNT; id++)
	if (strcmp (layout_names[id], n) == 0)
	  {
	    as->items[id].offset = h32 (as, e.offset);
	    as->items[id].size = h32 (as, e.size);
	    as->items[id].count = h32 (as, e.count);
	    break;
	  }
    }
  /* Structures first: a member must lie inside its structure, and a
     structure must be of a size we are willing to read.  */
  for (int id = 0; id < L_COUNT; id++)
    {
      const char *n = layout_names[id];
      const char *dot = strchr (n, '.');
      struct layout_item *it = &as->items[id];
      if (it->size == 0)
	return ompd_rc_incompatible;
      if (dot == NULL)
	{
	  if (it->size > MAX_STRUCT_SIZE)
	    return ompd_rc_incompatible;
	  continue;
	}
      /* Its structure: the entry named by the part before the dot.  */
      int sid = -1;
      for (int s = 0; s < L_COUNT; s++)
	if (strchr (layout_names[s], '.') == NULL
	    && strncmp (layout_names[s], n, (size_t) (dot - n)) == 0
	    && layout_names[s][dot - n] == '\0')
	  sid = s;
      if (sid < 0 || it->offset > as->items[sid].size
	  || it->size > as->items[sid].size - it->offset)
	return ompd_rc_incompatible;
    }
  return ompd_rc_ok;
}

/* Find, check and read the layout table; fill AS's sizes, roots and
   items.  */
ompd_rc_t
layout_load (ompd_address_space_handle_t *as)
{
  ompd_address_t sym = { 0, 0 };
  ompd_rc_t rc = ompd_cb->symbol_addr_lookup (as->context, NULL,
					       "ompdbg_layout", &sym, NULL);
  if (rc == ompd_rc_stale_handle || rc == ompd_rc_bad_input)
    return rc;
  if (rc == ompd_rc_error || (rc == ompd_rc_ok && sym.address == 0))
    /* Not found (OMPD's code for it): no table, so this is not our
       runtime (or no runtime at all).  */
    return ompd_rc_incompatible;
  if (rc != ompd_rc_ok)
    /* The lookup itself failed: not the runtime's fault.  */
    return ompd_rc_callback_error;

  struct ompdbg_layout_header hdr;
  rc = tread (as, sym.address, sizeof hdr, &hdr);
  if (rc != ompd_rc_ok)
    return rc;
  if (hdr.magic == OMPDBG_LAYOUT_MAGIC)
    as->swap = false;
  else if (hdr.magic == __builtin_bswap64 (OMPDBG_LAYOUT_MAGIC))
    as->swap = true;
  else
    return ompd_rc_incompatible;
  as->version = h32 (as, hdr.version);
  if (as->version != OMPDBG_LAYOUT_VERSION)
    return ompd_rc_incompatible;
  uint32_t header_size = h32 (as, hdr.header_size);
  uint32_t entry_size = h32 (as, hdr.entry_size);
  uint32_t nentries = h32 (as, hdr.nentries);
  uint32_t strings_size = h32 (as, hdr.strings_size);
  uint32_t total_size = h32 (as, hdr.total_size);
  if (header_size < sizeof hdr
      || entry_size < sizeof (struct ompdbg_layout_entry)
      || nentries > MAX_TABLE_SIZE / entry_size
      || strings_size > MAX_TABLE_SIZE || total_size > MAX_TABLE_SIZE
      || (uint64_t) header_size + (uint64_t) nentries * entry_size
	 + strings_size > total_size)
    return ompd_rc_incompatible;

  /* Its primitive sizes must be the debugger's view of the target.  */
  ompd_device_type_sizes_t sz;
  rc = ompd_cb->sizeof_type (as->context, &sz);
  if (rc != ompd_rc_ok)
    return rc == ompd_rc_stale_handle ? rc : ompd_rc_callback_error;
  if (sz.sizeof_char != hdr.sizeof_char || sz.sizeof_short != hdr.sizeof_short
      || sz.sizeof_int != hdr.sizeof_int || sz.sizeof_long != hdr.sizeof_long
      || sz.sizeof_long_long != hdr.sizeof_long_long
      || sz.sizeof_pointer != hdr.sizeof_pointer
      || (sz.sizeof_pointer != 4 && sz.sizeof_pointer != 8)
      || (sz.sizeof_int != 4) || (sz.sizeof_long != 4 && sz.sizeof_long != 8))
    return ompd_rc_incompatible;
  as->sizes = sz;

  /* Not initialised yet: the runtime sets `live' at start-up; before,
     there is no OpenMP state to show (and in a core, a table page that
     was never written is not even dumped: it comes from the file).  */
  if (h64 (as, hdr.live) != OMPDBG_LAYOUT_MAGIC)
    return ompd_rc_unavailable;
  for (int i = 0; i < OMPDBG_ROOT_COUNT_V1; i++)
    as->roots[i] = h64 (as, hdr.roots[i]);
  /* The frame flags are one int for all tasks (docs/ompd.md, "What the
     entries mean").  */
  if (as->roots[OMPDBG_ROOT_FRAME_FLAGS] == 0)
    return ompd_rc_incompatible;
  rc = tread_uint (as, as->roots[OMPDBG_ROOT_FRAME_FLAGS], sz.sizeof_int,
		   &as->frame_flags);
  if (rc != ompd_rc_ok)
    return rc;

  size_t rest = (size_t) nentries * entry_size + strings_size;
  unsigned char *buf;
  rc = lib_alloc (rest, &buf);
  if (rc != ompd_rc_ok)
    return rc;
  rc = tread (as, sym.address + header_size, rest, buf);
  if (rc == ompd_rc_ok)
    rc = resolve (as, buf, nentries, entry_size,
		  (const char *) buf + (size_t) nentries * entry_size,
		  strings_size);
  lib_free (buf);
  return rc;
}

static ompd_rc_t
field_raw (const ompd_address_space_handle_t *as, const unsigned char *buf,
	   enum layout_id sid, enum layout_id fid, uint64_t *v,
	   uint32_t *size)
{
  const struct layout_item *f = &as->items[fid];
  if (f->size != 1 && f->size != 2 && f->size != 4 && f->size != 8)
    return ompd_rc_incompatible;
  /* resolve () checked the member lies inside its structure.  */
  if (as->items[sid].size < f->offset + f->size)
    return ompd_rc_incompatible;
  *v = tload (as, buf + f->offset, f->size);
  *size = f->size;
  return ompd_rc_ok;
}

ompd_rc_t
get_field (const ompd_address_space_handle_t *as, const unsigned char *buf,
	   enum layout_id sid, enum layout_id fid, uint64_t *v)
{
  uint32_t size;
  return field_raw (as, buf, sid, fid, v, &size);
}

static int64_t
sign_extend (uint64_t v, uint32_t size)
{
  if (size >= 8)
    return (int64_t) v;
  unsigned shift = 64 - 8 * size;
  return (int64_t) (v << shift) >> shift;
}

ompd_rc_t
get_field_signed (const ompd_address_space_handle_t *as,
		  const unsigned char *buf, enum layout_id sid,
		  enum layout_id fid, int64_t *v)
{
  uint64_t u;
  uint32_t size;
  ompd_rc_t rc = field_raw (as, buf, sid, fid, &u, &size);
  if (rc == ompd_rc_ok)
    *v = sign_extend (u, size);
  return rc;
}

ompd_rc_t
read_field (ompd_address_space_handle_t *as, ompd_addr_t addr,
	    enum layout_id fid, uint64_t *v)
{
  const struct layout_item *f = &as->items[fid];
  return tread_uint (as, addr + f->offset, f->size, v);
}

ompd_rc_t
read_field_signed (ompd_address_space_handle_t *as, ompd_addr_t addr,
		   enum layout_id fid, int64_t *v)
{
  uint64_t u;
  ompd_rc_t rc = read_field (as, addr, fid, &u);
  if (rc == ompd_rc_ok)
    *v = sign_extend (u, as->items[fid].size);
  return rc;
}

/* The fields FIDS[0..N-1] of the structure at ADDR, fresh from the target,
   in one read of the span that holds them all when it is small (the
   fields a debugger asks for at every stop sit together at the start of
   their structures: runtime/internal.h), field by field otherwise.  */
#define FIELDS_SPAN_MAX 256

ompd_rc_t
read_fields (ompd_address_space_handle_t *as, ompd_addr_t addr,
	     const enum layout_id *fids, int n, uint64_t *v)
{
  uint64_t lo = UINT64_MAX, hi = 0;
  for (int i = 0; i < n; i++)
    {
      const struct layout_item *f = &as->items[fids[i]];
      v[i] = 0;
      if (f->size != 1 && f->size != 2 && f->size != 4 && f->size != 8)
	return ompd_rc_incompatible;
      if (f->offset < lo)
	lo = f->offset;
      if ((uint64_t) f->offset + f->size > hi)
	hi = (uint64_t) f->offset + f->size;
    }
  if (hi == 0)
    return ompd_rc_ok;
  if (hi - lo > FIELDS_SPAN_MAX)
    {
      for (int i = 0; i < n; i++)
	{
	  ompd_rc_t rc = read_field (as, addr, fids[i], &v[i]);
	  if (rc != ompd_rc_ok)
	    return rc;
	}
      return ompd_rc_ok;
    }
  unsigned char buf[FIELDS_SPAN_MAX];
  ompd_rc_t rc = tread (as, addr + lo, (size_t) (hi - lo), buf);
  if (rc != ompd_rc_ok)
    return rc;
  for (int i = 0; i < n; i++)
    {
      const struct layout_item *f = &as->items[fids[i]];
      v[i] = tload (as, buf + (f->offset - lo), f->size);
    }
  return ompd_rc_ok;
}
