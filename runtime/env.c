/* env.c -- the initial values of the ICVs, read from the environment
   before main.

   Every variable GCC 12's libgomp reads is parsed here by libgomp's rules,
   so that a program behaves the same on either runtime: keywords in any
   case, white space allowed around values and list items, and an invalid
   value produces libgomp's warning and leaves the default in force.  A
   typo in the environment never aborts a program.

   Data-environment ICVs go to gomp_initial_icv, which the initial task of
   every thread copies (registry.c); the others to gomp_global_icv.

   Variables read, in libgomp's order (warnings come out in that order):
   OMP_SCHEDULE, OMP_DYNAMIC, OMP_CANCELLATION, OMP_DISPLAY_AFFINITY,
   OMP_DEFAULT_DEVICE, OMP_TARGET_OFFLOAD, OMP_MAX_TASK_PRIORITY,
   OMP_ALLOCATOR, OMP_THREAD_LIMIT, GOMP_DEBUG, OMP_NUM_THREADS,
   OMP_NUM_TEAMS, OMP_TEAMS_THREAD_LIMIT, OMP_PROC_BIND,
   OMP_MAX_ACTIVE_LEVELS, OMP_NESTED, OMP_PLACES, GOMP_CPU_AFFINITY,
   OMP_AFFINITY_FORMAT, OMP_WAIT_POLICY, GOMP_SPINCOUNT, OMP_STACKSIZE,
   GOMP_STACKSIZE, then our OMP_DEBUG and finally OMP_DISPLAY_ENV.
   GOMP_OPENACC_DIM only matters to OpenACC, which libgomp never
   validates either: it is accepted and ignored.  */

#include "config.h"
#include "internal.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static char default_affinity_format[] = "level %L thread %i affinity %A";
static char unset_string[] = "";

/* Defaults as in libgomp 12; nthreads_var (the number of CPUs) is set by
   gomp_env_init.  */
struct gomp_icv gomp_initial_icv = {
  .thread_limit_var = ULONG_MAX,	/* unlimited */
  .run_sched_var = GS_DYNAMIC,
  .run_sched_chunk = 1,
  .max_active_levels_var = 1,
  .bind_var = BIND_FALSE,
};

struct gomp_global_icv gomp_global_icv = {
  .wait_policy = -1,
  .spin_count = 300000,
  .throttled_spin_count = 100,
  .def_allocator_var = 1,		/* omp_default_mem_alloc */
  .affinity_format = default_affinity_format,
  .places_string = unset_string,
  .cpu_affinity_string = unset_string,
};

/* The predefined allocators of omp.h, indexed by handle value.  */
const char *const gomp_allocator_names[GOMP_NUM_ALLOCATORS] = {
  NULL,				/* omp_null_allocator */
  "omp_default_mem_alloc",
  "omp_large_cap_mem_alloc",
  "omp_const_mem_alloc",
  "omp_high_bw_mem_alloc",
  "omp_low_lat_mem_alloc",
  "omp_cgroup_mem_alloc",
  "omp_pteam_mem_alloc",
  "omp_thread_mem_alloc",
};

/* ---- lexical helpers ----------------------------------------------------- */

static const char *
skip_space (const char *s)
{
  while (isspace ((unsigned char) *s))
    s++;
  return s;
}

/* Nothing but white space left.  */
static bool
at_end (const char *s)
{
  return *skip_space (s) == '\0';
}

/* If *S starts with WORD, in any case, step over it.  Like libgomp this
   is a prefix test: the caller checks what follows.  */
static bool
match (const char **s, const char *word)
{
  size_t n = strlen (word);
  if (strncasecmp (*s, word, n) != 0)
    return false;
  *s += n;
  return true;
}

static void
invalid (const char *name)
{
  gomp_warn ("Invalid value for environment variable %s", name);
}

/* Read a decimal number at *S as libgomp does, with strtoul: a sign is
   accepted, but the value must be positive as a long (so "-1" and
   overflow are rejected), or zero if ZERO_OK.  */
static bool
read_ulong (const char **s, unsigned long *value, bool zero_ok)
{
  char *end;
  errno = 0;
  unsigned long v = strtoul (*s, &end, 10);
  if (errno != 0 || end == *s || (long) v < (zero_ok ? 0 : 1))
    return false;
  *s = end;
  *value = v;
  return true;
}

/* ---- parsers of one variable ------------------------------------------------ */

/* A single number.  Returns whether NAME was set to a valid value.  */
static bool
parse_ulong (const char *name, unsigned long *value, bool zero_ok)
{
  const char *s = getenv (name);
  if (s == NULL)
    return false;
  if (!read_ulong (&s, value, zero_ok) || !at_end (s))
    {
      invalid (name);
      return false;
    }
  return true;
}

static bool
parse_int (const char *name, int *value, bool zero_ok)
{
  unsigned long v;
  if (!parse_ulong (name, &v, zero_ok))
    return false;
  if (v > INT_MAX)
    {
      invalid (name);
      return false;
    }
  *value = (int) v;
  return true;
}

int
gomp_env_keyword (const char *value, const char *const *words, int n)
{
  for (int i = 0; i < n; i++)
    {
      const char *s = skip_space (value);
      if (words[i] != NULL && match (&s, words[i]) && at_end (s))
	return i;
    }
  return -1;
}

/* One of WORDS[0 .. N-1].  Returns its index, or -1 if NAME is unset or
   invalid.  */
static int
parse_keyword (const char *name, const char *const *words, int n)
{
  const char *env = getenv (name);
  if (env == NULL)
    return -1;
  int i = gomp_env_keyword (env, words, n);
  if (i < 0)
    invalid (name);
  return i;
}

static const char *const booleans[] = { "false", "true" };

static bool
parse_boolean (const char *name, unsigned char *value)
{
  int v = parse_keyword (name, booleans, 2);
  if (v < 0)
    return false;
  *value = (unsigned char) v;
  return true;
}

/* OMP_SCHEDULE: [monotonic:|nonmonotonic:]kind[,chunk].  */
static void
parse_schedule (void)
{
  const char *s = getenv ("OMP_SCHEDULE");
  if (s == NULL)
    return;
  s = skip_space (s);
  int modifier = 0;		/* 1 monotonic, -1 nonmonotonic */
  if (match (&s, "monotonic"))
    modifier = 1;
  else if (match (&s, "nonmonotonic"))
    modifier = -1;
  if (modifier != 0)
    {
      s = skip_space (s);
      if (*s != ':')
	goto unknown;
      s = skip_space (s + 1);
    }
  unsigned int kind;
  if (match (&s, "static"))
    kind = GS_STATIC;
  else if (match (&s, "dynamic"))
    kind = GS_DYNAMIC;
  else if (match (&s, "guided"))
    kind = GS_GUIDED;
  else if (match (&s, "auto"))
    kind = GS_AUTO;
  else
    goto unknown;
  /* OpenMP 5.0: static is monotonic unless told otherwise, the others
     nonmonotonic.  */
  if (modifier > 0 || (modifier == 0 && kind == GS_STATIC))
    kind |= GS_MONOTONIC;
  /* Without a chunk size: 0 (unspecified) for static, 1 otherwise.  */
  int chunk = (kind & ~GS_MONOTONIC) != GS_STATIC;
  s = skip_space (s);
  if (*s == ',')
    {
      unsigned long v;
      s = skip_space (s + 1);
      if (!read_ulong (&s, &v, true) || !at_end (s) || v > INT_MAX)
	{
	  gomp_warn ("Invalid value for chunk size in "
		     "environment variable OMP_SCHEDULE");
	  return;
	}
      if (v == 0 && (kind & ~GS_MONOTONIC) != GS_STATIC)
	v = 1;
      chunk = (int) v;
    }
  else if (*s != '\0')
    goto unknown;
  gomp_initial_icv.run_sched_var = kind;
  gomp_initial_icv.run_sched_chunk = chunk;
  return;

unknown:
  gomp_warn ("Unknown value for environment variable OMP_SCHEDULE");
}

/* A comma-separated list of at most (commas in S) + 1 items.  */
static size_t
list_bound (const char *s)
{
  size_t n = 1;
  for (; *s; s++)
    n += *s == ',';
  return n;
}

static void
out_of_memory (const char *name)
{
  gomp_warn ("Out of memory while trying to parse environment variable %s",
	     name);
}

/* OMP_NUM_THREADS: n[,n...], one per nesting level.  A list of more than
   one element is kept for team.c.  */
static void
parse_num_threads (void)
{
  static const char name[] = "OMP_NUM_THREADS";
  const char *s = getenv (name);
  if (s == NULL)
    return;
  unsigned long *list = malloc (list_bound (s) * sizeof *list);
  if (list == NULL)
    {
      out_of_memory (name);
      return;
    }
  unsigned int len = 0;
  for (;;)
    {
      if (!read_ulong (&s, &list[len++], false))
	goto bad;
      s = skip_space (s);
      if (*s == '\0')
	break;
      if (*s++ != ',')
	goto bad;
    }
  gomp_initial_icv.nthreads_var = list[0];
  if (len > 1)
    {
      gomp_global_icv.nthreads_list = list;
      gomp_global_icv.nthreads_list_len = len;
    }
  else
    free (list);
  return;

bad:
  free (list);
  invalid (name);
}

/* OMP_PROC_BIND: true, false, or a list of primary (or its deprecated
   name master), close, spread.  Returns whether it was given validly.  */
static bool
parse_proc_bind (void)
{
  static const char name[] = "OMP_PROC_BIND";
  static const struct
  {
    const char *word;
    unsigned char kind;
  } kinds[] = {
    { "false", BIND_FALSE },
    { "true", BIND_TRUE },
    { "master", BIND_PRIMARY },
    { "primary", BIND_PRIMARY },
    { "close", BIND_CLOSE },
    { "spread", BIND_SPREAD },
  };
  const char *s = getenv (name);
  if (s == NULL)
    return false;
  unsigned char *list = malloc (list_bound (s));
  if (list == NULL)
    {
      out_of_memory (name);
      return false;
    }
  unsigned int len = 0;
  for (;;)
    {
      s = skip_space (s);
      /* Only the first item may be true or false.  */
      size_t k = len ? 2 : 0;
      while (k < sizeof kinds / sizeof kinds[0] && !match (&s, kinds[k].word))
	k++;
      if (k == sizeof kinds / sizeof kinds[0])
	goto bad;
      list[len++] = kinds[k].kind;
      s = skip_space (s);
      if (*s == '\0')
	break;
      if (*s++ != ',' || list[0] == BIND_FALSE || list[0] == BIND_TRUE)
	goto bad;
    }
  gomp_initial_icv.bind_var = list[0];
  if (len > 1)
    {
      gomp_global_icv.bind_list = list;
      gomp_global_icv.bind_list_len = len;
    }
  else
    free (list);
  return true;

bad:
  free (list);
  invalid (name);
  return false;
}

/* ---- OMP_PLACES and GOMP_CPU_AFFINITY ----------------------------------------

   places.c builds the place list, with libgomp's grammar, rules and
   messages.  libgomp's rules for the two variables: OMP_PLACES wins over
   GOMP_CPU_AFFINITY, neither makes places when OMP_PROC_BIND=false, and
   either one making places turns an unset OMP_PROC_BIND into true.  Both
   are always checked.  Binding without either (OMP_PROC_BIND=true,
   close...) gets one place per hardware thread.  BIND_FALSE_GIVEN:
   OMP_PROC_BIND=false was set.  */
static void
parse_places (bool bind_false_given)
{
  /* Whether the next variable is only checked.  */
  bool ignore = bind_false_given;
  const char *env = getenv ("OMP_PLACES");
  if (env != NULL && gomp_places_parse (env, ignore))
    {
      char *copy = strdup (env);
      if (copy != NULL)
	gomp_global_icv.places_string = copy;
      if (gomp_initial_icv.bind_var == BIND_FALSE)
	gomp_initial_icv.bind_var = BIND_TRUE;
      ignore = true;
    }
  env = getenv ("GOMP_CPU_AFFINITY");
  if (env != NULL)
    {
      if (gomp_places_parse_cpu_affinity (env, ignore)
	  && gomp_initial_icv.bind_var == BIND_FALSE)
	gomp_initial_icv.bind_var = BIND_TRUE;
      char *copy = strdup (env);
      if (copy != NULL)
	gomp_global_icv.cpu_affinity_string = copy;
    }
  if (gomp_initial_icv.bind_var != BIND_FALSE)
    gomp_places_default ();
}

/* ---- waiting and stacks --------------------------------------------------- */

/* GOMP_SPINCOUNT: a number with an optional k, M, G or T (powers of
   1000) suffix, or infinite / infinity; saturates at ~0ULL.  */
static bool
parse_spincount (unsigned long long *count)
{
  static const char name[] = "GOMP_SPINCOUNT";
  const char *s = getenv (name);
  if (s == NULL)
    return false;
  s = skip_space (s);
  unsigned long long v, mult = 1;
  if (match (&s, "infinite") || match (&s, "infinity"))
    v = ~0ULL;
  else
    {
      char *end;
      errno = 0;
      v = strtoull (s, &end, 10);
      if (errno != 0 || end == s)
	goto bad;
      s = skip_space (end);
      switch (tolower ((unsigned char) *s))
	{
	case '\0':
	  break;
	case 'k':
	  mult = 1000ULL;
	  s++;
	  break;
	case 'm':
	  mult = 1000ULL * 1000;
	  s++;
	  break;
	case 'g':
	  mult = 1000ULL * 1000 * 1000;
	  s++;
	  break;
	case 't':
	  mult = 1000ULL * 1000 * 1000 * 1000;
	  s++;
	  break;
	default:
	  goto bad;
	}
    }
  if (!at_end (s))
    goto bad;
  *count = v > ~0ULL / mult ? ~0ULL : v * mult;
  return true;

bad:
  invalid (name);
  return false;
}

static void
parse_wait (void)
{
  static const char *const policies[] = { "passive", "active" };
  int policy = parse_keyword ("OMP_WAIT_POLICY", policies, 2);
  unsigned long long spin;
  gomp_global_icv.wait_policy = policy;
  if (!parse_spincount (&spin))
    /* active: spin as long as libgomp does (30G spins: minutes, in effect
       until woken); passive: sleep at once; unset: about 3 ms of spinning
       (libgomp's estimate of 100000 spins per ms).  */
    spin = policy > 0 ? 30000000000ULL : policy == 0 ? 0 : 300000;
  gomp_global_icv.spin_count = spin;
  /* When there are more busy threads than CPUs, spinning only delays the
     thread being waited for: spin briefly.  */
  unsigned long long throttled = policy > 0 ? 1000 : policy == 0 ? 0 : 100;
  gomp_global_icv.throttled_spin_count = throttled < spin ? throttled : spin;
}

/* OMP_STACKSIZE / GOMP_STACKSIZE: a number of bytes with a B, K, M or G
   suffix, kilobytes without one.  */
static bool
parse_stacksize (const char *name, unsigned long *bytes)
{
  const char *s = getenv (name);
  if (s == NULL)
    return false;
  unsigned long v;
  unsigned int shift = 10;
  char *end;
  s = skip_space (s);
  errno = 0;
  v = strtoul (s, &end, 10);
  if (errno != 0 || end == s)
    goto bad;
  s = skip_space (end);
  if (*s != '\0')
    {
      switch (tolower ((unsigned char) *s))
	{
	case 'b':
	  shift = 0;
	  break;
	case 'k':
	  break;
	case 'm':
	  shift = 20;
	  break;
	case 'g':
	  shift = 30;
	  break;
	default:
	  goto bad;
	}
      if (!at_end (s + 1))
	goto bad;
    }
  if (((v << shift) >> shift) != v)
    goto bad;
  *bytes = v << shift;
  return true;

bad:
  invalid (name);
  return false;
}

/* GOMP_STACKSIZE is read only when OMP_STACKSIZE is unset or invalid.  A
   size pthreads refuses is reported now, as libgomp does, and the
   threads get the default stack instead.  */
static void
parse_stack (void)
{
  unsigned long bytes;
  if (!parse_stacksize ("OMP_STACKSIZE", &bytes)
      && !parse_stacksize ("GOMP_STACKSIZE", &bytes))
    return;
  gomp_global_icv.stacksize_var = bytes;
  pthread_attr_t attr;
  int err = pthread_attr_init (&attr);
  if (err == 0)
    {
      err = pthread_attr_setstacksize (&attr, bytes);
      pthread_attr_destroy (&attr);
    }
  if (err == 0)
    gomp_global_icv.stacksize = bytes;
  else if (err == EINVAL && bytes < (unsigned long) PTHREAD_STACK_MIN)
    gomp_warn ("Stack size less than minimum of %luk",
	       ((unsigned long) PTHREAD_STACK_MIN + 1023) / 1024);
  else if (err == EINVAL)
    gomp_warn ("Stack size larger than system limit");
  else
    gomp_warn ("Stack size change failed: %s", strerror (err));
}

/* ---- the rest ------------------------------------------------------------ */

static void
parse_allocator (void)
{
  int a = parse_keyword ("OMP_ALLOCATOR", gomp_allocator_names,
			 GOMP_NUM_ALLOCATORS);
  if (a > 0)
    gomp_global_icv.def_allocator_var = (uintptr_t) a;
}

static void
parse_target_offload (void)
{
  static const char *const values[] = { "default", "mandatory", "disabled" };
  int v = parse_keyword ("OMP_TARGET_OFFLOAD", values, 3);
  if (v >= 0)
    gomp_global_icv.target_offload_var = v;
}

static void
parse_max_active_levels (void)
{
  unsigned long levels;
  unsigned char nested = 0;
  if (parse_ulong ("OMP_MAX_ACTIVE_LEVELS", &levels, true))
    gomp_initial_icv.max_active_levels_var
      = levels < GOMP_SUPPORTED_ACTIVE_LEVELS
      ? (int) levels : GOMP_SUPPORTED_ACTIVE_LEVELS;
  /* OMP_NESTED (deprecated) is read only without OMP_MAX_ACTIVE_LEVELS.  */
  else if (parse_boolean ("OMP_NESTED", &nested))
    {
      gomp_global_icv.nested_set = 1;
      gomp_initial_icv.max_active_levels_var
	= nested ? GOMP_SUPPORTED_ACTIVE_LEVELS : 1;
    }
  /* A list of thread counts or bindings asks for nesting.  */
  else if (gomp_global_icv.nthreads_list_len > 1
	   || gomp_global_icv.bind_list_len > 1)
    gomp_initial_icv.max_active_levels_var = GOMP_SUPPORTED_ACTIVE_LEVELS;
}

void
gomp_env_init (void)
{
  unsigned long ul;
  int i;

  gomp_initial_icv.nthreads_var = gomp_num_procs;

  parse_schedule ();
  parse_boolean ("OMP_DYNAMIC", &gomp_initial_icv.dyn_var);
  parse_boolean ("OMP_CANCELLATION", &gomp_global_icv.cancel_var);
  parse_boolean ("OMP_DISPLAY_AFFINITY",
		 &gomp_global_icv.display_affinity_var);
  parse_int ("OMP_DEFAULT_DEVICE", &gomp_initial_icv.default_device_var,
	     true);
  parse_target_offload ();
  parse_int ("OMP_MAX_TASK_PRIORITY", &gomp_global_icv.max_task_priority_var,
	     true);
  parse_allocator ();
  /* Limits beyond INT_MAX mean no limit, as in libgomp.  */
  if (parse_ulong ("OMP_THREAD_LIMIT", &ul, false))
    gomp_initial_icv.thread_limit_var = ul > INT_MAX ? ULONG_MAX : ul;
  /* libgomp's debugging output has no counterpart here: the value is
     only checked, so that the same warnings appear.  */
  parse_int ("GOMP_DEBUG", &i, true);
  parse_num_threads ();
  parse_int ("OMP_NUM_TEAMS", &gomp_global_icv.num_teams_var, false);
  parse_int ("OMP_TEAMS_THREAD_LIMIT",
	     &gomp_global_icv.teams_thread_limit_var, false);
  bool bind_given = parse_proc_bind ();
  parse_max_active_levels ();
  parse_places (bind_given && gomp_initial_icv.bind_var == BIND_FALSE);

  const char *env = getenv ("OMP_AFFINITY_FORMAT");
  if (env != NULL)
    {
      char *copy = strdup (env);
      if (copy != NULL)
	gomp_global_icv.affinity_format = copy;
    }

  parse_wait ();
  parse_stack ();

  static const char *const debug_values[] = { "disabled", "enabled" };
  if (parse_keyword ("OMP_DEBUG", debug_values, 2) == 1)
    gomp_global_icv.debug_var = 1;

  static const char *const display_values[] = { "false", "true", "verbose" };
  int display = parse_keyword ("OMP_DISPLAY_ENV", display_values, 3);
  if (display > 0)
    gomp_display_env (display == 2, STDERR_FILENO);
}
