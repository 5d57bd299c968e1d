// Race-free C++: std::vector filled by a parallel for, a reduction,
// a critical section around a std::map and an object's member, tasks
// on distinct elements under single, std::string per thread.
#include <cstdio>
#include <map>
#include <numeric>
#include <string>
#include <vector>
#include <omp.h>

struct Acc
{
  double s = 0;
  void add (double v) { s += v; }
};

int
main ()
{
  std::vector<double> v (10000);
#pragma omp parallel for num_threads(4)
  for (int i = 0; i < (int) v.size (); i++)
    v[i] = i * 0.5;
  double sum = 0;
#pragma omp parallel for num_threads(4) reduction(+:sum)
  for (int i = 0; i < (int) v.size (); i++)
    sum += v[i];
  Acc acc;
  std::map<int, std::string> names;
#pragma omp parallel num_threads(4)
  {
    std::vector<int> local (100, omp_get_thread_num ());
    std::string name = std::to_string (omp_get_thread_num ());
#pragma omp critical
    {
      acc.add (std::accumulate (local.begin (), local.end (), 0));
      names[omp_get_thread_num ()] = name;
    }
#pragma omp barrier
#pragma omp single
    {
      for (int t = 0; t < 8; t++)
	{
#pragma omp task firstprivate(t) shared(v)
	  v[t] += 1;
	}
#pragma omp taskwait
    }
  }
  std::printf ("%g %g %zu\n", sum, acc.s, names.size ());
  return 0;
}
