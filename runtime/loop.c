/* loop.c -- the worksharing-loop entry points for long iterators:
   GOMP_loop_{static,dynamic,guided,runtime}_{start,next}, their
   nonmonotonic and maybe_nonmonotonic forms, the ordered forms, the 5.0
   GOMP_loop_start / GOMP_loop_ordered_start, the combined
   GOMP_parallel_loop_* and GOMP_loop_end*.

   GCC calls *_start once per thread (it returns the first chunk) and then
   *_next until it returns false.  The schedule is fixed by *_start, so
   every *_next is the same function.  The monotonic and nonmonotonic
   forms share the implementation: handing chunks out in increasing order
   satisfies both.  */

#include "config.h"
#include "internal.h"

#include <stdlib.h>

/* GOMP_loop_start's schedule argument (GCC's enum gomp_schedule_type).  */
#define GFS_RUNTIME 0
#define GFS_AUTO 4

static void
loop_init (struct gomp_thread *thr, long start, long end, long incr,
	   unsigned int sched, long chunk, bool ordered)
{
  bool empty = incr > 0 ? start >= end : start <= end;
  gomp_iter_init (thr, WS_LOOP, (unsigned long long) start,
		  (unsigned long long) (empty ? start : end),
		  (unsigned long long) incr, incr < 0, sched,
		  chunk > 0 ? (unsigned long long) chunk : 0, ordered);
}

/* CFA, here and below: the entry point's frame (internal.h).  */
/* Not inlined: the short-path entry points below reach it by a tail
   call, and with it inlined they would all need a stack frame.  */
static __attribute__ ((noinline)) bool
loop_next (long *istart, long *iend, void *cfa)
{
  unsigned long long s, e;
  if (!gomp_iter_next (gomp_thread (), &s, &e, cfa))
    return false;
  *istart = (long) s;
  *iend = (long) e;
  return true;
}

static bool
loop_start (long start, long end, long incr, unsigned int sched, long chunk,
	    bool ordered, long *istart, long *iend, void *cfa)
{
  struct gomp_thread *thr = gomp_thread ();
  thr->ts.static_trip = 0;
  if (gomp_ws_enter (thr, cfa))
    {
      loop_init (thr, start, end, incr, sched, chunk, ordered);
      gomp_ws_publish (thr);
    }
  return loop_next (istart, iend, cfa);
}

static bool
loop_runtime_start (long start, long end, long incr, bool ordered,
		    long *istart, long *iend, void *cfa)
{
  unsigned long long chunk;
  unsigned int sched = gomp_runtime_sched (gomp_thread (), &chunk);
  return loop_start (start, end, incr, sched, (long) chunk, ordered,
		     istart, iend, cfa);
}

/* ---- GOMP_1.0 .. GOMP_5.0 start functions ------------------------------ */

#define LOOP_START(NAME, SCHED, ORDERED)				\
  EXPORT bool								\
  NAME (long start, long end, long incr, long chunk, long *istart,	\
	long *iend)							\
  {									\
    return loop_start (start, end, incr, SCHED, chunk, ORDERED, istart, \
		       iend, GOMP_CFA ());				\
  }

LOOP_START (GOMP_loop_static_start, GS_STATIC, false)
LOOP_START (GOMP_loop_dynamic_start, GS_DYNAMIC, false)
LOOP_START (GOMP_loop_guided_start, GS_GUIDED, false)
LOOP_START (GOMP_loop_nonmonotonic_dynamic_start, GS_DYNAMIC, false)
LOOP_START (GOMP_loop_nonmonotonic_guided_start, GS_GUIDED, false)
LOOP_START (GOMP_loop_ordered_static_start, GS_STATIC, true)
LOOP_START (GOMP_loop_ordered_dynamic_start, GS_DYNAMIC, true)
LOOP_START (GOMP_loop_ordered_guided_start, GS_GUIDED, true)

#define LOOP_RUNTIME_START(NAME, ORDERED)				\
  EXPORT bool								\
  NAME (long start, long end, long incr, long *istart, long *iend)	\
  {									\
    return loop_runtime_start (start, end, incr, ORDERED, istart, iend, \
			       GOMP_CFA ());				\
  }

LOOP_RUNTIME_START (GOMP_loop_runtime_start, false)
LOOP_RUNTIME_START (GOMP_loop_nonmonotonic_runtime_start, false)
LOOP_RUNTIME_START (GOMP_loop_maybe_nonmonotonic_runtime_start, false)
LOOP_RUNTIME_START (GOMP_loop_ordered_runtime_start, true)

#define LOOP_NEXT(NAME)							\
  EXPORT bool								\
  NAME (long *istart, long *iend)					\
  {									\
    return loop_next (istart, iend, GOMP_CFA ());			\
  }

/* dynamic and guided: the short path (FAST, internal.h) first.  */
#define LOOP_SHORT_NEXT(NAME, FAST)					\
  EXPORT bool								\
  NAME (long *istart, long *iend)					\
  {									\
    unsigned long long s, e;						\
    int got = FAST (&s, &e);						\
    if (unlikely (got < 0))						\
      return loop_next (istart, iend, GOMP_CFA ());			\
    if (got)								\
      {									\
	*istart = (long) s;						\
	*iend = (long) e;						\
      }									\
    return got;								\
  }

LOOP_NEXT (GOMP_loop_static_next)
LOOP_SHORT_NEXT (GOMP_loop_dynamic_next, gomp_iter_dynamic_next_fast)
LOOP_SHORT_NEXT (GOMP_loop_guided_next, gomp_iter_guided_next_fast)
LOOP_NEXT (GOMP_loop_runtime_next)
/* The same functions under both names (GCC 9+ emits these for
   schedule(dynamic) and schedule(guided)): no jump between them on every
   chunk.  Both schedules hand out chunks in increasing order, which is
   what the monotonic names ask for (gomp_iter_guided_take).  */
EXPORT bool GOMP_loop_nonmonotonic_dynamic_next (long *, long *)
  __attribute__ ((alias ("GOMP_loop_dynamic_next")));
EXPORT bool GOMP_loop_nonmonotonic_guided_next (long *, long *)
  __attribute__ ((alias ("GOMP_loop_guided_next")));
LOOP_NEXT (GOMP_loop_nonmonotonic_runtime_next)
LOOP_NEXT (GOMP_loop_maybe_nonmonotonic_runtime_next)
LOOP_NEXT (GOMP_loop_ordered_static_next)
LOOP_NEXT (GOMP_loop_ordered_dynamic_next)
LOOP_NEXT (GOMP_loop_ordered_guided_next)
LOOP_NEXT (GOMP_loop_ordered_runtime_next)

/* ---- GOMP_5.0: schedule as an argument, optional shared buffer ---------- */

/* GCC's encoding: 0 = runtime, 4 = runtime with nonmonotonic modifier,
   otherwise the kind, maybe with the monotonic bit.  */
unsigned int
gomp_loop_sched_arg (struct gomp_thread *thr, long sched,
		     unsigned long long *chunk)
{
  unsigned int kind = (unsigned int) sched & ~GS_MONOTONIC;
  switch (kind)
    {
    case GS_STATIC:
    case GS_DYNAMIC:
    case GS_GUIDED:
      return kind;
    case GFS_RUNTIME:
    case GFS_AUTO:
      return gomp_runtime_sched (thr, chunk);
    default:
      gomp_own_fatal ("GOMP_loop_start: unknown schedule kind %ld", sched);
    }
}

/* The buffer GCC asks for with MEM (inscan reductions): *MEM holds its
   size on entry and the address of one zeroed buffer, the same for every
   thread of the team, on return.  It lives until all threads have left
   the construct.  */
void
gomp_ws_mem (struct gomp_thread *thr, bool first, void **mem)
{
  struct gomp_work_share *ws = thr->ts.ws;
  if (first)
    {
      size_t size = (uintptr_t) *mem;
      ws->mem = calloc (1, size ? size : 1);
      if (ws->mem == NULL)
	gomp_fatal_oom (size ? size : 1);
    }
  *mem = ws->mem;
}

static bool
loop_start_5 (long start, long end, long incr, long sched, long chunk,
	      bool ordered, long *istart, long *iend, uintptr_t *reductions,
	      void **mem, void *cfa)
{
  struct gomp_thread *thr = gomp_thread ();
  thr->ts.static_trip = 0;
  bool first = gomp_ws_enter_reductions (thr, reductions, cfa);
  if (first)
    {
      unsigned long long c = chunk > 0 ? (unsigned long long) chunk : 0;
      unsigned int kind = gomp_loop_sched_arg (thr, sched, &c);
      loop_init (thr, start, end, incr, kind, (long) c, ordered);
      if (mem)
	gomp_ws_mem (thr, true, mem);
      gomp_ws_publish (thr);
    }
  else if (mem)
    gomp_ws_mem (thr, false, mem);
  if (istart == NULL)
    return true;
  return loop_next (istart, iend, cfa);
}

EXPORT bool
GOMP_loop_start (long start, long end, long incr, long sched, long chunk,
		 long *istart, long *iend, uintptr_t *reductions, void **mem)
{
  return loop_start_5 (start, end, incr, sched, chunk, false, istart, iend,
		       reductions, mem, GOMP_CFA ());
}

EXPORT bool
GOMP_loop_ordered_start (long start, long end, long incr, long sched,
			 long chunk, long *istart, long *iend,
			 uintptr_t *reductions, void **mem)
{
  return loop_start_5 (start, end, incr, sched, chunk, true, istart, iend,
		       reductions, mem, GOMP_CFA ());
}

/* ---- end of the loop ---------------------------------------------------- */

/* An ordered loop's last chunk passes the ordered turn on.  */
static void
loop_ordered_done (struct gomp_thread *thr, void *cfa)
{
  struct gomp_work_share *ws = thr->ts.ws;
  if (ws && ws->kind == WS_LOOP && ws->ordered)
    gomp_ordered_chunk_done (thr, cfa);
}

void
gomp_loop_leave (struct gomp_thread *thr, void *cfa)
{
  loop_ordered_done (thr, cfa);
  gomp_ws_leave (thr);
}

EXPORT void
GOMP_loop_end (void)
{
  struct gomp_thread *thr = gomp_thread ();
  void *cfa = GOMP_CFA ();
  loop_ordered_done (thr, cfa);
  gomp_ws_end_barrier (thr, ompt_state_wait_barrier_implicit_workshare, cfa);
}

EXPORT void
GOMP_loop_end_nowait (void)
{
  gomp_loop_leave (gomp_thread (), GOMP_CFA ());
}

/* ---- combined parallel loops -------------------------------------------- */

/* The master sets up work share 0 before releasing the team, so the
   outlined function only calls *_next.  */
static void
parallel_loop (void (*fn) (void *), void *data, unsigned int num_threads,
	       long start, long end, long incr, unsigned int sched,
	       long chunk, unsigned int flags, bool run, void *cfa)
{
  struct gomp_thread *thr = gomp_thread ();
  unsigned int n = gomp_resolve_num_threads (thr, num_threads);
  struct gomp_work_share *ws;
  struct gomp_team *team = gomp_team_start (fn, data, n, flags, &ws, cfa);
  thr->ts.static_trip = 0;
  loop_init (thr, start, end, incr, sched, chunk, false);
  gomp_team_launch (team);
  if (run)
    {
      fn (data);
      gomp_team_end (cfa);
    }
}

#define PARALLEL_LOOP(NAME, SCHED)					\
  EXPORT void								\
  NAME (void (*fn) (void *), void *data, unsigned int num_threads,	\
	long start, long end, long incr, long chunk, unsigned int flags) \
  {									\
    parallel_loop (fn, data, num_threads, start, end, incr, SCHED, chunk, \
		   flags, true, GOMP_CFA ());				\
  }

PARALLEL_LOOP (GOMP_parallel_loop_static, GS_STATIC)
PARALLEL_LOOP (GOMP_parallel_loop_dynamic, GS_DYNAMIC)
PARALLEL_LOOP (GOMP_parallel_loop_guided, GS_GUIDED)
PARALLEL_LOOP (GOMP_parallel_loop_nonmonotonic_dynamic, GS_DYNAMIC)
PARALLEL_LOOP (GOMP_parallel_loop_nonmonotonic_guided, GS_GUIDED)

#define PARALLEL_LOOP_RUNTIME(NAME)					\
  EXPORT void								\
  NAME (void (*fn) (void *), void *data, unsigned int num_threads,	\
	long start, long end, long incr, unsigned int flags)		\
  {									\
    unsigned long long chunk;						\
    unsigned int sched = gomp_runtime_sched (gomp_thread (), &chunk);	\
    parallel_loop (fn, data, num_threads, start, end, incr, sched,	\
		   (long) chunk, flags, true, GOMP_CFA ());		\
  }

PARALLEL_LOOP_RUNTIME (GOMP_parallel_loop_runtime)
PARALLEL_LOOP_RUNTIME (GOMP_parallel_loop_nonmonotonic_runtime)
PARALLEL_LOOP_RUNTIME (GOMP_parallel_loop_maybe_nonmonotonic_runtime)

/* GCC 4.2-4.8: the master calls FN itself, then GOMP_parallel_end.  */
#define PARALLEL_LOOP_LEGACY(NAME, SCHED)				\
  EXPORT void								\
  NAME (void (*fn) (void *), void *data, unsigned int num_threads,	\
	long start, long end, long incr, long chunk)			\
  {									\
    parallel_loop (fn, data, num_threads, start, end, incr, SCHED, chunk, \
		   0, false, NULL);					\
  }

PARALLEL_LOOP_LEGACY (GOMP_parallel_loop_static_start, GS_STATIC)
PARALLEL_LOOP_LEGACY (GOMP_parallel_loop_dynamic_start, GS_DYNAMIC)
PARALLEL_LOOP_LEGACY (GOMP_parallel_loop_guided_start, GS_GUIDED)

EXPORT void
GOMP_parallel_loop_runtime_start (void (*fn) (void *), void *data,
				  unsigned int num_threads, long start,
				  long end, long incr)
{
  unsigned long long chunk;
  unsigned int sched = gomp_runtime_sched (gomp_thread (), &chunk);
  parallel_loop (fn, data, num_threads, start, end, incr, sched,
		 (long) chunk, 0, false, NULL);
}
