/* jacobi.c -- a 2D Jacobi stencil in one parallel region, with explicit
   barriers between the sweeps.

   Each sweep reads the old grid and writes the new one (`for nowait` +
   explicit barrier), then one thread swaps the grids (single, whose
   barrier publishes the swap).  Every new value depends only on old
   values, so the result is bit-identical to the serial sweep whatever the
   schedule and team; a missed barrier shows up as a difference.  The
   residual is computed serially (a parallel floating-point reduction
   would depend on the combination order).  Output identical on both
   runtimes (tests/runtime/jacobi.cmp).  */

#include "../lib/check.h"

#define N 130
#define SWEEPS 120

static double g1[N][N], g2[N][N], r1[N][N], r2[N][N];

static void
init (double (*a)[N], double (*b)[N])
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      {
	double v = (i == 0) ? 100.0 : (j == 0) ? 50.0 : (i == N - 1) ? -20.0
	  : (j == N - 1) ? 10.0 : 0.0;
	a[i][j] = b[i][j] = v;
      }
}

static void
sweep (double (*dst)[N], double (*src)[N], int i)
{
  for (int j = 1; j < N - 1; j++)
    dst[i][j] = 0.25 * (src[i - 1][j] + src[i + 1][j] + src[i][j - 1]
			+ src[i][j + 1]);
}

int
main (int argc, char **argv)
{
  static const int teams[] = { 1, 2, 3, 8, 64 };
  double (*rs)[N] = r1, (*rd)[N] = r2;
  (void) argc;
  check_init (argv[0]);

  init (r1, r2);
  for (int s = 0; s < SWEEPS; s++)
    {
      double (*t)[N];
      for (int i = 1; i < N - 1; i++)
	sweep (rd, rs, i);
      t = rs;
      rs = rd;
      rd = t;
    }

  for (int k = 0; k < 5; k++)
    {
      double (*src)[N] = g1, (*dst)[N] = g2;
      int nthr = teams[k];
      init (g1, g2);
#pragma omp parallel num_threads(nthr) firstprivate(src, dst)
      for (int s = 0; s < SWEEPS; s++)
	{
	  /* different schedules on alternate sweeps */
	  if (s % 2)
	    {
#pragma omp for schedule(static) nowait
	      for (int i = 1; i < N - 1; i++)
		sweep (dst, src, i);
	    }
	  else
	    {
#pragma omp for schedule(dynamic, 3) nowait
	      for (int i = 1; i < N - 1; i++)
		sweep (dst, src, i);
	    }
#pragma omp barrier
	  /* every thread swaps its own copies of the pointers */
	  double (*t)[N] = src;
	  src = dst;
	  dst = t;
	}
      /* after SWEEPS swaps the result is in g1 if SWEEPS is even */
      double (*res)[N] = SWEEPS % 2 ? g2 : g1;
      for (int i = 0; i < N; i++)
	for (int j = 0; j < N; j++)
	  CHECK (res[i][j] == rs[i][j], "team of %d: cell (%d,%d) = %a, serial"
		 " %a", nthr, i, j, res[i][j], rs[i][j]);
    }

  double sum = 0, resid = 0;
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      {
	double d = rs[i][j] - 0.25 * (rs[i - 1][j] + rs[i + 1][j]
				      + rs[i][j - 1] + rs[i][j + 1]);
	sum += rs[i][j];
	resid += d * d;
      }
  printf ("jacobi %dx%d sweeps=%d\n", N, N, SWEEPS);
  printf ("sum %a\n", sum);
  printf ("residual^2 %a\n", resid);
  printf ("center %a\n", rs[N / 2][N / 2]);
  printf ("corner %a\n", rs[1][1]);
  return 0;
}
