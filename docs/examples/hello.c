/* hello.c -- the demo program: a few parallel constructs, and the path of
   the libgomp.so.1 it actually runs on.  Built with plain gcc -fopenmp;
   `ompdbg run ./hello` runs it on the ompdbg runtime.  */

#include <omp.h>
#include <stdio.h>
#include <string.h>

/* Which libgomp.so.1 the dynamic linker mapped into this process.  */
static void
print_runtime (void)
{
  FILE *f = fopen ("/proc/self/maps", "r");
  char line[4096];
  while (f && fgets (line, sizeof line, f))
    {
      char *p = strchr (line, '/');
      if (p && strstr (p, "libgomp.so.1"))
	{
	  printf ("OpenMP runtime: %s", p);
	  break;
	}
    }
  if (f)
    fclose (f);
}

int
main (void)
{
  print_runtime ();
  long sum = 0;
#pragma omp parallel for schedule(dynamic, 100) reduction(+ : sum)
  for (long i = 1; i <= 1000000; i++)
    sum += i;
  printf ("sum of 1..10^6 = %ld (expected %ld)\n", sum, 1000000L * 1000001 / 2);

  omp_set_max_active_levels (2);
#pragma omp parallel num_threads(2)
  {
#pragma omp parallel num_threads(2)
    {
#pragma omp critical
      printf ("level %d: thread %d of %d, in outer thread %d\n",
	      omp_get_level (), omp_get_thread_num (), omp_get_num_threads (),
	      omp_get_ancestor_thread_num (1));
    }
  }
  return sum == 1000000L * 1000001 / 2 ? 0 : 1;
}
