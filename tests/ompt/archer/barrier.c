/* Race-free: each thread writes its slot, then after a barrier reads its
   neighbour's; again after the next barrier.  */
#include <omp.h>
#include <stdio.h>
static int slot[4];
int
main (void)
{
  int bad = 0;
#pragma omp parallel num_threads(4) reduction(+:bad)
  {
    int me = omp_get_thread_num (), n = omp_get_num_threads ();
    for (int rep = 0; rep < 50; rep++)
      {
	slot[me] = rep * 10 + me;
#pragma omp barrier
	bad += slot[(me + 1) % n] != rep * 10 + (me + 1) % n;
#pragma omp barrier
      }
  }
  printf ("%d\n", bad);
  return bad != 0;
}
