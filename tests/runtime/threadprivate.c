/* threadprivate.c -- threadprivate variables, copyin, copyprivate.

   GCC makes threadprivate variables __thread (TLS) and implements copyin
   as a copy from the primary thread's TLS at the start of the outlined
   function: nothing in the runtime, except that the same OS threads must
   come back for the next region.  OpenMP guarantees that values persist
   between regions when the team size stays the same and dynamic
   adjustment is off, and that thread 0 is the encountering thread.  */

#include "../lib/check.h"

struct rec
{
  int id;
  double v[5];
};

static int tp_int = -1;
static long tp_arr[4];
static struct rec tp_rec;
#pragma omp threadprivate(tp_int, tp_arr, tp_rec)

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);
  omp_set_dynamic (0);

  for (int t = 0; t < N_TEST_THREAD_COUNTS; t++)
    {
      int nthr = test_thread_counts[t];
      int bad = 0;

      /* copyin: every thread starts with the primary's values.  */
      tp_int = 1000 + nthr;
      for (int k = 0; k < 4; k++)
	tp_arr[k] = k * nthr;
      tp_rec.id = nthr;
      tp_rec.v[4] = nthr / 4.0;
#pragma omp parallel num_threads(nthr) copyin(tp_int, tp_arr, tp_rec)
      {
	if (tp_int != 1000 + nthr || tp_arr[3] != 3 * nthr
	    || tp_rec.id != nthr || tp_rec.v[4] != nthr / 4.0)
#pragma omp atomic write
	  bad = 1;
	/* now make each thread's copy its own */
	tp_int = omp_get_thread_num ();
	tp_arr[0] = omp_get_thread_num () * 10L;
	tp_rec.id = -omp_get_thread_num ();
      }
      CHECK_EQ (bad, 0, "nthr=%d: copyin values", nthr);
      /* The primary thread's copy is the initial thread's.  */
      CHECK_EQ (tp_int, 0, "nthr=%d: initial thread's copy after the region "
		"(thread 0 wrote it)", nthr);

      /* Persistence: same team size, dynamic off.  */
      for (int r = 0; r < 5; r++)
	{
#pragma omp parallel num_threads(nthr)
	  {
	    int me = omp_get_thread_num ();
	    if (tp_int != me || tp_arr[0] != me * 10L || tp_rec.id != -me)
#pragma omp atomic write
	      bad = 100 + r;
	  }
	  CHECK_EQ (bad, 0, "nthr=%d: threadprivate values did not persist "
		    "to region %d (100 + region)", nthr, r);
	}

      /* copyprivate of a threadprivate variable.  */
#pragma omp parallel num_threads(nthr)
      {
#pragma omp single copyprivate(tp_int, tp_rec)
	{
	  tp_int = 4242;
	  tp_rec.v[1] = 0.125;
	}
	if (tp_int != 4242 || tp_rec.v[1] != 0.125)
#pragma omp atomic write
	  bad = 2;
      }
      CHECK_EQ (bad, 0, "nthr=%d: copyprivate of threadprivate variables",
		nthr);
    }
  printf ("%s: ok\n", check_prog);
  return 0;
}
