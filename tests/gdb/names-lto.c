/* names-lto.c -- a parallel region in main, built with -O3 -flto and
   linked with names-lto2.c: the outlined function's DWARF belongs to the
   link-time unit `<artificial>', while the line table still names this
   file.  Thread 0 calls names_stop (tests/gdb/names.py stops there); the
   construct's line carries a `construct:main' comment.  */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

extern void names_stop (int region);
extern double kernel (int i, int n);

static double data[64];

static void
fill (int n)
{
  for (int i = 0; i < n; i++)
    data[i] = i;
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 2;
  double sum = 0;
  fill (64);
#pragma omp parallel num_threads (n) reduction (+:sum) /* construct:main */
  {
    int me = omp_get_thread_num ();
    sum += kernel (me, n) + data[me];
    if (me == 0)
      names_stop (1);
#pragma omp barrier
  }
  printf ("%g\n", sum);
  return 0;
}
