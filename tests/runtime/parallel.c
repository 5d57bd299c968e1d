/* parallel.c -- the parallel construct: team size (num_threads clause,
   omp_set_num_threads, the default), if clause, thread numbering, the
   per-thread query functions inside a region, data sharing.

   GCC 12 turns every `parallel` into GOMP_parallel (fn, data, num_threads,
   flags), with num_threads = 1 for if(false) and 0 when no clause is
   given (the runtime then uses nthreads-var).  */

#include "../lib/check.h"
#include <pthread.h>
#include <sys/syscall.h>

/* Big enough for the default team on any machine we run on.  */
#define MAXT 1024

/* Everything a thread sees in one region.  */
struct seen
{
  int tid, nthr, in_par, level, active, anc1, ts1, anc0, ts0, maxthr;
  pid_t os_tid;
  int is_initial_pthread;
};

static struct seen seen[MAXT];
static pthread_t initial_thread;

static void
record (void)
{
  int t = omp_get_thread_num ();
  CHECK (t >= 0 && t < MAXT, "omp_get_thread_num () = %d", t);
  seen[t].tid = t;
  seen[t].nthr = omp_get_num_threads ();
  seen[t].in_par = omp_in_parallel ();
  seen[t].level = omp_get_level ();
  seen[t].active = omp_get_active_level ();
  seen[t].anc1 = omp_get_ancestor_thread_num (1);
  seen[t].ts1 = omp_get_team_size (1);
  seen[t].anc0 = omp_get_ancestor_thread_num (0);
  seen[t].ts0 = omp_get_team_size (0);
  seen[t].maxthr = omp_get_max_threads ();
  seen[t].os_tid = (pid_t) syscall (SYS_gettid);
  seen[t].is_initial_pthread = pthread_equal (pthread_self (),
					      initial_thread);
}

/* Check a region run with N threads (active when N > 1).  */
static void
check_team (int n, const char *what)
{
  for (int t = 0; t < n; t++)
    {
      struct seen *s = &seen[t];
      CHECK_EQ (s->tid, t, "%s: thread %d did not run (or ran twice)", what,
		t);
      CHECK_EQ (s->nthr, n, "%s: omp_get_num_threads in thread %d", what, t);
      CHECK_EQ (s->in_par, n > 1, "%s: omp_in_parallel in thread %d", what,
		t);
      CHECK_EQ (s->level, 1, "%s: omp_get_level in thread %d", what, t);
      CHECK_EQ (s->active, n > 1, "%s: omp_get_active_level in thread %d",
		what, t);
      CHECK_EQ (s->anc1, t, "%s: omp_get_ancestor_thread_num (1) in thread "
		"%d", what, t);
      CHECK_EQ (s->ts1, n, "%s: omp_get_team_size (1) in thread %d", what,
		t);
      CHECK_EQ (s->anc0, 0, "%s: omp_get_ancestor_thread_num (0)", what);
      CHECK_EQ (s->ts0, 1, "%s: omp_get_team_size (0)", what);
      CHECK_EQ (s->is_initial_pthread, t == 0, "%s: thread %d %s the "
		"thread that encountered the region", what, t,
		t == 0 ? "is not" : "is");
      for (int u = 0; u < t; u++)
	CHECK (seen[u].os_tid != s->os_tid, "%s: threads %d and %d are the "
	       "same OS thread %d", what, u, t, (int) s->os_tid);
    }
}

int
main (int argc, char **argv)
{
  char what[100];
  int procs, dflt;
  (void) argc;
  check_init (argv[0]);
  initial_thread = pthread_self ();

  /* No OMP_NUM_THREADS: libgomp's default is one thread per available
     CPU; a drop-in must agree (programs size their data by it).  */
  procs = omp_get_num_procs ();
  dflt = omp_get_max_threads ();
  CHECK_EQ (dflt, procs, "omp_get_max_threads () without OMP_NUM_THREADS");
  CHECK_EQ (omp_in_parallel (), 0, "omp_in_parallel () outside");
  CHECK_EQ (omp_get_num_threads (), 1, "omp_get_num_threads () outside");
  CHECK_EQ (omp_get_thread_num (), 0, "omp_get_thread_num () outside");
  CHECK_EQ (omp_get_level (), 0, "omp_get_level () outside");
  CHECK_EQ (omp_get_active_level (), 0, "omp_get_active_level () outside");

  /* Default team size.  */
  memset (seen, -1, sizeof seen);
#pragma omp parallel
  record ();
  snprintf (what, sizeof what, "parallel (default, %d procs)", procs);
  check_team (dflt, what);

  for (int i = 0; i < N_TEST_THREAD_COUNTS; i++)
    {
      int n = test_thread_counts[i];

      /* num_threads clause.  */
      int icv = omp_get_max_threads ();
      memset (seen, -1, sizeof seen);
#pragma omp parallel num_threads(n)
      record ();
      snprintf (what, sizeof what, "parallel num_threads(%d)", n);
      check_team (n, what);
      /* The clause does not change nthreads-var, which the implicit
	 tasks inherit.  */
      for (int t = 0; t < n; t++)
	CHECK_EQ (seen[t].maxthr, icv, "%s: omp_get_max_threads () inside",
		  what);

      /* omp_set_num_threads, then no clause.  */
      omp_set_num_threads (n);
      CHECK_EQ (omp_get_max_threads (), n, "after omp_set_num_threads (%d)",
		n);
      memset (seen, -1, sizeof seen);
#pragma omp parallel
      record ();
      snprintf (what, sizeof what, "omp_set_num_threads (%d) + parallel", n);
      check_team (n, what);

      /* The clause wins over the ICV.  */
      memset (seen, -1, sizeof seen);
#pragma omp parallel num_threads(n == 1 ? 3 : 1)
      record ();
      snprintf (what, sizeof what, "omp_set_num_threads (%d) + "
		"num_threads(%d)", n, n == 1 ? 3 : 1);
      check_team (n == 1 ? 3 : 1, what);

      /* if(false): an inactive region of one thread.  */
      memset (seen, -1, sizeof seen);
#pragma omp parallel num_threads(n) if(n < 0)
      record ();
      snprintf (what, sizeof what, "parallel num_threads(%d) if(0)", n);
      check_team (1, what);

      /* if(true) behaves like no if.  */
      memset (seen, -1, sizeof seen);
#pragma omp parallel num_threads(n) if(n > 0)
      record ();
      snprintf (what, sizeof what, "parallel num_threads(%d) if(1)", n);
      check_team (n, what);

      /* Data sharing: shared, firstprivate, private, reduction.  */
      {
	int shared_count = 0, fp = 42, bad_fp = 0, sum = 0;
	long priv;
#pragma omp parallel num_threads(n) firstprivate(fp) private(priv) \
	shared(shared_count, bad_fp) reduction(+: sum)
	{
	  if (fp != 42)
#pragma omp atomic write
	    bad_fp = 1;
	  fp = omp_get_thread_num ();	/* private copy */
	  priv = fp * 10L;
#pragma omp atomic
	  shared_count++;
#pragma omp barrier
	  if (priv != fp * 10L)
#pragma omp atomic write
	    bad_fp = 2;
	  sum += omp_get_thread_num () + 1;
	}
	CHECK_EQ (shared_count, n, "shared counter, num_threads(%d)", n);
	CHECK_EQ (bad_fp, 0, "firstprivate/private copies, num_threads(%d)",
		  n);
	CHECK_EQ (fp, 42, "firstprivate original after the region, "
		  "num_threads(%d)", n);
	CHECK_EQ (sum, n * (n + 1) / 2, "reduction(+) over thread numbers, "
		  "num_threads(%d)", n);
      }
    }

  /* The num_threads expression is evaluated once, by the encountering
     thread.  */
  {
    int evals = 0, count = 0;
#pragma omp parallel num_threads(++evals + 2)
#pragma omp atomic
    count++;
    CHECK_EQ (evals, 1, "evaluations of the num_threads expression");
    CHECK_EQ (count, 3, "team size of num_threads(++evals + 2)");
  }

  /* A nested region with nesting off (the default max-active-levels is
     1): one thread, level 2, still one active level.  */
  {
    int bad = 0;
#pragma omp parallel num_threads(3)
    {
      int outer = omp_get_thread_num ();
#pragma omp parallel num_threads(4)
      {
	if (omp_get_num_threads () != 1 || omp_get_level () != 2
	    || omp_get_active_level () != 1 || omp_get_thread_num () != 0
	    || omp_get_ancestor_thread_num (1) != outer
	    || omp_get_team_size (2) != 1 || omp_get_team_size (1) != 3)
#pragma omp atomic write
	  bad = 1;
      }
    }
    CHECK_EQ (bad, 0, "inactive nested region (nesting off): size 1, level"
	      " 2, active level 1, ancestors right");
  }

  printf ("%s: ok (%d procs)\n", check_prog, procs);
  return 0;
}
