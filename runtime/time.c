/* time.c -- omp_get_wtime and omp_get_wtick.  The monotonic clock: elapsed
   times stay right when the system time is set.  */

#include "config.h"
#include "internal.h"

#include <omp.h>
#include <time.h>

EXPORT double
omp_get_wtime (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

EXPORT double
omp_get_wtick (void)
{
  struct timespec ts;
  clock_getres (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}
