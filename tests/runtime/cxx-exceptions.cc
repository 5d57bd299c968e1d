// cxx-exceptions.cc -- exceptions thrown and caught inside parallel
// regions: in every thread at once, in loop iterations, inside critical
// and single, from nested function calls, and rethrown.
//
// An exception may not leave a structured block, so each is caught inside
// it; the runtime's threads must support unwinding (they are plain
// pthreads running the outlined function) and nothing in the runtime may
// be left locked.  Everything is counted and compared.

#include <omp.h>
#define CHECK_KEEP_GOING 1
#include "../lib/check.h"
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

struct oops : std::runtime_error
{
  int value;
  explicit oops (int v) : std::runtime_error ("oops " + std::to_string (v)),
			  value (v) {}
};

static int __attribute__ ((noinline))
deep (int depth, int v)
{
  if (depth == 0)
    throw oops (v);
  return deep (depth - 1, v) + 1;
}

int
main ()
{
  const int teams[] = { 1, 2, 3, 8, 64 };
  for (int nthr : teams)
    {
      std::atomic<int> caught (0), caught_loop (0), caught_crit (0);
      std::atomic<long> values (0);
      int single_caught = 0, rethrown = 0;
      long crit_count = 0;
      int iters = nthr > 8 ? 20 : 200;

#pragma omp parallel num_threads(nthr)
      {
	int me = omp_get_thread_num ();
	try
	  {
	    deep (5 + me % 3, me);
	  }
	catch (const oops &e)
	  {
	    caught++;
	    values += e.value;
	  }

#pragma omp for schedule(dynamic, 5)
	for (int i = 0; i < iters; i++)
	  {
	    try
	      {
		if (i % 3 == 0)
		  throw std::out_of_range ("iteration");
		deep (2, i);
	      }
	    catch (const std::out_of_range &)
	      {
		caught_loop++;
	      }
	    catch (const oops &e)
	      {
		if (e.value == i)
		  caught_loop++;
	      }
	  }

	for (int k = 0; k < 10; k++)
	  {
#pragma omp critical
	    {
	      try
		{
		  crit_count++;
		  throw k;
		}
	      catch (int)
		{
		  caught_crit++;
		}
	    }
	  }

#pragma omp single
	{
	  try
	    {
	      try
		{
		  deep (3, 42);
		}
	      catch (const oops &)
		{
		  throw;	// rethrow to the outer handler
		}
	    }
	  catch (const std::exception &e)
	    {
	      single_caught = 1;
	      rethrown = std::string (e.what ()) == "oops 42";
	    }
	}
      }
      CHECK (caught == nthr, "nthr=%d: %d of the threads caught their "
	      "exception", nthr, caught.load ());
      CHECK (values == (long) nthr * (nthr - 1) / 2, "nthr=%d: exception "
	      "values sum %ld", nthr, values.load ());
      CHECK (caught_loop == iters, "nthr=%d: %d of %d loop exceptions "
	      "caught", nthr, caught_loop.load (), iters);
      CHECK (caught_crit == 10 * nthr && crit_count == 10 * nthr, "nthr=%d:"
	      " critical: %d caught, %ld entered, expected %d", nthr,
	      caught_crit.load (), crit_count, 10 * nthr);
      CHECK (single_caught && rethrown, "nthr=%d: rethrown exception in "
	      "single", nthr);
    }

  // The runtime still works normally afterwards.
  int n = 0;
#pragma omp parallel num_threads(4) reduction(+: n)
  n++;
  CHECK (n == 4, "team after the exceptions: %d", n);
  return check_finish (1);
}
