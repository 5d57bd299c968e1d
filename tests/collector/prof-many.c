/* prof-many.c -- one region of as many threads as OMP_NUM_THREADS says,
   each with some CPU work (ARGV[1] iterations, default 2000000), 100 ms
   of sleep and a critical section (tests/collector/profile.sh).  */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include "prof-work.h"

int
main (int argc, char **argv)
{
  unsigned long n = argc > 1 ? strtoul (argv[1], NULL, 10) : 2000000;
  unsigned long sum = 0;
  int threads = 0;
#pragma omp parallel
  {
    unsigned long x = 0;
    for (unsigned long i = 0; i < n; i++)
      x += i ^ (x >> 3);
    work_ms (100);
#pragma omp critical
    {
      sum += x & 1;
      threads++;
    }
  }
  printf ("%d threads, %lu\n", threads, sum);
  return 0;
}
