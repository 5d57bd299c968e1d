/* report.c -- ompdbg-report, behind `ompdbg report PROFILE': the
   OpenMP profile a run under `ompdbg profile' wrote (profile-format.h),
   per parallel region, per source line and per thread, in the metrics of
   the OpenMP ARB white paper on profiling: OpenMP Work (the work,
   serial and reduction states) and OpenMP Wait (every other state),
   the wait split by state.  Addresses become functions and source lines
   through elfutils' libdwfl, on the modules the process had mapped at
   its end.  With --svg FILE, a timeline of each thread's states; the
   call stacks and the flame graph (--flame FILE) are stacks.c's.  */

#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <elfutils/libdwfl.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profiler/profile-format.h"
#include "profiler/report.h"
#include "profiler/strmap.h"
#include "runtime/omp_collector_api.h"

const char *const col_names[NCOLS] = {
  "work", "barrier", "lock", "critical", "ordered", "atomic", "overhead",
  "idle", "unknown"
};

enum col
state_col (uint32_t s)
{
  switch (s)
    {
    case THR_WORK_STATE:
    case THR_SERIAL_STATE:
    case THR_REDUC_STATE:
      return C_WORK;
    case THR_IBAR_STATE:
    case THR_EBAR_STATE:
      return C_BARRIER;
    case THR_LKWT_STATE:
      return C_LOCK;
    case THR_CTWT_STATE:
      return C_CRITICAL;
    case THR_ODWT_STATE:
      return C_ORDERED;
    case THR_ATWT_STATE:
      return C_ATOMIC;
    case THR_OVHD_STATE:
      return C_OVERHEAD;
    case THR_IDLE_STATE:
      return C_IDLE;
    default:
      return C_UNKNOWN;
    }
}

struct row
{
  char *name;
  unsigned long n[NCOLS];
  unsigned long total;
};

struct table
{
  struct row *rows;
  size_t len, cap;
  struct strmap index;		/* name -> row, until the rows are sorted */
};

static struct row *
row_get (struct table *t, const char *name)
{
  bool added;
  size_t *i = strmap_get (&t->index, name, &added);
  if (!added)
    return &t->rows[*i];
  *i = t->len;
  if (t->len == t->cap)
    {
      t->cap = t->cap ? 2 * t->cap : 16;
      t->rows = realloc (t->rows, t->cap * sizeof *t->rows);
      if (t->rows == NULL)
	abort ();
    }
  struct row *r = &t->rows[t->len++];
  memset (r, 0, sizeof *r);
  r->name = strdup (name);
  return r;
}

static void
row_add (struct row *r, enum col c, unsigned long weight)
{
  r->n[c] += weight;
  r->total += weight;
}

static int
row_cmp (const void *a, const void *b)
{
  const struct row *x = a, *y = b;
  return x->total < y->total ? 1 : x->total > y->total ? -1
    : strcmp (x->name, y->name);
}

double period_s;

static void
print_table (const char *title, struct table *t, size_t limit, bool sort)
{
  if (sort)
    qsort (t->rows, t->len, sizeof *t->rows, row_cmp);
  size_t w = strlen (title);
  for (size_t i = 0; i < t->len && i < limit; i++)
    if (strlen (t->rows[i].name) > w)
      w = strlen (t->rows[i].name);
  printf ("%-*s %9s %9s %9s", (int) w, title, "time s", "work s",
	  "wait s");
  for (int c = C_BARRIER; c < NCOLS; c++)
    printf (" %9s", col_names[c]);
  putchar ('\n');
  for (size_t i = 0; i < t->len && i < limit; i++)
    {
      struct row *r = &t->rows[i];
      unsigned long wait = r->total - r->n[C_WORK] - r->n[C_UNKNOWN];
      printf ("%-*s %9.3f %9.3f %9.3f", (int) w, r->name,
	      r->total * period_s, r->n[C_WORK] * period_s, wait * period_s);
      for (int c = C_BARRIER; c < NCOLS; c++)
	printf (" %9.3f", r->n[c] * period_s);
      putchar ('\n');
    }
  if (t->len > limit)
    printf ("(%zu more)\n", t->len - limit);
  putchar ('\n');
}

/* ---- symbols -------------------------------------------------------- */

static Dwfl *dwfl;

static const Dwfl_Callbacks callbacks = {
  .find_elf = dwfl_linux_proc_find_elf,
  .find_debuginfo = dwfl_standard_find_debuginfo,
};

/* Frames of these modules are not the program's: the OpenMP runtime,
   the C library, the loader, this collector and its unwinder.  */
static bool
system_module (Dwfl_Module *mod)
{
  const char *name = dwfl_module_info (mod, NULL, NULL, NULL, NULL, NULL,
				       NULL, NULL);
  if (name == NULL)
    return true;
  const char *base = strrchr (name, '/');
  base = base ? base + 1 : name;
  static const char *const prefixes[] = {
    "libgomp.so", "libc.so", "ld-linux", "libunwind", "ompdbg-collector",
    "libpthread", "libstdc++", "libgcc_s", "[vdso]", "linux-vdso"
  };
  for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
    if (strncmp (base, prefixes[i], strlen (prefixes[i])) == 0)
      return true;
  return false;
}

/* A C++ (or other Itanium-ABI) symbol in NAME, of SIZE bytes, as the
   program wrote it: ns::W<int>::run(std::vector<int>&), not
   _ZN2ns1WIiE3runERSt6vectorIiSaIiEE.  libstdc++'s demangler, found at
   run time: the report is C and needs no C++ library to run; without
   one, names stay mangled.  */
static void
demangle (char *name, size_t size)
{
  typedef char *demangler (const char *, char *, size_t *, int *);
  static demangler *fn;
  static bool looked;
  if (strncmp (name, "_Z", 2) != 0)
    return;
  if (!looked)
    {
      looked = true;
      void *h = dlopen ("libstdc++.so.6", RTLD_LAZY | RTLD_LOCAL);
      if (h != NULL)
	fn = (demangler *) dlsym (h, "__cxa_demangle");
    }
  int status = -1;
  char *d = fn ? fn (name, NULL, NULL, &status) : NULL;
  if (d != NULL && status == 0)
    snprintf (name, size, "%s", d);
  free (d);
}

static void locate_uncached (uint64_t pc, struct where *w);

/* What each PC names, once: libdwfl's symbol lookup searches the
   symbol table, and a profile has the same PCs many times.  */
static struct strmap located_index;
static struct located
{
  bool user;
  char *func, *loc;
} *located;
static size_t nlocated, located_cap;

void
locate (uint64_t pc, struct where *w)
{
  char key[24];
  snprintf (key, sizeof key, "%" PRIx64, pc);
  bool added;
  size_t *v = strmap_get (&located_index, key, &added);
  if (!added)
    {
      struct located *l = &located[*v];
      w->user = l->user;
      snprintf (w->func, sizeof w->func, "%s", l->func);
      snprintf (w->loc, sizeof w->loc, "%s", l->loc);
      return;
    }
  locate_uncached (pc, w);
  if (nlocated == located_cap)
    {
      located_cap = located_cap ? 2 * located_cap : 256;
      located = realloc (located, located_cap * sizeof *located);
      if (located == NULL)
	abort ();
    }
  struct located *l = &located[nlocated];
  l->user = w->user;
  l->func = strdup (w->func);
  l->loc = strdup (w->loc);
  if (l->func == NULL || l->loc == NULL)
    abort ();
  *v = nlocated++;
}

static void
locate_uncached (uint64_t pc, struct where *w)
{
  Dwfl_Module *mod = dwfl_addrmodule (dwfl, pc);
  w->user = mod != NULL && !system_module (mod);
  snprintf (w->func, sizeof w->func, "0x%" PRIx64, pc);
  snprintf (w->loc, sizeof w->loc, "0x%" PRIx64, pc);
  if (mod == NULL)
    return;
  const char *name = dwfl_module_addrname (mod, pc);
  if (name)
    {
      snprintf (w->func, sizeof w->func, "%s", name);
      /* The function it was written as: GCC names the code it outlines
	 (main._omp_fn.0) and its clones (.constprop.0, .isra.0, .part.0,
	 .cold) by the function's name and a suffix after a dot.  */
      char *dot = strchr (w->func, '.');
      if (dot && dot != w->func)
	*dot = '\0';
      demangle (w->func, sizeof w->func);
      snprintf (w->loc, sizeof w->loc, "%s", name);
    }
  Dwfl_Line *line = dwfl_module_getsrc (mod, pc);
  int lineno = 0;
  const char *file = line ? dwfl_lineinfo (line, NULL, &lineno, NULL, NULL,
					   NULL) : NULL;
  if (file)
    {
      const char *b = strrchr (file, '/');
      snprintf (w->loc, sizeof w->loc, "%s:%d", b ? b + 1 : file, lineno);
    }
}

/* The first frame of the program's own code from the leaf, in a stack
   of N frames (the leaf's PC exact, the callers' return addresses: one
   byte back is the call): its index, -1 if none.  */
static int
first_user (const uint64_t *pcs, uint32_t n, struct where *w)
{
  for (uint32_t i = 0; i < n; i++)
    {
      locate (i == 0 ? pcs[i] : pcs[i] - 1, w);
      if (w->user)
	return (int) i;
    }
  return -1;
}

/* ---- the profile ---------------------------------------------------- */

struct region *regions;
size_t nregions;
static size_t regions_cap;

static int
region_cmp (const void *a, const void *b)
{
  const struct region *x = a, *y = b;
  return x->prid < y->prid ? -1 : x->prid > y->prid;
}

/* REGIONS are sorted by id once read: a program may start a million
   regions, each sample looks one up.  */
const struct region *
region_find (uint64_t prid)
{
  struct region key = { .prid = prid };
  return bsearch (&key, regions, nregions, sizeof *regions, region_cmp);
}

static const char *
region_site (uint64_t prid)
{
  const struct region *g = region_find (prid);
  return g ? g->site : NULL;
}

static const char *
state_label (uint32_t s)
{
  switch (s)
    {
#define NAME(n, v) case n: return #n;
      OMP_COLLECTOR_FOREACH_STATE (NAME)
#undef NAME
    default:
      return "unknown";
    }
}

/* A sample with no frame of the program's own code: the runtime's
   frames named for what the thread does there, as the white paper's
   user-model call stacks name them.  */
const char *
pseudo_function (uint32_t s)
{
  switch (s)
    {
    case THR_IDLE_STATE: return "<OMP-idle>";
    case THR_IBAR_STATE: return "<OMP-implicit_barrier>";
    case THR_EBAR_STATE: return "<OMP-explicit_barrier>";
    case THR_LKWT_STATE: return "<OMP-lock_wait>";
    case THR_CTWT_STATE: return "<OMP-critical_section_wait>";
    case THR_ODWT_STATE: return "<OMP-ordered_section_wait>";
    case THR_ATWT_STATE: return "<OMP-atomic_section_wait>";
    case THR_OVHD_STATE: return "<OMP-overhead>";
    default: return "<OMP-runtime>";
    }
}

const char *const col_colors[NCOLS] = {
  "#4caf50", "#e53935", "#fb8c00", "#8e24aa", "#3949ab", "#00897b",
  "#fdd835", "#bdbdbd", "#eeeeee"
};

/* Why the samples have no state (the collector found no
   __omp_collector_api): the program's maps at its end tell whether it
   had an OpenMP runtime, and which.  */
static void
no_api_message (const char *maps, size_t len)
{
  static const char *const runtimes[] = {
    "/libgomp.so", "/libomp.so", "/libiomp5.so"
  };
  const char *end = maps ? maps + strnlen (maps, len) : NULL;
  for (const char *l = maps; l != NULL && l < end;)
    {
      const char *nl = memchr (l, '\n', (size_t) (end - l));
      size_t n = nl ? (size_t) (nl - l) : (size_t) (end - l);
      const char *path = memchr (l, '/', n);
      for (size_t i = 0; path && i < sizeof runtimes / sizeof *runtimes; i++)
	if (memmem (path, n - (size_t) (path - l), runtimes[i],
		    strlen (runtimes[i])) != NULL)
	  {
	    printf ("The program ran on %.*s, which has no collector "
		    "interface (__omp_collector_api): no OpenMP states.\n",
		    (int) (n - (size_t) (path - l)), path);
	    return;
	  }
      l = nl ? nl + 1 : end;
    }
  if (maps)
    printf ("The program loaded no OpenMP runtime: no OpenMP states.\n");
  else
    printf ("The program's runtime has no collector interface "
	    "(__omp_collector_api): no OpenMP states.\n");
}

/* Whether R, with AVAIL bytes from it to the profile's end, is a
   record as collector.c writes them: a size that holds its header, its
   frames and fits, in 8-byte units, at most PROF_MAX_FRAMES frames.  */
static bool
record_ok (const struct prof_record *r, unsigned long avail)
{
  if (avail < sizeof *r || r->size < sizeof *r || r->size > avail
      || r->size % 8 != 0)
    return false;
  if (r->kind == PROF_SAMPLE || r->kind == PROF_FORK)
    return r->nframes <= PROF_MAX_FRAMES
      && sizeof *r + r->nframes * sizeof (uint64_t) <= r->size;
  return true;
}

/* A count given on the command line, decimal digits only.  */
static bool
count_arg (const char *s, size_t *n)
{
  char *end;
  if (*s < '0' || *s > '9')
    return false;
  errno = 0;
  unsigned long v = strtoul (s, &end, 10);
  if (*end != '\0' || errno != 0)
    return false;
  *n = v;
  return true;
}

static int
usage (void)
{
  fprintf (stderr, "usage: ompdbg report [--svg FILE] [--flame FILE] "
	   "[--lines N] [--stacks N] PROFILE\n");
  return 2;
}

int
main (int argc, char **argv)
{
  const char *svg = NULL, *flame = NULL, *path = NULL;
  size_t max_lines = 20, max_stacks = 10;
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--svg") == 0 && i + 1 < argc)
	svg = argv[++i];
      else if (strcmp (argv[i], "--flame") == 0 && i + 1 < argc)
	flame = argv[++i];
      else if (strcmp (argv[i], "--lines") == 0 && i + 1 < argc)
	{
	  if (!count_arg (argv[++i], &max_lines))
	    return usage ();
	}
      else if (strcmp (argv[i], "--stacks") == 0 && i + 1 < argc)
	{
	  if (!count_arg (argv[++i], &max_stacks))
	    return usage ();
	}
      else if (argv[i][0] == '-' || path)
	return usage ();
      else
	path = argv[i];
    }
  if (path == NULL)
    return usage ();
  FILE *f = fopen (path, "rb");
  if (f == NULL)
    {
      fprintf (stderr, "ompdbg report: %s: %s\n", path, strerror (errno));
      return 1;
    }
  fseek (f, 0, SEEK_END);
  long size = ftell (f);
  rewind (f);
  char *data = malloc (size > 0 ? (size_t) size : 1);
  if (data == NULL || fread (data, 1, (size_t) size, f) != (size_t) size
      || size < PROF_MAGIC_LEN || memcmp (data, PROF_MAGIC, PROF_MAGIC_LEN))
    {
      fprintf (stderr, "ompdbg report: %s is no ompdbg profile\n", path);
      return 1;
    }
  fclose (f);

  /* First pass: what the run was, its maps, its regions.  */
  const char *maps = NULL, *cmd = "";
  size_t maps_len = 0;
  bool wall = false, have_api = false;
  uint64_t period_ns = 0, t0 = UINT64_MAX, t1 = 0;
  int tids[4096];
  uint64_t tid_start[4096];
  size_t ntids = 0;
  size_t nsamples = 0;
  for (long off = PROF_MAGIC_LEN; off < size;)
    {
      struct prof_record *r = (struct prof_record *) (data + off);
      if (!record_ok (r, (unsigned long) (size - off)))
	{
	  /* The records before it are whole: a truncated profile (a
	     program killed while writing) still has them.  The passes
	     below stop here too.  */
	  fprintf (stderr, "ompdbg report: %s: damaged record at %ld; "
		   "the records after it are ignored\n", path, off);
	  size = off;
	  break;
	}
      char *payload = (char *) (r + 1);
      switch (r->kind)
	{
	case PROF_META:
	  period_ns = r->aux;
	  wall = r->state == 1;
	  have_api = r->prid != 0;
	  cmd = strndup (payload, r->size - sizeof *r);
	  if (cmd == NULL)
	    abort ();
	  break;
	case PROF_MAPS:
	  maps = payload;
	  maps_len = r->size - sizeof *r;
	  break;
	case PROF_THREAD:
	  if (ntids < sizeof tids / sizeof *tids)
	    {
	      /* In the order the threads started.  */
	      size_t i = ntids++;
	      for (; i > 0 && tid_start[i - 1] > r->time_ns; i--)
		{
		  tids[i] = tids[i - 1];
		  tid_start[i] = tid_start[i - 1];
		}
	      tids[i] = r->tid;
	      tid_start[i] = r->time_ns;
	    }
	  break;
	case PROF_SAMPLE:
	  nsamples++;
	  if (r->time_ns < t0)
	    t0 = r->time_ns;
	  if (r->time_ns > t1)
	    t1 = r->time_ns;
	  break;
	default:
	  break;
	}
      off += r->size;
    }
  if (period_ns == 0)
    {
      fprintf (stderr, "ompdbg report: %s: no header record\n", path);
      return 1;
    }
  period_s = period_ns / 1e9;
  dwfl = dwfl_begin (&callbacks);
  if (maps)
    {
      FILE *mf = fmemopen ((void *) maps, strnlen (maps, maps_len), "r");
      if (mf == NULL || dwfl_linux_proc_maps_report (dwfl, mf) != 0)
	fprintf (stderr, "ompdbg report: the profile's maps: %s\n",
		 dwfl_errmsg (-1));
      if (mf)
	fclose (mf);
    }
  else
    fprintf (stderr, "ompdbg report: %s has no maps (the program did not "
	     "exit normally): addresses unnamed\n", path);
  dwfl_report_end (dwfl, NULL, NULL);

  for (long off = PROF_MAGIC_LEN; off + (long) sizeof (struct prof_record)
	 <= size;)
    {
      struct prof_record *r = (struct prof_record *) (data + off);
      if (r->size < sizeof *r || (unsigned long) off + r->size > (unsigned long) size)
	break;
      if (r->kind == PROF_FORK)
	{
	  if (nregions == regions_cap)
	    {
	      regions_cap = regions_cap ? 2 * regions_cap : 64;
	      regions = realloc (regions, regions_cap * sizeof *regions);
	      if (regions == NULL)
		abort ();
	    }
	  struct region *g = &regions[nregions++];
	  g->prid = r->prid;
	  g->parent = r->aux;
	  g->pcs = (const uint64_t *) (r + 1);
	  g->npcs = r->nframes;
	  struct where w;
	  g->first_user = first_user (g->pcs, g->npcs, &w);
	  if (g->first_user >= 0)
	    snprintf (g->site, sizeof g->site,
		      "#pragma omp parallel at %s (in %s)", w.loc, w.func);
	  else
	    snprintf (g->site, sizeof g->site, "parallel region (no frame "
		      "of the program's code)");
	}
      off += r->size;
    }
  qsort (regions, nregions, sizeof *regions, region_cmp);

  struct table by_region = { 0 }, by_line = { 0 }, by_thread = { 0 };
  struct row all = { 0 };
  if (svg && timeline_begin (svg, ntids, tids, wall, period_ns, t0, t1) != 0)
    {
      fprintf (stderr, "ompdbg report: %s: %s\n", svg, strerror (errno));
      return 1;
    }
  for (size_t i = 0; i < ntids; i++)
    {
      char tname[64];
      snprintf (tname, sizeof tname, "LWP %d", tids[i]);
      row_get (&by_thread, tname);
    }
  for (long off = PROF_MAGIC_LEN; off + (long) sizeof (struct prof_record)
	 <= size;)
    {
      struct prof_record *r = (struct prof_record *) (data + off);
      if (r->size < sizeof *r || (unsigned long) off + r->size > (unsigned long) size)
	break;
      off += r->size;
      if (r->kind != PROF_SAMPLE)
	continue;
      enum col c = state_col (r->state);
      unsigned long weight = r->weight ? r->weight : 1;
      row_add (&all, c, weight);
      const char *site = r->prid ? region_site (r->prid) : NULL;
      row_add (row_get (&by_region, site ? site : r->prid
			? "parallel region begun before profiling"
			: "serial code (outside any parallel region)"), c,
	       weight);
      struct where w;
      char name[900];
      stacks_add ((const uint64_t *) (r + 1), r->nframes, r->prid, r->state,
		  weight);
      if (first_user ((uint64_t *) (r + 1), r->nframes, &w) >= 0)
	snprintf (name, sizeof name, "%s (in %s)", w.loc, w.func);
      else if (site)
	snprintf (name, sizeof name, "%s of %s", pseudo_function (r->state),
		  site + strlen ("#pragma omp "));
      else
	snprintf (name, sizeof name, "%s", pseudo_function (r->state));
      row_add (row_get (&by_line, name), c, weight);
      char tname[64];
      snprintf (tname, sizeof tname, "LWP %d", r->tid);
      row_add (row_get (&by_thread, tname), c, weight);
      if (svg)
	timeline_sample (r->tid, r->time_ns, c, state_label (r->state), name);
    }
  if (svg && timeline_end () != 0)
    {
      fprintf (stderr, "ompdbg report: %s: %s\n", svg, strerror (errno));
      return 1;
    }

  printf ("ompdbg profile of: %s\n", cmd);
  printf ("%zu samples of %zu threads, %s clock at %.0f Hz (%.3f s per "
	  "sample; %lu periods with the timers' overruns)\n", nsamples, ntids,
	  wall ? "wall" : "CPU-time", 1e9 / period_ns, period_s, all.total);
  if (!have_api)
    no_api_message (maps, maps_len);
  printf ("OpenMP Work %.3f s, OpenMP Wait %.3f s",
	  all.n[C_WORK] * period_s,
	  (all.total - all.n[C_WORK] - all.n[C_UNKNOWN]) * period_s);
  if (all.n[C_UNKNOWN])
    printf (", no state %.3f s", all.n[C_UNKNOWN] * period_s);
  printf ("\n\n");
  print_table ("Parallel regions", &by_region, by_region.len, true);
  print_table ("Source lines", &by_line, max_lines, true);
  print_table ("Threads", &by_thread, by_thread.len, false);
  if (max_stacks > 0)
    stacks_print (max_stacks);
  if (flame && stacks_flame (flame, cmd) != 0)
    {
      fprintf (stderr, "ompdbg report: %s: %s\n", flame, strerror (errno));
      return 1;
    }
  dwfl_end (dwfl);
  return 0;
}
