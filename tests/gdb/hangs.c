/* hangs.c -- OpenMP programs that hang, one per kind of hang, for the
   tests of `ompd diagnose' and `ompdbg diagnose'; and one that does not.

   Usage: hangs KIND TRUTH-FILE [hang|abort]

   The threads of KIND walk into their hang; a watchdog thread (a plain
   pthread, no OpenMP thread) waits until each has announced the blocking
   call it makes next, gives it time to get there, writes the ground
   truth to TRUTH-FILE and calls hang_stop () (the test's breakpoint, or
   the place a gcore is taken).  With `hang' the watchdog then sleeps
   (the test runs a debugger on the PID); with `abort' it aborts (a
   kernel core).

   Lines of TRUTH-FILE (space-separated key=value):
     thread role=R tid=T num=N      an OpenMP thread of the scene: R names
                                    its part (holder, waiter, ...)
     line name=X line=L             the source line of construct X
     symbol name=X addr=0x...       a lock the diagnosis names
   and `ready' last.  */

#define _GNU_SOURCE
#include <omp.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static FILE *truth;
static const char *mode = "";
static _Atomic int armed;	/* threads at their blocking call */
static _Atomic int want;	/* how many the scene has, once it says */
static volatile int never;	/* what a spinning thread waits for */
/* Written after each blocking call, so that the call is not the
   function's last: a tail call would leave no frame of the scene on the
   stack to name.  */
static volatile int sink;

omp_lock_t audit_lock, account_lock, ledger_lock, handoff_lock;
omp_nest_lock_t journal_lock;

static pthread_mutex_t truth_mu = PTHREAD_MUTEX_INITIALIZER;

static void
say (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  pthread_mutex_lock (&truth_mu);
  vfprintf (truth, fmt, ap);
  fputc ('\n', truth);
  pthread_mutex_unlock (&truth_mu);
  va_end (ap);
}

/* The calling OpenMP thread plays ROLE; it makes its blocking call
   next.  */
static void
arm (const char *role)
{
  say ("thread role=%s tid=%ld num=%d", role, (long) syscall (SYS_gettid),
       omp_get_thread_num ());
  atomic_fetch_add (&armed, 1);
}

static void
await_armed (int n)
{
  while (atomic_load (&armed) < n)
    ;
}

/* The line after this one: where the construct named NAME is.  */
#define LINE(name) say ("line name=%s line=%d", name, __LINE__ + 1)

void __attribute__ ((noinline))
hang_stop (void)
{
  __asm__ volatile ("" ::: "memory");
}

static void *
watchdog (void *arg)
{
  (void) arg;
  while (atomic_load (&want) == 0)
    ;
  await_armed (atomic_load (&want));
  /* Long enough for every thread to be in its wait: a waiter stores its
     state before it spins.  */
  struct timespec ts = { 0, 500 * 1000 * 1000 };
  nanosleep (&ts, NULL);
  say ("symbol name=audit_lock addr=%p", (void *) &audit_lock);
  say ("symbol name=account_lock addr=%p", (void *) &account_lock);
  say ("ready");
  fflush (truth);
  hang_stop ();
  if (strcmp (mode, "abort") == 0)
    abort ();
  for (;;)
    pause ();
  return NULL;
}

/* ---- the scenes ----------------------------------------------------------- */

/* Two threads take two locks in opposite orders.  */
static void
transfer (void)
{
  omp_set_lock (&audit_lock);
  arm ("transfer");
  await_armed (2);
  LINE ("transfer");
  omp_set_lock (&account_lock);
  sink++;
}

static void
audit (void)
{
  omp_set_lock (&account_lock);
  arm ("audit");
  await_armed (2);
  LINE ("audit");
  omp_set_lock (&audit_lock);
  sink++;
}

static void
scene_locks (void)
{
  want = 2;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num () == 0)
      transfer ();
    else
      audit ();
  }
}

/* Thread 0 has taken something (TAKE) and waits at a barrier for
   thread 1, which waits to take it (WANT_IT, which says its line and
   does not end in a tail call: its frame is where the thread waits).  */
static void
held_at_barrier (void (*take) (void), void (*want_it) (void))
{
  want = 2;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num () == 0)
      {
	take ();
	arm ("holder");
	await_armed (2);
	LINE ("barrier");
#pragma omp barrier
	sink++;
      }
    else
      {
	await_armed (1);
	arm ("waiter");
	want_it ();
	sink++;
      }
  }
}

/* A nest lock held twice by a thread that waits at a barrier for the
   thread that wants the lock.  */
static void
take_journal (void)
{
  omp_set_nest_lock (&journal_lock);
  omp_set_nest_lock (&journal_lock);
}

static void
want_journal (void)
{
  LINE ("nest");
  omp_set_nest_lock (&journal_lock);
  sink++;
}

static void
scene_nestlock (void)
{
  held_at_barrier (take_journal, want_journal);
}

/* A lock held by the thread that waits for a critical section, whose
   holder waits for the lock.  */
static void
scene_lockcrit (void)
{
  want = 2;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num () == 0)
      {
	omp_set_lock (&ledger_lock);
	await_armed (1);
	arm ("lockholder");
	LINE ("critical");
#pragma omp critical(audit)
	never++;
      }
    else
      {
#pragma omp critical(audit)
	{
	  arm ("critholder");
	  await_armed (2);
	  LINE ("lock");
	  omp_set_lock (&ledger_lock);
	}
      }
  }
}

/* Threads wait at a barrier that one of them never reaches: it spins in
   its own code.  */
static void
scene_barrier (void)
{
  want = 3;
#pragma omp parallel num_threads(3)
  {
    if (omp_get_thread_num () == 2)
      {
	arm ("late");
	LINE ("spin");
	while (!never)
	  ;
      }
    else
      {
	arm ("waiter");
	LINE ("barrier");
#pragma omp barrier
	sink++;
      }
  }
}

/* One thread skips an explicit barrier the others wait at (a program
   error: every thread of the team must meet it) and waits at the
   region's end instead.  */
static void
scene_barmismatch (void)
{
  want = 3;
#pragma omp parallel num_threads(3)
  {
    if (omp_get_thread_num () != 2)
      {
	arm ("waiter");
	LINE ("barrier");
#pragma omp barrier
	sink++;
      }
    else
      {
	arm ("skipper");
      }
    LINE ("end");
  }
}

/* The ordered turn of iteration 0 belongs to a thread that waits for a
   lock the thread waiting for the turn holds.  */
static void
scene_ordered (void)
{
  want = 2;
#pragma omp parallel num_threads(2)
  {
#pragma omp for ordered schedule(static, 1)
    for (int i = 0; i < 2; i++)
      {
	if (i == 1)
	  {
	    omp_set_lock (&handoff_lock);
	    arm ("turnwaiter");
	    LINE ("ordered");
	  }
	else
	  {
	    await_armed (1);
	    arm ("turnholder");
	    LINE ("lock");
	    omp_set_lock (&handoff_lock);
	  }
#pragma omp ordered
	never++;
      }
  }
}

/* A taskwait for a child that waits for a lock its parent's thread
   holds.  */
static void
scene_taskwait (void)
{
  want = 2;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num () == 0)
      {
	omp_set_lock (&ledger_lock);
	LINE ("task");
#pragma omp task
	{
	  arm ("child");
	  LINE ("child_lock");
	  omp_set_lock (&ledger_lock);
	  sink++;
	}
	await_armed (1);
	arm ("parent");
	LINE ("taskwait");
#pragma omp taskwait
	sink++;
      }
#pragma omp barrier
    sink++;
  }
}

/* A task spins until a task that depends on it has run: the second
   waits for the first (x), the first for the second through the
   program's own flag, which no runtime sees.  */
static int x, y;

static void
scene_depcycle (void)
{
  want = 2;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num () == 0)
      {
	LINE ("producer");
#pragma omp task depend(out: x) shared(x, y)
	{
	  arm ("spinner");
	  while (!never)
	    x++;
	}
	await_armed (1);
	LINE ("consumer");
#pragma omp task depend(in: x) depend(out: y) shared(x, y)
	{
	  never = y = x;
	}
	arm ("creator");
	LINE ("taskwait");
#pragma omp taskwait
	sink++;
      }
#pragma omp barrier
    sink++;
  }
}

/* The end of a taskgroup waits for a task of the group that waits for a
   lock the group's thread holds.  */
static void
scene_taskgroup (void)
{
  want = 2;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num () == 0)
      {
	omp_set_lock (&ledger_lock);
	LINE ("taskgroup");
#pragma omp taskgroup
	{
	  LINE ("task");
#pragma omp task
	  {
	    arm ("member");
	    omp_set_lock (&ledger_lock);
	    sink++;
	  }
	  await_armed (1);
	  arm ("groupwaiter");
	}
	sink++;
      }
#pragma omp barrier
    sink++;
  }
}

/* No hang: every thread works, one of them holding a lock nobody wants.  */
static void
scene_nohang (void)
{
  want = 2;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num () == 0)
      omp_set_lock (&audit_lock);
    arm ("worker");
    LINE ("work");
    while (!never)
      ;
  }
}

/* The barrier scene with a whole team (OMP_NUM_THREADS): every thread
   but the last waits at a barrier, the last spins (bench/diagnose.sh).  */
static void
scene_wide (void)
{
  want = omp_get_max_threads ();
#pragma omp parallel
  {
    if (omp_get_thread_num () == omp_get_num_threads () - 1)
      {
	arm ("late");
	while (!never)
	  ;
      }
    else
      {
	arm ("waiter");
#pragma omp barrier
	sink++;
      }
  }
}

/* The OpenMP 2.5 nest lock of programs built by GCC 4.2 and 4.3: 8
   bytes, owned by a thread, handled by the functions of version
   OMP_1.0 (the default version of these names is OMP_3.0's).  */
typedef struct { int owner, count; } nest_lock_25_t;
nest_lock_25_t register_lock;
void init_nest_lock_25 (nest_lock_25_t *);
void set_nest_lock_25 (nest_lock_25_t *);
__asm__ (".symver init_nest_lock_25, omp_init_nest_lock@OMP_1.0");
__asm__ (".symver set_nest_lock_25, omp_set_nest_lock@OMP_1.0");

/* The lock GCC's code takes around an atomic update the machine cannot
   make in one instruction (a long double's): part of the ABI.  */
void GOMP_atomic_start (void);
static long double tally;

/* The nestlock scene with an OpenMP 2.5 nest lock.  */
static void
take_register (void)
{
  set_nest_lock_25 (&register_lock);
  set_nest_lock_25 (&register_lock);
}

static void
want_register (void)
{
  LINE ("nest");
  set_nest_lock_25 (&register_lock);
  sink++;
}

static void
scene_nestlock25 (void)
{
  init_nest_lock_25 (&register_lock);
  held_at_barrier (take_register, want_register);
}

/* The atomic lock held (as in the middle of an atomic update) by a
   thread that waits at a barrier for the thread that wants it for its
   own update.  */
static void
want_atomic (void)
{
  LINE ("atomic");
#pragma omp atomic
  tally += 1.0L;
  sink++;
}

static void
scene_atomic (void)
{
  held_at_barrier (GOMP_atomic_start, want_atomic);
}

static const struct
{
  const char *name;
  void (*fn) (void);
} scenes[] = {
  { "locks", scene_locks },
  { "nestlock", scene_nestlock },
  { "nestlock25", scene_nestlock25 },
  { "atomic", scene_atomic },
  { "lockcrit", scene_lockcrit },
  { "barrier", scene_barrier },
  { "barmismatch", scene_barmismatch },
  { "ordered", scene_ordered },
  { "taskwait", scene_taskwait },
  { "depcycle", scene_depcycle },
  { "taskgroup", scene_taskgroup },
  { "nohang", scene_nohang },
  { "wide", scene_wide },
};

int
main (int argc, char **argv)
{
  if (argc < 3)
    {
      fprintf (stderr, "usage: hangs KIND TRUTH-FILE [hang|abort]\n");
      return 2;
    }
  truth = fopen (argv[2], "w");
  if (truth == NULL)
    {
      perror (argv[2]);
      return 2;
    }
  if (argc > 3)
    mode = argv[3];
  omp_init_lock (&audit_lock);
  omp_init_lock (&account_lock);
  omp_init_lock (&ledger_lock);
  omp_init_lock (&handoff_lock);
  omp_init_nest_lock (&journal_lock);
  for (size_t i = 0; i < sizeof scenes / sizeof scenes[0]; i++)
    if (strcmp (argv[1], scenes[i].name) == 0)
      {
	say ("main tid=%ld", (long) syscall (SYS_gettid));
	pthread_t w;
	pthread_create (&w, NULL, watchdog, NULL);
	scenes[i].fn ();
	fprintf (stderr, "hangs: %s did not hang\n", argv[1]);
	return 1;
      }
  fprintf (stderr, "hangs: no scene %s\n", argv[1]);
  return 2;
}
