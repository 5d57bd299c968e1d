/* task-many.c -- a million tasks in bounded memory: one producer in a
   single construct while the other threads run tasks at its barrier,
   every thread producing at once, a one-thread team, and a taskloop of
   a million one-iteration tasks.

   GCC 12: GOMP_task per task, each with a 256-byte firstprivate block.
   OpenMP lets a runtime run a task at once instead of queueing it, and
   both runtimes do so once a few dozen tasks per thread wait: a million
   queued tasks with their blocks would need some 400 MB, so the peak
   resident size (getrusage's ru_maxrss) must stay below 200 MB.  Every
   task must run exactly once.  */

#include "../lib/check.h"

#include <sys/resource.h>

#define NTASKS 1000000

struct payload
{
  long v[32];			/* 256 bytes */
};

static long sum;
static int nrun;

static void
consume (const struct payload *p)
{
  __atomic_add_fetch (&sum, p->v[0] + p->v[31], __ATOMIC_RELAXED);
  __atomic_add_fetch (&nrun, 1, __ATOMIC_RELAXED);
}

static void
produce (long from, long to)
{
  struct payload p;
  memset (&p, 0, sizeof p);
  for (long i = from; i < to; i++)
    {
      p.v[0] = i;
      p.v[31] = 1;
#pragma omp task firstprivate(p)
      consume (&p);
    }
}

static void
check_all_ran (const char *what, long n)
{
  CHECK_EQ (nrun, n, "%s: tasks run", what);
  /* sum of i over 0..n-1, plus one per task */
  CHECK_EQ (sum, n * (n - 1) / 2 + n, "%s: task payloads", what);
  sum = 0;
  nrun = 0;
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);

  /* One producer, the others at the single's barrier.  */
#pragma omp parallel num_threads(4)
#pragma omp single
  produce (0, NTASKS);
  check_all_ran ("single producer, 4 threads", NTASKS);

  /* Every thread a producer.  */
#pragma omp parallel num_threads(3)
  {
    long t = omp_get_thread_num (), n = NTASKS / 3;
    produce (t * n, (t + 1) * n);
  }
  check_all_ran ("3 producers", NTASKS / 3 * 3);

  /* A team of one: nobody else runs the queue.  */
#pragma omp parallel num_threads(1)
  produce (0, NTASKS / 2);
  check_all_ran ("one thread", NTASKS / 2);

  /* A taskloop of a million tasks.  (No firstprivate: GCC then passes
     a copy function, and libgomp 12 copies every task's block into one
     array on the stack when it runs them undeferred, which overflows the
     stack for a million.)  */
  int one = 1;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp taskloop grainsize(1) shared(one)
    for (long i = 0; i < NTASKS; i++)
      {
	__atomic_add_fetch (&sum, i + one, __ATOMIC_RELAXED);
	__atomic_add_fetch (&nrun, 1, __ATOMIC_RELAXED);
      }
  }
  check_all_ran ("taskloop grainsize(1)", NTASKS);

  struct rusage ru;
  CHECK (getrusage (RUSAGE_SELF, &ru) == 0, "getrusage");
  CHECK (ru.ru_maxrss < 200 * 1024, "peak resident size %ld kB, over "
	 "200 MB: tasks are not bounded", ru.ru_maxrss);
  return 0;
}
