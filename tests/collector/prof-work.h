/* prof-work.h -- work of a known length for the profiler's tests: a
   timed sleep, repeated when a sampling signal cuts it short, so that
   the elapsed time each thread spends is what the test says whatever
   the machine's load; sampled on the wall clock, the thread is in the
   program's code (this function's caller's line) meanwhile.  */

#include <errno.h>
#include <time.h>

static void __attribute__ ((noinline))
work_ms (long ms)
{
  struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
  while (nanosleep (&ts, &ts) != 0 && errno == EINTR)
    ;
  __asm__ volatile ("" ::: "memory");
}
