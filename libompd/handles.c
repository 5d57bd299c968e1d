/* handles.c -- the handles libompd hands out, and how it tells a live one
   from a released or foreign pointer.

   Every handle is allocated through the debugger's alloc callback and
   recorded in a set of live handles (an open-addressing hash table, also
   allocated through the callback).  Each entry point checks its handles
   against the set before reading through them: a NULL, released or
   foreign handle, or one of another kind, is reported as
   ompd_rc_stale_handle (OMPD keeps ompd_rc_bad_input for the parameters
   other than the handle), and none is ever dereferenced.  The vectors of
   ompd_get_display_control_vars are in the set too (kind HK_VARS), so
   that releasing one that this library did not give out, or gave out and
   got back already, is refused instead of freeing the debugger's memory.
   OMPD lets only one debugger thread into the library at a time, so the
   set needs no lock.  */

#include "config.h"
#include "libompd/libompd-int.h"

#include <string.h>

struct live_entry
{
  const void *h;		/* NULL: empty; TOMBSTONE: deleted */
  enum handle_kind kind;
};

#define TOMBSTONE ((const void *) 1)

static struct live_entry *live;
static size_t live_cap;		/* power of two, or 0 */
static size_t live_used;	/* entries not empty (incl. tombstones) */
static size_t live_count;	/* live handles */

static size_t
hash_ptr (const void *p, size_t cap)
{
  uint64_t h = (uint64_t) (uintptr_t) p;
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 32;
  return (size_t) h & (cap - 1);
}

static struct live_entry *
find (const void *h)
{
  if (live_cap == 0)
    return NULL;
  for (size_t i = hash_ptr (h, live_cap), n = 0; n < live_cap;
       i = (i + 1) & (live_cap - 1), n++)
    {
      if (live[i].h == NULL)
	return NULL;
      if (live[i].h == h)
	return &live[i];
    }
  return NULL;
}

static void
insert_raw (struct live_entry *tab, size_t cap, const void *h,
	    enum handle_kind kind)
{
  size_t i = hash_ptr (h, cap);
  while (tab[i].h != NULL && tab[i].h != TOMBSTONE)
    i = (i + 1) & (cap - 1);
  tab[i].h = h;
  tab[i].kind = kind;
}

static ompd_rc_t
insert (const void *h, enum handle_kind kind)
{
  if ((live_used + 1) * 2 > live_cap)
    {
      /* Rehash into a table at most a quarter full (tombstones go).  */
      size_t cap = 64;
      while ((live_count + 1) * 4 > cap)
	cap *= 2;
      struct live_entry *tab;
      ompd_rc_t rc = lib_alloc (cap * sizeof *tab, &tab);
      if (rc != ompd_rc_ok)
	return rc;
      memset (tab, 0, cap * sizeof *tab);
      for (size_t i = 0; i < live_cap; i++)
	if (live[i].h != NULL && live[i].h != TOMBSTONE)
	  insert_raw (tab, cap, live[i].h, live[i].kind);
      if (live)
	lib_free (live);
      live = tab;
      live_cap = cap;
      live_used = live_count;
    }
  insert_raw (live, live_cap, h, kind);
  live_used++;
  live_count++;
  return ompd_rc_ok;
}

/* A new zeroed handle of KIND and SIZE bytes, live, counted as a child of
   AS (when not NULL).  */
void *
handle_new (enum handle_kind kind, size_t size,
	    ompd_address_space_handle_t *as, ompd_rc_t *rc)
{
  struct handle_hdr *h;
  *rc = lib_alloc (size, &h);
  if (*rc != ompd_rc_ok)
    return NULL;
  memset (h, 0, size);
  h->kind = kind;
  *rc = insert (h, kind);
  if (*rc != ompd_rc_ok)
    {
      lib_free (h);
      return NULL;
    }
  if (as)
    as->children++;
  return h;
}

bool
handle_live (const void *h, enum handle_kind kind)
{
  struct live_entry *e = h ? find (h) : NULL;
  return e != NULL && e->kind == kind;
}

void
handle_free (void *h, ompd_address_space_handle_t *as)
{
  if (!live_remove (h))
    return;
  if (as && as->children)
    as->children--;
  lib_free (h);
}

ompd_rc_t
live_add (const void *p, enum handle_kind kind)
{
  return insert (p, kind);
}

bool
live_remove (const void *p)
{
  struct live_entry *e = p ? find (p) : NULL;
  if (e == NULL)
    return false;
  e->h = TOMBSTONE;
  live_count--;
  return true;
}

/* ompd_finalize: forget the set (the handles themselves belong to the
   debugger's heap; it may still release them, which then fails as
   stale).  */
void
handles_reset (void)
{
  if (live)
    lib_free (live);
  live = NULL;
  live_cap = live_used = live_count = 0;
}

static ompd_rc_t
check (const void *h, enum handle_kind kind)
{
  if (h == NULL)
    return ompd_rc_stale_handle;
  if (ompd_cb == NULL)
    return ompd_rc_error;	/* not initialised */
  struct live_entry *e = find (h);
  if (e == NULL)
    return ompd_rc_stale_handle;
  if (e->kind != kind)
    return ompd_rc_stale_handle;
  return ompd_rc_ok;
}

ompd_rc_t
check_aspace (ompd_address_space_handle_t *as)
{
  return check (as, HK_ASPACE);
}

ompd_rc_t
check_thread (ompd_thread_handle_t *th)
{
  ompd_rc_t rc = check (th, HK_THREAD);
  if (rc == ompd_rc_ok && !handle_live (th->as, HK_ASPACE))
    rc = ompd_rc_stale_handle;
  return rc;
}

ompd_rc_t
check_parallel (ompd_parallel_handle_t *ph)
{
  ompd_rc_t rc = check (ph, HK_PARALLEL);
  if (rc == ompd_rc_ok && !handle_live (ph->as, HK_ASPACE))
    rc = ompd_rc_stale_handle;
  return rc;
}

ompd_rc_t
check_task (ompd_task_handle_t *tk)
{
  ompd_rc_t rc = check (tk, HK_TASK);
  if (rc == ompd_rc_ok && !handle_live (tk->as, HK_ASPACE))
    rc = ompd_rc_stale_handle;
  return rc;
}

ompd_rc_t
check_task_list (ompdbg_deferred_task_list_t *list)
{
  ompd_rc_t rc = check (list, HK_TASK_LIST);
  if (rc == ompd_rc_ok && !handle_live (list->as, HK_ASPACE))
    rc = ompd_rc_stale_handle;
  return rc;
}
