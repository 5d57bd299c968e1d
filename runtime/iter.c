/* iter.c -- handing out loop iterations: the static, dynamic and guided
   schedules, for loops of long and of unsigned long long iterators alike.

   A loop is kept as logical iterations 0 .. total-1 (iteration K runs the
   program's value start + K * incr, modulo 2^64), so one engine serves
   every signedness and direction and no schedule has to reason about
   overflow of the program's iteration variable.  The bounds returned to
   the program are start + K * incr, except that the end of the last chunk
   is the program's own END: that value may not be reachable as
   start + total * incr without overflowing the iterator's type.  */

#include "config.h"
#include "internal.h"
#include "tool.h"
#include "tool-mode.h"

static unsigned long long
trip_count (unsigned long long start, unsigned long long end,
	    unsigned long long incr, bool down)
{
  unsigned long long dist, step;
  if (!down)
    {
      dist = end - start;
      step = incr;
    }
  else
    {
      dist = start - end;
      step = -incr;
    }
  if (step == 0)
    gomp_own_fatal ("loop with a zero increment");
  return dist / step + (dist % step != 0);
}

/* Set up WS for a loop (KIND: WS_LOOP, or WS_SECTIONS for the sections
   it schedules as one).  The construct's fields are on a line every
   thread of the team reads to take its chunks; loops that repeat (a time
   step around a parallel loop) mostly have the same ones, so each is
   stored only if it changes (GOMP_SET_IF_CHANGED): then the line stays
   in every reader's cache, and publishing the work share (worksharing.c)
   does not first wait for this thread to take the line back from them.
   NEXT, on the hand-over line this thread holds since it claimed the
   slot (or alone: a thread without a team), is always reset.  */
static ALWAYS_INLINE void
iter_set (struct gomp_work_share *ws, unsigned int kind,
	  unsigned long long start, unsigned long long end,
	  unsigned long long incr, bool down, unsigned int sched,
	  unsigned long long chunk, unsigned int nthreads, bool ordered,
	  bool shared, bool tool)
{
  /* Empty loops: the caller tells emptiness by comparing in the
     iterator's own type, passing START == END for them.  */
  unsigned long long total = start != end
    ? trip_count (start, end, incr, down) : 0;
  if (sched != GS_STATIC && chunk == 0)
    chunk = 1;
  unsigned long long room;
  bool fetch_add_ok =
    !__builtin_mul_overflow ((unsigned long long) nthreads + 1,
			     chunk ? chunk : 1, &room)
    && !__builtin_add_overflow (total, room, &room);
  /* Guided chunks never pass the end, so its cursor cannot wrap.  */
  bool fast_next = !ordered
    && (sched == GS_GUIDED
	|| (fetch_add_ok && chunk != 0
	    && (sched == GS_DYNAMIC || sched == GS_STATIC)));
  /* A tool's events need the general path.  */
  if (tool)
    fast_next = false;
  bool dyn_fast = fast_next && sched == GS_DYNAMIC;
  bool guided_fast = fast_next && sched == GS_GUIDED;
  /* A thread alone (no team, or a team of one: NTHREADS 1, SHARED
     false) has a work share nobody else reads, maybe on its stack
     (parallel.c) and never written before: it stores everything,
     without comparing.  */
#define WS_SET(lv, v)				\
  do						\
    {						\
      if (!shared)				\
	(lv) = (v);				\
      else					\
	GOMP_SET_IF_CHANGED (lv, v);		\
    }						\
  while (0)
  WS_SET (ws->kind, kind);
  WS_SET (ws->start, start);
  WS_SET (ws->end, end);
  WS_SET (ws->incr, incr);
  WS_SET (ws->sched, sched);
  WS_SET (ws->ordered, ordered);
  WS_SET (ws->chunk, chunk);
  WS_SET (ws->total, total);
  WS_SET (ws->fetch_add_ok, fetch_add_ok);
  WS_SET (ws->nthreads, nthreads);
  WS_SET (ws->fast_next, fast_next);
  WS_SET (ws->chunk_incr, chunk * incr);
#undef WS_SET
  if (!shared || atomic_load_explicit (&ws->cancelled, memory_order_relaxed))
    atomic_store_explicit (&ws->cancelled, false, memory_order_relaxed);
  if (!shared
      || atomic_load_explicit (&ws->dyn_fast, memory_order_relaxed) != dyn_fast)
    atomic_store_explicit (&ws->dyn_fast, dyn_fast, memory_order_relaxed);
  if (!shared
      || atomic_load_explicit (&ws->guided_fast, memory_order_relaxed)
	 != guided_fast)
    atomic_store_explicit (&ws->guided_fast, guided_fast,
			   memory_order_relaxed);
  atomic_store_explicit (&ws->next, 0, memory_order_relaxed);
  /* Only ordered loops use the ordered turn (ordered.c).  */
  if (ordered)
    atomic_store_explicit (&ws->ordered_pos, 0, memory_order_relaxed);
}

/* With a tool: out of line, so that without one the loop takes its path
   on one test of the thread's mode.  Not cold: with a tool every loop
   takes it, and GCC would optimize it for size.  */
static void __attribute__ ((noinline))
iter_init_tool (struct gomp_thread *thr, unsigned int kind,
		unsigned long long start, unsigned long long end,
		unsigned long long incr, bool down, unsigned int sched,
		unsigned long long chunk, bool ordered)
{
  unsigned int nthreads = GOMP_MODE_IS_ALONE (thr)
    ? 1 : thr->ts.team->nthreads;
  iter_set (thr->ts.ws, kind, start, end, incr, down, sched, chunk,
	    nthreads, ordered, nthreads > 1, true);
}

/* THR's mode (tool-mode.h) tells the team's size, one thread or more,
   and whether a tool is on, in one test.  */
void
gomp_iter_init (struct gomp_thread *thr, unsigned int kind,
		unsigned long long start, unsigned long long end,
		unsigned long long incr, bool down, unsigned int sched,
		unsigned long long chunk, bool ordered)
{
  GOMP_MODE_SWITCH (thr, alone, tool);
  iter_set (thr->ts.ws, kind, start, end, incr, down, sched, chunk,
	    thr->ts.team->nthreads, ordered, true, false);
  return;
 alone:
  iter_set (thr->ts.ws, kind, start, end, incr, down, sched, chunk, 1,
	    ordered, false, false);
  return;
 tool:
  iter_init_tool (thr, kind, start, end, incr, down, sched, chunk, ordered);
}

static unsigned long long
bound (const struct gomp_work_share *ws, unsigned long long k)
{
  return k >= ws->total ? ws->end : ws->start + k * ws->incr;
}

/* The static schedule (OpenMP 5.1 §2.11.4): without a chunk size each
   thread gets one contiguous block, the first total % nthreads threads one
   iteration more; with one, chunks go round-robin by thread number.  The
   position is the thread's own (ts.static_trip), so no shared write.  */
static ALWAYS_INLINE bool
static_next (struct gomp_thread *thr, struct gomp_work_share *ws,
	     unsigned long long *k0, unsigned long long *k1)
{
  unsigned long long n = ws->total;
  unsigned long long nthr = thr->ts.team ? thr->ts.team->nthreads : 1;
  unsigned long long id = thr->ts.team_id;
  unsigned long long trip = thr->ts.static_trip++;
  if (ws->chunk == 0)
    {
      if (trip > 0)
	return false;
      unsigned long long q = n / nthr, t = n % nthr;
      unsigned long long s = id < t ? (q + 1) * id : q * id + t;
      unsigned long long e = s + q + (id < t);
      if (s >= e)
	return false;
      *k0 = s;
      *k1 = e;
      return true;
    }
  /* An ordered loop alone: the thread would take every chunk in turn
     and pass the turn to itself after each.  It takes them all at once,
     as libgomp does for any static loop of one thread, which makes the
     turn (held from the first ordered region to the loop's end) cost
     nothing per iteration.  Other loops alone take gomp_iter_next's
     short path; doacross loops are not ordered here (doacross.c).  */
  if (nthr == 1 && ws->ordered)
    {
      if (trip > 0 || n == 0)
	return false;
      *k0 = 0;
      *k1 = n;
      return true;
    }
  /* Chunk number trip * nthreads + id, if it exists.  */
  unsigned long long c, s;
  if (__builtin_mul_overflow (trip, nthr, &c)
      || __builtin_add_overflow (c, id, &c)
      || __builtin_mul_overflow (c, ws->chunk, &s) || s >= n)
    return false;
  *k0 = s;
  *k1 = n - s <= ws->chunk ? n : s + ws->chunk;
  return true;
}

/* dynamic: chunks in order, first come first served.  One fetch-and-add
   when the cursor cannot wrap past 2^64 even if every thread adds a chunk
   after the end; a compare-and-swap loop otherwise.  */
static ALWAYS_INLINE bool
dynamic_next (struct gomp_work_share *ws, unsigned long long *k0,
	      unsigned long long *k1)
{
  unsigned long long n = ws->total, chunk = ws->chunk, s;
  if (ws->fetch_add_ok)
    {
      s = atomic_fetch_add_explicit (&ws->next, chunk, memory_order_relaxed);
      if (s >= n)
	return false;
    }
  else
    {
      s = atomic_load_explicit (&ws->next, memory_order_relaxed);
      do
	if (s >= n)
	  return false;
      while (!atomic_compare_exchange_weak_explicit
	     (&ws->next, &s, n - s <= chunk ? n : s + chunk,
	      memory_order_relaxed, memory_order_relaxed));
    }
  *k0 = s;
  *k1 = n - s <= chunk ? n : s + chunk;
  return true;
}

/* guided: gomp_iter_guided_take (internal.h).  */
static ALWAYS_INLINE bool
guided_next (struct gomp_thread *thr, struct gomp_work_share *ws,
	     unsigned long long *k0, unsigned long long *k1)
{
  unsigned long long nthr = thr->ts.team ? thr->ts.team->nthreads : 1;
  return gomp_iter_guided_take (ws, nthr, k0, k1);
}

/* The next chunk for gomp_iter_next_general; TOOL: with the tool's
   events, if the tool word says so.  */
static ALWAYS_INLINE bool
iter_next (struct gomp_thread *thr, struct gomp_work_share *ws,
	   unsigned long long *istart, unsigned long long *iend, void *cfa,
	   bool tool)
{
  unsigned long long k0, k1;
  bool got;
  if (tool)
    GOMP_TOOL_EVENT (ws_next, thr, ws, cfa);
  if (ws->ordered)
    gomp_ordered_chunk_done (thr, cfa);
  /* cancel for / cancel sections: hand out nothing more.  */
  if (unlikely (atomic_load_explicit (&ws->cancelled, memory_order_relaxed)))
    return false;
  switch (ws->sched)
    {
    case GS_DYNAMIC:
      got = dynamic_next (ws, &k0, &k1);
      break;
    case GS_GUIDED:
      got = guided_next (thr, ws, &k0, &k1);
      break;
    default:
      got = static_next (thr, ws, &k0, &k1);
      break;
    }
  if (!got)
    return false;
  if (tool)
    GOMP_TOOL_EVENT (ws_chunk, thr, ws, k0, k1);
  if (ws->ordered)
    gomp_ordered_chunk (thr, k0, k1);
  *istart = bound (ws, k0);
  *iend = bound (ws, k1);
  return true;
}

/* The two copies, without a tool and with one: out of line, so that
   gomp_iter_next_general tests the thread's mode once for both events
   and jumps, with no frame of its own to set up first.  Not cold: with
   a tool every chunk takes its copy.  Without the tool layer, one copy
   in gomp_iter_next_general itself.  */
#ifndef OMPDBG_NO_TOOL
static bool __attribute__ ((noinline))
iter_next_plain (struct gomp_thread *thr, struct gomp_work_share *ws,
		 unsigned long long *istart, unsigned long long *iend,
		 void *cfa)
{
  return iter_next (thr, ws, istart, iend, cfa, false);
}

static bool __attribute__ ((noinline))
iter_next_tool (struct gomp_thread *thr, struct gomp_work_share *ws,
		unsigned long long *istart, unsigned long long *iend,
		void *cfa)
{
  return iter_next (thr, ws, istart, iend, cfa, true);
}
#endif

/* gomp_iter_next (internal.h) for any chunk of any schedule: ordered
   loops, loops whose cursor could wrap, guided, unchunked static, and
   every loop's with a tool.  CFA: the entry point's frame, for the
   ordered turn's wait.  */
bool
gomp_iter_next_general (struct gomp_thread *thr, struct gomp_work_share *ws,
			unsigned long long *istart, unsigned long long *iend,
			void *cfa)
{
#ifdef OMPDBG_NO_TOOL
  return iter_next (thr, ws, istart, iend, cfa, false);
#else
  GOMP_MODE_TOOL_GOTO (thr, tool);
  return iter_next_plain (thr, ws, istart, iend, cfa);
 tool:
  return iter_next_tool (thr, ws, istart, iend, cfa);
#endif
}

/* schedule(runtime): run-sched-var of the current task.  auto is
   implemented as static.  */
unsigned int
gomp_runtime_sched (struct gomp_thread *thr, unsigned long long *chunk)
{
  struct gomp_icv *icv = &thr->task->icv;
  unsigned int kind = icv->run_sched_var & ~GS_MONOTONIC;
  *chunk = icv->run_sched_chunk > 0 ? (unsigned long long)
    icv->run_sched_chunk : 0;
  if (kind == GS_AUTO || kind == GS_STATIC)
    return GS_STATIC;
  return kind;
}
