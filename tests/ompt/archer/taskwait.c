/* Race-free: child tasks write, the parent reads after taskwait;
   nested tasks with their own taskwait.  */
#include <stdio.h>
static int res[64];
static int
fib (int n)
{
  int a, b;
  if (n < 2)
    return n;
#pragma omp task shared(a)
  a = fib (n - 1);
#pragma omp task shared(b)
  b = fib (n - 2);
#pragma omp taskwait
  return a + b;
}
int
main (void)
{
  int f = 0, sum = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
    for (int i = 0; i < 64; i++)
      {
#pragma omp task firstprivate(i)
	res[i] = i * i;
      }
#pragma omp taskwait
    for (int i = 0; i < 64; i++)
      sum += res[i];
    f = fib (15);
  }
  printf ("%d %d\n", sum, f);
  return f != 610 || sum != 85344;
}
