/* ws-ring-alloc.c -- worksharing constructs that allocate (an inscan
   loop's scan buffer, a doacross loop's positions), each followed by
   seven loops with nowait, round after round.

   The runtime keeps eight work shares in flight: after the allocating
   loop's end barrier, a thread that leaves it first runs through the
   seven nowait loops and claims the same slot again for the next round's
   allocating loop while others may still be waking up from that barrier.
   A runtime that freed the buffer after the barrier (the first thread
   out, or thread 0) could free the next round's instead: a crash, a hang
   in the doacross wait, or wrong prefix sums.  Each round checks its
   results.  */

#include "../lib/check.h"

#define N 64
#define ROUNDS 1000
#define NOWAIT_LOOPS 7

static long a[N], c[N], scan_sum;

static void
nowait_loops (void)
{
  for (int k = 0; k < NOWAIT_LOOPS; k++)
    {
#pragma omp for schedule (dynamic) nowait
      for (int i = 0; i < 2; i++)
	__asm__ volatile ("" ::: "memory");
    }
}

/* The scan's running total before round R: it is never reset.  */
static long
base_of (long r)
{
  return r * ((long) N * (N + 1) / 2) + (long) N * (r * (r - 1) / 2);
}

/* The constructs of a round are an allocating loop and then exactly
   seven others, so that the next round's allocating loop is the next to
   use the slot; the checks are made by every thread on its own
   iterations, with no construct of their own.  */
static void
run (int nthr, int rounds)
{
  int bad_scan = 0, bad_doacross = 0;
  scan_sum = 0;
  for (int i = 0; i < N; i++)
    c[i] = 0;
#pragma omp parallel num_threads (nthr) reduction (+ : bad_scan, bad_doacross)
  for (int r = 0; r < rounds; r++)
    {
      /* An inclusive scan: GOMP_loop_start hands out the scan buffer.  */
#pragma omp for reduction (inscan, + : scan_sum)
      for (int i = 0; i < N; i++)
	{
	  scan_sum += a[i] + r;
#pragma omp scan inclusive (scan_sum)
	  if (scan_sum != base_of (r) + (long) (i + 1) * (i + 2) / 2
			  + (long) (i + 1) * r)
	    bad_scan++;
	}
      nowait_loops ();
      /* A doacross loop: each iteration after the previous one, which
	 another thread may have run.  */
#pragma omp for ordered (1) schedule (dynamic)
      for (int i = 1; i < N; i++)
	{
#pragma omp ordered depend (sink : i - 1)
	  if (c[i - 1] != (long) (i - 1) * (r + 1))
	    bad_doacross++;
	  c[i] = c[i - 1] + r + 1;
#pragma omp ordered depend (source)
	}
      nowait_loops ();
    }
  CHECK (bad_scan == 0, "%d threads: %d wrong prefix sums", nthr, bad_scan);
  CHECK (bad_doacross == 0, "%d threads: %d iterations of a doacross loop "
	 "before their predecessor", nthr, bad_doacross);
  CHECK (scan_sum == base_of (rounds), "%d threads: scan total %ld, "
	 "expected %ld", nthr, scan_sum, base_of (rounds));
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);
  for (int i = 0; i < N; i++)
    a[i] = i + 1;
  for (int t = 0; t < N_TEST_THREAD_COUNTS; t++)
    {
      int nthr = test_thread_counts[t];
      run (nthr, nthr > 8 ? ROUNDS / 20 : ROUNDS);
    }
  printf ("%s: ok\n", check_prog);
  return 0;
}
