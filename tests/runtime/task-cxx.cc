// task-cxx.cc -- C++ objects in tasks and taskloops: firstprivate
// objects with copy constructors and destructors, deferred and undeferred
// tasks, taskloop (where each task gets its own copy), lastprivate.
//
// GCC 12: a firstprivate object with a non-trivial copy constructor makes
// GOMP_task / GOMP_taskloop receive CPYFN, which copy-constructs the
// task's block from the encountering task's one; the task body destroys
// its copies.  The runtime must run CPYFN exactly once per task it
// creates, at creation (the copy sees the object as it was then), in a
// block of the requested size and alignment, whether it defers the task
// or runs it at once, and must never run the body on the uncopied block.
// Constructions and destructions must balance once everything is done;
// each copy must hold the value of its original at creation.

#include <omp.h>
#define CHECK_KEEP_GOING 1
#include "../lib/check.h"
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

static std::atomic<long> n_ctor, n_copy, n_dtor;

struct alignas (64) tracked
{
  std::vector<int> data;
  std::string name;
  int self_check;
  tracked () : data (4, 1), name ("orig"), self_check (0) { n_ctor++; }
  tracked (const tracked &o)
    : data (o.data), name (o.name), self_check (o.self_check)
  {
    n_copy++;
  }
  ~tracked () { n_dtor++; }
  tracked &operator= (const tracked &o)
  {
    data = o.data;
    name = o.name;
    self_check = o.self_check;
    return *this;
  }
  bool aligned () const { return ((std::uintptr_t) this & 63) == 0; }
};

static void
check_tasks (int nthr)
{
  std::atomic<long> seen_sum (0), bad (0);
  long copies = n_copy;
#pragma omp parallel num_threads(nthr)
#pragma omp single
  {
    tracked t;
    for (int k = 0; k < 100; k++)
      {
	t.self_check = k;
	t.data[0] = k * 3;
	// Deferred or not: the copy holds K.
#pragma omp task firstprivate(t) shared(seen_sum, bad)
	{
	  if (t.self_check * 3 != t.data[0] || t.name != "orig"
	      || !t.aligned ())
	    bad++;
	  seen_sum += t.self_check;
	  t.data.push_back (k);	// the task's own copy
	}
	// Undeferred: still a copy.
#pragma omp task firstprivate(t) if(0) shared(bad)
	{
	  if (t.self_check != k)
	    bad++;
	  t.name = "changed";
	}
	if (t.name != "orig" || t.data.size () != 4)
	  bad++;
      }
#pragma omp taskwait
    // A final task's included children copy too.
#pragma omp task final(1) firstprivate(t) shared(bad)
    {
#pragma omp task firstprivate(t) shared(bad)
      {
	if (t.self_check != 99)
	  bad++;
	t.self_check = -1;
      }
      if (t.self_check != 99)
	bad++;
    }
#pragma omp taskwait
  }
  CHECK (bad == 0, "nthr=%d: %ld task copies wrong", nthr, bad.load ());
  CHECK (seen_sum == 99 * 100 / 2, "nthr=%d: deferred copies' values sum "
	  "%ld", nthr, seen_sum.load ());
  // One copy per task: 200 in the loop, the final task and its child.
  copies = n_copy - copies;
  CHECK (copies == 202, "nthr=%d: %ld copies for 202 tasks", nthr, copies);
}

static void
check_taskloop (int nthr)
{
  std::atomic<long> bad (0), iters (0);
  int last = -1;
  long copies = n_copy;
#pragma omp parallel num_threads(nthr)
#pragma omp single
  {
    tracked t;
    t.self_check = 7;
    // Each task its own copy: appending to it is private to the task.
#pragma omp taskloop firstprivate(t) grainsize(10) shared(bad, iters)
    for (int i = 0; i < 200; i++)
      {
	if (t.self_check != 7 || t.data.size () > 4 + 19 || !t.aligned ())
	  bad++;
	t.data.push_back (i);
	iters++;
      }
#pragma omp taskloop firstprivate(t) if(0) num_tasks(5) shared(bad, iters)
    for (int i = 0; i < 50; i++)
      {
	if (t.self_check != 7 || t.data.size () > 4 + 9)
	  bad++;
	t.data.push_back (i);
	iters++;
      }
    tracked lp;
#pragma omp taskloop lastprivate(lp) num_tasks(4)
    for (int i = 0; i < 40; i++)
      lp.self_check = i;
    last = lp.self_check;
  }
  CHECK (bad == 0, "nthr=%d: %ld taskloop copies wrong", nthr, bad.load ());
  CHECK (iters == 250, "nthr=%d: taskloop iterations %ld", nthr,
	  iters.load ());
  CHECK (last == 39, "nthr=%d: lastprivate object %d", nthr, last);
  // One copy per task: 200 / grainsize 10, and num_tasks 5.
  copies = n_copy - copies;
  CHECK (copies == 25, "nthr=%d: %ld copies for 25 taskloop tasks", nthr,
	  copies);
}

int
main ()
{
  static const int counts[] = { 1, 2, 3, 8, 64 };
  for (int nthr : counts)
    {
      check_tasks (nthr);
      check_taskloop (nthr);
      long made = n_ctor + n_copy;
      CHECK (made == n_dtor, "nthr=%d: %ld constructed, %ld destroyed",
	      nthr, made, n_dtor.load ());
    }
  return check_finish (1);
}
