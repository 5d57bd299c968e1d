/* taskloop-simd.c -- taskloop simd, alone and combined: grainsize,
   num_tasks, reduction, linear, collapse, and the combined constructs
   parallel master taskloop (simd) and master taskloop; teams of 1, 2,
   3, 8 and 64.

   GCC 12: `taskloop simd` is GOMP_taskloop / GOMP_taskloop_ull around a
   vectorised task body; a reduction clause adds the flag 1<<12: the
   runtime registers the reductions on the taskloop's taskgroup
   (GOMP_taskgroup_reduction_register), GCC's code combines the private
   copies afterwards and calls GOMP_taskgroup_reduction_unregister.
   `parallel master taskloop` is GOMP_parallel whose thread 0 calls
   GOMP_taskloop; `master taskloop` has no barrier of its own.  Checked:
   arrays and reductions come out as a sequential loop computes them
   (the double sum too: its terms are multiples of 0.5 and every partial
   sum is exact, whatever the order).  */

#include "../lib/check.h"

#define N 4096

static float a[N], b[N], c[N];
static double d[64][64];

static void
init (void)
{
  for (int i = 0; i < N; i++)
    {
      a[i] = 0;
      b[i] = (float) (i % 17);
      c[i] = (float) (i % 5) + 0.5f;
    }
  memset (d, 0, sizeof d);
}

static void
check_arrays (const char *what, int nthr)
{
  for (int i = 0; i < N; i++)
    CHECK (a[i] == b[i] * c[i] + 1.0f, "nthr=%d, %s: a[%d] = %g, expected %g",
	   nthr, what, i, a[i], b[i] * c[i] + 1.0f);
}

static void
check_simd (int nthr)
{
  init ();
  long isum = 0, want_isum = 0;
  double dsum = 0, want_dsum = 0;
  for (int i = 0; i < N; i++)
    {
      want_isum += i % 17;
      want_dsum += (double) b[i] * c[i];
    }
  int lin = 0;
#pragma omp parallel num_threads(nthr)
#pragma omp single
  {
#pragma omp taskloop simd grainsize(64)
    for (int i = 0; i < N; i++)
      a[i] = b[i] * c[i] + 1.0f;
    check_arrays ("taskloop simd grainsize", nthr);

    memset (a, 0, sizeof a);
#pragma omp taskloop simd num_tasks(7) simdlen(8)
    for (long i = N - 1; i >= 0; i--)
      a[i] = b[i] * c[i] + 1.0f;
    check_arrays ("taskloop simd num_tasks, down", nthr);

#pragma omp taskloop simd reduction(+: isum, dsum) grainsize(100)
    for (int i = 0; i < N; i++)
      {
	isum += i % 17;
	dsum += (double) b[i] * c[i];
      }

#pragma omp taskloop simd collapse(2) num_tasks(9)
    for (int i = 0; i < 64; i++)
      for (int j = 0; j < 64; j++)
	d[i][j] = i * 64 + j;

#pragma omp taskloop simd linear(lin: 2) grainsize(strict: 100)
    for (int i = 0; i < 1000; i++)
      lin += 2;
  }
  CHECK_EQ (isum, want_isum, "nthr=%d: taskloop simd reduction(+) long",
	    nthr);
  CHECK (dsum == want_dsum, "nthr=%d: taskloop simd reduction(+) double: "
	 "%g, expected %g", nthr, dsum, want_dsum);
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 64; j++)
      CHECK (d[i][j] == i * 64 + j, "nthr=%d: collapsed taskloop simd, "
	     "d[%d][%d] = %g", nthr, i, j, d[i][j]);
  CHECK_EQ (lin, 2000, "nthr=%d: linear variable after taskloop simd", nthr);

  /* Combined constructs.  */
  memset (a, 0, sizeof a);
  long s = 0;
#pragma omp parallel master taskloop simd num_threads(nthr) \
  reduction(+: s) grainsize(32)
  for (int i = 0; i < N; i++)
    {
      a[i] = b[i] * c[i] + 1.0f;
      s += i % 17;
    }
  check_arrays ("parallel master taskloop simd", nthr);
  CHECK_EQ (s, want_isum, "nthr=%d: parallel master taskloop simd "
	    "reduction", nthr);

  memset (a, 0, sizeof a);
#pragma omp parallel num_threads(nthr)
  {
#pragma omp master taskloop num_tasks(16)
    for (int i = 0; i < N; i++)
      a[i] = b[i] * c[i] + 1.0f;
    /* master taskloop has no barrier: the tasks may still run.  */
#pragma omp barrier
  }
  check_arrays ("master taskloop", nthr);
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);
  for (int i = 0; i < N_TEST_THREAD_COUNTS; i++)
    check_simd (test_thread_counts[i]);
  return 0;
}
