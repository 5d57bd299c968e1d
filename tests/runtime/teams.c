/* teams.c -- host teams regions (GOMP_teams_reg): the league's size from
   num_teams, nteams-var (omp_set_num_teams, OMP_NUM_TEAMS) or libgomp's
   default of 3; every team number exactly once; omp_get_team_num and
   omp_get_num_teams also in parallel regions nested in a team; thread
   limits from thread_limit, teams-thread-limit-var
   (omp_set_teams_thread_limit, OMP_TEAMS_THREAD_LIMIT), restored after
   the region; distribute (inline code on omp_get_team_num /
   omp_get_num_teams), with dist_schedule, distribute parallel for and
   teams loop.

   Only omp_get_team_num and omp_get_num_teams may be called directly in
   a teams region (GCC rejects the others there), so the other queries are
   made from parallel regions nested in the teams.  Teams may run
   concurrently: they communicate through atomics only.  Teams inside
   target regions are tested by target.c.  */

#include "../lib/check.h"
#include <limits.h>

#define MAX_TEAMS 64
#define N 1000

/* What one league saw: per team, how often it ran, and whether every
   query in it agreed.  */
struct league
{
  int seen[MAX_TEAMS];
  int num_teams[MAX_TEAMS];
  int bad;
};

static void
check_league (const struct league *l, int want, const char *what)
{
  CHECK_EQ (l->bad, 0, "%s: inconsistent queries", what);
  for (int t = 0; t < MAX_TEAMS; t++)
    {
      CHECK_EQ (l->seen[t], t < want, "%s: team %d ran", what, t);
      if (t < want)
	CHECK_EQ (l->num_teams[t], want, "%s: omp_get_num_teams in team %d",
		  what, t);
    }
}

/* Record the calling team; inside teams regions only.  */
#define RECORD(l)							\
  do {									\
    int t_ = omp_get_team_num ();					\
    if (t_ >= 0 && t_ < MAX_TEAMS)					\
      {									\
	__atomic_fetch_add (&(l).seen[t_], 1, __ATOMIC_RELAXED);	\
	(l).num_teams[t_] = omp_get_num_teams ();			\
      }									\
    else								\
      __atomic_fetch_add (&(l).bad, 1, __ATOMIC_RELAXED);		\
  } while (0)

static void
test_num_teams (void)
{
  static const int counts[] = { 1, 2, 4, 7, MAX_TEAMS };
  for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
    {
      struct league l = { { 0 }, { 0 }, 0 };
      int n = counts[i];
#pragma omp teams num_teams (n)
      RECORD (l);
      check_league (&l, n, "num_teams(n)");
    }
  CHECK_EQ (omp_get_num_teams (), 1, "outside teams");
  CHECK_EQ (omp_get_team_num (), 0, "outside teams");
}

/* Without num_teams: nteams-var if set, else 3 (libgomp's choice).  */
static void
test_default_teams (void)
{
  struct league l = { { 0 }, { 0 }, 0 };
  CHECK_EQ (omp_get_max_teams (), 0, "nteams-var initially");
#pragma omp teams
  RECORD (l);
  check_league (&l, 3, "no num_teams clause");

  omp_set_num_teams (5);
  CHECK_EQ (omp_get_max_teams (), 5, "after omp_set_num_teams (5)");
  struct league l5 = { { 0 }, { 0 }, 0 };
#pragma omp teams
  RECORD (l5);
  check_league (&l5, 5, "nteams-var 5");

  /* The clause wins over nteams-var.  */
  struct league l2 = { { 0 }, { 0 }, 0 };
#pragma omp teams num_teams (2)
  RECORD (l2);
  check_league (&l2, 2, "num_teams(2) with nteams-var 5");

  /* Negative values are ignored.  */
  omp_set_num_teams (-1);
  CHECK_EQ (omp_get_max_teams (), 5, "after omp_set_num_teams (-1)");
  omp_set_num_teams (0);
  CHECK_EQ (omp_get_max_teams (), 0, "after omp_set_num_teams (0)");
}

/* Parallel regions nested in teams: their threads belong to the team.  */
static void
test_nested_parallel (void)
{
  int bad = 0, regions = 0, threads = 0;
#pragma omp teams num_teams (4)
  {
    int team = omp_get_team_num ();
#pragma omp parallel num_threads (3)
    {
      if (omp_get_team_num () != team || omp_get_num_teams () != 4
	  || omp_get_level () != 1)
	__atomic_fetch_add (&bad, 1, __ATOMIC_RELAXED);
      __atomic_fetch_add (&threads, 1, __ATOMIC_RELAXED);
#pragma omp master
      __atomic_fetch_add (&regions, 1, __ATOMIC_RELAXED);
      /* One level deeper (serialized unless nesting is on).  */
#pragma omp parallel num_threads (2)
      if (omp_get_team_num () != team || omp_get_num_teams () != 4)
	__atomic_fetch_add (&bad, 1, __ATOMIC_RELAXED);
    }
  }
  CHECK_EQ (bad, 0, "team numbers in nested parallel regions");
  CHECK_EQ (regions, 4, "parallel regions, one per team");
  CHECK (threads >= 4 && threads <= 12, "threads in 4 teams x 3: %d",
	 threads);
}

/* thread_limit: thread-limit-var of the teams' initial tasks.  */
static void
test_thread_limit (void)
{
  int limit_seen = -1, max_threads = 0, limit2 = -1;
  int before = omp_get_thread_limit ();
  CHECK_EQ (before, INT_MAX, "thread-limit-var initially");

#pragma omp teams num_teams (2) thread_limit (2)
#pragma omp parallel num_threads (4)
  {
#pragma omp single
    {
      __atomic_store_n (&limit_seen, omp_get_thread_limit (),
			__ATOMIC_RELAXED);
      int n = omp_get_num_threads ();
      int m = __atomic_load_n (&max_threads, __ATOMIC_RELAXED);
      while (n > m && !__atomic_compare_exchange_n (&max_threads, &m, n, 0,
						    __ATOMIC_RELAXED,
						    __ATOMIC_RELAXED))
	;
    }
  }
  CHECK_EQ (limit_seen, 2, "omp_get_thread_limit in teams thread_limit(2)");
  CHECK (max_threads >= 1 && max_threads <= 2,
	 "a parallel region in teams thread_limit(2) had %d threads",
	 max_threads);
  CHECK_EQ (omp_get_thread_limit (), before, "thread-limit-var restored");

  /* teams-thread-limit-var applies without a clause.  */
  CHECK_EQ (omp_get_teams_thread_limit (), 0, "teams-thread-limit-var");
  omp_set_teams_thread_limit (3);
  CHECK_EQ (omp_get_teams_thread_limit (), 3, "after set (3)");
#pragma omp teams num_teams (2)
#pragma omp parallel num_threads (5)
#pragma omp single
  __atomic_store_n (&limit2, omp_get_thread_limit (), __ATOMIC_RELAXED);
  CHECK_EQ (limit2, 3, "omp_get_thread_limit with teams-thread-limit-var 3");
  omp_set_teams_thread_limit (-4);
  CHECK_EQ (omp_get_teams_thread_limit (), 3, "after set (-4)");
  omp_set_teams_thread_limit (0);
  CHECK_EQ (omp_get_thread_limit (), before, "thread-limit-var after");
}

static void
test_distribute (void)
{
  static int hits[N];
  static int owner[N];
  long sum = 0;

  memset (hits, 0, sizeof hits);
#pragma omp teams distribute num_teams (4)
  for (int i = 0; i < N; i++)
    {
      hits[i]++;
      owner[i] = omp_get_team_num ();
    }
  for (int i = 0; i < N; i++)
    CHECK_EQ (hits[i], 1, "teams distribute: iteration %d", i);
  /* Default distribute schedule: one contiguous block per team, in team
     order.  */
  for (int i = 1; i < N; i++)
    CHECK (owner[i] >= owner[i - 1], "block distribution: %d then %d at %d",
	   owner[i - 1], owner[i], i);
  CHECK_EQ (owner[0], 0, "first block");
  CHECK_EQ (owner[N - 1], 3, "last block");

  /* dist_schedule(static, 10): chunks dealt round-robin.  */
  memset (hits, 0, sizeof hits);
#pragma omp teams distribute num_teams (3) dist_schedule (static, 10)
  for (int i = 0; i < N; i++)
    {
      hits[i]++;
      owner[i] = omp_get_team_num ();
    }
  for (int i = 0; i < N; i++)
    {
      CHECK_EQ (hits[i], 1, "dist_schedule: iteration %d", i);
      CHECK_EQ (owner[i], (i / 10) % 3, "dist_schedule: owner of %d", i);
    }

  /* distribute parallel for with a reduction.  */
#pragma omp teams distribute parallel for num_teams (3) num_threads (2) \
  reduction (+:sum)
  for (int i = 0; i < N; i++)
    sum += i;
  CHECK_EQ (sum, (long) N * (N - 1) / 2, "teams distribute parallel for");

  /* teams loop.  */
  memset (hits, 0, sizeof hits);
#pragma omp teams loop num_teams (2)
  for (int i = 0; i < N; i++)
    hits[i] += 1;
  for (int i = 0; i < N; i++)
    CHECK_EQ (hits[i], 1, "teams loop: iteration %d", i);
}

/* OMP_NUM_TEAMS and OMP_TEAMS_THREAD_LIMIT, in a child.  */
static void
child_env (void)
{
  struct league l = { { 0 }, { 0 }, 0 };
  int limit = -1;
#pragma omp teams
  {
    RECORD (l);
#pragma omp parallel
#pragma omp single
    __atomic_store_n (&limit, omp_get_thread_limit (), __ATOMIC_RELAXED);
  }
  int n = 0;
  for (int t = 0; t < MAX_TEAMS; t++)
    n += l.seen[t];
  printf ("max_teams=%d\nteams_thread_limit=%d\nteams=%d\nlimit=%d\n",
	  omp_get_max_teams (), omp_get_teams_thread_limit (), n, limit);
}

static void
test_env (void)
{
  static const char *const vars[] = {
    "OMP_NUM_TEAMS=6", "OMP_TEAMS_THREAD_LIMIT=2", NULL
  };
  struct child c;
  run_self (&c, "env", vars);
  CHECK (c.status == 0 && c.err[0] == '\0', CHILD_FMT, "env",
	 env_str (vars), c.status, c.out, c.err);
  CHECK_EQ (child_int (&c, "max_teams", "env"), 6, "OMP_NUM_TEAMS");
  CHECK_EQ (child_int (&c, "teams_thread_limit", "env"), 2,
	    "OMP_TEAMS_THREAD_LIMIT");
  CHECK_EQ (child_int (&c, "teams", "env"), 6, "teams with OMP_NUM_TEAMS");
  CHECK_EQ (child_int (&c, "limit", "env"), 2,
	    "thread limit with OMP_TEAMS_THREAD_LIMIT");
  child_free (&c);
}

int
main (int argc, char **argv)
{
  check_init (argv[0]);
  if (argc > 1 && strcmp (argv[1], "env") == 0)
    {
      child_env ();
      return 0;
    }
  test_num_teams ();
  test_default_teams ();
  test_nested_parallel ();
  test_thread_limit ();
  test_distribute ();
  test_env ();
  return 0;
}
