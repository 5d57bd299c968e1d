/* Race-free: mutexinoutset tasks update one variable in some order,
   never at once; an in task reads it after all of them.  */
#include <stdio.h>
int
main (void)
{
  long x = 0, r = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
    for (int i = 0; i < 40; i++)
      {
#pragma omp task depend(mutexinoutset: x) shared(x)
	x += i;
      }
#pragma omp task depend(in: x) shared(x, r)
    r = x;
  }
  printf ("%ld %ld\n", x, r);
  return r != 780;
}
