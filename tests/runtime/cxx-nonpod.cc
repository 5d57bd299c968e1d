// cxx-nonpod.cc -- private, firstprivate, lastprivate, copyprivate and
// threadprivate-free C++ objects with constructors and destructors.
//
// GCC constructs the private copies in each implicit task (default
// constructor for private and lastprivate, copy constructor for
// firstprivate), assigns the last iteration's copy back for lastprivate,
// and destroys every copy before the region ends.  The runtime only runs
// the outlined functions, but a runtime that ran a thread twice or lost
// one shows up as unbalanced construction counts.

#include <omp.h>
#define CHECK_KEEP_GOING 1
#include "../lib/check.h"
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

static std::atomic<long> n_default, n_copy, n_dtor, n_assign;

struct tracked
{
  std::vector<int> data;
  std::string name;
  tracked () : data (3, -1), name ("default") { n_default++; }
  tracked (const tracked &o) : data (o.data), name (o.name) { n_copy++; }
  tracked &operator= (const tracked &o)
  {
    data = o.data;
    name = o.name;
    n_assign++;
    return *this;
  }
  ~tracked () { n_dtor++; }
};

static void
reset_counts ()
{
  n_default = n_copy = n_dtor = n_assign = 0;
}

int
main ()
{
  const int teams[] = { 1, 2, 3, 8 };
  for (int nthr : teams)
    {
      tracked orig;
      orig.name = "original";
      orig.data = { 1, 2, 3 };

      // private: one default-constructed copy per thread
      reset_counts ();
      int bad = 0;
#pragma omp parallel num_threads(nthr) private(orig) reduction(+: bad)
      {
	if (orig.name != "default" || orig.data.size () != 3)
	  bad++;
	orig.name = "thread " + std::to_string (omp_get_thread_num ());
      }
      CHECK (bad == 0, "nthr=%d: private copy not default-constructed",
	      nthr);
      CHECK (n_default == nthr && n_dtor == nthr, "nthr=%d: private: %ld "
	      "constructed, %ld destroyed, expected %d each", nthr,
	      n_default.load (), n_dtor.load (), nthr);
      CHECK (orig.name == "original", "nthr=%d: original changed by private",
	      nthr);

      // firstprivate: copy-constructed from the original
      reset_counts ();
      bad = 0;
#pragma omp parallel num_threads(nthr) firstprivate(orig) reduction(+: bad)
      {
	if (orig.name != "original" || orig.data[2] != 3)
	  bad++;
	orig.data.push_back (omp_get_thread_num ());
      }
      CHECK (bad == 0, "nthr=%d: firstprivate copy wrong", nthr);
      CHECK (n_copy == nthr && n_dtor == nthr, "nthr=%d: firstprivate: %ld "
	      "copies, %ld destroyed, expected %d each", nthr, n_copy.load (),
	      n_dtor.load (), nthr);
      CHECK (orig.data.size () == 3, "nthr=%d: original changed by "
	      "firstprivate", nthr);

      // lastprivate on a loop: the last iteration's value comes back
      reset_counts ();
      std::string last = "unset";
#pragma omp parallel for num_threads(nthr) schedule(dynamic, 3) \
	lastprivate(orig, last)
      for (int i = 0; i < 100; i++)
	{
	  orig.name = "iteration " + std::to_string (i);
	  orig.data.assign (2, i);
	  last = std::to_string (i * i);
	}
      CHECK (orig.name == "iteration 99" && orig.data.size () == 2
	      && orig.data[1] == 99, "nthr=%d: lastprivate object: name '%s'",
	      nthr, orig.name.c_str ());
      CHECK (last == "9801", "nthr=%d: lastprivate std::string: '%s'", nthr,
	      last.c_str ());
      CHECK (n_assign == 1, "nthr=%d: lastprivate: %ld copy-assignments "
	      "back, expected 1", nthr, n_assign.load ());
      CHECK (n_default == n_dtor, "nthr=%d: lastprivate: %ld constructed, "
	      "%ld destroyed", nthr, n_default.load (), n_dtor.load ());

      // copyprivate of a std::string and a std::vector
      bad = 0;
#pragma omp parallel num_threads(nthr) reduction(+: bad)
      {
	std::string s;
	std::vector<double> w;
#pragma omp single copyprivate(s, w)
	{
	  s = "from thread " + std::to_string (omp_get_thread_num ());
	  w.assign (50, 0.5);
	}
	if (s.compare (0, 12, "from thread ") != 0 || w.size () != 50
	    || w[49] != 0.5)
	  bad++;
      }
      CHECK (bad == 0, "nthr=%d: copyprivate of std::string/std::vector",
	      nthr);
    }
  return check_finish (1);
}
