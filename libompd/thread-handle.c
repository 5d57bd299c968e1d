/* thread-handle.c -- thread handles (OpenMP 5.1 §5.5.5):
   ompd_get_thread_handle, ompd_get_thread_id, ompd_get_thread_in_parallel,
   ompd_rel_thread_handle, ompd_thread_handle_compare, and OpenMP 5.2's
   ompd_get_device_from_thread.

   A thread handle is the address of the runtime's struct gomp_thread and
   a copy of it read when the handle is made.  Native ids: the kernel
   thread id (OMPD_THREAD_ID_LWP, 4 or 8 bytes) and the pthread_t
   (OMPD_THREAD_ID_PTHREAD, the target's pthread_t size or 8 bytes), both
   kept by the runtime in its registry.  */

#include "config.h"
#include "libompd/libompd-int.h"

#include <string.h>

ompd_rc_t
thread_handle_make (ompd_address_space_handle_t *as, ompd_addr_t addr,
		    ompd_thread_handle_t **out)
{
  if (addr == 0)
    return ompd_rc_unavailable;
  unsigned char *buf;
  ompd_rc_t rc = tread_struct (as, L_thread, addr, &buf);
  if (rc != ompd_rc_ok)
    return rc;
  ompd_thread_handle_t *th = handle_new (HK_THREAD, sizeof *th, as, &rc);
  if (th == NULL)
    {
      lib_free (buf);
      return rc;
    }
  th->as = as;
  th->addr = addr;
  th->buf = buf;
  *out = th;
  return ompd_rc_ok;
}

/* Whether the pool thread at THREAD, in no region as far as its own
   team words say, has been released into a region it has not entered
   yet: the master wrote its dock (runtime/pool.c, gomp_dock_release) for
   a region of team DOCK_TEAM that has not ended (the team's REGION_SEQ
   is still the one on the dock), and the team holds it as thread
   DOCK_ID.  OpenMP makes it a member of that team from the region's
   start, whether or not it has begun its implicit task, as
   ompd_get_thread_in_parallel shows it.  A dock left from an earlier
   region names a team whose REGION_SEQ has moved on, or one since freed
   whose memory may hold anything: what does not read back as this very
   thread, or does not read at all, is no membership.  Its current task
   is still what it was in the pool (its initial task) or the one it
   last had in this team (the same implicit task, as yet not begun
   again); a member that has begun and left the team's words for a
   target region it runs (runtime/target.c) has that region's task.  */
static void
thread_docked (ompd_address_space_handle_t *as, ompd_addr_t thread,
	       struct thread_now *t)
{
  static const enum layout_id fids[] = {
    L_thread_dock_team, L_thread_dock_id, L_thread_dock_region_seq
  };
  uint64_t d[3], seq, n, threads, member, implicit;
  if (read_fields (as, thread, fids, 3, d) != ompd_rc_ok
      || d[0] == 0 || d[1] == 0
      || read_field (as, d[0], L_team_region_seq, &seq) != ompd_rc_ok
      || seq != d[2]
      || read_field (as, d[0], L_team_nthreads, &n) != ompd_rc_ok
      || d[1] >= n
      || read_field (as, d[0], L_team_threads, &threads) != ompd_rc_ok
      || threads == 0
      || tread_ptr (as, threads + d[1] * as->sizes.sizeof_pointer,
		    &member) != ompd_rc_ok
      || member != thread
      || read_field (as, d[0], L_team_implicit, &implicit) != ompd_rc_ok)
    return;
  if (t->task != thread + as->items[L_thread_initial_task].offset
      && t->task != implicit + d[1] * struct_size (as, L_task))
    return;
  t->team = d[0];
  t->num = d[1];
  t->task = 0;
  t->ended = false;
  t->unstarted = true;
}

ompd_rc_t
thread_now (ompd_address_space_handle_t *as, ompd_addr_t thread,
	    struct thread_now *t)
{
  /* One read: the six sit together near the start of struct
     gomp_thread.  */
  static const enum layout_id fids[] = {
    L_thread_team, L_thread_state, L_thread_wait_id, L_thread_left_seq,
    L_thread_task, L_thread_team_id
  };
  uint64_t v[6], seq, pool;
  ompd_rc_t rc = read_fields (as, thread, fids, 6, v);
  if (rc != ompd_rc_ok)
    return rc;
  t->team = v[0];
  t->state = v[1];
  t->wait_id = v[2];
  t->task = v[4];
  t->num = v[0] ? v[5] : 0;
  t->ended = false;
  t->unstarted = false;
  /* A worker (thread number not 0 in its team) is in the region it
     entered last (LEFT_SEQ, its team's REGION_SEQ then) until the master
     ends it; from then on, and until it enters the next one, idle.  The
     master of a team is never idle in it.  */
  if (t->team != 0 && v[5] == 0)
    return ompd_rc_ok;
  if (t->team != 0)
    {
      rc = read_field (as, t->team, L_team_region_seq, &seq);
      if (rc != ompd_rc_ok)
	return rc;
      if (seq == v[3])
	return ompd_rc_ok;
      t->team = 0;
      t->num = 0;
      t->ended = true;
    }
  /* In no region by its own words: a pool thread may have been released
     into the next.  */
  rc = read_field (as, thread, L_thread_pool_thread, &pool);
  if (rc != ompd_rc_ok)
    return rc;
  if (pool)
    thread_docked (as, thread, t);
  return ompd_rc_ok;
}

/* An idle pool thread runs no task and is in no region: the region it
   last joined has ended, or it has left its team and its current task
   is its own initial task, which a pool thread never runs otherwise.  A
   pool thread that runs a target region (from a task it ran; no team
   then) or a user thread out of any region is not idle.  */
ompd_rc_t
thread_idle (const ompd_thread_handle_t *th, const struct thread_now *t,
	     bool *idle)
{
  *idle = t->ended;
  if (t->ended || t->team != 0 || t->unstarted)
    return ompd_rc_ok;
  uint64_t pool;
  ompd_rc_t rc = get_field (th->as, th->buf, L_thread, L_thread_pool_thread,
			    &pool);
  if (rc != ompd_rc_ok)
    return rc;
  *idle = pool
    && t->task == th->addr + th->as->items[L_thread_initial_task].offset;
  return ompd_rc_ok;
}

/* Decode a native id given by the debugger in its own representation.  */
static ompd_rc_t
native_id (const ompd_address_space_handle_t *as, ompd_thread_id_t kind,
	   ompd_size_t size, const void *id, uint64_t *v)
{
  switch (kind)
    {
    case OMPD_THREAD_ID_LWP:
      if (size == 4)
	{
	  int32_t x;
	  memcpy (&x, id, 4);
	  *v = (uint64_t) (int64_t) x;
	}
      else if (size == 8)
	memcpy (v, id, 8);
      else
	return ompd_rc_bad_input;
      return ompd_rc_ok;
    case OMPD_THREAD_ID_PTHREAD:
      if (size == 8)
	memcpy (v, id, 8);
      else if (size == 4 && as->items[L_thread_pthread].size == 4)
	{
	  uint32_t x;
	  memcpy (&x, id, 4);
	  *v = x;
	}
      else
	return ompd_rc_bad_input;
      return ompd_rc_ok;
    default:
      return ompd_rc_unsupported;
    }
}

struct find_arg
{
  ompd_thread_id_t kind;
  uint64_t id;
  ompd_addr_t found;
  bool unstarted;		/* a thread has no tid yet */
};

static bool
find_visit (void *arg, ompd_addr_t thread, int64_t tid, uint64_t pthread)
{
  struct find_arg *f = arg;
  bool match = f->kind == OMPD_THREAD_ID_LWP
    ? (uint64_t) tid == f->id && tid > 0 : pthread == f->id && pthread != 0;
  if (match)
    f->found = thread;
  if (tid <= 0)
    f->unstarted = true;
  return match;
}

EXPORT ompd_rc_t
ompd_get_thread_handle (ompd_address_space_handle_t *handle,
			ompd_thread_id_t kind, ompd_size_t sizeof_thread_id,
			const void *thread_id,
			ompd_thread_handle_t **thread_handle)
{
  ompd_rc_t rc = check_aspace (handle);
  if (rc != ompd_rc_ok)
    return rc;
  if (thread_id == NULL || thread_handle == NULL)
    return ompd_rc_bad_input;
  struct find_arg f = { kind, 0, 0, false };
  rc = native_id (handle, kind, sizeof_thread_id, thread_id, &f.id);
  if (rc != ompd_rc_ok)
    return rc;
  rc = registry_walk (handle, find_visit, &f);
  /* A pool thread just made has its pthread id (set by pthread_create)
     and then its tid (set by itself) in its descriptor before its index
     slot has them (the thread fills the slot once it runs): look there,
     only when some slot is not filled yet, so that asking for a thread
     that is not OpenMP's stays one read of the index.  */
  if (rc == ompd_rc_ok && f.found == 0 && f.unstarted)
    rc = registry_walk_descriptors (handle, find_visit, &f);
  if (rc != ompd_rc_ok)
    return rc;
  if (f.found == 0)
    return ompd_rc_unavailable;	/* not an OpenMP thread */
  return thread_handle_make (handle, f.found, thread_handle);
}

EXPORT ompd_rc_t
ompd_get_thread_id (ompd_thread_handle_t *thread_handle,
		    ompd_thread_id_t kind, ompd_size_t sizeof_thread_id,
		    void *thread_id)
{
  ompd_rc_t rc = check_thread (thread_handle);
  if (rc != ompd_rc_ok)
    return rc;
  if (thread_id == NULL)
    return ompd_rc_bad_input;
  ompd_address_space_handle_t *as = thread_handle->as;
  uint64_t v;
  switch (kind)
    {
    case OMPD_THREAD_ID_LWP:
      {
	int64_t tid;
	rc = get_field_signed (as, thread_handle->buf, L_thread, L_thread_tid,
			       &tid);
	if (rc == ompd_rc_ok && tid <= 0)
	  /* A pool thread sets its tid first thing; it may just have
	     started when the handle was made.  */
	  rc = read_field_signed (as, thread_handle->addr, L_thread_tid, &tid);
	if (rc != ompd_rc_ok)
	  return rc;
	if (tid <= 0)
	  return ompd_rc_unavailable;
	if (sizeof_thread_id == 4)
	  {
	    int32_t x = (int32_t) tid;
	    memcpy (thread_id, &x, 4);
	  }
	else if (sizeof_thread_id == 8)
	  memcpy (thread_id, &tid, 8);
	else
	  return ompd_rc_bad_input;
	return ompd_rc_ok;
      }
    case OMPD_THREAD_ID_PTHREAD:
      rc = get_field (as, thread_handle->buf, L_thread, L_thread_pthread, &v);
      if (rc == ompd_rc_ok && v == 0)
	rc = read_field (as, thread_handle->addr, L_thread_pthread, &v);
      if (rc != ompd_rc_ok)
	return rc;
      if (sizeof_thread_id == 8)
	memcpy (thread_id, &v, 8);
      else if (sizeof_thread_id == 4 && as->items[L_thread_pthread].size == 4)
	{
	  uint32_t x = (uint32_t) v;
	  memcpy (thread_id, &x, 4);
	}
      else
	return ompd_rc_bad_input;
      return ompd_rc_ok;
    default:
      return ompd_rc_unsupported;
    }
}

EXPORT ompd_rc_t
ompd_get_thread_in_parallel (ompd_parallel_handle_t *parallel_handle,
			     int thread_num,
			     ompd_thread_handle_t **thread_handle)
{
  ompd_rc_t rc = check_parallel (parallel_handle);
  if (rc != ompd_rc_ok)
    return rc;
  if (thread_handle == NULL)
    return ompd_rc_bad_input;
  ompd_address_space_handle_t *as = parallel_handle->as;
  if (parallel_handle->team == 0)
    {
      /* The implicit outermost region: its one thread.  */
      if (thread_num != 0)
	return ompd_rc_bad_input;
      return thread_handle_make (as, parallel_handle->thread, thread_handle);
    }
  uint64_t n, threads, thread;
  rc = get_field (as, parallel_handle->buf, L_team, L_team_nthreads, &n);
  if (rc == ompd_rc_ok)
    rc = get_field (as, parallel_handle->buf, L_team, L_team_threads,
		    &threads);
  if (rc != ompd_rc_ok)
    return rc;
  if (thread_num < 0 || (uint64_t) thread_num >= n)
    return ompd_rc_bad_input;
  rc = tread_ptr (as, threads + (uint64_t) thread_num
		  * as->sizes.sizeof_pointer, &thread);
  if (rc != ompd_rc_ok)
    return rc;
  return thread_handle_make (as, thread, thread_handle);
}

EXPORT ompd_rc_t
ompd_rel_thread_handle (ompd_thread_handle_t *thread_handle)
{
  ompd_rc_t rc = check_thread (thread_handle);
  if (rc != ompd_rc_ok)
    return rc;
  lib_free (thread_handle->buf);
  handle_free (thread_handle, thread_handle->as);
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompd_thread_handle_compare (ompd_thread_handle_t *thread_handle_1,
			    ompd_thread_handle_t *thread_handle_2,
			    int *cmp_value)
{
  ompd_rc_t rc = check_thread (thread_handle_1);
  if (rc == ompd_rc_ok)
    rc = check_thread (thread_handle_2);
  if (rc != ompd_rc_ok)
    return rc;
  if (cmp_value == NULL)
    return ompd_rc_bad_input;
  ompd_addr_t a = thread_handle_1->addr, b = thread_handle_2->addr;
  if (thread_handle_1->as != thread_handle_2->as)
    {
      a = (ompd_addr_t) (uintptr_t) thread_handle_1->as;
      b = (ompd_addr_t) (uintptr_t) thread_handle_2->as;
    }
  *cmp_value = (a > b) - (a < b);
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompd_get_device_from_thread (ompd_thread_handle_t *thread_handle,
			     ompd_address_space_handle_t **device)
{
  ompd_rc_t rc = check_thread (thread_handle);
  if (rc != ompd_rc_ok)
    return rc;
  if (device == NULL)
    return ompd_rc_bad_input;
  *device = thread_handle->as;
  return ompd_rc_ok;
}
