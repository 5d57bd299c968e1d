/* holders.c -- ompdbg_get_wait_holder and ompdbg_get_task_edges against
   the program's own account: who holds the lock, nest lock, critical
   section or ordered turn a thread waits for, and which task waits for
   which.  In-process, as tests/ompd/join: the master asks libompd about
   its own workers while they wait.

   1. A simple lock, a nest lock held twice, an OpenMP 2.5 nest lock
      (omp_nest_lock_t of the OMP_1.0 ABI, which binaries of GCC 4.2
      and 4.3 use) held three times and a named critical section, each
      held by the master while a worker waits for it: the holder is the
      master's LWP (a nest lock's count 2, the 2.5 one's 3); a thread in
      no such wait has none (unavailable).
   2. An ordered loop whose turn (iteration 0) is the master's while a
      worker waits at iteration 1's ordered region.
   3. Tasks: a task spinning on a flag, a second that depends on it
      (waiting for its dependences), the master in a taskwait for both:
      edges dependence (second -> first) and taskwait (master's implicit
      task -> each), and a taskgroup whose end waits for its task.

   Ground truth: the threads' own LWPs, the tasks' own structures as
   libompd's handles of the threads' current tasks name them.  */

#define _GNU_SOURCE
#include "config.h"
#include "tests/ompd/inproc.h"
#include "tests/lib/spin.h"

#include <omp.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static struct ompd_api api;
static ompd_address_space_handle_t *as;

static omp_lock_t lock;
static omp_nest_lock_t nest;
/* The OpenMP 2.5 nest lock: 8 bytes, its functions at OMP_1.0.  */
static struct { int owner, count; } nest25;
void omp_init_nest_lock_25 (void *);
void omp_set_nest_lock_25 (void *);
void omp_unset_nest_lock_25 (void *);
void omp_destroy_nest_lock_25 (void *);
__asm__ (".symver omp_init_nest_lock_25, omp_init_nest_lock@OMP_1.0\n\t"
	 ".symver omp_set_nest_lock_25, omp_set_nest_lock@OMP_1.0\n\t"
	 ".symver omp_unset_nest_lock_25, omp_unset_nest_lock@OMP_1.0\n\t"
	 ".symver omp_destroy_nest_lock_25, omp_destroy_nest_lock@OMP_1.0");
static _Atomic long worker_lwp;
static _Atomic int go;

static ompd_thread_handle_t *
thread_handle (int64_t lwp)
{
  ompd_thread_handle_t *th = NULL;
  RC (api.get_thread_handle (as, OMPD_THREAD_ID_LWP, sizeof lwp, &lwp, &th),
      ompd_rc_ok);
  return th;
}

static long
self_lwp (void)
{
  return syscall (SYS_gettid);
}

/* Wait until the thread's state is STATE, waiting for WID when not 0
   (a few seconds at most: a busy machine).  */
static bool
waits_for (ompd_thread_handle_t *th, ompd_word_t state, uintptr_t wid)
{
  ompd_word_t s = -1;
  ompd_wait_id_t w = 0;
  for (int i = 0; i < 5000; i++)
    {
      if (api.get_state (th, &s, &w) == ompd_rc_ok && s == state
	  && (wid == 0 || w == wid))
	return true;
      spin_us (1000);
    }
  printf ("state %#llx, wait id %#llx\n", (long long) s, (long long) w);
  return false;
}

static bool
worker_in (ompd_thread_handle_t *th, ompd_word_t state)
{
  return waits_for (th, state, 0);
}

static void
check_holder (const char *what, ompd_word_t state, void *object,
	      long holder, ompd_word_t nest_count)
{
  ompd_thread_handle_t *th = thread_handle (atomic_load (&worker_lwp));
  if (th == NULL)
    return;
  CHECK (waits_for (th, state, (uintptr_t) object), "%s: the worker waits "
	 "(state %#llx)", what, (long long) state);
  ompdbg_wait_holder_t h;
  if (RC (api.get_wait_holder (th, &h), ompd_rc_ok))
    {
      CHECK (h.holder == holder, "%s: holder LWP %lld, expected %ld", what,
	     (long long) h.holder, holder);
      CHECK (h.nest_count == nest_count, "%s: nest count %lld, expected "
	     "%lld", what, (long long) h.nest_count, (long long) nest_count);
    }
  RC (api.rel_thread_handle (th), ompd_rc_ok);
}

/* 1.  */
static void
locks (void)
{
  omp_init_lock (&lock);
  omp_init_nest_lock (&nest);
  omp_init_nest_lock_25 (&nest25);
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num () == 1)
      {
	atomic_store (&worker_lwp, self_lwp ());
	while (atomic_load (&go) != 1)
	  ;
	omp_set_lock (&lock);
	omp_unset_lock (&lock);
	while (atomic_load (&go) != 2)
	  ;
	omp_set_nest_lock (&nest);
	omp_unset_nest_lock (&nest);
	while (atomic_load (&go) != 3)
	  ;
	omp_set_nest_lock_25 (&nest25);
	omp_unset_nest_lock_25 (&nest25);
	while (atomic_load (&go) != 4)
	  ;
#pragma omp critical(holders_test)
	atomic_fetch_add (&go, 0);
      }
    else
      {
	while (atomic_load (&worker_lwp) == 0)
	  ;
	/* The master itself waits for nothing.  */
	ompd_thread_handle_t *me = thread_handle (self_lwp ());
	ompdbg_wait_holder_t h;
	if (me != NULL)
	  {
	    RC (api.get_wait_holder (me, &h), ompd_rc_unavailable);
	    RC (api.rel_thread_handle (me), ompd_rc_ok);
	  }
	omp_set_lock (&lock);
	atomic_store (&go, 1);
	check_holder ("simple lock", ompt_state_wait_lock, &lock, self_lwp (), 0);
	omp_unset_lock (&lock);
	omp_set_nest_lock (&nest);
	omp_set_nest_lock (&nest);
	atomic_store (&go, 2);
	check_holder ("nest lock", ompt_state_wait_lock, &nest, self_lwp (), 2);
	omp_unset_nest_lock (&nest);
	omp_unset_nest_lock (&nest);
	for (int i = 0; i < 3; i++)
	  omp_set_nest_lock_25 (&nest25);
	atomic_store (&go, 3);
	check_holder ("OpenMP 2.5 nest lock", ompt_state_wait_lock, &nest25,
		      self_lwp (), 3);
	for (int i = 0; i < 3; i++)
	  omp_unset_nest_lock_25 (&nest25);
#pragma omp critical(holders_test)
	{
	  atomic_store (&go, 4);
	  check_holder ("critical", ompt_state_wait_critical, NULL, self_lwp (),
			0);
	}
      }
  }
  omp_destroy_nest_lock_25 (&nest25);
}

/* 2.  */
static void
ordered (void)
{
  atomic_store (&worker_lwp, 0);
  atomic_store (&go, 0);
#pragma omp parallel num_threads(2)
  {
#pragma omp for ordered schedule(static, 1)
    for (int i = 0; i < 2; i++)
      {
	if (i == 1)
	  atomic_store (&worker_lwp, self_lwp ());
	else
	  {
	    while (atomic_load (&worker_lwp) == 0)
	      ;
	    ompd_thread_handle_t *th = thread_handle (atomic_load (&worker_lwp));
	    if (th != NULL)
	      {
		CHECK (worker_in (th, ompt_state_wait_ordered),
		       "ordered: the worker waits for its turn");
		ompdbg_wait_holder_t h;
		if (RC (api.get_wait_holder (th, &h), ompd_rc_ok))
		  {
		    CHECK (h.holder == self_lwp (), "ordered: holder LWP %lld, "
			   "expected %ld", (long long) h.holder, self_lwp ());
		    CHECK (h.ordered_turn == 0 && h.ordered_own == 1,
			   "ordered: turn %lld, own %lld, expected 0 and 1",
			   (long long) h.ordered_turn,
			   (long long) h.ordered_own);
		  }
		RC (api.rel_thread_handle (th), ompd_rc_ok);
	      }
	  }
#pragma omp ordered
	atomic_fetch_add (&go, 1);
      }
  }
}

static uint64_t
task_address (ompd_task_handle_t *t)
{
  ompd_address_t a = { 0, 0 };
  RC (api.get_task_address (t, &a), ompd_rc_ok);
  return a.address;
}

static _Atomic uint64_t spinner_task;
static _Atomic int release;
static int x;

/* Whether EDGES has WAITER -> BLOCKER of KIND; BLOCKER 0: any.  */
static bool
has_edge (ompdbg_task_edge_t *e, int n, uint64_t waiter, uint64_t blocker,
	  ompd_word_t kind)
{
  for (int i = 0; i < n; i++)
    if (e[i].waiter.address == waiter && e[i].kind == kind
	&& (blocker == 0 || e[i].blocker.address == blocker))
      return true;
  return false;
}

/* The spinner's structure: the current task of the thread running it.  */
static void
note_spinner (void)
{
  ompd_thread_handle_t *th = thread_handle (self_lwp ());
  ompd_task_handle_t *t = NULL;
  if (th != NULL && RC (api.get_curr_task_handle (th, &t), ompd_rc_ok))
    {
      atomic_store (&spinner_task, task_address (t));
      RC (api.rel_task_handle (t), ompd_rc_ok);
    }
  if (th != NULL)
    RC (api.rel_thread_handle (th), ompd_rc_ok);
}

/* The master, from a thread of its own, checks the edges while the
   master's implicit task waits.  */
static void
check_edges (const char *what, long master, ompd_word_t state,
	     ompd_word_t kind, bool dependence)
{
  ompd_thread_handle_t *mt = thread_handle (master);
  if (mt == NULL)
    return;
  CHECK (worker_in (mt, state), "%s: the master waits", what);
  ompd_task_handle_t *imp = NULL;
  uint64_t waiter = 0;
  if (RC (api.get_curr_task_handle (mt, &imp), ompd_rc_ok))
    {
      waiter = task_address (imp);
      RC (api.rel_task_handle (imp), ompd_rc_ok);
    }
  ompdbg_task_edge_t *e = NULL;
  int n = 0;
  if (RC (api.get_task_edges (as, &e, &n), ompd_rc_ok))
    {
      uint64_t spinner = atomic_load (&spinner_task);
      CHECK (has_edge (e, n, waiter, spinner, kind),
	     "%s: the master's task waits for the spinning task", what);
      if (dependence)
	{
	  CHECK (has_edge (e, n, waiter, 0, kind) && n >= 3,
		 "%s: %d edges, expected the master's two and a dependence",
		 what, n);
	  bool dep = false;
	  for (int i = 0; i < n; i++)
	    dep |= e[i].kind == ompdbg_task_wait_dependence
	      && e[i].blocker.address == spinner
	      && e[i].waiter.address != waiter;
	  CHECK (dep, "%s: the second task waits for the spinner (x)", what);
	}
      inproc_free (e);
    }
  RC (api.rel_thread_handle (mt), ompd_rc_ok);
}

/* 3.  */
static void
tasks (void)
{
  long master = self_lwp ();
  for (int round = 0; round < 2; round++)
    {
      atomic_store (&spinner_task, 0);
      atomic_store (&release, 0);
#pragma omp parallel num_threads(3)
      {
	if (omp_get_thread_num () == 0)
	  {
	    if (round == 0)
	      {
#pragma omp task depend(out: x)
		{
		  note_spinner ();
		  while (!atomic_load (&release))
		    ;
		}
		while (atomic_load (&spinner_task) == 0)
		  ;
#pragma omp task depend(in: x)
		atomic_fetch_add (&go, 1);
#pragma omp taskwait
	      }
	    else
	      {
#pragma omp taskgroup
		{
#pragma omp task
		  {
		    note_spinner ();
		    while (!atomic_load (&release))
		      ;
		  }
		  while (atomic_load (&spinner_task) == 0)
		    ;
		}
	      }
	  }
	else if (omp_get_thread_num () == 2)
	  {
	    /* The checker: a member that takes no task (it is busy
	       here while the others run them).  */
	    while (atomic_load (&spinner_task) == 0)
	      ;
	    if (round == 0)
	      check_edges ("taskwait", master, ompt_state_wait_taskwait,
			   ompdbg_task_wait_taskwait, true);
	    else
	      check_edges ("taskgroup", master, ompt_state_wait_taskgroup,
			   ompdbg_task_wait_taskgroup, false);
	    atomic_store (&release, 1);
	  }
      }
    }
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
  locks ();
  ordered ();
  tasks ();
  return inproc_finish (&api, as, 20);
}
