/* prof-imbalance.c -- thread 0 works three times as long as the others
   in each of ROUNDS regions of 4 threads: each other thread waits at the
   region's implicit barrier 2 * UNIT ms per region
   (tests/collector/profile.sh).  Exits 3, printing its work.  */
#include <omp.h>
#include <stdio.h>
#include "prof-work.h"

#define ROUNDS 5
#define UNIT 100

int
main (void)
{
  long done = 0;
  for (int r = 0; r < ROUNDS; r++)
    {
#pragma omp parallel num_threads (4) reduction (+:done)
      {
	long ms = omp_get_thread_num () == 0 ? 3 * UNIT : UNIT;
	work_ms (ms);
	done += ms;
      }
    }
  printf ("%ld ms of work\n", done);
  return 3;
}
