/* hang.c -- a demo program that hangs: thread 0 takes a lock and goes to
   a barrier, the others need the lock before they can reach that
   barrier.  Nobody passes.  In gdb:
     ompd threads   shows who waits where (barrier, lock and its address)
     ompd bt        the stacks in the user's terms.  */

#include <omp.h>
#include <stdio.h>
#include <unistd.h>

static omp_lock_t table_lock;
static double table[1024];

static void
update_table (int me)
{
  omp_set_lock (&table_lock);	/* threads 1-3 wait here for ever */
  table[me] += 1.0;
  omp_unset_lock (&table_lock);
}

int
main (void)
{
  omp_init_lock (&table_lock);
#pragma omp parallel num_threads(4)
  {
    int me = omp_get_thread_num ();
    if (me == 0)
      omp_set_lock (&table_lock);	/* the bug: released after the barrier */
#pragma omp barrier
    if (me == 1)
      {
	/* Announce the hang (the demo waits for this line).  */
	printf ("hang: pid %ld, threads 1-3 about to wait for the lock\n",
		(long) getpid ());
	fflush (stdout);
      }
    if (me != 0)
      update_table (me);
#pragma omp barrier
    if (me == 0)
      omp_unset_lock (&table_lock);
  }
  printf ("not reached\n");
  return 0;
}
