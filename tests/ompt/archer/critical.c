/* Race-free: an unnamed and a named critical around shared updates.  */
#include <stdio.h>
static long counter, other;
int
main (void)
{
#pragma omp parallel num_threads(4)
  for (int i = 0; i < 1000; i++)
    {
#pragma omp critical
      counter++;
#pragma omp critical(other)
      other += 2;
    }
  printf ("%ld %ld\n", counter, other);
  return counter != 4000 || other != 8000;
}
