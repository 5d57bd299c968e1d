/* task-wait.c -- taskwait, taskgroup (also nested) and what each waits
   for; teams of 1, 2, 3, 8 and 64.

   GCC 12: `taskwait` -> GOMP_taskwait (); `taskgroup` -> GOMP_taskgroup_start
   () ... GOMP_taskgroup_end ().

   taskwait waits for the children of the current task, not for their
   descendants.  To show that it does not wait for a grandchild, the
   grandchild has a detach clause and its event is fulfilled only after
   the taskwait returned: a runtime that waited for it would hang (the
   test harness's timeout turns that into a failure).  A taskgroup waits
   for every task generated in it and all their descendants: the
   grandchildren sleep a little before setting their flags, so that a
   taskgroup that returned early would see them unset.  Nested
   taskgroups: the inner one waits only for its own tasks (a task of the
   outer group is left pending with an unfulfilled event meanwhile).  */

#include "../lib/check.h"

#include <time.h>

static void
sleep_us (long us)
{
  struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };
  nanosleep (&ts, NULL);
}

/* ---- taskwait: children, not grandchildren ---------------------------- */

static void
check_taskwait (int nthr)
{
  int bad = 0, grand_ran = 0;
#pragma omp parallel num_threads(nthr) shared(bad, grand_ran)
  {
    /* (Tasks may outlive the implicit task's function: whatever they
       use must be the enclosing function's, or static.)  */
    int child_done = 0;
    omp_event_handle_t ev;
#pragma omp task shared(child_done, grand_ran, ev)
    {
      omp_event_handle_t e;
#pragma omp task detach(e) shared(grand_ran)
      {
#pragma omp atomic
	grand_ran++;
      }
      ev = e;
      sleep_us (200);
#pragma omp atomic write
      child_done = 1;
    }
#pragma omp taskwait
    int cd;
#pragma omp atomic read
    cd = child_done;
    if (cd != 1)
#pragma omp atomic write
      bad = 1;
    /* The grandchild is not complete (its event is pending), yet the
       taskwait returned.  */
    omp_fulfill_event (ev);

    /* Many children, each with children that take a while: taskwait
       returns once the children completed; the grandchildren are only
       waited for by the barrier.  */
    int kids = 0;
    for (int k = 0; k < 10; k++)
#pragma omp task shared(kids)
      {
#pragma omp task
	sleep_us (100);
	sleep_us (50);
#pragma omp atomic
	kids++;
      }
#pragma omp taskwait
    int kd;
#pragma omp atomic read
    kd = kids;
    if (kd != 10)
#pragma omp atomic write
      bad = 2;
  }
  CHECK_EQ (bad, 0, "nthr=%d: taskwait (1 one child, 2 ten children)", nthr);
  CHECK_EQ (grand_ran, nthr, "nthr=%d: detached grandchildren run by the "
	    "end of the region", nthr);
}

/* ---- taskgroup: all descendants ------------------------------------------ */

static void
check_taskgroup (int nthr)
{
  int bad = 0;
#pragma omp parallel num_threads(nthr) shared(bad)
  {
#pragma omp single
    {
      int flags[20] = { 0 };
#pragma omp taskgroup
      for (int k = 0; k < 10; k++)
#pragma omp task shared(flags) firstprivate(k)
	{
#pragma omp task shared(flags) firstprivate(k)
	  {
#pragma omp task shared(flags) firstprivate(k)
	    {
	      sleep_us (300);
#pragma omp atomic write
	      flags[10 + k] = 1;
	    }
	    sleep_us (100);
	  }
#pragma omp atomic write
	  flags[k] = 1;
	}
      for (int k = 0; k < 20; k++)
	if (!flags[k])
#pragma omp atomic write
	  bad = 1;
    }

    /* Every thread has its own taskgroup, concurrently.  */
    int mine = 0;
#pragma omp taskgroup
    {
      for (int k = 0; k < 5; k++)
#pragma omp task shared(mine)
	{
#pragma omp task shared(mine)
	  {
	    sleep_us (50);
#pragma omp atomic
	    mine++;
	  }
	}
    }
    int m;
#pragma omp atomic read
    m = mine;
    if (m != 5)
#pragma omp atomic write
      bad = 2;
  }
  CHECK_EQ (bad, 0, "nthr=%d: taskgroup (1 single's, 2 per thread)", nthr);
}

/* ---- nested taskgroups -------------------------------------------------- */

static void
check_nested_taskgroups (int nthr)
{
  int bad = 0;
#pragma omp parallel num_threads(nthr) shared(bad)
#pragma omp single
  {
    int outer_done = 0, inner_done = 0, inner2_done = 0;
    omp_event_handle_t ev;
#pragma omp taskgroup
    {
      /* A task of the outer group that cannot complete before its event
	 is fulfilled, after the inner group ended.  */
#pragma omp task detach(ev) shared(outer_done)
      {
#pragma omp atomic write
	outer_done = 1;
      }
#pragma omp taskgroup
      {
	for (int k = 0; k < 4; k++)
#pragma omp task shared(inner_done)
	  {
	    sleep_us (100);
#pragma omp atomic
	    inner_done++;
	  }
#pragma omp taskgroup
	{
#pragma omp task shared(inner2_done)
	  {
#pragma omp task shared(inner2_done)
	    {
	      sleep_us (200);
#pragma omp atomic
	      inner2_done++;
	    }
	  }
	}
	if (inner2_done != 1)
#pragma omp atomic write
	  bad = 1;
      }
      if (inner_done != 4)
#pragma omp atomic write
	bad = 2;
      omp_fulfill_event (ev);
    }
    int od;
#pragma omp atomic read
    od = outer_done;
    if (od != 1)
#pragma omp atomic write
      bad = 3;

    /* A taskgroup in a task, around tasks other threads may steal.  */
    int sum = 0;
#pragma omp taskgroup
    for (int k = 0; k < 8; k++)
#pragma omp task shared(sum, bad)
      {
	int local = 0;
#pragma omp taskgroup
	{
	  for (int j = 0; j < 8; j++)
#pragma omp task shared(local)
	    {
#pragma omp atomic
	      local++;
	    }
	}
	if (local != 8)
#pragma omp atomic write
	  bad = 4;
#pragma omp atomic
	sum += local;
      }
    if (sum != 64)
#pragma omp atomic write
      bad = 5;
  }
  CHECK_EQ (bad, 0, "nthr=%d: nested taskgroups (1 innermost, 2 inner, "
	    "3 outer, 4/5 in tasks)", nthr);
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);
  for (int i = 0; i < N_TEST_THREAD_COUNTS; i++)
    {
      int nthr = test_thread_counts[i];
      check_taskwait (nthr);
      check_taskgroup (nthr);
      check_nested_taskgroups (nthr);
    }
  return 0;
}
