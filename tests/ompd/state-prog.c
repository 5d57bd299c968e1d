/* state-prog.c -- the target program of tests/ompd/state.sh.

   It sets up situations whose runtime state is known -- a thread waiting
   at a barrier, for a lock, a named and the unnamed critical, its ordered
   turn, at a taskwait and at the end of a taskgroup while the other
   thread runs the task, idle pool threads, a serialized region -- and in
   each calls ompdbg_check (PHASE), on which state.py (run by gdb) stops
   and compares the runtime's records with the ground truth this program
   keeps in globals: each thread's kernel thread id, the lock's address,
   which thread runs what.  gdb answers through ompdbg_ack: 1 verified,
   2 failed.  The waiting thread may not have reached its wait yet when
   the check first runs, so the program asks again (every 10 ms, for at
   most 10 s) until gdb says something.  Without gdb nothing ever
   answers, and the program fails: it can only pass under the checker.  */

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
int tid_of[4];			/* kernel tid of each thread number, in the
				   current region */
int task_runner_tid;		/* who runs the task of phases 5 and 6 */
int main_tid;
omp_lock_t lck;

static atomic_int arrived, in_task;

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

  /* 1: thread 1 waits at an explicit barrier.  */
  atomic_store (&arrived, 0);
#pragma omp parallel num_threads(2)
  {
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

  omp_destroy_lock (&lck);
  printf ("state-prog done\n");
  return 0;
}
