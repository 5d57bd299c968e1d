/* places.c -- places and thread binding (OpenMP 5.1 §2.6.2, §6.4-6.5),
   the places routines (§3.3) and their Fortran forms.

   The place list (place-partition-var of the initial task) comes from
   OMP_PLACES, else GOMP_CPU_AFFINITY, else, when OMP_PROC_BIND asks for
   binding, one place per hardware thread: libgomp 12's rules, grammar,
   messages and place order, so that a program sees the same places on
   either runtime.  Every place is restricted to the CPUs of the affinity
   mask the process started with; places left empty are dropped.

   Binding: a thread's place and place partition live in its team state
   (gomp_team_state: place, partition_off, partition_len), which a master
   saves and restores around each region it runs like the rest of its
   team state.  When a region starts, the master computes every member's
   place with the primary, close or spread policy (gomp_places_team) and
   writes each worker's into the worker's dock, next to the team and
   thread number it hands over anyway.  The worker, once released, takes
   it and binds itself (gomp_places_worker), before it runs anything of
   the region.  Binding in the thread itself rather than from the master
   keeps the system calls off the master's path (n workers rebind in
   parallel, not one after another before the region can start), and
   lets each thread alone own bound_place, the place the system binds it
   to: a worker whose place does not change, as in every region of a hot
   team of the same shape, makes no system call at all.

   The master itself never moves: all three policies keep it where it is.
   A thread that has no place yet (the initial thread has one from start-
   up; a user's pthread does not) is bound to place 0 when it first needs
   one, as in libgomp.

   Without places (the default) none of this runs: team.c and pool.c test
   gomp_places_len once per region start.  */

#include "config.h"
#include "internal.h"
#include "os.h"

#include <errno.h>
#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The place list, for the runtime and for debuggers: place I is the CPU
   set gomp_places[I] of gomp_cpuset_size bytes.  */
HIDDEN gomp_cpuset_t **gomp_places;
HIDDEN unsigned int gomp_places_len;
HIDDEN size_t gomp_cpuset_size;
/* The mask the process started with (gomp_cpuset_size bytes), NULL if the
   system would not tell.  */
HIDDEN gomp_cpuset_t *gomp_initial_cpuset;

/* Places are at most this many, as in libgomp.  */
#define MAX_PLACES 65536

/* ---- building a place list ------------------------------------------------ */

/* A list under construction: LEN sets of gomp_cpuset_size bytes.  */
struct builder
{
  unsigned char *sets;
  unsigned long len, cap;
};

static gomp_cpuset_t *
b_set (struct builder *b, unsigned long i)
{
  return (gomp_cpuset_t *) (b->sets + i * gomp_cpuset_size);
}

/* Room for place number I; the new ones are empty.  */
static bool
b_reserve (struct builder *b, unsigned long i)
{
  if (i < b->cap)
    return true;
  unsigned long cap = b->cap ? b->cap * 2 : 16;
  while (cap <= i)
    cap *= 2;
  unsigned char *sets = realloc (b->sets, cap * gomp_cpuset_size);
  if (sets == NULL)
    return false;
  memset (sets + b->cap * gomp_cpuset_size, 0,
	  (cap - b->cap) * gomp_cpuset_size);
  b->sets = sets;
  b->cap = cap;
  return true;
}

/* Make B's places the place list.  */
static bool
b_publish (struct builder *b)
{
  gomp_cpuset_t **list = malloc (b->len * sizeof *list);
  if (list == NULL)
    return false;
  for (unsigned long i = 0; i < b->len; i++)
    list[i] = b_set (b, i);
  gomp_places = list;
  gomp_places_len = (unsigned int) b->len;
  b->sets = NULL;
  return true;
}

static unsigned long
max_cpus (void)
{
  return 8 * gomp_cpuset_size;
}

/* The process's mask, once; false (with libgomp's message unless QUIET)
   if it cannot be had, and then there are no places.  */
static bool
have_initial_mask (bool quiet)
{
  if (gomp_initial_cpuset == NULL)
    gomp_initial_cpuset = gomp_os_get_affinity (&gomp_cpuset_size);
  if (gomp_initial_cpuset == NULL && !quiet)
    gomp_warn ("Could not get CPU affinity set");
  return gomp_initial_cpuset != NULL;
}

/* CPUs NUM, NUM + STRIDE, ... (LEN of them) into SET.  */
static bool
add_cpus (gomp_cpuset_t *set, unsigned long num, unsigned long len, long stride)
{
  for (;;)
    {
      if (num >= max_cpus ())
	{
	  gomp_warn ("Logical CPU number %lu out of range", num);
	  return false;
	}
      gomp_cpuset_set (num, gomp_cpuset_size, set);
      if (--len == 0)
	return true;
      unsigned long next = num + (unsigned long) stride;
      if ((stride < 0 && next > num) || (stride > 0 && next < num))
	{
	  gomp_warn ("Logical CPU number %lu+%ld out of range", num, stride);
	  return false;
	}
      num = next;
    }
}

static bool
remove_cpu (gomp_cpuset_t *set, unsigned long num)
{
  if (num >= max_cpus ())
    {
      gomp_warn ("Logical CPU number %lu out of range", num);
      return false;
    }
  if (!gomp_cpuset_isset (num, gomp_cpuset_size, set))
    {
      gomp_warn ("Logical CPU %lu to be removed is not in the set", num);
      return false;
    }
  gomp_cpuset_clr (num, gomp_cpuset_size, set);
  return true;
}

/* DST = SRC with every CPU number moved by STRIDE.  */
static bool
shift_place (gomp_cpuset_t *dst, const gomp_cpuset_t *src, long stride)
{
  unsigned long max = max_cpus ();
  gomp_cpuset_zero (gomp_cpuset_size, dst);
  for (unsigned long i = 0; i < max; i++)
    if (gomp_cpuset_isset (i, gomp_cpuset_size, src))
      {
	unsigned long j = i + (unsigned long) stride;
	if ((stride < 0 && j > i) || (stride > 0 && (j < i || j >= max)))
	  {
	    gomp_warn ("Logical CPU number %lu+%ld out of range", i, stride);
	    return false;
	  }
	gomp_cpuset_set (j, gomp_cpuset_size, dst);
      }
  return true;
}

/* Keep of each place the CPUs of the initial mask, and only the places
   left with some.  */
static bool
restrict_to_mask (struct builder *b)
{
  unsigned long kept = 0;
  for (unsigned long i = 0; i < b->len; i++)
    {
      gomp_cpuset_t *set = b_set (b, i);
      gomp_cpuset_and (gomp_cpuset_size, set, set, gomp_initial_cpuset);
      if (gomp_cpuset_count (gomp_cpuset_size, set) == 0)
	continue;
      if (kept != i)
	memcpy (b_set (b, kept), set, gomp_cpuset_size);
      kept++;
    }
  if (kept == 0)
    {
      gomp_warn ("None of the places contain usable logical CPUs");
      return false;
    }
  if (kept < b->len)
    gomp_warn ("Number of places reduced from %lu to %lu because some "
	       "places didn't contain any usable logical CPUs", b->len, kept);
  b->len = kept;
  return true;
}

/* ---- OMP_PLACES ------------------------------------------------------------

   list   := place [, place]...
   place  := [!] ({ res [, res]... } | num) [: len [: stride]]
   res    := num [: len [: stride]] | ! num
   A place with a length L stands for L places, each the previous one
   moved by STRIDE (default 1); a negated place removes an equal place
   listed before it; inside braces !num removes a CPU, whatever the order.
   Numbers are read with strtoul / strtol, so signs are accepted (and a
   negative CPU number is out of range).  White space is allowed around
   everything except right after a comma inside braces, as in libgomp.  */

static const char *
skip_space (const char *s)
{
  while (*s == ' ' || (*s >= '\t' && *s <= '\r'))
    s++;
  return s;
}

/* ":len[:stride]" at *S, if there; LEN_LIMIT bounds the length.  */
static bool
read_interval (const char **sp, unsigned long *len, long *stride,
	       unsigned long len_limit)
{
  const char *s = *sp;
  char *end;
  if (*s != ':')
    return true;
  s = skip_space (s + 1);
  errno = 0;
  *len = strtoul (s, &end, 10);
  if (errno || *len == 0 || *len >= len_limit)
    return false;
  s = skip_space (end);
  if (*s == ':')
    {
      s = skip_space (s + 1);
      errno = 0;
      *stride = strtol (s, &end, 10);
      if (errno || end == s)
	return false;
      s = skip_space (end);
    }
  *sp = s;
  return true;
}

/* One place at *SP, its CPUs into SET (NULL: only check the syntax).
   Leaves *SP after the white space that follows it.  */
static bool
read_place (const char **sp, gomp_cpuset_t *set, bool *negated,
	    unsigned long *len, long *stride)
{
  const char *s = skip_space (*sp);
  char *end;
  *negated = false;
  *len = 1;
  *stride = 1;
  if (*s == '!')
    {
      *negated = true;
      s = skip_space (s + 1);
    }
  if (*s != '{')
    {
      errno = 0;
      unsigned long num = strtoul (s, &end, 10);
      if (errno || end == s)
	return false;
      if (set && !add_cpus (set, num, 1, 1))
	return false;
      s = skip_space (end);
    }
  else
    {
      /* Two passes when some CPU is removed: all additions first, so that
	 {!1,0:2} means the same as {0:2,!1}.  */
      const char *start = skip_space (s + 1);
      bool any_removed = false;
      for (int pass = 0; pass < (any_removed ? 2 : 1); pass++)
	for (s = start;;)
	  {
	    bool removed = *s == '!';
	    unsigned long num, ilen = 1;
	    long istride = 1;
	    if (removed)
	      {
		any_removed = set != NULL;
		s = skip_space (s + 1);
	      }
	    errno = 0;
	    num = strtoul (s, &end, 10);
	    if (errno || end == s)
	      return false;
	    s = skip_space (end);
	    if (*s == ':' && removed)
	      return false;
	    if (!read_interval (&s, &ilen, &istride, ULONG_MAX))
	      return false;
	    if (set && pass == (int) removed
		&& !(removed ? remove_cpu (set, num)
		     : add_cpus (set, num, ilen, istride)))
	      return false;
	    if (*s == '}')
	      break;
	    if (*s != ',')
	      return false;
	    s++;
	  }
      s = skip_space (s + 1);
    }
  if (*s == ':' && *negated)
    return false;
  if (!read_interval (&s, len, stride, MAX_PLACES))
    return false;
  *sp = s;
  return true;
}

/* Build the list of OMP_PLACES=ENV into B (the syntax is known good).  */
static bool
build_list (struct builder *b, const char *s)
{
  for (;;)
    {
      bool negated;
      unsigned long len;
      long stride;
      if (!b_reserve (b, b->len))
	return false;
      gomp_cpuset_t *set = b_set (b, b->len);
      gomp_cpuset_zero (gomp_cpuset_size, set);
      if (!read_place (&s, set, &negated, &len, &stride))
	return false;
      if (negated)
	{
	  unsigned long i = 0;
	  while (i < b->len
		 && !gomp_cpuset_equal (gomp_cpuset_size, b_set (b, i), set))
	    i++;
	  if (i == b->len)
	    {
	      gomp_warn ("Trying to remove a non-existing place from list "
			 "of places");
	      return false;
	    }
	  memmove (b_set (b, i), b_set (b, i + 1),
		   (b->len - i - 1) * gomp_cpuset_size);
	  b->len--;
	}
      else
	{
	  if (!b_reserve (b, b->len + len - 1))
	    return false;
	  for (unsigned long i = 1; i < len; i++)
	    if (!shift_place (b_set (b, b->len + i), b_set (b, b->len + i - 1),
			      stride))
	      return false;
	  b->len += len;
	}
      if (*s == '\0')
	break;
      s++;			/* the comma */
    }
  if (b->len == 0)
    {
      gomp_warn ("All places have been removed");
      return false;
    }
  return restrict_to_mask (b);
}

/* ---- abstract names: threads, cores, sockets, ll_caches, numa_domains ------ */

struct level_walk
{
  struct builder *b;
  gomp_cpuset_t *left;		/* CPUs in no place yet */
  unsigned long count;		/* places wanted at most */
  bool failed;
};

/* A new place: the CPUs of GROUP not yet in one.  */
static bool
add_group (struct level_walk *w, gomp_cpuset_t *group)
{
  gomp_cpuset_and (gomp_cpuset_size, group, group, w->left);
  if (gomp_cpuset_count (gomp_cpuset_size, group) == 0)
    return true;
  if (!b_reserve (w->b, w->b->len))
    {
      w->failed = true;
      return false;
    }
  memcpy (b_set (w->b, w->b->len++), group, gomp_cpuset_size);
  for (unsigned long c = 0; c < max_cpus (); c++)
    if (gomp_cpuset_isset (c, gomp_cpuset_size, group))
      gomp_cpuset_clr (c, gomp_cpuset_size, w->left);
  return w->b->len < w->count;
}

static bool
numa_node (gomp_cpuset_t *node_cpus, void *arg)
{
  return add_group (arg, node_cpus);
}

/* Places of LEVEL, at most COUNT, in libgomp's order: by lowest CPU
   number, and for threads the hardware threads of each core in turn.  */
static bool
build_level (struct builder *b, enum gomp_place_level level,
	     unsigned long count, bool quiet)
{
  unsigned long ncpus = (unsigned long) gomp_cpuset_count (gomp_cpuset_size,
						     gomp_initial_cpuset);
  gomp_cpuset_t *left = malloc (gomp_cpuset_size);
  gomp_cpuset_t *group = malloc (gomp_cpuset_size);
  struct level_walk w = { b, left, count < ncpus ? count : ncpus, false };
  int cache_index = -1;
  if (left == NULL || group == NULL)
    w.failed = true;
  else
    memcpy (left, gomp_initial_cpuset, gomp_cpuset_size);
  if (w.failed || w.count == 0)
    ;
  else if (level == PLACE_NUMA_DOMAINS)
    gomp_os_numa_nodes (numa_node, &w, gomp_cpuset_size);
  else
    for (unsigned long cpu = 0; cpu < max_cpus () && b->len < w.count; cpu++)
      {
	if (!gomp_cpuset_isset (cpu, gomp_cpuset_size, left))
	  continue;
	if (level == PLACE_LL_CACHES && cache_index < 0)
	  cache_index = gomp_os_last_cache_index (cpu);
	gomp_cpuset_zero (gomp_cpuset_size, group);
	if (!gomp_os_cpu_group (level, cpu, cache_index, group,
				gomp_cpuset_size))
	  {
	    /* libgomp leaves such a CPU out.  A CPU is a hardware thread and
	       its own core at least, so those levels keep it.  */
	    gomp_cpuset_zero (gomp_cpuset_size, group);
	    if (level != PLACE_THREADS && level != PLACE_CORES)
	      {
		gomp_cpuset_clr (cpu, gomp_cpuset_size, left);
		continue;
	      }
	  }
	gomp_cpuset_set (cpu, gomp_cpuset_size, group);
	if (level != PLACE_THREADS)
	  {
	    if (!add_group (&w, group) && w.failed)
	      break;
	    continue;
	  }
	/* Each hardware thread of the core a place of its own.  */
	for (unsigned long c = 0; c < max_cpus () && b->len < w.count; c++)
	  if (gomp_cpuset_isset (c, gomp_cpuset_size, group)
	      && gomp_cpuset_isset (c, gomp_cpuset_size, left))
	    {
	      if (!b_reserve (b, b->len))
		{
		  w.failed = true;
		  break;
		}
	      gomp_cpuset_zero (gomp_cpuset_size, b_set (b, b->len));
	      gomp_cpuset_set (c, gomp_cpuset_size, b_set (b, b->len));
	      b->len++;
	      gomp_cpuset_clr (c, gomp_cpuset_size, left);
	    }
	if (w.failed)
	  break;
      }
  free (left);
  free (group);
  if (w.failed)
    {
      if (!quiet)
	gomp_warn ("Out of memory trying to allocate places list");
      return false;
    }
  if (b->len == 0)
    {
      if (!quiet)
	gomp_warn ("Error reading core/socket topology");
      return false;
    }
  return true;
}

/* ---- the environment ---------------------------------------------------------- */

static bool
match_word (const char **sp, const char *word)
{
  size_t n = strlen (word);
  if (strncasecmp (*sp, word, n) != 0)
    return false;
  *sp += n;
  return true;
}

bool
gomp_places_parse (const char *env, bool ignore)
{
  static const char *const names[] = {
    NULL, "threads", "cores", "sockets", "ll_caches", "numa_domains"
  };
  struct builder b = { NULL, 0, 0 };
  const char *s = skip_space (env);
  bool ok = false;
  if (*s == '\0')
    goto invalid;

  for (int level = PLACE_THREADS; level <= PLACE_NUMA_DOMAINS; level++)
    if (match_word (&s, names[level]))
      {
	unsigned long count = ULONG_MAX;
	char *end;
	s = skip_space (s);
	if (*s != '\0')
	  {
	    if (*s != '(')
	      goto invalid;
	    s = skip_space (s + 1);
	    errno = 0;
	    count = strtoul (s, &end, 10);
	    if (errno || end == s)
	      goto invalid;
	    s = skip_space (end);
	    if (*s != ')' || *skip_space (s + 1) != '\0')
	      goto invalid;
	  }
	/* A topology that cannot be read is not the value's fault: libgomp
	   then says so, but not "invalid value".  */
	if (ignore || !have_initial_mask (false)
	    || !build_level (&b, (enum gomp_place_level) level, count, false))
	  {
	    free (b.sets);
	    return false;
	  }
	goto publish;
      }

  /* A list: the whole syntax first, as libgomp does, so that a syntax
     error anywhere is reported as such rather than as some CPU number
     out of range before it.  */
  {
    unsigned long count = 0;
    bool any_negated = false;
    for (const char *p = s;;)
      {
	bool negated;
	unsigned long len;
	long stride;
	if (!read_place (&p, NULL, &negated, &len, &stride))
	  goto invalid;
	if (!negated)
	  count += len;
	else if (!any_negated)
	  {
	    any_negated = true;
	    count++;
	  }
	if (count > MAX_PLACES)
	  goto invalid;
	if (*p == '\0')
	  break;
	if (*p++ != ',')
	  goto invalid;
      }
  }
  if (ignore || !have_initial_mask (false))
    return false;
  if (!build_list (&b, s))
    goto invalid;

publish:
  ok = b_publish (&b);
  if (!ok)
    gomp_warn ("Out of memory trying to allocate places list");
  free (b.sets);
  return ok;

invalid:
  free (b.sets);
  gomp_warn ("Invalid value for environment variable OMP_PLACES");
  return false;
}

/* GOMP_CPU_AFFINITY: CPU numbers and ranges first-last[:stride] in C
   syntax (decimal, 0x hex, 0 octal), separated by commas or white space;
   each CPU a place, in the order given, repetitions kept.  */
bool
gomp_places_parse_cpu_affinity (const char *env, bool ignore)
{
  struct builder b = { NULL, 0, 0 };
  for (int pass = 0; pass < 2; pass++)
    {
      if (pass == 1 && (ignore || !have_initial_mask (true)))
	return false;
      for (const char *s = env;;)
	{
	  char *end;
	  unsigned long first, last, stride = 1;
	  s = skip_space (s);
	  errno = 0;
	  first = strtoul (s, &end, 0);
	  if (errno || end == s || first >= 65536)
	    goto invalid;
	  last = first;
	  s = end;
	  if (*s == '-')
	    {
	      errno = 0;
	      last = strtoul (s + 1, &end, 0);
	      if (errno || end == s + 1 || last >= 65536 || last < first)
		goto invalid;
	      s = end;
	      if (*s == ':')
		{
		  errno = 0;
		  stride = strtoul (s + 1, &end, 0);
		  if (errno || stride == 0 || stride >= 65536)
		    goto invalid;
		  s = end;
		}
	    }
	  /* Unlike libgomp 12, CPUs this process may not use are left out
	     here: libgomp keeps them and then fails to create threads.  */
	  for (unsigned long c = first; pass == 1 && c <= last; c += stride)
	    if (c < max_cpus ()
		&& gomp_cpuset_isset (c, gomp_cpuset_size, gomp_initial_cpuset))
	      {
		if (!b_reserve (&b, b.len))
		  {
		    free (b.sets);
		    return false;
		  }
		gomp_cpuset_set (c, gomp_cpuset_size, b_set (&b, b.len));
		b.len++;
	      }
	  s = skip_space (s);
	  if (*s == ',')
	    s++;
	  else if (*s == '\0')
	    break;
	}
    }
  if (b.len == 0 || !b_publish (&b))
    {
      free (b.sets);
      return false;
    }
  free (b.sets);
  return true;

invalid:
  free (b.sets);
  /* libgomp 12 spells it "enviroment"; tests accept both.  */
  /* libgomp 12's text, spelling included.  */
  gomp_warn ("Invalid value for enviroment variable GOMP_CPU_AFFINITY");
  return false;
}

void
gomp_places_default (void)
{
  struct builder b = { NULL, 0, 0 };
  if (gomp_places_len != 0 || !have_initial_mask (true))
    return;
  if (build_level (&b, PLACE_THREADS, ULONG_MAX, true))
    b_publish (&b);
  free (b.sets);
}

/* The place list as OMP_DISPLAY_ENV shows it, '{0:2},{2}': runs of
   consecutive CPUs as first:count, as libgomp prints them.  Returns a
   string to free, NULL if out of memory.  */
char *
gomp_places_string (void)
{
  char *text = NULL;
  size_t size = 0;
  FILE *f = open_memstream (&text, &size);
  if (f == NULL)
    return NULL;
  unsigned long max = max_cpus ();
  for (unsigned int i = 0; i < gomp_places_len; i++)
    {
      const gomp_cpuset_t *set = gomp_places[i];
      bool first = true;
      fputs (i ? ",{" : "{", f);
      for (unsigned long c = 0; c < max; c++)
	if (gomp_cpuset_isset (c, gomp_cpuset_size, set))
	  {
	    unsigned long n = 1;
	    while (c + n < max && gomp_cpuset_isset (c + n, gomp_cpuset_size, set))
	      n++;
	    fprintf (f, first ? "%lu" : ",%lu", c);
	    if (n > 1)
	      fprintf (f, ":%lu", n);
	    first = false;
	    c += n - 1;
	  }
      fputc ('}', f);
    }
  if (fclose (f) != 0)
    {
      free (text);
      return NULL;
    }
  return text;
}

/* ---- binding -------------------------------------------------------------- */

/* Bind THR, the calling thread, to PLACE unless it already is.  */
static void
bind_self (struct gomp_thread *thr, int place)
{
  static _Atomic bool warned;
  if (thr->bound_place == place)
    return;
  /* Recorded even if refused: retrying each region would only repeat the
     failure (a CPU taken away by a cgroup, say).  */
  thr->bound_place = place;
  int err = gomp_os_bind_self (gomp_places[place], gomp_cpuset_size);
  if (err && !atomic_exchange (&warned, true))
    gomp_own_warn ("cannot bind a thread to place %d: %s", place,
		   strerror (err));
}

void
gomp_places_init_thread (struct gomp_thread *thr)
{
  bind_self (thr, 0);
  thr->ts.place = 0;
  thr->ts.partition_off = 0;
  thr->ts.partition_len = gomp_places_len;
}

/* Place P's successor in the partition [OFF, END).  */
static inline unsigned int
next_place (unsigned int p, unsigned int off, unsigned int end)
{
  return ++p == end ? off : p;
}

void
gomp_places_team (struct gomp_thread *thr, struct gomp_team *team,
		  unsigned int n, unsigned int clause)
{
  if (thr->ts.place < 0)
    {
      /* A user's thread that starts its first region: place 0, and the
	 whole list as its partition, also once the region is over.  */
      gomp_places_init_thread (thr);
      team->master_saved.place = thr->ts.place;
      team->master_saved.partition_off = thr->ts.partition_off;
      team->master_saved.partition_len = thr->ts.partition_len;
    }
  if (n == 1)
    return;			/* a team of one keeps place and partition */

  /* The policy: the encountering task's bind-var, unless a proc_bind
     clause overrides it; a clause does not turn binding on.  */
  unsigned int bind = thr->task->icv.bind_var;
  if (bind != BIND_FALSE && clause != BIND_FALSE)
    bind = clause;

  unsigned int off = thr->ts.partition_off, len = thr->ts.partition_len;
  unsigned int end = off + len;
  unsigned int p = (unsigned int) thr->ts.place;
  if (p < off || p >= end)
    p = off;			/* never happens; keeps P inside the list */

  /* How the workers go: all at the master's place (primary); round the
     partition from the master's place, S at each place, the first of
     them the master, then one per place for the last REST (T mod P)
     members (close, true, and spread with more threads than places);
     or one per subpartition (spread, at most one thread per place).  */
  enum { STAY, ROUND, SUBPARTITIONS } how = ROUND;
  unsigned int s = 1, rest = 0, k = 1;
  unsigned int w_len = len;	/* a worker's partition length */

  switch (bind)
    {
    case BIND_TRUE:
    case BIND_CLOSE:
      if (n > len)
	{
	  s = n / len;
	  rest = n % len;
	}
      break;
    case BIND_SPREAD:
      if (n <= len)
	{
	  /* The partition is cut into N subpartitions of S or S + 1
	     consecutive places, the longer ones first (up to place REST);
	     each member gets one, the master the one that holds its place,
	     and each worker is bound to the first place of its own.  */
	  how = SUBPARTITIONS;
	  s = len / n;
	  rest = (s + 1) * (len % n) + off;
	  if (p < rest)
	    {
	      p -= (p - off) % (s + 1);
	      thr->ts.partition_len = s + 1;
	    }
	  else
	    {
	      p -= (p - rest) % s;
	      thr->ts.partition_len = s;
	    }
	  thr->ts.partition_off = p;
	}
      else
	{
	  /* More threads than places: each member's partition is the one
	     place it is bound to.  */
	  s = n / len;
	  rest = n % len;
	  thr->ts.partition_off = p;
	  thr->ts.partition_len = 1;
	  w_len = 1;
	}
      break;
    default:
      /* primary (and false, which never comes with places) */
      how = STAY;
      break;
    }

  for (unsigned int i = 1; i < n; i++)
    {
      struct gomp_thread *w = team->threads[i];
      unsigned int w_off = off;
      if (how == SUBPARTITIONS)
	{
	  p += p < rest ? s + 1 : s;
	  if (p == end)
	    p = off;
	  w_off = p;
	  w_len = p < rest ? s + 1 : s;
	}
      else if (how == ROUND)
	{
	  if (k == s)
	    {
	      p = next_place (p, off, end);
	      k = 1;
	      if (i == n - rest)
		s = 1;
	    }
	  else
	    k++;
	  if (w_len == 1)
	    w_off = p;		/* spread, more threads than places */
	}
      w->dock_place = (int) p;
      w->dock_partition_off = w_off;
      w->dock_partition_len = w_len;
    }
}

void
gomp_places_worker (struct gomp_thread *thr)
{
  thr->ts.place = thr->dock_place;
  thr->ts.partition_off = thr->dock_partition_off;
  thr->ts.partition_len = thr->dock_partition_len;
  bind_self (thr, thr->dock_place);
}

/* ---- the routines (OpenMP 5.1 §3.3) ------------------------------------------ */

/* The calling thread, with a place.  Only when there are places.  */
static struct gomp_thread *
placed_thread (void)
{
  struct gomp_thread *thr = gomp_thread ();
  if (unlikely (thr->ts.place < 0))
    gomp_places_init_thread (thr);
  return thr;
}

EXPORT int
omp_get_num_places (void)
{
  return (int) gomp_places_len;
}

EXPORT int
omp_get_place_num_procs (int place_num)
{
  if (place_num < 0 || (unsigned int) place_num >= gomp_places_len)
    return 0;
  return gomp_cpuset_count (gomp_cpuset_size, gomp_places[place_num]);
}

EXPORT void
omp_get_place_proc_ids (int place_num, int *ids)
{
  if (place_num < 0 || (unsigned int) place_num >= gomp_places_len)
    return;
  for (unsigned long c = 0; c < max_cpus (); c++)
    if (gomp_cpuset_isset (c, gomp_cpuset_size, gomp_places[place_num]))
      *ids++ = (int) c;
}

EXPORT int
omp_get_place_num (void)
{
  if (gomp_places_len == 0)
    return -1;
  return placed_thread ()->ts.place;
}

EXPORT int
omp_get_partition_num_places (void)
{
  if (gomp_places_len == 0)
    return 0;
  return (int) placed_thread ()->ts.partition_len;
}

EXPORT void
omp_get_partition_place_nums (int *place_nums)
{
  if (gomp_places_len == 0)
    return;
  struct gomp_thread *thr = placed_thread ();
  for (unsigned int i = 0; i < thr->ts.partition_len; i++)
    place_nums[i] = (int) (thr->ts.partition_off + i);
}

/* Fortran (omp_lib): arguments by reference; the _8_ forms take
   integer(8) ones (gfortran -fdefault-integer-8).  The other Fortran
   entry points are in fortran.c.  */

#define DEFINE(ret, name, params) \
  ret name params; \
  EXPORT ret name params

/* An integer(8) place number as an int: out of range stays out of range. */
static int
place_arg_8 (int64_t place_num)
{
  return place_num < 0 || place_num > INT_MAX ? -1 : (int) place_num;
}

DEFINE (int32_t, omp_get_num_places_, (void))
{
  return omp_get_num_places ();
}

DEFINE (int32_t, omp_get_place_num_procs_, (const int32_t *place_num))
{
  return omp_get_place_num_procs (*place_num);
}

DEFINE (int32_t, omp_get_place_num_procs_8_, (const int64_t *place_num))
{
  return omp_get_place_num_procs (place_arg_8 (*place_num));
}

DEFINE (void, omp_get_place_proc_ids_, (const int32_t *place_num,
					 int32_t *ids))
{
  omp_get_place_proc_ids (*place_num, ids);
}

DEFINE (void, omp_get_place_proc_ids_8_, (const int64_t *place_num,
					   int64_t *ids))
{
  int place = place_arg_8 (*place_num);
  if (place < 0 || (unsigned int) place >= gomp_places_len)
    return;
  for (unsigned long c = 0; c < max_cpus (); c++)
    if (gomp_cpuset_isset (c, gomp_cpuset_size, gomp_places[place]))
      *ids++ = (int64_t) c;
}

DEFINE (int32_t, omp_get_place_num_, (void))
{
  return omp_get_place_num ();
}

DEFINE (int32_t, omp_get_partition_num_places_, (void))
{
  return omp_get_partition_num_places ();
}

DEFINE (void, omp_get_partition_place_nums_, (int32_t *place_nums))
{
  omp_get_partition_place_nums (place_nums);
}

DEFINE (void, omp_get_partition_place_nums_8_, (int64_t *place_nums))
{
  if (gomp_places_len == 0)
    return;
  struct gomp_thread *thr = placed_thread ();
  for (unsigned int i = 0; i < thr->ts.partition_len; i++)
    place_nums[i] = (int64_t) (thr->ts.partition_off + i);
}
