/* ompd-api.c -- load a libompd the way a debugger does (dlopen, dlsym of
   every entry point by name).  */

#include "config.h"
#include "tests/ompd/ompd-api.h"

#include <dlfcn.h>
#include <stdio.h>

int
ompd_api_load (const char *path, struct ompd_api *api)
{
  void *h = dlopen (path, RTLD_NOW | RTLD_LOCAL);
  if (h == NULL)
    {
      printf ("FAIL: cannot load %s: %s\n", path, dlerror ());
      return -1;
    }
  int missing = 0;
#define OMPD_API_LOOKUP(prefix, name)					\
  api->name = (__typeof__ (api->name)) dlsym (h, #prefix #name);	\
  if (api->name == NULL)						\
    {									\
      printf ("FAIL: %s has no %s\n", path, #prefix #name);		\
      missing++;							\
    }
  OMPD_API_ENTRIES (OMPD_API_LOOKUP)
#undef OMPD_API_LOOKUP
  return missing ? -1 : 0;
}

const char *
ompd_rc_name (ompd_rc_t rc)
{
  static const char *const names[] = {
    "ok", "unavailable", "stale_handle", "bad_input", "error",
    "unsupported", "needs_state_tracking", "incompatible",
    "device_read_error", "device_write_error", "nomem", "incomplete",
    "callback_error"
  };
  if ((unsigned) rc < sizeof names / sizeof names[0])
    return names[rc];
  return "(unknown rc)";
}
