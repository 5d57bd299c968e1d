/* offload.c -- offload image registration (GOMP_offload_register*).

   GCC calls these from the constructors of programs compiled with offload
   compilers, to register device code.  This runtime runs every target
   region on the host (target.c) and has no devices: there is nothing to
   register, so they really do nothing.  */

#include "config.h"
#include "internal.h"

#pragma GCC diagnostic ignored "-Wunused-parameter"

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
