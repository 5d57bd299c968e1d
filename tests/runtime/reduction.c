/* reduction.c -- the reduction clause on parallel, for, parallel for and
   sections: int / long / double / float / long double / complex, the
   operators + * & | ^ && || min max, user-defined reductions (declare
   reduction), arrays and array sections, several variables at once.

   GCC 12 merges one int or double with an inline atomic; long double,
   _Complex, user-defined, array and multi-variable reductions are merged
   inside GOMP_atomic_start/_end.  All values are chosen to be exact in
   floating point, so any order of combination gives the same result.  */

#include "../lib/check.h"
#include <complex.h>

struct stats
{
  long sum;
  long count;
  int maxv;
};

static void
stats_merge (struct stats *out, const struct stats *in)
{
  out->sum += in->sum;
  out->count += in->count;
  if (in->maxv > out->maxv)
    out->maxv = in->maxv;
}

#pragma omp declare reduction (merge : struct stats : \
	stats_merge (&omp_out, &omp_in)) \
	initializer (omp_priv = (struct stats) { 0, 0, -1000000 })

/* A user-defined reduction on a scalar, with its own identity.  */
#pragma omp declare reduction (lowbits : unsigned : omp_out |= omp_in) \
	initializer (omp_priv = 0u)

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);

  for (int t = 0; t < N_TEST_THREAD_COUNTS; t++)
    {
      int nthr = test_thread_counts[t];
      const int n = 1000;
      char what[64];
      snprintf (what, sizeof what, "nthr=%d", nthr);

      /* Scalars on parallel for.  */
      {
	int isum = 0, iprod = 1, iand = ~0, ior = 0, ixor = 0, land = 1,
	  lor = 0, imin = 1 << 30, imax = -(1 << 30);
	long lsum = 0, lsub = 0;
	double dsum = 0, dmin = 1e300, dmax = -1e300;
	float fsum = 0;
	long double ldsum = 0;
	double _Complex csum = 0;
	float _Complex cprod = 1;
	unsigned bits = 0;
#pragma omp parallel for num_threads(nthr) schedule(dynamic, 7) \
	reduction(+: isum, lsum, dsum, fsum, ldsum, csum) reduction(-: lsub) \
	reduction(*: iprod, cprod) reduction(&: iand) reduction(|: ior) \
	reduction(^: ixor) reduction(&&: land) reduction(||: lor) \
	reduction(min: imin, dmin) reduction(max: imax, dmax) \
	reduction(lowbits: bits)
	for (int i = 0; i < n; i++)
	  {
	    isum += i;
	    lsum += (long) i << 33;
	    lsub -= i;
	    dsum += i * 0.5;
	    fsum += 1.0f;
	    ldsum += i * 0.25L;
	    csum += i + 2.0 * i * I;
	    if (i % 100 == 0)
	      {
		iprod *= 2;
		cprod *= I;	/* I^10 = -1 */
	      }
	    iand &= ~(1 << (i % 31)) | (i < 900 ? 0 : ~0);
	    ior |= 1 << (i % 20);
	    ixor ^= i;
	    land = land && (i < n);
	    lor = lor || (i == 617);
	    if (i * 3 % 1001 < imin)
	      imin = i * 3 % 1001;
	    if (i * 3 % 1001 > imax)
	      imax = i * 3 % 1001;
	    if ((i - 500) * 0.5 < dmin)
	      dmin = (i - 500) * 0.5;
	    if ((i - 500) * 0.5 > dmax)
	      dmax = (i - 500) * 0.5;
	    bits |= 1u << (i % 32);
	  }
	int exor = 0, eand = ~0, emin = 1 << 30, emax = -(1 << 30);
	for (int i = 0; i < n; i++)
	  {
	    exor ^= i;
	    eand &= ~(1 << (i % 31)) | (i < 900 ? 0 : ~0);
	    if (i * 3 % 1001 < emin)
	      emin = i * 3 % 1001;
	    if (i * 3 % 1001 > emax)
	      emax = i * 3 % 1001;
	  }
	CHECK_EQ (isum, n * (n - 1) / 2, "%s: int +", what);
	CHECK_EQ (lsum, ((long) n * (n - 1) / 2) << 33, "%s: long +", what);
	CHECK_EQ (lsub, -(long) n * (n - 1) / 2, "%s: long -", what);
	CHECK (dsum == n * (n - 1) / 4.0, "%s: double +: expected %g, got %g",
	       what, n * (n - 1) / 4.0, dsum);
	CHECK (fsum == (float) n, "%s: float +: got %g", what, (double) fsum);
	CHECK (ldsum == n * (n - 1) / 8.0L, "%s: long double +: expected "
	       "%Lg, got %Lg", what, n * (n - 1) / 8.0L, ldsum);
	CHECK (creal (csum) == n * (n - 1) / 2.0
	       && cimag (csum) == n * (n - 1.0), "%s: double _Complex +: got "
	       "%g%+gi", what, creal (csum), cimag (csum));
	CHECK_EQ (iprod, 1024, "%s: int *", what);
	CHECK (crealf (cprod) == -1 && cimagf (cprod) == 0, "%s: float "
	       "_Complex *: expected -1, got %g%+gi", what,
	       (double) crealf (cprod), (double) cimagf (cprod));
	CHECK_EQ (iand, eand, "%s: int &", what);
	CHECK_EQ (ior, (1 << 20) - 1, "%s: int |", what);
	CHECK_EQ (ixor, exor, "%s: int ^", what);
	CHECK_EQ (land, 1, "%s: &&", what);
	CHECK_EQ (lor, 1, "%s: ||", what);
	CHECK_EQ (imin, emin, "%s: int min", what);
	CHECK_EQ (imax, emax, "%s: int max", what);
	CHECK (dmin == -250.0 && dmax == 249.5, "%s: double min/max: got "
	       "%g/%g", what, dmin, dmax);
	CHECK_EQ (bits, 0xffffffffu, "%s: user-defined reduction on "
		  "unsigned", what);
      }

      /* User-defined struct reduction on parallel, on for (split, with
	 nowait) and on sections.  */
      {
	struct stats s = { 0, 0, -1000000 }, s2 = { 0, 0, -1000000 };
	struct stats s3 = { 0, 0, -1000000 };
#pragma omp parallel num_threads(nthr) reduction(merge: s)
	{
	  s.sum += omp_get_thread_num ();
	  s.count++;
	  if (omp_get_thread_num () > s.maxv)
	    s.maxv = omp_get_thread_num ();
#pragma omp for schedule(guided, 3) reduction(merge: s2) nowait
	  for (int i = 0; i < n; i++)
	    {
	      s2.sum += i;
	      s2.count++;
	      if (i % 337 > s2.maxv)
		s2.maxv = i % 337;
	    }
#pragma omp barrier
#pragma omp sections reduction(merge: s3)
	  {
#pragma omp section
	    {
	      s3.sum += 5;
	      s3.count++;
	      s3.maxv = 5;
	    }
#pragma omp section
	    {
	      s3.sum += 7;
	      s3.count++;
	      if (7 > s3.maxv)
		s3.maxv = 7;
	    }
	  }
	}
	CHECK_EQ (s.sum, nthr * (nthr - 1) / 2, "%s: declare reduction on "
		  "parallel: sum", what);
	CHECK_EQ (s.count, nthr, "%s: declare reduction on parallel: count",
		  what);
	CHECK_EQ (s.maxv, nthr - 1, "%s: declare reduction on parallel: max",
		  what);
	CHECK_EQ (s2.sum, n * (n - 1) / 2, "%s: declare reduction on for: "
		  "sum", what);
	CHECK_EQ (s2.count, n, "%s: declare reduction on for: count", what);
	CHECK_EQ (s2.maxv, 336, "%s: declare reduction on for: max", what);
	CHECK_EQ (s3.sum, 12, "%s: declare reduction on sections: sum",
		  what);
	CHECK_EQ (s3.count, 2, "%s: declare reduction on sections: count",
		  what);
	CHECK_EQ (s3.maxv, 7, "%s: declare reduction on sections: max",
		  what);
      }

      /* Arrays: a whole array and an array section.  */
      {
	long hist[8] = { 0 };
	double part[10] = { 0 };
#pragma omp parallel for num_threads(nthr) schedule(static, 3) \
	reduction(+: hist) reduction(+: part[2:5])
	for (int i = 0; i < n; i++)
	  {
	    hist[i % 8]++;
	    part[2 + i % 5] += 0.5;
	  }
	for (int k = 0; k < 8; k++)
	  CHECK_EQ (hist[k], n / 8, "%s: array reduction element %d", what,
		    k);
	for (int k = 0; k < 10; k++)
	  CHECK (part[k] == (k >= 2 && k < 7 ? n / 5 * 0.5 : 0), "%s: array "
		 "section reduction element %d: got %g", what, k, part[k]);
      }
    }
  printf ("%s: ok\n", check_prog);
  return 0;
}
