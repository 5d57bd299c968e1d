/* self.c -- libompd on the process's own OpenMP state, in-process (the
   callbacks read this process's memory: inproc.c), at stop points where
   the other threads are parked and the program knows everything about
   itself: outside any region, in a team of 3 with the others at a
   barrier, in a nested region, in an undeferred task with deferred tasks
   queued (one waiting for a dependence), in a taskwait while another
   thread runs the task from a barrier, with a thread waiting for a
   lock, with two waiting for nest locks (one of OpenMP 2.5's), with one
   waiting for a critical section, with one at the end of sections and
   one waiting for the atomic lock, with one at the end of a taskgroup and one waiting for
   its ordered turn, with two in single copyprivate's hand-over barrier,
   with deferred tasks of every kind (several dependences, inout,
   mutexinoutset, a depobj, a priority, waiting for a detached task, made
   by a detached task), at the end of a region that one thread has not
   finished, and after the region with the pool threads idle.  At each,
   every OMPD routine is checked against the truth the threads wrote
   (checks.c), the holders of what threads wait for and the tasks'
   wait-for graph included, and the bad-input checks run once, and a runtime whose
   layout table libompd does not know is refused.  The environment sets
   every ICV that has one to a known value, checked exactly.

   With `--target DIR' the same stops are checked from outside, by a
   debugger (tests/ompd/check-ompd on corefiles/, live and on cores,
   driven by conform.sh): at stop N the program writes DIR/N.truth, then
   DIR/N.ready (the stop's name, and "bad-input" where those checks run),
   and waits for DIR/N.go.  It still uses libompd in-process to wait until
   the other threads are where the truth says.  */

#include "config.h"
#include "tests/ompd/checks.h"
#include "tests/ompd/inproc.h"
#include "tests/ompd/truth-self.h"

#include "libompd/ompdbg-layout.h"

#include <dlfcn.h>
#include <stddef.h>
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void GOMP_parallel (void (*fn) (void *), void *data, unsigned num_threads,
		    unsigned int flags);
void GOMP_atomic_start (void);
void GOMP_atomic_end (void);

static struct ompd_api api;
static ompd_address_space_handle_t *as;
static struct truth T;


static __attribute__ ((noinline)) uint64_t
here (void)
{
  return (uint64_t) (uintptr_t) __builtin_return_address (0);
}

/* Wait (at most 20 s) until libompd says thread TID is in STATE.  */
static void
wait_state (long tid, ompd_word_t want)
{
  int64_t id = tid;
  ompd_thread_handle_t *th;
  if (api.get_thread_handle (as, OMPD_THREAD_ID_LWP, 8, &id, &th)
      != ompd_rc_ok)
    {
      check (false, "no thread handle for %ld", tid);
      return;
    }
  struct timespec ts = { 0, 1000000 };
  for (int i = 0; i < 20000; i++)
    {
      ompd_word_t s;
      if (api.get_state (th, &s, NULL) == ompd_rc_ok && s == want)
	{
	  api.rel_thread_handle (th);
	  return;
	}
      nanosleep (&ts, NULL);
    }
  check (false, "thread %ld never reached state %#lx", tid, (long) want);
  api.rel_thread_handle (th);
}

/* --target DIR: the checks are made by another process.  */
static const char *target_dir;
static int target_stop;

/* Write PATH atomically (a reader never sees half of it).  */
static void
write_file (const char *path, void (*fill) (FILE *, const void *),
	    const void *arg)
{
  char tmp[4096 + 8];
  snprintf (tmp, sizeof tmp, "%s.tmp", path);
  FILE *f = fopen (tmp, "w");
  if (f == NULL)
    {
      perror (tmp);
      exit (1);
    }
  fill (f, arg);
  if (fclose (f) != 0 || rename (tmp, path) != 0)
    {
      perror (path);
      exit (1);
    }
}

static void
fill_truth (FILE *f, const void *t)
{
  truth_write (f, t);
}

static void
fill_text (FILE *f, const void *text)
{
  fputs (text, f);
}

/* Stop for the debugger: publish the truth, wait (at most 10 min) until
   it has checked.  This thread stays in the program meanwhile (its state
   is the one the truth gives), the others where they were put.  */
static void
stop_for_checker (const char *what, bool bad_input)
{
  char path[4096], text[256];
  snprintf (path, sizeof path, "%s/%d.truth", target_dir, target_stop);
  write_file (path, fill_truth, &T);
  snprintf (text, sizeof text, "%s\n%s", what, bad_input ? "bad-input\n" : "");
  snprintf (path, sizeof path, "%s/%d.ready", target_dir, target_stop);
  write_file (path, fill_text, text);
  snprintf (path, sizeof path, "%s/%d.go", target_dir, target_stop);
  struct timespec ts = { 0, 2000000 };
  for (int i = 0; access (path, F_OK) != 0; i++)
    {
      if (i > 300000)
	{
	  printf ("FAIL: no %s after 10 minutes\n", path);
	  exit (1);
	}
      nanosleep (&ts, NULL);
    }
  target_stop++;
}

/* A stop point: every routine checked against T (here, or by the
   debugger with --target), and the bad-input checks where BAD_INPUT.  */
static void
run (const char *what, bool bad_input)
{
  if (target_dir != NULL)
    {
      stop_for_checker (what, bad_input);
      return;
    }
  unsigned long fail = check_failed (), n = check_count ();
  checks_run (&api, as, &T);
  printf ("%s: %lu checks, %lu failed\n", what, check_count () - n,
	  check_failed () - fail);
  if (bad_input)
    {
      checks_bad_input (&api, as, &T, 0);
      printf ("bad input: %lu checks so far, %lu failed\n", check_count (),
	      check_failed ());
    }
}

/* Whether the runtime's layout table (our own memory) has NAME.  */
static bool
layout_has (const char *name)
{
  const struct ompdbg_layout_header *h = dlsym (RTLD_DEFAULT,
						"ompdbg_layout");
  if (h == NULL)
    return false;
  const struct ompdbg_layout_entry *e
    = (const void *) ((const char *) h + h->header_size);
  const char *strings = (const char *) (e + h->nentries);
  for (uint32_t i = 0; i < h->nentries; i++)
    if (strcmp (strings + e[i].name, name) == 0)
      return true;
  return false;
}

/* ---- a runtime libompd does not know --------------------------------------- */

/* The layout header as a reader sees it, with one field changed.  */
static uintptr_t layout_addr;
static enum { BREAK_VERSION, BREAK_MAGIC, BREAK_HEADER_SIZE } breakage;

static ompd_rc_t
break_layout (ompd_addr_t addr, size_t n, void *buf)
{
  struct ompdbg_layout_header h;
  size_t off;
  uint32_t bad32;
  uint64_t bad64 = 0x0123456789abcdefULL;
  switch (breakage)
    {
    case BREAK_VERSION:
      off = offsetof (struct ompdbg_layout_header, version);
      bad32 = OMPDBG_LAYOUT_VERSION + 1;
      break;
    case BREAK_HEADER_SIZE:
      off = offsetof (struct ompdbg_layout_header, header_size);
      bad32 = 3;
      break;
    default:
      off = offsetof (struct ompdbg_layout_header, magic);
      bad32 = 0;
      break;
    }
  uintptr_t field = layout_addr + off;
  size_t len = breakage == BREAK_MAGIC ? sizeof h.magic : sizeof bad32;
  if (addr <= field && field + len <= addr + n)
    memcpy ((char *) buf + (field - addr),
	    breakage == BREAK_MAGIC ? (void *) &bad64 : (void *) &bad32, len);
  return ompd_rc_ok;
}

/* A layout table of a format version libompd does not know, a wrong
   magic, a nonsensical header: ompd_process_initialize says
   ompd_rc_incompatible, allocates nothing that stays, and a later clean
   initialisation works.  */
static void
check_incompatible (void)
{
  static const char *const what[] = { "version", "magic", "header size" };
  layout_addr = (uintptr_t) dlsym (RTLD_DEFAULT, "ompdbg_layout");
  for (int b = BREAK_VERSION; b <= BREAK_HEADER_SIZE; b++)
    {
      breakage = b;
      long before = inproc_outstanding ();
      inproc_read_hook = break_layout;
      ompd_address_space_handle_t *bad = NULL;
      ompd_rc_t rc = api.process_initialize (inproc_context (), &bad);
      inproc_read_hook = NULL;
      CHECK (rc == ompd_rc_incompatible && inproc_outstanding () == before,
	     "layout with a bad %s: ompd_process_initialize %s, %ld blocks "
	     "kept", what[b], ompd_rc_name (rc),
	     inproc_outstanding () - before);
      if (rc == ompd_rc_ok)
	api.rel_address_space_handle (bad);
    }
  ompd_address_space_handle_t *good;
  CHECK (api.process_initialize (inproc_context (), &good) == ompd_rc_ok
	 && api.rel_address_space_handle (good) == ompd_rc_ok,
	 "ompd_process_initialize after the incompatible ones");
  printf ("incompatible runtimes: %lu checks so far, %lu failed\n",
	  check_count (), check_failed ());
}

/* ---- the program ------------------------------------------------------------ */

static omp_lock_t lock;
static omp_nest_lock_t nest;
/* The OpenMP 2.5 nest lock: 8 bytes, its functions at OMP_1.0 (what
   binaries of GCC 4.2 and 4.3 call).  */
static struct { int owner, count; } nest25;
void omp_init_nest_lock_25 (void *);
void omp_set_nest_lock_25 (void *);
void omp_unset_nest_lock_25 (void *);
__asm__ (".symver omp_init_nest_lock_25, omp_init_nest_lock@OMP_1.0\n\t"
	 ".symver omp_set_nest_lock_25, omp_set_nest_lock@OMP_1.0\n\t"
	 ".symver omp_unset_nest_lock_25, omp_unset_nest_lock@OMP_1.0");
static atomic_int go, arrived, go2, arrived2;
static int x;
static long double ld;
static struct truth_thread outer[3];

/* An edge of the truth's wait-for graph: each task the current task of
   thread *_OF - 1, or (*_OF 0) the one whose function contains *_RA.  */
static void
edge (int waiter_of, uint64_t waiter_ra, int blocker_of, uint64_t blocker_ra,
      long kind)
{
  struct truth_edge *e = &T.e[T.nedges++];
  e->waiter_of = waiter_of;
  e->waiter_ra = waiter_ra;
  e->blocker_of = blocker_of;
  e->blocker_ra = blocker_ra;
  e->kind = kind;
}

/* A deferred task of the truth: function RA, STATE (1 waiting for
   dependences, 2 queued), PENDING dependence edges, made by the implicit
   task of thread GEN_OF - 1; deferred_dep adds a depend item.  */
static void
deferred (struct truth_deferred *d, uint64_t ra, long state, long pending,
	  int gen_of)
{
  memset (d, 0, sizeof *d);
  d->ra = ra;
  d->state = state;
  d->pending = pending;
  d->gen_of = gen_of;
}

static void
deferred_dep (struct truth_deferred *d, const void *addr, long type)
{
  d->dep_addr[d->ndeps] = (uint64_t) (uintptr_t) addr;
  d->dep_type[d->ndeps++] = type;
}

/* Stop point 9 (thread 0 of the team of 3, the others spinning): P1 and P2
   (out a, out b) queued; W1 (in a, inout b) waiting for both; M1 and M2
   (mutexinoutset m) queued; O (a depobj: out e, the one way GCC passes
   out apart from inout) queued; PR (priority 3) in the team's priority
   list; D (out dd, detach) run by taskyield to its end, so detached, its
   event not fulfilled; W2 (in dd) waiting for D, reachable only through
   D; C, made by D, queued; P3 (out f, out g) queued and W3 (in f, in g)
   waiting for it: one predecessor named by two items, one pending.  */
static void
deferred_kinds (void)
{
  static uint64_t ra_p1, ra_p2, ra_w1, ra_m1, ra_m2, ra_w2, ra_o, ra_pr;
  static uint64_t ra_c, ra_d, ra_p3, ra_w3;
  static int a, b, m, dd, e, f, g;
  static atomic_int d_ran;
  omp_event_handle_t ev;
  omp_depend_t obj;
#pragma omp depobj (obj) depend (out: e)
  for (int iter = 0; iter < 2; iter++)
    {
      if (iter == 1)
	{
#pragma omp task depend (out: dd) detach (ev) shared (ra_d, ra_c, d_ran)
	  {
	    ra_d = here ();
	    for (int it = 0; it < 2; it++)
	      {
#pragma omp task if (it == 1) shared (ra_c)
		ra_c = here ();
	      }
	    atomic_store (&d_ran, 1);
	  }
	  while (atomic_load (&d_ran) == 0)
	    {
#pragma omp taskyield
	    }
	}
#pragma omp task depend (out: a) if (iter == 1) shared (ra_p1)
      ra_p1 = here ();
#pragma omp task depend (out: b) if (iter == 1) shared (ra_p2)
      ra_p2 = here ();
#pragma omp task depend (in: a) depend (inout: b) if (iter == 1) \
  shared (ra_w1)
      ra_w1 = here ();
#pragma omp task depend (mutexinoutset: m) if (iter == 1) shared (ra_m1)
      ra_m1 = here ();
#pragma omp task depend (mutexinoutset: m) if (iter == 1) shared (ra_m2)
      ra_m2 = here ();
#pragma omp task depend (in: dd) if (iter == 1) shared (ra_w2)
      ra_w2 = here ();
#pragma omp task depend (depobj: obj) if (iter == 1) shared (ra_o)
      ra_o = here ();
#pragma omp task priority (3) if (iter == 1) shared (ra_pr)
      ra_pr = here ();
#pragma omp task depend (out: f, g) if (iter == 1) shared (ra_p3)
      ra_p3 = here ();
#pragma omp task depend (in: f) depend (in: g) if (iter == 1) shared (ra_w3)
      ra_w3 = here ();
      if (iter == 0)
	{
#pragma omp taskwait
	}
    }
  T.nthreads = 3;
  memcpy (T.t, outer, sizeof outer);
  memset (T.d, 0, sizeof T.d);
  T.ndeferred = 11;
  deferred (&T.d[0], ra_p1, 2, 0, 1);
  deferred_dep (&T.d[0], &a, 3);
  deferred (&T.d[1], ra_p2, 2, 0, 1);
  deferred_dep (&T.d[1], &b, 3);
  deferred (&T.d[2], ra_w1, 1, 2, 1);
  deferred_dep (&T.d[2], &a, 1);
  deferred_dep (&T.d[2], &b, 3);
  deferred (&T.d[3], ra_m1, 2, 0, 1);
  deferred_dep (&T.d[3], &m, 4);
  deferred (&T.d[4], ra_m2, 2, 0, 1);
  deferred_dep (&T.d[4], &m, 4);
  deferred (&T.d[5], ra_w2, 1, 1, 1);
  deferred_dep (&T.d[5], &dd, 1);
  deferred (&T.d[6], ra_o, 2, 0, 1);
  deferred_dep (&T.d[6], &e, 2);
  deferred (&T.d[7], ra_pr, 2, 0, 1);
  deferred (&T.d[8], ra_c, 2, 0, 0);
  T.d[8].gen_ra = ra_d;
  T.d[8].gen_state = 4;		/* detached */
  deferred (&T.d[9], ra_p3, 2, 0, 1);
  deferred_dep (&T.d[9], &f, 3);
  deferred_dep (&T.d[9], &g, 3);
  deferred (&T.d[10], ra_w3, 1, 1, 1);
  deferred_dep (&T.d[10], &f, 1);
  deferred_dep (&T.d[10], &g, 1);
  /* Each task waiting for its dependences waits for each predecessor
     once (W3 names P3 twice).  */
  edge (0, ra_w1, 0, ra_p1, ompdbg_task_wait_dependence);
  edge (0, ra_w1, 0, ra_p2, ompdbg_task_wait_dependence);
  edge (0, ra_w2, 0, ra_d, ompdbg_task_wait_dependence);
  edge (0, ra_w3, 0, ra_p3, ompdbg_task_wait_dependence);
  run ("deferred tasks of every kind", false);
  T.ndeferred = T.nedges = 0;
  omp_fulfill_event (ev);
#pragma omp taskwait
#pragma omp depobj (obj) destroy
}

/* Threads 1 and 2 back in the explicit barrier after a task one of them
   ran from it, checked by thread 0 (stops 10 and 11).  */
static void
check_back_in_barrier (const char *what)
{
  T.nthreads = 3;
  memcpy (T.t, outer, sizeof outer);
  T.t[1].state = T.t[2].state = 0x14;
  wait_state (outer[1].tid, 0x14);
  wait_state (outer[2].tid, 0x14);
  run (what, false);
}

static void
nested_fn (void *arg)
{
  (void) arg;
  int n = omp_get_thread_num ();
  truth_self (&T.t[n == 0 ? 0 : 3], n == 0 ? 1 : 0x14, 0, 2,
	      (uint64_t) nested_fn, 0, (uint64_t) nested_fn);
#pragma omp barrier
  if (n == 0)
    {
      T.nthreads = 4;
      T.t[1] = outer[1];
      T.t[2] = outer[2];
      wait_state (T.t[1].tid, 0x14);
      wait_state (T.t[2].tid, 0x14);
      wait_state (T.t[3].tid, 0x14);
      run ("nested region", false);
    }
#pragma omp barrier
}

static void
region_fn (void *arg)
{
  (void) arg;
  int n = omp_get_thread_num ();
  /* 1. The team of 3: thread 0 checks, the others at a barrier.  */
  truth_self (&outer[n], n == 0 ? 1 : 0x14, 0, 2, (uint64_t) region_fn, 0,
	      (uint64_t) region_fn);
  /* OMP_NUM_THREADS=3,2: the list ends at this level.  */
#pragma omp barrier
  if (n == 0)
    {
      T.nthreads = 3;
      memcpy (T.t, outer, sizeof outer);
      wait_state (outer[1].tid, 0x14);
      wait_state (outer[2].tid, 0x14);
      run ("team of 3", true);
    }
#pragma omp barrier

  /* 2. Nested: thread 0 starts a region of 2 (a new pool thread).  */
  if (n == 0)
    GOMP_parallel (nested_fn, NULL, 2, 0);
#pragma omp barrier

  /* 3. Tasks: the others spin in the program (no scheduling point), so
     deferred tasks stay queued.  Each task construct runs once
     undeferred first, to learn an address inside its function.  */
  if (n != 0)
    atomic_fetch_add (&arrived, 1);
  if (n == 0)
    {
      static uint64_t ra_a, ra_b;
      /* The others are in the program's loop, not leaving a barrier.  */
      while (atomic_load (&arrived) < 2)
	;
      for (int iter = 0; iter < 2; iter++)
	{
#pragma omp task depend(out: x) if (iter == 1) shared (ra_a, go)
	  {
	    ra_a = here ();
	    if (iter == 1)
	      while (atomic_load (&go) < 1)
		;
	  }
#pragma omp task depend(in: x) if (iter == 1) shared (ra_b, x)
	  {
	    ra_b = here ();
	    x++;
	  }
	  if (iter == 0)
	    {
#pragma omp taskwait
	    }
	}
#pragma omp task if (0) shared (T, outer)
      {
	uint64_t ra = here ();
	T.nthreads = 3;
	memcpy (T.t, outer, sizeof outer);
	truth_self (&T.t[0], 1, 0, 4, 0, ra, (uint64_t) region_fn);
	/* Made by thread 0's implicit task, started from it.  */
	T.t[0].gen_of = T.t[0].sched_of = 1;
	T.t[0].undeferred = 1;
	T.t[1].state = T.t[2].state = 1;
	T.t[1].check_wait = T.t[2].check_wait = 0;
	memset (T.d, 0, sizeof T.d);
	T.ndeferred = 2;
	/* GCC passes out and inout items as one group: both inout.  */
	deferred (&T.d[0], ra_a, 2, 0, 1);
	deferred_dep (&T.d[0], &x, 3);
	deferred (&T.d[1], ra_b, 1, 1, 1);
	deferred_dep (&T.d[1], &x, 1);
	edge (0, ra_b, 0, ra_a, ompdbg_task_wait_dependence);
	run ("undeferred task, two deferred", false);
	T.ndeferred = T.nedges = 0;
      }
      atomic_store (&go, 1);
#pragma omp taskwait
      atomic_store (&go, 2);
    }
  else
    while (atomic_load (&go) < 2)
      ;
#pragma omp barrier

  /* 4. Taskwait: thread 0 waits in a taskwait for a task that one of
     the others, come to the barrier, runs; that one checks, the third
     is in the barrier.  Thread 0 reaches no scheduling point before the
     task has started, so it cannot run the task itself.  */
  if (n == 0)
    {
      static atomic_int started;
      truth_self (&outer[0], 0x20, 0, 2, (uint64_t) region_fn, 0,
		  (uint64_t) region_fn);
      outer[0].check_wait = 0;
#pragma omp task shared (outer, T, started)
      {
	uint64_t ra = here ();
	int me = omp_get_thread_num (), other = 3 - me;
	atomic_store (&started, 1);
	T.nthreads = 3;
	memcpy (T.t, outer, sizeof outer);
	truth_self (&T.t[me], 1, 0, 4, 0, ra, (uint64_t) region_fn);
	/* Made by thread 0's implicit task, started from this thread's at
	   the barrier.  */
	T.t[me].gen_of = 1;
	T.t[me].sched_of = me + 1;
	T.t[other].state = 0x14;
	T.t[other].check_wait = 0;
	wait_state (T.t[0].tid, 0x20);
	wait_state (T.t[other].tid, 0x14);
	/* Thread 0's implicit task waits for this one, its child.  */
	edge (1, 0, me + 1, 0, ompdbg_task_wait_taskwait);
	run ("taskwait", false);
	T.nedges = 0;
      }
      while (atomic_load (&started) == 0)
	;
#pragma omp taskwait
    }
#pragma omp barrier

  /* 5. A lock: thread 1 waits for it, thread 2 at a barrier.  */
  if (n == 0)
    omp_set_lock (&lock);
#pragma omp barrier
  if (n == 1)
    {
      outer[1].state = 0x41;
      outer[1].wait_id = (uint64_t) (uintptr_t) &lock;
      outer[1].check_wait = 1;
      omp_set_lock (&lock);
      omp_unset_lock (&lock);
    }
  if (n == 0)
    {
      T.nthreads = 3;
      outer[0].state = 1;
      outer[2].state = 0x14;
      outer[2].check_wait = 0;
      memcpy (T.t, outer, sizeof outer);
      T.t[1].state = 0x41;
      T.t[1].wait_id = (uint64_t) (uintptr_t) &lock;
      T.t[1].check_wait = 1;
      T.t[1].wait_holder = outer[0].tid;
      wait_state (outer[1].tid, 0x41);
      wait_state (outer[2].tid, 0x14);
      run ("lock wait", false);
      T.t[1].wait_holder = 0;
      omp_unset_lock (&lock);
    }
#pragma omp barrier
  outer[0].state = outer[1].state = outer[2].state = 1;
  outer[1].wait_id = 0;
  outer[0].check_wait = outer[1].check_wait = outer[2].check_wait = 0;

  /* 5b. Nest locks: thread 0 holds a nest lock twice and an OpenMP 2.5
     nest lock three times, thread 1 waits for the first, thread 2 for
     the second.  */
  if (n == 0)
    {
      omp_set_nest_lock (&nest);
      omp_set_nest_lock (&nest);
      for (int i = 0; i < 3; i++)
	omp_set_nest_lock_25 (&nest25);
    }
#pragma omp barrier
  if (n == 1)
    {
      omp_set_nest_lock (&nest);
      omp_unset_nest_lock (&nest);
    }
  else if (n == 2)
    {
      omp_set_nest_lock_25 (&nest25);
      omp_unset_nest_lock_25 (&nest25);
    }
  else
    {
      T.nthreads = 3;
      memcpy (T.t, outer, sizeof outer);
      void *obj[3] = { NULL, &nest, &nest25 };
      for (int k = 1; k < 3; k++)
	{
	  T.t[k].state = 0x41;
	  T.t[k].wait_id = (uint64_t) (uintptr_t) obj[k];
	  T.t[k].check_wait = 1;
	  T.t[k].wait_holder = outer[0].tid;
	  T.t[k].nest_count = k == 1 ? 2 : 3;
	  wait_state (outer[k].tid, 0x41);
	}
      run ("nest lock waits", false);
      omp_unset_nest_lock (&nest);
      omp_unset_nest_lock (&nest);
      for (int i = 0; i < 3; i++)
	omp_unset_nest_lock_25 (&nest25);
    }
#pragma omp barrier

  /* 5c. A critical section: thread 0 in it, thread 1 waiting for it,
     thread 2 at a barrier.  */
  {
    static atomic_int inside;
    if (n == 0)
      {
#pragma omp critical (self_test)
	{
	  atomic_store (&inside, 1);
	  T.nthreads = 3;
	  memcpy (T.t, outer, sizeof outer);
	  T.t[1].state = 0x42;
	  T.t[1].wait_holder = outer[0].tid;
	  T.t[2].state = 0x14;
	  wait_state (outer[1].tid, 0x42);
	  wait_state (outer[2].tid, 0x14);
	  run ("critical wait", false);
	}
      }
    else if (n == 1)
      {
	while (atomic_load (&inside) == 0)
	  ;
#pragma omp critical (self_test)
	atomic_fetch_add (&inside, 1);
      }
  }
#pragma omp barrier

  /* 6. A worksharing construct's implicit barrier and the atomic lock,
     in sections (a static loop would not do: GCC ends it with
     GOMP_barrier, the barrier construct's entry point).  The thread that
     runs section 1 takes the runtime's atomic lock (GOMP_atomic_start,
     what GCC calls for an atomic construct it cannot inline) and checks;
     the one that runs section 3 waits for the lock in such a construct;
     the third, with no section left, waits at the end of the
     sections.  */
  {
    static atomic_int held, atomic_thr;
#pragma omp sections
    {
#pragma omp section
      {
	int me = omp_get_thread_num ();
	GOMP_atomic_start ();
	atomic_store (&held, 1);
	while (atomic_load (&atomic_thr) == 0)
	  ;
	int at = atomic_load (&atomic_thr) - 1, other = 3 - me - at;
	T.nthreads = 3;
	memcpy (T.t, outer, sizeof outer);
	T.t[at].state = 0x43;
	T.t[at].wait_holder = outer[me].tid;
	T.t[other].state = 0x12;
	wait_state (outer[at].tid, 0x43);
	wait_state (outer[other].tid, 0x12);
	run ("sections barrier, atomic wait", false);
	GOMP_atomic_end ();
      }
#pragma omp section
      ;
#pragma omp section
      {
	while (atomic_load (&held) == 0)
	  ;
	atomic_store (&atomic_thr, omp_get_thread_num () + 1);
#pragma omp atomic
	ld += 1.0L;
      }
    }
  }

  /* 7. The end of a taskgroup and an ordered turn: thread 0 has the turn
     of iteration 0 and waits at the end of a taskgroup in it for its
     task, thread 1 waits for the turn of iteration 1, thread 2 (no
     iteration) runs the task from the barrier after the loop and
     checks.  Thread 0 reaches no scheduling point before the task has
     started.  */
  {
    static atomic_int started;
#pragma omp for ordered schedule(static, 1) nowait
    for (int i = 0; i < 2; i++)
      {
#pragma omp ordered
	if (i == 0)
	  {
#pragma omp taskgroup
	    {
#pragma omp task shared (outer, T, started)
	      {
		uint64_t ra = here ();
		int me = omp_get_thread_num ();
		atomic_store (&started, 1);
		T.nthreads = 3;
		memcpy (T.t, outer, sizeof outer);
		truth_self (&T.t[me], 1, 0, 4, 0, ra, (uint64_t) region_fn);
		T.t[me].gen_of = 1;
		T.t[me].sched_of = me + 1;
		T.t[0].state = 0x21;
		T.t[1].state = 0x44;
		/* Thread 0 has the turn of iteration 0; thread 1's chunk
		   starts at 1.  */
		T.t[1].wait_holder = outer[0].tid;
		T.t[1].ordered_turn = 0;
		T.t[1].ordered_own = 1;
		/* Thread 0's implicit task waits at the end of the taskgroup
		   for this task.  */
		edge (1, 0, me + 1, 0, ompdbg_task_wait_taskgroup);
		CHECK (me == 2, "the taskgroup's task runs on thread %d, not 2",
		       me);
		wait_state (outer[0].tid, 0x21);
		wait_state (outer[1].tid, 0x44);
		run ("taskgroup end, ordered turn", false);
		T.nedges = 0;
	      }
	      while (atomic_load (&started) == 0)
		;
	    }
	  }
      }
  }
#pragma omp barrier

  /* 8. single copyprivate: whoever runs the block checks while the two
     others wait in the runtime's hand-over barrier.  */
  {
    int cp;
#pragma omp single copyprivate (cp)
    {
      int me = omp_get_thread_num ();
      T.nthreads = 3;
      memcpy (T.t, outer, sizeof outer);
      for (int k = 0; k < 3; k++)
	if (k != me)
	  {
	    T.t[k].state = 0x15;
	    wait_state (outer[k].tid, 0x15);
	  }
      run ("single copyprivate hand-over", false);
      cp = 42;
    }
    CHECK (cp == 42, "copyprivate gave %d on thread %d", cp, n);
  }
#pragma omp barrier

  /* 9. Deferred tasks of every kind, made by thread 0 while the others
     spin in the program (no scheduling point).  Each task construct runs
     once undeferred first, to learn an address inside its function.  */
  if (n != 0)
    atomic_fetch_add (&arrived2, 1);
  if (n == 0)
    {
      while (atomic_load (&arrived2) < 2)
	;
      deferred_kinds ();
      atomic_store (&go2, 1);
    }
  else
    while (atomic_load (&go2) < 1)
      ;
#pragma omp barrier

  /* 10. Back in a barrier after a task with regions: thread 1 makes a
     task and goes to the barrier, where it or thread 2 runs it; the task
     runs a region of two threads and one of one.  Thread 0 spins in the
     program until the task is done, then checks: its runner waits in
     the barrier again (the state it went back to is the barrier's, not
     the work of the regions it ran meanwhile).  */
  {
    static atomic_int done10;
    if (n == 1)
      {
#pragma omp task
	{
#pragma omp parallel num_threads (2)
	  __asm__ volatile ("" ::: "memory");
#pragma omp parallel num_threads (1)
	  __asm__ volatile ("" ::: "memory");
	  atomic_store (&done10, 1);
	}
      }
    if (n == 0)
      {
	while (atomic_load (&done10) == 0)
	  ;
	check_back_in_barrier ("back in a barrier after a task with regions");
      }
#pragma omp barrier
  }

  /* 11. Back in a barrier after a task that waited: thread 1 makes a
     task and goes to the barrier, where it or thread 2 (the runner)
     runs it; the task makes a child, which the other one (come to the
     barrier too) takes, and waits for it in a taskwait.  Thread 0 spins
     in the program: the runner is in the task's taskwait, the other
     works (it runs the child from the barrier); then both are in the
     barrier again -- the runner's wait is the barrier's, not the
     taskwait's it went through, though nothing restores it (the state of
     a wait that runs tasks is the waiting task's: runtime/internal.h).  */
  {
    static atomic_int runner11 = -1, child11 = -1, go11, done11;
    if (n == 1)
      {
#pragma omp task
	{
	  atomic_store (&runner11, omp_get_thread_num ());
#pragma omp task
	  {
	    atomic_store (&child11, omp_get_thread_num ());
	    while (atomic_load (&go11) == 0)
	      ;
	  }
	  /* No scheduling point until the other thread has the child.  */
	  while (atomic_load (&child11) < 0)
	    ;
#pragma omp taskwait
	  atomic_store (&done11, 1);
	}
      }
    if (n == 0)
      {
	while (atomic_load (&child11) < 0)
	  ;
	int r = atomic_load (&runner11), x = atomic_load (&child11);
	if ((r == 1 && x == 2) || (r == 2 && x == 1))
	  {
	    wait_state (outer[r].tid, 0x20);
	    wait_state (outer[x].tid, 0x01);
	  }
	else
	  check (false, "the task ran on thread %d, its child on thread %d",
		 r, x);
	atomic_store (&go11, 1);
	while (atomic_load (&done11) == 0)
	  ;
	check_back_in_barrier ("back in a barrier after a task that waited");
      }
#pragma omp barrier
  }
}

/* 6. The end of a region: threads 0 and 1 have finished it (the master
   waits for the others, thread 1 has joined), thread 2 still works in it
   and checks.  The two are in the region's implicit barrier and members
   of its team still -- not idle (the case of a crash in one thread).  */
static void
end_fn (void *arg)
{
  (void) arg;
  int n = omp_get_thread_num ();
  truth_self (&outer[n], n == 2 ? 1 : 0x11, 0, 2, (uint64_t) end_fn, 0,
	      (uint64_t) end_fn);
  outer[n].check_wait = 0;
#pragma omp barrier
  if (n == 2)
    {
      T.nthreads = 3;
      memcpy (T.t, outer, sizeof outer);
      wait_state (outer[0].tid, 0x11);
      wait_state (outer[1].tid, 0x11);
      /* Time for thread 1 to go past its join, back to the pool's wait.  */
      struct timespec ts = { 0, 100000000 };
      nanosleep (&ts, NULL);
      run ("end of region, one thread still in it", false);
    }
}

int
main (int argc, char **argv)
{
  if (argc == 3 && strcmp (argv[1], "--target") == 0)
    target_dir = argv[2];
  setenv ("OMP_NUM_THREADS", "3,2", 1);
  setenv ("OMP_MAX_ACTIVE_LEVELS", "4", 1);
  setenv ("OMP_SCHEDULE", "dynamic,7", 1);
  setenv ("OMP_MAX_TASK_PRIORITY", "5", 1);
  setenv ("OMP_CANCELLATION", "true", 1);
  setenv ("OMP_WAIT_POLICY", "passive", 1);
  setenv ("OMP_STACKSIZE", "3M", 1);
  setenv ("OMP_TARGET_OFFLOAD", "disabled", 1);
  setenv ("OMP_TOOL", "disabled", 1);
  setenv ("OMP_TOOL_LIBRARIES", "/opt/ompdbg-test/no-such-tool.so", 1);
  setenv ("OMP_TOOL_VERBOSE_INIT", "stderr", 1);
  setenv ("GOMP_SPINCOUNT", "20k", 1);
  unsetenv ("OMP_DEBUG");
  unsetenv ("OMP_PROC_BIND");
  unsetenv ("OMP_PLACES");
  unsetenv ("GOMP_CPU_AFFINITY");
  inproc_ensure_ours (argv);
  if (target_dir != NULL)
    {
      char path[4096], pid[32];
      snprintf (path, sizeof path, "%s/pid", target_dir);
      snprintf (pid, sizeof pid, "%ld\n", (long) getpid ());
      write_file (path, fill_text, pid);
    }
  setvbuf (stdout, NULL, _IOLBF, 0);
  checks_free = inproc_free;
  checks_callbacks = inproc_callbacks ();
  checks_context = inproc_context ();
  checks_caps.frames = layout_has ("gomp_task.frame.exit_frame");
  checks_caps.tool_data = layout_has ("gomp_task.tool_data");
  checks_caps.sched_parent = layout_has ("gomp_task.sched_parent");

  if (ompd_api_load (inproc_libompd (), &api) != 0)
    return 1;
  ompd_rc_t rc = api.initialize (202011, inproc_callbacks ());
  if (rc != ompd_rc_ok)
    {
      printf ("FAIL: ompd_initialize: %s\n", ompd_rc_name (rc));
      return 1;
    }
  omp_init_lock (&lock);
  omp_init_nest_lock (&nest);
  omp_init_nest_lock_25 (&nest25);
  rc = api.process_initialize (inproc_context (), &as);
  if (rc != ompd_rc_ok)
    {
      printf ("FAIL: ompd_process_initialize: %s\n", ompd_rc_name (rc));
      return 1;
    }

  /* 0. The initial thread, outside any region.  */
  truth_global (&T);
  T.debug = 0;
  /* Every stop has the edges it lists, none where it lists none.  */
  T.check_edges = 1;
  /* The environment set above, as OpenMP 5.1 and this runtime's
     documentation define it (docs/environment.md).  */
  T.env_known = 1;
  T.stacksize = 3L << 20;		/* OMP_STACKSIZE=3M */
  T.wait_policy = 0;
  strcpy (T.wait_policy_str, "passive");
  T.target_offload = 2;
  strcpy (T.target_offload_str, "disabled");
  T.tool = 0;
  strcpy (T.tool_str, "disabled");
  strcpy (T.tool_libraries, "/opt/ompdbg-test/no-such-tool.so");
  strcpy (T.tool_verbose_init, "stderr");
  strcpy (T.def_sched, "static,0");	/* loops without a schedule clause */
  T.spincount = 20000;			/* GOMP_SPINCOUNT=20k */
  T.throttled_spincount = 0;		/* passive: never more than that */
  strcpy (T.cpu_affinity, "");
  strcpy (T.places, "");
  T.nthreads = 1;
  truth_self (&T.t[0], 0, 0, 1, 0, 0, 0);
  strcpy (T.t[0].nthreads_str, "3,2");
  T.t[0].nthreads_incomplete = 1;
  run ("initial thread", false);
  if (target_dir == NULL)
    check_incompatible ();
  struct truth_thread initial = T.t[0];

  GOMP_parallel (region_fn, NULL, 3, 0);
  GOMP_parallel (end_fn, NULL, 3, 0);

  /* 7. After the regions: the pool threads are idle.  */
  T.nthreads = 4;
  T.t[0] = initial;
  for (int k = 1; k < 4; k++)
    {
      long tid = k < 3 ? outer[k].tid : T.t[3].tid;
      uint64_t pt = k < 3 ? outer[k].pthread : T.t[3].pthread;
      memset (&T.t[k], 0, sizeof T.t[k]);
      T.t[k].tid = tid;
      T.t[k].pthread = pt;
      T.t[k].idle = 1;
      wait_state (tid, ompt_state_idle);
    }
  run ("idle pool threads", false);

  rc = api.rel_address_space_handle (as);
  CHECK (rc == ompd_rc_ok, "ompd_rel_address_space_handle: %s",
	 ompd_rc_name (rc));
  rc = api.finalize ();
  CHECK (rc == ompd_rc_ok, "ompd_finalize: %s", ompd_rc_name (rc));
  /* Not initialised any more: finalize again is unsupported, a session
     cannot start; what needs no callbacks still answers.  */
  rc = api.finalize ();
  CHECK (rc == ompd_rc_unsupported, "ompd_finalize when not initialised: %s",
	 ompd_rc_name (rc));
  ompd_address_space_handle_t *late;
  rc = api.process_initialize (inproc_context (), &late);
  CHECK (rc == ompd_rc_error,
	 "ompd_process_initialize when not initialised: %s",
	 ompd_rc_name (rc));
  ompd_word_t version;
  rc = api.get_api_version (&version);
  CHECK (rc == ompd_rc_ok && version == 202011,
	 "ompd_get_api_version when not initialised: %s", ompd_rc_name (rc));
  CHECK (inproc_outstanding () == 0,
	 "%ld blocks allocated through the callbacks not freed",
	 inproc_outstanding ());
  if (target_dir != NULL)
    {
      printf ("%d stops checked from outside; here: ", target_stop);
      return check_finish (1);
    }
  return check_finish (500);
}
