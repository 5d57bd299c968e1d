/* task-depend-chain.c -- chains of dependent tasks, run by whichever
   thread completes their predecessors: every thread's tasks chained on
   an address of its own (EPCC's PARALLEL TASK DEPS), chains whose tasks
   make chains of their own and wait for them, chains waited for by a
   taskwait, a taskgroup and an undeferred task, one task releasing
   many, chains through a detached task, through priority and
   mutexinoutset tasks, and chains of grandchildren that the taskwait
   of their grandparent does not wait for; teams of 1, 2, 3 and 8.

   What is checked is what OpenMP orders: a task starts only after the
   sibling tasks it depends on have completed (each task of a chain
   finds its index in the chain's counter and no other task of the
   chain running), and every wait returns only after the tasks it waits
   for.  Which thread runs which task is not checked: OpenMP leaves it
   to the runtime.  */

#include "../lib/check.h"

#include <time.h>

#define N 3000
#define MAXT 8

static void
sleep_us (long us)
{
  struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };
  nanosleep (&ts, NULL);
}

/* One chain: the counter its tasks advance, one after the other, and
   how many of them run now.  On a line of its own.  */
struct chain
{
  long seq;
  int inside;
  char pad[64 - sizeof (long) - sizeof (int)];
} __attribute__ ((aligned (64)));

static struct chain chains[MAXT];
static int bad;

static void
fail (int code)
{
  __atomic_store_n (&bad, code, __ATOMIC_RELAXED);
}

/* The body of task J of chain C.  */
static void
step (struct chain *c, long j, int code)
{
  if (__atomic_add_fetch (&c->inside, 1, __ATOMIC_ACQ_REL) != 1)
    fail (code);
  if (c->seq != j)
    fail (code + 1);
  c->seq = j + 1;
  __atomic_sub_fetch (&c->inside, 1, __ATOMIC_ACQ_REL);
}

static void
reset (void)
{
  for (int i = 0; i < MAXT; i++)
    chains[i].seq = chains[i].inside = 0;
  bad = 0;
}

/* Every thread chains N tasks on its own address; the region's end
   waits for them.  */
static void
per_thread (int nthr)
{
  reset ();
#pragma omp parallel num_threads(nthr)
  {
    int id = omp_get_thread_num ();
    struct chain *c = &chains[id];
    for (long j = 0; j < N; j++)
#pragma omp task depend(inout: c[0]) firstprivate(c, j)
      step (c, j, 10);
  }
  CHECK_EQ (bad, 0, "per-thread chains, team of %d", nthr);
  for (int i = 0; i < nthr; i++)
    CHECK_EQ (chains[i].seq, N, "chain of thread %d, team of %d", i, nthr);
}

/* One chain whose tasks each chain tasks of their own on a local
   address and wait for them: a wait inside a task of the chain.  */
static void
nested (int nthr)
{
  reset ();
  int nested_bad = 0;
#pragma omp parallel num_threads(nthr)
#pragma omp single
  {
    struct chain *c = &chains[0];
    for (long j = 0; j < N / 10; j++)
#pragma omp task depend(inout: c[0]) firstprivate(c, j) shared(nested_bad)
      {
	step (c, j, 20);
	int x = 0;
	for (int k = 0; k < 4; k++)
#pragma omp task depend(inout: x) shared(x, nested_bad) firstprivate(k)
	  {
	    if (x != k)
	      __atomic_store_n (&nested_bad, 1, __ATOMIC_RELAXED);
	    x = k + 1;
	  }
#pragma omp taskwait
	if (x != 4)
	  __atomic_store_n (&nested_bad, 2, __ATOMIC_RELAXED);
      }
  }
  CHECK_EQ (bad, 0, "nested chains, team of %d", nthr);
  CHECK_EQ (nested_bad, 0, "inner chains, team of %d", nthr);
  CHECK_EQ (chains[0].seq, N / 10, "outer chain, team of %d", nthr);
}

/* A chain waited for by a taskwait, then by a taskgroup's end, then by
   an undeferred task that depends on it.  */
static void
waits (int nthr)
{
  reset ();
  long after_taskwait = -1, after_taskgroup = -1, in_undeferred = -1;
#pragma omp parallel num_threads(nthr)
#pragma omp single
  {
    struct chain *c = &chains[0];
    for (long j = 0; j < N; j++)
#pragma omp task depend(inout: c[0]) firstprivate(c, j)
      step (c, j, 30);
#pragma omp taskwait
    after_taskwait = __atomic_load_n (&c->seq, __ATOMIC_ACQUIRE);
#pragma omp taskgroup
    {
      for (long j = N; j < 2 * N; j++)
#pragma omp task depend(inout: c[0]) firstprivate(c, j)
	step (c, j, 40);
    }
    after_taskgroup = __atomic_load_n (&c->seq, __ATOMIC_ACQUIRE);
    for (long j = 2 * N; j < 3 * N; j++)
#pragma omp task depend(inout: c[0]) firstprivate(c, j)
      step (c, j, 50);
#pragma omp task if (0) depend(in: c[0]) shared(in_undeferred)
    in_undeferred = __atomic_load_n (&c->seq, __ATOMIC_ACQUIRE);
  }
  CHECK_EQ (bad, 0, "waited-for chains, team of %d", nthr);
  CHECK_EQ (after_taskwait, N, "chain after its taskwait, team of %d", nthr);
  CHECK_EQ (after_taskgroup, 2 * N, "chain after its taskgroup, team of %d",
	    nthr);
  CHECK_EQ (in_undeferred, 3 * N,
	    "chain seen by an undeferred task after it, team of %d", nthr);
}

/* One writer releasing many readers at once, then a writer after all of
   them; a hundred times.  */
static void
fan_out (int nthr)
{
  int fan_bad = 0;
#pragma omp parallel num_threads(nthr)
#pragma omp single
  for (int r = 0; r < 100; r++)
    {
      int x = 0, readers = 0;
#pragma omp task depend(out: x) shared(x)
      x = r + 1;
      for (int k = 0; k < 16; k++)
#pragma omp task depend(in: x) shared(x, readers, fan_bad) firstprivate(r)
	{
	  if (x != r + 1)
	    __atomic_store_n (&fan_bad, 1, __ATOMIC_RELAXED);
	  __atomic_add_fetch (&readers, 1, __ATOMIC_ACQ_REL);
	}
#pragma omp task depend(inout: x) shared(x, readers, fan_bad)
      {
	if (__atomic_load_n (&readers, __ATOMIC_ACQUIRE) != 16)
	  __atomic_store_n (&fan_bad, 2, __ATOMIC_RELAXED);
	x = 0;
      }
#pragma omp taskwait
      if (x != 0)
	fan_bad = 3;
    }
  CHECK_EQ (fan_bad, 0, "one writer, 16 readers, a writer, team of %d",
	    nthr);
}

/* Chains through a detached task (its successor waits for its event,
   fulfilled by a task outside the chain once the detached task has
   started), through tasks with a priority and through mutexinoutset
   tasks.  The event's task waits for the detached one to start, so on
   two threads or more only.  */
static void
special (int nthr)
{
  reset ();
  int started = 0, fulfilled = 0, seen = -1, waited = 0;
#pragma omp parallel num_threads(nthr)
#pragma omp single
  {
    struct chain *c = &chains[0];
    omp_event_handle_t ev;
#pragma omp task depend(inout: c[0]) firstprivate(c)
    step (c, 0, 60);
#pragma omp task depend(inout: c[0]) firstprivate(c) detach(ev) \
  shared(started)
    {
      step (c, 1, 62);
      __atomic_store_n (&started, 1, __ATOMIC_RELEASE);
    }
#pragma omp task depend(inout: c[0]) firstprivate(c) shared(fulfilled, seen)
    {
      seen = __atomic_load_n (&fulfilled, __ATOMIC_ACQUIRE);
      step (c, 2, 64);
    }
#pragma omp task firstprivate(ev) shared(started, fulfilled, waited)
    {
      /* At most 10 s.  */
      while (!__atomic_load_n (&started, __ATOMIC_ACQUIRE) && waited < 100000)
	{
	  sleep_us (100);
	  waited++;
	}
      sleep_us (1000);
      __atomic_store_n (&fulfilled, 1, __ATOMIC_RELEASE);
      omp_fulfill_event (ev);
    }
    for (long j = 3; j < N; j++)
      if (j % 3 == 0)
#pragma omp task depend(inout: c[0]) firstprivate(c, j) priority(1)
	step (c, j, 66);
      else if (j % 3 == 1)
#pragma omp task depend(mutexinoutset: c[0]) firstprivate(c, j)
	{
	  /* Mutually exclusive, in no order among themselves (here one
	     between two inout tasks): one at a time, each once.  */
	  if (__atomic_add_fetch (&c->inside, 1, __ATOMIC_ACQ_REL) != 1)
	    fail (68);
	  __atomic_add_fetch (&c->seq, 1, __ATOMIC_RELAXED);
	  __atomic_sub_fetch (&c->inside, 1, __ATOMIC_ACQ_REL);
	}
      else
#pragma omp task depend(inout: c[0]) firstprivate(c, j)
	step (c, j, 70);
  }
  CHECK_EQ (bad, 0, "chains through detach, priority, mutexinoutset, "
	    "team of %d", nthr);
  CHECK (waited < 100000, "the detached task started, team of %d", nthr);
  CHECK_EQ (seen, 1, "the successor of a detached task after its event, "
	    "team of %d", nthr);
  CHECK_EQ (chains[0].seq, N, "the whole chain, team of %d", nthr);
}

/* Every thread's task makes a child that chains grandchildren and does
   not wait for them; the task's taskwait waits for the child only, the
   region's end for all.  */
static void
grandchildren (int nthr)
{
  reset ();
#pragma omp parallel num_threads(nthr)
  {
    int id = omp_get_thread_num ();
#pragma omp task firstprivate(id)
    {
#pragma omp task firstprivate(id)
      {
	struct chain *c = &chains[id];
	for (long j = 0; j < N / 4; j++)
#pragma omp task depend(inout: c[0]) firstprivate(c, j)
	  step (c, j, 80);
      }
#pragma omp taskwait
    }
  }
  CHECK_EQ (bad, 0, "chains of grandchildren, team of %d", nthr);
  for (int i = 0; i < nthr; i++)
    CHECK_EQ (chains[i].seq, N / 4, "grandchildren of thread %d, team of %d",
	      i, nthr);
}

int
main (void)
{
  static const int teams[] = { 1, 2, 3, MAXT };
  for (unsigned int i = 0; i < sizeof teams / sizeof teams[0]; i++)
    for (int rep = 0; rep < 3; rep++)
      {
	per_thread (teams[i]);
	nested (teams[i]);
	waits (teams[i]);
	fan_out (teams[i]);
	if (teams[i] > 1)
	  special (teams[i]);
	grandchildren (teams[i]);
      }
  return 0;
}
