// cancel-cxx.cc -- cancellation with C++ objects in every cancellable
// construct: each object constructed is destroyed exactly once.
//
// GCC 12 copy-constructs a task's firstprivate objects in the CPYFN it
// passes to GOMP_task / GOMP_taskloop, when the task is created, and
// destroys them at the end of the task's outlined function; a cancel or
// cancellation point that fires jumps to that end.  So a task whose copies
// exist must run, even in a cancelled parallel region or taskgroup:
// libgomp 12 marks it (copy_ctors_done) and never discards it, and
// creates no task at all once the region or group is cancelled.  Private,
// firstprivate and lastprivate objects of parallel, for and sections are
// constructed and destroyed inside the outlined functions; a cancellation
// must leave through their ends.
//
// The cases, each with a team of 1, 2, 3 and 8 threads:
// - taskgroup: a task with a copy cancels its group; tasks with copies
//   wait for it (depend), so they are queued, not started, when it does;
//   then tasks created after the cancellation (none is created);
// - taskloop: an iteration cancels the taskloop's taskgroup (with and
//   without nogroup in an explicit taskgroup);
// - parallel: thread 0 creates tasks with copies, then cancels the region;
//   the other threads wait at a cancellation point; firstprivate and
//   private objects of the region itself;
// - for (dynamic and static) and sections: private, firstprivate and
//   lastprivate objects, one iteration or section cancelling the
//   construct;
// - cancel parallel while the other threads wait at a barrier, with the
//   region's objects and those of a loop before it;
// - a taskgroup nested in a task of another: tasks with copies waiting
//   in the inner group when it is cancelled.
// With a team of 1 every deferred task is still queued when its region or
// group is cancelled: a runtime that discards tasks with copies fails
// there every time.  Cancellation off: the same code, everything runs.

#include "cancel-check.h"

#include <atomic>

static std::atomic<long> n_made, n_gone;

struct obj
{
  long v;
  obj () : v (0) { n_made++; }
  explicit obj (long x) : v (x) { n_made++; }
  obj (const obj &o) : v (o.v) { n_made++; }
  obj &operator= (const obj &o) { v = o.v; return *this; }
  ~obj () { n_gone++; }
};

#define NT 24			// below libgomp's 64 per thread: deferred

// Every object made since the last call is gone.
static void
balanced (const char *what, int n)
{
  long made = n_made.exchange (0), gone = n_gone.exchange (0);
  CHECK (made == gone, "%s, %d threads: %ld objects constructed, %ld "
	 "destroyed", what, n, made, gone);
}

static void
case_taskgroup (int n)
{
  long ran = 0;
  {
    obj o (1);
#pragma omp parallel num_threads (n)
#pragma omp single
    {
      int gate = 0;
      (void) gate;
#pragma omp taskgroup
      {
#pragma omp task firstprivate (o) depend (out: gate) shared (ran)
	{
	  ADD (ran, o.v);
#pragma omp cancel taskgroup
	}
	for (int i = 0; i < NT; i++)
	  {
#pragma omp task firstprivate (o) depend (in: gate) shared (ran)
	    {
	      ADD (ran, o.v);
#pragma omp cancellation point taskgroup
	    }
	  }
	// Created once the group may be cancelled.
#pragma omp taskwait
	for (int i = 0; i < NT; i++)
	  {
#pragma omp task firstprivate (o) shared (ran)
	    ADD (ran, o.v);
	  }
      }
    }
  }
  balanced ("taskgroup", n);
  CHECK (ran >= 1 && ran <= 2 * NT + 1, "taskgroup, %d threads: %ld tasks",
	 n, ran);
  if (!cancel_on)
    CHECK_EQ (ran, 2L * NT + 1, "taskgroup, %d threads, no cancellation", n);
}

static void
case_taskloop (int n, bool nogroup)
{
  long ran = 0;
  {
    obj o (1);
#pragma omp parallel num_threads (n)
#pragma omp single
    {
      if (nogroup)
	{
#pragma omp taskgroup
	  {
#pragma omp taskloop firstprivate (o) grainsize (1) nogroup shared (ran)
	    for (int i = 0; i < NT; i++)
	      {
		ADD (ran, o.v);
		if (i == 0)
		  {
#pragma omp cancel taskgroup
		  }
	      }
	  }
	}
      else
	{
#pragma omp taskloop firstprivate (o) grainsize (1) shared (ran)
	  for (int i = 0; i < NT; i++)
	    {
	      ADD (ran, o.v);
	      if (i == 0)
		{
#pragma omp cancel taskgroup
		}
	    }
	}
    }
  }
  balanced (nogroup ? "taskloop nogroup" : "taskloop", n);
  if (!cancel_on)
    CHECK_EQ (ran, (long) NT, "taskloop, %d threads, no cancellation", n);
}

static void
case_parallel (int n)
{
  long ran = 0, timeouts = 0;
  {
    obj o (1);
#pragma omp parallel num_threads (n) firstprivate (o) shared (ran)
    {
      obj mine (2);
      if (omp_get_thread_num () == 0)
	{
	  for (int i = 0; i < NT; i++)
	    {
#pragma omp task firstprivate (o, mine) shared (ran)
	      ADD (ran, o.v);
	    }
#pragma omp cancel parallel
	}
      else if (cancel_on)
	SPIN_AT (parallel, timeouts);
    }
  }
  balanced ("parallel", n);
  CHECK_EQ (timeouts, 0L, "parallel, %d threads: cancellation seen", n);
  if (!cancel_on)
    CHECK_EQ (ran, (long) NT, "parallel, %d threads, no cancellation", n);
}

static void
case_for (int n)
{
  {
    obj f (3), l (0);
#pragma omp parallel num_threads (n)
    {
      obj p (0);
#pragma omp for firstprivate (f) lastprivate (l) private (p) schedule (dynamic)
      for (int i = 0; i < 100; i++)
	{
	  l.v = i;
	  p.v = f.v;
	  if (i == 5)
	    {
#pragma omp cancel for
	    }
#pragma omp cancellation point for
	}
    }
  }
  balanced ("for", n);
}

static void
case_sections (int n)
{
  {
    obj f (3), l (0);
#pragma omp parallel num_threads (n)
#pragma omp sections firstprivate (f) lastprivate (l)
    {
#pragma omp section
      {
	l.v = f.v;
#pragma omp cancel sections
      }
#pragma omp section
      {
	l.v = f.v + 1;
#pragma omp cancellation point sections
      }
#pragma omp section
      l.v = f.v + 2;
    }
  }
  balanced ("sections", n);
}

// A static loop (GCC schedules it inline: the cancellation reaches it
// through the team's flag only), each thread's private objects.
static void
case_for_static (int n)
{
  {
    obj f (3), l (0);
#pragma omp parallel num_threads (n)
    {
      obj p (0);
#pragma omp for firstprivate (f) lastprivate (l) private (p) schedule (static)
      for (int i = 0; i < 100; i++)
	{
	  l.v = i;
	  p.v = f.v;
	  if (i == 0)
	    {
#pragma omp cancel for
	    }
#pragma omp cancellation point for
	}
    }
  }
  balanced ("for static", n);
}

// cancel parallel while the other threads wait at a barrier, each with
// the region's objects and those of a loop before it: the barrier, a
// cancellable one in a region with a cancel construct, lets them go
// without the cancelling thread, which never reaches it.
static void
case_parallel_barrier (int n)
{
  {
    obj f (4);
#pragma omp parallel num_threads (n) shared (f)
    {
      obj mine (5);
#pragma omp for firstprivate (f) private (mine) schedule (dynamic) nowait
      for (int i = 0; i < 64; i++)
	mine.v = f.v + i;
      if (omp_get_thread_num () == 0)
	{
	  obj last (6);
#pragma omp cancel parallel
	}
#pragma omp barrier
    }
  }
  balanced ("parallel with threads at a barrier", n);
}

// A task of an outer taskgroup creates, in an inner taskgroup, tasks
// with copies, and the inner group is cancelled by one of them (the
// first may run once it is created: the others wait for it by
// dependence).  Every copy made is destroyed once.
static void
case_nested_taskgroup (int n)
{
  long ran = 0;
  {
    obj o (1);
#pragma omp parallel num_threads (n)
#pragma omp single
#pragma omp taskgroup
    {
#pragma omp task firstprivate (o) shared (ran)
      {
	int gate = 0;
	(void) gate;
#pragma omp taskgroup
	{
#pragma omp task firstprivate (o) depend (out: gate) shared (ran)
	  {
	    ADD (ran, o.v);
	    // Innermost: the inner group, cancelled alone.
#pragma omp cancel taskgroup
	  }
	  for (int i = 0; i < NT; i++)
	    {
#pragma omp task firstprivate (o) depend (in: gate) shared (ran)
	      ADD (ran, o.v);
	    }
	}
	for (int i = 0; i < NT; i++)
	  {
#pragma omp task firstprivate (o) shared (ran)
	    ADD (ran, o.v);
	  }
      }
    }
  }
  balanced ("nested taskgroup", n);
  // Those created before the cancellation have copies, so they run; on
  // more than one thread the first may cancel while the others are
  // being created, and the rest are then not created.  The outer
  // group's tasks all run.
  CHECK (ran >= NT + 1 && ran <= 2L * NT + 1, "nested taskgroup, %d "
	 "threads: %ld tasks", n, ran);
  if (n == 1 || !cancel_on)
    CHECK_EQ (ran, 2L * NT + 1, "nested taskgroup, %d threads: tasks", n);
}

static void
run_cases (void)
{
  for (int i = 0; i < N_CANCEL_THREADS; i++)
    {
      int n = cancel_threads[i];
      case_taskgroup (n);
      case_taskloop (n, false);
      case_taskloop (n, true);
      case_parallel (n);
      case_for (n);
      case_sections (n);
      case_for_static (n);
      case_parallel_barrier (n);
      case_nested_taskgroup (n);
    }
}
