/* Race-free: a simple lock, omp_test_lock and a nest lock.  */
#include <omp.h>
#include <stdio.h>
static long counter, nested;
int
main (void)
{
  omp_lock_t l;
  omp_nest_lock_t n;
  omp_init_lock (&l);
  omp_init_nest_lock (&n);
#pragma omp parallel num_threads(4)
  for (int i = 0; i < 500; i++)
    {
      omp_set_lock (&l);
      counter++;
      omp_unset_lock (&l);
      while (!omp_test_lock (&l))
	;
      counter++;
      omp_unset_lock (&l);
      omp_set_nest_lock (&n);
      omp_set_nest_lock (&n);
      nested++;
      omp_unset_nest_lock (&n);
      omp_unset_nest_lock (&n);
    }
  omp_destroy_lock (&l);
  omp_destroy_nest_lock (&n);
  printf ("%ld %ld\n", counter, nested);
  return counter != 4000 || nested != 2000;
}
