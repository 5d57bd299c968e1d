/* join.c -- what libompd reports for a worker at the end of a parallel
   region, after it, and before it has entered the next, under the
   runtime's join (runtime/join.c): a
   worker with nothing to run counts itself in at once, waits for the
   master there, and takes that back to run the tasks the master creates
   later.  In-process, as tests/ompd/undeferred: the program asks libompd
   about its own threads.

   1. A worker at the end while the master still works: in the region's
      implicit barrier (ompt_state_wait_barrier_implicit_parallel), a
      member of the master's region with its thread number.
   2. After the region: the worker is idle, in no region.
   3. The same after a region in which the worker, back from its early
      join, ran the master's late tasks, each with a parallel region of
      its own inside (entering a region resets what the runtime keeps to
      tell debuggers that a worker's region has ended).
   4. Before: a worker the master has released into a region that has
      not entered it yet (a signal handler holds it on its way) is that
      region's member, with its thread number, in state overhead, and
      has no current task: its implicit task has not begun.

   Ground truth: the threads' own LWPs and thread numbers, and the
   regions they are in.  */

#define _GNU_SOURCE
#include "config.h"
#include "tests/ompd/inproc.h"
#include "tests/lib/spin.h"

#include <omp.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>


static struct ompd_api api;
static ompd_address_space_handle_t *as;

static ompd_thread_handle_t *
thread_handle (int64_t lwp)
{
  ompd_thread_handle_t *th = NULL;
  RC (api.get_thread_handle (as, OMPD_THREAD_ID_LWP, sizeof lwp, &lwp, &th),
      ompd_rc_ok);
  return th;
}

static ompd_word_t
state_of (ompd_thread_handle_t *th)
{
  ompd_word_t state = -1;
  RC (api.get_state (th, &state, NULL), ompd_rc_ok);
  return state;
}

/* thread-num-var of TH, or -1.  */
static int
thread_num_of (ompd_thread_handle_t *th)
{
  const char *name;
  ompd_scope_t scope;
  ompd_word_t num = -1;
  for (ompd_icv_id_t k = 0, next = 0;; k = next)
    {
      int more = 0;
      if (api.enumerate_icvs (as, k, &next, &name, &scope, &more)
	  != ompd_rc_ok)
	break;
      /* The name is the debugger's to free.  */
      bool found = strcmp (name, "thread-num-var") == 0;
      inproc_free ((void *) name);
      if (found)
	{
	  if (!RC (api.get_icv_from_scope (th, ompd_scope_thread, next, &num),
		   ompd_rc_ok))
	    num = -1;
	  break;
	}
      if (!more)
	break;
    }
  return (int) num;
}

/* The thread LWP is idle, in no region: what a debugger must show for a
   worker whose region has ended.  */
static void
check_idle (const char *what, int64_t lwp)
{
  ompd_thread_handle_t *th = thread_handle (lwp);
  if (th == NULL)
    return;
  ompd_word_t state = state_of (th);
  CHECK (state == ompt_state_idle, "%s: worker (LWP %lld) in state %#llx, "
	 "expected idle", what, (long long) lwp, (long long) state);
  ompd_parallel_handle_t *ph = NULL;
  RC (api.get_curr_parallel_handle (th, &ph), ompd_rc_unavailable);
  if (ph)
    RC (api.rel_parallel_handle (ph), ompd_rc_ok);
  RC (api.rel_thread_handle (th), ompd_rc_ok);
}

/* 1 and 2.  */
static void
worker_at_end (void)
{
  int64_t worker = 0;
  int seen_state = 0, same_region = 0, thread_num = -1, same_fn = 0;
#pragma omp parallel num_threads(2) shared (worker, seen_state, \
					    same_region, thread_num, same_fn)
  {
    if (omp_get_thread_num () == 1)
      __atomic_store_n (&worker, syscall (SYS_gettid), __ATOMIC_RELEASE);
    else
      {
	while (__atomic_load_n (&worker, __ATOMIC_ACQUIRE) == 0)
	  ;
	ompd_thread_handle_t *self = thread_handle (syscall (SYS_gettid));
	ompd_thread_handle_t *th = thread_handle (worker);
	ompd_parallel_handle_t *mine = NULL, *its = NULL;
	if (self && th
	    && RC (api.get_curr_parallel_handle (self, &mine), ompd_rc_ok))
	  {
	    /* The worker gets there soon after it has said its LWP: a
	       few seconds are for a busy machine.  */
	    for (int i = 0; i < 3000 && !seen_state; i++)
	      {
		if (state_of (th) == ompt_state_wait_barrier_implicit_parallel)
		  seen_state = 1;
		else
		  spin_us (1000);
	      }
	    /* Its implicit task runs the region's function, as the
	       master's does.  */
	    ompd_task_handle_t *mt = NULL, *wt = NULL;
	    ompd_address_t mfn = { 0, 0 }, wfn = { 0, 1 };
	    if (RC (api.get_curr_task_handle (self, &mt), ompd_rc_ok)
		&& RC (api.get_curr_task_handle (th, &wt), ompd_rc_ok)
		&& RC (api.get_task_function (mt, &mfn), ompd_rc_ok)
		&& RC (api.get_task_function (wt, &wfn), ompd_rc_ok))
	      same_fn = mfn.address == wfn.address && mfn.address != 0;
	    if (wt)
	      RC (api.rel_task_handle (wt), ompd_rc_ok);
	    if (mt)
	      RC (api.rel_task_handle (mt), ompd_rc_ok);
	    int cmp = 1;
	    if (RC (api.get_curr_parallel_handle (th, &its), ompd_rc_ok)
		&& RC (api.parallel_handle_compare (mine, its, &cmp),
		       ompd_rc_ok))
	      same_region = cmp == 0;
	    thread_num = thread_num_of (th);
	  }
	if (its)
	  RC (api.rel_parallel_handle (its), ompd_rc_ok);
	if (mine)
	  RC (api.rel_parallel_handle (mine), ompd_rc_ok);
	if (th)
	  RC (api.rel_thread_handle (th), ompd_rc_ok);
	if (self)
	  RC (api.rel_thread_handle (self), ompd_rc_ok);
      }
  }
  CHECK (seen_state, "1: the worker at the region's end while the master "
	 "works is never in the implicit barrier");
  CHECK (same_region, "1: the worker at the end is not in the master's "
	 "region");
  CHECK (thread_num == 1, "1: the worker at the end has thread number %d",
	 thread_num);
  CHECK (same_fn, "1: the worker's implicit task at the end does not run "
	 "the region's function");
  /* The worker may still be on its way back to its dock: idle either
     way, as soon as the region has ended.  */
  check_idle ("2: after the region", worker);
}

/* 4.  */
static volatile sig_atomic_t held, release;

static void
hold (int sig)
{
  (void) sig;
  struct timespec ts = { 0, 1000000 };
  held = 1;
  while (!release)
    nanosleep (&ts, NULL);
}

static void
worker_not_started (void)
{
  static pthread_t wpt;
  static int64_t worker;
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = hold;
  sigaction (SIGUSR1, &sa, NULL);
#pragma omp parallel num_threads(2)
  if (omp_get_thread_num () == 1)
    {
      wpt = pthread_self ();
      worker = syscall (SYS_gettid);
    }
  /* The region is over: the worker is on its way back to its dock, or
     there.  Held there, it cannot enter the next region.  */
  pthread_kill (wpt, SIGUSR1);
  while (!held)
    spin_us (1000);
  ompd_word_t state = -1;
  int same_region = 0, num = -1, member = 0;
  ompd_rc_t task_rc = ompd_rc_ok;
#pragma omp parallel num_threads(2) shared (state, same_region, num, \
					    member, task_rc)
  if (omp_get_thread_num () == 0)
    {
      ompd_thread_handle_t *self = thread_handle (syscall (SYS_gettid));
      ompd_thread_handle_t *th = thread_handle (worker), *m = NULL;
      ompd_parallel_handle_t *mine = NULL, *its = NULL;
      ompd_task_handle_t *task = NULL;
      int cmp = 1;
      if (self && th
	  && RC (api.get_curr_parallel_handle (self, &mine), ompd_rc_ok))
	{
	  state = state_of (th);
	  if (RC (api.get_curr_parallel_handle (th, &its), ompd_rc_ok)
	      && RC (api.parallel_handle_compare (mine, its, &cmp),
		     ompd_rc_ok))
	    same_region = cmp == 0;
	  num = thread_num_of (th);
	  task_rc = api.get_curr_task_handle (th, &task);
	  if (RC (api.get_thread_in_parallel (mine, 1, &m), ompd_rc_ok)
	      && RC (api.thread_handle_compare (m, th, &cmp), ompd_rc_ok))
	    member = cmp == 0;
	}
      if (task_rc == ompd_rc_ok && task)
	RC (api.rel_task_handle (task), ompd_rc_ok);
      if (m)
	RC (api.rel_thread_handle (m), ompd_rc_ok);
      if (its)
	RC (api.rel_parallel_handle (its), ompd_rc_ok);
      if (mine)
	RC (api.rel_parallel_handle (mine), ompd_rc_ok);
      if (th)
	RC (api.rel_thread_handle (th), ompd_rc_ok);
      if (self)
	RC (api.rel_thread_handle (self), ompd_rc_ok);
      release = 1;
    }
  CHECK (member, "4: the held worker is not the region's member 1");
  CHECK (state == ompt_state_overhead, "4: the held worker is in state "
	 "%#llx, expected overhead", (long long) state);
  CHECK (same_region, "4: the held worker is not in the master's region");
  CHECK (num == 1, "4: the held worker has thread number %d", num);
  CHECK (task_rc == ompd_rc_unavailable, "4: the held worker has a current "
	 "task (%s) before its implicit task began", ompd_rc_name (task_rc));
}

/* 3.  */
static void
late_tasks_with_regions (void)
{
  int64_t ran_on = 0;
  for (int attempt = 0; attempt < 200 && ran_on == 0; attempt++)
    {
#pragma omp parallel num_threads(2) shared (ran_on)
#pragma omp master
      {
	spin_us (2000);		/* the worker is at the end by now */
	for (int i = 0; i < 20; i++)
	  {
#pragma omp task shared (ran_on)
	    {
	      if (omp_get_thread_num () != 0)
		__atomic_store_n (&ran_on, syscall (SYS_gettid),
				  __ATOMIC_RELAXED);
#pragma omp parallel num_threads(1)
	      spin_us (100);
	    }
	  }
      }
    }
  CHECK (ran_on != 0, "3: no late task ran on the worker in 200 regions");
  if (ran_on != 0)
    check_idle ("3: after a region whose worker ran tasks with regions",
		ran_on);
}

int
main (int argc, char **argv)
{
  (void) argc;
  unsetenv ("OMP_NUM_THREADS");
  unsetenv ("OMP_WAIT_POLICY");
  unsetenv ("GOMP_SPINCOUNT");
  inproc_ensure_ours (argv);
  setvbuf (stdout, NULL, _IOLBF, 0);
  if (inproc_attach (&api, &as) != 0)
    return 1;

  worker_at_end ();
  late_tasks_with_regions ();
  worker_not_started ();

  return inproc_finish (&api, as, 10);
}
