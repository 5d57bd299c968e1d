/* session.c -- loading libompd the OMPD way (OpenMP 5.1 §5.2): the
   runtime names its libompd in `ompd_dll_locations`, a NULL-terminated
   array of file names in the target's memory; the debugger loads the
   first one that loads, initialises it once with its callbacks, and
   opens the target's address space with ompd_process_initialize.  */

#include <config.h>

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corefiles/target-internal.h"

/* Entries of ompd_dll_locations read at most (a garbage array must not
   make us loop).  */
#define MAX_LOCATIONS 64

/* The OMPD API version this debugger speaks.  */
#define OMPDBG_OMPD_API_VERSION 202011

/* A loaded libompd: ompd_initialize once per library however many
   sessions use it, ompd_finalize and dlclose with the last one.  */
struct library
{
  struct library *next;
  void *dl;
  unsigned refs;
  struct ompdbg_ompd_api api;
};

static struct library *libraries;
static pthread_mutex_t libraries_lock = PTHREAD_MUTEX_INITIALIZER;

struct ompdbg_session
{
  uint32_t magic;
  struct ompdbg_target *target;
  struct library *lib;
  char *path;
  ompd_address_space_handle_t *aspace;
};

/* Growing diagnostic text for *DIAG.  */
struct diag
{
  char *text;
  size_t len;
};

static void __attribute__ ((format (printf, 2, 3)))
diag_add (struct diag *d, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  char *s = NULL;
  int n = vasprintf (&s, fmt, ap);
  va_end (ap);
  if (n < 0)
    return;
  char *t = realloc (d->text, d->len + n + 1);
  if (t == NULL)
    {
      free (s);
      return;
    }
  memcpy (t + d->len, s, n + 1);
  d->text = t;
  d->len += n;
  free (s);
}

/* Read a target pointer (its own size and byte order).  */
static ompdbg_err_t
read_pointer (struct ompdbg_target *t, uint64_t addr, uint64_t *value)
{
  unsigned char raw[8];
  size_t size = t->elfclass == ELFCLASS64 ? 8 : 4;
  ompdbg_err_t err = ompdbg_read_memory (t, addr, size, raw);
  if (err != OMPDBG_E_OK)
    return err;
  uint64_t v = 0;
  for (size_t i = 0; i < size; i++)
    v |= (uint64_t) raw[t->byte_order == ELFDATA2LSB ? i : size - 1 - i] << (8 * i);
  *value = v;
  return OMPDBG_E_OK;
}

/* dlopen PATH and look up the OMPD entry points; NULL and a reason in D
   when it is not a usable libompd.  Called with libraries_lock held.  */
static struct library *
load_library (const char *path, struct diag *d, ompd_rc_t *rc)
{
  *rc = ompd_rc_ok;
  void *dl = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  if (dl == NULL)
    {
      const char *e = dlerror ();
      diag_add (d, "  %s: %s\n", path, e ? e : "cannot be loaded");
      return NULL;
    }
  for (struct library *l = libraries; l != NULL; l = l->next)
    if (l->dl == dl)
      {
	/* Already initialised; dlopen counted this reference.  */
	dlclose (dl);
	l->refs++;
	return l;
      }
  struct library *l = calloc (1, sizeof *l);
  if (l == NULL)
    {
      dlclose (dl);
      diag_add (d, "  %s: out of memory\n", path);
      return NULL;
    }
  l->dl = dl;
#define OMPDBG_OMPD_DLSYM(name) \
  *(void **) &l->api.name = dlsym (dl, "ompd_" #name);
  OMPDBG_OMPD_ENTRIES (OMPDBG_OMPD_DLSYM)
#undef OMPDBG_OMPD_DLSYM
  if (l->api.initialize == NULL || l->api.finalize == NULL
      || l->api.process_initialize == NULL
      || l->api.rel_address_space_handle == NULL)
    {
      diag_add (d, "  %s: not a libompd (no ompd_initialize, ompd_finalize, "
		"ompd_process_initialize or ompd_rel_address_space_handle)\n",
		path);
      dlclose (dl);
      free (l);
      return NULL;
    }
  *rc = l->api.initialize (OMPDBG_OMPD_API_VERSION, ompdbg_callbacks ());
  if (*rc != ompd_rc_ok)
    {
      diag_add (d, "  %s: ompd_initialize (%d) returned %d\n", path,
		OMPDBG_OMPD_API_VERSION, (int) *rc);
      dlclose (dl);
      free (l);
      return NULL;
    }
  l->refs = 1;
  l->next = libraries;
  libraries = l;
  return l;
}

/* Drop a reference; finalize and unload with the last.  */
static void
release_library (struct library *lib)
{
  pthread_mutex_lock (&libraries_lock);
  if (--lib->refs == 0)
    {
      for (struct library **p = &libraries; *p != NULL; p = &(*p)->next)
	if (*p == lib)
	  {
	    *p = lib->next;
	    break;
	  }
      lib->api.finalize ();
      dlclose (lib->dl);
      free (lib);
    }
  pthread_mutex_unlock (&libraries_lock);
}

/* The file name of the target's OpenMP runtime (a module named
   libgomp*, libomp* or libiomp*), or NULL.  */
static const char *
openmp_runtime (struct ompdbg_target *t)
{
  if (ompdbg_target_list_modules (t) != OMPDBG_E_OK)
    return NULL;
  static const char *const names[] = { "libgomp.", "libomp.", "libiomp" };
  for (size_t i = 0; i < t->nmodules; i++)
    {
      const char *m = dwfl_module_info (t->modules[i], NULL, NULL, NULL,
					NULL, NULL, NULL, NULL);
      if (m == NULL)
	continue;
      const char *b = strrchr (m, '/');
      b = b != NULL ? b + 1 : m;
      for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
	if (strncmp (b, names[k], strlen (names[k])) == 0)
	  return m;
    }
  return NULL;
}

/* The candidates: LIBRARY, or the target's ompd_dll_locations.  */
static ompdbg_err_t
candidates (struct ompdbg_target *t, const char *library, char ***listp,
	    size_t *np, struct diag *d)
{
  char **list = calloc (MAX_LOCATIONS, sizeof *list);
  if (list == NULL)
    return OMPDBG_E_NOMEM;
  *listp = list;
  *np = 0;
  if (library != NULL)
    {
      list[0] = strdup (library);
      if (list[0] == NULL)
	return OMPDBG_E_NOMEM;
      *np = 1;
      return OMPDBG_E_OK;
    }
  uint64_t sym, array;
  ompdbg_err_t err = ompdbg_lookup_symbol (t, "ompd_dll_locations", NULL, &sym);
  if (err != OMPDBG_E_OK)
    {
      const char *rt = openmp_runtime (t);
      if (rt != NULL)
	diag_add (d, "the target's OpenMP runtime %s has no "
		  "ompd_dll_locations: it does not support OMPD (GCC's "
		  "libgomp does not); run the program on ompdbg's runtime: "
		  "ompdbg run PROGRAM [ARGS...]\n", rt);
      else
	diag_add (d, "the target has no symbol ompd_dll_locations: no "
		  "OMPD-enabled OpenMP runtime is loaded\n");
      return OMPDBG_E_NORUNTIME;
    }
  err = read_pointer (t, sym, &array);
  if (err != OMPDBG_E_OK)
    {
      diag_add (d, "cannot read ompd_dll_locations at 0x%llx: %s\n",
		(unsigned long long) sym, ompdbg_errmsg (err));
      return OMPDBG_E_NORUNTIME;
    }
  if (array == 0)
    {
      diag_add (d, "ompd_dll_locations is NULL: the runtime has not initialised OMPD yet (it does when the program's first OpenMP construct runs)\n");
      return OMPDBG_E_NORUNTIME;
    }
  size_t psize = t->elfclass == ELFCLASS64 ? 8 : 4;
  for (size_t i = 0; i < MAX_LOCATIONS - 1; i++)
    {
      uint64_t p;
      err = read_pointer (t, array + i * psize, &p);
      if (err != OMPDBG_E_OK)
	{
	  diag_add (d, "cannot read ompd_dll_locations[%zu]: %s\n", i,
		    ompdbg_errmsg (err));
	  break;
	}
      if (p == 0)
	break;
      char name[PATH_MAX];
      err = ompdbg_read_string (t, p, sizeof name, name);
      if (err != OMPDBG_E_OK)
	{
	  diag_add (d, "  ompd_dll_locations[%zu]: unreadable name: %s\n", i,
		    ompdbg_errmsg (err));
	  continue;
	}
      list[*np] = strdup (name);
      if (list[*np] == NULL)
	return OMPDBG_E_NOMEM;
      (*np)++;
    }
  if (*np == 0)
    {
      diag_add (d, "ompd_dll_locations names no library\n");
      return OMPDBG_E_NOLIBOMPD;
    }
  return OMPDBG_E_OK;
}

ompdbg_err_t
ompdbg_session_open (struct ompdbg_target *t, const char *library,
		     struct ompdbg_session **sessionp, char **diagp)
{
  if (diagp != NULL)
    *diagp = NULL;
  if (!ompdbg_target_valid (t))
    return OMPDBG_E_BADHANDLE;
  if (sessionp == NULL)
    return OMPDBG_E_BADARG;
  *sessionp = NULL;
  struct diag d = { NULL, 0 };
  char **list = NULL;
  size_t n = 0;
  struct ompdbg_session *s = NULL;
  ompdbg_err_t err = candidates (t, library, &list, &n, &d);
  if (err != OMPDBG_E_OK)
    goto out;

  s = calloc (1, sizeof *s);
  if (s == NULL)
    {
      err = OMPDBG_E_NOMEM;
      goto out;
    }
  err = OMPDBG_E_NOLIBOMPD;
  bool ompd_failed = false;
  pthread_mutex_lock (&libraries_lock);
  for (size_t i = 0; i < n && s->lib == NULL; i++)
    {
      ompd_rc_t rc;
      s->lib = load_library (list[i], &d, &rc);
      if (s->lib != NULL)
	{
	  s->path = list[i];
	  list[i] = NULL;
	}
      else if (rc != ompd_rc_ok)
	ompd_failed = true;
    }
  pthread_mutex_unlock (&libraries_lock);
  if (s->lib == NULL)
    {
      if (ompd_failed)
	err = OMPDBG_E_OMPD;
      goto out;
    }
  ompd_rc_t rc = s->lib->api.process_initialize (ompdbg_target_context (t),
						 &s->aspace);
  if (rc != ompd_rc_ok)
    {
      diag_add (&d, "%s: ompd_process_initialize returned %d%s\n", s->path,
		(int) rc, rc == ompd_rc_incompatible
		? " (incompatible: the runtime is not one this libompd knows)"
		: "");
      release_library (s->lib);
      err = OMPDBG_E_OMPD;
      goto out;
    }
  s->magic = OMPDBG_SESSION_MAGIC;
  s->target = t;
  *sessionp = s;
  s = NULL;
  err = OMPDBG_E_OK;

out:
  if (err != OMPDBG_E_OK && (err == OMPDBG_E_NOLIBOMPD || err == OMPDBG_E_OMPD)
      && n > 0)
    {
      /* Say what was tried, in order.  */
      struct diag head = { NULL, 0 };
      diag_add (&head, "libompd candidates tried:\n");
      diag_add (&head, "%s", d.text ? d.text : "");
      free (d.text);
      d = head;
    }
  if (s != NULL)
    {
      free (s->path);
      free (s);
    }
  if (list != NULL)
    for (size_t i = 0; i < n; i++)
      free (list[i]);
  free (list);
  if (diagp != NULL && err != OMPDBG_E_OK)
    *diagp = d.text;
  else
    free (d.text);
  return err;
}

static bool
session_valid (const struct ompdbg_session *s)
{
  return s != NULL && s->magic == OMPDBG_SESSION_MAGIC
    && ompdbg_target_valid (s->target);
}

void
ompdbg_session_close (struct ompdbg_session *s)
{
  if (s == NULL || s->magic != OMPDBG_SESSION_MAGIC)
    return;
  if (s->aspace != NULL)
    s->lib->api.rel_address_space_handle (s->aspace);
  release_library (s->lib);
  s->magic = 0;
  free (s->path);
  free (s);
}

const struct ompdbg_ompd_api *
ompdbg_session_api (struct ompdbg_session *s)
{
  return session_valid (s) ? &s->lib->api : NULL;
}

ompd_address_space_handle_t *
ompdbg_session_aspace (struct ompdbg_session *s)
{
  return session_valid (s) ? s->aspace : NULL;
}

const char *
ompdbg_session_library (struct ompdbg_session *s)
{
  return session_valid (s) ? s->path : NULL;
}
