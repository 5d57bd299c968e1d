/* workload.c -- a little of everything the runtime does, small enough to
   run under valgrind: regions (serial, active, nested, of one thread),
   worksharing (allocating constructs too),
   locks, tasks with dependences, taskgroups and taskwait.  memcheck.sh
   runs it and fails on any memory error or leak.  */

#include <omp.h>
#include <stdio.h>

static long
fib (int n)
{
  if (n < 2)
    return n;
  long a, b;
#pragma omp task shared(a) if(n > 8)
  a = fib (n - 1);
#pragma omp task shared(b)
  b = fib (n - 2);
#pragma omp taskwait
  return a + b;
}

int
main (void)
{
  long sum = 0, f = 0, scan = 0, chain[20] = { 0 };
  int x = 0, y = 0;
  omp_lock_t lock;
  omp_init_lock (&lock);
  omp_set_max_active_levels (2);
  for (int rep = 0; rep < 3; rep++)
    {
#pragma omp parallel num_threads(3) reduction(+ : sum)
      {
#pragma omp for schedule(dynamic, 2) nowait
	for (int i = 0; i < 100; i++)
	  sum += i;
#pragma omp for schedule(guided) ordered
	for (int i = 0; i < 10; i++)
	  {
#pragma omp ordered
	    sum += i;
	  }
#pragma omp sections
	{
#pragma omp section
	  sum += 1;
#pragma omp section
	  sum += 2;
	}
	omp_set_lock (&lock);
	sum += 1;
	omp_unset_lock (&lock);
	/* Allocating constructs: a scan buffer, doacross positions.  */
#pragma omp for reduction(inscan, + : scan)
	for (int i = 0; i < 20; i++)
	  {
	    scan += i;
#pragma omp scan inclusive(scan)
	    sum += scan;
	  }
#pragma omp for ordered(1) schedule(dynamic)
	for (int i = 1; i < 20; i++)
	  {
#pragma omp ordered depend(sink : i - 1)
	    chain[i] = chain[i - 1] + 1;
#pragma omp ordered depend(source)
	  }
#pragma omp parallel num_threads(2)
#pragma omp single
	{
#pragma omp atomic
	  y++;
	}
#pragma omp single
	{
	  f += fib (14);
#pragma omp taskgroup
	  {
#pragma omp task depend(out : x) shared(x)
	    x = 1;
#pragma omp task depend(in : x) shared(x, y)
	    {
#pragma omp atomic
	      y += x;
	    }
	  }
	}
      }
      /* A team of one: its work share is on the stack, new each time.  */
#pragma omp parallel num_threads(1) reduction(+ : sum)
      {
#pragma omp for schedule(dynamic)
	for (int i = 0; i < 10; i++)
	  sum += i;
#pragma omp sections
	{
#pragma omp section
	  sum += 1;
#pragma omp section
	  sum += 2;
	}
      }
    }
  omp_destroy_lock (&lock);
  printf ("sum=%ld fib=%ld y=%d\n", sum, f, y);
  return f == 3 * 377 && chain[19] == 19 && scan == 3 * 190 ? 0 : 1;
}
