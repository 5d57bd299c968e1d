/* query-api.c -- the omp_* routines that ask where the calling thread is:
   its thread number, its team, the enclosing regions.

   omp_get_thread_num and omp_get_num_threads are called in the inner loops
   of programs (GCC's static loops call both on entry), so they read the
   thread's TLS pointer directly and never create a descriptor: a thread
   that has none is an initial thread outside any region.

   Ancestors are found through the teams: a team keeps its master's state
   from outside the region (master_saved), one nesting level up.  */

#include "config.h"
#include "internal.h"

#include <omp.h>

EXPORT int
omp_get_num_threads (void)
{
  struct gomp_thread *thr = gomp_tls;
  return thr && thr->ts.team ? (int) thr->ts.team->nthreads : 1;
}

EXPORT int
omp_get_thread_num (void)
{
  struct gomp_thread *thr = gomp_tls;
  return thr ? (int) thr->ts.team_id : 0;
}

/* True inside an active region, however deeply nested in inactive ones.  */
EXPORT int
omp_in_parallel (void)
{
  struct gomp_thread *thr = gomp_tls;
  return thr && thr->ts.active_level > 0;
}

EXPORT int
omp_get_level (void)
{
  struct gomp_thread *thr = gomp_tls;
  return thr ? (int) thr->ts.level : 0;
}

EXPORT int
omp_get_active_level (void)
{
  struct gomp_thread *thr = gomp_tls;
  return thr ? (int) thr->ts.active_level : 0;
}

/* The calling thread's team state at nesting LEVEL (0 .. its level), or
   NULL if there is no such level.  */
static const struct gomp_team_state *
state_at_level (int level)
{
  static const struct gomp_team_state outside;
  struct gomp_thread *thr = gomp_tls;
  const struct gomp_team_state *ts = thr ? &thr->ts : &outside;
  if (level < 0 || (unsigned int) level > ts->level)
    return NULL;
  while (ts->level > (unsigned int) level)
    ts = &ts->team->master_saved;
  return ts;
}

EXPORT int
omp_get_ancestor_thread_num (int level)
{
  const struct gomp_team_state *ts = state_at_level (level);
  return ts ? (int) ts->team_id : -1;
}

EXPORT int
omp_get_team_size (int level)
{
  const struct gomp_team_state *ts = state_at_level (level);
  if (ts == NULL)
    return -1;
  return ts->team ? (int) ts->team->nthreads : 1;
}

EXPORT int
omp_get_num_procs (void)
{
  return (int) gomp_num_procs;
}
