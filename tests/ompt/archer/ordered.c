/* Race-free: an ordered loop appends to a shared sequence in order.  */
#include <stdio.h>
static int seq[1000], n;
int
main (void)
{
#pragma omp parallel for ordered schedule(dynamic, 3) num_threads(4)
  for (int i = 0; i < 1000; i++)
    {
#pragma omp ordered
      seq[n++] = i;
    }
  for (int i = 0; i < 1000; i++)
    if (seq[i] != i)
      return 1;
  printf ("%d\n", n);
  return 0;
}
