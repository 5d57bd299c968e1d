/* Racy: one thread updates under a lock, the others without it.  */
#include <omp.h>
#include <stdio.h>
static long counter;
int
main (void)
{
  omp_lock_t l;
  omp_init_lock (&l);
#pragma omp parallel num_threads(4)
  for (int i = 0; i < 100; i++)
    {
      if (omp_get_thread_num () == 0)
	omp_set_lock (&l);
      counter++;
      if (omp_get_thread_num () == 0)
	omp_unset_lock (&l);
    }
  omp_destroy_lock (&l);
  printf ("%ld\n", counter);
  return 0;
}
