/* inproc.c -- see inproc.h.  */

#include "config.h"
#include "tests/ompd/inproc.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

ompd_rc_t (*inproc_read_hook) (ompd_addr_t, size_t, void *);
ompd_rc_t (*inproc_alloc_hook) (ompd_size_t);
ompd_rc_t (*inproc_symbol_hook) (const char *);
ompd_rc_t (*inproc_sizeof_hook) (ompd_device_type_sizes_t *);

static long outstanding;
static struct { int dummy; } the_context;

static ompd_rc_t
cb_alloc (ompd_size_t n, void **p)
{
  if (inproc_alloc_hook)
    {
      ompd_rc_t rc = inproc_alloc_hook (n);
      if (rc != ompd_rc_ok)
	return rc;
    }
  *p = malloc (n);
  if (*p == NULL)
    return ompd_rc_nomem;
  outstanding++;
  return ompd_rc_ok;
}

/* Freed blocks are kept until inproc_flush, so that no later allocation
   reuses a released handle's address: the tests hand released handles
   back to libompd and expect them to be recognised as such.  */
static void **quarantine;
static size_t nquarantine, quarantine_cap;

ompd_rc_t
inproc_free (void *p)
{
  if (p == NULL)
    return ompd_rc_ok;
  outstanding--;
  if (nquarantine == quarantine_cap)
    {
      quarantine_cap = quarantine_cap ? 2 * quarantine_cap : 1024;
      quarantine = realloc (quarantine, quarantine_cap * sizeof *quarantine);
      if (quarantine == NULL)
	abort ();
    }
  quarantine[nquarantine++] = p;
  if (nquarantine > 100000)
    inproc_flush ();
  return ompd_rc_ok;
}

void
inproc_flush (void)
{
  for (size_t i = 0; i < nquarantine; i++)
    free (quarantine[i]);
  nquarantine = 0;
}

static ompd_rc_t
cb_print (const char *s, int category)
{
  (void) category;
  fputs (s, stdout);
  return ompd_rc_ok;
}

static ompd_rc_t
cb_sizeof (ompd_address_space_context_t *ctx, ompd_device_type_sizes_t *s)
{
  if (ctx != inproc_context ())
    return ompd_rc_stale_handle;
  s->sizeof_char = sizeof (char);
  s->sizeof_short = sizeof (short);
  s->sizeof_int = sizeof (int);
  s->sizeof_long = sizeof (long);
  s->sizeof_long_long = sizeof (long long);
  s->sizeof_pointer = sizeof (void *);
  if (inproc_sizeof_hook)
    return inproc_sizeof_hook (s);
  return ompd_rc_ok;
}

static ompd_rc_t
cb_symbol (ompd_address_space_context_t *ctx, ompd_thread_context_t *tctx,
	   const char *name, ompd_address_t *addr, const char *file)
{
  (void) tctx;
  (void) file;
  if (ctx != inproc_context ())
    return ompd_rc_stale_handle;
  if (name == NULL || addr == NULL)
    return ompd_rc_bad_input;
  if (inproc_symbol_hook)
    {
      ompd_rc_t rc = inproc_symbol_hook (name);
      if (rc != ompd_rc_ok)
	return rc;
    }
  void *p = dlsym (RTLD_DEFAULT, name);
  if (p == NULL)
    return ompd_rc_error;
  addr->segment = ompd_segment_none;
  addr->address = (ompd_addr_t) (uintptr_t) p;
  return ompd_rc_ok;
}

/* Bytes readable at ADDR, up to N.  */
static size_t
vm_read (ompd_addr_t addr, size_t n, void *buf)
{
  struct iovec local = { buf, n };
  struct iovec remote = { (void *) (uintptr_t) addr, n };
  ssize_t got = process_vm_readv (getpid (), &local, 1, &remote, 1, 0);
  return got < 0 ? 0 : (size_t) got;
}

static ompd_rc_t
cb_read (ompd_address_space_context_t *ctx, ompd_thread_context_t *tctx,
	 const ompd_address_t *addr, ompd_size_t n, void *buf)
{
  (void) tctx;
  if (ctx != inproc_context ())
    return ompd_rc_stale_handle;
  if (addr == NULL || buf == NULL)
    return ompd_rc_bad_input;
  if (vm_read (addr->address, n, buf) != n)
    return ompd_rc_error;
  if (inproc_read_hook)
    return inproc_read_hook (addr->address, n, buf);
  return ompd_rc_ok;
}

static ompd_rc_t
cb_read_string (ompd_address_space_context_t *ctx,
		ompd_thread_context_t *tctx, const ompd_address_t *addr,
		ompd_size_t n, void *buf)
{
  (void) tctx;
  if (ctx != inproc_context ())
    return ompd_rc_stale_handle;
  if (addr == NULL || buf == NULL)
    return ompd_rc_bad_input;
  size_t got = 0;
  while (got < n)
    {
      size_t piece = 4096 - ((addr->address + got) & 4095);
      if (piece > n - got)
	piece = n - got;
      size_t r = vm_read (addr->address + got, piece, (char *) buf + got);
      if (inproc_read_hook && r
	  && inproc_read_hook (addr->address + got, r, (char *) buf + got)
	     != ompd_rc_ok)
	return ompd_rc_error;
      if (memchr ((char *) buf + got, '\0', r))
	return ompd_rc_ok;
      got += r;
      if (r < piece)
	return ompd_rc_error;
    }
  return ompd_rc_incomplete;
}

static ompd_rc_t
cb_write (ompd_address_space_context_t *ctx, ompd_thread_context_t *tctx,
	  const ompd_address_t *addr, ompd_size_t n, const void *buf)
{
  (void) ctx;
  (void) tctx;
  (void) addr;
  (void) n;
  (void) buf;
  return ompd_rc_unsupported;
}

static ompd_rc_t
cb_convert (ompd_address_space_context_t *ctx, const void *in,
	    ompd_size_t unit, ompd_size_t count, void *out)
{
  (void) ctx;
  memcpy (out, in, unit * count);
  return ompd_rc_ok;
}

static ompd_rc_t
cb_thread_context (ompd_address_space_context_t *ctx, ompd_thread_id_t kind,
		   ompd_size_t size, const void *id, ompd_thread_context_t **tc)
{
  (void) ctx;
  (void) kind;
  (void) size;
  (void) id;
  (void) tc;
  return ompd_rc_unsupported;
}

static const ompd_callbacks_t callbacks = {
  cb_alloc, inproc_free, cb_print, cb_sizeof, cb_symbol, cb_read, cb_write,
  cb_read_string, cb_convert, cb_convert, cb_thread_context
};

const ompd_callbacks_t *
inproc_callbacks (void)
{
  return &callbacks;
}

ompd_address_space_context_t *
inproc_context (void)
{
  return (ompd_address_space_context_t *) (void *) &the_context;
}

long
inproc_outstanding (void)
{
  return outstanding;
}

void
inproc_ensure_ours (char **argv)
{
  /* Always once: the caller's environment (OMP_* variables it set) must
     be there when the runtime starts, before main.  */
  if (getenv ("OMPDBG_INPROC_REEXEC") != NULL)
    {
      if (dlsym (RTLD_DEFAULT, "ompdbg_layout") != NULL)
	return;
      printf ("FAIL: not running on our runtime (no ompdbg_layout), "
	      "OMPDBG_OURS_DIR %s\n", getenv ("OMPDBG_OURS_DIR") ?: "unset");
      exit (99);
    }
  const char *dir = getenv ("OMPDBG_OURS_DIR");
  if (dir != NULL)
    {
      const char *old = getenv ("LD_LIBRARY_PATH");
      char *path = malloc (strlen (dir) + (old ? strlen (old) : 0) + 2);
      sprintf (path, "%s%s%s", dir, old ? ":" : "", old ? old : "");
      setenv ("LD_LIBRARY_PATH", path, 1);
      free (path);
    }
  setenv ("OMPDBG_INPROC_REEXEC", "1", 1);
  execv ("/proc/self/exe", argv);
  perror ("execv");
  exit (99);
}

const char *
inproc_libompd (void)
{
  const char *p = getenv ("OMPDBG_LIBOMPD");
  return p ? p : OMPDBG_LIBOMPD_BUILD;
}

int
inproc_attach (struct ompd_api *api, ompd_address_space_handle_t **as)
{
  if (ompd_api_load (inproc_libompd (), api) != 0)
    return 1;
  ompd_rc_t rc = api->initialize (202011, inproc_callbacks ());
  if (rc == ompd_rc_ok)
    rc = api->process_initialize (inproc_context (), as);
  if (rc != ompd_rc_ok)
    {
      printf ("FAIL: libompd: %s\n", ompd_rc_name (rc));
      return 1;
    }
  return 0;
}

ompd_rc_t
inproc_detach (const struct ompd_api *api, ompd_address_space_handle_t *as)
{
  ompd_rc_t rc = api->rel_address_space_handle (as);
  if (rc == ompd_rc_ok)
    rc = api->finalize ();
  return rc;
}

/* The end of a test: libompd released, the count printed; the exit
   status (0 only with no failure and at least MIN checks, so that a test
   whose checks never ran fails).  */
int
inproc_finish (const struct ompd_api *api, ompd_address_space_handle_t *as,
	       unsigned long min)
{
  ompd_rc_t rc = inproc_detach (api, as);
  CHECK (rc == ompd_rc_ok, "releasing libompd: %s", ompd_rc_name (rc));
  return check_finish (min);
}
