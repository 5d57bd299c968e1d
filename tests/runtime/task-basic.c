/* task-basic.c -- the task construct: data environment, if(0), final and
   omp_in_final, mergeable, untied, taskyield, tasks created in a single
   region while the other threads wait at its barrier, tasks of nested
   teams, tasks outside any parallel region; teams of 1, 2, 3, 8 and 64.

   GCC 12: `task` -> GOMP_task (fn, data, cpyfn, arg_size, arg_align,
   if_clause, flags, depend, priority, detach): DATA is a block built on
   the encountering task's stack holding the firstprivate values and the
   addresses of shared variables; the runtime copies it (memcpy, or CPYFN
   for C++ objects) when it defers the task, or may run FN on it directly
   when the task is undeferred.  flags: 1 untied, 2 final (the final
   clause's value), 4 mergeable.  taskyield -> GOMP_taskyield,
   omp_in_final is a routine.

   What is checked is what OpenMP guarantees: firstprivate values are
   captured when the task is created, whatever the creator does next;
   shared variables are the creator's; a large or over-aligned
   firstprivate arrives intact and aligned; an undeferred task (if(0))
   completes before the construct returns and its own deferred children
   may outlive it; a final task and every task it generates are final
   and included (run at once, on the encountering thread); every task of
   a team completes by the barrier that ends a single or the region; a
   task binds to the innermost team.  */

#include "../lib/check.h"

#include <stdint.h>
#include <time.h>

static void
sleep_us (long us)
{
  struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };
  nanosleep (&ts, NULL);
}

struct big
{
  int v[2048];			/* 8 KiB: more than any small-block cache */
};

struct aligned
{
  int x;
} __attribute__ ((aligned (128)));

/* ---- data environment ------------------------------------------------ */

static void
check_data (int nthr)
{
  static struct big b;
  struct aligned al = { 7 };
  int shared_sum = 0, bad = 0, x = 1;
  for (int i = 0; i < 2048; i++)
    b.v[i] = i;

#pragma omp parallel num_threads(nthr)
#pragma omp single
  {
    for (int t = 0; t < 50; t++)
      {
	/* X is captured now; the creator changes it right after.  */
#pragma omp task firstprivate(x, t) shared(shared_sum, bad)
	{
	  if (x != t + 1)
#pragma omp atomic write
	    bad = 1;
	  x += 1000;		/* the task's own copy */
#pragma omp atomic
	  shared_sum += t;
	}
	x++;
      }
#pragma omp task firstprivate(b, al) shared(bad)
    {
      for (int i = 0; i < 2048; i++)
	if (b.v[i] != i)
#pragma omp atomic write
	  bad = 2;
      if (((uintptr_t) &al & 127) != 0 || al.x != 7)
#pragma omp atomic write
	bad = 3;
      b.v[0] = -1;
    }
    b.v[1] = -5;		/* after creation: the task has its copy */
#pragma omp taskwait
  }
  CHECK_EQ (bad, 0, "nthr=%d: firstprivate values (1 x, 2 struct, 3 align)",
	    nthr);
  CHECK_EQ (shared_sum, 50 * 49 / 2, "nthr=%d: shared updates", nthr);
  CHECK_EQ (x, 51, "nthr=%d: creator's x after its tasks", nthr);
  CHECK_EQ (b.v[0], 0, "nthr=%d: original of a firstprivate struct", nthr);
}

/* ---- if(0), final, mergeable, untied, taskyield ---------------------- */

static void
check_if0_final (int nthr)
{
  int bad = 0, late = 0, ran = 0;
#pragma omp parallel num_threads(nthr) shared(bad, late, ran)
  {
    for (int r = 0; r < 20; r++)
      {
	/* if(0): complete when the construct returns.  */
	int done = 0;
#pragma omp task if(0) shared(done)
	done = 1;
	if (!done)
#pragma omp atomic write
	  bad = 1;

	/* An undeferred task's deferred children may outlive it; the
	   taskgroup waits for them.  */
	int kids = 0;
#pragma omp taskgroup
	{
#pragma omp task if(0) shared(kids)
	  {
	    for (int k = 0; k < 4; k++)
#pragma omp task shared(kids)
	      {
		if (r == 0 && k == 0)
		  sleep_us (2000);
#pragma omp atomic
		kids++;
	      }
	  }
	}
	if (kids != 4)
#pragma omp atomic write
	  bad = 2;

	/* final: included tasks, final all the way down, on this thread. */
	int depth_seen = 0;
#pragma omp task final(1) shared(depth_seen, bad)
	{
	  int t1 = omp_get_thread_num ();
	  if (!omp_in_final ())
#pragma omp atomic write
	    bad = 3;
	  int inner = 0;
#pragma omp task shared(inner, bad)
	  {
	    if (!omp_in_final () || omp_get_thread_num () != t1)
#pragma omp atomic write
	      bad = 4;
#pragma omp task shared(inner)
	    inner = 2;
	    if (inner != 2)
#pragma omp atomic write
	      bad = 5;
	    inner = 1;
	  }
	  /* Included: already done, no taskwait needed.  */
	  if (inner != 1)
#pragma omp atomic write
	    bad = 6;
	  depth_seen = 1;
	}
#pragma omp taskwait
	if (depth_seen != 1)
#pragma omp atomic write
	  bad = 7;

	int nf = -1;
#pragma omp task final(r < 0) shared(nf)
	nf = omp_in_final ();
#pragma omp taskwait
	if (nf != 0)
#pragma omp atomic write
	  bad = 8;

	/* mergeable, also inside a final task (where it may be merged and
	   share the parent's data environment: only shared data is
	   relied on).  */
	int m = 0;
#pragma omp task mergeable shared(m)
	{
#pragma omp atomic
	  m++;
	}
#pragma omp task final(1) shared(m)
	{
#pragma omp task mergeable shared(m)
	  {
#pragma omp atomic
	    m++;
	  }
	}
#pragma omp taskwait
	if (m != 2)
#pragma omp atomic write
	  bad = 9;

	/* untied tasks with task scheduling points in them.  */
	int u = 0;
	for (int k = 0; k < 8; k++)
#pragma omp task untied shared(u)
	  {
#pragma omp taskyield
#pragma omp task shared(u)
	    {
#pragma omp atomic
	      u++;
	    }
#pragma omp taskyield
#pragma omp taskwait
#pragma omp atomic
	    u++;
	  }
#pragma omp taskwait
	if (u != 16)
#pragma omp atomic write
	  bad = 10;
#pragma omp taskyield
      }
#pragma omp atomic
    ran++;
#pragma omp barrier
#pragma omp single
    late = ran;
  }
  CHECK_EQ (bad, 0, "nthr=%d: if(0)/final/mergeable/untied case", nthr);
  CHECK_EQ (late, nthr, "nthr=%d: threads through the region", nthr);
}

/* ---- a producer in single, consumers at its barrier ----------------- */

#define NPROD 2000

static void
check_single_producer (int nthr)
{
  static unsigned char seen[NPROD];
  static int by_thread[64];
  int after_barrier_bad = 0;
  memset (seen, 0, sizeof seen);
  memset (by_thread, 0, sizeof by_thread);
#pragma omp parallel num_threads(nthr)
  {
#pragma omp single
    for (int i = 0; i < NPROD; i++)
#pragma omp task firstprivate(i)
      {
	seen[i]++;
#pragma omp atomic
	by_thread[omp_get_thread_num ()]++;
      }
    /* The single's barrier: every task has completed.  */
    int n = 0;
    for (int i = 0; i < NPROD; i++)
      n += seen[i] == 1;
    if (n != NPROD)
#pragma omp atomic write
      after_barrier_bad = NPROD - n;
  }
  CHECK_EQ (after_barrier_bad, 0, "nthr=%d: tasks not done (or run twice) "
	    "after the single's barrier", nthr);
  int total = 0;
  for (int t = 0; t < 64; t++)
    total += by_thread[t];
  CHECK_EQ (total, NPROD, "nthr=%d: tasks run", nthr);

  /* Every thread a producer; the end of the region completes them.  */
  int count = 0;
#pragma omp parallel num_threads(nthr) shared(count)
  for (int i = 0; i < 200; i++)
#pragma omp task shared(count)
    {
#pragma omp atomic
      count++;
    }
  CHECK_EQ (count, 200 * nthr, "nthr=%d: tasks of every thread by the end "
	    "of the region", nthr);
}

/* ---- nested teams ------------------------------------------------------ */

static void
check_nested (void)
{
  int bad = 0, count = 0;
  omp_set_max_active_levels (2);
#pragma omp parallel num_threads(2) shared(bad, count)
  {
    int outer = omp_get_thread_num ();
#pragma omp parallel num_threads(3) shared(bad, count)
    {
#pragma omp single
      for (int i = 0; i < 30; i++)
#pragma omp task shared(bad, count) firstprivate(outer)
	{
	  /* Bound to the inner team: run by one of its threads.  */
	  if (omp_get_level () != 2 || omp_get_team_size (2) != 3
	      || omp_get_ancestor_thread_num (1) != outer)
#pragma omp atomic write
	    bad = 1;
#pragma omp atomic
	  count++;
	}
    }
    /* Tasks of the outer team, next to its nested regions.  */
#pragma omp task shared(count, bad)
    {
      if (omp_get_level () != 1)
#pragma omp atomic write
	bad = 2;
#pragma omp parallel num_threads(2) shared(count)
      {
#pragma omp task shared(count)
	{
#pragma omp atomic
	  count++;
	}
      }
    }
  }
  CHECK_EQ (bad, 0, "nested teams: task binding (1 inner, 2 outer)");
  CHECK_EQ (count, 2 * 30 + 2 * 2, "nested teams: tasks run");
}

/* ---- no parallel region -------------------------------------------------- */

static void
check_serial (void)
{
  int order[4], n = 0;
#pragma omp task shared(order, n)
  {
    order[n++] = 1;
#pragma omp task shared(order, n)
    order[n++] = 2;
#pragma omp taskwait
    order[n++] = 3;
  }
  order[n++] = 4;
#pragma omp taskwait
  CHECK_EQ (n, 4, "outside parallel: tasks run");
  int total = 0;
  for (int i = 0; i < 4; i++)
    total += order[i];
  CHECK_EQ (total, 10, "outside parallel: each task once");
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);
  for (int i = 0; i < N_TEST_THREAD_COUNTS; i++)
    {
      int nthr = test_thread_counts[i];
      check_data (nthr);
      check_if0_final (nthr);
      check_single_producer (nthr);
    }
  check_nested ();
  check_serial ();
  return 0;
}
