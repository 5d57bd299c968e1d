/* truth.c -- struct truth as text, "key value" per line.  Strings are
   written hex-encoded so that any character survives.  */

#include "config.h"
#include "tests/ompd/truth.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The fields, in one table for both directions.  */
enum ftype { F_LONG, F_INT, F_U64, F_STR };

struct field
{
  const char *name;
  enum ftype type;
  size_t off;
};

#define TF(name, type) { #name, type, offsetof (struct truth_thread, name) }
static const struct field thread_fields[] = {
  TF (tid, F_LONG), TF (pthread, F_U64), TF (idle, F_INT),
  TF (level, F_INT), TF (active_level, F_INT), TF (region_fn, F_U64),
  TF (state, F_LONG), TF (wait_id, F_U64), TF (check_wait, F_INT),
  TF (wait_holder, F_LONG), TF (nest_count, F_LONG),
  TF (ordered_turn, F_LONG), TF (ordered_own, F_LONG),
  TF (task_kind, F_INT), TF (final, F_INT), TF (task_fn, F_U64),
  TF (task_ra, F_U64), TF (nthreads, F_LONG), TF (dyn, F_LONG),
  TF (max_active_levels, F_LONG), TF (thread_limit, F_LONG),
  TF (default_device, F_LONG), TF (sched_kind, F_LONG),
  TF (sched_chunk, F_LONG), TF (bind, F_LONG),
  TF (nthreads_incomplete, F_INT), TF (bind_incomplete, F_INT),
  TF (nthreads_str, F_STR), TF (bind_str, F_STR), TF (def_allocator, F_U64),
  TF (partition_known, F_INT), TF (partition, F_STR), TF (gen_of, F_INT),
  TF (sched_of, F_INT),
};
#define DF(name, type) { #name, type, offsetof (struct truth_deferred, name) }
static const struct field deferred_fields[] = {
  DF (ra, F_U64), DF (state, F_LONG), DF (ndeps, F_INT), DF (pending, F_LONG),
  DF (gen_of, F_INT), DF (gen_ra, F_U64), DF (gen_state, F_LONG),
};
#define EF(name, type) { #name, type, offsetof (struct truth_edge, name) }
static const struct field edge_fields[] = {
  EF (waiter_of, F_INT), EF (blocker_of, F_INT), EF (waiter_ra, F_U64),
  EF (blocker_ra, F_U64), EF (kind, F_LONG),
};
#define GF(name, type) { #name, type, offsetof (struct truth, name) }
static const struct field global_fields[] = {
  GF (nthreads, F_INT), GF (omp_version, F_LONG), GF (num_procs, F_LONG),
  GF (cancel, F_LONG), GF (max_task_priority, F_LONG), GF (nteams, F_LONG),
  GF (teams_thread_limit, F_LONG), GF (display_affinity, F_LONG),
  GF (debug, F_LONG), GF (affinity_format, F_STR), GF (ndeferred, F_INT),
  GF (env_known, F_INT), GF (stacksize, F_LONG), GF (wait_policy, F_LONG),
  GF (target_offload, F_LONG), GF (tool, F_LONG), GF (spincount, F_LONG),
  GF (throttled_spincount, F_LONG), GF (def_sched, F_STR),
  GF (wait_policy_str, F_STR), GF (target_offload_str, F_STR),
  GF (tool_str, F_STR), GF (tool_libraries, F_STR),
  GF (tool_verbose_init, F_STR), GF (cpu_affinity, F_STR),
  GF (places, F_STR), GF (check_edges, F_INT), GF (nedges, F_INT),
};

#define NFIELDS(a) (sizeof a / sizeof a[0])

static void
put (FILE *f, const char *prefix, const struct field *fl, const void *base)
{
  const char *p = (const char *) base + fl->off;
  fprintf (f, "%s%s ", prefix, fl->name);
  switch (fl->type)
    {
    case F_LONG:
      fprintf (f, "%ld\n", *(const long *) p);
      break;
    case F_INT:
      fprintf (f, "%d\n", *(const int *) p);
      break;
    case F_U64:
      fprintf (f, "%" PRIu64 "\n", *(const uint64_t *) p);
      break;
    case F_STR:
      fputc ('x', f);
      for (size_t i = 0; p[i] && i < TRUTH_STR - 1; i++)
	fprintf (f, "%02x", (unsigned char) p[i]);
      fputc ('\n', f);
      break;
    }
}

void
truth_write (FILE *f, const struct truth *t)
{
  for (size_t i = 0; i < sizeof global_fields / sizeof global_fields[0]; i++)
    put (f, "", &global_fields[i], t);
  for (int i = 0; i < t->ndeferred && i < TRUTH_MAX_DEFERRED; i++)
    {
      const struct truth_deferred *d = &t->d[i];
      char prefix[32];
      snprintf (prefix, sizeof prefix, "d%d.", i);
      for (size_t k = 0; k < NFIELDS (deferred_fields); k++)
	put (f, prefix, &deferred_fields[k], d);
      for (int k = 0; k < d->ndeps && k < TRUTH_MAX_DEPS; k++)
	fprintf (f, "d%d.dep%d %" PRIu64 " %ld\n", i, k, d->dep_addr[k],
		 d->dep_type[k]);
    }
  for (int i = 0; i < t->nedges && i < TRUTH_MAX_EDGES; i++)
    {
      char prefix[32];
      snprintf (prefix, sizeof prefix, "e%d.", i);
      for (size_t k = 0; k < NFIELDS (edge_fields); k++)
	put (f, prefix, &edge_fields[k], &t->e[i]);
    }
  for (int k = 0; k < t->nthreads && k < TRUTH_MAX_THREADS; k++)
    {
      const struct truth_thread *th = &t->t[k];
      char prefix[32];
      snprintf (prefix, sizeof prefix, "t%d.", k);
      for (size_t i = 0; i < sizeof thread_fields / sizeof thread_fields[0];
	   i++)
	put (f, prefix, &thread_fields[i], th);
      for (int l = 0; l <= th->level && l < TRUTH_MAX_LEVELS; l++)
	fprintf (f, "t%d.level%d %d %d\n", k, l, th->nums[l], th->sizes[l]);
    }
  fprintf (f, "end\n");
}

static int
get (const char *val, const struct field *fl, void *base)
{
  char *p = (char *) base + fl->off;
  char *end;
  switch (fl->type)
    {
    case F_LONG:
      *(long *) p = strtol (val, &end, 10);
      return *end == '\0' ? 0 : -1;
    case F_INT:
      *(int *) p = (int) strtol (val, &end, 10);
      return *end == '\0' ? 0 : -1;
    case F_U64:
      *(uint64_t *) p = strtoull (val, &end, 10);
      return *end == '\0' ? 0 : -1;
    case F_STR:
      {
	if (val[0] != 'x')
	  return -1;
	size_t n = strlen (val + 1) / 2, i;
	if (n >= TRUTH_STR)
	  return -1;
	for (i = 0; i < n; i++)
	  {
	    unsigned int c;
	    if (sscanf (val + 1 + 2 * i, "%2x", &c) != 1)
	      return -1;
	    p[i] = (char) c;
	  }
	p[i] = '\0';
	return 0;
      }
    }
  return -1;
}

int
truth_read (FILE *f, struct truth *t)
{
  memset (t, 0, sizeof *t);
  char line[1024];
  while (fgets (line, sizeof line, f))
    {
      line[strcspn (line, "\n")] = '\0';
      if (strcmp (line, "end") == 0)
	return 0;
      char *sp = strchr (line, ' ');
      if (sp == NULL)
	goto bad;
      *sp = '\0';
      const char *key = line, *val = sp + 1;
      int k, l;
      if (sscanf (key, "d%d.dep%d", &k, &l) == 2)
	{
	  if (k < 0 || k >= TRUTH_MAX_DEFERRED || l < 0 || l >= TRUTH_MAX_DEPS
	      || sscanf (val, "%" SCNu64 " %ld", &t->d[k].dep_addr[l],
			 &t->d[k].dep_type[l]) != 2)
	    goto bad;
	  continue;
	}
      if (sscanf (key, "d%d.", &k) == 1)
	{
	  const char *name = strchr (key, '.') + 1;
	  if (k < 0 || k >= TRUTH_MAX_DEFERRED)
	    goto bad;
	  size_t i;
	  for (i = 0; i < NFIELDS (deferred_fields); i++)
	    if (strcmp (deferred_fields[i].name, name) == 0)
	      break;
	  if (i == NFIELDS (deferred_fields)
	      || get (val, &deferred_fields[i], &t->d[k]) != 0)
	    goto bad;
	  continue;
	}
      if (sscanf (key, "e%d.", &k) == 1)
	{
	  const char *name = strchr (key, '.') + 1;
	  if (k < 0 || k >= TRUTH_MAX_EDGES)
	    goto bad;
	  size_t i;
	  for (i = 0; i < NFIELDS (edge_fields); i++)
	    if (strcmp (edge_fields[i].name, name) == 0)
	      break;
	  if (i == NFIELDS (edge_fields)
	      || get (val, &edge_fields[i], &t->e[k]) != 0)
	    goto bad;
	  continue;
	}
      if (sscanf (key, "t%d.level%d", &k, &l) == 2)
	{
	  if (k < 0 || k >= TRUTH_MAX_THREADS || l < 0
	      || l >= TRUTH_MAX_LEVELS
	      || sscanf (val, "%d %d", &t->t[k].nums[l], &t->t[k].sizes[l]) != 2)
	    goto bad;
	  continue;
	}
      if (sscanf (key, "t%d.", &k) == 1)
	{
	  const char *name = strchr (key, '.') + 1;
	  if (k < 0 || k >= TRUTH_MAX_THREADS)
	    goto bad;
	  size_t i;
	  for (i = 0; i < sizeof thread_fields / sizeof thread_fields[0]; i++)
	    if (strcmp (thread_fields[i].name, name) == 0)
	      break;
	  if (i == sizeof thread_fields / sizeof thread_fields[0]
	      || get (val, &thread_fields[i], &t->t[k]) != 0)
	    goto bad;
	  continue;
	}
      size_t i;
      for (i = 0; i < sizeof global_fields / sizeof global_fields[0]; i++)
	if (strcmp (global_fields[i].name, key) == 0)
	  break;
      if (i == sizeof global_fields / sizeof global_fields[0]
	  || get (val, &global_fields[i], t) != 0)
	goto bad;
      continue;
    bad:
      printf ("FAIL: malformed truth line '%s'\n", line);
      return -1;
    }
  printf ("FAIL: truth file ends before 'end'\n");
  return -1;
}
