/* registry.c -- the runtime's thread registry: every OpenMP thread of the
   process with its kernel thread id and pthread id.  This is how a native
   thread is mapped to an OpenMP thread, with no thread-local-storage
   lookup (so cores work without libthread_db).

   When the runtime keeps an index (gomp_registry.index: an array of
   {tid, pthread, thread} slots with a generation counter bumped on each
   change) it is read in one read and cached in the address-space handle
   until the generation changes.  Otherwise the linked list
   (gomp_registry.threads, gomp_thread.registry_next) is walked, reading
   only the members needed from each thread.  Either walk stops after
   MAX_THREADS threads, whatever the target's memory holds.  */

#include "config.h"
#include "libompd/libompd-int.h"

#include <string.h>

/* Refresh AS's index cache from the registry REG (a buffer of the
   registry structure).  */
static ompd_rc_t
index_load (ompd_address_space_handle_t *as, const unsigned char *reg)
{
  uint64_t gen, array, len;
  ompd_rc_t rc = get_field (as, reg, L_registry, L_registry_generation, &gen);
  if (rc == ompd_rc_ok)
    rc = get_field (as, reg, L_registry, L_registry_index, &array);
  if (rc == ompd_rc_ok)
    rc = get_field (as, reg, L_registry, L_registry_index_len, &len);
  if (rc != ompd_rc_ok)
    return rc;
  struct index_cache *c = &as->index;
  if (c->valid && c->generation == gen && c->array == array && c->len == len)
    return ompd_rc_ok;
  uint32_t stride = struct_size (as, L_slot);
  if (len > MAX_THREADS || stride == 0 || (uint64_t) len * stride > MAX_ALLOC)
    return ompd_rc_error;
  lib_free (c->data);
  c->data = NULL;
  c->valid = false;
  unsigned char *data = NULL;
  if (len != 0)
    {
      rc = lib_alloc ((size_t) len * stride, &data);
      if (rc != ompd_rc_ok)
	return rc;
      rc = tread (as, array, (size_t) len * stride, data);
      if (rc != ompd_rc_ok)
	{
	  lib_free (data);
	  return rc;
	}
    }
  c->data = data;
  c->len = (uint32_t) len;
  c->array = array;
  c->generation = gen;
  c->valid = true;
  return ompd_rc_ok;
}

static ompd_rc_t
walk_index (ompd_address_space_handle_t *as, const unsigned char *reg,
	    thread_visit_fn fn, void *arg)
{
  ompd_rc_t rc = index_load (as, reg);
  if (rc != ompd_rc_ok)
    return rc;
  uint32_t stride = struct_size (as, L_slot);
  for (uint32_t i = 0; i < as->index.len; i++)
    {
      const unsigned char *slot = as->index.data + (size_t) i * stride;
      uint64_t thread, pthread;
      int64_t tid;
      if (get_field (as, slot, L_slot, L_slot_thread, &thread) != ompd_rc_ok
	  || get_field_signed (as, slot, L_slot, L_slot_tid, &tid)
	     != ompd_rc_ok
	  || get_field (as, slot, L_slot, L_slot_pthread, &pthread)
	     != ompd_rc_ok)
	return ompd_rc_incompatible;
      if (thread == 0)
	continue;		/* a free slot */
      if (fn (arg, thread, tid, pthread))
	break;
    }
  return ompd_rc_ok;
}

static ompd_rc_t
walk_list (ompd_address_space_handle_t *as, const unsigned char *reg,
	   thread_visit_fn fn, void *arg)
{
  uint64_t thread;
  ompd_rc_t rc = get_field (as, reg, L_registry, L_registry_threads, &thread);
  if (rc != ompd_rc_ok)
    return rc;
  /* One read per thread: the span of the three members we need.  */
  const struct layout_item *ft = &as->items[L_thread_tid];
  const struct layout_item *fp = &as->items[L_thread_pthread];
  const struct layout_item *fn_ = &as->items[L_thread_registry_next];
  uint32_t lo = ft->offset, hi = ft->offset + ft->size;
  if (fp->offset < lo)
    lo = fp->offset;
  if (fn_->offset < lo)
    lo = fn_->offset;
  if (fp->offset + fp->size > hi)
    hi = fp->offset + fp->size;
  if (fn_->offset + fn_->size > hi)
    hi = fn_->offset + fn_->size;
  unsigned char span[512];
  if (hi - lo > sizeof span)
    return ompd_rc_incompatible;
  for (unsigned n = 0; thread != 0; n++)
    {
      if (n >= MAX_THREADS)
	return ompd_rc_error;	/* a cycle, or garbage */
      rc = tread (as, thread + lo, hi - lo, span);
      if (rc != ompd_rc_ok)
	return rc;
      uint64_t next = tload (as, span + fn_->offset - lo, fn_->size);
      uint64_t pthread = tload (as, span + fp->offset - lo, fp->size);
      uint64_t t = tload (as, span + ft->offset - lo, ft->size);
      int64_t tid = ft->size == 4 ? (int32_t) t : (int64_t) t;
      if (fn (arg, thread, tid, pthread))
	break;
      thread = next;
    }
  return ompd_rc_ok;
}

/* The registry's walk from the index (when USE_INDEX and the index can
   be trusted) or from the descriptors' list.  */
static ompd_rc_t
walk (ompd_address_space_handle_t *as, bool use_index, thread_visit_fn fn,
      void *arg)
{
  ompd_addr_t root = as->roots[OMPDBG_ROOT_REGISTRY];
  if (root == 0)
    return ompd_rc_incompatible;
  unsigned char *reg;
  ompd_rc_t rc = tread_struct (as, L_registry, root, &reg);
  if (rc != ompd_rc_ok)
    return rc;
  /* The index, unless absent or being changed (odd generation: a
     process stopped in the middle of an update); the list is always
     consistent.  */
  uint64_t array = 0, gen = 1;
  if (use_index
      && get_field (as, reg, L_registry, L_registry_index, &array)
	 == ompd_rc_ok
      && get_field (as, reg, L_registry, L_registry_generation, &gen)
	 != ompd_rc_ok)
    gen = 1;
  if (array != 0 && (gen & 1) == 0)
    rc = walk_index (as, reg, fn, arg);
  else
    rc = walk_list (as, reg, fn, arg);
  lib_free (reg);
  return rc;
}

ompd_rc_t
registry_walk (ompd_address_space_handle_t *as, thread_visit_fn fn,
	       void *arg)
{
  return walk (as, true, fn, arg);
}

ompd_rc_t
registry_walk_descriptors (ompd_address_space_handle_t *as,
			   thread_visit_fn fn, void *arg)
{
  return walk (as, false, fn, arg);
}
