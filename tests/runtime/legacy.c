/* legacy.c -- exported entry points that GCC 12 no longer emits but older
   binaries (GCC 4.2 - 4.8) and other compilers call, and that libgomp 12
   still provides: a drop-in must make them work, not just exist.

   - GOMP_parallel_start / GOMP_parallel_end: the old split protocol, in
     which the *encountering* thread calls the outlined function itself
     between the two calls;
   - GOMP_parallel_loop_{static,dynamic,guided,runtime}_start and
     GOMP_parallel_sections_start: the same with a work share set up;
   - GOMP_parallel_loop_static (GOMP_4.0, never selected by GCC);
   - GOMP_loop_static_start / _next and GOMP_loop_ull_static_start / _next
     (static schedules always inlined by GCC);
   - the OpenMP 2.5 lock entry points, hidden versions @OMP_1.0 (bound
     here with .symver): simple locks are aliases of the 3.0 ones; the 2.5
     nest lock is 8 bytes and owned by a thread.

   Prototypes are libgomp's (libgomp_g.h).  */

#include "../lib/check.h"
#include <stdbool.h>

void GOMP_parallel_start (void (*) (void *), void *, unsigned);
void GOMP_parallel_end (void);
void GOMP_parallel (void (*) (void *), void *, unsigned, unsigned);
void GOMP_parallel_loop_static_start (void (*) (void *), void *, unsigned,
				      long, long, long, long);
void GOMP_parallel_loop_dynamic_start (void (*) (void *), void *, unsigned,
				       long, long, long, long);
void GOMP_parallel_loop_guided_start (void (*) (void *), void *, unsigned,
				      long, long, long, long);
void GOMP_parallel_loop_runtime_start (void (*) (void *), void *, unsigned,
				       long, long, long);
void GOMP_parallel_loop_static (void (*) (void *), void *, unsigned, long,
				long, long, long, unsigned);
void GOMP_parallel_sections_start (void (*) (void *), void *, unsigned,
				   unsigned);
bool GOMP_loop_static_start (long, long, long, long, long *, long *);
bool GOMP_loop_static_next (long *, long *);
bool GOMP_loop_dynamic_next (long *, long *);
bool GOMP_loop_guided_next (long *, long *);
bool GOMP_loop_runtime_next (long *, long *);
bool GOMP_loop_ull_static_start (bool, unsigned long long,
				 unsigned long long, unsigned long long,
				 unsigned long long, unsigned long long *,
				 unsigned long long *);
bool GOMP_loop_ull_static_next (unsigned long long *, unsigned long long *);
void GOMP_loop_end (void);
void GOMP_loop_end_nowait (void);
unsigned GOMP_sections_next (void);
void GOMP_sections_end_nowait (void);

/* OpenMP 2.5 lock ABI.  */
void omp_init_lock_25 (omp_lock_t *);
void omp_set_lock_25 (omp_lock_t *);
void omp_unset_lock_25 (omp_lock_t *);
int omp_test_lock_25 (omp_lock_t *);
void omp_destroy_lock_25 (omp_lock_t *);
void omp_init_nest_lock_25 (void *);
void omp_set_nest_lock_25 (void *);
void omp_unset_nest_lock_25 (void *);
int omp_test_nest_lock_25 (void *);
void omp_destroy_nest_lock_25 (void *);
__asm__ (".symver omp_init_lock_25, omp_init_lock@OMP_1.0\n\t"
	 ".symver omp_set_lock_25, omp_set_lock@OMP_1.0\n\t"
	 ".symver omp_unset_lock_25, omp_unset_lock@OMP_1.0\n\t"
	 ".symver omp_test_lock_25, omp_test_lock@OMP_1.0\n\t"
	 ".symver omp_destroy_lock_25, omp_destroy_lock@OMP_1.0\n\t"
	 ".symver omp_init_nest_lock_25, omp_init_nest_lock@OMP_1.0\n\t"
	 ".symver omp_set_nest_lock_25, omp_set_nest_lock@OMP_1.0\n\t"
	 ".symver omp_unset_nest_lock_25, omp_unset_nest_lock@OMP_1.0\n\t"
	 ".symver omp_test_nest_lock_25, omp_test_nest_lock@OMP_1.0\n\t"
	 ".symver omp_destroy_nest_lock_25, omp_destroy_nest_lock@OMP_1.0");

#define N 500

struct shared
{
  int count[N];
  int threads;
  int bad;
  int nthr;
  int kind;		/* which *_next to call */
};

static void
count_region (void *arg)
{
  struct shared *s = arg;
  if (omp_get_num_threads () != s->nthr || omp_get_level () != 1)
    __atomic_store_n (&s->bad, 1, __ATOMIC_RELAXED);
  __atomic_fetch_add (&s->threads, 1, __ATOMIC_RELAXED);
}

/* Body of an old-style combined loop: the work share already exists.  */
static void
loop_body (void *arg)
{
  struct shared *s = arg;
  long lo, hi;
  bool more;
  __atomic_fetch_add (&s->threads, 1, __ATOMIC_RELAXED);
  switch (s->kind)
    {
    case 0: more = GOMP_loop_static_next (&lo, &hi); break;
    case 1: more = GOMP_loop_dynamic_next (&lo, &hi); break;
    case 2: more = GOMP_loop_guided_next (&lo, &hi); break;
    default: more = GOMP_loop_runtime_next (&lo, &hi); break;
    }
  while (more)
    {
      for (long i = lo; i < hi; i++)
	__atomic_fetch_add (&s->count[i], 1, __ATOMIC_RELAXED);
      switch (s->kind)
	{
	case 0: more = GOMP_loop_static_next (&lo, &hi); break;
	case 1: more = GOMP_loop_dynamic_next (&lo, &hi); break;
	case 2: more = GOMP_loop_guided_next (&lo, &hi); break;
	default: more = GOMP_loop_runtime_next (&lo, &hi); break;
	}
    }
  GOMP_loop_end_nowait ();
}

static void
sections_body (void *arg)
{
  struct shared *s = arg;
  for (unsigned i = GOMP_sections_next (); i; i = GOMP_sections_next ())
    __atomic_fetch_add (&s->count[i - 1], 1, __ATOMIC_RELAXED);
  GOMP_sections_end_nowait ();
}

/* GOMP_loop_static_start / GOMP_loop_ull_static_start called from inside
   a region, as a compiler that does not inline static schedules would.  */
static void
static_start_body (void *arg)
{
  struct shared *s = arg;
  long lo, hi;
  unsigned long long ulo, uhi;
  int me = omp_get_thread_num (), n = omp_get_num_threads ();
  if (GOMP_loop_static_start (0, N, 1, 4, &lo, &hi))
    do
      for (long i = lo; i < hi; i++)
	{
	  __atomic_fetch_add (&s->count[i], 1, __ATOMIC_RELAXED);
	  if ((i / 4) % n != me)	/* round-robin chunks of 4 */
	    __atomic_store_n (&s->bad, 2, __ATOMIC_RELAXED);
	}
    while (GOMP_loop_static_next (&lo, &hi));
  GOMP_loop_end ();
  /* downward, unsigned: i = N*2 ... > 0 step -2 */
  if (GOMP_loop_ull_static_start (false, 2ULL * N, 0, -2ULL, 3, &ulo, &uhi))
    do
      for (unsigned long long u = ulo; u > uhi; u -= 2)
	__atomic_fetch_add (&s->count[u / 2 - 1], 1, __ATOMIC_RELAXED);
    while (GOMP_loop_ull_static_next (&ulo, &uhi));
  GOMP_loop_end ();
}

static void
expect_counts (struct shared *s, int n, int want, const char *what)
{
  for (int i = 0; i < n; i++)
    CHECK_EQ (s->count[i], want, "%s nthr=%d: runs of iteration %d", what,
	      s->nthr, i);
}

int
main (int argc, char **argv)
{
  static const int teams[] = { 1, 2, 3, 8 };
  struct shared s;
  (void) argc;
  check_init (argv[0]);

  for (int t = 0; t < 4; t++)
    {
      int n = teams[t];

      memset (&s, 0, sizeof s);
      s.nthr = n;
      GOMP_parallel_start (count_region, &s, n);
      count_region (&s);	/* the encountering thread's share */
      GOMP_parallel_end ();
      CHECK_EQ (s.threads, n, "GOMP_parallel_start/end: threads that ran");
      CHECK_EQ (s.bad, 0, "GOMP_parallel_start/end nthr=%d: team size or "
		"level seen inside", n);

      static const char *const names[] = { "static", "dynamic", "guided",
	"runtime" };
      for (int kind = 0; kind < 4; kind++)
	{
	  memset (&s, 0, sizeof s);
	  s.nthr = n;
	  s.kind = kind;
	  omp_set_schedule (omp_sched_guided, 3);
	  switch (kind)
	    {
	    case 0:
	      GOMP_parallel_loop_static_start (loop_body, &s, n, 0, N, 1, 5);
	      break;
	    case 1:
	      GOMP_parallel_loop_dynamic_start (loop_body, &s, n, 0, N, 1, 7);
	      break;
	    case 2:
	      GOMP_parallel_loop_guided_start (loop_body, &s, n, 0, N, 1, 2);
	      break;
	    default:
	      GOMP_parallel_loop_runtime_start (loop_body, &s, n, 0, N, 1);
	      break;
	    }
	  loop_body (&s);
	  GOMP_parallel_end ();
	  CHECK_EQ (s.threads, n, "GOMP_parallel_loop_%s_start: threads",
		    names[kind]);
	  expect_counts (&s, N, 1, names[kind]);
	}

      memset (&s, 0, sizeof s);
      s.nthr = n;
      GOMP_parallel_loop_static (loop_body, &s, n, 0, N, 1, 3, 0);
      CHECK_EQ (s.threads, n, "GOMP_parallel_loop_static: threads");
      expect_counts (&s, N, 1, "GOMP_parallel_loop_static");

      memset (&s, 0, sizeof s);
      s.nthr = n;
      GOMP_parallel_sections_start (sections_body, &s, n, 7);
      sections_body (&s);
      GOMP_parallel_end ();
      expect_counts (&s, 7, 1, "GOMP_parallel_sections_start");

      memset (&s, 0, sizeof s);
      s.nthr = n;
      GOMP_parallel (static_start_body, &s, n, 0);
      CHECK_EQ (s.bad, 0, "GOMP_loop_static_start nthr=%d: chunk not "
		"round-robin", n);
      expect_counts (&s, N, 2, "GOMP_loop_static_start + "
		     "GOMP_loop_ull_static_start");
    }

  /* OpenMP 2.5 simple lock, under contention.  */
  {
    struct
    {
      int before;
      omp_lock_t l;
      int after;
    } g;
    long cnt = 0;
    g.before = 0x11111111;
    g.after = 0x22222222;
    omp_init_lock_25 (&g.l);
#pragma omp parallel num_threads(4)
    for (int k = 0; k < 2000; k++)
      {
	omp_set_lock_25 (&g.l);
	cnt++;
	omp_unset_lock_25 (&g.l);
	while (!omp_test_lock_25 (&g.l))
	  ;
	cnt++;
	omp_unset_lock_25 (&g.l);
      }
    omp_destroy_lock_25 (&g.l);
    CHECK_EQ (cnt, 16000, "omp_*_lock@OMP_1.0: increments under the lock");
    CHECK (g.before == 0x11111111 && g.after == 0x22222222, "omp_*_lock@"
	   "OMP_1.0 wrote outside the 4-byte lock");
  }

  /* OpenMP 2.5 nest lock: 8 bytes, owned by a thread.  */
  {
    struct
    {
      int before;
      int l[2];
      int after;
    } g = { 0x33333333, { 0, 0 }, 0x44444444 };
    int other = -1, owner_depth = -1;
    long cnt = 0;
    omp_init_nest_lock_25 (g.l);
    omp_set_nest_lock_25 (g.l);
    CHECK_EQ (omp_test_nest_lock_25 (g.l), 2, "omp_test_nest_lock@OMP_1.0 "
	      "by the owner: depth");
#pragma omp parallel num_threads(2)
    {
      if (omp_get_thread_num () == 1)
	other = omp_test_nest_lock_25 (g.l);
      else
	owner_depth = omp_test_nest_lock_25 (g.l);
    }
    CHECK_EQ (other, 0, "omp_test_nest_lock@OMP_1.0 by another thread while"
	      " held");
    CHECK_EQ (owner_depth, 3, "omp_test_nest_lock@OMP_1.0 by the owning "
	      "thread inside a region (2.5 locks belong to threads)");
    for (int k = 0; k < 3; k++)
      omp_unset_nest_lock_25 (g.l);
#pragma omp parallel num_threads(4)
    for (int k = 0; k < 1000; k++)
      {
	omp_set_nest_lock_25 (g.l);
	omp_set_nest_lock_25 (g.l);
	cnt++;
	omp_unset_nest_lock_25 (g.l);
	omp_unset_nest_lock_25 (g.l);
      }
    omp_destroy_nest_lock_25 (g.l);
    CHECK_EQ (cnt, 4000, "omp_*_nest_lock@OMP_1.0: increments");
    CHECK (g.before == 0x33333333 && g.after == 0x44444444, "omp_*_nest_"
	   "lock@OMP_1.0 wrote outside its 8 bytes");
  }
  printf ("%s: ok\n", check_prog);
  return 0;
}
