/* stuck.c -- a team in which one thread never reaches the barrier the
   others wait at: the shape of the hang `ompdbg stacks --merge' is for.

   Usage: stuck TRUTH-FILE STUCK-THREAD [abort]

   Every thread writes "thread tid=T num=N" to TRUTH-FILE, then waits at
   a barrier of the region, except thread STUCK-THREAD, which waits for
   the others' lines, writes "ready" and spins in stuck_here () forever
   (or, with `abort', dumps a core).  With no thread stuck (-1) they all
   pass it; then thread 0 writes "ready" and waits in wait_for_peers ()
   (as a rank waits in MPI_Barrier) and the others at the region's end.
   The team has OMP_NUM_THREADS threads.  */

#define _GNU_SOURCE
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

static FILE *truth;
static int written;

static void __attribute__ ((noinline))
stuck_here (const char *mode)
{
  while (__atomic_load_n (&written, __ATOMIC_ACQUIRE) < omp_get_num_threads ())
    {
      struct timespec ts = { 0, 1000000 };
      nanosleep (&ts, NULL);
    }
  fprintf (truth, "ready\n");
  fflush (truth);
  if (mode != NULL && strcmp (mode, "abort") == 0)
    abort ();
  for (;;)
    {
      struct timespec ts = { 0, 50000000 };
      nanosleep (&ts, NULL);
    }
}

static void __attribute__ ((noinline))
wait_for_peers (const char *mode)
{
  fprintf (truth, "ready\n");
  fflush (truth);
  if (mode != NULL && strcmp (mode, "abort") == 0)
    abort ();
  for (;;)
    {
      struct timespec ts = { 0, 50000000 };
      nanosleep (&ts, NULL);
    }
}

int
main (int argc, char **argv)
{
  if (argc < 3)
    {
      fprintf (stderr, "usage: %s TRUTH-FILE STUCK-THREAD [abort]\n", argv[0]);
      return 2;
    }
  truth = fopen (argv[1], "w");
  if (truth == NULL)
    {
      perror (argv[1]);
      return 2;
    }
  int stuck = atoi (argv[2]);
  const char *mode = argc > 3 ? argv[3] : NULL;
  fprintf (truth, "pid %ld\n", (long) getpid ());
#pragma omp parallel
  {
#pragma omp critical
    {
      fprintf (truth, "thread tid=%ld num=%d\n", (long) syscall (SYS_gettid),
	       omp_get_thread_num ());
      fflush (truth);
    }
    __atomic_add_fetch (&written, 1, __ATOMIC_RELEASE);
    if (omp_get_thread_num () == stuck)
      stuck_here (mode);
#pragma omp barrier
#pragma omp master
    wait_for_peers (mode);
  }
  return 0;
}
