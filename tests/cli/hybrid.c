/* hybrid.c -- an MPI+OpenMP program with one thread of one rank stuck:
   in each rank a team of OMP_NUM_THREADS threads meets at a barrier,
   except thread STUCK-THREAD of rank STUCK-RANK, which spins in
   exchange_halo () and never arrives; in the other ranks thread 0
   waits in MPI_Barrier (MPI_THREAD_FUNNELED: the primary thread calls
   MPI) for the rank that hangs, its team at the barrier after it.

   Usage: hybrid TRUTH-DIR STUCK-RANK STUCK-THREAD

   Each rank writes TRUTH-DIR/rank.R: "pid P", one "thread tid=T num=N"
   per thread, and "ready" once they are all there.  */

#define _GNU_SOURCE
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

static FILE *truth;
static int written;

static void __attribute__ ((noinline))
exchange_halo (void)
{
  for (;;)
    {
      struct timespec ts = { 0, 50000000 };
      nanosleep (&ts, NULL);
    }
}

int
main (int argc, char **argv)
{
  int provided, rank;
  MPI_Init_thread (&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  if (argc < 4)
    {
      fprintf (stderr, "usage: %s TRUTH-DIR STUCK-RANK STUCK-THREAD\n",
	       argv[0]);
      MPI_Abort (MPI_COMM_WORLD, 2);
    }
  char path[4096];
  snprintf (path, sizeof path, "%s/rank.%d", argv[1], rank);
  truth = fopen (path, "w");
  if (truth == NULL)
    {
      perror (path);
      MPI_Abort (MPI_COMM_WORLD, 2);
    }
  int stuck_rank = atoi (argv[2]), stuck_thread = atoi (argv[3]);
  fprintf (truth, "pid %ld\n", (long) getpid ());
#pragma omp parallel
  {
#pragma omp critical
    {
      fprintf (truth, "thread tid=%ld num=%d\n", (long) syscall (SYS_gettid),
	       omp_get_thread_num ());
      fflush (truth);
    }
    if (__atomic_add_fetch (&written, 1, __ATOMIC_ACQ_REL)
	== omp_get_num_threads ())
      {
	fprintf (truth, "ready\n");
	fflush (truth);
      }
    if (rank == stuck_rank && omp_get_thread_num () == stuck_thread)
      exchange_halo ();
#pragma omp barrier
#pragma omp master
    MPI_Barrier (MPI_COMM_WORLD);
#pragma omp barrier
  }
  MPI_Finalize ();
  return 0;
}
