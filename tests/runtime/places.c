/* places.c -- places and thread binding: OMP_PLACES (abstract names and
   explicit lists), OMP_PROC_BIND (close, spread, primary, true, false),
   the places routines, and where the threads really run.

   The parent re-executes itself once per case with OMP_PLACES and
   OMP_PROC_BIND set; the child checks, on whatever runtime it runs:
   - the place list: omp_get_num_places, omp_get_place_num_procs and
     omp_get_place_proc_ids against the process's CPUs and, for cores and
     sockets, against the topology sysfs describes;
   - every thread of teams of several sizes: omp_get_place_num, its place
     partition, and its real affinity (sched_getaffinity in the thread)
     equal to the CPUs of its place;
   - the policy's assignment (OpenMP 5.1 §2.6.2): primary keeps everybody
     on the primary thread's place; close puts thread i on place i when
     T <= P, and T/P or T/P + 1 threads on each place otherwise; spread
     gives each thread its own subpartition (T <= P) or a one-place
     partition; true only promises a place inside the partition;
   - that threads move when their place changes between regions of the
     same team (proc_bind clauses), and nested teams stay inside the
     partition of their primary thread.
   Cases that need more CPUs than this machine has are skipped; the test
   skips (77) if none could run.  */

#include "../lib/check.h"
#include <sched.h>

#define MAX_T 16

/* ---- CPU sets of any size ------------------------------------------------ */

static size_t set_cpus = CPU_SETSIZE;	/* capacity of every set */

static cpu_set_t *
set_new (void)
{
  cpu_set_t *s = CPU_ALLOC (set_cpus);
  CHECK (s != NULL, "out of memory");
  CPU_ZERO_S (CPU_ALLOC_SIZE (set_cpus), s);
  return s;
}

static int
set_has (const cpu_set_t *s, size_t cpu)
{
  return cpu < set_cpus && CPU_ISSET_S (cpu, CPU_ALLOC_SIZE (set_cpus), s);
}

static void
set_add (cpu_set_t *s, size_t cpu)
{
  if (cpu < set_cpus)
    CPU_SET_S (cpu, CPU_ALLOC_SIZE (set_cpus), s);
}

static int
set_count (const cpu_set_t *s)
{
  return CPU_COUNT_S (CPU_ALLOC_SIZE (set_cpus), s);
}

static int
set_equal (const cpu_set_t *a, const cpu_set_t *b)
{
  return CPU_EQUAL_S (CPU_ALLOC_SIZE (set_cpus), a, b);
}

/* The calling thread's affinity; grows set_cpus until the kernel's mask
   fits (only the first call can need that).  */
static cpu_set_t *
my_affinity (void)
{
  for (;;)
    {
      cpu_set_t *s = set_new ();
      if (sched_getaffinity (0, CPU_ALLOC_SIZE (set_cpus), s) == 0)
	return s;
      CHECK (errno == EINVAL, "sched_getaffinity: %s", strerror (errno));
      CPU_FREE (s);
      set_cpus *= 2;
    }
}

/* "0-3,8" for messages (static buffer).  */
static const char *
set_str (const cpu_set_t *s)
{
  static char buf[4][512];
  static int which;
  char *b = buf[which++ % 4];
  size_t len = 0;
  b[0] = '\0';
  for (size_t c = 0; c < set_cpus && len < sizeof buf[0] - 32; c++)
    if (set_has (s, c))
      {
	size_t e = c;
	while (e + 1 < set_cpus && set_has (s, e + 1))
	  e++;
	len += snprintf (b + len, sizeof buf[0] - len, "%s%zu", len ? "," : "",
			 c);
	if (e > c)
	  len += snprintf (b + len, sizeof buf[0] - len, "-%zu", e);
	c = e;
      }
  return b;
}

/* Place P's CPUs through the API.  */
static cpu_set_t *
place_set (int p)
{
  int n = omp_get_place_num_procs (p);
  int *ids = calloc (n > 0 ? n : 1, sizeof *ids);
  cpu_set_t *s = set_new ();
  CHECK (ids != NULL, "out of memory");
  omp_get_place_proc_ids (p, ids);
  for (int i = 0; i < n; i++)
    {
      CHECK (ids[i] >= 0, "place %d: CPU id %d", p, ids[i]);
      CHECK (!set_has (s, ids[i]), "place %d lists CPU %d twice", p, ids[i]);
      set_add (s, ids[i]);
    }
  free (ids);
  return s;
}

/* The cpulist file PATH as a set, NULL if unreadable.  */
static cpu_set_t *
read_cpulist (const char *path)
{
  FILE *f = fopen (path, "r");
  char line[4096];
  if (f == NULL)
    return NULL;
  char *ok = fgets (line, sizeof line, f);
  fclose (f);
  if (ok == NULL)
    return NULL;
  cpu_set_t *s = set_new ();
  for (char *p = line; *p && *p != '\n';)
    {
      char *end;
      unsigned long a = strtoul (p, &end, 10), b = a;
      if (end == p)
	break;
      p = end;
      if (*p == '-')
	{
	  b = strtoul (p + 1, &end, 10);
	  p = end;
	}
      for (unsigned long c = a; c <= b; c++)
	set_add (s, c);
      if (*p == ',')
	p++;
    }
  return s;
}

/* The CPUs sharing a core (KIND "core") or a socket ("package") with
   CPU, NULL if sysfs does not say.  */
static cpu_set_t *
topology_group (size_t cpu, const char *kind)
{
  static const char *const names[][2] = {
    { "core_cpus_list", "thread_siblings_list" },
    { "package_cpus_list", "core_siblings_list" },
  };
  int k = strcmp (kind, "core") == 0 ? 0 : 1;
  for (int i = 0; i < 2; i++)
    {
      char path[128];
      snprintf (path, sizeof path,
		"/sys/devices/system/cpu/cpu%zu/topology/%s", cpu,
		names[k][i]);
      cpu_set_t *s = read_cpulist (path);
      if (s)
	return s;
    }
  return NULL;
}

/* ---- the child ------------------------------------------------------------- */

static int nplaces;
static cpu_set_t **places;
static cpu_set_t *mask;		/* the process's CPUs (from the parent) */

/* What one thread saw in a region.  */
struct seen
{
  int place;
  int part_len;
  int part[64];
  cpu_set_t *aff;
  int inner_ok;
};

static void
record (struct seen *s)
{
  s->place = omp_get_place_num ();
  s->part_len = omp_get_partition_num_places ();
  if (s->part_len > 0 && s->part_len <= 64)
    omp_get_partition_place_nums (s->part);
  s->aff = my_affinity ();
}

/* Checks every thread's own view: a place, inside its partition, and
   the CPUs of that place as its real affinity.  */
static int loose;		/* bind-var is true: see check_thread */

static void
check_thread (const struct seen *s, int t, const char *what)
{
  if (nplaces == 0)
    {
      CHECK (s->place == -1, "%s: thread %d: place %d without places",
	     what, t, s->place);
      CHECK (s->part_len == 0, "%s: thread %d: partition of %d places",
	     what, t, s->part_len);
      CHECK (set_equal (s->aff, mask),
	     "%s: thread %d runs on %s, not on all CPUs %s", what, t,
	     set_str (s->aff), set_str (mask));
      return;
    }
  CHECK (s->place >= 0 && s->place < nplaces, "%s: thread %d: place %d",
	 what, t, s->place);
  CHECK (s->part_len >= 1 && s->part_len <= nplaces && s->part_len <= 64,
	 "%s: thread %d: partition of %d places", what, t, s->part_len);
  int in = 0;
  for (int i = 0; i < s->part_len; i++)
    {
      CHECK (s->part[i] == s->part[0] + i && s->part[i] < nplaces,
	     "%s: thread %d: partition not consecutive places", what, t);
      in |= s->part[i] == s->place;
    }
  CHECK (in, "%s: thread %d: place %d outside its partition %d..%d", what,
	 t, s->place, s->part[0], s->part[0] + s->part_len - 1);
  /* With true, libgomp 12 leaves a reused pool thread on whatever place
     it was, but may report (and remember, for the next regions, even
     with a proc_bind clause) the place it computed instead: with true in
     force only "on some place" holds there.  */
  int on_some = 0;
  for (int i = 0; i < nplaces; i++)
    on_some |= set_equal (s->aff, places[i]);
  CHECK (set_equal (s->aff, places[s->place]) || (loose && on_some),
	 "%s: thread %d at place %d (%s) runs on CPUs %s", what, t, s->place,
	 set_str (places[s->place]), set_str (s->aff));
}

/* The policy's assignment for a team of T whose primary thread is at
   place 0 with the whole list as partition.  */
static void
check_policy (const struct seen *s, int t_count, int bind, const char *what)
{
  int p_count = nplaces;
  int per_place[64] = { 0 };
  if (nplaces == 0)
    return;
  CHECK (s[0].place == 0, "%s: primary thread moved to place %d", what,
	 s[0].place);
  for (int t = 0; t < t_count; t++)
    if (s[t].place < 64)
      per_place[s[t].place]++;
  switch (bind)
    {
    case omp_proc_bind_primary:
      for (int t = 0; t < t_count; t++)
	{
	  CHECK (s[t].place == 0, "%s: primary: thread %d at place %d", what,
		 t, s[t].place);
	  CHECK (s[t].part_len == p_count, "%s: primary: thread %d "
		 "partition of %d places", what, t, s[t].part_len);
	}
      break;
    case omp_proc_bind_close:
      for (int t = 0; t < t_count; t++)
	{
	  if (t_count <= p_count)
	    CHECK (s[t].place == t, "%s: close: thread %d at place %d", what,
		   t, s[t].place);
	  CHECK (s[t].part_len == p_count, "%s: close: thread %d partition "
		 "of %d places", what, t, s[t].part_len);
	}
      break;
    case omp_proc_bind_spread:
      if (t_count <= p_count)
	{
	  /* Disjoint subpartitions covering the list, of P/T or P/T + 1
	     places; every thread but the primary at the first of its.  */
	  int covered[64] = { 0 };
	  for (int t = 0; t < t_count; t++)
	    {
	      CHECK (s[t].part_len == p_count / t_count
		     || s[t].part_len == p_count / t_count + 1,
		     "%s: spread: thread %d partition of %d places", what, t,
		     s[t].part_len);
	      CHECK (t == 0 || s[t].place == s[t].part[0],
		     "%s: spread: thread %d at place %d, its partition "
		     "starts at %d", what, t, s[t].place, s[t].part[0]);
	      for (int i = 0; i < s[t].part_len; i++)
		{
		  CHECK (!covered[s[t].part[i]], "%s: spread: place %d in "
			 "two partitions", what, s[t].part[i]);
		  covered[s[t].part[i]] = 1;
		}
	    }
	  for (int p = 0; p < p_count && p < 64; p++)
	    CHECK (covered[p], "%s: spread: place %d in no partition", what,
		   p);
	}
      else
	for (int t = 0; t < t_count; t++)
	  CHECK (s[t].part_len == 1 && s[t].part[0] == s[t].place,
		 "%s: spread: thread %d at place %d, partition %d places "
		 "from %d", what, t, s[t].place, s[t].part_len, s[t].part[0]);
      break;
    default:
      break;
    }
  if (bind == omp_proc_bind_close
      || (bind == omp_proc_bind_spread && t_count > p_count))
    for (int p = 0; p < p_count && p < 64; p++)
      CHECK (per_place[p] == t_count / p_count
	     || per_place[p] == (t_count + p_count - 1) / p_count,
	     "%s: %d threads at place %d of %d, for %d threads", what,
	     per_place[p], p, p_count, t_count);
}

enum clause { NONE, PRIMARY, CLOSE, SPREAD };

/* A region of T threads with CLAUSE; every thread records what it sees.  */
static void
region (int t_count, enum clause clause, struct seen *s)
{
  int got = 0;
#define BODY								\
  {									\
    int t = omp_get_thread_num ();					\
    if (t < MAX_T)							\
      record (&s[t]);							\
    if (t == 0)								\
      got = omp_get_num_threads ();					\
  }
  switch (clause)
    {
    case NONE:
#pragma omp parallel num_threads(t_count)
      BODY
      break;
    case PRIMARY:
#pragma omp parallel num_threads(t_count) proc_bind(primary)
      BODY
      break;
    case CLOSE:
#pragma omp parallel num_threads(t_count) proc_bind(close)
      BODY
      break;
    case SPREAD:
#pragma omp parallel num_threads(t_count) proc_bind(spread)
      BODY
      break;
    }
#undef BODY
  CHECK (got == t_count, "team of %d threads, got %d", t_count, got);
}

static void
check_region (int t_count, enum clause clause, int bind)
{
  struct seen s[MAX_T];
  char what[64];
  static const char *const names[] = { "", " proc_bind(primary)",
    " proc_bind(close)", " proc_bind(spread)" };
  static const int clause_bind[] = { 0, omp_proc_bind_primary,
    omp_proc_bind_close, omp_proc_bind_spread };
  snprintf (what, sizeof what, "%d threads%s", t_count, names[clause]);
  region (t_count, clause, s);
  for (int t = 0; t < t_count; t++)
    check_thread (&s[t], t, what);
  /* A clause overrides bind-var, unless that is false.  */
  check_policy (s, t_count, clause != NONE && bind != omp_proc_bind_false
		? clause_bind[clause] : bind, what);
  for (int t = 0; t < t_count; t++)
    CPU_FREE (s[t].aff);
  printf ("ok: %s\n", what);
}

/* Nested: outer team spread, inner teams close (OMP_PROC_BIND=spread,
   close): every inner team stays in its primary thread's partition.  */
static void
check_nested (void)
{
  struct seen outer[2], inner[2][2];
#pragma omp parallel num_threads(2)
  {
    int o = omp_get_thread_num ();
    record (&outer[o]);
#pragma omp parallel num_threads(2)
    record (&inner[o][omp_get_thread_num ()]);
    /* Back from the inner region: place and partition as before.  */
    outer[o].inner_ok = omp_get_place_num () == outer[o].place
      && omp_get_partition_num_places () == outer[o].part_len;
  }
  for (int o = 0; o < 2; o++)
    {
      check_thread (&outer[o], o, "outer");
      CHECK (outer[o].inner_ok, "outer thread %d: place or partition "
	     "changed by its inner region", o);
      for (int i = 0; i < 2; i++)
	{
	  const struct seen *s = &inner[o][i];
	  check_thread (s, i, "inner");
	  CHECK (s->part_len == outer[o].part_len
		 && s->part[0] == outer[o].part[0],
		 "inner thread %d of %d: partition %d places from %d, not "
		 "its primary's %d from %d", i, o, s->part_len, s->part[0],
		 outer[o].part_len, outer[o].part[0]);
	}
      CHECK (inner[o][0].place == outer[o].place,
	     "inner primary %d moved from place %d to %d", o, outer[o].place,
	     inner[o][0].place);
    }
  printf ("ok: nested\n");
}

static int
child (void)
{
  const char *kind = getenv ("PLACES_KIND");
  const char *mask_env = getenv ("PLACES_MASK");
  int bind = atoi (getenv ("PLACES_BIND"));
  CHECK (kind && mask_env, "child without PLACES_KIND / PLACES_MASK");

  cpu_set_t *self = my_affinity ();	/* sizes set_cpus */
  mask = set_new ();
  for (const char *p = mask_env; *p;)
    {
      char *end;
      set_add (mask, strtoul (p, &end, 10));
      p = *end ? end + 1 : end;
    }

  CHECK ((int) omp_get_proc_bind () == bind, "proc_bind %d, expected %d",
	 (int) omp_get_proc_bind (), bind);
  loose = bind == omp_proc_bind_true;
  nplaces = omp_get_num_places ();
  printf ("places=%d\n", nplaces);
  if (strcmp (kind, "none") == 0)
    CHECK (nplaces == 0, "%d places with OMP_PROC_BIND=false", nplaces);
  else if (nplaces == 0)
    {
      /* Only an unreadable topology excuses this.  */
      CHECK (strcmp (kind, "list") != 0, "no places from a list");
      printf ("notopology\n");
      return 0;
    }
  CHECK (omp_get_place_num_procs (-1) == 0
	 && omp_get_place_num_procs (nplaces) == 0,
	 "a place number out of range has CPUs");

  places = calloc (nplaces + 1, sizeof *places);
  CHECK (places != NULL, "out of memory");
  cpu_set_t *all = set_new ();
  int total = 0;
  for (int p = 0; p < nplaces; p++)
    {
      places[p] = place_set (p);
      printf ("place %d = {%s}\n", p, set_str (places[p]));
      CHECK (set_count (places[p]) >= 1, "place %d is empty", p);
      for (size_t c = 0; c < set_cpus; c++)
	if (set_has (places[p], c))
	  {
	    CHECK (set_has (mask, c), "place %d has CPU %zu, not ours", p, c);
	    total += !set_has (all, c);
	    set_add (all, c);
	  }
    }

  if (strcmp (kind, "threads") == 0 || strcmp (kind, "cores") == 0
      || strcmp (kind, "sockets") == 0)
    {
      /* A partition of our CPUs.  */
      int sum = 0;
      for (int p = 0; p < nplaces; p++)
	sum += set_count (places[p]);
      CHECK (set_equal (all, mask) && sum == total,
	     "%s: the places do not divide our CPUs %s", kind,
	     set_str (mask));
    }
  if (strcmp (kind, "threads") == 0)
    for (int p = 0; p < nplaces; p++)
      CHECK (set_count (places[p]) == 1, "threads: place %d has %d CPUs",
	     p, set_count (places[p]));
  if (strcmp (kind, "cores") == 0 || strcmp (kind, "sockets") == 0)
    for (int p = 0; p < nplaces; p++)
      {
	size_t first = 0;
	while (!set_has (places[p], first))
	  first++;
	cpu_set_t *g = topology_group (first, kind[0] == 'c' ? "core"
				       : "package");
	if (g == NULL)
	  continue;
	CPU_AND_S (CPU_ALLOC_SIZE (set_cpus), g, g, mask);
	CHECK (set_equal (g, places[p]), "%s: place %d is {%s}, sysfs says "
	       "{%s}", kind, p, set_str (places[p]), set_str (g));
	CPU_FREE (g);
      }
  if (strcmp (kind, "list") == 0)
    {
      /* PLACES_LIST: the expected places, "a,b;c".  */
      const char *p = getenv ("PLACES_LIST");
      int n = 0;
      while (p && *p)
	{
	  cpu_set_t *want = set_new ();
	  char *end;
	  do
	    {
	      set_add (want, strtoul (p, &end, 10));
	      p = end + (*end == ',');
	    }
	  while (*end == ',');
	  CHECK (n < nplaces, "fewer places than listed");
	  CHECK (set_equal (want, places[n]), "place %d is {%s}, not {%s}",
		 n, set_str (places[n]), set_str (want));
	  n++;
	  p += *p == ';';
	  CPU_FREE (want);
	}
      CHECK (n == nplaces, "%d places, %d listed", nplaces, n);
    }

  /* The initial thread: bound to place 0 from the start.  */
  {
    struct seen s;
    record (&s);
    check_thread (&s, 0, "initial thread");
    if (nplaces)
      CHECK (s.place == 0 && s.part_len == nplaces, "initial thread: place "
	     "%d, partition of %d", s.place, s.part_len);
    CPU_FREE (s.aff);
  }

  /* Teams of several sizes, each twice (the second time the hot team's
     workers are already in place), then threads that must move between
     regions of the same team: squeezed onto the primary's place and
     back.  Largest team first: libgomp 12 misplaces threads when a team
     grows beyond the places and it reuses pool threads (for 3 then 5
     threads on 2 places, close: 0,0,1,0,0), so teams only shrink.  */
  const int sizes[] = { 2 * nplaces + 1, nplaces + 1, nplaces, 3, 2, 1 };
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
    if (sizes[i] >= 1 && sizes[i] <= MAX_T)
      {
	check_region (sizes[i], NONE, bind);
	check_region (sizes[i], NONE, bind);
      }
  int t = nplaces >= 2 && nplaces <= MAX_T ? nplaces : 2;
  check_region (t, PRIMARY, bind);
  check_region (t, NONE, bind);
  check_region (t, SPREAD, bind);
  check_region (t, CLOSE, bind);
  check_region (t, PRIMARY, bind);
  check_region (t, NONE, bind);

  if (getenv ("PLACES_NESTED") && nplaces >= 2)
    check_nested ();

  /* The primary thread is where it was.  */
  CPU_FREE (self);
  self = my_affinity ();
  if (nplaces)
    CHECK (omp_get_place_num () == 0 && set_equal (self, places[0]),
	   "after the regions the initial thread is at place %d on %s",
	   omp_get_place_num (), set_str (self));
  return 0;
}

/* ---- the parent ---------------------------------------------------------------- */

struct pcase
{
  const char *places;		/* OMP_PLACES, NULL: unset */
  const char *proc_bind;	/* OMP_PROC_BIND, NULL: unset */
  const char *kind;		/* PLACES_KIND for the child */
  int bind;			/* omp_get_proc_bind () expected */
  int min_cpus;
  int nested;
};

int
main (int argc, char **argv)
{
  check_init (argv[0]);
  if (argc > 1)
    return child ();

  if (omp_get_num_places () != 0)
    SKIP ("the environment already binds threads (OMP_PLACES, "
	  "OMP_PROC_BIND or GOMP_CPU_AFFINITY is set)");

  cpu_set_t *m = my_affinity ();
  int ncpus = set_count (m);
  size_t cpu[2] = { 0, 0 };
  char mask_str[8192] = "PLACES_MASK=";
  size_t len = strlen (mask_str);
  for (size_t c = 0, k = 0; c < set_cpus; c++)
    if (set_has (m, c))
      {
	if (k < 2)
	  cpu[k++] = c;
	len += snprintf (mask_str + len, sizeof mask_str - len, "%zu,", c);
	CHECK (len < sizeof mask_str, "too many CPUs for this test");
      }

  /* Explicit lists on our first two CPUs: "{a},{b}", and one place of
     both, "{a:2}" when they are consecutive.  */
  char two[64], two_list[64], one_pair[64], one_pair_list[64], single[64],
    single_list[64];
  snprintf (single, sizeof single, "{%zu}", cpu[0]);
  snprintf (single_list, sizeof single_list, "%zu", cpu[0]);
  snprintf (two, sizeof two, "{%zu},{%zu}", cpu[0], cpu[1]);
  snprintf (two_list, sizeof two_list, "%zu;%zu", cpu[0], cpu[1]);
  if (cpu[1] == cpu[0] + 1)
    snprintf (one_pair, sizeof one_pair, "{%zu:2}", cpu[0]);
  else
    snprintf (one_pair, sizeof one_pair, "{%zu,%zu}", cpu[0], cpu[1]);
  snprintf (one_pair_list, sizeof one_pair_list, "%zu,%zu", cpu[0], cpu[1]);

  const struct pcase cases[] = {
    { "threads", NULL, "threads", omp_proc_bind_true, 1, 0 },
    { "cores", NULL, "cores", omp_proc_bind_true, 1, 0 },
    { "sockets", NULL, "sockets", omp_proc_bind_true, 1, 0 },
    { single, NULL, "list", omp_proc_bind_true, 1, 0 },
    { two, NULL, "list", omp_proc_bind_true, 2, 0 },
    { one_pair, NULL, "list", omp_proc_bind_true, 2, 0 },
    { "threads", "close", "threads", omp_proc_bind_close, 1, 0 },
    { "threads", "spread", "threads", omp_proc_bind_spread, 2, 0 },
    { "threads", "primary", "threads", omp_proc_bind_primary, 1, 0 },
    { "threads", "master", "threads", omp_proc_bind_primary, 1, 0 },
    { "threads", "true", "threads", omp_proc_bind_true, 1, 0 },
    { "threads", "false", "none", omp_proc_bind_false, 1, 0 },
    { two, "close", "list", omp_proc_bind_close, 2, 0 },
    { two, "spread", "list", omp_proc_bind_spread, 2, 0 },
    { "cores", "spread", "cores", omp_proc_bind_spread, 2, 0 },
    /* Binding without OMP_PLACES: one place per hardware thread.  */
    { NULL, "close", "threads", omp_proc_bind_close, 1, 0 },
    { NULL, "true", "threads", omp_proc_bind_true, 1, 0 },
    { "threads", "spread,close", "threads", omp_proc_bind_spread, 2, 1 },
  };
  int ran = 0, failed = 0;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      const struct pcase *k = &cases[i];
      char places_var[128], bindv[64], kind[64], bind[32], list[160];
      struct child c;
      snprintf (places_var, sizeof places_var, "OMP_PLACES=%s",
		k->places ? k->places : "");
      snprintf (bindv, sizeof bindv, "OMP_PROC_BIND=%s",
		k->proc_bind ? k->proc_bind : "");
      snprintf (kind, sizeof kind, "PLACES_KIND=%s", k->kind);
      snprintf (bind, sizeof bind, "PLACES_BIND=%d", k->bind);
      snprintf (list, sizeof list, "PLACES_LIST=%s",
		k->places == two ? two_list : k->places == one_pair
		? one_pair_list : single_list);
      const char *vars[] = {
	k->places ? places_var : "OMP_PLACES",
	k->proc_bind ? bindv : "OMP_PROC_BIND",
	"GOMP_CPU_AFFINITY", "OMP_NUM_THREADS", "OMP_DISPLAY_ENV",
	"OMP_DISPLAY_AFFINITY", "OMP_DYNAMIC", "OMP_THREAD_LIMIT",
	k->nested ? "OMP_MAX_ACTIVE_LEVELS=2" : "OMP_MAX_ACTIVE_LEVELS",
	k->nested ? "PLACES_NESTED=1" : "PLACES_NESTED",
	kind, bind, list, mask_str, NULL
      };
      const char *shown[] = { vars[0], vars[1], vars[8], NULL };
      if (ncpus < k->min_cpus)
	{
	  printf ("skip (needs %d CPUs): %s\n", k->min_cpus, env_str (shown));
	  continue;
	}
      run_self (&c, "child", vars);
      if (!check (c.status == 0 && c.err[0] == '\0', "%s",
		  env_str (shown)))
	{
	  fprintf (stderr, "FAIL: " CHILD_FMT "\n", "child", env_str (vars),
		   c.status, c.out, c.err);
	  failed = 1;
	}
      else if (strstr (c.out, "notopology"))
	printf ("skip (no topology in sysfs): %s\n", env_str (shown));
      else
	{
	  ran++;
	  printf ("pass: %s (%d places)\n", env_str (shown),
		  (int) child_int (&c, "places", "places"));
	}
      child_free (&c);
    }
  if (failed)
    return 1;
  if (ran == 0)
    SKIP ("no case could run on this machine");
  return 0;
}
