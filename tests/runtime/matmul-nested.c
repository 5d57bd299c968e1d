/* matmul-nested.c -- matrix multiply with nested parallelism: an outer
   team over blocks of rows, each outer thread an inner team over the
   columns of its rows (max-active-levels 2, so both levels are active).

   Each C[i][j] is one thread's serial dot product in a fixed order, so it
   is bit-identical to the serial product (the inputs are small integers,
   exact in double anyway).  Both loops are dynamic: the outer thread
   takes its next block of rows after its inner team's region has ended,
   from the outer loop's work share again.  Checked for several outer x
   inner shapes; the
   printed checksums must be identical on both runtimes
   (tests/runtime/matmul-nested.cmp).  */

#include "../lib/check.h"

#define N 96

static double A[N][N], B[N][N], C[N][N], R[N][N];

int
main (int argc, char **argv)
{
  static const int shapes[][2] = { { 1, 1 }, { 2, 2 }, { 3, 2 }, { 2, 4 },
    { 4, 3 }, { 8, 8 } };
  (void) argc;
  check_init (argv[0]);

  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      {
	A[i][j] = (i * 7 + j * 3) % 11 - 5;
	B[i][j] = (i * 5 + j * 13) % 7 - 3;
      }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      {
	double s = 0;
	for (int k = 0; k < N; k++)
	  s += A[i][k] * B[k][j];
	R[i][j] = s;
      }

  omp_set_max_active_levels (2);
  for (int sh = 0; sh < (int) (sizeof shapes / sizeof shapes[0]); sh++)
    {
      int outer = shapes[sh][0], inner = shapes[sh][1];
      int bad_levels = 0;
      memset (C, 0, sizeof C);
#pragma omp parallel for num_threads(outer) schedule(dynamic, 8)
      for (int ib = 0; ib < N; ib += 8)
	{
#pragma omp parallel for num_threads(inner) schedule(dynamic, 4)
	  for (int j = 0; j < N; j++)
	    {
	      if (omp_get_level () != 2
		  || omp_get_active_level () != (outer > 1) + (inner > 1)
		  || omp_get_team_size (2) != inner)
#pragma omp atomic write
		bad_levels = 1;
	      for (int i = ib; i < ib + 8; i++)
		{
		  double s = 0;
		  for (int k = 0; k < N; k++)
		    s += A[i][k] * B[k][j];
		  C[i][j] = s;
		}
	    }
	}
      CHECK_EQ (bad_levels, 0, "outer %d x inner %d: level / active level / "
		"team size in the inner regions", outer, inner);
      for (int i = 0; i < N; i++)
	for (int j = 0; j < N; j++)
	  CHECK (C[i][j] == R[i][j], "outer %d x inner %d: C[%d][%d] = %g, "
		 "serial %g", outer, inner, i, j, C[i][j], R[i][j]);
    }

  double sum = 0, trace = 0, weighted = 0;
  for (int i = 0; i < N; i++)
    {
      trace += C[i][i];
      for (int j = 0; j < N; j++)
	{
	  sum += C[i][j];
	  weighted += C[i][j] * ((i + 2 * j) % 5);
	}
    }
  printf ("matmul %dx%d, nested teams\n", N, N);
  printf ("sum %.1f\ntrace %.1f\nweighted %.1f\n", sum, trace, weighted);
  printf ("C[0][0] %.1f C[%d][%d] %.1f\n", C[0][0], N - 1, N - 1,
	  C[N - 1][N - 1]);
  return 0;
}
