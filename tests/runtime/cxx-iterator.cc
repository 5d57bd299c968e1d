// cxx-iterator.cc -- C++ worksharing loops over random-access iterators
// (std::vector, std::deque, reverse iterators, += steps) and range-based
// for, with every schedule.
//
// GCC computes the trip count from iterator differences and drives the
// same GOMP_loop_* entry points as for integers; each element must be
// visited exactly once by a team of the requested size.

#include <omp.h>
#define CHECK_KEEP_GOING 1
#include "../lib/check.h"
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <vector>

struct item
{
  int id;
  std::atomic<int> visits;
  item () : id (0), visits (0) {}
};

template <class Container>
static void
check_visits (Container &c, int expect, const char *what, int nthr)
{
  int i = 0;
  for (auto &x : c)
    {
      CHECK (x.visits.load () == expect, "%s nthr=%d: element %d visited %d"
	      " times, expected %d", what, nthr, i, x.visits.load (), expect);
      x.visits = 0;
      i++;
    }
}

int
main ()
{
  const int teams[] = { 1, 2, 3, 8 };
  std::vector<item> v (1000);
  std::deque<item> d (777);
  for (int i = 0; i < 1000; i++)
    v[i].id = i;

  for (int nthr : teams)
    {
      std::atomic<int> team (0);
#pragma omp parallel for num_threads(nthr) schedule(dynamic, 7)
      for (std::vector<item>::iterator it = v.begin (); it < v.end (); ++it)
	{
	  it->visits++;
	  team = omp_get_num_threads ();	// whoever runs iterations
	}
      CHECK (team == nthr, "team size %d, expected %d", team.load (), nthr);
      check_visits (v, 1, "vector iterator dynamic,7", nthr);

#pragma omp parallel for num_threads(nthr) schedule(static, 3)
      for (auto it = v.begin (); it != v.end (); ++it)
	it->visits++;
      check_visits (v, 1, "vector iterator != static,3", nthr);

#pragma omp parallel for num_threads(nthr) schedule(guided)
      for (auto it = v.rbegin (); it < v.rend (); ++it)
	it->visits++;
      check_visits (v, 1, "reverse iterator guided", nthr);

      // every third element, from the second
#pragma omp parallel for num_threads(nthr) schedule(dynamic, 2)
      for (auto it = v.begin () + 1; it < v.end (); it += 3)
	it->visits++;
      for (int i = 0; i < 1000; i++)
	{
	  CHECK (v[i].visits == (i % 3 == 1), "vector += 3, nthr=%d: element"
		  " %d visited %d times", nthr, i, v[i].visits.load ());
	  v[i].visits = 0;
	}

      omp_set_schedule (omp_sched_guided, 5);
#pragma omp parallel for num_threads(nthr) schedule(runtime)
      for (std::deque<item>::iterator it = d.begin (); it < d.end (); ++it)
	it->visits++;
      check_visits (d, 1, "deque iterator runtime", nthr);

#pragma omp parallel num_threads(nthr)
      {
#pragma omp for schedule(static)
	for (item &x : v)
	  x.visits++;
#pragma omp for schedule(dynamic, 16) nowait
	for (item &x : d)
	  x.visits++;
      }
      check_visits (v, 1, "range for static", nthr);
      check_visits (d, 1, "range for dynamic,16", nthr);
    }
  return check_finish (1);
}
