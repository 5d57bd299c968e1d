/* prof-lock.c -- 4 threads take one lock 40 times each and hold it 3 ms:
   most of their time they wait for it, at the line marked LOCK-LINE
   (tests/collector/profile.sh).  */
#include <omp.h>
#include <stdio.h>
#include "prof-work.h"

int
main (void)
{
  omp_lock_t lock;
  long held = 0;
  omp_init_lock (&lock);
#pragma omp parallel num_threads (4)
  for (int i = 0; i < 40; i++)
    {
      omp_set_lock (&lock);	/* LOCK-LINE */
      work_ms (3);		/* HOLD-LINE */
      held++;
      omp_unset_lock (&lock);
    }
  omp_destroy_lock (&lock);
  printf ("held %ld times\n", held);
  return 0;
}
