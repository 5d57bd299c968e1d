/* sections.c -- the sections construct: GOMP_sections_start/next/end,
   GOMP_sections2_start and the combined GOMP_parallel_sections.  Sections
   are a dynamic loop over section numbers 1 .. count with chunk 1; 0
   means "no more".  */

#include "config.h"
#include "internal.h"

static unsigned int
sections_next (struct gomp_thread *thr, void *cfa)
{
  unsigned long long s, e;
  if (!gomp_iter_next (thr, &s, &e, cfa))
    return 0;
  return (unsigned int) s;
}

static void
sections_init (struct gomp_thread *thr, unsigned int count)
{
  gomp_iter_init (thr, WS_SECTIONS, 1, (unsigned long long) count + 1, 1,
		  false, GS_DYNAMIC, 1, false);
}

EXPORT unsigned int
GOMP_sections_start (unsigned int count)
{
  struct gomp_thread *thr = gomp_thread ();
  void *cfa = GOMP_CFA ();
  if (gomp_ws_enter (thr, cfa))
    {
      sections_init (thr, count);
      gomp_ws_publish (thr);
    }
  return sections_next (thr, cfa);
}

/* GOMP_5.0: sections with task reductions (task-reduction.c) and MEM as
   for GOMP_loop_start.  */
EXPORT unsigned int
GOMP_sections2_start (unsigned int count, uintptr_t *reductions, void **mem)
{
  struct gomp_thread *thr = gomp_thread ();
  void *cfa = GOMP_CFA ();
  if (gomp_ws_enter_reductions (thr, reductions, cfa))
    {
      sections_init (thr, count);
      if (mem)
	gomp_ws_mem (thr, true, mem);
      gomp_ws_publish (thr);
    }
  else if (mem)
    gomp_ws_mem (thr, false, mem);
  return sections_next (thr, cfa);
}

EXPORT unsigned int
GOMP_sections_next (void)
{
  return sections_next (gomp_thread (), GOMP_CFA ());
}

EXPORT void
GOMP_sections_end (void)
{
  gomp_ws_end_barrier (gomp_thread (),
		       ompt_state_wait_barrier_implicit_workshare,
		       GOMP_CFA ());
}

EXPORT void
GOMP_sections_end_nowait (void)
{
  gomp_ws_leave (gomp_thread ());
}

static void
parallel_sections (void (*fn) (void *), void *data, unsigned int num_threads,
		   unsigned int count, unsigned int flags, bool run, void *cfa)
{
  struct gomp_thread *thr = gomp_thread ();
  unsigned int n = gomp_resolve_num_threads (thr, num_threads);
  struct gomp_work_share *ws;
  struct gomp_team *team = gomp_team_start (fn, data, n, flags, &ws, cfa);
  sections_init (thr, count);
  gomp_team_launch (team);
  if (run)
    {
      fn (data);
      gomp_team_end (cfa);
    }
}

EXPORT void
GOMP_parallel_sections (void (*fn) (void *), void *data,
			unsigned int num_threads, unsigned int count,
			unsigned int flags)
{
  parallel_sections (fn, data, num_threads, count, flags, true, GOMP_CFA ());
}

/* GCC 4.2-4.8: the master calls FN itself, then GOMP_parallel_end.  */
EXPORT void
GOMP_parallel_sections_start (void (*fn) (void *), void *data,
			      unsigned int num_threads, unsigned int count)
{
  parallel_sections (fn, data, num_threads, count, 0, false, NULL);
}
