/* task-recursion.c -- deep and bushy task trees: task-parallel fib(25)
   without a cutoff (a task per call, some 240 000 tasks) and with one,
   and a chain of 10 000 tasks each creating the next and waiting for it
   (taskwait 10 000 deep).

   GCC 12: GOMP_task and GOMP_taskwait, nested.  fib's result must be
   right (every task ran once and taskwait waited for the children that
   computed its operands); the chain's depth must be reached and unwound
   in order.

   A runtime may run a waiting task's children on the waiting thread's
   stack (both runtimes do), so the chain can need some ten thousand
   nested frames of task execution on one thread, a few megabytes: the
   chain runs in a child process with a 256 MB stack limit (the initial
   thread's) and OMP_STACKSIZE=256M (the others').  */

#include "../lib/check.h"

#include <sys/resource.h>

static long
fib_seq (int n)
{
  return n < 2 ? n : fib_seq (n - 1) + fib_seq (n - 2);
}

static long
fib (int n, int cutoff)
{
  if (n < 2)
    return n;
  if (n <= cutoff)
    return fib_seq (n);
  long a, b;
#pragma omp task shared(a) firstprivate(n, cutoff)
  a = fib (n - 1, cutoff);
#pragma omp task shared(b) firstprivate(n, cutoff)
  b = fib (n - 2, cutoff);
#pragma omp taskwait
  return a + b;
}

static int chain_max, chain_bad;

static void
chain (int depth, int n)
{
  if (depth > chain_max)
    chain_max = depth;
  if (depth == n)
    return;
  int done = 0;
#pragma omp task shared(done) firstprivate(depth, n)
  {
    chain (depth + 1, n);
    done = depth + 1;
  }
#pragma omp taskwait
  if (done != depth + 1)
    chain_bad = depth + 1;
}

#define CHAIN 10000

static int
chain_child (void)
{
  static const int nthr[] = { 1, 2, 3, 8 };
  for (size_t i = 0; i < sizeof nthr / sizeof nthr[0]; i++)
    {
      chain_max = chain_bad = 0;
#pragma omp parallel num_threads(nthr[i])
#pragma omp single
      chain (0, CHAIN);
      CHECK_EQ (chain_max, CHAIN, "chain, %d threads: depth", nthr[i]);
      CHECK_EQ (chain_bad, 0, "chain, %d threads: a taskwait returned "
		"before its child at depth", nthr[i]);
    }
  return 0;
}

int
main (int argc, char **argv)
{
  check_init (argv[0]);
  if (argc > 1 && strcmp (argv[1], "chain") == 0)
    return chain_child ();

  const long want = 75025;
  for (int i = 0; i < N_TEST_THREAD_COUNTS; i++)
    {
      int nthr = test_thread_counts[i];
      long r = -1, rc = -1;
#pragma omp parallel num_threads(nthr)
#pragma omp single
      {
	/* 64 threads on two cores: fewer tasks.  */
	r = fib (25, nthr > 8 ? 12 : 0);
	rc = fib (25, 15);
      }
      CHECK_EQ (r, want, "nthr=%d: fib(25), tasks all the way down", nthr);
      CHECK_EQ (rc, want, "nthr=%d: fib(25), cutoff 15", nthr);
    }
  long r = fib (20, 0);
  CHECK_EQ (r, 6765, "fib(20) outside any parallel region");

  /* The deep chain, with room for its stack.  */
  struct rlimit rl;
  if (getrlimit (RLIMIT_STACK, &rl) == 0)
    {
      rlim_t want_stack = 256ul << 20;
      if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < want_stack)
	want_stack = rl.rlim_max;
      if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < want_stack)
	{
	  rl.rlim_cur = want_stack;
	  setrlimit (RLIMIT_STACK, &rl);
	}
    }
  static const char *const vars[] = { "OMP_STACKSIZE=256M", NULL };
  struct child c;
  run_self (&c, "chain", vars);
  CHECK (c.status == 0, CHILD_FMT, "chain", env_str (vars), c.status, c.out,
	 c.err);
  child_free (&c);
  return 0;
}
