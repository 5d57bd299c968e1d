/* alloc.c -- memory allocators: omp_init_allocator and its traits,
   omp_destroy_allocator, def-allocator-var, omp_alloc and its relatives,
   omp_free, and GOMP_alloc / GOMP_free for the allocate clause.

   As in GCC 12's libgomp, every memory space is ordinary heap memory
   (malloc): this machine has no high-bandwidth or low-latency memory, and
   the predefined allocators (handles 1 .. 8) are all plain malloc with
   the default traits.  A custom allocator is a heap block whose address is
   its handle.  Each allocation is preceded by a header recording the
   block malloc returned, its size and the allocator, so omp_free needs no
   allocator argument (libgomp ignores it too) and a pool's usage can be
   given back.  pool_size counts the whole blocks, header and alignment
   padding included, as libgomp does.

   Traits follow libgomp 12: every value of the OpenMP 5.1 trait table is
   accepted except pinned=true and the high-bandwidth memory space, which
   libgomp 12 cannot provide either (omp_init_allocator returns
   omp_null_allocator for them, as for any invalid trait).  sync_hint,
   access and partition are recorded and have no effect on the host.

   Beyond libgomp, which reads whatever the handle points to, a bad
   allocator handle (not predefined, not live) and a pointer that omp_free
   did not get from these routines (or gets twice) stop the program with a
   message instead of corrupting memory: both carry a check word.  */

#include "config.h"
#include "internal.h"

#include <limits.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

/* omp_thread_mem_alloc: the last predefined allocator.  */
#define MAX_PREDEFINED 8
/* No pool_size trait: unlimited.  */
#define NO_POOL UINTPTR_MAX
/* Fallback allocators that each fail: beyond this, they form a cycle.  */
#define MAX_FALLBACKS 64

/* A custom allocator.  */
struct allocator
{
  uintptr_t check;		/* ALLOCATOR_CHECK ^ address, 0 destroyed */
  omp_memspace_handle_t memspace;
  uintptr_t alignment;		/* at least sizeof (void *) */
  uintptr_t pool_size;		/* NO_POOL if unlimited */
  _Atomic uintptr_t pool_used;	/* bytes of live blocks */
  omp_allocator_handle_t fb_data;
  unsigned char sync_hint;	/* omp_atv_* values, as given */
  unsigned char access;
  unsigned char fallback;
  unsigned char pinned;
  unsigned char partition;
};

#define ALLOCATOR_CHECK ((uintptr_t) 0x6f6d70616c6c6f63ull)	/* "ompalloc" */
#define BLOCK_CHECK ((uintptr_t) 0x6f6d70626c6f636bull)	/* "ompblock" */

/* Before each allocation; 32 bytes, so the memory after it keeps
   malloc's 16-byte alignment.  */
struct header
{
  void *base;			/* what malloc returned */
  size_t size;			/* bytes at BASE, counted in a pool */
  omp_allocator_handle_t allocator;	/* resolved, never null */
  uintptr_t check;		/* BLOCK_CHECK ^ base; 0 once freed */
};

static struct header *
header_of (void *ptr)
{
  return (struct header *) ptr - 1;
}

/* The allocator data of a custom allocator handle, NULL for a predefined
   one; a handle that is neither is fatal.  */
static struct allocator *
allocator_data (omp_allocator_handle_t handle, const char *routine)
{
  uintptr_t h = (uintptr_t) handle;
  if (h <= MAX_PREDEFINED)
    return NULL;
  struct allocator *a = (struct allocator *) h;
  if (h % _Alignof (struct allocator) != 0 || h < 4096
      || a->check != (ALLOCATOR_CHECK ^ h))
    gomp_own_fatal ("%s: invalid allocator handle %#lx (not a predefined "
		    "allocator, nor one from omp_init_allocator that is not "
		    "destroyed)", routine, (unsigned long) h);
  return a;
}

/* omp_null_allocator stands for the current task's def-allocator-var.  */
static omp_allocator_handle_t
resolve (omp_allocator_handle_t handle)
{
  if (handle != omp_null_allocator)
    return handle;
  uintptr_t def = gomp_icv ()->def_allocator_var;
  return (omp_allocator_handle_t)
    (def != 0 ? def : gomp_global_icv.def_allocator_var);
}

static bool
pool_limited (const struct allocator *a)
{
  return a != NULL && a->pool_size != NO_POOL;
}

/* Count DELTA more bytes (RELEASE fewer, both >= 0, one of them 0) in
   A's pool; false if the pool cannot hold them.  */
static bool
pool_take (struct allocator *a, size_t delta, size_t release)
{
  uintptr_t used = atomic_load_explicit (&a->pool_used, memory_order_relaxed);
  uintptr_t next;
  do
    {
      if (__builtin_add_overflow (used, delta, &next)
	  || next > a->pool_size)
	return false;
      next -= release;
    }
  while (!atomic_compare_exchange_weak_explicit (&a->pool_used, &used, next,
						 memory_order_relaxed,
						 memory_order_relaxed));
  return true;
}

static void
pool_give (struct allocator *a, size_t bytes)
{
  atomic_fetch_sub_explicit (&a->pool_used, bytes, memory_order_relaxed);
}

/* Place the user's memory in the block BASE of SIZE bytes: after the
   header, aligned to ALIGNMENT (a power of two, at least sizeof (void *),
   for which SIZE has room).  */
static void *
finish (void *base, size_t size, size_t alignment,
	omp_allocator_handle_t allocator)
{
  uintptr_t p = (uintptr_t) base + sizeof (struct header);
  if (alignment > sizeof (void *))
    p = (p + alignment - sizeof (void *)) & ~(uintptr_t) (alignment - 1);
  struct header *h = header_of ((void *) p);
  h->base = base;
  h->size = size;
  h->allocator = allocator;
  h->check = BLOCK_CHECK ^ (uintptr_t) base;
  return (void *) p;
}

/* Bytes to request for SIZE bytes aligned to ALIGNMENT; false on
   overflow.  */
static bool
block_size (size_t size, size_t alignment, size_t *total)
{
  size_t extra = sizeof (struct header);
  if (alignment > sizeof (void *))
    extra += alignment - sizeof (void *);
  return !__builtin_add_overflow (size, extra, total);
}

static void
check_alignment (size_t alignment, const char *routine)
{
  if (alignment == 0 || (alignment & (alignment - 1)) != 0)
    gomp_own_fatal ("%s: alignment %lu is not a power of two", routine,
		    (unsigned long) alignment);
}

/* An allocation failed with allocator A (NULL: predefined).  What next,
   by A's fallback trait: true with *HANDLE set to retry with that
   allocator, false to return NULL; abort_fb ends the program.
   REQ_ALIGNMENT is the alignment the caller asked for, USED_ALIGNMENT the
   one the attempt used.  With default_mem_fb libgomp retries with
   omp_default_mem_alloc only when that can succeed where this failed
   (the allocator imposed an alignment or a pool); otherwise the default
   memory has just failed, and NULL is the answer.  */
static bool
fallback (struct allocator *a, size_t req_alignment, size_t used_alignment,
	  size_t size, omp_allocator_handle_t *handle, unsigned int *tries)
{
  if (a == NULL)
    return false;
  if (++*tries > MAX_FALLBACKS)
    gomp_own_fatal ("the fallback allocators (allocator_fb) of allocator "
		    "%#lx form a cycle", (unsigned long) (uintptr_t) a);
  switch (a->fallback)
    {
    case omp_atv_default_mem_fb:
      if ((used_alignment > sizeof (void *) && used_alignment > req_alignment)
	  || pool_limited (a))
	{
	  *handle = omp_default_mem_alloc;
	  return true;
	}
      return false;
    case omp_atv_null_fb:
      return false;
    case omp_atv_allocator_fb:
      *handle = a->fb_data;
      return true;
    case omp_atv_abort_fb:
    default:
      gomp_fatal_oom (size);
    }
}

/* omp_aligned_alloc and omp_aligned_calloc: SIZE bytes (SIZE * NMEMB,
   zeroed, for calloc).  */
static void *
allocate (size_t alignment, size_t nmemb, size_t size,
	  omp_allocator_handle_t handle, bool zero, const char *routine)
{
  unsigned int tries = 0;
  size_t bytes;
  if (size == 0 || nmemb == 0)
    return NULL;
  check_alignment (alignment, routine);
  bool overflow = __builtin_mul_overflow (size, nmemb, &bytes);

  for (;;)
    {
      omp_allocator_handle_t allocator = resolve (handle);
      struct allocator *a = allocator_data (allocator, routine);
      size_t align = alignment;
      if (a != NULL && align < a->alignment)
	align = a->alignment;
      if (align < sizeof (void *))
	align = sizeof (void *);

      size_t total;
      if (!overflow && block_size (bytes, align, &total))
	{
	  bool limited = pool_limited (a);
	  if (!limited || pool_take (a, total, 0))
	    {
	      void *base = zero ? calloc (1, total) : malloc (total);
	      if (base != NULL)
		return finish (base, total, align, allocator);
	      if (limited)
		pool_give (a, total);
	    }
	}
      if (!fallback (a, alignment, align, overflow ? SIZE_MAX : bytes,
		     &handle, &tries))
	return NULL;
    }
}

EXPORT void *
omp_aligned_alloc (size_t alignment, size_t size,
		   omp_allocator_handle_t allocator)
{
  return allocate (alignment, 1, size, allocator, false, "omp_aligned_alloc");
}

EXPORT void *
omp_alloc (size_t size, omp_allocator_handle_t allocator)
{
  return allocate (1, 1, size, allocator, false, "omp_alloc");
}

EXPORT void *
omp_aligned_calloc (size_t alignment, size_t nmemb, size_t size,
		    omp_allocator_handle_t allocator)
{
  return allocate (alignment, nmemb, size, allocator, true,
		   "omp_aligned_calloc");
}

EXPORT void *
omp_calloc (size_t nmemb, size_t size, omp_allocator_handle_t allocator)
{
  return allocate (1, nmemb, size, allocator, true, "omp_calloc");
}

/* The header of PTR, which the program hands back; fatal if it is not
   live memory from these routines.  */
static struct header *
live_header (void *ptr, const char *routine)
{
  struct header *h = header_of (ptr);
  if (h->check != (BLOCK_CHECK ^ (uintptr_t) h->base))
    gomp_own_fatal ("%s: %p was not allocated by omp_alloc and its "
		    "relatives, or is already freed", routine, ptr);
  return h;
}

/* Free the block of header H (live).  */
static void
release (struct header *h, const char *routine)
{
  struct allocator *a = allocator_data (h->allocator, routine);
  void *base = h->base;
  if (pool_limited (a))
    pool_give (a, h->size);
  h->check = 0;
  free (base);
}

/* The allocator argument is not needed: the header knows, and libgomp
   ignores it too.  */
EXPORT void
omp_free (void *ptr, omp_allocator_handle_t allocator)
{
  (void) allocator;
  if (ptr != NULL)
    release (live_header (ptr, "omp_free"), "omp_free");
}

/* libgomp 12's omp_realloc: FREE_ALLOCATOR is taken from PTR's header,
   not from the argument; omp_null_allocator as ALLOCATOR means PTR's
   allocator (not the default one); the new memory has the alignment of
   the new allocator, not the old one.  The block is resized in place
   (realloc) when neither the old nor the new placement needs alignment
   padding and no other pool is involved; a pool then counts only the
   growth.  */
EXPORT void *
omp_realloc (void *ptr, size_t size, omp_allocator_handle_t handle,
	     omp_allocator_handle_t free_allocator)
{
  if (ptr == NULL)
    return allocate (1, 1, size, handle, false, "omp_realloc");
  if (size == 0)
    {
      omp_free (ptr, free_allocator);
      return NULL;
    }

  struct header *h = live_header (ptr, "omp_realloc");
  omp_allocator_handle_t old_allocator = h->allocator;
  struct allocator *old_a = allocator_data (old_allocator, "omp_realloc");
  size_t old_size = h->size;
  size_t old_offset = (uintptr_t) ptr - (uintptr_t) h->base;
  unsigned int tries = 0;

  for (;;)
    {
      omp_allocator_handle_t allocator
	= handle == omp_null_allocator ? old_allocator : handle;
      struct allocator *a = allocator_data (allocator, "omp_realloc");
      size_t align = sizeof (void *);
      if (a != NULL && align < a->alignment)
	align = a->alignment;
      /* In place: no padding before the header, old or new.  */
      bool plain = align == sizeof (void *)
	&& old_offset == sizeof (struct header);

      size_t total;
      void *base = NULL;
      if (block_size (size, align, &total))
	{
	  if (pool_limited (a))
	    {
	      size_t prev = a == old_a && plain ? old_size : 0;
	      bool ok = total >= prev ? pool_take (a, total - prev, 0)
		: pool_take (a, 0, prev - total);
	      if (ok)
		{
		  base = prev ? realloc (h->base, total) : malloc (total);
		  if (base == NULL)
		    /* Undo: modulo arithmetic adds back a shrink too.  */
		    atomic_fetch_add_explicit (&a->pool_used, prev - total,
					       memory_order_relaxed);
		  else if (prev)
		    return finish (base, total, align, allocator);
		}
	    }
	  else if (plain && !pool_limited (old_a))
	    {
	      base = realloc (h->base, total);
	      if (base != NULL)
		return finish (base, total, align, allocator);
	    }
	  else
	    base = malloc (total);
	}

      if (base != NULL)
	{
	  void *ret = finish (base, total, align, allocator);
	  size_t keep = old_size - old_offset;
	  memcpy (ret, ptr, size < keep ? size : keep);
	  release (h, "omp_realloc");
	  return ret;
	}
      if (!fallback (a, 1, align, size, &handle, &tries))
	return NULL;
    }
}

/* ---- the allocate clause --------------------------------------------- */

/* "For allocations that arise from this ... the null_fb value of the
   fallback allocator trait behaves as if the abort_fb had been
   specified" (OpenMP 5.1, allocate clause).  */
EXPORT void *
GOMP_alloc (size_t alignment, size_t size, uintptr_t allocator)
{
  void *ret = allocate (alignment, 1, size,
			(omp_allocator_handle_t) allocator, false,
			"the allocate clause");
  if (ret == NULL && size != 0)
    gomp_fatal_oom (size);
  return ret;
}

EXPORT void
GOMP_free (void *ptr, uintptr_t allocator)
{
  (void) allocator;
  if (ptr != NULL)
    release (live_header (ptr, "the allocate clause"),
	     "the allocate clause");
}

/* ---- allocators --------------------------------------------------------- */

/* Store trait value V in *FIELD if it is one of the N values VALID (the
   first being what omp_atv_default means); false if it is none.  */
static bool
enum_trait (unsigned char *field, omp_uintptr_t v, const omp_uintptr_t *valid,
	    int n)
{
  if (v == omp_atv_default)
    {
      *field = (unsigned char) valid[0];
      return true;
    }
  for (int i = 0; i < n; i++)
    if (v == valid[i])
      {
	*field = (unsigned char) v;
	return true;
      }
  return false;
}

EXPORT omp_allocator_handle_t
omp_init_allocator (omp_memspace_handle_t memspace, int ntraits,
		    const omp_alloctrait_t traits[])
{
  static const omp_uintptr_t sync_hints[] = {
    omp_atv_contended, omp_atv_uncontended, omp_atv_serialized,
    omp_atv_private
  };
  static const omp_uintptr_t accesses[] = {
    omp_atv_all, omp_atv_cgroup, omp_atv_pteam, omp_atv_thread
  };
  static const omp_uintptr_t fallbacks[] = {
    omp_atv_default_mem_fb, omp_atv_null_fb, omp_atv_abort_fb,
    omp_atv_allocator_fb
  };
  static const omp_uintptr_t pinneds[] = { omp_atv_false, omp_atv_true };
  static const omp_uintptr_t partitions[] = {
    omp_atv_environment, omp_atv_nearest, omp_atv_blocked,
    omp_atv_interleaved
  };
#define ENUM_TRAIT(field, valid) \
  enum_trait (&d.field, v, valid, (int) (sizeof valid / sizeof valid[0]))

  struct allocator d = {
    .memspace = memspace,
    .alignment = 1,
    .pool_size = NO_POOL,
    .fb_data = omp_null_allocator,
    .sync_hint = omp_atv_contended,
    .access = omp_atv_all,
    .fallback = omp_atv_default_mem_fb,
    .pinned = omp_atv_false,
    .partition = omp_atv_environment,
  };

  if ((uintptr_t) memspace > omp_low_lat_mem_space)
    return omp_null_allocator;
  for (int i = 0; i < ntraits; i++)
    {
      omp_uintptr_t v = traits[i].value;
      bool ok;
      switch (traits[i].key)
	{
	case omp_atk_sync_hint:
	  ok = ENUM_TRAIT (sync_hint, sync_hints);
	  break;
	case omp_atk_alignment:
	  ok = v == omp_atv_default || (v != 0 && (v & (v - 1)) == 0);
	  d.alignment = v == omp_atv_default ? 1 : v;
	  break;
	case omp_atk_access:
	  ok = ENUM_TRAIT (access, accesses);
	  break;
	case omp_atk_pool_size:
	  ok = true;
	  d.pool_size = v == omp_atv_default ? NO_POOL : v;
	  break;
	case omp_atk_fallback:
	  ok = ENUM_TRAIT (fallback, fallbacks);
	  break;
	case omp_atk_fb_data:
	  ok = true;
	  d.fb_data = (omp_allocator_handle_t) v;
	  break;
	case omp_atk_pinned:
	  ok = ENUM_TRAIT (pinned, pinneds);
	  break;
	case omp_atk_partition:
	  ok = ENUM_TRAIT (partition, partitions);
	  break;
	default:
	  ok = false;
	  break;
	}
      if (!ok)
	return omp_null_allocator;
    }
#undef ENUM_TRAIT

  if (d.alignment < sizeof (void *))
    d.alignment = sizeof (void *);
  /* Neither pinned memory nor high-bandwidth memory is available.  */
  if (d.pinned == omp_atv_true || memspace == omp_high_bw_mem_space)
    return omp_null_allocator;

  struct allocator *a = malloc (sizeof *a);
  if (a == NULL)
    gomp_fatal_oom (sizeof *a);
  *a = d;
  a->check = ALLOCATOR_CHECK ^ (uintptr_t) a;
  return (omp_allocator_handle_t) a;
}

/* Destroying a predefined allocator or omp_null_allocator does nothing.
   Memory still allocated from the allocator must not be used or freed
   afterwards (OpenMP 5.1 §3.13.3).  */
EXPORT void
omp_destroy_allocator (omp_allocator_handle_t allocator)
{
  struct allocator *a = allocator_data (allocator, "omp_destroy_allocator");
  if (a == NULL)
    return;
  a->check = 0;
  free (a);
}

/* def-allocator-var of the current task.  omp_null_allocator means
   omp_default_mem_alloc, as in libgomp.  */
EXPORT void
omp_set_default_allocator (omp_allocator_handle_t allocator)
{
  if (allocator == omp_null_allocator)
    allocator = omp_default_mem_alloc;
  gomp_icv ()->def_allocator_var = (uintptr_t) allocator;
}

EXPORT omp_allocator_handle_t
omp_get_default_allocator (void)
{
  return resolve (omp_null_allocator);
}

/* ---- Fortran ------------------------------------------------------------- */

/* omp_lib's omp_alloctrait is {integer(omp_alloctrait_key_kind) key;
   integer(omp_alloctrait_val_kind) value}: the C layout.  */
intptr_t omp_init_allocator_ (const intptr_t *memspace,
			      const int32_t *ntraits,
			      const omp_alloctrait_t *traits);
intptr_t omp_init_allocator_8_ (const intptr_t *memspace,
				const int64_t *ntraits,
				const omp_alloctrait_t *traits);
void omp_destroy_allocator_ (const intptr_t *allocator);
void omp_set_default_allocator_ (const intptr_t *allocator);
intptr_t omp_get_default_allocator_ (void);

EXPORT intptr_t
omp_init_allocator_ (const intptr_t *memspace, const int32_t *ntraits,
		     const omp_alloctrait_t *traits)
{
  return (intptr_t) omp_init_allocator ((omp_memspace_handle_t) *memspace,
					*ntraits, traits);
}

/* Like libgomp, the integer(8) count is truncated to int.  */
EXPORT intptr_t
omp_init_allocator_8_ (const intptr_t *memspace, const int64_t *ntraits,
		       const omp_alloctrait_t *traits)
{
  return (intptr_t) omp_init_allocator ((omp_memspace_handle_t) *memspace,
					(int) *ntraits, traits);
}

EXPORT void
omp_destroy_allocator_ (const intptr_t *allocator)
{
  omp_destroy_allocator ((omp_allocator_handle_t) *allocator);
}

EXPORT void
omp_set_default_allocator_ (const intptr_t *allocator)
{
  omp_set_default_allocator ((omp_allocator_handle_t) *allocator);
}

EXPORT intptr_t
omp_get_default_allocator_ (void)
{
  return (intptr_t) omp_get_default_allocator ();
}
