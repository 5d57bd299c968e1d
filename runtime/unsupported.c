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
#define TEAMS "the teams construct"
#define TARGET "the target construct"
#define ALLOCATE "the allocate clause"
#define ERROR "the error directive"
#define ALLOCATORS "the memory allocator API"
#define DEVICE_MEMORY "the device memory API"
#define DETACH "task detach (omp_fulfill_event)"
#define PAUSE "pausing resources"

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

/* ---- teams and target ------------------------------------------------------- */

UNSUPPORTED (void, GOMP_teams, (unsigned num_teams, unsigned thread_limit), TEAMS)
UNSUPPORTED (void, GOMP_teams_reg, (fn_t fn, void *data, unsigned num_teams, unsigned thread_limit, unsigned flags), TEAMS)
UNSUPPORTED (bool, GOMP_teams4, (unsigned low, unsigned high, unsigned thread_limit, bool first), TEAMS)
UNSUPPORTED (void, GOMP_target, (int device, fn_t fn, const void *unused, size_t mapnum, void **hostaddrs, size_t *sizes, unsigned char *kinds), TARGET)
UNSUPPORTED (void, GOMP_target_data, (int device, const void *unused, size_t mapnum, void **hostaddrs, size_t *sizes, unsigned char *kinds), TARGET)
UNSUPPORTED (void, GOMP_target_update, (int device, const void *unused, size_t mapnum, void **hostaddrs, size_t *sizes, unsigned char *kinds), TARGET)
UNSUPPORTED (void, GOMP_target_end_data, (void), TARGET)
UNSUPPORTED (void, GOMP_target_ext, (int device, fn_t fn, size_t mapnum, void **hostaddrs, size_t *sizes, unsigned short *kinds, unsigned int flags, void **depend, void **args), TARGET)
UNSUPPORTED (void, GOMP_target_data_ext, (int device, size_t mapnum, void **hostaddrs, size_t *sizes, unsigned short *kinds), TARGET)
UNSUPPORTED (void, GOMP_target_update_ext, (int device, size_t mapnum, void **hostaddrs, size_t *sizes, unsigned short *kinds, unsigned int flags, void **depend), TARGET)
UNSUPPORTED (void, GOMP_target_enter_exit_data, (int device, size_t mapnum, void **hostaddrs, size_t *sizes, unsigned short *kinds, unsigned int flags, void **depend), TARGET)

/* ---- allocate clause, error directive ----------------------------------------- */

UNSUPPORTED (void *, GOMP_alloc, (size_t alignment, size_t size, uintptr_t allocator), ALLOCATE)
UNSUPPORTED (void, GOMP_free, (void *ptr, uintptr_t allocator), ALLOCATE)
UNSUPPORTED (void, GOMP_error, (const char *msg, size_t msglen), ERROR)
UNSUPPORTED (void, GOMP_warning, (const char *msg, size_t msglen), ERROR)

/* ---- omp_* routines and their Fortran forms --------------------------------- */

UNSUPPORTED (omp_allocator_handle_t, omp_init_allocator, (omp_memspace_handle_t memspace, int ntraits, const omp_alloctrait_t traits[]), ALLOCATORS)
UNSUPPORTED (intptr_t, omp_init_allocator_, (const intptr_t *memspace, const int32_t *ntraits, const omp_alloctrait_t *traits), ALLOCATORS)
UNSUPPORTED (intptr_t, omp_init_allocator_8_, (const intptr_t *memspace, const int64_t *ntraits, const omp_alloctrait_t *traits), ALLOCATORS)
UNSUPPORTED (void, omp_destroy_allocator, (omp_allocator_handle_t allocator), ALLOCATORS)
UNSUPPORTED (void, omp_destroy_allocator_, (const intptr_t *allocator), ALLOCATORS)
UNSUPPORTED (void, omp_set_default_allocator, (omp_allocator_handle_t allocator), ALLOCATORS)
UNSUPPORTED (void, omp_set_default_allocator_, (const intptr_t *allocator), ALLOCATORS)
UNSUPPORTED (omp_allocator_handle_t, omp_get_default_allocator, (void), ALLOCATORS)
UNSUPPORTED (intptr_t, omp_get_default_allocator_, (void), ALLOCATORS)
UNSUPPORTED (void *, omp_alloc, (size_t size, omp_allocator_handle_t allocator), ALLOCATORS)
UNSUPPORTED (void *, omp_aligned_alloc, (size_t alignment, size_t size, omp_allocator_handle_t allocator), ALLOCATORS)
UNSUPPORTED (void *, omp_calloc, (size_t nmemb, size_t size, omp_allocator_handle_t allocator), ALLOCATORS)
UNSUPPORTED (void *, omp_aligned_calloc, (size_t alignment, size_t nmemb, size_t size, omp_allocator_handle_t allocator), ALLOCATORS)
UNSUPPORTED (void *, omp_realloc, (void *ptr, size_t size, omp_allocator_handle_t allocator, omp_allocator_handle_t free_allocator), ALLOCATORS)
UNSUPPORTED (void, omp_free, (void *ptr, omp_allocator_handle_t allocator), ALLOCATORS)

UNSUPPORTED (void *, omp_target_alloc, (size_t size, int device_num), DEVICE_MEMORY)
UNSUPPORTED (void, omp_target_free, (void *ptr, int device_num), DEVICE_MEMORY)
UNSUPPORTED (int, omp_target_is_present, (const void *ptr, int device_num), DEVICE_MEMORY)
UNSUPPORTED (int, omp_target_memcpy, (void *dst, const void *src, size_t length, size_t dst_offset, size_t src_offset, int dst_device_num, int src_device_num), DEVICE_MEMORY)
UNSUPPORTED (int, omp_target_memcpy_rect, (void *dst, const void *src, size_t element_size, int num_dims, const size_t *volume, const size_t *dst_offsets, const size_t *src_offsets, const size_t *dst_dimensions, const size_t *src_dimensions, int dst_device_num, int src_device_num), DEVICE_MEMORY)
UNSUPPORTED (int, omp_target_associate_ptr, (const void *host_ptr, const void *device_ptr, size_t size, size_t device_offset, int device_num), DEVICE_MEMORY)
UNSUPPORTED (int, omp_target_disassociate_ptr, (const void *ptr, int device_num), DEVICE_MEMORY)

UNSUPPORTED (void, omp_fulfill_event, (omp_event_handle_t event), DETACH)
UNSUPPORTED (void, omp_fulfill_event_, (intptr_t event), DETACH)

UNSUPPORTED (int, omp_pause_resource, (omp_pause_resource_t kind, int device_num), PAUSE)
UNSUPPORTED (int32_t, omp_pause_resource_, (const int32_t *kind, const int32_t *device_num), PAUSE)
UNSUPPORTED (int, omp_pause_resource_all, (omp_pause_resource_t kind), PAUSE)
UNSUPPORTED (int32_t, omp_pause_resource_all_, (const int32_t *kind), PAUSE)


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
