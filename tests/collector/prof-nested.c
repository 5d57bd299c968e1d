/* prof-nested.c -- a region of 2 threads, each the master of a nested
   region of 2 (tests/collector/profile.sh): OUTER-LINE and INNER-LINE.  */
#include <omp.h>
#include <stdio.h>
#include "prof-work.h"

int
main (void)
{
  int n = 0;
  omp_set_max_active_levels (2);
#pragma omp parallel num_threads (2) reduction (+:n)	/* OUTER-LINE */
  {
    work_ms (100);
#pragma omp parallel num_threads (2) reduction (+:n)	/* INNER-LINE */
    {
      work_ms (200);
      n++;
    }
  }
  printf ("%d inner threads\n", n);
  return 0;
}
