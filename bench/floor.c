/* floor.c -- what this machine's cache-line transfers allow, without any
   OpenMP runtime: the floor under PARALLEL and REDUCTION in the ompbench
   table, and which mode a VM is in (some switch between fast and slow
   transfers between their CPUs).

   Two threads, each spinning on a line the other writes:
   - ROUND TRIP: one thread writes a word, the other answers on another
     line; the time of one exchange.
   - FORK-JOIN: the master writes GO, both do the work item of ompbench's
     rows (-d, default 0.1 us of a delay loop), the worker writes DONE,
     the master waits for it: the least a parallel region of two threads
     costs above its work.
   - FORK-JOIN + REDUCTION: the same, and both add 1 to a word in the
     master's frame (atomically, as GCC's code for reduction(+:x) does),
     which the master reads afterwards.
   - TURN: the two threads take turns, as the iterations of an ordered
     loop with schedule(static, 1) do: each waits until a word holds the
     number of its iteration, does the work item, and writes the next
     number with an atomic exchange: the least an ordered region of two
     threads costs above its work.
   Each figure is the median over 21 batches of the time per iteration,
   minus the work item timed alone just before each batch.

   Usage: floor [-d US]; needs 2 CPUs.  */

#define _GNU_SOURCE
#include "config.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define BATCHES 21
#define ITERS 20000

static _Alignas (64) _Atomic long go;
static _Alignas (64) _Atomic long done;
static _Alignas (64) _Atomic long *_Atomic shared_word;
static _Alignas (64) _Atomic long turn;
static _Atomic int mode;		/* 0 round trip, 1 fork-join, 2 + reduction,
					   3 turns */
static long delay_len;

static void
delay (long n)
{
  for (volatile long i = 0; i < n; i++)
    ;
}

static double
now_us (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static void
spin_until (_Atomic long *w, long v)
{
  while (atomic_load_explicit (w, memory_order_acquire) != v)
    __builtin_ia32_pause ();
}

/* Iterations FIRST, FIRST + 2, ... below ITERS of TURN.  */
static void
take_turns (long first)
{
  for (long k = first; k < ITERS; k += 2)
    {
      spin_until (&turn, k);
      delay (delay_len);
      atomic_exchange_explicit (&turn, k + 1, memory_order_acq_rel);
    }
}

static void *
worker (void *arg)
{
  (void) arg;
  for (long i = 1;; i++)
    {
      spin_until (&go, i);
      int m = atomic_load_explicit (&mode, memory_order_relaxed);
      if (m < 0)
	return NULL;
      if (m == 3)
	take_turns (1);
      else if (m >= 1)
	delay (delay_len);
      if (m == 2)
	atomic_fetch_add (atomic_load (&shared_word), 1);
      atomic_store_explicit (&done, i, memory_order_release);
    }
}

static int
cmp (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static long seq;

/* Median over the batches of MODE's time per iteration, minus the work
   item's (when there is one).  */
static double
measure (int m)
{
  double v[BATCHES];
  atomic_store (&mode, m);
  for (int b = 0; b < BATCHES; b++)
    {
      double ref = 0;
      if (m >= 1)
	{
	  double t0 = now_us ();
	  for (int k = 0; k < ITERS; k++)
	    delay (delay_len);
	  ref = (now_us () - t0) / ITERS;
	}
      double t0 = now_us ();
      if (m == 3)
	{
	  atomic_store (&turn, 0);
	  seq++;
	  atomic_store_explicit (&go, seq, memory_order_release);
	  take_turns (0);
	  spin_until (&done, seq);
	  v[b] = (now_us () - t0) / ITERS - ref;
	  continue;
	}
      for (int k = 0; k < ITERS; k++)
	{
	  long r = 0;
	  _Atomic long *rp = (_Atomic long *) &r;
	  atomic_store (&shared_word, rp);
	  seq++;
	  atomic_store_explicit (&go, seq, memory_order_release);
	  if (m >= 1)
	    delay (delay_len);
	  if (m == 2)
	    atomic_fetch_add (rp, 1);
	  spin_until (&done, seq);
	  if (m == 2 && atomic_load (rp) != 2)
	    {
	      fprintf (stderr, "floor: reduction lost an update\n");
	      exit (1);
	    }
	}
      v[b] = (now_us () - t0) / ITERS - ref;
    }
  qsort (v, BATCHES, sizeof *v, cmp);
  return v[BATCHES / 2];
}

/* The delay loop's length for US microseconds.  */
static long
calibrate (double us)
{
  long n = 1000;
  for (;;)
    {
      double t0 = now_us ();
      for (int k = 0; k < 100; k++)
	delay (n);
      double per = (now_us () - t0) / 100;
      if (per > 50)
	return (long) (n * us / per + 0.5);
      n *= 4;
    }
}

int
main (int argc, char **argv)
{
  double us = 0.1;
  int opt;
  while ((opt = getopt (argc, argv, "d:")) != -1)
    if (opt == 'd')
      us = atof (optarg);
    else
      {
	fprintf (stderr, "usage: floor [-d US]\n");
	return 2;
      }
  if (sysconf (_SC_NPROCESSORS_ONLN) < 2)
    {
      printf ("floor: needs 2 CPUs\n");
      return 0;
    }
  delay_len = calibrate (us);
  pthread_t t;
  if (pthread_create (&t, NULL, worker, NULL) != 0)
    {
      fprintf (stderr, "floor: pthread_create failed\n");
      return 1;
    }
  double rt = measure (0);
  double fj = measure (1);
  double red = measure (2);
  double tn = measure (3);
  printf ("round trip               %.3f us\n", rt);
  printf ("fork-join                %.3f us above a %.2f us work item\n",
	  fj, us);
  printf ("fork-join + reduction    %.3f us\n", red);
  printf ("turn                     %.3f us\n", tn);
  atomic_store (&mode, -1);
  atomic_store_explicit (&go, seq + 1, memory_order_release);
  pthread_join (t, NULL);
  return 0;
}
