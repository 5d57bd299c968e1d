/* stress.c -- the runtime under volume: 10^5 parallel regions, 10^6
   tasks, parallel regions nested four deep, and 256 threads on however
   few cores the machine has.  Each part checks its result, and the
   memory the process holds at the end must stay bounded (no leak per
   region or per task).  */

#include "../lib/check.h"

#include <sys/resource.h>

static long
max_rss_kb (void)
{
  struct rusage ru;
  getrusage (RUSAGE_SELF, &ru);
  return ru.ru_maxrss;
}

static void
many_regions (void)
{
  long count = 0;
  for (int r = 0; r < 100000; r++)
    {
#pragma omp parallel num_threads(2) reduction(+ : count)
      count++;
    }
  CHECK (count == 200000, "10^5 regions of 2 threads counted %ld", count);
}

static void
many_tasks (void)
{
  long done = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  for (long i = 0; i < 1000000; i++)
    {
#pragma omp task shared(done)
      {
#pragma omp atomic
	done++;
      }
    }
  CHECK (done == 1000000, "1000000 tasks, %ld ran", done);
}

static void
nested_four (void)
{
  int leaves = 0, bad = 0;
  omp_set_max_active_levels (4);
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(2)
  {
    if (omp_get_level () != 4 || omp_get_active_level () != 4
	|| omp_get_team_size (4) != 2)
#pragma omp atomic
      bad++;
#pragma omp atomic
    leaves++;
  }
  CHECK (bad == 0, "%d threads saw wrong nesting levels", bad);
  CHECK (leaves == 16, "16 innermost threads expected, %d ran", leaves);
}

static void
many_threads (void)
{
  int seen[256] = { 0 };
  long sum = 0;
  for (int rep = 0; rep < 5; rep++)
    {
#pragma omp parallel num_threads(256) reduction(+ : sum)
      {
	CHECK (omp_get_num_threads () == 256, "team of %d, not 256",
	       omp_get_num_threads ());
	seen[omp_get_thread_num ()] = 1;
#pragma omp barrier
#pragma omp for schedule(dynamic, 3)
	for (int i = 0; i < 10000; i++)
	  sum += i;
      }
    }
  for (int i = 0; i < 256; i++)
    CHECK (seen[i], "thread %d never ran", i);
  CHECK (sum == 5L * 9999 * 10000 / 2, "sum %ld", sum);
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);
  omp_set_dynamic (0);
  many_regions ();
  many_tasks ();
  long after_tasks = max_rss_kb ();
  many_tasks ();
  nested_four ();
  many_threads ();
  /* Bounded memory: a second million tasks must not grow the peak much.
     256 thread stacks are reserved, not touched, so they barely count.  */
  long peak = max_rss_kb ();
  CHECK (peak < 256 * 1024, "peak RSS %ld KiB", peak);
  CHECK (peak - after_tasks < 64 * 1024,
	 "RSS grew by %ld KiB after the first million tasks",
	 peak - after_tasks);
  return 0;
}
