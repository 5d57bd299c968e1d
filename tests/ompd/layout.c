/* layout.c -- the runtime's layout table (ompdbg_layout, format in
   libompd/ompdbg-layout.h) says what the compiler says.

   Loads the built runtime with dlopen, as a debugger's target would have
   it, finds the table by its dynamic symbol and checks:
   - the header: magic, version, sizes, total_size, primitive sizes,
     `live' set by the runtime's start-up;
   - every entry, against offsetof and sizeof of this compiler over the
     runtime's own headers, for every name of libompd/ompdbg-layout.def
     (the same list the generator resolved: nothing is listed twice), and
     that the table has nothing else;
   - the roots: each inside the runtime's mapping, each pointing to what
     the runtime itself reports (omp_get_num_procs, the ICVs set in the
     environment here, the exported ompdbg_bp_enabled, the registered
     initial thread, _OPENMP), and the display control variables block
     as NAME=VALUE lines with the values set here.

   Usage: layout [RUNTIME.so]; default $OMPDBG_OURS_DIR/libgomp.so.1.  */

#include "config.h"
#include "runtime/internal.h"
#include "runtime/task-depend.h"
#include "libompd/ompdbg-layout.h"
#define CHECK_KEEP_GOING 1
#include "tests/lib/check.h"

#include <ctype.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define member_size(s, m) sizeof (((struct s *) 0)->m)

struct expected
{
  const char *name;
  size_t offset, size, count;
};

static const struct expected expected[] =
{
#define OMPD_LAYOUT_STRUCT(id, s) { #s, 0, sizeof (struct s), 1 },
#define OMPD_LAYOUT_MEMBER(id, s, m) \
  { #s "." #m, offsetof (struct s, m), member_size (s, m), 1 },
#define OMPD_LAYOUT_ARRAY(id, s, m) \
  { #s "." #m, offsetof (struct s, m), member_size (s, m), \
    member_size (s, m) / member_size (s, m[0]) },
#include "libompd/ompdbg-layout.def"
};
#define NEXPECTED (sizeof expected / sizeof expected[0])

static void *
sym (void *lib, const char *name)
{
  void *p = dlsym (lib, name);
  if (p == NULL)
    {
      printf ("FAIL: %s not found in the runtime: %s\n", name, dlerror ());
      exit (1);
    }
  return p;
}

/* Is ADDR inside the object mapped at BASE (the runtime), per dladdr?  */
static bool
in_runtime (uint64_t addr, void *base)
{
  Dl_info info;
  return addr != 0 && dladdr ((void *) (uintptr_t) addr, &info) != 0
	 && info.dli_fbase == base;
}

static void
check_header (const struct ompdbg_layout_header *h)
{
  CHECK (h->magic == OMPDBG_LAYOUT_MAGIC, "magic %#llx",
	 (unsigned long long) h->magic);
  CHECK (h->version == OMPDBG_LAYOUT_VERSION, "version %u", h->version);
  CHECK (h->header_size == sizeof *h, "header_size %u", h->header_size);
  CHECK (h->entry_size == sizeof (struct ompdbg_layout_entry),
	 "entry_size %u", h->entry_size);
  CHECK ((uint64_t) h->total_size
	 == (uint64_t) h->header_size
	    + (uint64_t) h->nentries * h->entry_size + h->strings_size,
	 "total_size %u, header %u + %u entries + %u strings",
	 h->total_size, h->header_size, h->nentries, h->strings_size);
  CHECK (h->sizeof_char == sizeof (char), "%u", h->sizeof_char);
  CHECK (h->sizeof_short == sizeof (short), "%u", h->sizeof_short);
  CHECK (h->sizeof_int == sizeof (int), "%u", h->sizeof_int);
  CHECK (h->sizeof_long == sizeof (long), "%u", h->sizeof_long);
  CHECK (h->sizeof_long_long == sizeof (long long), "%u",
	 h->sizeof_long_long);
  CHECK (h->sizeof_pointer == sizeof (void *), "%u", h->sizeof_pointer);
  CHECK (h->pad[0] == 0 && h->pad[1] == 0, "pad");
  CHECK (h->live == OMPDBG_LAYOUT_MAGIC,
	 "live %#llx: start-up did not mark the table",
	 (unsigned long long) h->live);
}

/* Every entry is a name of the list with the compiler's values, and
   every name of the list is there exactly once.  */
static void
check_entries (const struct ompdbg_layout_header *h)
{
  const struct ompdbg_layout_entry *e
    = (const void *) ((const char *) h + h->header_size);
  const char *strings = (const char *) (e + h->nentries);
  CHECK (h->strings_size > 0 && strings[h->strings_size - 1] == '\0',
	 "string pool not NUL-terminated");
  CHECK (h->nentries == NEXPECTED, "%u entries, ompdbg-layout.def has %zu",
	 h->nentries, NEXPECTED);

  unsigned int seen[NEXPECTED] = { 0 };
  for (uint32_t i = 0; i < h->nentries; i++)
    {
      if (e[i].name >= h->strings_size)
	{
	  CHECK (e[i].name < h->strings_size, "entry %u: name %u", i,
		 e[i].name);
	  continue;
	}
      const char *name = strings + e[i].name;
      size_t k;
      for (k = 0; k < NEXPECTED; k++)
	if (strcmp (expected[k].name, name) == 0)
	  break;
      if (k == NEXPECTED)
	{
	  CHECK (k < NEXPECTED, "entry %s is not in ompdbg-layout.def", name);
	  continue;
	}
      seen[k]++;
      const struct expected *x = &expected[k];
      CHECK (e[i].offset == x->offset, "%s: offset %u, compiler %zu", name,
	     e[i].offset, x->offset);
      CHECK (e[i].size == x->size, "%s: size %u, compiler %zu", name,
	     e[i].size, x->size);
      CHECK (e[i].count == x->count, "%s: count %u, compiler %zu", name,
	     e[i].count, x->count);
    }
  for (size_t k = 0; k < NEXPECTED; k++)
    CHECK (seen[k] == 1, "%s: %u entries", expected[k].name, seen[k]);
  printf ("%u entries checked against the compiler\n", h->nentries);
}

/* The value of NAME in the "NAME=VALUE\n" lines of BLOCK, NULL if
   absent; every line must have that form.  */
static char *
block_value (const char *block, const char *name)
{
  char *value = NULL;
  const char *line = block;
  unsigned int lines = 0;
  while (*line != '\0')
    {
      const char *nl = strchr (line, '\n');
      const char *eq = strchr (line, '=');
      CHECK (nl != NULL, "env block: unterminated last line \"%s\"", line);
      if (nl == NULL)
	break;
      CHECK (eq != NULL && eq < nl && eq > line,
	     "env block: line %u is not NAME=VALUE", lines + 1);
      for (const char *c = line; eq != NULL && c < eq; c++)
	CHECK (isupper ((unsigned char) *c) || isdigit ((unsigned char) *c)
	       || *c == '_', "env block: bad name in line %u", lines + 1);
      if (eq != NULL && eq < nl && (size_t) (eq - line) == strlen (name)
	  && strncmp (line, name, strlen (name)) == 0)
	{
	  CHECK (value == NULL, "env block: %s twice", name);
	  free (value);
	  value = strndup (eq + 1, (size_t) (nl - eq - 1));
	}
      lines++;
      line = nl + 1;
    }
  return value;
}

static void
check_value (const char *block, const char *name, const char *want)
{
  char *got = block_value (block, name);
  CHECK (got != NULL && strcmp (got, want) == 0, "env block: %s=%s, want %s",
	 name, got ? got : "(absent)", want);
  free (got);
}

static void
set_flag (void *arg)
{
  *(int *) arg = 1;
}

static void
check_roots (const struct ompdbg_layout_header *h, void *lib)
{
  Dl_info self;
  if (dladdr (h, &self) == 0)
    {
      printf ("FAIL: dladdr of the table\n");
      exit (1);
    }
  for (int r = 0; r < OMPDBG_ROOT_COUNT_V1; r++)
    if (r <= OMPDBG_ROOT_ON_PARENT_EXIT)
      CHECK (in_runtime (h->roots[r], self.dli_fbase),
	     "root %d = %#llx is not in the runtime", r,
	     (unsigned long long) h->roots[r]);
    else
      CHECK (h->roots[r] == 0, "unused root %d = %#llx", r,
	     (unsigned long long) h->roots[r]);
  for (int r = 0; r <= OMPDBG_ROOT_ON_PARENT_EXIT; r++)
    if (!in_runtime (h->roots[r], self.dli_fbase))
      return;			/* reported; do not dereference */

  const struct gomp_registry *reg = (void *) (uintptr_t) h->roots[0];
  const struct gomp_global_icv *g
    = (void *) (uintptr_t) h->roots[OMPDBG_ROOT_GLOBAL_ICV];
  const struct gomp_icv *icv
    = (void *) (uintptr_t) h->roots[OMPDBG_ROOT_INITIAL_ICV];
  const unsigned int *nprocs
    = (void *) (uintptr_t) h->roots[OMPDBG_ROOT_NUM_PROCS];
  const int *bp = (void *) (uintptr_t) h->roots[OMPDBG_ROOT_BP_ENABLED];
  char *const *env = (void *) (uintptr_t) h->roots[OMPDBG_ROOT_ENV_BLOCK];
  const int *openmp
    = (void *) (uintptr_t) h->roots[OMPDBG_ROOT_OPENMP_VERSION];
  const char *version
    = (void *) (uintptr_t) h->roots[OMPDBG_ROOT_VERSION_STRING];
  const int *frame_flags
    = (void *) (uintptr_t) h->roots[OMPDBG_ROOT_FRAME_FLAGS];
  const uintptr_t *on_parent_exit
    = (void *) (uintptr_t) h->roots[OMPDBG_ROOT_ON_PARENT_EXIT];

  int (*get_num_procs) (void) = (int (*) (void)) sym (lib,
						      "omp_get_num_procs");
  int (*get_max_prio) (void)
    = (int (*) (void)) sym (lib, "omp_get_max_task_priority");
  int (*get_max_threads) (void)
    = (int (*) (void)) sym (lib, "omp_get_max_threads");

  /* The registry holds this thread: the runtime registered it at start-up
     (and omp_get_max_threads would have).  */
  CHECK (get_max_threads () == 3, "omp_get_max_threads %d",
	 get_max_threads ());
  CHECK (reg->nthreads >= 1 && reg->threads != NULL, "registry: %u threads",
	 reg->nthreads);
  bool found = false;
  for (const struct gomp_thread *t = reg->threads; t != NULL;
       t = t->registry_next)
    if (t->tid == (int) gettid () && !t->pool_thread)
      found = true;
  CHECK (found, "registry: no entry for this thread (tid %d)", (int) gettid ());

  CHECK ((int) *nprocs == get_num_procs (), "num_procs %u, runtime says %d",
	 *nprocs, get_num_procs ());
  CHECK (g->max_task_priority_var == 7 && get_max_prio () == 7,
	 "max_task_priority_var %d (OMP_MAX_TASK_PRIORITY=7)",
	 g->max_task_priority_var);
  CHECK (g->debug_var == 1, "debug_var %u (OMP_DEBUG=enabled)", g->debug_var);
  CHECK (icv->nthreads_var == 3, "initial nthreads_var %lu "
	 "(OMP_NUM_THREADS=3,2)", icv->nthreads_var);
  CHECK ((void *) bp == sym (lib, "ompdbg_bp_enabled"),
	 "bp root %p, ompdbg_bp_enabled %p", (void *) bp,
	 sym (lib, "ompdbg_bp_enabled"));
  CHECK (*bp == 1, "bp enable flag %d with OMP_DEBUG=enabled", *bp);
  CHECK (*openmp == GOMP_OPENMP_VERSION, "_OPENMP %d", *openmp);
  /* ompt_frame_runtime | ompt_frame_cfa: every frame is a CFA.  */
  CHECK (*frame_flags == 0x10, "frame flags %#x", *frame_flags);
  /* GOMP_task's undeferred task: its exit frame's distance from the task
     struct, measured at start-up, before any task of the program (the
     frames themselves are checked against the program's by
     tests/ompd/undeferred and hooks), and the same after one.  */
  uintptr_t distance = *on_parent_exit;
  CHECK (distance > sizeof (struct gomp_task) && distance < 4096,
	 "exit frame distance %#lx before any task",
	 (unsigned long) distance);
  void (*gomp_task) (void (*) (void *), void *, void (*) (void *, void *),
		     long, long, bool, unsigned, void **, int, void *)
    = (void (*) (void (*) (void *), void *, void (*) (void *, void *), long,
		 long, bool, unsigned, void **, int, void *))
      sym (lib, "GOMP_task");
  int ran = 0;
  gomp_task (set_flag, &ran, NULL, 0, 1, false, 0, NULL, 0, NULL);
  CHECK (ran == 1 && *on_parent_exit == distance, "after an if(0) task "
	 "(ran %d): exit frame distance %#lx, was %#lx", ran,
	 (unsigned long) *on_parent_exit, (unsigned long) distance);
  CHECK (strncmp (version, OMPDBG_RUNTIME_NAME " ",
		  strlen (OMPDBG_RUNTIME_NAME " ")) == 0
	 && strlen (version) < 64, "version string \"%.64s\"", version);

  CHECK (*env != NULL, "no env block");
  if (*env != NULL)
    {
      check_value (*env, "OMP_NUM_THREADS", "3,2");
      check_value (*env, "OMP_DEBUG", "ENABLED");
      check_value (*env, "OMP_MAX_TASK_PRIORITY", "7");
      check_value (*env, "_OPENMP", "201511");
      printf ("env block:\n%s", *env);
    }
  printf ("runtime version string: %s\n", version);
}

int
main (int argc, char **argv)
{
  char path[4096];
  if (argc > 1)
    snprintf (path, sizeof path, "%s", argv[1]);
  else if (getenv ("OMPDBG_OURS_DIR") != NULL)
    snprintf (path, sizeof path, "%s/libgomp.so.1",
	      getenv ("OMPDBG_OURS_DIR"));
  else
    {
      printf ("usage: layout RUNTIME.so (or set OMPDBG_OURS_DIR)\n");
      return 99;
    }

  /* Settings the roots must show; the runtime reads them at load.  */
  setenv ("OMP_NUM_THREADS", "3,2", 1);
  setenv ("OMP_MAX_TASK_PRIORITY", "7", 1);
  setenv ("OMP_DEBUG", "enabled", 1);
  unsetenv ("OMP_DISPLAY_ENV");

  void *lib = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  if (lib == NULL)
    {
      printf ("FAIL: dlopen %s: %s\n", path, dlerror ());
      return 1;
    }
  const struct ompdbg_layout_header *h = sym (lib, "ompdbg_layout");
  check_header (h);
  if (h->magic != OMPDBG_LAYOUT_MAGIC || h->version != OMPDBG_LAYOUT_VERSION
      || h->header_size != sizeof *h
      || h->entry_size != sizeof (struct ompdbg_layout_entry))
    return 1;			/* nothing more can be read */
  check_entries (h);
  check_roots (h, lib);
  printf ("%s: ", path);
  return check_finish (NEXPECTED);
}
