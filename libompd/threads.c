/* threads.c -- extension ompdbg_get_threads: every OpenMP thread of an
   address space, from the runtime's registry (registry.c).  */

#include "config.h"
#include "libompd/libompd-int.h"

struct collect
{
  ompd_addr_t *addrs;
  size_t n, cap;
  ompd_rc_t rc;
};

static bool
collect_visit (void *arg, ompd_addr_t thread, int64_t tid, uint64_t pthread)
{
  struct collect *c = arg;
  (void) tid;
  (void) pthread;
  if (c->n == c->cap)
    {
      size_t cap = c->cap ? c->cap * 2 : 64;
      ompd_addr_t *a;
      c->rc = lib_alloc (cap * sizeof *a, &a);
      if (c->rc != ompd_rc_ok)
	return true;
      for (size_t i = 0; i < c->n; i++)
	a[i] = c->addrs[i];
      lib_free (c->addrs);
      c->addrs = a;
      c->cap = cap;
    }
  c->addrs[c->n++] = thread;
  return false;
}

/* A thread whose descriptor cannot be read costs only its own handle:
   the others are listed and the answer is ompd_rc_incomplete, as when
   the registry's list breaks off after some threads.  */
EXPORT ompd_rc_t
ompdbg_get_threads (ompd_address_space_handle_t *address_space,
		    ompd_thread_handle_t ***threads, int *count)
{
  ompd_rc_t rc = check_aspace (address_space);
  if (rc != ompd_rc_ok)
    return rc;
  if (threads == NULL || count == NULL)
    return ompd_rc_bad_input;
  struct collect c = { NULL, 0, 0, ompd_rc_ok };
  rc = registry_walk (address_space, collect_visit, &c);
  if (rc == ompd_rc_ok)
    rc = c.rc;
  bool partial = false;
  if (rc != ompd_rc_ok && rc != ompd_rc_nomem && c.rc == ompd_rc_ok
      && c.n > 0)
    {
      partial = true;
      rc = ompd_rc_ok;
    }
  ompd_thread_handle_t **out = NULL;
  size_t made = 0;
  if (rc == ompd_rc_ok)
    rc = lib_alloc ((c.n ? c.n : 1) * sizeof *out, &out);
  for (size_t i = 0; rc == ompd_rc_ok && i < c.n; i++)
    {
      rc = thread_handle_make (address_space, c.addrs[i], &out[made]);
      if (rc == ompd_rc_ok)
	made++;
      else if (rc != ompd_rc_nomem)
	{
	  partial = true;
	  rc = ompd_rc_ok;
	}
    }
  lib_free (c.addrs);
  if (rc != ompd_rc_ok)
    {
      for (size_t i = 0; i < made; i++)
	ompd_rel_thread_handle (out[i]);
      lib_free (out);
      return rc;
    }
  *threads = out;
  *count = (int) made;
  return partial ? ompd_rc_incomplete : ompd_rc_ok;
}
