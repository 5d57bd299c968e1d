/* task-depend.c -- task dependences: out -> in ordering, inout chains,
   in tasks between two out tasks, mutexinoutset (mutual exclusion, and a
   later in task waits for all of them), depobj, taskwait depend,
   dependences of undeferred tasks (a mutexinoutset one excluding its
   running sibling), chains longer than libgomp lets unfinished tasks
   pile up; teams of 1, 2, 3, 8 and 64.

   GCC 12: a depend clause -> GOMP_task with flag 8 and DEPEND, an array
   [n, nout, addr...] or, with mutexinoutset or depobj,
   [0, n, nout, nmutex, nin, addr..., depobj...]; `depobj(o) depend(k: x)`
   stores {&x, k} in the omp_depend_t (no runtime call); `taskwait
   depend(...)` -> GOMP_taskwait_depend (DEPEND).

   What is checked is what OpenMP orders: a task starts only after the
   sibling tasks it depends on completed.  Readers between two writers
   may run concurrently (not required, so not checked), but each sees
   the first writer's value and the second writer sees all of them done.
   mutexinoutset tasks are unordered among themselves but never overlap;
   libgomp 12 serialises them in creation order, OpenMP does not ask
   that, so only the exclusion is checked.  Tasks sleep a little where an
   early start would otherwise be unlikely to show.  */

#include "../lib/check.h"

#include <time.h>

static void
sleep_us (long us)
{
  struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };
  nanosleep (&ts, NULL);
}

static int bad;

static void
fail (int code)
{
  __atomic_store_n (&bad, code, __ATOMIC_RELAXED);
}

static void
check_depend (int nthr)
{
  bad = 0;
  int nreaders = nthr > 8 ? 8 : 20;
#pragma omp parallel num_threads(nthr)
#pragma omp single
  {
    /* out -> in: every reader sees the writer's value.  */
    int x = 0, readers = 0;
#pragma omp task depend(out: x) shared(x)
    {
      sleep_us (500);
      x = 42;
    }
    for (int k = 0; k < nreaders; k++)
#pragma omp task depend(in: x) shared(x, readers)
      {
	if (x != 42)
	  fail (1);
#pragma omp atomic
	readers++;
      }
    /* The next writer waits for every reader.  */
#pragma omp task depend(inout: x) shared(x, readers)
    {
      int r;
#pragma omp atomic read
      r = readers;
      if (r != nreaders)
	fail (2);
      x = 43;
    }
#pragma omp task depend(in: x) shared(x)
    if (x != 43)
      fail (3);
#pragma omp taskwait

    /* An inout chain runs in creation order.  */
    int chain = 0, seqbad = 0;
    for (int k = 0; k < 200; k++)
#pragma omp task depend(inout: chain) shared(chain, seqbad) firstprivate(k)
      {
	if (chain != k)
	  seqbad = 1;
	if (k % 50 == 0)
	  sleep_us (100);
	chain = k + 1;
      }
#pragma omp taskwait
    if (seqbad || chain != 200)
      fail (4);

    /* Several addresses: a task after two independent chains.  */
    int a = 0, b = 0, sum = -1;
#pragma omp task depend(out: a) shared(a)
    {
      sleep_us (300);
      a = 1;
    }
#pragma omp task depend(out: b) shared(b)
    b = 2;
#pragma omp task depend(in: a, b) depend(out: sum) shared(a, b, sum)
    sum = a + b;
#pragma omp task depend(in: sum) shared(sum)
    if (sum != 3)
      fail (5);
#pragma omp taskwait

    /* mutexinoutset: never two at once; an in task after all of them.  */
    int m = 0, inside = 0, count = 0;
#pragma omp task depend(out: m) shared(m)
    {
      sleep_us (200);
      m = 1;
    }
    for (int k = 0; k < 16; k++)
#pragma omp task depend(mutexinoutset: m) shared(m, inside, count)
      {
	if (m != 1)
	  fail (6);
	if (__atomic_add_fetch (&inside, 1, __ATOMIC_SEQ_CST) != 1)
	  fail (7);
	sleep_us (50);
	__atomic_sub_fetch (&inside, 1, __ATOMIC_SEQ_CST);
#pragma omp atomic
	count++;
      }
#pragma omp task depend(in: m) shared(count)
    {
      int c;
#pragma omp atomic read
      c = count;
      if (c != 16)
	fail (8);
    }
#pragma omp taskwait

    /* mutexinoutset on two addresses, overlapping sets.  */
    int p = 0, q = 0, in_p = 0, in_q = 0;
    for (int k = 0; k < 12; k++)
      {
	if (k % 3 == 0)
	  {
#pragma omp task depend(mutexinoutset: p, q) shared(in_p, in_q)
	    {
	      if (__atomic_add_fetch (&in_p, 1, __ATOMIC_SEQ_CST) != 1
		  || __atomic_add_fetch (&in_q, 1, __ATOMIC_SEQ_CST) != 1)
		fail (9);
	      sleep_us (30);
	      __atomic_sub_fetch (&in_p, 1, __ATOMIC_SEQ_CST);
	      __atomic_sub_fetch (&in_q, 1, __ATOMIC_SEQ_CST);
	    }
	  }
	else
	  {
#pragma omp task depend(mutexinoutset: q) shared(in_q)
	    {
	      if (__atomic_add_fetch (&in_q, 1, __ATOMIC_SEQ_CST) != 1)
		fail (10);
	      sleep_us (30);
	      __atomic_sub_fetch (&in_q, 1, __ATOMIC_SEQ_CST);
	    }
	  }
      }
#pragma omp taskwait
    (void) p;
    (void) q;

    /* depobj: the same ordering through omp_depend_t objects.  */
    int d = 0;
    omp_depend_t wr, rd;
#pragma omp depobj(wr) depend(inout: d)
#pragma omp depobj(rd) depend(inout: d)
#pragma omp depobj(rd) update(in)
    for (int k = 0; k < 10; k++)
      {
#pragma omp task depend(depobj: wr) shared(d) firstprivate(k)
	{
	  if (d != 2 * k)
	    fail (11);
	  sleep_us (20);
	  d = 2 * k + 1;
	}
#pragma omp task depend(depobj: rd) shared(d) firstprivate(k)
	if (d != 2 * k + 1)
	  fail (12);
#pragma omp task depend(depobj: wr) shared(d) firstprivate(k)
	d = 2 * k + 2;
      }
#pragma omp taskwait
#pragma omp depobj(wr) destroy
#pragma omp depobj(rd) destroy
    if (d != 20)
      fail (13);

    /* taskwait depend: waits for the task writing y, not for the one on
       z, whose event is fulfilled only after the wait returned (waiting
       for it would hang).  */
    int y = 0, z = 0;
    omp_event_handle_t ev;
#pragma omp task depend(out: z) detach(ev) shared(z)
    z = 1;
#pragma omp task depend(out: y) shared(y)
    {
      sleep_us (300);
      y = 1;
    }
#pragma omp taskwait depend(in: y)
    if (y != 1)
      fail (14);
    omp_fulfill_event (ev);
#pragma omp taskwait depend(inout: z)
    if (z != 1)
      fail (15);

    /* An undeferred task waits for its predecessors first.  */
    int u = 0;
#pragma omp task depend(out: u) shared(u)
    {
      sleep_us (300);
      u = 1;
    }
#pragma omp task depend(in: u) if(0) shared(u)
    if (u != 1)
      fail (16);
#pragma omp task depend(inout: u) shared(u)
    u = 2;
#pragma omp taskwait
    if (u != 2)
      fail (17);

    /* Included tasks (in a final task) with dependences on each
       other.  */
    int w = 0;
#pragma omp task final(1) shared(w)
    {
#pragma omp task depend(out: w) shared(w)
      w = 1;
#pragma omp task depend(inout: w) shared(w)
      w *= 5;
      if (w != 5)
	fail (18);
    }
#pragma omp taskwait
  }
  CHECK_EQ (bad, 0, "nthr=%d: dependence case (see fail codes)", nthr);
}

/* Dependences order siblings only: every thread builds its own chains
   on the same addresses at once, each ordered on its own.  */
static void
check_per_thread (int nthr)
{
  static int shared_x;
  bad = 0;
#pragma omp parallel num_threads(nthr)
  {
    int chain = 0;
    for (int k = 0; k < 30; k++)
#pragma omp task depend(inout: chain) shared(chain) firstprivate(k)
      {
	if (chain != k)
	  fail (20);
	chain = k + 1;
      }
    /* The same address in every thread's tasks: unordered between
       threads, ordered within.  */
    for (int k = 0; k < 5; k++)
#pragma omp task depend(inout: shared_x)
      {
#pragma omp atomic
	shared_x++;
      }
#pragma omp taskwait
    if (chain != 30)
      fail (21);
  }
  CHECK_EQ (bad, 0, "nthr=%d: per-thread chains", nthr);
  CHECK_EQ (shared_x, 5 * nthr, "nthr=%d: tasks on a common address", nthr);
  shared_x = 0;
}

/* An undeferred mutexinoutset task (if (0)) excludes a sibling of the
   same kind that is running: the sibling is started first (on another
   thread), stays inside a while, and the undeferred one, created then,
   must not run until it has left.  */
static void
check_undeferred_mutex (int nthr)
{
  int x = 0, started = 0, inside = 0, overlap = 0, ran = 0;
  (void) x;
#pragma omp parallel num_threads(nthr)
#pragma omp single
  {
#pragma omp task depend(mutexinoutset: x) shared(started, inside)
    {
      __atomic_store_n (&inside, 1, __ATOMIC_SEQ_CST);
      __atomic_store_n (&started, 1, __ATOMIC_SEQ_CST);
      sleep_us (20000);
      __atomic_store_n (&inside, 0, __ATOMIC_SEQ_CST);
    }
    while (!__atomic_load_n (&started, __ATOMIC_SEQ_CST))
      ;
#pragma omp task depend(mutexinoutset: x) if (0) shared(inside, overlap, ran)
    {
      if (__atomic_load_n (&inside, __ATOMIC_SEQ_CST))
	overlap = 1;
      ran = 1;
    }
  }
  CHECK_EQ (ran, 1, "nthr=%d: the undeferred mutexinoutset task", nthr);
  CHECK_EQ (overlap, 0, "nthr=%d: an undeferred mutexinoutset task ran "
	    "while its sibling did", nthr);
}

/* Chains longer than libgomp lets a team's unfinished tasks grow (64
   per team member; past that a new task waits for its predecessors and
   runs at once there, and stays deferred here): the order must hold
   either way, readers included.  */
#define LONG_CHAIN 3000

static void
check_long_chain (int nthr)
{
  bad = 0;
  long ran = 0;
#pragma omp parallel num_threads(nthr) shared(ran)
  {
    int chain = 0;
    for (int k = 0; k < LONG_CHAIN; k++)
      {
#pragma omp task depend(inout: chain) shared(chain, ran) firstprivate(k)
	{
	  if (chain != k)
	    fail (30);
	  chain = k + 1;
	  __atomic_add_fetch (&ran, 1, __ATOMIC_RELAXED);
	}
	if (k % 7 == 0)
#pragma omp task depend(in: chain) shared(chain, ran) firstprivate(k)
	  {
	    if (chain != k + 1)
	      fail (31);
	    __atomic_add_fetch (&ran, 1, __ATOMIC_RELAXED);
	  }
      }
#pragma omp taskwait
    if (chain != LONG_CHAIN)
      fail (32);
  }
  CHECK_EQ (bad, 0, "nthr=%d: long chains (see fail codes)", nthr);
  CHECK_EQ (ran, (long) nthr * (LONG_CHAIN + (LONG_CHAIN + 6) / 7),
	    "nthr=%d: tasks of the long chains run", nthr);
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);
  for (int i = 0; i < N_TEST_THREAD_COUNTS; i++)
    {
      check_depend (test_thread_counts[i]);
      check_per_thread (test_thread_counts[i]);
      check_long_chain (test_thread_counts[i]);
      if (test_thread_counts[i] > 1)
	check_undeferred_mutex (test_thread_counts[i]);
    }
  return 0;
}
