/* fortran.c -- the Fortran entry points (omp_lib) of the routines that are
   implemented: NAME_ for default-kind arguments, NAME_8_ for integer(8)
   ones (gfortran -fdefault-integer-8).

   Fortran passes every argument by reference.  integer(8) arguments are
   clamped into the int range the C routines take.  Locks: omp_lock_kind
   is 4, so a Fortran simple lock is the C omp_lock_t itself;
   omp_nest_lock_kind is 8, too small for the 16-byte omp_nest_lock_t, so
   the Fortran variable holds a pointer to one, allocated by
   omp_init_nest_lock_ and freed by omp_destroy_nest_lock_, as in libgomp.
   The OpenMP 2.5 lock entry points are in lock-compat.c; the Fortran
   forms of the task, places, allocator and affinity routines sit next to
   their C versions.

   The macros below declare each function before defining it, as
   -Wmissing-prototypes wants; no header declares the Fortran names.  */

#include "config.h"
#include "internal.h"

#include <limits.h>
#include <omp.h>
#include <stdlib.h>

/* An integer(8) argument as an int: out-of-range values saturate.  */
static inline int
to_int (int64_t x)
{
  return x < INT_MIN ? INT_MIN : x > INT_MAX ? INT_MAX : (int) x;
}

#define DEFINE(ret, name, params) \
  ret name params; \
  EXPORT ret name params

/* int32 omp_get_xxx_ (void).  */
#define GETTER(c_name) \
  DEFINE (int32_t, c_name##_, (void)) { return c_name (); }

/* omp_set_xxx_ (int32 *) and omp_set_xxx_8_ (int64 *).  */
#define SETTER(c_name) \
  DEFINE (void, c_name##_, (const int32_t *v)) { c_name (*v); } \
  DEFINE (void, c_name##_8_, (const int64_t *v)) { c_name (to_int (*v)); }

/* Logical setters: a nonzero integer(8) is true even if its low 32 bits
   are zero.  */
#define BOOL_SETTER(c_name) \
  DEFINE (void, c_name##_, (const int32_t *v)) { c_name (*v); } \
  DEFINE (void, c_name##_8_, (const int64_t *v)) { c_name (*v != 0); }

/* int32 omp_get_xxx_ (int32 *level) and its _8_ form.  */
#define LEVEL_QUERY(c_name) \
  DEFINE (int32_t, c_name##_, (const int32_t *v)) { return c_name (*v); } \
  DEFINE (int32_t, c_name##_8_, (const int64_t *v)) \
  { return c_name (to_int (*v)); }

/* ---- OMP_1.0 ------------------------------------------------------------- */

BOOL_SETTER (omp_set_dynamic)
BOOL_SETTER (omp_set_nested)
SETTER (omp_set_num_threads)
GETTER (omp_get_dynamic)
GETTER (omp_get_nested)
GETTER (omp_in_parallel)
GETTER (omp_get_max_threads)
GETTER (omp_get_num_procs)
GETTER (omp_get_num_threads)
GETTER (omp_get_thread_num)

/* ---- OMP_2.0 ------------------------------------------------------------- */

DEFINE (double, omp_get_wtick_, (void))
{
  return omp_get_wtick ();
}

DEFINE (double, omp_get_wtime_, (void))
{
  return omp_get_wtime ();
}

/* ---- OMP_3.0 ------------------------------------------------------------- */

/* The lock routines exist at two versions (lock-compat.c has the OMP_1.0
   ones), so these are bound to OMP_3.0 explicitly, as the default, under
   internal names.  */
#define LOCK_30(ret, name, params) \
  ret gomp_##name##_30 params; \
  EXPORT __attribute__ ((symver (#name "@@OMP_3.0"))) \
  ret gomp_##name##_30 params

LOCK_30 (void, omp_init_lock_, (omp_lock_t *lock))
{
  omp_init_lock (lock);
}

LOCK_30 (void, omp_destroy_lock_, (omp_lock_t *lock))
{
  omp_destroy_lock (lock);
}

LOCK_30 (void, omp_set_lock_, (omp_lock_t *lock))
{
  omp_set_lock (lock);
}

LOCK_30 (void, omp_unset_lock_, (omp_lock_t *lock))
{
  omp_unset_lock (lock);
}

LOCK_30 (int32_t, omp_test_lock_, (omp_lock_t *lock))
{
  return omp_test_lock (lock);
}

LOCK_30 (void, omp_init_nest_lock_, (omp_nest_lock_t **lock))
{
  *lock = malloc (sizeof **lock);
  if (*lock == NULL)
    gomp_fatal_oom (sizeof **lock);
  omp_init_nest_lock (*lock);
}

LOCK_30 (void, omp_destroy_nest_lock_, (omp_nest_lock_t **lock))
{
  omp_destroy_nest_lock (*lock);
  free (*lock);
  *lock = NULL;
}

LOCK_30 (void, omp_set_nest_lock_, (omp_nest_lock_t **lock))
{
  omp_set_nest_lock (*lock);
}

LOCK_30 (void, omp_unset_nest_lock_, (omp_nest_lock_t **lock))
{
  omp_unset_nest_lock (*lock);
}

LOCK_30 (int32_t, omp_test_nest_lock_, (omp_nest_lock_t **lock))
{
  return omp_test_nest_lock (*lock);
}

/* omp_sched_kind is integer(4) in both forms; only the chunk changes.  */
DEFINE (void, omp_set_schedule_, (const int32_t *kind, const int32_t *chunk))
{
  omp_set_schedule ((omp_sched_t) *kind, *chunk);
}

DEFINE (void, omp_set_schedule_8_,
	(const int32_t *kind, const int64_t *chunk))
{
  omp_set_schedule ((omp_sched_t) *kind, to_int (*chunk));
}

/* Like libgomp, hide the monotonic flag from Fortran: omp_lib's
   omp_sched_kind constants (OpenMP 4.5) do not include it.  */
DEFINE (void, omp_get_schedule_, (int32_t *kind, int32_t *chunk))
{
  omp_sched_t k;
  int c;
  omp_get_schedule (&k, &c);
  *kind = (int32_t) ((unsigned int) k & ~GS_MONOTONIC);
  *chunk = c;
}

DEFINE (void, omp_get_schedule_8_, (int32_t *kind, int64_t *chunk))
{
  omp_sched_t k;
  int c;
  omp_get_schedule (&k, &c);
  *kind = (int32_t) ((unsigned int) k & ~GS_MONOTONIC);
  *chunk = c;
}

GETTER (omp_get_thread_limit)
SETTER (omp_set_max_active_levels)
GETTER (omp_get_max_active_levels)
GETTER (omp_get_level)
LEVEL_QUERY (omp_get_ancestor_thread_num)
LEVEL_QUERY (omp_get_team_size)
GETTER (omp_get_active_level)

/* ---- OMP_3.1 .. OMP_5.1 ------------------------------------------------ */

GETTER (omp_in_final)
GETTER (omp_get_cancellation)
GETTER (omp_get_proc_bind)
SETTER (omp_set_default_device)
GETTER (omp_get_default_device)
GETTER (omp_get_num_devices)
GETTER (omp_get_num_teams)
GETTER (omp_get_team_num)
GETTER (omp_is_initial_device)
GETTER (omp_get_initial_device)
GETTER (omp_get_max_task_priority)
GETTER (omp_get_supported_active_levels)
GETTER (omp_get_device_num)
SETTER (omp_set_num_teams)
GETTER (omp_get_max_teams)
SETTER (omp_set_teams_thread_limit)
GETTER (omp_get_teams_thread_limit)
BOOL_SETTER (omp_display_env)
