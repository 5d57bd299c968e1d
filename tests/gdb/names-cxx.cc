// names-cxx.cc -- parallel regions in C++ code whose names gdb prints
// demangled: a member function template of a class template in a
// namespace (instantiated with a lambda), a lambda, a function
// template in a nested namespace, and a lambda in a function with
// parameters.  Thread 0 of each region calls
// names_stop (N) for region N; tests/gdb/names.py stops there and
// compares what the plugin calls the construct with what gdb calls the
// function that encountered it.  Each construct's line carries a
// `construct:NAME' comment, the test's ground truth for file:line.
#include <omp.h>
#include <cstdio>
#include <vector>

extern "C" void __attribute__ ((noinline))
names_stop (int region)
{
  __asm__ volatile ("" : : "r" (region) : "memory");
}

namespace physics
{
template <typename T> struct Grid
{
  std::vector<T> v;
  explicit Grid (int n) : v (n) {}
  template <typename F> void for_each_parallel (F f)
  {
#pragma omp parallel num_threads (2) // construct:grid
    {
      f (v[omp_get_thread_num ()]);
#pragma omp barrier
    }
  }
};

namespace detail
{
template <typename T> __attribute__ ((noinline)) T
scale (std::vector<T> &v, T by)
{
  T sum = 0;
#pragma omp parallel num_threads (2) reduction (+:sum) // construct:scale
  {
    v[omp_get_thread_num ()] *= by;
    sum += v[omp_get_thread_num ()];
    if (omp_get_thread_num () == 0)
      names_stop (3);
#pragma omp barrier
  }
  return sum;
}
}
}

// A lambda in a function with parameters: gdb names its operator()
// without the function's parameter list.
static double __attribute__ ((noinline))
sum_scaled (const std::vector<double> &v, double by)
{
  double sum = 0;
  auto add = [&v, &sum] (double f) {
#pragma omp parallel num_threads (2) reduction (+:sum) // construct:params
    {
      sum += f * v[omp_get_thread_num ()];
      if (omp_get_thread_num () == 0)
	names_stop (4);
#pragma omp barrier
    }
  };
  add (by);
  return sum;
}

int
main ()
{
  physics::Grid<double> g (8);
  g.for_each_parallel ([] (double &x) {
    x = 1;
    if (omp_get_thread_num () == 0)
      names_stop (1);
  });
  int hits = 0;
  auto lambda = [&hits] () {
#pragma omp parallel num_threads (2) // construct:lambda
    {
      if (omp_get_thread_num () == 0)
	names_stop (2);
#pragma omp atomic
      hits++;
    }
  };
  lambda ();
  double s = physics::detail::scale (g.v, 2.0);
  s += sum_scaled (g.v, 0.5);
  std::printf ("%d %g\n", hits, s);
  return 0;
}
