/* Race-free: reductions of several types and operators.  */
#include <stdio.h>
int
main (void)
{
  long s = 0;
  double d = 0;
  int m = 0;
  for (int rep = 0; rep < 3; rep++)
    {
#pragma omp parallel for num_threads(4) reduction(+:s,d) reduction(max:m)
      for (int i = 0; i < 10000; i++)
	{
	  s += i;
	  d += i * 0.5;
	  m = i > m ? i : m;
	}
    }
  printf ("%ld %g %d\n", s, d, m);
  return s == 3 * 49995000L ? 0 : 1;
}
