/* Race-free: single with copyprivate, and single with its barrier.  */
#include <stdio.h>
static int shared_val;
int
main (void)
{
  int bad = 0;
#pragma omp parallel num_threads(4) reduction(+:bad)
  for (int rep = 0; rep < 20; rep++)
    {
      int x;
#pragma omp single copyprivate(x)
      x = rep * 3;
      bad += x != rep * 3;
#pragma omp single
      shared_val = rep;
      bad += shared_val != rep;
#pragma omp barrier
    }
  printf ("%d\n", bad);
  return bad != 0;
}
