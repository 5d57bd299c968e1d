/* task-priority.c -- the priority clause and OMP_MAX_TASK_PRIORITY.

   GCC 12: `task priority(p)` -> GOMP_task with flag 16 and PRIORITY = p;
   `taskloop priority(p)` passes p without a flag.  The runtime clamps
   it to max-task-priority-var (OMP_MAX_TASK_PRIORITY, default 0,
   omp_get_max_task_priority).

   OpenMP 5.1 makes priority a hint: among ready tasks, higher ones are
   recommended to run first; nothing is guaranteed about the order.  So
   this test checks the ICV (default and from the environment, in a
   child run through run_self) and that tasks of every priority, also
   beyond the maximum, all run, on teams of 1, 2, 3, 8 and 64.  The
   child also reports how far one thread draining 40 ready tasks of
   mixed priorities followed the hint (ORDER_INVERSIONS, the number of
   pairs run lower-priority first; 0 is the recommended order), which
   ends up in the log but is not checked.  */

#include "../lib/check.h"

static int
child (void)
{
  printf ("MAX=%d\n", omp_get_max_task_priority ());
  int max = omp_get_max_task_priority ();

  /* One thread drains ready tasks: they are all queued before the
     taskwait lets any of them run.  */
  int prio_of[40], order[40], n = 0;
#pragma omp parallel num_threads(1) shared(order, n, prio_of)
  {
    for (int i = 0; i < 40; i++)
      {
	int p = (i * 7) % (max + 3);
	prio_of[i] = p > max ? max : p;
#pragma omp task priority(p) firstprivate(i) shared(order, n)
	order[n++] = i;
      }
#pragma omp taskwait
  }
  CHECK_EQ (n, 40, "one thread: prioritised tasks run");
  int inversions = 0;
  for (int a = 0; a < 40; a++)
    for (int b = a + 1; b < 40; b++)
      inversions += prio_of[order[a]] < prio_of[order[b]];
  printf ("ORDER_INVERSIONS=%d\n", inversions);

  for (int t = 0; t < N_TEST_THREAD_COUNTS; t++)
    {
      int nthr = test_thread_counts[t], count = 0, loop = 0;
#pragma omp parallel num_threads(nthr) shared(count, loop)
      {
#pragma omp single
	for (int i = 0; i < 300; i++)
#pragma omp task priority(i % 13) shared(count)
	  {
	    if (i % 7 == 0)
#pragma omp task priority(100) shared(count)
	      {
#pragma omp atomic
		count++;
	      }
#pragma omp atomic
	    count++;
	  }
#pragma omp single
#pragma omp taskloop priority(5) grainsize(4)
	for (int i = 0; i < 100; i++)
	  {
#pragma omp atomic
	    loop++;
	  }
      }
      CHECK_EQ (count, 300 + 43, "nthr=%d: prioritised tasks run", nthr);
      CHECK_EQ (loop, 100, "nthr=%d: taskloop priority iterations", nthr);
    }
  return 0;
}

int
main (int argc, char **argv)
{
  check_init (argv[0]);
  if (argc > 1 && strcmp (argv[1], "child") == 0)
    return child ();

  static const char *const vars[][2] = {
    { "OMP_MAX_TASK_PRIORITY", NULL },	/* unset: 0 */
    { "OMP_MAX_TASK_PRIORITY=10", NULL },
  };
  static const int want_max[] = { 0, 10 };
  for (int v = 0; v < 2; v++)
    {
      struct child c;
      run_self (&c, "child", vars[v]);
      CHECK (c.status == 0, CHILD_FMT, "child", env_str (vars[v]),
	     c.status, c.out, c.err);
      CHECK_EQ (child_int (&c, "MAX", "child"), want_max[v],
		"omp_get_max_task_priority with %s", env_str (vars[v]));
      printf ("%s: ORDER_INVERSIONS=%lld (not checked)\n", env_str (vars[v]),
	      child_int (&c, "ORDER_INVERSIONS", "child"));
      child_free (&c);
    }
  return 0;
}
