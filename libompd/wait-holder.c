/* wait-holder.c -- extension ompdbg_get_wait_holder: who has the lock,
   critical section, atomic or ordered turn a thread waits for.

   The runtime's mutex words name their holder (OMPDBG_MUTEX_* in
   ompdbg-layout.h): the word at the wait id of a lock, critical or
   atomic wait is read alone.  An ordered loop's turn is a position in
   its logical iteration space (gomp_work_share.ordered_pos); the thread
   whose chunk starts there has the turn (gomp_team_state.ordered_lo and
   ordered_hi), found among the registry's threads in that work share.  */

#include "config.h"
#include "libompd-int.h"

#include <string.h>

struct ordered_find
{
  ompd_address_space_handle_t *as;
  uint64_t ws, pos;
  ompd_addr_t self;
  int64_t tid;
  ompd_rc_t rc;
};

static bool
ordered_visit (void *arg, ompd_addr_t thread, int64_t tid, uint64_t pthread)
{
  struct ordered_find *f = arg;
  (void) pthread;
  if (thread == f->self)
    return false;
  static const enum layout_id fids[] = {
    L_thread_ts_ws, L_team_state_ordered_lo, L_team_state_ordered_hi
  };
  uint64_t v[3];
  /* ordered_lo and ordered_hi are members of gomp_team_state, which is
     gomp_thread.ts: offsets from the thread once ts's is added.  */
  uint64_t ts = f->as->items[L_thread_ts].offset;
  f->rc = read_field (f->as, thread, fids[0], &v[0]);
  if (f->rc == ompd_rc_ok && v[0] == f->ws)
    {
      f->rc = read_field (f->as, thread + ts, fids[1], &v[1]);
      if (f->rc == ompd_rc_ok)
	f->rc = read_field (f->as, thread + ts, fids[2], &v[2]);
      if (f->rc == ompd_rc_ok && v[1] == f->pos && v[2] > v[1])
	{
	  f->tid = tid;
	  return true;
	}
    }
  return f->rc != ompd_rc_ok;
}

static ompd_rc_t
ordered_holder (ompd_thread_handle_t *th, uint64_t ws,
		ompdbg_wait_holder_t *h)
{
  ompd_address_space_handle_t *as = th->as;
  uint64_t pos, own;
  ompd_rc_t rc = read_field (as, ws, L_work_share_ordered_pos, &pos);
  if (rc == ompd_rc_ok)
    rc = read_field (as, th->addr + as->items[L_thread_ts].offset,
		     L_team_state_ordered_lo, &own);
  if (rc != ompd_rc_ok)
    return rc;
  struct ordered_find f = { as, ws, pos, th->addr, 0, ompd_rc_ok };
  rc = registry_walk (as, ordered_visit, &f);
  if (rc == ompd_rc_ok)
    rc = f.rc;
  if (rc != ompd_rc_ok)
    return rc;
  h->holder = f.tid;
  h->ordered_turn = (ompd_word_t) pos;
  h->ordered_own = (ompd_word_t) own;
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompdbg_get_wait_holder (ompd_thread_handle_t *thread,
			ompdbg_wait_holder_t *holder)
{
  ompd_rc_t rc = check_thread (thread);
  if (rc != ompd_rc_ok)
    return rc;
  if (holder == NULL)
    return ompd_rc_bad_input;
  ompd_address_space_handle_t *as = thread->as;
  uint64_t state, wait_id;
  rc = read_field (as, thread->addr, L_thread_state, &state);
  if (rc == ompd_rc_ok)
    rc = read_field (as, thread->addr, L_thread_wait_id, &wait_id);
  if (rc != ompd_rc_ok)
    return rc;
  memset (holder, 0, sizeof *holder);
  if (wait_id == 0)
    return ompd_rc_unavailable;
  switch (state)
    {
    case ompt_state_wait_lock:
    case ompt_state_wait_critical:
    case ompt_state_wait_atomic:
      break;
    case ompt_state_wait_ordered:
      return ordered_holder (thread, wait_id, holder);
    default:
      return ompd_rc_unavailable;
    }
  uint64_t word;
  rc = tread_uint (as, wait_id, 4, &word);
  if (rc != ompd_rc_ok)
    return rc;
  holder->holder = (ompd_word_t) (word & OMPDBG_MUTEX_HOLDER);
  if (word != 0 && (word & OMPDBG_MUTEX_NEST))
    {
      /* The word is the first member of a struct gomp_nest_lock.  */
      int64_t count;
      rc = read_field_signed (as, wait_id - as->items[L_nest_lock_lock].offset,
			      L_nest_lock_count, &count);
      if (rc != ompd_rc_ok)
	return rc;
      holder->nest_count = count;
    }
  return ompd_rc_ok;
}
