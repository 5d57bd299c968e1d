/* Race-free: a parallel for of every schedule writes a shared array; the
   encountering thread reads it after the region.  */
#include <stdio.h>
#define N 4000
static int a[N];
int
main (void)
{
  long s = 0;
  for (int rep = 0; rep < 3; rep++)
    {
#pragma omp parallel for num_threads(4) schedule(static)
      for (int i = 0; i < N; i++)
	a[i] = i + rep;
#pragma omp parallel for num_threads(4) schedule(dynamic, 7)
      for (int i = 0; i < N; i++)
	a[i] += 1;
#pragma omp parallel for num_threads(4) schedule(guided)
      for (int i = 0; i < N; i++)
	a[i] += 1;
      for (int i = 0; i < N; i++)
	s += a[i];
    }
  printf ("%ld\n", s);
  return 0;
}
