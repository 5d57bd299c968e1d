/* task-detach.c -- the detach clause and omp_fulfill_event: fulfilled by
   another task, by another OpenMP thread, by a thread that is not an
   OpenMP thread, inside the task itself, before the task even ran;
   taskwait, barriers, dependences and the end of a region wait for the
   event; a detached task outside any parallel region; teams of 1, 2, 3,
   8 and 64.

   GCC 12: `task detach(ev)` -> GOMP_task with flag 1<<13 and DETACH =
   &ev; the runtime stores the event handle there before GOMP_task
   returns.  A detachable task completes when its body has finished and
   its event is fulfilled, in either order.

   Each fulfiller sets a flag just before omp_fulfill_event; whatever
   waits for the task's completion (taskwait, a barrier, a task that
   depends on it) must see the flag set afterwards.  A task whose event
   is fulfilled before its predecessor completes still runs, in order.  A fulfiller never
   waits for the detached task's body to run: with one thread that body
   may only run after the fulfiller.  */

#include "../lib/check.h"

#include <pthread.h>
#include <time.h>

static void
sleep_us (long us)
{
  struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };
  nanosleep (&ts, NULL);
}

static int bad;
/* Detached tasks need a body: GCC 12 drops a task construct with an
   empty one, detach clause included, leaving the event unset.  */
static int nbodies;

static void
fail (int code)
{
  __atomic_store_n (&bad, code, __ATOMIC_RELAXED);
}

/* ---- a plain pthread fulfils events after a delay ------------------ */

struct late
{
  omp_event_handle_t ev[64];
  int n;
  long delay_us;
  int fulfilled;		/* set before each omp_fulfill_event */
};

static int bar_fulfilled;

static void *
late_fulfiller (void *arg)
{
  struct late *l = arg;
  sleep_us (l->delay_us);
  for (int i = 0; i < l->n; i++)
    {
      __atomic_add_fetch (&l->fulfilled, 1, __ATOMIC_SEQ_CST);
      omp_fulfill_event (l->ev[i]);
    }
  return NULL;
}

static void
check_detach (int nthr)
{
  bad = 0;
  bar_fulfilled = 0;
#pragma omp parallel num_threads(nthr)
  {
#pragma omp single
    {
      /* Fulfilled by another task; the dependent task runs after.  */
      int x = 0, state = 0, body = 0;
      (void) x;
      omp_event_handle_t ev = (omp_event_handle_t) 0;
#pragma omp task detach(ev) depend(out: x) shared(body)
      __atomic_store_n (&body, 1, __ATOMIC_SEQ_CST);
#pragma omp task depend(in: x) shared(state, body)
      {
	if (__atomic_load_n (&state, __ATOMIC_SEQ_CST) != 2
	    || __atomic_load_n (&body, __ATOMIC_SEQ_CST) != 1)
	  fail (1);
      }
#pragma omp task shared(state) firstprivate(ev)
      {
	sleep_us (200);
	__atomic_store_n (&state, 2, __ATOMIC_SEQ_CST);
	omp_fulfill_event (ev);
      }
#pragma omp taskwait

      /* Fulfilled inside its own body.  */
      int self = 0;
      omp_event_handle_t ev2 = (omp_event_handle_t) 0;
#pragma omp task detach(ev2) shared(self)
      {
	self = 1;
	omp_fulfill_event (ev2);
      }
#pragma omp taskwait
      if (self != 1)
	fail (2);

      /* Fulfilled by a non-OpenMP thread; taskwait waits for it.  */
      struct late l = { .n = 4, .delay_us = 2000 };
      for (int k = 0; k < 4; k++)
	{
	  omp_event_handle_t e = (omp_event_handle_t) 0;
#pragma omp task detach(e)
	  __atomic_add_fetch (&nbodies, 1, __ATOMIC_RELAXED);
	  l.ev[k] = e;
	}
      pthread_t th;
      CHECK (pthread_create (&th, NULL, late_fulfiller, &l) == 0,
	     "pthread_create");
#pragma omp taskwait
      if (__atomic_load_n (&l.fulfilled, __ATOMIC_SEQ_CST) != 4)
	fail (3);
      pthread_join (th, NULL);

      /* A detached task with dependences fulfilled by that thread while
	 the creator waits in a taskgroup.  */
      struct late l2 = { .n = 1, .delay_us = 1000 };
      int y = 0;
#pragma omp taskgroup
      {
	omp_event_handle_t e = (omp_event_handle_t) 0;
#pragma omp task detach(e) depend(out: y) shared(y)
	y = 1;
	l2.ev[0] = e;
	CHECK (pthread_create (&th, NULL, late_fulfiller, &l2) == 0,
	       "pthread_create");
#pragma omp task depend(inout: y) shared(y, l2)
	{
	  if (__atomic_load_n (&l2.fulfilled, __ATOMIC_SEQ_CST) != 1)
	    fail (4);
	  y = 2;
	}
      }
      if (y != 2)
	fail (5);
      pthread_join (th, NULL);
    }

    /* Every thread detaches a task and creates another that fulfils
       its event later: the barrier waits for both.  (Fulfilled by a
       thread outside the team instead, libgomp 12's barrier never
       completes; ours does.)  */
    omp_event_handle_t e = (omp_event_handle_t) 0;
#pragma omp task detach(e)
    __atomic_add_fetch (&nbodies, 1, __ATOMIC_RELAXED);
#pragma omp task firstprivate(e)
    {
      sleep_us (500);
      __atomic_add_fetch (&bar_fulfilled, 1, __ATOMIC_SEQ_CST);
      omp_fulfill_event (e);
    }
#pragma omp barrier
    if (__atomic_load_n (&bar_fulfilled, __ATOMIC_SEQ_CST) != nthr)
      fail (6);

    /* Fulfilled by another OpenMP thread of the team, which waits for
       the handle in user code (not in a task).  */
    static omp_event_handle_t shared_ev;
    static int published, other_fulfilled;
    if (nthr >= 2)
      {
	if (omp_get_thread_num () == 0)
	  {
	    omp_event_handle_t e3 = (omp_event_handle_t) 0;
#pragma omp task detach(e3)
	    __atomic_add_fetch (&nbodies, 1, __ATOMIC_RELAXED);
	    shared_ev = e3;
	    __atomic_store_n (&published, 1, __ATOMIC_SEQ_CST);
#pragma omp taskwait
	    if (__atomic_load_n (&other_fulfilled, __ATOMIC_SEQ_CST) != 1)
	      fail (7);
	  }
	else if (omp_get_thread_num () == nthr - 1)
	  {
	    while (!__atomic_load_n (&published, __ATOMIC_SEQ_CST))
	      sleep_us (50);
	    sleep_us (500);
	    __atomic_store_n (&other_fulfilled, 1, __ATOMIC_SEQ_CST);
	    omp_fulfill_event (shared_ev);
	  }
      }
#pragma omp barrier
#pragma omp single
    published = other_fulfilled = 0;
  }
  CHECK_EQ (bad, 0, "nthr=%d: detach case (see fail codes)", nthr);
}

/* Outside any parallel region the task is undeferred: the construct
   returns only once the event is fulfilled, here by a pthread that gets
   the handle once the body runs.  */
struct serial
{
  omp_event_handle_t *ev;
  int ran, fulfilled;
};

static void *
serial_fulfiller (void *arg)
{
  struct serial *s = arg;
  while (!__atomic_load_n (&s->ran, __ATOMIC_SEQ_CST))
    sleep_us (50);
  sleep_us (1000);
  __atomic_store_n (&s->fulfilled, 1, __ATOMIC_SEQ_CST);
  omp_fulfill_event (*s->ev);
  return NULL;
}

static void
check_serial (void)
{
  omp_event_handle_t e = (omp_event_handle_t) 0;
  struct serial s = { &e, 0, 0 };
  pthread_t th;
  CHECK (pthread_create (&th, NULL, serial_fulfiller, &s) == 0,
	 "pthread_create");
#pragma omp task detach(e) shared(s)
  __atomic_store_n (&s.ran, 1, __ATOMIC_SEQ_CST);
  CHECK_EQ (__atomic_load_n (&s.fulfilled, __ATOMIC_SEQ_CST), 1,
	    "outside parallel: the task construct returned before the event "
	    "was fulfilled");
  pthread_join (th, NULL);
}

/* A detached task whose event is fulfilled before it can start, its
   predecessor unfinished: it still runs, after the predecessor and
   before its own successor.  */
static void
check_fulfilled_before_start (void)
{
  int x = 0, go = 0, n = 0, order[3] = { -1, -1, -1 };
  (void) x;			/* named only in the depend clauses */
#pragma omp parallel num_threads(2) shared(x, go, n, order)
#pragma omp single
  {
    omp_event_handle_t ev = (omp_event_handle_t) 0;
#pragma omp task depend(inout: x) shared(go, n, order)
    {
      while (!__atomic_load_n (&go, __ATOMIC_ACQUIRE))
	sleep_us (50);
      order[n++] = 0;
    }
#pragma omp task depend(inout: x) detach(ev) shared(n, order)
    order[n++] = 1;
#pragma omp task depend(inout: x) shared(n, order)
    order[n++] = 2;
    /* The first task waits for GO: the detached one has not started.  */
    omp_fulfill_event (ev);
    __atomic_store_n (&go, 1, __ATOMIC_RELEASE);
#pragma omp taskwait
  }
  CHECK_EQ (n, 3, "fulfilled before its start: the three tasks ran");
  CHECK (order[0] == 0 && order[1] == 1 && order[2] == 2,
	 "fulfilled before its start: in dependence order (%d %d %d)",
	 order[0], order[1], order[2]);
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);
  for (int i = 0; i < N_TEST_THREAD_COUNTS; i++)
    check_detach (test_thread_counts[i]);
  check_serial ();
  check_fulfilled_before_start ();
  return 0;
}
