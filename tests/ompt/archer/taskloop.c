/* Race-free: taskloop (its implicit taskgroup), with grainsize and with
   nogroup followed by taskwait.  */
#include <stdio.h>
#define N 2000
static int a[N];
int
main (void)
{
  long s = 0;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp taskloop grainsize(50)
    for (int i = 0; i < N; i++)
      a[i] = i;
#pragma omp taskloop nogroup num_tasks(16)
    for (int i = 0; i < N; i++)
      a[i] += 1;
#pragma omp taskwait
    for (int i = 0; i < N; i++)
      s += a[i];
  }
  printf ("%ld\n", s);
  return s != (long) N * (N - 1) / 2 + N;
}
