/* atomic.c -- the atomic construct: update, read, write, capture,
   compare, on types with and without lock-free support.

   GCC 12 inlines __atomic operations for int, long, float, double; for
   types without a lock-free compare-and-swap here (long double, __int128)
   it brackets a plain update with GOMP_atomic_start/_end, a single global
   lock in the runtime.  The counts must come out exact under contention,
   captured values must be unique, and a reader must never see a torn
   (half-written) long double or __int128.  */

#include "../lib/check.h"

static long l_x;
static int i_x;
static double d_x;
static float f_x;
static long double ld_x;
static __int128 q_x;
static unsigned char seen_cap[200000];
static int torn;
static long double shared_ld;

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);

  for (int t = 0; t < N_TEST_THREAD_COUNTS; t++)
    {
      int nthr = test_thread_counts[t];
      int iters = nthr > 8 ? 200 : 2000;
      long total = (long) nthr * iters;
      const __int128 big = ((__int128) 1 << 70) + 3;

      l_x = i_x = 0;
      d_x = f_x = 0;
      ld_x = 0;
      q_x = 0;
      torn = 0;

#pragma omp parallel num_threads(nthr)
      for (int k = 0; k < iters; k++)
	{
	  long v;
	  long double ldv;
#pragma omp atomic
	  l_x += 2;
#pragma omp atomic update
	  i_x++;
#pragma omp atomic
	  d_x += 0.5;
#pragma omp atomic
	  f_x += 1.0f;
#pragma omp atomic
	  ld_x += 1.0L;
#pragma omp atomic
	  q_x += big;
	  /* capture (uniqueness of the captured values: below) */
#pragma omp atomic capture
	  v = l_x++;
	  if (v < 0)
#pragma omp atomic write
	    torn = 3;
	  /* capture on long double (GOMP_atomic_start path) */
#pragma omp atomic capture
	  {
	    ldv = ld_x;
	    ld_x += 2.0L;
	  }
	  if (ldv != (long double) (long) ldv)
#pragma omp atomic write
	    torn = 1;
	  /* atomic read of a 16-byte value while others write it: both
	     halves come from one value (multiples of big).  */
	  {
	    __int128 r;
#pragma omp atomic read
	    r = q_x;
	    if (r % big != 0)
#pragma omp atomic write
	      torn = 2;
	  }
	}
      CHECK_EQ (l_x, 3 * total, "nthr=%d: long atomic += 2 and capture ++",
		nthr);
      CHECK_EQ (i_x, total, "nthr=%d: int atomic ++", nthr);
      CHECK (d_x == total * 0.5, "nthr=%d: double atomic += 0.5: expected "
	     "%g, got %g", nthr, total * 0.5, d_x);
      CHECK (f_x == (float) total, "nthr=%d: float atomic += 1: expected "
	     "%ld, got %g", nthr, total, (double) f_x);
      CHECK (ld_x == 3.0L * total, "nthr=%d: long double atomic += 1 and "
	     "capture += 2: expected %ld, got %Lg", nthr, 3 * total, ld_x);
      CHECK (q_x == big * total, "nthr=%d: __int128 atomic += 2^70+3: "
	     "expected %ld * big, got %.0Lf (as long double)", nthr, total,
	     (long double) q_x);
      CHECK_EQ (torn, 0, "nthr=%d: torn atomic value (1: long double "
		"capture, 2: __int128 read, 3: negative capture)", nthr);
    }

  /* Captured values are unique: atomic capture of a counter.  */
  for (int t = 0; t < N_TEST_THREAD_COUNTS; t++)
    {
      int nthr = test_thread_counts[t];
      int per = nthr > 8 ? 500 : 5000;
      int n = nthr * per;
      int dup = -1;
      long ctr = 0;
      long double ldctr = 0;
      CHECK ((size_t) n <= sizeof seen_cap, "seen_cap too small");
      memset (seen_cap, 0, sizeof seen_cap);
#pragma omp parallel num_threads(nthr)
      for (int k = 0; k < per; k++)
	{
	  long v;
	  long double lv;
	  if (k % 2)
	    {
#pragma omp atomic capture
	      v = ctr++;
	    }
	  else
	    {
	      /* the long double counter moves in lock step: the
		 GOMP_atomic_start path must be just as exclusive */
#pragma omp atomic capture
	      {
		lv = ldctr;
		ldctr = ldctr + 1;
	      }
#pragma omp atomic capture
	      v = ctr++;
	      (void) lv;
	    }
	  if (v < 0 || v >= n
	      || __atomic_fetch_add (&seen_cap[v], 1, __ATOMIC_RELAXED) != 0)
#pragma omp atomic write
	    dup = (int) v;
	}
      CHECK_EQ (dup, -1, "nthr=%d: atomic capture returned value twice or "
		"out of range", nthr);
      CHECK_EQ (ctr, n, "nthr=%d: captured counter", nthr);
      CHECK (ldctr == (long double) (nthr * ((per + 1) / 2)), "nthr=%d: long"
	     " double capture counter: expected %d, got %Lg", nthr,
	     nthr * ((per + 1) / 2), ldctr);
    }

  /* atomic compare (OpenMP 5.1): a running minimum and maximum.  */
  for (int t = 0; t < N_TEST_THREAD_COUNTS; t++)
    {
      int nthr = test_thread_counts[t];
      long mn = 1L << 40, mx = -(1L << 40);
      double dmn = 1e300;
#pragma omp parallel for num_threads(nthr) schedule(dynamic, 7)
      for (long k = 0; k < 3000; k++)
	{
	  long v = (k * 7919) % 3001 - 1500;
	  double dv = v * 0.25;
#pragma omp atomic compare
	  if (v < mn) { mn = v; }
#pragma omp atomic compare
	  if (v > mx) { mx = v; }
#pragma omp atomic compare
	  if (dv < dmn) { dmn = dv; }
	}
      long emn = 1L << 40, emx = -(1L << 40);
      for (long k = 0; k < 3000; k++)
	{
	  long v = (k * 7919) % 3001 - 1500;
	  if (v < emn)
	    emn = v;
	  if (v > emx)
	    emx = v;
	}
      CHECK_EQ (mn, emn, "nthr=%d: atomic compare minimum", nthr);
      CHECK_EQ (mx, emx, "nthr=%d: atomic compare maximum", nthr);
      CHECK (dmn == emn * 0.25, "nthr=%d: atomic compare double minimum: "
	     "expected %g, got %g", nthr, emn * 0.25, dmn);
    }

  /* atomic write/read of long double: readers never see a mix.  */
  {
    int bad = 0;
    shared_ld = 1.0L;
#pragma omp parallel num_threads(4)
    for (int k = 0; k < 20000; k++)
      {
	if (omp_get_thread_num () == 0)
	  {
	    /* (the value is written inline: GCC 12 warns that a local
	       holding it is unused on the GOMP_atomic_start path) */
#pragma omp atomic write
	    shared_ld = (k % 2) ? 1.0L / 3 : 2.0L / 7;
	  }
	else
	  {
	    long double r;
#pragma omp atomic read
	    r = shared_ld;
	    if (r != 1.0L && r != 1.0L / 3 && r != 2.0L / 7)
#pragma omp atomic write
	      bad = 1;
	  }
      }
    CHECK_EQ (bad, 0, "long double atomic read saw a torn value");
  }
  printf ("%s: ok\n", check_prog);
  return 0;
}
