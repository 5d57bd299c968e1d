/* Racy: a sum in a parallel for without a reduction.  */
#include <stdio.h>
int
main (void)
{
  long s = 0;
#pragma omp parallel for num_threads(4)
  for (int i = 0; i < 10000; i++)
    s += i;
  printf ("%ld\n", s);
  return 0;
}
