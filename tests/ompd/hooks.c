/* hooks.c -- what a debugger sees at each OMPD breakpoint: OpenMP 5.1
   binds ompd_bp_parallel_begin and ompd_bp_parallel_end to the region
   that begins or ends and to the ENCOUNTERING task, ompd_bp_task_begin
   and ompd_bp_task_end to the task that begins or ends.  So, stopped in
   one of them, ompd_get_curr_parallel_handle and ompd_get_curr_task_handle
   must give those.

   The program runs with OMP_DEBUG=enabled and defines the hooks itself:
   exported from the executable (-rdynamic), they take the place of the
   runtime's empty ones, which the runtime calls through the PLT like any
   exported function, so each event calls the handler here, on the thread
   of the event, at the moment a debugger's breakpoint would stop it.
   The handler asks libompd (in-process: inproc.c), one thread at a time,
   about its own thread and compares with the truth the program knows:
   every region is started with GOMP_parallel and every explicit task
   with GOMP_task, as GCC's code does, but with named functions, so the
   program knows each function's address, and before each region the
   encountering code states its task and the region to come.  The task
   that begins is the one whose code runs next on that thread: each task
   function tells, first thing, who it is, and must be what task-begin
   saw; task-end must see the same task again, after its code ran.

   The runtime also creates its pool threads while forming the first
   teams: the program's pthread_create, called by the runtime then,
   checks that the thread is in the overhead state (0x101), still in the
   encountering task and its region.  With places set, each task's
   place-partition-var is also checked against the OpenMP API's.  Every event is counted against the
   known workload.  Exits 99 when not on our runtime.  */

#define _GNU_SOURCE
#include "config.h"
#include "tests/ompd/inproc.h"

#include <dlfcn.h>
#include <inttypes.h>
#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

void GOMP_parallel (void (*fn) (void *), void *data, unsigned num_threads,
		    unsigned int flags);
void GOMP_task (void (*fn) (void *), void *data,
		void (*cpyfn) (void *, void *), long arg_size, long arg_align,
		bool if_clause, unsigned flags, void **depend, int priority,
		void *detach);
void GOMP_barrier (void);
void GOMP_target_ext (int device, void (*fn) (void *), size_t mapnum,
		      void **hostaddrs, size_t *sizes, unsigned short *kinds,
		      unsigned int flags, void **depend, void **args);

static struct ompd_api api;
static ompd_address_space_handle_t *as;
/* libompd is not reentrant: the handlers take turns, as a debugger's
   stops do.  */
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static atomic_bool ready;

/* ---- ICVs by name ---------------------------------------------------------- */

static struct
{
  char name[64];
  ompd_icv_id_t id;
  ompd_scope_t scope;
} icvs[128];
static int nicvs;

static void
icvs_load (void)
{
  ompd_icv_id_t cur = ompd_icv_undefined;
  int more = 1;
  while (more && nicvs < 128)
    {
      const char *name;
      if (api.enumerate_icvs (as, cur, &icvs[nicvs].id, &name,
			      &icvs[nicvs].scope, &more) != ompd_rc_ok)
	break;
      snprintf (icvs[nicvs].name, sizeof icvs[nicvs].name, "%s", name);
      inproc_free ((void *) name);
      cur = icvs[nicvs++].id;
    }
}

static int64_t
icv (void *handle, const char *name)
{
  for (int i = 0; i < nicvs; i++)
    if (strcmp (icvs[i].name, name) == 0)
      {
	ompd_word_t v = -1;
	RC (api.get_icv_from_scope (handle, icvs[i].scope, icvs[i].id, &v),
	    ompd_rc_ok);
	return v;
      }
  CHECK (0, "no ICV %s", name);
  return -1;
}

/* ---- the truth ------------------------------------------------------------------ */

enum kind { K_INITIAL, K_IMPLICIT, K_EXPLICIT };
static const char *const kind_name[] = { "initial", "implicit", "explicit" };

/* What the encountering code says before it starts a region: its own
   task and the region.  A stack per thread (regions nest).  */
struct region_truth
{
  enum kind enc_kind;
  void (*enc_fn) (void *);	/* its task's function (none: initial) */
  void (*fn) (void *);		/* the region's */
  int nthreads, level;		/* the region's size, the level it is in */
};

/* What task-begin saw, until task-end; the task's code marks it run.  */
struct begun
{
  ompd_task_handle_t *task;
  uint64_t fn;
  bool implicit, ran;
};

static __thread struct region_truth regions[8];
static __thread int nregions;
static __thread struct begun begun[16];
static __thread int nbegun;

static atomic_uint n_par_begin, n_par_end, n_task_begin, n_task_end;
static atomic_uint n_thread_begin, n_thread_end, n_overhead, n_ran;

static ompd_thread_handle_t *
self_handle (void)
{
  int64_t tid = syscall (SYS_gettid);
  ompd_thread_handle_t *th = NULL;
  /* This process reads itself while its other threads run, where a
     debugger reads a stopped one: a thread registering meanwhile can
     change the registry's index under the read (seen once in make check
     under load).  Ask again then; a thread that is really missing still
     fails.  */
  ompd_rc_t rc = ompd_rc_unavailable;
  for (int k = 0; k < 1000 && rc == ompd_rc_unavailable; k++)
    {
      if (k)
	sched_yield ();
      rc = api.get_thread_handle (as, OMPD_THREAD_ID_LWP, 8, &tid, &th);
    }
  CHECK (rc == ompd_rc_ok, "ompd_get_thread_handle for this thread (LWP %"
	 PRId64 "): %s", tid, ompd_rc_name (rc));
  return rc == ompd_rc_ok ? th : NULL;
}

static uint64_t
task_fn (ompd_task_handle_t *tk, ompd_rc_t want)
{
  ompd_address_t a = { 0, 0 };
  RC (api.get_task_function (tk, &a), want);
  return a.address;
}

static int
cmp_tasks (ompd_task_handle_t *a, ompd_task_handle_t *b)
{
  int c = 99;
  RC (api.task_handle_compare (a, b, &c), ompd_rc_ok);
  return c;
}

static int
cmp_parallel (ompd_parallel_handle_t *a, ompd_parallel_handle_t *b)
{
  int c = 99;
  RC (api.parallel_handle_compare (a, b, &c), ompd_rc_ok);
  return c;
}

/* TK is the task the encountering code R said it runs.  */
static void
check_encountering (ompd_task_handle_t *tk, const struct region_truth *r,
		    const char *where)
{
  CHECK (icv (tk, "explicit-task-var") == (r->enc_kind == K_EXPLICIT),
	 "%s: current task is not %s", where, kind_name[r->enc_kind]);
  if (r->enc_kind == K_INITIAL)
    task_fn (tk, ompd_rc_unavailable);
  else
    {
      uint64_t fn = task_fn (tk, ompd_rc_ok);
      CHECK (fn == (uint64_t) (uintptr_t) r->enc_fn, "%s: current task runs "
	     "%#" PRIx64 ", the encountering task %p (the region's is %p)",
	     where, fn, (void *) (uintptr_t) r->enc_fn,
	     (void *) (uintptr_t) r->fn);
    }
}

/* At every event the thread works (work_serial outside any region, as
   in a target region; work_parallel in one), or at the end of a region
   its implicit barrier -- never a wait it ran the current task from: the
   runtime keeps that wait's state while it runs tasks from it, and
   libompd must tell (runtime/task-sched.c, libompd/states.c).  */
static void
check_event_state (ompd_thread_handle_t *th, const char *where)
{
  ompd_word_t state;
  ompd_wait_id_t wait;
  if (RC (api.get_state (th, &state, &wait), ompd_rc_ok))
    CHECK (state == ompt_state_work_serial
	   || state == ompt_state_work_parallel
	   || state == ompt_state_wait_barrier_implicit_parallel,
	   "%s: state %#" PRIx64 " (wait id %#" PRIx64 ")", where, state,
	   wait);
}

/* parallel-begin and parallel-end: the current region is R's region, the
   current task R's encountering task, which generated the region's
   implicit tasks and binds to the enclosing region.  */
static void
region_event (const char *where)
{
  CHECK (nregions > 0, "%s without a region the program started", where);
  if (nregions == 0)
    return;
  const struct region_truth *r = &regions[nregions - 1];
  ompd_thread_handle_t *th = self_handle ();
  ompd_parallel_handle_t *ph, *up = NULL, *tp;
  ompd_task_handle_t *tk, *it, *gen;
  ompd_thread_handle_t *t0;
  if (th == NULL)
    return;
  check_event_state (th, where);
  if (RC (api.get_curr_parallel_handle (th, &ph), ompd_rc_ok))
    {
      CHECK (icv (ph, "team-size-var") == r->nthreads, "%s: team size",
	     where);
      CHECK (icv (ph, "levels-var") == r->level + 1, "%s: level", where);
      if (RC (api.get_thread_in_parallel (ph, 0, &t0), ompd_rc_ok))
	{
	  int c = 99;
	  RC (api.thread_handle_compare (t0, th, &c), ompd_rc_ok);
	  CHECK (c == 0, "%s: the encountering thread is not its thread 0",
		 where);
	  RC (api.rel_thread_handle (t0), ompd_rc_ok);
	}
      if (RC (api.get_task_in_parallel (ph, 0, &it), ompd_rc_ok))
	{
	  CHECK (task_fn (it, ompd_rc_ok) == (uint64_t) (uintptr_t) r->fn,
		 "%s: the region's implicit task runs another function",
		 where);
	  if (RC (api.get_generating_task_handle (it, &gen), ompd_rc_ok))
	    {
	      if (RC (api.get_curr_task_handle (th, &tk), ompd_rc_ok))
		{
		  check_encountering (tk, r, where);
		  CHECK (cmp_tasks (tk, gen) == 0, "%s: the current task did "
			 "not generate the region's implicit tasks", where);
		  RC (api.get_enclosing_parallel_handle (ph, &up), ompd_rc_ok);
		  if (up != NULL
		      && RC (api.get_task_parallel_handle (tk, &tp),
			     ompd_rc_ok))
		    {
		      CHECK (cmp_parallel (tp, up) == 0, "%s: the current "
			     "task is not in the enclosing region", where);
		      CHECK (icv (tp, "levels-var") == r->level, "%s: "
			     "encountering task's level", where);
		      RC (api.rel_parallel_handle (tp), ompd_rc_ok);
		    }
		  if (up != NULL)
		    RC (api.rel_parallel_handle (up), ompd_rc_ok);
		  RC (api.rel_task_handle (tk), ompd_rc_ok);
		}
	      RC (api.rel_task_handle (gen), ompd_rc_ok);
	    }
	  RC (api.rel_task_handle (it), ompd_rc_ok);
	}
      RC (api.rel_parallel_handle (ph), ompd_rc_ok);
    }
  RC (api.rel_thread_handle (th), ompd_rc_ok);
}

/* task-begin: remember the current task; its code must come next.  */
static void
task_begin_event (void)
{
  ompd_thread_handle_t *th = self_handle ();
  ompd_parallel_handle_t *ph, *tp;
  ompd_task_handle_t *tk;
  CHECK (nbegun < 16, "tasks nest too deep");
  if (th == NULL || nbegun >= 16)
    return;
  check_event_state (th, "task-begin");
  if (RC (api.get_curr_task_handle (th, &tk), ompd_rc_ok))
    {
      struct begun *b = &begun[nbegun++];
      b->task = tk;
      b->fn = task_fn (tk, ompd_rc_ok);
      b->implicit = icv (tk, "implicit-task-var") == 1;
      b->ran = false;
      if (RC (api.get_curr_parallel_handle (th, &ph), ompd_rc_ok))
	{
	  if (RC (api.get_task_parallel_handle (tk, &tp), ompd_rc_ok))
	    {
	      CHECK (cmp_parallel (ph, tp) == 0, "task-begin: the current "
		     "region is not the task's");
	      RC (api.rel_parallel_handle (tp), ompd_rc_ok);
	    }
	  RC (api.rel_parallel_handle (ph), ompd_rc_ok);
	}
    }
  RC (api.rel_thread_handle (th), ompd_rc_ok);
}

/* task-end: the current task is the one that began last on this thread,
   and its code ran.  */
static void
task_end_event (void)
{
  CHECK (nbegun > 0, "task-end without task-begin");
  if (nbegun == 0)
    return;
  struct begun *b = &begun[--nbegun];
  CHECK (b->ran, "task-end: the code of the task that began (%#" PRIx64
	 ") did not run", b->fn);
  ompd_thread_handle_t *th = self_handle ();
  ompd_task_handle_t *tk;
  if (th != NULL)
    check_event_state (th, "task-end");
  if (th != NULL && RC (api.get_curr_task_handle (th, &tk), ompd_rc_ok))
    {
      CHECK (cmp_tasks (tk, b->task) == 0, "task-end: the current task is "
	     "not the one that began (%#" PRIx64 ")", b->fn);
      CHECK (task_fn (tk, ompd_rc_ok) == b->fn, "task-end: function");
      RC (api.rel_task_handle (tk), ompd_rc_ok);
    }
  RC (api.rel_task_handle (b->task), ompd_rc_ok);
  if (th != NULL)
    RC (api.rel_thread_handle (th), ompd_rc_ok);
}

/* The first thing each task's code does: it is FN, of KIND, and the task
   that began last on this thread.  */
static void
i_am (void (*fn) (void *), enum kind kind)
{
  pthread_mutex_lock (&mu);
  atomic_fetch_add (&n_ran, 1);
  CHECK (nbegun > 0, "task %p runs without task-begin",
	 (void *) (uintptr_t) fn);
  if (nbegun > 0)
    {
      struct begun *b = &begun[nbegun - 1];
      CHECK (b->fn == (uint64_t) (uintptr_t) fn, "task-begin saw a task "
	     "running %#" PRIx64 ", then %p ran", b->fn,
	     (void *) (uintptr_t) fn);
      CHECK (b->implicit == (kind == K_IMPLICIT), "task-begin saw an %s "
	     "task, then an %s one ran", b->implicit ? "implicit" : "explicit",
	     kind_name[kind]);
      b->ran = true;
      /* Its place-partition-var, as the OpenMP API gives it (OMP_PLACES
	 and OMP_PROC_BIND are set: partitions are not empty).  */
      char want[256] = "";
      int np = omp_get_partition_num_places (), nums[64];
      if (np > 0 && np <= 64)
	{
	  omp_get_partition_place_nums (nums);
	  for (int i = 0; i < np; i++)
	    {
	      size_t used = strlen (want);
	      snprintf (want + used, sizeof want - used, "%s%d", i ? "," : "",
			nums[i]);
	    }
	}
      CHECK (np > 0, "no place partition, with OMP_PLACES set");
      for (int i = 0; i < nicvs; i++)
	if (strcmp (icvs[i].name, "place-partition-var") == 0)
	  {
	    const char *got = NULL;
	    if (RC (api.get_icv_string_from_scope (b->task, icvs[i].scope,
						   icvs[i].id, &got),
		    ompd_rc_ok))
	      {
		CHECK (strcmp (got, want) == 0, "place-partition-var '%s', "
		       "omp_get_partition_place_nums '%s'", got, want);
		inproc_free ((void *) got);
	      }
	  }
      if (kind == K_IMPLICIT)
	{
	  /* It is this thread's implicit task of the current region.  */
	  ompd_thread_handle_t *th = self_handle ();
	  ompd_parallel_handle_t *ph;
	  ompd_task_handle_t *it;
	  if (th && RC (api.get_curr_parallel_handle (th, &ph), ompd_rc_ok))
	    {
	      if (RC (api.get_task_in_parallel (ph, omp_get_thread_num (),
						&it), ompd_rc_ok))
		{
		  CHECK (cmp_tasks (it, b->task) == 0, "implicit task of "
			 "thread %d is not the one that began",
			 omp_get_thread_num ());
		  RC (api.rel_task_handle (it), ompd_rc_ok);
		}
	      RC (api.rel_parallel_handle (ph), ompd_rc_ok);
	    }
	  if (th)
	    RC (api.rel_thread_handle (th), ompd_rc_ok);
	}
    }
  pthread_mutex_unlock (&mu);
}

/* ---- the hooks: the program's own, in place of the runtime's ------------------ */

#define HOOK __attribute__ ((noinline, used, visibility ("default")))

/* A hook that counts its passes and, once the program is ready, checks
   the event under the lock (CALL).  */
#define COUNTED_HOOK(name, counter, call)				\
  HOOK void								\
  name (void)								\
  {									\
    atomic_fetch_add (&counter, 1);					\
    if (!atomic_load (&ready))						\
      return;								\
    pthread_mutex_lock (&mu);						\
    call;								\
    pthread_mutex_unlock (&mu);						\
  }

COUNTED_HOOK (ompd_bp_parallel_begin, n_par_begin,
	      region_event ("parallel-begin"))
COUNTED_HOOK (ompd_bp_parallel_end, n_par_end, region_event ("parallel-end"))
COUNTED_HOOK (ompd_bp_task_begin, n_task_begin, task_begin_event ())
COUNTED_HOOK (ompd_bp_task_end, n_task_end, task_end_event ())

/* A pool thread starting: registered, idle, in no region -- or, when
   the master has handed it its first region already (the master goes on
   while the thread starts), that region's member that has not begun its
   implicit task: in the region, in state overhead, with no current
   task.  */
HOOK void
ompd_bp_thread_begin (void)
{
  atomic_fetch_add (&n_thread_begin, 1);
  if (!atomic_load (&ready))
    return;
  pthread_mutex_lock (&mu);
  ompd_thread_handle_t *th = self_handle ();
  ompd_parallel_handle_t *ph = NULL;
  ompd_task_handle_t *tk = NULL;
  ompd_word_t state;
  if (th != NULL)
    {
      ompd_rc_t prc = api.get_curr_parallel_handle (th, &ph);
      CHECK (prc == ompd_rc_ok || prc == ompd_rc_unavailable,
	     "thread-begin: its region: %s", ompd_rc_name (prc));
      if (RC (api.get_state (th, &state, NULL), ompd_rc_ok))
	CHECK (state == (prc == ompd_rc_ok ? ompt_state_overhead
			 : ompt_state_idle),
	       "thread-begin: state %#" PRIx64 " %s a region", state,
	       prc == ompd_rc_ok ? "in" : "out of");
      RC (api.get_curr_task_handle (th, &tk), ompd_rc_unavailable);
      if (tk != NULL)
	RC (api.rel_task_handle (tk), ompd_rc_ok);
      if (prc == ompd_rc_ok)
	RC (api.rel_parallel_handle (ph), ompd_rc_ok);
      RC (api.rel_thread_handle (th), ompd_rc_ok);
    }
  pthread_mutex_unlock (&mu);
}

HOOK void
ompd_bp_thread_end (void)
{
  atomic_fetch_add (&n_thread_end, 1);
}

/* The runtime forms a team: a thread it creates for its pool.  */
typedef int pthread_create_fn (pthread_t *, const pthread_attr_t *,
			       void *(*) (void *), void *);

HOOK int
pthread_create (pthread_t *thread, const pthread_attr_t *attr,
		void *(*start) (void *), void *arg)
{
  static pthread_create_fn *real;
  if (real == NULL)
    real = (pthread_create_fn *) dlsym (RTLD_NEXT, "pthread_create");
  Dl_info info;
  if (atomic_load (&ready) && nregions > 0
      && dladdr (__builtin_return_address (0), &info) != 0
      && info.dli_fname != NULL && strstr (info.dli_fname, "libgomp"))
    {
      pthread_mutex_lock (&mu);
      atomic_fetch_add (&n_overhead, 1);
      const struct region_truth *r = &regions[nregions - 1];
      ompd_thread_handle_t *th = self_handle ();
      ompd_task_handle_t *tk;
      ompd_parallel_handle_t *ph;
      ompd_word_t state;
      ompd_wait_id_t wait;
      if (th != NULL)
	{
	  if (RC (api.get_state (th, &state, &wait), ompd_rc_ok))
	    CHECK (state == ompt_state_overhead && wait == 0,
		   "forming a team: state %#" PRIx64 ", wait id %#" PRIx64,
		   state, wait);
	  if (RC (api.get_curr_task_handle (th, &tk), ompd_rc_ok))
	    {
	      check_encountering (tk, r, "forming a team");
	      RC (api.rel_task_handle (tk), ompd_rc_ok);
	    }
	  if (RC (api.get_curr_parallel_handle (th, &ph), ompd_rc_ok))
	    {
	      CHECK (icv (ph, "levels-var") == r->level, "forming a team: "
		     "not in the enclosing region");
	      RC (api.rel_parallel_handle (ph), ompd_rc_ok);
	    }
	  RC (api.rel_thread_handle (th), ompd_rc_ok);
	}
      pthread_mutex_unlock (&mu);
    }
  return real (thread, attr, start, arg);
}

/* ---- the workload ----------------------------------------------------------------- */

static void
parallel (enum kind enc_kind, void (*enc_fn) (void *), void (*fn) (void *),
	  int nthreads)
{
  struct region_truth *r = &regions[nregions];
  r->enc_kind = enc_kind;
  r->enc_fn = enc_fn;
  r->fn = fn;
  r->nthreads = nthreads;
  r->level = omp_get_level ();
  nregions++;
  GOMP_parallel (fn, NULL, (unsigned) nthreads, 0);
  nregions--;
}

static void
task (void (*fn) (void *), bool deferred)
{
  GOMP_task (fn, NULL, NULL, 0, 1, deferred, 0, NULL, 0, NULL);
}

static void region_c (void *);

/* In an undeferred task, the one that began last, whose code has the
   frame CODE_CFA: GOMP_task called it from the frame where its
   scheduling task (the encountering task) entered the runtime, so that
   task's enter frame is this task's exit frame, above CODE_CFA (the
   stack grows down); this task, in its own code, has no enter frame.  */
static void
undeferred_frames (void *code_cfa)
{
  pthread_mutex_lock (&mu);
  ompd_task_handle_t *sched;
  ompd_frame_info_t tx, te, sx, se;
  if (nbegun > 0
      && RC (api.get_task_frame (begun[nbegun - 1].task, &tx, &te),
	     ompd_rc_ok)
      && RC (api.get_scheduling_task_handle (begun[nbegun - 1].task, &sched),
	     ompd_rc_ok))
    {
      if (RC (api.get_task_frame (sched, &sx, &se), ompd_rc_ok))
	CHECK (tx.frame_address.address > (uint64_t) (uintptr_t) code_cfa
	       && te.frame_address.address == 0
	       && se.frame_address.address == tx.frame_address.address,
	       "undeferred task: exit frame %#" PRIx64 " (its code's frame "
	       "%p), enter frame %#" PRIx64 "; its scheduling task's enter "
	       "frame %#" PRIx64, tx.frame_address.address, code_cfa,
	       te.frame_address.address, se.frame_address.address);
      RC (api.rel_task_handle (sched), ompd_rc_ok);
    }
  pthread_mutex_unlock (&mu);
}

static void
task_t3 (void *arg)
{
  (void) arg;
  i_am (task_t3, K_EXPLICIT);
  undeferred_frames (__builtin_dwarf_cfa ());
}

static void
serial_t1 (void *arg)
{
  (void) arg;
  i_am (serial_t1, K_IMPLICIT);
}

/* Deferred, run from the barrier by some thread; it starts a region of
   one thread (whose events come while the thread's state word still
   says barrier: check_event_state), then one of two.  */
static void
task_t1 (void *arg)
{
  (void) arg;
  i_am (task_t1, K_EXPLICIT);
  parallel (K_EXPLICIT, task_t1, serial_t1, 1);
  parallel (K_EXPLICIT, task_t1, region_c, 2);
}

/* Undeferred, with an undeferred child.  */
static void
task_t2 (void *arg)
{
  (void) arg;
  i_am (task_t2, K_EXPLICIT);
  undeferred_frames (__builtin_dwarf_cfa ());
  task (task_t3, false);
}

static void
region_c (void *arg)
{
  (void) arg;
  i_am (region_c, K_IMPLICIT);
}

static void
region_b (void *arg)
{
  (void) arg;
  i_am (region_b, K_IMPLICIT);
  GOMP_barrier ();
}

static void
region_a (void *arg)
{
  (void) arg;
  i_am (region_a, K_IMPLICIT);
  int me = omp_get_thread_num ();
  if (me == 0)
    parallel (K_IMPLICIT, region_a, region_b, 2);
  else if (me == 1)
    {
      task (task_t1, true);
      task (task_t2, false);
    }
  GOMP_barrier ();
}

static void
serial (void *arg)
{
  (void) arg;
  i_am (serial, K_IMPLICIT);
}

/* A target region run on the host (GCC emits GOMP_target_ext with device
   -1, GOMP_DEVICE_ICV, for `target'): its initial task begins and ends,
   and runs this function, which libompd gives as the task's entry point;
   its scheduling task is the task that encountered the construct, ARG
   (a handle taken before).  */
static void
target_fn (void *arg)
{
  ompd_task_handle_t *encountering = arg, *sched;
  pthread_mutex_lock (&mu);
  if (nbegun > 0
      && RC (api.get_scheduling_task_handle (begun[nbegun - 1].task, &sched),
	     ompd_rc_ok))
    {
      CHECK (cmp_tasks (sched, encountering) == 0, "the target region's "
	     "task was not scheduled by the task that encountered it");
      RC (api.rel_task_handle (sched), ompd_rc_ok);
    }
  atomic_fetch_add (&n_ran, 1);
  CHECK (nbegun > 0, "the target region's task runs without task-begin");
  if (nbegun > 0)
    {
      struct begun *b = &begun[nbegun - 1];
      CHECK (b->fn == (uint64_t) (uintptr_t) target_fn, "task-begin saw a "
	     "task running %#" PRIx64 ", then the target region %p ran",
	     b->fn, (void *) (uintptr_t) target_fn);
      CHECK (omp_get_level () == 0 && omp_is_initial_device (),
	     "the target region runs at level %d, initial device %d",
	     omp_get_level (), omp_is_initial_device ());
      b->ran = true;
    }
  pthread_mutex_unlock (&mu);
}

int
main (int argc, char **argv)
{
  (void) argc;
  setenv ("OMP_DEBUG", "enabled", 1);
  setenv ("OMP_MAX_ACTIVE_LEVELS", "4", 1);
  setenv ("OMP_WAIT_POLICY", "passive", 1);
  setenv ("OMP_DYNAMIC", "false", 1);
  /* Places, spread: every task's place partition is not empty, and the
     nested teams' are subsets (checked at each task against the API).  */
  setenv ("OMP_PLACES", "threads", 1);
  setenv ("OMP_PROC_BIND", "spread", 1);
  unsetenv ("OMP_NUM_THREADS");
  unsetenv ("OMP_THREAD_LIMIT");
  inproc_ensure_ours (argv);
  setvbuf (stdout, NULL, _IOLBF, 0);
  if (inproc_attach (&api, &as) != 0)
    return 1;
  icvs_load ();
  /* Events before this point (the initial thread's thread-begin) are
     only counted.  */
  unsigned par0 = atomic_load (&n_par_begin);
  atomic_store (&ready, true);

  /* The first region forms a team of 3 (two pool threads created), the
     nested one a team of 2 (one more), from a task a
     region of one thread, then another team of 2 (from the pool, or a
     new thread); the last is serialized.  */
  parallel (K_INITIAL, NULL, region_a, 3);
  parallel (K_INITIAL, NULL, serial, 1);
  ompd_thread_handle_t *th = self_handle ();
  ompd_task_handle_t *encountering = NULL;
  if (th && RC (api.get_curr_task_handle (th, &encountering), ompd_rc_ok))
    {
      GOMP_target_ext (-1, target_fn, 0, (void **) encountering, NULL, NULL,
		       0, NULL, NULL);
      RC (api.rel_task_handle (encountering), ompd_rc_ok);
    }
  if (th)
    RC (api.rel_thread_handle (th), ompd_rc_ok);

  atomic_store (&ready, false);
  /* Regions: a, b, c, serial_t1, serial.  Tasks: the implicit ones
     (3 + 2 + 2 + 1 + 1), t1, t2, t3 and the target region's initial
     task.  */
  unsigned want_par = 5, want_tasks = 9 + 3 + 1;
  CHECK (par0 == 0, "%u parallel-begin before the workload", par0);
  CHECK (atomic_load (&n_par_begin) == want_par
	 && atomic_load (&n_par_end) == want_par,
	 "parallel-begin %u, parallel-end %u, expected %u (are the "
	 "program's hooks called in place of the runtime's?)",
	 atomic_load (&n_par_begin), atomic_load (&n_par_end), want_par);
  CHECK (atomic_load (&n_task_begin) == want_tasks
	 && atomic_load (&n_task_end) == want_tasks
	 && atomic_load (&n_ran) == want_tasks,
	 "task-begin %u, task-end %u, task code run %u, expected %u",
	 atomic_load (&n_task_begin), atomic_load (&n_task_end),
	 atomic_load (&n_ran), want_tasks);
  CHECK (atomic_load (&n_thread_begin) >= 1 + 3,
	 "thread-begin %u: the initial thread and at least 3 pool threads",
	 atomic_load (&n_thread_begin));
  CHECK (atomic_load (&n_overhead) >= 3, "the runtime created %u threads "
	 "while forming a team, at least 3 expected",
	 atomic_load (&n_overhead));

  ompd_rc_t rc = inproc_detach (&api, as);
  CHECK (rc == ompd_rc_ok, "releasing libompd: %s", ompd_rc_name (rc));
  CHECK (inproc_outstanding () == 0, "%ld blocks not freed",
	 inproc_outstanding ());
  printf ("events: parallel-begin %u, parallel-end %u, task-begin %u, "
	  "task-end %u, thread-begin %u, forming a team %u\n",
	  atomic_load (&n_par_begin), atomic_load (&n_par_end),
	  atomic_load (&n_task_begin), atomic_load (&n_task_end),
	  atomic_load (&n_thread_begin), atomic_load (&n_overhead));
  return check_finish (200);
}
