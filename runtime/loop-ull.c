/* loop-ull.c -- the worksharing-loop entry points for unsigned long long
   iterators (GOMP_loop_ull_*), used for size_t and unsigned long long
   loops whose bounds are not known at compile time.  UP tells the
   direction; for a downward loop INCR is the negative step in two's
   complement.  The schedules are those of iter.c, like the long forms.  */

#include "config.h"
#include "internal.h"

typedef unsigned long long gomp_ull;

static void
loop_ull_init (struct gomp_thread *thr, bool up, gomp_ull start,
	       gomp_ull end, gomp_ull incr, unsigned int sched,
	       gomp_ull chunk, bool ordered)
{
  bool empty = up ? start >= end : start <= end;
  gomp_iter_init (thr, WS_LOOP, start, empty ? start : end, incr, !up,
		  sched, chunk, ordered);
}

/* Not inlined: the short-path entry points below reach it by a tail
   call, and with it inlined they would all need a stack frame.  */
static __attribute__ ((noinline)) bool
loop_ull_next (gomp_ull *istart, gomp_ull *iend, void *cfa)
{
  return gomp_iter_next (gomp_thread (), istart, iend, cfa);
}

static bool
loop_ull_start (bool up, gomp_ull start, gomp_ull end, gomp_ull incr,
		unsigned int sched, gomp_ull chunk, bool ordered,
		gomp_ull *istart, gomp_ull *iend, void *cfa)
{
  struct gomp_thread *thr = gomp_thread ();
  thr->ts.static_trip = 0;
  if (gomp_ws_enter (thr, cfa))
    {
      loop_ull_init (thr, up, start, end, incr, sched, chunk, ordered);
      gomp_ws_publish (thr);
    }
  return loop_ull_next (istart, iend, cfa);
}

#define LOOP_ULL_START(NAME, SCHED, ORDERED)				\
  EXPORT bool								\
  NAME (bool up, gomp_ull start, gomp_ull end, gomp_ull incr,		\
	gomp_ull chunk, gomp_ull *istart, gomp_ull *iend)		\
  {									\
    return loop_ull_start (up, start, end, incr, SCHED, chunk, ORDERED, \
			   istart, iend, GOMP_CFA ());			\
  }

LOOP_ULL_START (GOMP_loop_ull_static_start, GS_STATIC, false)
LOOP_ULL_START (GOMP_loop_ull_dynamic_start, GS_DYNAMIC, false)
LOOP_ULL_START (GOMP_loop_ull_guided_start, GS_GUIDED, false)
LOOP_ULL_START (GOMP_loop_ull_nonmonotonic_dynamic_start, GS_DYNAMIC, false)
LOOP_ULL_START (GOMP_loop_ull_nonmonotonic_guided_start, GS_GUIDED, false)
LOOP_ULL_START (GOMP_loop_ull_ordered_static_start, GS_STATIC, true)
LOOP_ULL_START (GOMP_loop_ull_ordered_dynamic_start, GS_DYNAMIC, true)
LOOP_ULL_START (GOMP_loop_ull_ordered_guided_start, GS_GUIDED, true)

#define LOOP_ULL_RUNTIME_START(NAME, ORDERED)				\
  EXPORT bool								\
  NAME (bool up, gomp_ull start, gomp_ull end, gomp_ull incr,		\
	gomp_ull *istart, gomp_ull *iend)				\
  {									\
    gomp_ull chunk;							\
    unsigned int sched = gomp_runtime_sched (gomp_thread (), &chunk);	\
    return loop_ull_start (up, start, end, incr, sched, chunk, ORDERED, \
			   istart, iend, GOMP_CFA ());			\
  }

LOOP_ULL_RUNTIME_START (GOMP_loop_ull_runtime_start, false)
LOOP_ULL_RUNTIME_START (GOMP_loop_ull_nonmonotonic_runtime_start, false)
LOOP_ULL_RUNTIME_START (GOMP_loop_ull_maybe_nonmonotonic_runtime_start,
			false)
LOOP_ULL_RUNTIME_START (GOMP_loop_ull_ordered_runtime_start, true)

#define LOOP_ULL_NEXT(NAME)						\
  EXPORT bool								\
  NAME (gomp_ull *istart, gomp_ull *iend)				\
  {									\
    return loop_ull_next (istart, iend, GOMP_CFA ());			\
  }

/* dynamic and guided: the short path (FAST, internal.h) first.  */
#define LOOP_ULL_SHORT_NEXT(NAME, FAST)					\
  EXPORT bool								\
  NAME (gomp_ull *istart, gomp_ull *iend)				\
  {									\
    int got = FAST (istart, iend);					\
    if (unlikely (got < 0))						\
      return loop_ull_next (istart, iend, GOMP_CFA ());		\
    return got;								\
  }

LOOP_ULL_NEXT (GOMP_loop_ull_static_next)
LOOP_ULL_SHORT_NEXT (GOMP_loop_ull_dynamic_next,
		     gomp_iter_dynamic_next_fast)
LOOP_ULL_SHORT_NEXT (GOMP_loop_ull_guided_next, gomp_iter_guided_next_fast)
LOOP_ULL_NEXT (GOMP_loop_ull_runtime_next)
EXPORT bool GOMP_loop_ull_nonmonotonic_dynamic_next (gomp_ull *, gomp_ull *)
  __attribute__ ((alias ("GOMP_loop_ull_dynamic_next")));
EXPORT bool GOMP_loop_ull_nonmonotonic_guided_next (gomp_ull *, gomp_ull *)
  __attribute__ ((alias ("GOMP_loop_ull_guided_next")));
LOOP_ULL_NEXT (GOMP_loop_ull_nonmonotonic_runtime_next)
LOOP_ULL_NEXT (GOMP_loop_ull_maybe_nonmonotonic_runtime_next)
LOOP_ULL_NEXT (GOMP_loop_ull_ordered_static_next)
LOOP_ULL_NEXT (GOMP_loop_ull_ordered_dynamic_next)
LOOP_ULL_NEXT (GOMP_loop_ull_ordered_guided_next)
LOOP_ULL_NEXT (GOMP_loop_ull_ordered_runtime_next)

static bool
loop_ull_start_5 (bool up, gomp_ull start, gomp_ull end, gomp_ull incr,
		  long sched, gomp_ull chunk, bool ordered, gomp_ull *istart,
		  gomp_ull *iend, uintptr_t *reductions, void **mem, void *cfa)
{
  struct gomp_thread *thr = gomp_thread ();
  thr->ts.static_trip = 0;
  bool first = gomp_ws_enter_reductions (thr, reductions, cfa);
  if (first)
    {
      unsigned int kind = gomp_loop_sched_arg (thr, sched, &chunk);
      loop_ull_init (thr, up, start, end, incr, kind, chunk, ordered);
      if (mem)
	gomp_ws_mem (thr, true, mem);
      gomp_ws_publish (thr);
    }
  else if (mem)
    gomp_ws_mem (thr, false, mem);
  if (istart == NULL)
    return true;
  return loop_ull_next (istart, iend, cfa);
}

EXPORT bool
GOMP_loop_ull_start (bool up, gomp_ull start, gomp_ull end, gomp_ull incr,
		     long sched, gomp_ull chunk, gomp_ull *istart,
		     gomp_ull *iend, uintptr_t *reductions, void **mem)
{
  return loop_ull_start_5 (up, start, end, incr, sched, chunk, false,
			   istart, iend, reductions, mem, GOMP_CFA ());
}

EXPORT bool
GOMP_loop_ull_ordered_start (bool up, gomp_ull start, gomp_ull end,
			     gomp_ull incr, long sched, gomp_ull chunk,
			     gomp_ull *istart, gomp_ull *iend,
			     uintptr_t *reductions, void **mem)
{
  return loop_ull_start_5 (up, start, end, incr, sched, chunk, true, istart,
			   iend, reductions, mem, GOMP_CFA ());
}
