/* crash.c -- a demo program that crashes: one iteration of a parallel
   loop follows a NULL row pointer.  gdb stops at the SIGSEGV (or the
   kernel writes a core): ompd threads and ompd bt show which OpenMP
   thread, in which region, and where the loop was started.  */

#include <stdio.h>
#include <stdlib.h>

#define ROWS 64
#define COLS 1000

static double *rows[ROWS];

static double
row_sum (int r)
{
  double s = 0;
  for (int c = 0; c < COLS; c++)
    s += rows[r][c];		/* rows[37] is NULL */
  return s;
}

int
main (void)
{
  for (int r = 0; r < ROWS; r++)
    rows[r] = r == 37 ? NULL : calloc (COLS, sizeof (double));
  double total = 0;
#pragma omp parallel for num_threads(4) schedule(static) reduction(+ : total)
  for (int r = 0; r < ROWS; r++)
    total += row_sum (r);
  printf ("crash: total %g\n", total);
  return 0;
}
