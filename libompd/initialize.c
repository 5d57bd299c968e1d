/* initialize.c -- the library's life cycle: ompd_initialize,
   ompd_get_api_version, ompd_get_version_string, ompd_finalize
   (OpenMP 5.1 §5.5.1).  */

#include "config.h"
#include "libompd/libompd-int.h"

#include <stddef.h>

/* The OMPD API this library implements (OpenMP 5.1's _OPENMP value).  */
#define OMPD_API_VERSION 202011
/* OpenMP 5.0's: the ABI is the same, and LLVM's gdb plugin asks for it.  */
#define OMPD_API_VERSION_50 201811

const ompd_callbacks_t *ompd_cb;
ompd_word_t ompd_api_version_in_use;

EXPORT ompd_rc_t
ompd_initialize (ompd_word_t api_version, const ompd_callbacks_t *callbacks)
{
  if (callbacks == NULL)
    return ompd_rc_bad_input;
  if (api_version != OMPD_API_VERSION && api_version != OMPD_API_VERSION_50)
    return ompd_rc_unsupported;
  /* The callbacks every routine relies on; print_string, write_memory,
     read_string, the conversions and the thread-context lookup are only
     used when present.  */
  if (callbacks->alloc_memory == NULL || callbacks->free_memory == NULL
      || callbacks->sizeof_type == NULL
      || callbacks->symbol_addr_lookup == NULL
      || callbacks->read_memory == NULL)
    return ompd_rc_bad_input;
  if (ompd_cb != NULL && ompd_cb != callbacks)
    /* Initialised again with other callbacks: handles made with the old
       ones must not be freed with the new.  */
    handles_reset ();
  ompd_cb = callbacks;
  ompd_api_version_in_use = api_version;
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompd_get_api_version (ompd_word_t *version)
{
  if (version == NULL)
    return ompd_rc_bad_input;
  *version = OMPD_API_VERSION;
  return ompd_rc_ok;
}

#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_ (x)

/* Static: a debugger may ask before ompd_initialize.  */
EXPORT ompd_rc_t
ompd_get_version_string (const char **string)
{
  static const char version[] =
    "ompdbg libompd " PACKAGE_VERSION " (OMPD 5.1, API 202011; accepts 201811;"
    " layout table version " STRINGIFY (OMPDBG_LAYOUT_VERSION) ")";
  if (string == NULL)
    return ompd_rc_bad_input;
  *string = version;
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompd_finalize (void)
{
  if (ompd_cb == NULL)
    return ompd_rc_unsupported;
  handles_reset ();
  ompd_cb = NULL;
  ompd_api_version_in_use = 0;
  return ompd_rc_ok;
}
