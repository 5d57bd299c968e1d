/* state-prog.c -- the target program of tests/ompd/state.sh.

   It sets up situations whose runtime state is known -- a thread waiting
   at a barrier, for a lock, a named and the unnamed critical, its ordered
   turn, at a taskwait and at the end of a taskgroup while the other
   thread runs the task, idle pool threads, a serialized region, a
   worksharing loop's implicit barrier, the atomic lock, single
   copyprivate's hand-over and the barrier that ends a loop's task
   reductions (both barriers the runtime adds) -- and in each calls
   ompdbg_check (PHASE), on which state.py (run by gdb) stops
   and compares the runtime's records with the ground truth this program
   keeps in globals: each thread's kernel thread id, the lock's address,
   which thread runs what.  gdb answers through ompdbg_ack: 1 verified,
   2 failed.  The waiting thread may not have reached its wait yet when
   the check first runs, so the program asks again (every 10 ms, for at
   most 10 s) until gdb says something.  Without gdb nothing ever
   answers, and the program fails: it can only pass under the checker.
   Phase 12 has no ompdbg_check: while ompdbg_forming is set, the program
   starts its first region, so the runtime, with no pool thread yet,
   creates one while it forms the team, and state.py checks the
   encountering thread in pthread_create (state overhead).  */

#define _GNU_SOURCE
#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* Ground truth, read by state.py.  */
volatile int ompdbg_phase;
volatile int ompdbg_ack;
volatile int ompdbg_forming;	/* the first region is being started */
int checker_num;		/* phase 10: who runs iteration 0 */
int single_tid;			/* phase 13: who runs the single block */
int tid_of[4];			/* kernel tid of each thread number, in the
				   current region */
int task_runner_tid;		/* who runs the task of phases 5 and 6 */
int main_tid;
omp_lock_t lck;

static atomic_int arrived, in_task;

void GOMP_atomic_start (void);
void GOMP_atomic_end (void);
static long double ld;

static int
gettid_ (void)
{
  return (int) syscall (SYS_gettid);
}

/* gdb's breakpoint.  */
void __attribute__ ((noinline, noclone))
ompdbg_check (int phase)
{
  ompdbg_phase = phase;
  __asm__ volatile ("" ::: "memory");
}

static void
checkpoint (int phase)
{
  for (int i = 0; i < 1000; i++)
    {
      ompdbg_ack = 0;
      ompdbg_check (phase);
      if (ompdbg_ack == 1)
	{
	  printf ("phase %d verified\n", phase);
	  fflush (stdout);
	  return;
	}
      if (ompdbg_ack == 2)
	{
	  printf ("phase %d FAILED\n", phase);
	  exit (1);
	}
      struct timespec ts = { 0, 10000000 };
      nanosleep (&ts, NULL);
    }
  printf ("phase %d: never verified (not run under state.py?)\n", phase);
  exit (1);
}

/* Phase 14's combiner: GCC's code calls it on thread 0 once the loop
   has ended, for each thread's copy.  */
static int combined;
static void
ompdbg_combine (int *out, const int *in)
{
  *out += *in;
  if (omp_get_thread_num () == 0 && combined++ == 0)
    checkpoint (14);
}
#pragma omp declare reduction (ompdbg_sum : int : ompdbg_combine (&omp_out, &omp_in)) initializer (omp_priv = 0)

static void
wait_for (atomic_int *flag)
{
  while (!atomic_load (flag))
    ;
}

int
main (void)
{
  main_tid = gettid_ ();
  omp_init_lock (&lck);

  /* 1: thread 1 waits at an explicit barrier.  The first region: 12
     is checked while the runtime forms its team.  */
  atomic_store (&arrived, 0);
  ompdbg_forming = 1;
#pragma omp parallel num_threads(2)
  {
    ompdbg_forming = 0;
    int me = omp_get_thread_num ();
    tid_of[me] = gettid_ ();
    if (me == 1)
      atomic_store (&arrived, 1);
    else
      {
	wait_for (&arrived);
	checkpoint (1);
      }
#pragma omp barrier
  }

  /* 2: thread 1 waits for a lock that thread 0 holds.  */
  atomic_store (&arrived, 0);
#pragma omp parallel num_threads(2)
  {
    tid_of[omp_get_thread_num ()] = gettid_ ();
#pragma omp barrier
    if (omp_get_thread_num () == 0)
      {
	omp_set_lock (&lck);
	atomic_store (&arrived, 1);
	checkpoint (2);
	omp_unset_lock (&lck);
      }
    else
      {
	wait_for (&arrived);
	omp_set_lock (&lck);
	omp_unset_lock (&lck);
      }
  }

  /* 3: a named critical, 4: the unnamed one; thread 0 inside.  */
  atomic_store (&arrived, 0);
#pragma omp parallel num_threads(2)
  {
    tid_of[omp_get_thread_num ()] = gettid_ ();
#pragma omp barrier
    if (omp_get_thread_num () == 0)
      {
#pragma omp critical (ompdbg_named)
	{
	  atomic_store (&arrived, 1);
	  checkpoint (3);
	}
      }
    else
      {
	wait_for (&arrived);
#pragma omp critical (ompdbg_named)
	__asm__ volatile ("" ::: "memory");
      }
  }
  atomic_store (&arrived, 0);
#pragma omp parallel num_threads(2)
  {
    tid_of[omp_get_thread_num ()] = gettid_ ();
#pragma omp barrier
    if (omp_get_thread_num () == 0)
      {
#pragma omp critical
	{
	  atomic_store (&arrived, 1);
	  checkpoint (4);
	}
      }
    else
      {
	wait_for (&arrived);
#pragma omp critical
	__asm__ volatile ("" ::: "memory");
      }
  }

  /* 5: thread 1 creates a task, thread 0 takes it from the barrier and
     runs it; meanwhile thread 1 waits in taskwait.  6: the same with a
     taskgroup.  The check runs inside the task.  */
  for (int phase = 5; phase <= 6; phase++)
    {
      atomic_store (&in_task, 0);
#pragma omp parallel num_threads(2)
      {
	tid_of[omp_get_thread_num ()] = gettid_ ();
#pragma omp barrier
	if (omp_get_thread_num () == 1)
	  {
	    if (phase == 5)
	      {
#pragma omp task
		{
		  task_runner_tid = gettid_ ();
		  atomic_store (&in_task, 1);
		  checkpoint (5);
		}
		wait_for (&in_task);
#pragma omp taskwait
	      }
	    else
	      {
#pragma omp taskgroup
		{
#pragma omp task
		  {
		    task_runner_tid = gettid_ ();
		    atomic_store (&in_task, 1);
		    checkpoint (6);
		  }
		  wait_for (&in_task);
		}
	      }
	  }
#pragma omp barrier
      }
    }

  /* 7: after a region of 3 threads, its workers are idle.  */
#pragma omp parallel num_threads(3)
  tid_of[omp_get_thread_num ()] = gettid_ ();
  checkpoint (7);

  /* 8: a serialized region has a team of its own.  */
#pragma omp parallel if (0)
  checkpoint (8);

  /* 9: thread 1 waits for its ordered turn while thread 0 has it.  */
  atomic_store (&arrived, 0);
#pragma omp parallel num_threads(2)
  {
    tid_of[omp_get_thread_num ()] = gettid_ ();
#pragma omp barrier
#pragma omp for ordered schedule(static, 1)
    for (int i = 0; i < 2; i++)
      {
	if (i == 1)
	  atomic_store (&arrived, 1);
#pragma omp ordered
	{
	  if (i == 0)
	    {
	      wait_for (&arrived);
	      checkpoint (9);
	    }
	}
      }
  }

  /* 10: thread checker_num runs iteration 0 of a dynamic loop (which the
     runtime schedules, so GOMP_loop_end ends it: a static one GCC ends
     with GOMP_barrier) and checks; the other ran iteration 1 and waits
     at the loop's implicit barrier.  */
#pragma omp parallel num_threads(2)
  {
    tid_of[omp_get_thread_num ()] = gettid_ ();
#pragma omp barrier
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < 2; i++)
      if (i == 0)
	{
	  checker_num = omp_get_thread_num ();
	  checkpoint (10);
	}
  }

  /* 11: thread 0 holds the runtime's atomic lock (GOMP_atomic_start, what
     GCC calls for an atomic it cannot inline); thread 1 waits for it in
     such an atomic construct.  */
  atomic_store (&arrived, 0);
#pragma omp parallel num_threads(2)
  {
    tid_of[omp_get_thread_num ()] = gettid_ ();
#pragma omp barrier
    if (omp_get_thread_num () == 0)
      {
	GOMP_atomic_start ();
	atomic_store (&arrived, 1);
	checkpoint (11);
	GOMP_atomic_end ();
      }
    else
      {
	wait_for (&arrived);
#pragma omp atomic
	ld += 1.0L;
      }
  }

  /* 13: single copyprivate: the thread that runs the block checks, the
     other waits in the runtime's hand-over barrier.  */
#pragma omp parallel num_threads(2)
  {
    int cp = 0;
    tid_of[omp_get_thread_num ()] = gettid_ ();
#pragma omp barrier
#pragma omp single copyprivate (cp)
    {
      single_tid = gettid_ ();
      checkpoint (13);
      cp = 1;
    }
    if (cp != 1)
      exit (1);
  }

  /* 14: a loop with task reductions: after the loop's barrier thread 0
     combines the copies (the combiner of the user-defined reduction,
     called by GCC's code, checks), while thread 1 waits in the barrier
     the runtime adds at the end (GOMP_workshare_task_reduction_unregister)
     so that thread 0 frees the copies only once nobody uses them.  */
  {
    int sum = 0;
#pragma omp parallel num_threads(2)
    {
      tid_of[omp_get_thread_num ()] = gettid_ ();
#pragma omp barrier
#pragma omp for reduction (task, ompdbg_sum: sum) schedule (static)
      for (int i = 0; i < 2; i++)
	{
#pragma omp task in_reduction (ompdbg_sum: sum)
	  sum += 1;
	}
    }
    if (sum != 2)
      exit (1);
  }

  omp_destroy_lock (&lck);
  printf ("state-prog done\n");
  return 0;
}
