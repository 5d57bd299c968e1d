/* loop-collapse.c -- collapse(2) and collapse(3) loop nests.

   GCC computes the collapsed iteration count itself and drives the runtime
   with one logical loop 0..n-1 (same GOMP_loop_* / GOMP_parallel_loop_* /
   GOMP_loop_ull_* entry points as a single loop), then rebuilds the
   indices.  The logical order is row-major, so the schedule promises of
   loop-check.h hold for k = i_index * n_j + j_index.  Inner loops go down
   with non-unit steps; a triangular (non-rectangular, OpenMP 5.0) nest and
   nests with an empty dimension are included.  */

#include "loop-check.h"

#define COLLAPSE2_FN(NAME, SCHED)					\
  static void __attribute__ ((noinline))				\
  NAME (int ilo, int ihi, int jhi, int jlo, int chunk, int nthr,	\
	struct itlog *L, int combined)					\
  {									\
    int nj = jhi > jlo ? (jhi - jlo + 2) / 3 : 0;			\
    (void) chunk;							\
    if (combined)							\
      {									\
	PRAGMA (omp parallel for collapse (2) num_threads (nthr) SCHED)	\
	for (int i = ilo; i < ihi; i++)					\
	  for (long j = jhi; j > jlo; j -= 3)				\
	    itlog_rec (L, (long) (i - ilo) * nj + (jhi - j) / 3,	\
		       (jhi - j) % 3 != 0);				\
      }									\
    else								\
      {									\
	PRAGMA (omp parallel num_threads (nthr))			\
	{								\
	  PRAGMA (omp for collapse (2) SCHED)				\
	  for (int i = ilo; i < ihi; i++)				\
	    for (long j = jhi; j > jlo; j -= 3)				\
	      itlog_rec (L, (long) (i - ilo) * nj + (jhi - j) / 3,	\
			 (jhi - j) % 3 != 0);				\
	}								\
      }									\
  }

COLLAPSE2_FN (c2_st, schedule (static))
COLLAPSE2_FN (c2_stc, schedule (static, chunk))
COLLAPSE2_FN (c2_dyn, schedule (dynamic, chunk))
COLLAPSE2_FN (c2_mdyn, schedule (monotonic: dynamic, chunk))
COLLAPSE2_FN (c2_gui, schedule (guided, chunk))
COLLAPSE2_FN (c2_rt, schedule (runtime))

/* collapse(3) over unsigned long long: GOMP_loop_ull_*.  */
static void __attribute__ ((noinline))
c3_ull (unsigned long long base, int n1, int n2, int n3, int chunk, int nthr,
	struct itlog *L)
{
#pragma omp parallel for collapse(3) schedule(dynamic, chunk) num_threads(nthr)
  for (unsigned long long a = base; a < base + n1; a++)
    for (int b = 0; b < n2; b++)
      for (unsigned long long c = base; c < base + 2ULL * n3; c += 2)
	itlog_rec (L, ((long) (a - base) * n2 + b) * n3 + (long) (c - base) / 2,
		   0);
}

/* Triangular nest: j < i (no schedule clause allowed there).  */
static void __attribute__ ((noinline))
tri (int n, int nthr, struct itlog *L)
{
#pragma omp parallel for collapse(2) num_threads(nthr)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      itlog_rec (L, (long) i * (i - 1) / 2 + j, 0);
}

typedef void c2_fn (int, int, int, int, int, int, struct itlog *, int);

int
main (int argc, char **argv)
{
  static const struct
  {
    const char *name;
    c2_fn *fn;
    int check;
  } c2[] = {
    { "static", c2_st, CK_STATIC_BLOCK | CK_MONOTONIC | CK_NOCHUNK },
    { "static,c", c2_stc, CK_STATIC_CHUNK | CK_MONOTONIC },
    { "dynamic,c", c2_dyn, CK_DYNAMIC },
    { "monotonic:dynamic,c", c2_mdyn, CK_DYNAMIC | CK_MONOTONIC },
    { "guided,c", c2_gui, CK_GUIDED },
    { "runtime=dynamic,c", c2_rt, CK_DYNAMIC },
  };
  /* i range x j range (j counts down by 3 from jhi to > jlo).  */
  static const struct
  {
    int ilo, ihi, jhi, jlo;
  } shapes[] = {
    { 0, 20, 30, 0 },		/* 20 x 10 */
    { -5, 2, 100, -100 },	/* 7 x 67 */
    { 3, 4, 10, 9 },		/* 1 x 1 */
    { 0, 10, 5, 5 },		/* empty inner dimension */
    { 4, 4, 50, 0 },		/* empty outer dimension */
  };
  struct itlog L;
  char what[256];

  (void) argc;
  check_init (argv[0]);
  memset (&L, 0, sizeof L);

  for (int t = 0; t < N_TEST_THREAD_COUNTS; t++)
    {
      int nthr = test_thread_counts[t];
      for (int f = 0; f < (int) (sizeof c2 / sizeof c2[0]); f++)
	for (int s = 0; s < (int) (sizeof shapes / sizeof shapes[0]); s++)
	  for (int c = 0; c < N_LOOP_CHUNKS; c++)
	    for (int comb = 0; comb < 2; comb++)
	      {
		int ni = shapes[s].ihi > shapes[s].ilo
		  ? shapes[s].ihi - shapes[s].ilo : 0;
		int nj = shapes[s].jhi > shapes[s].jlo
		  ? (shapes[s].jhi - shapes[s].jlo + 2) / 3 : 0;
		omp_set_schedule (omp_sched_dynamic, loop_chunks[c]);
		itlog_reset (&L, (long) ni * nj);
		c2[f].fn (shapes[s].ilo, shapes[s].ihi, shapes[s].jhi,
			  shapes[s].jlo, loop_chunks[c], nthr, &L, comb);
		snprintf (what, sizeof what, "collapse(2) %s %s i=[%d,%d) "
			  "j=(%d,%d] step -3 chunk=%d nthr=%d", c2[f].name,
			  comb ? "parallel for" : "for", shapes[s].ilo,
			  shapes[s].ihi, shapes[s].jlo, shapes[s].jhi,
			  loop_chunks[c], nthr);
		itlog_verify (&L, c2[f].check, loop_chunks[c], nthr, what);
	      }

      for (int c = 0; c < N_LOOP_CHUNKS; c++)
	{
	  itlog_reset (&L, 4 * 5 * 6);
	  c3_ull ((1ULL << 63) - 2, 4, 5, 6, loop_chunks[c], nthr, &L);
	  snprintf (what, sizeof what, "collapse(3) ull dynamic,%d nthr=%d",
		    loop_chunks[c], nthr);
	  itlog_verify (&L, CK_DYNAMIC, loop_chunks[c], nthr, what);

	}
      itlog_reset (&L, 40 * 39 / 2);
      tri (40, nthr, &L);
      snprintf (what, sizeof what, "triangular collapse(2) nthr=%d", nthr);
      itlog_verify (&L, CK_ANY, 1, nthr, what);
    }
  printf ("%s: ok\n", check_prog);
  return 0;
}
