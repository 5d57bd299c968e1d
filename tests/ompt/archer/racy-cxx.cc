// Racy C++: every thread adds to one element of a std::vector.
#include <cstdio>
#include <vector>

int
main ()
{
  std::vector<long> v (1);
#pragma omp parallel for num_threads(4)
  for (int i = 0; i < 10000; i++)
    v[0] += i;
  std::printf ("%ld\n", v[0]);
  return 0;
}
