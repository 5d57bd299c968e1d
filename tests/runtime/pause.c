/* pause.c -- omp_pause_resource and omp_pause_resource_all, with libgomp
   12's results: 0 for the host (the initial device) outside any parallel
   region, -1 inside one (even a serialized one) and for device numbers
   that name no device, whatever the kind; and parallel regions, nested
   ones included, and the ICVs keep working after a pause, hard or soft.
   (Threadprivate data is not promised to survive a hard pause: not
   checked.)  Also the Fortran entry points.  */

#include "../lib/check.h"
#include <stdint.h>

int32_t omp_pause_resource_ (const int32_t *, const int32_t *);
int32_t omp_pause_resource_all_ (const int32_t *);

/* A parallel region of N threads must still form and do its work.  */
static void
check_parallel (int n, const char *when)
{
  int count = 0;
  long sum = 0;
#pragma omp parallel num_threads (n) reduction (+:count, sum)
  {
    count = 1;
#pragma omp for
    for (int i = 0; i < 1000; i++)
      sum += i;
  }
  CHECK_EQ (count, n, "threads %s", when);
  CHECK_EQ (sum, 499500L, "loop %s", when);
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);
  int host = omp_get_initial_device ();

  check_parallel (4, "before any pause");
  CHECK_EQ (omp_pause_resource (omp_pause_soft, host), 0, "soft, host");
  check_parallel (4, "after a soft pause");
  CHECK_EQ (omp_pause_resource (omp_pause_hard, host), 0, "hard, host");
  check_parallel (3, "after a hard pause");
  CHECK_EQ (omp_pause_resource_all (omp_pause_soft), 0, "all, soft");
  check_parallel (5, "after pause_all soft");
  CHECK_EQ (omp_pause_resource_all (omp_pause_hard), 0, "all, hard");
  check_parallel (2, "after pause_all hard");

  /* Devices that do not exist.  */
  CHECK_EQ (omp_pause_resource (omp_pause_soft, 1), -1, "device 1");
  CHECK_EQ (omp_pause_resource (omp_pause_hard, -1), -1, "device -1");
  CHECK_EQ (omp_pause_resource (omp_pause_soft, 12345), -1, "device 12345");

  /* Inside parallel regions, active or not.  */
  int bad = 0;
#pragma omp parallel num_threads (3) reduction (+:bad)
  {
    bad += omp_pause_resource (omp_pause_soft, host) != -1;
    bad += omp_pause_resource_all (omp_pause_hard) != -1;
  }
  CHECK_EQ (bad, 0, "pausing in a parallel region");
#pragma omp parallel num_threads (1) reduction (+:bad)
  bad += omp_pause_resource (omp_pause_soft, host) != -1;
  CHECK_EQ (bad, 0, "pausing in a serialized parallel region");

  /* Between many regions of different sizes and a nested one.  */
  omp_set_max_active_levels (2);
  for (int i = 1; i <= 8; i++)
    {
      CHECK_EQ (omp_pause_resource_all (i % 2 ? omp_pause_soft
					: omp_pause_hard), 0, "round %d", i);
      int inner = 0;
#pragma omp parallel num_threads (i) reduction (+:inner)
#pragma omp parallel num_threads (2) reduction (+:inner)
      inner = 1;
      CHECK (inner >= i && inner <= 2 * i, "nested after pause %d: %d", i,
	     inner);
    }
  CHECK_EQ (omp_get_max_active_levels (), 2, "ICVs survive a pause");

  /* Fortran.  */
  int32_t soft = omp_pause_soft, hard = omp_pause_hard, dev = host, bad_dev = 3;
  CHECK_EQ (omp_pause_resource_ (&soft, &dev), 0, "Fortran, host");
  CHECK_EQ (omp_pause_resource_ (&hard, &bad_dev), -1, "Fortran, device 3");
  CHECK_EQ (omp_pause_resource_all_ (&hard), 0, "Fortran, all");
  check_parallel (4, "after the Fortran pauses");
  return 0;
}
