/* Race-free: atomic updates, reads and writes, of a type the processor
   updates in one instruction and of one the runtime locks for.  */
#include <stdio.h>
static long x;
static long double ld;
int
main (void)
{
#pragma omp parallel num_threads(4)
  for (int i = 0; i < 1000; i++)
    {
#pragma omp atomic
      x += 2;
#pragma omp atomic
      ld += 1.0L;
    }
  printf ("%ld %Lg\n", x, ld);
  return x != 8000 || ld != 4000.0L;
}
