/* unsupported.c -- the entry points of GCC 12's libgomp ABI that this
   runtime does not implement yet.

   Each must exist: a binary that references NAME@NODE does not even load
   when NAME is missing, although it may never call it.  Called, each
   stops the program with a message naming the construct or routine
   (gomp_unsupported), rather than silently doing something else.  The
   offload registration functions are the exception: with no offload
   devices there is nothing to register, so they really do nothing.

   One line per symbol: UNSUPPORTED (return type, name, parameters, what
   is not supported).  It declares the function before defining it, which
   checks the definition against omp.h or gomp-abi.h where they declare it
   and satisfies -Wmissing-prototypes for the Fortran names they do not.
   The parameters are named only because C requires it.  */

#include "config.h"
#include "internal.h"

#include <omp.h>

#pragma GCC diagnostic ignored "-Wunused-parameter"

#define UNSUPPORTED(ret, name, params, what) \
  ret name params; \
  EXPORT ret name params { gomp_unsupported (#name, what); }

typedef unsigned long long ull;
typedef void (*fn_t) (void *);
typedef void (*cpyfn_t) (void *, void *);

/* ---- offload registration: no devices, nothing to register ------------------ */

EXPORT void
GOMP_offload_register (const void *host_table, int target_type,
		       const void *target_data)
{
}

EXPORT void
GOMP_offload_unregister (const void *host_table, int target_type,
			 const void *target_data)
{
}

EXPORT void
GOMP_offload_register_ver (unsigned version, const void *host_table,
			   int target_type, const void *target_data)
{
}

EXPORT void
GOMP_offload_unregister_ver (unsigned version, const void *host_table,
			     int target_type, const void *target_data)
{
}
