/* task-deep.c -- task recursion 20 000 levels deep with the default
   stack sizes, as an unbalanced tree search makes it: a spine of tasks,
   each creating a leaf task and the next level and waiting for both,
   with tied tasks and with untied ones; and chains of tied and untied
   tasks, each creating the next and waiting for it.

   GCC 12: GOMP_task (GOMP_TASK_FLAG_UNTIED for the untied ones) and
   GOMP_taskwait, nested.  No OMP_STACKSIZE and no larger stack limit:
   whatever thread runs the deep part, each level must cost little stack
   (a runtime nests a waiting task's children on the waiting thread's
   stack).  Every level must be reached and every taskwait must return
   after its child.  On 2 and 4 threads: with one, libgomp runs the whole
   spine nested on the initial thread and overflows its 8 MiB.

   The recursions run in a child; its OMP_DISPLAY_ENV=verbose block
   tells which runtime it ran on (ours adds an OMPDBG_RUNTIME line).  On
   ours the child goes 20 000 levels deep, on another runtime 15 000,
   where libgomp 12 completes too.  */

#include "../lib/check.h"

#include <stdbool.h>

/* Levels: 20 000 on ours; on libgomp, which needs some 450 bytes of
   stack a level (ours about 110) and overflows the default 8 MiB near
   18 800, 15 000 (see main).  */
static int DEPTH = 20000, CHAIN_DEPTH = 20000;

static int reached, bad;
static long leaves;

static void
chain (int depth)
{
  if (depth > reached)
    reached = depth;
  if (depth == CHAIN_DEPTH)
    return;
  int done = 0;
#pragma omp task shared(done) firstprivate(depth)
  {
    chain (depth + 1);
    done = depth + 1;
  }
#pragma omp taskwait
  if (done != depth + 1)
    bad = depth + 1;
}

static void
chain_untied (int depth)
{
  /* Untied tasks may move between threads: the deepest level reached is
     kept with an atomic max.  */
  int r;
#pragma omp atomic read
  r = reached;
  if (depth > r)
    {
#pragma omp atomic write
      reached = depth;
    }
  if (depth == CHAIN_DEPTH)
    return;
  int done = 0;
#pragma omp task untied shared(done) firstprivate(depth)
  {
    chain_untied (depth + 1);
    done = depth + 1;
  }
#pragma omp taskwait
  if (done != depth + 1)
    {
#pragma omp atomic write
      bad = depth + 1;
    }
}

static void
spine (int depth)
{
  if (depth == DEPTH)
    return;
#pragma omp task
  {
#pragma omp atomic
    leaves++;
  }
#pragma omp task firstprivate(depth)
  spine (depth + 1);
#pragma omp taskwait
}

static void
spine_untied (int depth)
{
  if (depth == DEPTH)
    return;
#pragma omp task untied
  {
#pragma omp atomic
    leaves++;
  }
#pragma omp task untied firstprivate(depth)
  spine_untied (depth + 1);
#pragma omp taskwait
}

static int
child (void)
{
  static const int nthr[] = { 2, 4 };
  for (size_t i = 0; i < sizeof nthr / sizeof nthr[0]; i++)
    {
      reached = bad = 0;
#pragma omp parallel num_threads(nthr[i])
#pragma omp single
      chain (0);
      CHECK_EQ (reached, CHAIN_DEPTH, "tied chain, %d threads: depth", nthr[i]);
      CHECK_EQ (bad, 0, "tied chain, %d threads: a taskwait returned "
		"before its child at depth", nthr[i]);

      reached = bad = 0;
#pragma omp parallel num_threads(nthr[i])
#pragma omp single
      chain_untied (0);
      CHECK_EQ (reached, CHAIN_DEPTH, "untied chain, %d threads: depth", nthr[i]);
      CHECK_EQ (bad, 0, "untied chain, %d threads: a taskwait returned "
		"before its child at depth", nthr[i]);

      leaves = 0;
#pragma omp parallel num_threads(nthr[i])
#pragma omp single
      spine (0);
      CHECK_EQ (leaves, (long) DEPTH, "unbalanced tree, %d threads: leaves",
		nthr[i]);

      leaves = 0;
#pragma omp parallel num_threads(nthr[i])
#pragma omp single
      spine_untied (0);
      CHECK_EQ (leaves, (long) DEPTH, "untied unbalanced tree, %d threads: "
		"leaves", nthr[i]);
    }
  printf ("depth %d\n", DEPTH);
  return 0;
}

int
main (int argc, char **argv)
{
  check_init (argv[0]);
  if (argc > 1 && strncmp (argv[1], "child ", 6) == 0)
    {
      DEPTH = CHAIN_DEPTH = atoi (argv[1] + 6);
      return child ();
    }
  /* Which runtime: one short run shows it.  */
  static const char *const vars[] = { "OMP_DISPLAY_ENV=verbose", NULL };
  struct child c;
  run_self (&c, "child 10", vars);
  CHECK_EQ (c.status, 0, "depth 10: exit status (stderr: %s)", c.err);
  bool ours = strstr (c.err, "OMPDBG_RUNTIME") != NULL;
  child_free (&c);
  static const char *const none[] = { NULL };
  run_self (&c, ours ? "child 20000" : "child 15000", none);
  CHECK_EQ (c.status, 0, "%s levels: exit status (stdout: %s stderr: %s)",
	    ours ? "20000" : "15000", c.out, c.err);
  CHECK (strstr (c.out, ours ? "depth 20000" : "depth 15000") != NULL,
	 "child did not finish: %s", c.out);
  child_free (&c);
  return 0;
}
