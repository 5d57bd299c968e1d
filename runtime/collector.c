/* collector.c -- __omp_collector_api, the collector interface
   (omp_collector_api.h): a performance tool loaded into the program
   starts it, registers callbacks for events, and asks each thread's
   state and parallel region, from its sampling signal handler too.

   The runtime keeps every state and region id for debuggers anyway
   (internal.h), so START allocates nothing: it only lets the events
   through (collector.h, tool-word.h), and STATE and the region ids read what is
   kept (collector-state.c).  The events come from the runtime's one
   set of event points, those OMPT's come from (tool.h): START sets the
   collector's bit of their word, and their slow paths call
   gomp_collector_dispatch.  Events GCC gives the runtime no place to
   send from are unsupported: master and masked are compiled to a test
   of the thread number, with no call into the runtime, and the block of
   a single construct ends in the program's code, at a barrier call
   only if the construct has none of nowait or copyprivate's.  */

#include "config.h"
#include "internal.h"
#include "collector-internal.h"

typedef void (*collector_callback) (OMP_COLLECTORAPI_EVENT);

/* Events are 1 .. OMP_EVENT_THR_END_ATWT.  */
#define NEVENTS (OMP_EVENT_THR_END_ATWT + 1)

static struct
{
  /* Serialises the requests that change what follows; never taken by
     the async-signal-safe ones, nor by events.  */
  pthread_mutex_t lock;
  _Atomic bool started;
  bool paused;
  _Atomic (collector_callback) callbacks[NEVENTS];
} collector = { .lock = PTHREAD_MUTEX_INITIALIZER };

static bool
event_known (int event)
{
  switch (event)
    {
#define EVENT_CASE(name, value) case name:
      OMP_COLLECTOR_FOREACH_EVENT (EVENT_CASE)
#undef EVENT_CASE
      return true;
    default:
      return false;
    }
}

static bool
event_supported (int event)
{
  return event != OMP_EVENT_THR_BEGIN_MASTER
    && event != OMP_EVENT_THR_END_MASTER
    && event != OMP_EVENT_THR_END_SINGLE;
}

/* Under the lock: let events through while started, not paused, with a
   callback to call.  */
static void
update_active (void)
{
  bool any = false;
  for (int e = 1; e < NEVENTS; e++)
    any |= atomic_load_explicit (&collector.callbacks[e],
				 memory_order_relaxed) != NULL;
  if (any && !collector.paused
      && atomic_load_explicit (&collector.started, memory_order_relaxed))
    __atomic_fetch_or (&gomp_tool_active, GOMP_TOOL_COLLECTOR,
		       __ATOMIC_RELEASE);
  else
    __atomic_fetch_and (&gomp_tool_active, ~GOMP_TOOL_COLLECTOR,
			__ATOMIC_RELEASE);
  gomp_tool_word_changed ();
}

static void
clear_callbacks (void)
{
  for (int e = 1; e < NEVENTS; e++)
    atomic_store_explicit (&collector.callbacks[e], NULL,
			   memory_order_relaxed);
}

void
gomp_collector_dispatch (unsigned int event, unsigned int state)
{
  if (event == GOMP_COLLECTOR_WAIT_BEGIN || event == GOMP_COLLECTOR_WAIT_END)
    {
      event = gomp_collector_wait_event (state,
					 event == GOMP_COLLECTOR_WAIT_END);
    }
  if (event == 0 || event >= NEVENTS)
    return;
  collector_callback cb
    = atomic_load_explicit (&collector.callbacks[event], memory_order_acquire);
  /* Once more: a PAUSE or STOP may have come since the caller looked.  */
  if (cb != NULL && (__atomic_load_n (&gomp_tool_active, __ATOMIC_RELAXED)
		    & GOMP_TOOL_COLLECTOR))
    cb ((OMP_COLLECTORAPI_EVENT) event);
}

/* Packed fields of an entry's mem, at any alignment.  */
static void
put_u64 (char *mem, uint64_t v)
{
  memcpy (mem, &v, sizeof v);
}

/* The parallel region the calling thread executes in, 0 if none (an idle
   pool thread, or any thread outside every region).  */
static uint64_t
current_prid (struct gomp_thread *thr, unsigned int ompt_state)
{
  if (thr == NULL || ompt_state == ompt_state_idle || thr->ts.team == NULL)
    return 0;
  return thr->ts.team->id;
}

/* One request whose mem is LEN bytes at MEM; returns the error code and
   sets *RSZ.  */
static int
request (int r, char *mem, size_t len, int *rsz)
{
  *rsz = 0;
  if (r < 0 || r >= OMP_REQ_LAST)
    return OMP_ERRCODE_UNKNOWN;
  bool started = atomic_load_explicit (&collector.started,
				       memory_order_acquire);
  if (r != OMP_REQ_START && !started)
    return OMP_ERRCODE_SEQUENCE_ERR;
  uintptr_t wait_id;
  unsigned int s;
  int event, ec = OMP_ERRCODE_OK;
  switch ((OMP_COLLECTORAPI_REQUEST) r)
    {
    case OMP_REQ_STATE:
      *rsz = 4 + sizeof (void *);
      if (len < (size_t) *rsz)
	return OMP_ERRCODE_MEM_TOO_SMALL;
      s = gomp_collector_map_state (gomp_collector_ompt_state (&wait_id));
      memcpy (mem, &s, 4);
      memcpy (mem + 4, &wait_id, sizeof (void *));
      return OMP_ERRCODE_OK;

    case OMP_REQ_CURRENT_PRID:
      *rsz = 8;
      if (len < 8)
	return OMP_ERRCODE_MEM_TOO_SMALL;
      s = gomp_collector_ompt_state (&wait_id);
      put_u64 (mem, current_prid (gomp_tls, s));
      return OMP_ERRCODE_OK;

    case OMP_REQ_PARENT_PRID:
      {
	/* The master of a team only: the region its team is nested in.  */
	struct gomp_thread *thr = gomp_tls;
	s = gomp_collector_ompt_state (&wait_id);
	if (current_prid (thr, s) == 0 || thr->ts.team_id != 0)
	  return OMP_ERRCODE_THREAD_ERR;
	*rsz = 8;
	if (len < 8)
	  return OMP_ERRCODE_MEM_TOO_SMALL;
	struct gomp_team *outer = thr->ts.team->master_saved.team;
	put_u64 (mem, outer ? outer->id : 0);
	return OMP_ERRCODE_OK;
      }

    default:
      break;
    }

  /* The requests that change the interface's state.  */
  pthread_mutex_lock (&collector.lock);
  switch ((OMP_COLLECTORAPI_REQUEST) r)
    {
    case OMP_REQ_START:
      if (atomic_load_explicit (&collector.started, memory_order_relaxed))
	ec = OMP_ERRCODE_SEQUENCE_ERR;
      else
	{
	  collector.paused = false;
	  atomic_store_explicit (&collector.started, true,
				 memory_order_release);
	}
      break;

    case OMP_REQ_STOP:
      if (!atomic_load_explicit (&collector.started, memory_order_relaxed))
	{
	  ec = OMP_ERRCODE_SEQUENCE_ERR;
	  break;
	}
      clear_callbacks ();
      collector.paused = false;
      atomic_store_explicit (&collector.started, false, memory_order_release);
      break;

    case OMP_REQ_REGISTER:
    case OMP_REQ_UNREGISTER:
      {
	size_t need = r == OMP_REQ_REGISTER ? 4 + sizeof (void *) : 4;
	collector_callback cb = NULL;
	if (len < need)
	  {
	    ec = OMP_ERRCODE_ERROR;
	    break;
	  }
	memcpy (&event, mem, 4);
	if (!event_known (event))
	  {
	    ec = OMP_ERRCODE_UNKNOWN;
	    break;
	  }
	if (r == OMP_REQ_REGISTER)
	  {
	    if (!event_supported (event))
	      {
		ec = OMP_ERRCODE_UNSUPPORTED;
		break;
	      }
	    memcpy (&cb, mem + 4, sizeof cb);
	    if (cb == NULL)
	      {
		ec = OMP_ERRCODE_ERROR;
		break;
	      }
	  }
	atomic_store_explicit (&collector.callbacks[event], cb,
			       memory_order_release);
	break;
      }

    case OMP_REQ_PAUSE:
      collector.paused = true;
      break;

    case OMP_REQ_RESUME:
      collector.paused = false;
      break;

    default:
      break;
    }
  update_active ();
  pthread_mutex_unlock (&collector.lock);
  return ec;
}

EXPORT int
__omp_collector_api (void *arg)
{
  if (arg == NULL || ((uintptr_t) arg & 3) != 0)
    return -1;
  char *p = arg;
  for (;;)
    {
      int sz, r;
      memcpy (&sz, p, 4);
      if (sz == 0)
	return 0;
      if (sz < OMP_COLLECTOR_ENTRY_HEADER || sz % 4 != 0)
	return -1;
      memcpy (&r, p + 4, 4);
      int rsz;
      int ec = request (r, p + OMP_COLLECTOR_ENTRY_HEADER,
			(size_t) sz - OMP_COLLECTOR_ENTRY_HEADER, &rsz);
      memcpy (p + 8, &ec, 4);
      memcpy (p + 12, &rsz, 4);
      p += sz;
    }
}
