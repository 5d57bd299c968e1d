/* ordered-turn.c -- when the ordered turn passes from chunk to chunk.

   A runtime may pass the turn on at the end of the ordered region of a
   chunk's last iteration (an iteration runs at most one ordered region
   of its loop), or when the thread asks for its next chunk.  Either
   way the regions must come out in iteration order:
   - with work after each region, so that a thread that passed the turn
     early is still in its iteration while the next one's region runs;
   - in chunks whose last iteration runs no region, so that the count
     of regions never reaches the chunk's size and the turn passes with
     the chunk;
   - in ordered loops back to back, one with nowait, and in loops where
     some threads get no chunk, so that nothing of one loop's turn is
     left for the next (libgomp 12 ran a dynamic ordered loop with nowait
     out of order once in some runs under load, so the one with nowait is
     static);
   - in orphaned regions, in a function the loop body calls;
   - in chunks of more iterations than a 16-bit count holds;
   - with waiting threads that sleep at once (OMP_WAIT_POLICY=passive)
     or after one look (GOMP_SPINCOUNT=1), in a child of its own: turns
     passed to sleeping threads and to threads on their way to sleep.
   A program that runs a second ordered region in one iteration breaks
   OpenMP's rule; GCC accepts it.  The child "twice" does that: it must
   either keep the order (libgomp passes the turn with the chunk) or be
   stopped with a message naming the construct (a runtime that passed
   the turn already) -- never finish with its regions out of order.  */

#include "../lib/check.h"

#include <omp.h>
#include <stdio.h>
#include <string.h>

#define N 2000

static long logged[N];
static long nlogged;

static void
log_iteration (long i)
{
  if (nlogged < N)
    logged[nlogged] = i;
  nlogged++;
}

/* Work outside the region, longer for some iterations than others.  */
static void
work (long i)
{
  volatile long x = 0;
  for (long k = 0; k < (i % 7) * 50; k++)
    x += k;
}

static void
check_log (const char *what, long want_n, long step, long skip_mod)
{
  CHECK_EQ (nlogged, want_n, "%s: ordered regions run", what);
  long want = 0;
  for (long p = 0; p < nlogged && p < N; p++, want += step)
    {
      while (skip_mod && want % skip_mod == skip_mod - 1)
	want += step;
      CHECK_EQ (logged[p], want, "%s: region %ld", what, p);
    }
}

/* Every iteration runs a region, then works.  */
static void
after_region (int nthr, const char *sched, int chunk)
{
  char what[80];
  snprintf (what, sizeof what, "work after the region, %s,%d, %d threads",
	    sched, chunk, nthr);
  nlogged = 0;
  omp_set_schedule (strcmp (sched, "static") == 0 ? omp_sched_static
		    : strcmp (sched, "dynamic") == 0 ? omp_sched_dynamic
		    : omp_sched_guided, chunk);
#pragma omp parallel for ordered schedule(runtime) num_threads(nthr)
  for (long i = 0; i < N; i++)
    {
#pragma omp ordered
      log_iteration (i);
      work (i);
    }
  check_log (what, N, 1, 0);
}

/* Iterations i with i % 3 == 2 run no region: with chunks of 3 the last
   iteration of every chunk is one of them.  */
static void
last_skips (int nthr, int chunk)
{
  char what[80];
  snprintf (what, sizeof what, "last iteration without a region, "
	    "static,%d, %d threads", chunk, nthr);
  nlogged = 0;
#pragma omp parallel for ordered schedule(static, chunk) num_threads(nthr)
  for (long i = 0; i < N; i++)
    {
      work (i);
      if (i % 3 != 2)
	{
#pragma omp ordered
	  log_iteration (i);
	}
    }
  check_log (what, N - N / 3, 1, 3);
}

static void
orphaned (long i)
{
#pragma omp ordered
  log_iteration (i);
}

/* Two ordered loops, the second with nowait and its regions in a
   function of their own, then one with fewer iterations than threads.  */
static void
back_to_back (int nthr)
{
  static long first[N], second[N];
  long n1 = 0, n2 = 0;
  char what[80];
  snprintf (what, sizeof what, "back to back, %d threads", nthr);
  nlogged = 0;
#pragma omp parallel num_threads(nthr)
  {
#pragma omp for ordered schedule(dynamic, 2)
    for (long i = 0; i < N; i++)
      {
#pragma omp ordered
	first[n1++] = i;
	work (i);
      }
#pragma omp for ordered schedule(static, 1) nowait
    for (long i = 0; i < N; i++)
      {
	orphaned (i);
	work (i);
      }
#pragma omp barrier
#pragma omp for ordered schedule(static, 1)
    for (long i = 0; i < 2; i++)
      {
#pragma omp ordered
	second[n2++] = i;
      }
  }
  CHECK_EQ (n1, N, "%s: regions of the first loop", what);
  for (long p = 0; p < N; p++)
    CHECK_EQ (first[p], p, "%s: first loop, region %ld", what, p);
  check_log (what, N, 1, 0);
  CHECK (n2 == 2 && second[0] == 0 && second[1] == 1,
	 "%s: short loop ran %ld regions (%ld, %ld)", what, n2, second[0],
	 second[1]);
}

/* Two chunks of 70,000 iterations each.  */
static void
big_chunks (void)
{
  long next = 0, bad = -1;
#pragma omp parallel for ordered schedule(static) num_threads(2)
  for (long i = 0; i < 140000; i++)
    {
#pragma omp ordered
      {
	if (i != next && bad < 0)
	  bad = next;
	next = i + 1;
      }
    }
  CHECK (bad < 0 && next == 140000, "chunks of 70000 iterations: region "
	 "%ld out of order, last %ld", bad, next);
}

/* The child "twice": two regions per iteration, which OpenMP forbids.
   Prints the order it saw; exits 0 if it ran to the end.  */
static int
child_twice (void)
{
  check_elsewhere ();
  static long seen[2 * N];
  long n = 0;
#pragma omp parallel for ordered schedule(static, 1) num_threads(2)
  for (long i = 0; i < N; i++)
    {
#pragma omp ordered
      seen[n++] = 2 * i;
      work (i);
#pragma omp ordered
      seen[n++] = 2 * i + 1;
    }
  long bad = 0;
  for (long p = 0; p < 2 * N; p++)
    bad += p >= n || seen[p] != p;
  printf ("regions=%ld\nout_of_order=%ld\n", n, bad);
  return 0;
}

static void
check_twice (void)
{
  const char *vars[] = { "OMP_NUM_THREADS", "OMP_DYNAMIC=false", NULL };
  struct child c;
  run_self (&c, "twice", vars);
  if (c.status == 0)
    {
      CHECK_EQ (child_int (&c, "regions", "the child's regions"), 2 * N,
		"two regions per iteration: regions run");
      CHECK_EQ (child_int (&c, "out_of_order", "the child's order"), 0,
		"two regions per iteration, run to the end: regions out "
		"of order");
    }
  else
    {
      CHECK (c.status == 1
	     && strstr (c.err, ": ordered: an iteration of the loop ran a "
			"second ordered region (OpenMP allows one), after the "
			"next iteration's was let in\n") != NULL,
	     "two regions per iteration, stopped: want status 1 and the "
	     "message of docs/running.md; " CHILD_FMT, "twice",
	     env_str (vars), c.status, c.out, c.err);
    }
  child_free (&c);
}

/* The child "sleep": the loops whose turn passes at every iteration.  */
static int
child_sleep (void)
{
  for (int nthr = 2; nthr <= 4; nthr++)
    {
      after_region (nthr, "static", 1);
      after_region (nthr, "dynamic", 1);
      back_to_back (nthr);
    }
  printf ("ok=1\n");
  return 0;
}

static void
check_sleepers (void)
{
  static const char *const settings[][3] = {
    { "OMP_WAIT_POLICY=passive", "OMP_DYNAMIC=false", NULL },
    { "GOMP_SPINCOUNT=1", "OMP_DYNAMIC=false", NULL },
  };
  for (size_t i = 0; i < sizeof settings / sizeof settings[0]; i++)
    CHECK_EQ (run_self_checked ("sleep", settings[i], "ok"), 1LL,
	      "%s: ok", env_str (settings[i]));
}

int
main (int argc, char **argv)
{
  check_init (argv[0]);
  if (argc > 1 && strcmp (argv[1], "twice") == 0)
    return child_twice ();
  if (argc > 1 && strcmp (argv[1], "sleep") == 0)
    return child_sleep ();
  omp_set_dynamic (0);
  static const char *const scheds[] = { "static", "dynamic", "guided" };
  static const int chunks[] = { 1, 3, 64 };
  for (int nthr = 1; nthr <= 4; nthr++)
    {
      for (int s = 0; s < 3; s++)
	for (int k = 0; k < 3; k++)
	  after_region (nthr, scheds[s], chunks[k]);
      last_skips (nthr, 3);
      last_skips (nthr, 6);
      back_to_back (nthr);
    }
  big_chunks ();
  check_twice ();
  check_sleepers ();
  return 0;
}
