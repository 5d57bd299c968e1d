/* histogram.c -- one histogram built four ways: critical, atomic, a lock
   per bin, and an array reduction.

   The input is a fixed pseudo-random sequence, so every method must give
   exactly the serial histogram, for every team size; the printed
   histogram must be identical on both runtimes
   (tests/runtime/histogram.cmp).  */

#include "../lib/check.h"

#define NVAL 200000
#define NBIN 64

static unsigned vals[NVAL];
static long ref[NBIN];

static unsigned
bin_of (unsigned v)
{
  return (v >> 7) % NBIN;
}

int
main (int argc, char **argv)
{
  static const int teams[] = { 1, 2, 3, 8, 64 };
  omp_lock_t locks[NBIN];
  unsigned long x = 12345;
  (void) argc;
  check_init (argv[0]);

  for (int i = 0; i < NVAL; i++)
    {
      x = x * 6364136223846793005UL + 1442695040888963407UL;
      vals[i] = (unsigned) (x >> 33);
      ref[bin_of (vals[i])]++;
    }
  for (int b = 0; b < NBIN; b++)
    omp_init_lock (&locks[b]);

  for (int k = 0; k < 5; k++)
    {
      int nthr = teams[k];
      /* fewer values for the slow, heavily contended variants when
	 oversubscribed */
      int n = nthr > 8 ? NVAL / 10 : NVAL;
      long h_crit[NBIN] = { 0 }, h_atom[NBIN] = { 0 }, h_lock[NBIN] = { 0 };
      long h_red[NBIN] = { 0 }, want[NBIN] = { 0 };
      for (int i = 0; i < n; i++)
	want[bin_of (vals[i])]++;

#pragma omp parallel num_threads(nthr)
      {
#pragma omp for schedule(static, 1000)
	for (int i = 0; i < n; i++)
	  {
#pragma omp critical (histogram)
	    h_crit[bin_of (vals[i])]++;
	  }
#pragma omp for schedule(dynamic, 500)
	for (int i = 0; i < n; i++)
	  {
#pragma omp atomic
	    h_atom[bin_of (vals[i])]++;
	  }
#pragma omp for schedule(guided, 100)
	for (int i = 0; i < n; i++)
	  {
	    unsigned b = bin_of (vals[i]);
	    omp_set_lock (&locks[b]);
	    h_lock[b]++;
	    omp_unset_lock (&locks[b]);
	  }
#pragma omp for reduction(+: h_red)
	for (int i = 0; i < n; i++)
	  h_red[bin_of (vals[i])]++;
      }
      for (int b = 0; b < NBIN; b++)
	{
	  CHECK_EQ (h_crit[b], want[b], "team of %d: critical: bin %d", nthr, b);
	  CHECK_EQ (h_atom[b], want[b], "team of %d: atomic: bin %d", nthr, b);
	  CHECK_EQ (h_lock[b], want[b], "team of %d: locks: bin %d", nthr, b);
	  CHECK_EQ (h_red[b], want[b], "team of %d: reduction: bin %d", nthr,
		    b);
	}
    }
  for (int b = 0; b < NBIN; b++)
    omp_destroy_lock (&locks[b]);

  printf ("histogram of %d values in %d bins\n", NVAL, NBIN);
  for (int b = 0; b < NBIN; b += 4)
    printf ("bins %2d-%2d: %6ld %6ld %6ld %6ld\n", b, b + 3, ref[b],
	    ref[b + 1], ref[b + 2], ref[b + 3]);
  return 0;
}
