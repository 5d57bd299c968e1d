/* pause.c -- omp_pause_resource and omp_pause_resource_all.

   libgomp 12 accepts a pause only from outside any parallel region
   (-1 inside one: the threads it would release are in use) and only for
   the host (the initial device, whose number is the number of devices,
   0 here); any other device number is -1.  The kind is not checked.  On
   success it ends the threads of the calling thread's pool and joins
   them.  A program can see that: the next region's workers are new
   threads, whose threadprivate variables hold their initial values
   again, and the thread-local destructors of the old ones have run.  We
   do the same (gomp_pool_pause).  The ICVs and everything else of the
   OpenMP state stay as they are, so "hard" and "soft" pauses are the
   same, as in libgomp 12.  */

#include "config.h"
#include "internal.h"

#include <omp.h>

/* What a pause of the host returns for the calling thread.  */
static int
pause_host (void)
{
  if (gomp_thread ()->ts.level > 0)
    return -1;
  gomp_pool_pause ();
  return 0;
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
