/* pause.c -- omp_pause_resource and omp_pause_resource_all.

   libgomp 12 accepts a pause only from outside any parallel region
   (-1 inside one: the threads it would release are in use) and only for
   the host (the initial device, whose number is the number of devices,
   0 here); any other device number is -1.  The kind is not checked.  On
   success it joins the calling thread's idle pool threads.  We return the
   same results but keep the threads: a pause is a hint that lets the
   runtime give resources back, the next region would only start them
   again, and the pool's threads stay visible to a debugger.  Nothing of
   the OpenMP state has to be rebuilt after a pause here, so "hard" and
   "soft" pauses are the same.  */

#include "config.h"
#include "internal.h"

#include <omp.h>

/* What a pause of the host returns for the calling thread.  */
static int
pause_host (void)
{
  return gomp_thread ()->ts.level > 0 ? -1 : 0;
}

EXPORT int
omp_pause_resource (omp_pause_resource_t kind, int device_num)
{
  (void) kind;
  if (device_num == omp_get_initial_device ())
    return pause_host ();
  return -1;
}

EXPORT int
omp_pause_resource_all (omp_pause_resource_t kind)
{
  (void) kind;
  return pause_host ();
}

/* Fortran: integer(4) arguments only (omp_lib has no integer(8) form).  */
int32_t omp_pause_resource_ (const int32_t *kind, const int32_t *device_num);
int32_t omp_pause_resource_all_ (const int32_t *kind);

EXPORT int32_t
omp_pause_resource_ (const int32_t *kind, const int32_t *device_num)
{
  return omp_pause_resource ((omp_pause_resource_t) *kind, *device_num);
}

EXPORT int32_t
omp_pause_resource_all_ (const int32_t *kind)
{
  return omp_pause_resource_all ((omp_pause_resource_t) *kind);
}
