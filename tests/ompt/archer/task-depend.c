/* Race-free: tasks ordered by depend in, out and inout.  */
#include <stdio.h>
int
main (void)
{
  int x = 0, y = 0, r1 = 0, r2 = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  for (int rep = 0; rep < 20; rep++)
    {
#pragma omp task depend(out: x) shared(x)
      x = rep;
#pragma omp task depend(in: x) shared(x, r1)
      r1 += x;
#pragma omp task depend(in: x) depend(out: y) shared(x, y)
      y = x * 2;
#pragma omp task depend(inout: x) depend(in: y) shared(x, y)
      x += y;
#pragma omp task depend(in: x, y) shared(x, y, r2)
      r2 += x + y;
#pragma omp taskwait
    }
  printf ("%d %d %d\n", x, r1, r2);
  return x != 57;
}
