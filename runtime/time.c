/* time.c -- omp_get_wtime and omp_get_wtick, on the monotonic clock
   of os.h.  */

#include "config.h"
#include "internal.h"
#include "os.h"

#include <omp.h>

EXPORT double
omp_get_wtime (void)
{
  return gomp_os_wtime ();
}

EXPORT double
omp_get_wtick (void)
{
  return gomp_os_wtick ();
}
