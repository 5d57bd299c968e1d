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

/* Each completes "... is not supported by this runtime".  */
#define TASK "the task construct"
#define TASKWAIT "the taskwait construct"
#define TASKYIELD "the taskyield construct"
#define TASKGROUP "the taskgroup construct"
#define TASKLOOP "the taskloop construct"
#define TASK_RED "task reduction"
#define DOACROSS "doacross (ordered depend)"
#define CANCEL "cancellation"
#define DETACH "task detach (omp_fulfill_event)"

/* ---- tasks --------------------------------------------------------------- */

UNSUPPORTED (void, GOMP_task, (fn_t fn, void *data, cpyfn_t cpyfn, long size, long align, bool if_clause, unsigned flags, void **depend, int priority, void *detach), TASK)
UNSUPPORTED (void, GOMP_taskwait, (void), TASKWAIT)
UNSUPPORTED (void, GOMP_taskwait_depend, (void **depend), TASKWAIT)
UNSUPPORTED (void, GOMP_taskyield, (void), TASKYIELD)
UNSUPPORTED (void, GOMP_taskgroup_start, (void), TASKGROUP)
UNSUPPORTED (void, GOMP_taskgroup_end, (void), TASKGROUP)
UNSUPPORTED (void, GOMP_taskloop, (fn_t fn, void *data, cpyfn_t cpyfn, long size, long align, unsigned flags, unsigned long num_tasks, int priority, long start, long end, long step), TASKLOOP)
UNSUPPORTED (void, GOMP_taskloop_ull, (fn_t fn, void *data, cpyfn_t cpyfn, long size, long align, unsigned flags, unsigned long num_tasks, int priority, ull start, ull end, ull step), TASKLOOP)

/* ---- task reductions ------------------------------------------------------- */

UNSUPPORTED (void, GOMP_taskgroup_reduction_register, (uintptr_t *data), TASK_RED)
UNSUPPORTED (void, GOMP_taskgroup_reduction_unregister, (uintptr_t *data), TASK_RED)
UNSUPPORTED (void, GOMP_task_reduction_remap, (size_t cnt, size_t cntorig, void **ptrs), TASK_RED)
UNSUPPORTED (unsigned, GOMP_parallel_reductions, (fn_t fn, void *data, unsigned num_threads, unsigned flags), TASK_RED)
UNSUPPORTED (void, GOMP_workshare_task_reduction_unregister, (bool cancelled), TASK_RED)
UNSUPPORTED (unsigned, GOMP_sections2_start, (unsigned count, uintptr_t *reductions, void **mem), TASK_RED)
UNSUPPORTED (void, GOMP_scope_start, (uintptr_t *reductions), TASK_RED)

/* ---- doacross loops -------------------------------------------------------- */

UNSUPPORTED (bool, GOMP_loop_doacross_static_start, (unsigned ncounts, long *counts, long chunk, long *istart, long *iend), DOACROSS)
UNSUPPORTED (bool, GOMP_loop_doacross_dynamic_start, (unsigned ncounts, long *counts, long chunk, long *istart, long *iend), DOACROSS)
UNSUPPORTED (bool, GOMP_loop_doacross_guided_start, (unsigned ncounts, long *counts, long chunk, long *istart, long *iend), DOACROSS)
UNSUPPORTED (bool, GOMP_loop_doacross_runtime_start, (unsigned ncounts, long *counts, long *istart, long *iend), DOACROSS)
UNSUPPORTED (bool, GOMP_loop_doacross_start, (unsigned ncounts, long *counts, long sched, long chunk, long *istart, long *iend, uintptr_t *reductions, void **mem), DOACROSS)
UNSUPPORTED (bool, GOMP_loop_ull_doacross_static_start, (unsigned ncounts, ull *counts, ull chunk, ull *istart, ull *iend), DOACROSS)
UNSUPPORTED (bool, GOMP_loop_ull_doacross_dynamic_start, (unsigned ncounts, ull *counts, ull chunk, ull *istart, ull *iend), DOACROSS)
UNSUPPORTED (bool, GOMP_loop_ull_doacross_guided_start, (unsigned ncounts, ull *counts, ull chunk, ull *istart, ull *iend), DOACROSS)
UNSUPPORTED (bool, GOMP_loop_ull_doacross_runtime_start, (unsigned ncounts, ull *counts, ull *istart, ull *iend), DOACROSS)
UNSUPPORTED (bool, GOMP_loop_ull_doacross_start, (unsigned ncounts, ull *counts, long sched, ull chunk, ull *istart, ull *iend, uintptr_t *reductions, void **mem), DOACROSS)
UNSUPPORTED (void, GOMP_doacross_post, (long *counts), DOACROSS)
UNSUPPORTED (void, GOMP_doacross_wait, (long first, ...), DOACROSS)
UNSUPPORTED (void, GOMP_doacross_ull_post, (ull *counts), DOACROSS)
UNSUPPORTED (void, GOMP_doacross_ull_wait, (ull first, ...), DOACROSS)

/* ---- cancellation ---------------------------------------------------------- */

UNSUPPORTED (bool, GOMP_cancel, (int which, bool do_cancel), CANCEL)
UNSUPPORTED (bool, GOMP_cancellation_point, (int which), CANCEL)
UNSUPPORTED (bool, GOMP_barrier_cancel, (void), CANCEL)
UNSUPPORTED (bool, GOMP_loop_end_cancel, (void), CANCEL)
UNSUPPORTED (bool, GOMP_sections_end_cancel, (void), CANCEL)

/* ---- omp_* routines and their Fortran forms --------------------------------- */

UNSUPPORTED (void, omp_fulfill_event, (omp_event_handle_t event), DETACH)
UNSUPPORTED (void, omp_fulfill_event_, (intptr_t event), DETACH)

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
