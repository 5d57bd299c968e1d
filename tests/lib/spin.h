/* spin.h -- busy waiting for a given time, for tests that need a thread
   to stay busy (not asleep) while others move on: the runtime's waits
   behave differently for a thread that works than for one that sleeps.
   Shared by runtime tests and OMPD tests (tests/lib is for both).  */

#ifndef OMPDBG_TESTS_SPIN_H
#define OMPDBG_TESTS_SPIN_H 1

#include <time.h>

/* Keep the calling thread busy for US microseconds.  */
static inline void
spin_us (long us)
{
  struct timespec a, b;
  clock_gettime (CLOCK_MONOTONIC, &a);
  do
    clock_gettime (CLOCK_MONOTONIC, &b);
  while ((b.tv_sec - a.tv_sec) * 1000000L + (b.tv_nsec - a.tv_nsec) / 1000
	 < us);
}

#endif
