/* target.c -- target constructs run on the host (no offload devices):
   GOMP_target_ext with map and firstprivate data, the thread_limit
   clause, teams inside a target region (GOMP_teams4), the execution
   environment inside a region (an initial task at level 0, even when
   encountered in a parallel region), target data / update / enter data /
   exit data, nowait with depend clauses ordered against tasks, the
   omp_target_* memory routines on the host device and their answers for
   devices that do not exist, and OMP_TARGET_OFFLOAD=mandatory (fatal,
   exit status 1, only for device numbers naming no device).  */

#include "../lib/check.h"
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <time.h>

#define N 256

static void
test_map (void)
{
  int a[N], b[N], c[N];
  int scalar = 7, fp = 3, out = 0;
  for (int i = 0; i < N; i++)
    {
      a[i] = i;
      b[i] = 2 * i;
      c[i] = -1;
    }
#pragma omp target map(to: a, b) map(from: c) map(tofrom: scalar) \
  firstprivate(fp) map(from: out)
  {
    for (int i = 0; i < N; i++)
      c[i] = a[i] + b[i] + fp;
    scalar *= 2;
    fp = 100;			/* a private copy */
    out = omp_is_initial_device ();
  }
  for (int i = 0; i < N; i++)
    CHECK_EQ (c[i], 3 * i + 3, "c[%d]", i);
  CHECK_EQ (scalar, 14, "tofrom scalar");
  CHECK_EQ (fp, 3, "firstprivate copy written in the region");
  CHECK_EQ (out, 1, "omp_is_initial_device in a target region");

  /* Scalars are firstprivate by default; arrays map tofrom.  */
  int s = 1, arr[4] = { 0, 0, 0, 0 };
#pragma omp target
  {
    s = 5;
    arr[2] = 9;
  }
  CHECK_EQ (s, 1, "implicitly firstprivate scalar");
  CHECK_EQ (arr[2], 9, "implicitly mapped array");

  /* Pointers and array sections.  */
  int *p = malloc (N * sizeof *p);
  CHECK (p != NULL, "malloc");
#pragma omp target map(tofrom: p[0:N])
  for (int i = 0; i < N; i++)
    p[i] = i * i;
  for (int i = 0; i < N; i++)
    CHECK_EQ (p[i], i * i, "p[%d]", i);
  free (p);

  /* device(omp_get_initial_device ()) and if(false): the host too.  */
  int dev = omp_get_initial_device (), r = 0;
#pragma omp target device(dev) map(tofrom: r)
  r += 1;
#pragma omp target if(0) map(tofrom: r)
  r += 10;
  CHECK_EQ (r, 11, "device(initial) and if(0)");
}

/* Inside a target region: an initial task at level 0, with the initial
   data-environment ICVs, wherever the construct is encountered.  */
static void
test_environment (void)
{
  int level = -1, num = -1, nthreads = -1, in_par = -1, max = -1;
  int initial_max = omp_get_max_threads ();
  omp_set_num_threads (initial_max + 3);
#pragma omp target map(from: level, num, nthreads, in_par, max)
  {
    level = omp_get_level ();
    num = omp_get_thread_num ();
    nthreads = omp_get_num_threads ();
    in_par = omp_in_parallel ();
    max = omp_get_max_threads ();
  }
  CHECK_EQ (level, 0, "omp_get_level in target");
  CHECK_EQ (num, 0, "omp_get_thread_num in target");
  CHECK_EQ (nthreads, 1, "omp_get_num_threads in target");
  CHECK_EQ (in_par, 0, "omp_in_parallel in target");
  CHECK_EQ (max, initial_max, "nthreads-var in target: the initial one");
  omp_set_num_threads (initial_max);

  int bad = 0;
#pragma omp parallel num_threads (3) reduction (+:bad)
  {
    int me = omp_get_thread_num (), l = -1, t = -1, n = -1, lev2 = -1;
#pragma omp target map(from: l, t, n, lev2)
    {
      l = omp_get_level ();
      t = omp_get_thread_num ();
#pragma omp parallel num_threads (2)
#pragma omp master
      {
	n = omp_get_num_threads ();
	lev2 = omp_get_level ();
      }
    }
    bad += l != 0 || t != 0 || lev2 != 1 || n < 1 || n > 2;
    /* Back in the enclosing region afterwards.  */
    bad += omp_get_thread_num () != me || omp_get_level () != 1;
#pragma omp barrier
  }
  CHECK_EQ (bad, 0, "target regions encountered in a parallel region");
}

static void
test_thread_limit (void)
{
  int limit = -1, nthreads = -1;
#pragma omp target thread_limit (2) map(from: limit, nthreads)
  {
    limit = omp_get_thread_limit ();
#pragma omp parallel num_threads (4)
#pragma omp master
    nthreads = omp_get_num_threads ();
  }
  CHECK_EQ (limit, 2, "omp_get_thread_limit in target thread_limit(2)");
  CHECK (nthreads >= 1 && nthreads <= 2, "threads under thread_limit(2): %d",
	 nthreads);
  CHECK_EQ (omp_get_thread_limit (), INT_MAX, "thread-limit-var after");
}

static void
test_teams (void)
{
  int seen[8] = { 0 }, bad = 0;
#pragma omp target teams num_teams (5) map(tofrom: seen, bad)
  {
    int t = omp_get_team_num ();
    if (t < 0 || t >= 8 || omp_get_num_teams () != 5)
      __atomic_fetch_add (&bad, 1, __ATOMIC_RELAXED);
    else
      __atomic_fetch_add (&seen[t], 1, __ATOMIC_RELAXED);
#pragma omp parallel num_threads (2)
    if (omp_get_team_num () != t)
      __atomic_fetch_add (&bad, 1, __ATOMIC_RELAXED);
  }
  CHECK_EQ (bad, 0, "queries in target teams");
  for (int t = 0; t < 8; t++)
    CHECK_EQ (seen[t], t < 5, "target teams num_teams(5): team %d", t);

  /* Without num_teams the host creates one team.  */
  int teams = 0;
#pragma omp target teams map(tofrom: teams)
  __atomic_fetch_add (&teams, omp_get_num_teams () * 100 + 1,
		      __ATOMIC_RELAXED);
  CHECK_EQ (teams, 101, "target teams without num_teams");

  /* Team numbers are per region: back to 1 team outside.  */
  CHECK_EQ (omp_get_num_teams (), 1, "after target teams");
  CHECK_EQ (omp_get_team_num (), 0, "after target teams");

  /* thread_limit on teams.  */
  int limit = -1;
#pragma omp target teams num_teams (2) thread_limit (3) map(tofrom: limit)
#pragma omp parallel
#pragma omp single
  __atomic_store_n (&limit, omp_get_thread_limit (), __ATOMIC_RELAXED);
  CHECK_EQ (limit, 3, "target teams thread_limit(3)");

  /* The whole combined construct.  */
  static int x[1000];
  long sum = 0;
  for (int i = 0; i < 1000; i++)
    x[i] = i;
#pragma omp target teams distribute parallel for num_teams (4) \
  map(to: x) reduction (+:sum)
  for (int i = 0; i < 1000; i++)
    sum += x[i];
  CHECK_EQ (sum, 499500L, "target teams distribute parallel for");
}

static void
test_data (void)
{
  int a[N];
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp target data map(tofrom: a)
  {
#pragma omp target
    for (int i = 0; i < N; i++)
      a[i] += 1;
#pragma omp target update from(a)
    CHECK_EQ (a[10], 11, "target update from");
    a[10] = 100;
#pragma omp target update to(a)
#pragma omp target
    a[10] += 1;
  }
  CHECK_EQ (a[10], 101, "after target data");
  CHECK_EQ (a[N - 1], N, "after target data");

  int *b = malloc (N * sizeof *b);
  CHECK (b != NULL, "malloc");
  for (int i = 0; i < N; i++)
    b[i] = i;
#pragma omp target enter data map(to: b[0:N])
#pragma omp target
  for (int i = 0; i < N; i++)
    b[i] *= 2;
#pragma omp target exit data map(from: b[0:N])
  CHECK_EQ (b[N - 1], 2 * (N - 1), "enter/exit data");
#pragma omp target enter data map(alloc: b[0:N])
#pragma omp target exit data map(delete: b[0:N])
  free (b);
}

static void
pause_ms (int ms)
{
  struct timespec ts = { 0, ms * 1000000L };
  nanosleep (&ts, NULL);
}

/* nowait target tasks and depend clauses, against ordinary tasks.  */
static void
test_nowait_depend (void)
{
  int x = 0, y = 0, order[4] = { 0 }, pos = 0;
#pragma omp parallel num_threads (4)
#pragma omp single
  {
#pragma omp task depend(out: x) shared(x, order, pos)
    {
      pause_ms (20);
      x = 1;
      order[__atomic_fetch_add (&pos, 1, __ATOMIC_SEQ_CST)] = 1;
    }
#pragma omp target nowait depend(inout: x) map(tofrom: x, order, pos)
    {
      x = x * 10 + 2;
      order[__atomic_fetch_add (&pos, 1, __ATOMIC_SEQ_CST)] = 2;
    }
#pragma omp task depend(in: x) shared(x, y, order, pos)
    {
      y = x;
      order[__atomic_fetch_add (&pos, 1, __ATOMIC_SEQ_CST)] = 3;
    }
#pragma omp taskwait
  }
  CHECK_EQ (x, 12, "target nowait depend(inout) after depend(out)");
  CHECK_EQ (y, 12, "task depend(in) after the target");
  CHECK_EQ (order[0] * 100 + order[1] * 10 + order[2], 123, "order");

  /* target update / enter data with depend, and a nowait without depend
     finished by taskwait.  */
  int z = 0, w = 0;
#pragma omp parallel num_threads (2)
#pragma omp single
  {
#pragma omp task depend(out: z) shared(z)
    {
      pause_ms (10);
      z = 5;
    }
#pragma omp target update to(z) depend(in: z) nowait
#pragma omp target enter data map(to: z) depend(inout: z)
#pragma omp target exit data map(from: z) depend(inout: z)
    CHECK_EQ (z, 5, "z after target update/enter/exit depend");
#pragma omp target nowait map(tofrom: w)
    w = 3;
#pragma omp taskwait
    CHECK_EQ (w, 3, "target nowait then taskwait");
  }
  /* Outside any parallel region.  */
  int v = 0;
#pragma omp target nowait map(tofrom: v) depend(out: v)
  v = 4;
#pragma omp taskwait
  CHECK_EQ (v, 4, "target nowait outside parallel");
}

static void
test_memory_api (void)
{
  int host = omp_get_initial_device ();
  CHECK_EQ (omp_get_num_devices (), 0, "devices");
  CHECK_EQ (host, 0, "the initial device");

  char *d = omp_target_alloc (64, host);
  CHECK (d != NULL, "omp_target_alloc on the host");
  memset (d, 'x', 64);
  CHECK_EQ (omp_target_is_present (d, host), 1, "present on the host");
  CHECK_EQ (omp_target_is_present (NULL, host), 1, "NULL is present");
  char src[64];
  for (int i = 0; i < 64; i++)
    src[i] = (char) i;
  CHECK_EQ (omp_target_memcpy (d, src, 16, 8, 4, host, host), 0, "memcpy");
  for (int i = 0; i < 64; i++)
    CHECK_EQ (d[i], i >= 8 && i < 24 ? i - 4 : 'x', "memcpy byte %d", i);
  omp_target_free (d, host);
  omp_target_free (NULL, host);

  /* Devices that do not exist.  */
  CHECK (omp_target_alloc (16, 1) == NULL, "alloc on device 1");
  CHECK (omp_target_alloc (16, -1) == NULL, "alloc on device -1");
  CHECK_EQ (omp_target_is_present (src, 1), 0, "present on device 1");
  CHECK_EQ (omp_target_is_present (src, -3), 0, "present on device -3");
  CHECK_EQ (omp_target_is_present (NULL, 5), 1, "NULL anywhere");
  CHECK_EQ (omp_target_memcpy (src, src, 1, 0, 0, 1, host), EINVAL,
	    "memcpy to device 1");
  CHECK_EQ (omp_target_memcpy (src, src, 1, 0, 0, host, -7), EINVAL,
	    "memcpy from device -7");
  omp_target_free (src, 2);	/* not freed: no such device */
  omp_target_free (src, -2);
  /* Nothing to associate host memory with, not even on the host.  */
  int a = 0, b = 0;
  CHECK_EQ (omp_target_associate_ptr (&a, &b, sizeof a, 0, host), EINVAL,
	    "associate on the host");
  CHECK_EQ (omp_target_associate_ptr (&a, &b, sizeof a, 0, 1), EINVAL,
	    "associate on device 1");
  CHECK_EQ (omp_target_disassociate_ptr (&a, host), EINVAL, "disassociate");
  CHECK_EQ (omp_target_disassociate_ptr (&a, 3), EINVAL, "disassociate 3");

  /* memcpy_rect: the number of dimensions supported, then a 3-D copy of
     a 2x3x4 block between differently shaped arrays.  */
  CHECK_EQ (omp_target_memcpy_rect (NULL, NULL, 0, 0, NULL, NULL, NULL, NULL,
				    NULL, host, host), INT_MAX,
	    "memcpy_rect dimensions");
  static int s3[5][6][7], d3[4][5][8];
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 6; j++)
      for (int k = 0; k < 7; k++)
	s3[i][j][k] = i * 100 + j * 10 + k;
  memset (d3, 0xff, sizeof d3);
  size_t vol[3] = { 2, 3, 4 }, doff[3] = { 1, 2, 3 }, soff[3] = { 2, 1, 0 };
  size_t ddim[3] = { 4, 5, 8 }, sdim[3] = { 5, 6, 7 };
  CHECK_EQ (omp_target_memcpy_rect (d3, s3, sizeof (int), 3, vol, doff, soff,
				    ddim, sdim, host, host), 0,
	    "memcpy_rect 3-D");
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++)
      for (int k = 0; k < 8; k++)
	{
	  int in = i >= 1 && i < 3 && j >= 2 && j < 5 && k >= 3 && k < 7;
	  int want = in ? s3[i - 1 + 2][j - 2 + 1][k - 3] : -1;
	  CHECK_EQ (d3[i][j][k], want, "memcpy_rect d3[%d][%d][%d]", i, j, k);
	}
  int s1[10], d1[10];
  for (int i = 0; i < 10; i++)
    {
      s1[i] = i;
      d1[i] = -1;
    }
  size_t v1 = 4, o1d = 5, o1s = 2, dim1 = 10;
  CHECK_EQ (omp_target_memcpy_rect (d1, s1, sizeof (int), 1, &v1, &o1d, &o1s,
				    &dim1, &dim1, host, host), 0,
	    "memcpy_rect 1-D");
  for (int i = 0; i < 10; i++)
    CHECK_EQ (d1[i], i >= 5 && i < 9 ? i - 3 : -1, "1-D d1[%d]", i);
  CHECK_EQ (omp_target_memcpy_rect (d1, s1, sizeof (int), 1, &v1, &o1d, &o1s,
				    &dim1, &dim1, 1, host), EINVAL,
	    "memcpy_rect to device 1");
}

/* Children for OMP_TARGET_OFFLOAD=mandatory.  */
static int
child_target (const char *what)
{
  int r = 0;
  if (strcmp (what, "default") == 0)
    {
#pragma omp target map(tofrom: r)
      r = 42;
    }
  else if (strcmp (what, "host") == 0)
    {
      int dev = omp_get_initial_device ();
#pragma omp target device(dev) map(tofrom: r)
      r = 42;
    }
  else if (strcmp (what, "dev1") == 0)
    {
      int dev = 1;
#pragma omp target device(dev) map(tofrom: r)
      r = 42;
    }
  else if (strcmp (what, "data1") == 0)
    {
      int dev = 1;
#pragma omp target data device(dev) map(tofrom: r)
      r = 42;
    }
  else if (strcmp (what, "alloc1") == 0)
    r = omp_target_alloc (8, 1) == NULL ? 42 : 0;
  else if (strcmp (what, "allocm1") == 0)
    r = omp_target_alloc (8, -1) == NULL ? 42 : 0;
  printf ("r=%d\n", r);
  return 0;
}

static void
test_mandatory (void)
{
  static const char *const mandatory[] = {
    "OMP_TARGET_OFFLOAD=mandatory", NULL
  };
  static const char *const mandatory_dev1[] = {
    "OMP_TARGET_OFFLOAD=MANDATORY", "OMP_DEFAULT_DEVICE=1", NULL
  };
  static const char *const disabled[] = {
    "OMP_TARGET_OFFLOAD=disabled", NULL
  };
  static const struct
  {
    const char *arg;
    const char *const *vars;
    int fatal;
  } cases[] = {
    { "default", mandatory, 0 },
    { "host", mandatory, 0 },
    { "dev1", mandatory, 1 },
    { "data1", mandatory, 1 },
    { "alloc1", mandatory, 1 },
    { "allocm1", mandatory, 0 },
    { "default", mandatory_dev1, 1 },
    { "dev1", disabled, 0 },
    { "alloc1", disabled, 0 },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      struct child c;
      run_self (&c, cases[i].arg, cases[i].vars);
      if (cases[i].fatal)
	CHECK (c.status == 1
	       && strstr (c.err, "OMP_TARGET_OFFLOAD is set to MANDATORY, "
			  "but device not found") != NULL
	       && strstr (c.out, "r=") == NULL,
	       "expected the mandatory error and exit status 1\n" CHILD_FMT,
	       cases[i].arg, env_str (cases[i].vars), c.status, c.out, c.err);
      else
	CHECK (c.status == 0 && c.err[0] == '\0'
	       && strstr (c.out, "r=42\n") != NULL,
	       "expected r=42\n" CHILD_FMT, cases[i].arg,
	       env_str (cases[i].vars), c.status, c.out, c.err);
      child_free (&c);
    }
}

int
main (int argc, char **argv)
{
  check_init (argv[0]);
  if (argc > 1)
    return child_target (argv[1]);
  test_map ();
  test_environment ();
  test_thread_limit ();
  test_teams ();
  test_data ();
  test_nowait_depend ();
  test_memory_api ();
  test_mandatory ();
  return 0;
}
