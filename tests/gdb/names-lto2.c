/* names-lto2.c -- the other unit of names-lto: a second unit makes the
   link-time optimiser partition the program.  */
#include <omp.h>

volatile int names_stopped;

void __attribute__ ((noinline))
names_stop (int region)
{
  names_stopped += region;
}

double
kernel (int i, int n)
{
  double s = 0;
  for (int k = 0; k < n; k++)
    s += k * i;
  return s;
}
