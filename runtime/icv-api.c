/* icv-api.c -- the omp_* routines that set and read ICVs, and the device
   and teams queries of a host-only runtime.

   Data-environment ICVs belong to the calling task (gomp_icv): a setter
   changes them for that task and the regions it encounters later, never
   for its siblings.  Global and device ICVs live in gomp_global_icv.
   Argument checks and clamping follow libgomp 12.  */

#include "config.h"
#include "internal.h"

#include <limits.h>
#include <omp.h>

EXPORT void
omp_set_num_threads (int n)
{
  gomp_icv ()->nthreads_var = n > 0 ? (unsigned long) n : 1;
}

EXPORT int
omp_get_max_threads (void)
{
  unsigned long n = gomp_icv ()->nthreads_var;
  return n > INT_MAX ? INT_MAX : (int) n;
}

EXPORT void
omp_set_dynamic (int val)
{
  gomp_icv ()->dyn_var = val != 0;
}

EXPORT int
omp_get_dynamic (void)
{
  return gomp_icv ()->dyn_var;
}

/* OpenMP 5.0 defines nesting as max-active-levels-var > 1.  */
EXPORT void
omp_set_nested (int val)
{
  struct gomp_icv *icv = gomp_icv ();
  if (val)
    icv->max_active_levels_var = GOMP_SUPPORTED_ACTIVE_LEVELS;
  else if (icv->max_active_levels_var > 1)
    icv->max_active_levels_var = 1;
}

EXPORT int
omp_get_nested (void)
{
  return gomp_icv ()->max_active_levels_var > 1;
}

EXPORT void
omp_set_max_active_levels (int max_levels)
{
  if (max_levels < 0)
    return;
  gomp_icv ()->max_active_levels_var
    = max_levels < GOMP_SUPPORTED_ACTIVE_LEVELS
    ? max_levels : GOMP_SUPPORTED_ACTIVE_LEVELS;
}

EXPORT int
omp_get_max_active_levels (void)
{
  return gomp_icv ()->max_active_levels_var;
}

EXPORT int
omp_get_supported_active_levels (void)
{
  return GOMP_SUPPORTED_ACTIVE_LEVELS;
}

/* A chunk size below 1 means the default: unspecified (0) for static,
   1 for dynamic and guided; auto keeps the chunk it had.  An unknown kind
   changes nothing.  */
EXPORT void
omp_set_schedule (omp_sched_t kind, int chunk_size)
{
  struct gomp_icv *icv = gomp_icv ();
  switch ((unsigned int) kind & ~GS_MONOTONIC)
    {
    case GS_STATIC:
      icv->run_sched_chunk = chunk_size < 1 ? 0 : chunk_size;
      break;
    case GS_DYNAMIC:
    case GS_GUIDED:
      icv->run_sched_chunk = chunk_size < 1 ? 1 : chunk_size;
      break;
    case GS_AUTO:
      break;
    default:
      return;
    }
  icv->run_sched_var = (unsigned int) kind;
}

EXPORT void
omp_get_schedule (omp_sched_t *kind, int *chunk_size)
{
  const struct gomp_icv *icv = gomp_icv ();
  *kind = (omp_sched_t) icv->run_sched_var;
  *chunk_size = icv->run_sched_chunk;
}

EXPORT int
omp_get_thread_limit (void)
{
  unsigned long limit = gomp_icv ()->thread_limit_var;
  return limit > INT_MAX ? INT_MAX : (int) limit;
}

EXPORT int
omp_get_cancellation (void)
{
  return gomp_global_icv.cancel_var;
}

EXPORT omp_proc_bind_t
omp_get_proc_bind (void)
{
  return (omp_proc_bind_t) gomp_icv ()->bind_var;
}

EXPORT int
omp_get_max_task_priority (void)
{
  return gomp_global_icv.max_task_priority_var;
}

/* ---- devices: only the host, which is the initial device ------------- */

EXPORT void
omp_set_default_device (int device_num)
{
  gomp_icv ()->default_device_var = device_num >= 0 ? device_num : 0;
}

EXPORT int
omp_get_default_device (void)
{
  return gomp_icv ()->default_device_var;
}

EXPORT int
omp_get_num_devices (void)
{
  return 0;
}

/* The initial device's number is the number of non-host devices.  */
EXPORT int
omp_get_initial_device (void)
{
  return 0;
}

EXPORT int
omp_is_initial_device (void)
{
  return 1;
}

/* Every thread runs on the initial device.  */
EXPORT int
omp_get_device_num (void)
{
  return 0;
}

/* ---- teams: nteams-var and teams-thread-limit-var are global (libgomp
   12); omp_get_num_teams and omp_get_team_num are in teams.c.  ------- */

EXPORT void
omp_set_num_teams (int num_teams)
{
  if (num_teams >= 0)
    gomp_global_icv.num_teams_var = num_teams;
}

EXPORT int
omp_get_max_teams (void)
{
  return gomp_global_icv.num_teams_var;
}

EXPORT void
omp_set_teams_thread_limit (int thread_limit)
{
  if (thread_limit >= 0)
    gomp_global_icv.teams_thread_limit_var = thread_limit;
}

EXPORT int
omp_get_teams_thread_limit (void)
{
  return gomp_global_icv.teams_thread_limit_var;
}
