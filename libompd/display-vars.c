/* display-vars.c -- ompd_get_display_control_vars and
   ompd_rel_display_control_vars (OpenMP 5.1 §5.5.8).

   The runtime builds, at start-up, one string of "NAME=VALUE" lines
   (every setting OMP_DISPLAY_ENV=verbose shows, plus its own) and
   publishes its address through the env-block root of the layout table.
   The result is a NULL-terminated vector of "NAME=VALUE" strings in ONE
   block from the alloc callback: the pointer array followed by the
   strings, so that releasing it is one free.  The block is recorded with
   the live handles (handles.c): ompd_rel_display_control_vars frees only
   a vector this library gave out and has not had back.  */

#include "config.h"
#include "libompd/libompd-int.h"

#include <string.h>

EXPORT ompd_rc_t
ompd_get_display_control_vars
  (ompd_address_space_handle_t *address_space_handle,
   const char *const **control_vars)
{
  ompd_rc_t rc = check_aspace (address_space_handle);
  if (rc != ompd_rc_ok)
    return rc;
  if (control_vars == NULL)
    return ompd_rc_bad_input;
  ompd_address_space_handle_t *as = address_space_handle;
  ompd_addr_t root = as->roots[OMPDBG_ROOT_ENV_BLOCK];
  if (root == 0)
    return ompd_rc_unavailable;
  uint64_t block;
  rc = tread_ptr (as, root, &block);
  if (rc != ompd_rc_ok)
    return rc;
  if (block == 0)
    return ompd_rc_unavailable;
  char *text;
  rc = tread_string (as, block, &text);
  if (rc != ompd_rc_ok)
    return rc;

  /* Count the non-empty lines.  */
  size_t len = strlen (text), lines = 0;
  for (const char *p = text; *p;)
    {
      const char *nl = strchr (p, '\n');
      size_t n = nl ? (size_t) (nl - p) : strlen (p);
      lines += n != 0;
      p += n + (nl != NULL);
    }
  size_t vec = (lines + 1) * sizeof (char *);
  char *out;
  rc = lib_alloc (vec + len + 1, &out);
  if (rc != ompd_rc_ok)
    {
      lib_free (text);
      return rc;
    }
  const char **v = (const char **) (void *) out;
  char *s = out + vec;
  memcpy (s, text, len + 1);
  lib_free (text);
  size_t k = 0;
  for (char *p = s; *p;)
    {
      char *nl = strchr (p, '\n');
      if (nl)
	*nl = '\0';
      if (*p)
	v[k++] = p;
      p += strlen (p) + (nl != NULL);
    }
  v[k] = NULL;
  rc = live_add (out, HK_VARS);
  if (rc != ompd_rc_ok)
    {
      lib_free (out);
      return rc;
    }
  *control_vars = v;
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompd_rel_display_control_vars (const char *const **control_vars)
{
  if (control_vars == NULL || *control_vars == NULL)
    return ompd_rc_bad_input;
  if (ompd_cb == NULL)
    return ompd_rc_error;
  /* Not ours, or released already: freeing it would free the debugger's
     memory (or free twice).  */
  if (!handle_live (*control_vars, HK_VARS))
    return ompd_rc_bad_input;
  live_remove (*control_vars);
  lib_free ((void *) *control_vars);
  *control_vars = NULL;
  return ompd_rc_ok;
}
