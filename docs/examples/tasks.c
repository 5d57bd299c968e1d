/* tasks.c -- a demo task program: a three-stage pipeline over blocks,
   ordered by depend clauses, produced by one thread; the middle stage
   carries a state from block to block, so it runs in block order.  When the second
   stage of block 2 runs it calls checkpoint (), where the demo stops:
   ompd tasks shows the task chains of the threads and the deferred tasks
   still queued with their dependences.  */

#include <omp.h>
#include <stdio.h>

#define BLOCKS 6
#define N 4096

static double a[BLOCKS][N], b[BLOCKS][N], total[BLOCKS];
static int all_created;		/* the producer has made every task */
static double carry;		/* transform's running state: in order */

/* The demo's breakpoint.  */
void __attribute__ ((noinline))
checkpoint (int block)
{
  __asm__ volatile ("" : : "r" (block) : "memory");
}

static void
produce (int k)
{
  for (int i = 0; i < N; i++)
    a[k][i] = k + i * 0.5;
}

static void
transform (int k)
{
  if (k == 2)
    {
      /* Stop when every task exists, so the demo shows the queue.  */
      while (!__atomic_load_n (&all_created, __ATOMIC_ACQUIRE))
	;
      checkpoint (k);
    }
  for (int i = 0; i < N; i++)
    b[k][i] = a[k][i] * a[k][i] + carry;
  carry = b[k][N - 1] * 1e-9;
}

static void
consume (int k)
{
  double s = 0;
  for (int i = 0; i < N; i++)
    s += b[k][i];
  total[k] = s;
}

int
main (void)
{
#pragma omp parallel num_threads(2)
#pragma omp single
  for (int k = 0; k < BLOCKS; k++)
    {
#pragma omp task depend(out: a[k]) firstprivate(k)
      produce (k);
#pragma omp task depend(in: a[k]) depend(out: b[k]) depend(inout: carry) \
  firstprivate(k)
      transform (k);
#pragma omp task depend(in: b[k]) firstprivate(k)
      consume (k);
      if (k == BLOCKS - 1)
	__atomic_store_n (&all_created, 1, __ATOMIC_RELEASE);
    }
  double sum = 0;
  for (int k = 0; k < BLOCKS; k++)
    sum += total[k];
  printf ("tasks: sum %.6g\n", sum);
  return 0;
}
