/* nested.c -- nested parallel regions: levels, active levels, ancestor
   thread numbers and team sizes at each level, max-active-levels (API,
   OMP_MAX_ACTIVE_LEVELS, OMP_NESTED), nthreads-var lists
   (OMP_NUM_THREADS=4,2), OMP_THREAD_LIMIT.

   Nested GOMP_parallel calls come from inside outlined functions; the
   runtime decides whether the inner region is active.  The environment
   cases re-execute this program (run_self): the child runs a 3-level nest
   without clauses, checks the per-thread invariants itself and prints, per
   level, the smallest and largest team size, active level and
   omp_get_max_threads (); the parent compares with what libgomp 12 does
   (and OpenMP specifies).  */

#include "../lib/check.h"

#define LEVELS 3

static struct
{
  int min_size, max_size, min_act, max_act, min_maxthr, max_maxthr;
  int visits;
} lv[LEVELS + 1];
static int invariant_bad;

static void
lv_reset (void)
{
  for (int l = 0; l <= LEVELS; l++)
    {
      lv[l].min_size = lv[l].min_act = lv[l].min_maxthr = 1 << 30;
      lv[l].max_size = lv[l].max_act = lv[l].max_maxthr = -1;
      lv[l].visits = 0;
    }
  invariant_bad = 0;
}

/* ANC[l] = the thread number at level l of this thread's ancestors, as
   the parent regions saw it.  */
static void
lv_record (int l, const int *anc, const int *size)
{
  int n = omp_get_num_threads (), act = omp_get_active_level ();
  int mt = omp_get_max_threads ();
  if (omp_get_level () != l)
    invariant_bad = 1000 + l;
  for (int k = 1; k <= l; k++)
    if (omp_get_ancestor_thread_num (k) != anc[k]
	|| omp_get_team_size (k) != size[k])
      invariant_bad = 2000 + l * 10 + k;
  if (omp_get_ancestor_thread_num (0) != 0 || omp_get_team_size (0) != 1
      || omp_get_ancestor_thread_num (l + 1) != -1
      || omp_get_team_size (l + 1) != -1
      || omp_get_ancestor_thread_num (-1) != -1)
    invariant_bad = 3000 + l;
  if (omp_in_parallel () != (act > 0))
    invariant_bad = 4000 + l;
#pragma omp critical (lv)
  {
    if (n < lv[l].min_size)
      lv[l].min_size = n;
    if (n > lv[l].max_size)
      lv[l].max_size = n;
    if (act < lv[l].min_act)
      lv[l].min_act = act;
    if (act > lv[l].max_act)
      lv[l].max_act = act;
    if (mt < lv[l].min_maxthr)
      lv[l].min_maxthr = mt;
    if (mt > lv[l].max_maxthr)
      lv[l].max_maxthr = mt;
    lv[l].visits++;
  }
}

/* A 3-level nest; num_threads(N1), (N2), (N3) unless 0.  */
static void
nest (int n1, int n2, int n3)
{
  lv_reset ();
#pragma omp parallel num_threads(n1) if(n1 > 0)
  {
    int anc[LEVELS + 1] = { 0 }, size[LEVELS + 1] = { 1 };
    anc[1] = omp_get_thread_num ();
    size[1] = omp_get_num_threads ();
    lv_record (1, anc, size);
#pragma omp parallel num_threads(n2) if(n2 > 0)
    {
      int anc2[LEVELS + 1], size2[LEVELS + 1];
      memcpy (anc2, anc, sizeof anc2);
      memcpy (size2, size, sizeof size2);
      anc2[2] = omp_get_thread_num ();
      size2[2] = omp_get_num_threads ();
      lv_record (2, anc2, size2);
#pragma omp parallel num_threads(n3) if(n3 > 0)
      {
	int anc3[LEVELS + 1], size3[LEVELS + 1];
	memcpy (anc3, anc2, sizeof anc3);
	memcpy (size3, size2, sizeof size3);
	anc3[3] = omp_get_thread_num ();
	size3[3] = omp_get_num_threads ();
	lv_record (3, anc3, size3);
      }
    }
  }
}

/* Same without clauses at all (sizes from nthreads-var).  */
static void
nest_noclause (void)
{
  lv_reset ();
#pragma omp parallel
  {
    int anc[LEVELS + 1] = { 0 }, size[LEVELS + 1] = { 1 };
    anc[1] = omp_get_thread_num ();
    size[1] = omp_get_num_threads ();
    lv_record (1, anc, size);
#pragma omp parallel
    {
      int anc2[LEVELS + 1], size2[LEVELS + 1];
      memcpy (anc2, anc, sizeof anc2);
      memcpy (size2, size, sizeof size2);
      anc2[2] = omp_get_thread_num ();
      size2[2] = omp_get_num_threads ();
      lv_record (2, anc2, size2);
#pragma omp parallel
      {
	int anc3[LEVELS + 1], size3[LEVELS + 1];
	memcpy (anc3, anc2, sizeof anc3);
	memcpy (size3, size2, sizeof size3);
	anc3[3] = omp_get_thread_num ();
	size3[3] = omp_get_num_threads ();
	lv_record (3, anc3, size3);
      }
    }
  }
}

/* Expected (size, active level) per level; -1 = don't care.  */
static void
expect_levels (const char *what, const int exp[LEVELS + 1][2])
{
  CHECK (invariant_bad == 0, "%s: per-thread invariant %d broken (1000s: "
	 "omp_get_level, 2000s: ancestor/team size of level k, 3000s: "
	 "out-of-range levels, 4000s: omp_in_parallel)", what, invariant_bad);
  for (int l = 1; l <= LEVELS; l++)
    {
      CHECK (lv[l].min_size == lv[l].max_size, "%s: level %d teams of "
	     "different sizes %d..%d", what, l, lv[l].min_size,
	     lv[l].max_size);
      if (exp[l][0] >= 0)
	CHECK_EQ (lv[l].min_size, exp[l][0], "%s: team size at level %d",
		  what, l);
      CHECK_EQ (lv[l].min_act, lv[l].max_act, "%s: active level differs "
		"between teams of level %d", what, l);
      if (exp[l][1] >= 0)
	CHECK_EQ (lv[l].min_act, exp[l][1], "%s: omp_get_active_level at "
		  "level %d", what, l);
    }
}

/* Print the levels for the parent.  */
static void
print_levels (void)
{
  CHECK (invariant_bad == 0, "per-thread invariant %d broken",
	 invariant_bad);
  for (int l = 1; l <= LEVELS; l++)
    printf ("L%d_size=%d\nL%d_size_max=%d\nL%d_active=%d\nL%d_maxthr=%d\n",
	    l, lv[l].min_size, l, lv[l].max_size, l, lv[l].min_act, l,
	    lv[l].min_maxthr);
}

/* Inner teams alive at the same time: every outer thread starts an inner
   region whose primary thread waits until all outer threads are inside
   theirs.  Returns the total size of the inner teams.  */
static int
concurrent_inner (int outer, int inner, int *outer_size)
{
  int arrived = 0, total = 0;
#pragma omp parallel num_threads(outer)
  {
    int n_outer = omp_get_num_threads ();
#pragma omp single
    *outer_size = n_outer;
#pragma omp parallel num_threads(inner)
    {
#pragma omp atomic
      total++;
      if (omp_get_thread_num () == 0)
	{
	  double t0 = omp_get_wtime ();
#pragma omp atomic
	  arrived++;
	  /* bounded: a runtime that serialises the outer team would
	     otherwise hang here */
	  while (__atomic_load_n (&arrived, __ATOMIC_ACQUIRE) < n_outer
		 && omp_get_wtime () - t0 < 10.0)
	    ;
	}
    }
  }
  return total;
}

static int
child (const char *mode)
{
  if (strcmp (mode, "nest") == 0)
    {
      printf ("max_active_levels=%d\nnested=%d\nthread_limit=%d\n"
	      "max_threads=%d\n", omp_get_max_active_levels (),
	      omp_get_nested (), omp_get_thread_limit (),
	      omp_get_max_threads ());
      nest_noclause ();
      print_levels ();
      return 0;
    }
  if (strcmp (mode, "limit") == 0)
    {
      int outer_size = 0, total, n = 0;
      omp_set_max_active_levels (2);
#pragma omp parallel num_threads(8)
#pragma omp atomic
      n++;
      total = concurrent_inner (2, 3, &outer_size);
      printf ("thread_limit=%d\ntop_team=%d\nouter=%d\ninner_total=%d\n",
	      omp_get_thread_limit (), n, outer_size, total);
      return 0;
    }
  fprintf (stderr, "unknown child mode %s\n", mode);
  return 2;
}

struct env_case
{
  const char *vars[4];
  int mal;			/* expected omp_get_max_active_levels () */
  int sizes[LEVELS + 1];	/* expected team size per level */
  int active[LEVELS + 1];	/* expected active level per level */
  int maxthr[LEVELS + 1];	/* omp_get_max_threads () at each level */
};

/* P = number of procs (default nthreads-var), filled in at run time.  */
#define P -2

static const struct env_case env_cases[] = {
  /* Defaults: one active level.  */
  { { NULL }, 1, { 0, P, 1, 1 }, { 0, 1, 1, 1 }, { 0, P, P, P } },
  /* OMP_NESTED=true: max-active-levels = supported levels (255).  */
  { { "OMP_NESTED=true", "OMP_NUM_THREADS=2", NULL }, 255,
    { 0, 2, 2, 2 }, { 0, 1, 2, 3 }, { 0, 2, 2, 2 } },
  { { "OMP_NESTED=false", "OMP_NUM_THREADS=3", NULL }, 1,
    { 0, 3, 1, 1 }, { 0, 1, 1, 1 }, { 0, 3, 3, 3 } },
  /* OMP_MAX_ACTIVE_LEVELS=2: the third level is inactive.  */
  { { "OMP_MAX_ACTIVE_LEVELS=2", "OMP_NUM_THREADS=3", NULL }, 2,
    { 0, 3, 3, 1 }, { 0, 1, 2, 2 }, { 0, 3, 3, 3 } },
  /* A list: one entry per level, the last one repeats; a list also
     enables nesting (max-active-levels = 255 in libgomp 12).  */
  { { "OMP_NUM_THREADS=4,2", NULL }, 255,
    { 0, 4, 2, 2 }, { 0, 1, 2, 3 }, { 0, 2, 2, 2 } },
  { { "OMP_NUM_THREADS=3,2,4", NULL }, 255,
    { 0, 3, 2, 4 }, { 0, 1, 2, 3 }, { 0, 2, 4, 4 } },
  /* ... unless nesting is explicitly off.  */
  { { "OMP_NUM_THREADS=4,2", "OMP_NESTED=false", NULL }, 1,
    { 0, 4, 1, 1 }, { 0, 1, 1, 1 }, { 0, 2, 2, 2 } },
  { { "OMP_NUM_THREADS=4,2", "OMP_MAX_ACTIVE_LEVELS=1", NULL }, 1,
    { 0, 4, 1, 1 }, { 0, 1, 1, 1 }, { 0, 2, 2, 2 } },
};

static void
run_env_cases (void)
{
  int procs = omp_get_num_procs ();
  for (int i = 0; i < (int) (sizeof env_cases / sizeof env_cases[0]); i++)
    {
      const struct env_case *e = &env_cases[i];
      const char *env = e->vars[0] ? env_str (e->vars) : "(no variables)";
      char what[300];
      struct child c;
      run_self (&c, "nest", e->vars);
      CHECK (c.status == 0, CHILD_FMT, "nest", env, c.status, c.out, c.err);
      snprintf (what, sizeof what, "%s", env);
      CHECK_EQ (child_int (&c, "max_active_levels", what), e->mal,
		"%s: omp_get_max_active_levels ()", what);
      CHECK_EQ (child_int (&c, "nested", what), e->mal > 1,
		"%s: omp_get_nested ()", what);
      for (int l = 1; l <= LEVELS; l++)
	{
	  char key[32];
	  int want = e->sizes[l] == P ? procs : e->sizes[l];
	  int wantmt = e->maxthr[l] == P ? procs : e->maxthr[l];
	  snprintf (key, sizeof key, "L%d_size", l);
	  CHECK_EQ (child_int (&c, key, what), want, "%s: team size at "
		    "level %d", what, l);
	  snprintf (key, sizeof key, "L%d_size_max", l);
	  CHECK_EQ (child_int (&c, key, what), want, "%s: largest team at "
		    "level %d", what, l);
	  snprintf (key, sizeof key, "L%d_active", l);
	  CHECK_EQ (child_int (&c, key, what), e->active[l], "%s: active "
		    "level at level %d", what, l);
	  snprintf (key, sizeof key, "L%d_maxthr", l);
	  CHECK_EQ (child_int (&c, key, what), wantmt, "%s: "
		    "omp_get_max_threads () at level %d", what, l);
	}
      child_free (&c);
    }

  /* OMP_THREAD_LIMIT=3: a top-level num_threads(8) gets 3, and teams
     alive at the same time never hold more than 3 threads together.  */
  {
    const char *vars[] = { "OMP_THREAD_LIMIT=3", NULL };
    struct child c;
    long long outer, total;
    run_self (&c, "limit", vars);
    CHECK (c.status == 0, CHILD_FMT, "limit", env_str (vars), c.status,
	   c.out, c.err);
    CHECK_EQ (child_int (&c, "thread_limit", "OMP_THREAD_LIMIT=3"), 3,
	      "OMP_THREAD_LIMIT=3: omp_get_thread_limit ()");
    CHECK_EQ (child_int (&c, "top_team", "OMP_THREAD_LIMIT=3"), 3,
	      "OMP_THREAD_LIMIT=3: team of a num_threads(8) region");
    outer = child_int (&c, "outer", "OMP_THREAD_LIMIT=3");
    total = child_int (&c, "inner_total", "OMP_THREAD_LIMIT=3");
    CHECK_EQ (outer, 2, "OMP_THREAD_LIMIT=3: outer team of num_threads(2)");
    CHECK (total >= outer && total <= 3, "OMP_THREAD_LIMIT=3: inner teams "
	   "of num_threads(3) under an outer team of 2 hold %lld threads "
	   "together, expected %lld..3", total, outer);
    child_free (&c);
  }
}

int
main (int argc, char **argv)
{
  check_init (argv[0]);
  if (argc > 1)
    return child (argv[1]);

  CHECK_EQ (omp_get_max_active_levels (), 1, "default max-active-levels");
  CHECK (omp_get_supported_active_levels () >= 2, "omp_get_supported_"
	 "active_levels () = %d", omp_get_supported_active_levels ());

  /* Default: nested regions inactive.  */
  {
    static const int exp[LEVELS + 1][2] = {
      { 1, 0 }, { 3, 1 }, { 1, 1 }, { 1, 1 }
    };
    nest (3, 2, 2);
    expect_levels ("default (max-active-levels 1), num_threads(3,2,2)", exp);
  }

  /* omp_set_max_active_levels (2): two active levels.  */
  omp_set_max_active_levels (2);
  CHECK_EQ (omp_get_max_active_levels (), 2, "after "
	    "omp_set_max_active_levels (2)");
  CHECK_EQ (omp_get_nested (), 1, "omp_get_nested () with max-active-levels"
	    " 2");
  for (int i = 0; i < N_TEST_THREAD_COUNTS; i++)
    {
      int n = test_thread_counts[i];
      int n2 = n > 8 ? 2 : 3;	/* keep oversubscription bounded */
      int exp[LEVELS + 1][2] = {
	{ 1, 0 }, { n, n > 1 }, { n2, (n > 1) + 1 }, { 1, (n > 1) + 1 }
      };
      char what[100];
      /* An inactive outer region (n == 1) does not count: the inner
	 regions are then the first active level, and the third level
	 may be active too.  */
      if (n == 1)
	exp[3][0] = 2, exp[3][1] = 2;
      nest (n, n2, 2);
      snprintf (what, sizeof what, "max-active-levels 2, "
		"num_threads(%d,%d,2)", n, n2);
      expect_levels (what, (const int (*)[2]) exp);
    }

  /* omp_set_max_active_levels (0): even the outer region is inactive.  */
  omp_set_max_active_levels (0);
  {
    static const int exp[LEVELS + 1][2] = {
      { 1, 0 }, { 1, 0 }, { 1, 0 }, { 1, 0 }
    };
    nest (4, 2, 2);
    expect_levels ("max-active-levels 0", exp);
  }

  /* omp_set_nested (1) means "as many as supported".  */
  omp_set_nested (1);
  CHECK_EQ (omp_get_nested (), 1, "after omp_set_nested (1)");
  CHECK (omp_get_max_active_levels () > 2, "omp_set_nested (1): "
	 "max-active-levels %d, expected the supported number",
	 omp_get_max_active_levels ());
  {
    static const int exp[LEVELS + 1][2] = {
      { 1, 0 }, { 2, 1 }, { 2, 2 }, { 2, 3 }
    };
    nest (2, 2, 2);
    expect_levels ("omp_set_nested (1), num_threads(2,2,2)", exp);
  }
  omp_set_nested (0);
  CHECK_EQ (omp_get_max_active_levels (), 1, "after omp_set_nested (0)");

  /* num_threads inside a nested region, set by omp_set_num_threads in the
     outer region: nthreads-var is per task.  */
  omp_set_max_active_levels (2);
  {
    int bad = 0;
#pragma omp parallel num_threads(2)
    {
      int want = 2 + omp_get_thread_num ();
      omp_set_num_threads (want);
#pragma omp parallel
      {
	if (omp_get_num_threads () != want)
#pragma omp atomic write
	  bad = want;
      }
    }
    CHECK_EQ (bad, 0, "omp_set_num_threads in an outer thread sets that "
	      "thread's inner team size");
  }
  omp_set_max_active_levels (1);

  run_env_cases ();
  printf ("%s: ok\n", check_prog);
  return 0;
}
