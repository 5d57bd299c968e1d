/* Race-free: tasks and their descendants in a taskgroup, read after it.  */
#include <stdio.h>
static int res[32], sub[32];
int
main (void)
{
  int sum = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp taskgroup
    for (int i = 0; i < 32; i++)
      {
#pragma omp task firstprivate(i)
	{
	  res[i] = i;
#pragma omp task firstprivate(i)
	  sub[i] = 2 * i;
	}
      }
    for (int i = 0; i < 32; i++)
      sum += res[i] + sub[i];
  }
  printf ("%d\n", sum);
  return sum != 3 * 496;
}
