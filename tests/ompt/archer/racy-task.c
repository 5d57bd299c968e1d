/* Racy: two sibling tasks write one variable with no dependence.  Each
   waits (up to 20 seconds) until the other has started, so that they run
   on two threads at once: two tasks that one thread runs one after the
   other are ordered for the sanitizer, whatever the program says.  A
   bound in time, not in iterations: on a loaded machine the second
   thread may take a while to be scheduled.  Relaxed atomics, which
   order nothing for the sanitizer either.  */
#include <stdio.h>
#include <time.h>
static int x, started;
static void
work (int v)
{
  __atomic_fetch_add (&started, 1, __ATOMIC_RELAXED);
  time_t end = time (NULL) + 20;
  while (__atomic_load_n (&started, __ATOMIC_RELAXED) < 2
	 && time (NULL) < end)
    ;
  x = v;
}
int
main (void)
{
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp task
    work (1);
#pragma omp task
    work (2);
  }
  printf ("%d\n", x);
  return 0;
}
