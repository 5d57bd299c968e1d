/* ordered.c -- the ordered clause and ordered regions, for every schedule.

   GCC 12: `for ordered schedule(X)` -> GOMP_loop_ordered_X_start/_next
   (static/dynamic/guided/runtime; always the monotonic flavour) and
   GOMP_ordered_start/_end around each ordered region; the ull twins for
   unsigned long long.  Each iteration logs itself inside its ordered
   region: the log must come out in iteration order, with every iteration
   exactly once, and the schedule keeps its own promises.  */

#include "loop-check.h"

ORDERED_FUNCS (o_st_l, long, schedule (static))
ORDERED_FUNCS (o_stc_l, long, schedule (static, chunk))
ORDERED_FUNCS (o_stc_u, unsigned long long, schedule (static, chunk))
ORDERED_FUNCS (o_dyn_i, int, schedule (dynamic, chunk))
ORDERED_FUNCS (o_dyn_u, unsigned long long, schedule (dynamic, chunk))
ORDERED_FUNCS (o_dyn1_l, long, schedule (dynamic))
ORDERED_FUNCS (o_gui_l, long, schedule (guided, chunk))
ORDERED_FUNCS (o_gui_u, unsigned long long, schedule (guided, chunk))
ORDERED_FUNCS (o_rt_l, long, schedule (runtime))
ORDERED_FUNCS (o_rt_u, unsigned long long, schedule (runtime))
ORDERED_FUNCS (o_auto_l, long, schedule (auto))
ORDERED_FUNCS (o_def_l, long, )

static const struct loop_case_l ord_cases_l[] = {
  { 0, 300, 1 },
  { -301, 299, 3 },
  { 5, 6, 1 },
  { 100, 100, 1 },
};

static const struct loop_case_u ord_cases_u[] = {
  { (1ULL << 63) - 150, (1ULL << 63) + 150, 1 },
  { 3, 500, 7 },
  { 9, 9, 1 },
};

/* schedule(runtime): the ICV for the current run.  */
static omp_sched_t rt_kind;

static void
rt_set (int chunk)
{
  omp_set_schedule (rt_kind, chunk);
}

/* Only every third iteration enters its ordered region: the others must
   not hold up the sequence.  */
static void
sparse_ordered (int nthr, int chunk)
{
  long seq[200], nseq = 0;
  int count[600] = { 0 };

#pragma omp parallel for ordered schedule(dynamic, chunk) num_threads(nthr)
  for (int i = 0; i < 600; i++)
    {
#pragma omp atomic
      count[i]++;
      if (i % 3 == 0)
	{
#pragma omp ordered
	  {
	    if (nseq < 200)
	      seq[nseq] = i;
	    nseq++;
	  }
	}
    }
  for (int i = 0; i < 600; i++)
    CHECK_EQ (count[i], 1, "sparse ordered nthr=%d chunk=%d: runs of "
	      "iteration %d", nthr, chunk, i);
  CHECK_EQ (nseq, 200, "sparse ordered nthr=%d chunk=%d: ordered regions",
	    nthr, chunk);
  for (int p = 0; p < 200; p++)
    CHECK_EQ (seq[p], 3 * p, "sparse ordered nthr=%d chunk=%d: ordered "
	      "region %d", nthr, chunk, p);
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);

  FOR_EACH_THREAD_COUNT ()
    {
      const int mono = CK_MONOTONIC;
      LOOP_RUN_ALL (o_st_l, long, ord_cases_l,
		    CK_STATIC_BLOCK | mono | CK_NOCHUNK, "ordered static");
      LOOP_RUN_ALL (o_stc_l, long, ord_cases_l, CK_STATIC_CHUNK | mono,
		    "ordered static,c");
      LOOP_RUN_ALL (o_stc_u, unsigned long long, ord_cases_u,
		    CK_STATIC_CHUNK | mono, "ordered static,c");
      LOOP_RUN_ALL (o_dyn_i, int, ord_cases_l, CK_DYNAMIC | mono,
		    "ordered dynamic,c");
      LOOP_RUN_ALL (o_dyn_u, unsigned long long, ord_cases_u,
		    CK_DYNAMIC | mono, "ordered dynamic,c");
      LOOP_RUN_ALL (o_dyn1_l, long, ord_cases_l,
		    CK_DYNAMIC | mono | CK_NOCHUNK, "ordered dynamic");
      LOOP_RUN_ALL (o_gui_l, long, ord_cases_l, CK_GUIDED | mono,
		    "ordered guided,c");
      LOOP_RUN_ALL (o_gui_u, unsigned long long, ord_cases_u,
		    CK_GUIDED | mono, "ordered guided,c");
      LOOP_RUN_ALL (o_auto_l, long, ord_cases_l, CK_ANY, "ordered auto");
      LOOP_RUN_ALL (o_def_l, long, ord_cases_l, CK_ANY,
		    "ordered (no schedule)");

      loop_pre_hook = rt_set;
      rt_kind = omp_sched_static;
      LOOP_RUN_ALL (o_rt_l, long, ord_cases_l, CK_STATIC_CHUNK | mono,
		    "ordered runtime=static,c");
      rt_kind = omp_sched_dynamic;
      LOOP_RUN_ALL (o_rt_l, long, ord_cases_l, CK_DYNAMIC | mono,
		    "ordered runtime=dynamic,c");
      LOOP_RUN_ALL (o_rt_u, unsigned long long, ord_cases_u,
		    CK_DYNAMIC | mono, "ordered runtime=dynamic,c");
      rt_kind = omp_sched_guided;
      LOOP_RUN_ALL (o_rt_u, unsigned long long, ord_cases_u,
		    CK_GUIDED | mono, "ordered runtime=guided,c");
      rt_kind = omp_sched_auto;
      LOOP_RUN_ALL (o_rt_l, long, ord_cases_l, CK_ANY,
		    "ordered runtime=auto");
      loop_pre_hook = NULL;

      for (int c = 0; c < N_LOOP_CHUNKS; c++)
	sparse_ordered (loop_nthr, loop_chunks[c]);
    }

  printf ("%s: %ld loop runs checked\n", check_prog, loop_runs);
  return 0;
}
