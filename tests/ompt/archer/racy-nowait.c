/* Racy: threads read what others write in a loop with nowait, with no
   barrier in between.  */
#include <omp.h>
#include <stdio.h>
static int a[4000];
int
main (void)
{
  long s = 0;
#pragma omp parallel num_threads(4) reduction(+:s)
  {
#pragma omp for nowait schedule(static)
    for (int i = 0; i < 4000; i++)
      a[i] = i;
#pragma omp for nowait schedule(static)
    for (int i = 0; i < 4000; i++)
      s += a[3999 - i];
  }
  printf ("%ld\n", s);
  return 0;
}
