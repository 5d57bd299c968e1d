/* omp-tools.h -- OpenMP 5.1's omp-tools.h: OMPD (chapter 5, "OMPD
   Interface") and OMPT (chapter 4, "OMPT Interface"): the enumerations
   OMPD results are expressed in (thread states, frame flags, task flags,
   dependence types), and the first-party tool interface the runtime
   serves to tools (runtime/ompt-*.c).

   Every name, type, member order and enumerator value here is fixed by
   the standard and by what existing debuggers compile against (LLVM's
   omp-tools.h): a debugger built for another libompd loads ours and the
   other way round (OpenMP 5.1 §5.3, "OMPD Data Types", and §5.4-5.5).  */

#ifndef OMPDBG_OMP_TOOLS_H
#define OMPDBG_OMP_TOOLS_H 1

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- The enumerations, as lists -------------------------------------------

   Each enumeration's names and values are written once, here, as an
   X-macro list in the style of LLVM's omp-tools.h (FOREACH_OMPT_STATE):
   FOREACH_X (macro) expands macro (name, value) for every enumerator.
   ompt_state_undefined comes first: ompd_enumerate_states starts there.
   The enums below, libompd's name tables, the runtime's stores and the
   gdb plugin's constants (generated from these lists at build time) all
   come from them.  */

#define FOREACH_OMPT_STATE(macro)					\
  macro (ompt_state_undefined, 0x102)					\
  macro (ompt_state_work_serial, 0x000)					\
  macro (ompt_state_work_parallel, 0x001)				\
  macro (ompt_state_work_reduction, 0x002)				\
  macro (ompt_state_wait_barrier, 0x010)				\
  macro (ompt_state_wait_barrier_implicit_parallel, 0x011)		\
  macro (ompt_state_wait_barrier_implicit_workshare, 0x012)		\
  macro (ompt_state_wait_barrier_implicit, 0x013)			\
  macro (ompt_state_wait_barrier_explicit, 0x014)			\
  macro (ompt_state_wait_barrier_implementation, 0x015)		\
  macro (ompt_state_wait_barrier_teams, 0x016)				\
  macro (ompt_state_wait_taskwait, 0x020)				\
  macro (ompt_state_wait_taskgroup, 0x021)				\
  macro (ompt_state_wait_mutex, 0x040)					\
  macro (ompt_state_wait_lock, 0x041)					\
  macro (ompt_state_wait_critical, 0x042)				\
  macro (ompt_state_wait_atomic, 0x043)					\
  macro (ompt_state_wait_ordered, 0x044)				\
  macro (ompt_state_wait_target, 0x080)					\
  macro (ompt_state_wait_target_map, 0x081)				\
  macro (ompt_state_wait_target_update, 0x082)				\
  macro (ompt_state_idle, 0x100)					\
  macro (ompt_state_overhead, 0x101)

#define FOREACH_OMPT_FRAME_FLAG(macro)					\
  macro (ompt_frame_runtime, 0x00)					\
  macro (ompt_frame_application, 0x01)					\
  macro (ompt_frame_cfa, 0x10)						\
  macro (ompt_frame_framepointer, 0x20)					\
  macro (ompt_frame_stackaddress, 0x30)

#define FOREACH_OMPT_TASK_FLAG(macro)					\
  macro (ompt_task_initial, 0x00000001)					\
  macro (ompt_task_implicit, 0x00000002)				\
  macro (ompt_task_explicit, 0x00000004)				\
  macro (ompt_task_target, 0x00000008)					\
  macro (ompt_task_taskwait, 0x00000010)				\
  macro (ompt_task_undeferred, 0x08000000)				\
  macro (ompt_task_untied, 0x10000000)					\
  macro (ompt_task_final, 0x20000000)					\
  macro (ompt_task_mergeable, 0x40000000)				\
  macro (ompt_task_merged, 0x80000000)

#define FOREACH_OMPT_DEPENDENCE_TYPE(macro)				\
  macro (ompt_dependence_type_in, 1)					\
  macro (ompt_dependence_type_out, 2)					\
  macro (ompt_dependence_type_inout, 3)					\
  macro (ompt_dependence_type_mutexinoutset, 4)				\
  macro (ompt_dependence_type_source, 5)				\
  macro (ompt_dependence_type_sink, 6)					\
  macro (ompt_dependence_type_inoutset, 7)

#define FOREACH_OMPD_SCOPE(macro)					\
  macro (ompd_scope_global, 1)						\
  macro (ompd_scope_address_space, 2)					\
  macro (ompd_scope_thread, 3)						\
  macro (ompd_scope_parallel, 4)					\
  macro (ompd_scope_implicit_task, 5)					\
  macro (ompd_scope_task, 6)

#define FOREACH_OMPD_RC(macro)						\
  macro (ompd_rc_ok, 0)							\
  macro (ompd_rc_unavailable, 1)					\
  macro (ompd_rc_stale_handle, 2)					\
  macro (ompd_rc_bad_input, 3)						\
  macro (ompd_rc_error, 4)						\
  macro (ompd_rc_unsupported, 5)					\
  macro (ompd_rc_needs_state_tracking, 6)				\
  macro (ompd_rc_incompatible, 7)					\
  macro (ompd_rc_device_read_error, 8)					\
  macro (ompd_rc_device_write_error, 9)					\
  macro (ompd_rc_nomem, 10)						\
  macro (ompd_rc_incomplete, 11)					\
  macro (ompd_rc_callback_error, 12)

/* The rest of OMPT (OpenMP 5.1 §4.4, "Tool Interface Datatypes"), for
   tools and the runtime that serves them.  */

#define FOREACH_OMPT_SET_RESULT(macro)					\
  macro (ompt_set_error, 0)						\
  macro (ompt_set_never, 1)						\
  macro (ompt_set_impossible, 2)					\
  macro (ompt_set_sometimes, 3)						\
  macro (ompt_set_sometimes_paired, 4)					\
  macro (ompt_set_always, 5)

#define FOREACH_OMPT_THREAD(macro)					\
  macro (ompt_thread_initial, 1)					\
  macro (ompt_thread_worker, 2)						\
  macro (ompt_thread_other, 3)						\
  macro (ompt_thread_unknown, 4)

#define FOREACH_OMPT_SCOPE_ENDPOINT(macro)				\
  macro (ompt_scope_begin, 1)						\
  macro (ompt_scope_end, 2)						\
  macro (ompt_scope_beginend, 3)

#define FOREACH_OMPT_DISPATCH(macro)					\
  macro (ompt_dispatch_iteration, 1)					\
  macro (ompt_dispatch_section, 2)					\
  macro (ompt_dispatch_ws_loop_chunk, 3)				\
  macro (ompt_dispatch_taskloop_chunk, 4)				\
  macro (ompt_dispatch_distribute_chunk, 5)

#define FOREACH_OMPT_SYNC_REGION(macro)					\
  macro (ompt_sync_region_barrier, 1)					\
  macro (ompt_sync_region_barrier_implicit, 2)				\
  macro (ompt_sync_region_barrier_explicit, 3)				\
  macro (ompt_sync_region_barrier_implementation, 4)			\
  macro (ompt_sync_region_taskwait, 5)					\
  macro (ompt_sync_region_taskgroup, 6)					\
  macro (ompt_sync_region_reduction, 7)					\
  macro (ompt_sync_region_barrier_implicit_workshare, 8)		\
  macro (ompt_sync_region_barrier_implicit_parallel, 9)			\
  macro (ompt_sync_region_barrier_teams, 10)

#define FOREACH_OMPT_TARGET_DATA_OP(macro)				\
  macro (ompt_target_data_alloc, 1)					\
  macro (ompt_target_data_transfer_to_device, 2)			\
  macro (ompt_target_data_transfer_from_device, 3)			\
  macro (ompt_target_data_delete, 4)					\
  macro (ompt_target_data_associate, 5)					\
  macro (ompt_target_data_disassociate, 6)				\
  macro (ompt_target_data_alloc_async, 17)				\
  macro (ompt_target_data_transfer_to_device_async, 18)			\
  macro (ompt_target_data_transfer_from_device_async, 19)		\
  macro (ompt_target_data_delete_async, 20)

#define FOREACH_OMPT_WORK(macro)					\
  macro (ompt_work_loop, 1)						\
  macro (ompt_work_sections, 2)						\
  macro (ompt_work_single_executor, 3)					\
  macro (ompt_work_single_other, 4)					\
  macro (ompt_work_workshare, 5)					\
  macro (ompt_work_distribute, 6)					\
  macro (ompt_work_taskloop, 7)						\
  macro (ompt_work_scope, 8)						\
  macro (ompt_work_loop_static, 10)					\
  macro (ompt_work_loop_dynamic, 11)					\
  macro (ompt_work_loop_guided, 12)					\
  macro (ompt_work_loop_other, 13)

#define FOREACH_OMPT_MUTEX(macro)					\
  macro (ompt_mutex_lock, 1)						\
  macro (ompt_mutex_test_lock, 2)					\
  macro (ompt_mutex_nest_lock, 3)					\
  macro (ompt_mutex_test_nest_lock, 4)					\
  macro (ompt_mutex_critical, 5)					\
  macro (ompt_mutex_atomic, 6)						\
  macro (ompt_mutex_ordered, 7)

#define FOREACH_OMPT_NATIVE_MON_FLAG(macro)				\
  macro (ompt_native_data_motion_explicit, 0x01)			\
  macro (ompt_native_data_motion_implicit, 0x02)			\
  macro (ompt_native_kernel_invocation, 0x04)				\
  macro (ompt_native_kernel_execution, 0x08)				\
  macro (ompt_native_driver, 0x10)					\
  macro (ompt_native_runtime, 0x20)					\
  macro (ompt_native_overhead, 0x40)					\
  macro (ompt_native_idleness, 0x80)

#define FOREACH_OMPT_TASK_STATUS(macro)					\
  macro (ompt_task_complete, 1)						\
  macro (ompt_task_yield, 2)						\
  macro (ompt_task_cancel, 3)						\
  macro (ompt_task_detach, 4)						\
  macro (ompt_task_early_fulfill, 5)					\
  macro (ompt_task_late_fulfill, 6)					\
  macro (ompt_task_switch, 7)						\
  macro (ompt_taskwait_complete, 8)

#define FOREACH_OMPT_TARGET(macro)					\
  macro (ompt_target, 1)						\
  macro (ompt_target_enter_data, 2)					\
  macro (ompt_target_exit_data, 3)					\
  macro (ompt_target_update, 4)						\
  macro (ompt_target_nowait, 9)						\
  macro (ompt_target_enter_data_nowait, 10)				\
  macro (ompt_target_exit_data_nowait, 11)				\
  macro (ompt_target_update_nowait, 12)

#define FOREACH_OMPT_PARALLEL_FLAG(macro)				\
  macro (ompt_parallel_invoker_program, 0x00000001)			\
  macro (ompt_parallel_invoker_runtime, 0x00000002)			\
  macro (ompt_parallel_league, 0x40000000)				\
  macro (ompt_parallel_team, 0x80000000)

#define FOREACH_OMPT_TARGET_MAP_FLAG(macro)				\
  macro (ompt_target_map_flag_to, 0x01)					\
  macro (ompt_target_map_flag_from, 0x02)				\
  macro (ompt_target_map_flag_alloc, 0x04)				\
  macro (ompt_target_map_flag_release, 0x08)				\
  macro (ompt_target_map_flag_delete, 0x10)				\
  macro (ompt_target_map_flag_implicit, 0x20)

#define FOREACH_OMPT_SEVERITY(macro)					\
  macro (ompt_warning, 1)						\
  macro (ompt_fatal, 2)

#define FOREACH_OMPT_CANCEL_FLAG(macro)					\
  macro (ompt_cancel_parallel, 0x01)					\
  macro (ompt_cancel_sections, 0x02)					\
  macro (ompt_cancel_loop, 0x04)					\
  macro (ompt_cancel_taskgroup, 0x08)					\
  macro (ompt_cancel_activated, 0x10)					\
  macro (ompt_cancel_detected, 0x20)					\
  macro (ompt_cancel_discarded_task, 0x40)

#define FOREACH_OMPT_RECORD(macro)					\
  macro (ompt_record_ompt, 1)						\
  macro (ompt_record_native, 2)						\
  macro (ompt_record_invalid, 3)

#define FOREACH_OMPT_RECORD_NATIVE(macro)				\
  macro (ompt_record_native_info, 1)					\
  macro (ompt_record_native_event, 2)

/* Every event a tool registers for: macro (name, callback type, code).
   ompt_callback_master is the deprecated name of code 21, outside the
   list so that every code occurs once.  */
#define FOREACH_OMPT_CALLBACK(macro)					\
  macro (ompt_callback_thread_begin, ompt_callback_thread_begin_t, 1)	\
  macro (ompt_callback_thread_end, ompt_callback_thread_end_t, 2)	\
  macro (ompt_callback_parallel_begin, ompt_callback_parallel_begin_t, 3) \
  macro (ompt_callback_parallel_end, ompt_callback_parallel_end_t, 4)	\
  macro (ompt_callback_task_create, ompt_callback_task_create_t, 5)	\
  macro (ompt_callback_task_schedule, ompt_callback_task_schedule_t, 6) \
  macro (ompt_callback_implicit_task, ompt_callback_implicit_task_t, 7) \
  macro (ompt_callback_target, ompt_callback_target_t, 8)		\
  macro (ompt_callback_target_data_op, ompt_callback_target_data_op_t, 9) \
  macro (ompt_callback_target_submit, ompt_callback_target_submit_t, 10) \
  macro (ompt_callback_control_tool, ompt_callback_control_tool_t, 11)	\
  macro (ompt_callback_device_initialize,				\
	 ompt_callback_device_initialize_t, 12)				\
  macro (ompt_callback_device_finalize, ompt_callback_device_finalize_t, \
	 13)								\
  macro (ompt_callback_device_load, ompt_callback_device_load_t, 14)	\
  macro (ompt_callback_device_unload, ompt_callback_device_unload_t, 15) \
  macro (ompt_callback_sync_region_wait, ompt_callback_sync_region_t, 16) \
  macro (ompt_callback_mutex_released, ompt_callback_mutex_t, 17)	\
  macro (ompt_callback_dependences, ompt_callback_dependences_t, 18)	\
  macro (ompt_callback_task_dependence, ompt_callback_task_dependence_t, \
	 19)								\
  macro (ompt_callback_work, ompt_callback_work_t, 20)			\
  macro (ompt_callback_masked, ompt_callback_masked_t, 21)		\
  macro (ompt_callback_target_map, ompt_callback_target_map_t, 22)	\
  macro (ompt_callback_sync_region, ompt_callback_sync_region_t, 23)	\
  macro (ompt_callback_lock_init, ompt_callback_mutex_acquire_t, 24)	\
  macro (ompt_callback_lock_destroy, ompt_callback_mutex_t, 25)		\
  macro (ompt_callback_mutex_acquire, ompt_callback_mutex_acquire_t, 26) \
  macro (ompt_callback_mutex_acquired, ompt_callback_mutex_t, 27)	\
  macro (ompt_callback_nest_lock, ompt_callback_nest_lock_t, 28)	\
  macro (ompt_callback_flush, ompt_callback_flush_t, 29)		\
  macro (ompt_callback_cancel, ompt_callback_cancel_t, 30)		\
  macro (ompt_callback_reduction, ompt_callback_sync_region_t, 31)	\
  macro (ompt_callback_dispatch, ompt_callback_dispatch_t, 32)		\
  macro (ompt_callback_target_emi, ompt_callback_target_emi_t, 33)	\
  macro (ompt_callback_target_data_op_emi,				\
	 ompt_callback_target_data_op_emi_t, 34)			\
  macro (ompt_callback_target_submit_emi,				\
	 ompt_callback_target_submit_emi_t, 35)				\
  macro (ompt_callback_target_map_emi, ompt_callback_target_map_emi_t, 36) \
  macro (ompt_callback_error, ompt_callback_error_t, 37)

/* The runtime entry points of the callback interface (5.1 Table 4.1),
   which a tool finds through lookup by these names; each has the type
   NAME_t.  */
#define FOREACH_OMPT_ENTRY_POINT(macro)					\
  macro (ompt_enumerate_states)						\
  macro (ompt_enumerate_mutex_impls)					\
  macro (ompt_set_callback)						\
  macro (ompt_get_callback)						\
  macro (ompt_get_thread_data)						\
  macro (ompt_get_num_procs)						\
  macro (ompt_get_num_places)						\
  macro (ompt_get_place_proc_ids)					\
  macro (ompt_get_place_num)						\
  macro (ompt_get_partition_place_nums)					\
  macro (ompt_get_proc_id)						\
  macro (ompt_get_state)						\
  macro (ompt_get_parallel_info)					\
  macro (ompt_get_task_info)						\
  macro (ompt_get_task_memory)						\
  macro (ompt_get_target_info)						\
  macro (ompt_get_num_devices)						\
  macro (ompt_get_unique_id)						\
  macro (ompt_finalize_tool)

#define OMP_TOOLS_ENUMERATOR(name, value) name = value,

/* ---- OMPT enumerations used by OMPD ------------------------------------ */

typedef enum ompt_state_t
{
  FOREACH_OMPT_STATE (OMP_TOOLS_ENUMERATOR)
} ompt_state_t;

typedef enum ompt_frame_flag_t
{
  FOREACH_OMPT_FRAME_FLAG (OMP_TOOLS_ENUMERATOR)
} ompt_frame_flag_t;

typedef enum ompt_task_flag_t
{
  FOREACH_OMPT_TASK_FLAG (OMP_TOOLS_ENUMERATOR)
} ompt_task_flag_t;

typedef enum ompt_dependence_type_t
{
  FOREACH_OMPT_DEPENDENCE_TYPE (OMP_TOOLS_ENUMERATOR)
} ompt_dependence_type_t;

/* ---- OMPT: the tool interface (OpenMP 5.1 chapter 4) ------------------- */

#define OMPT_ENUM(type, list)						\
  typedef enum type { list (OMP_TOOLS_ENUMERATOR) } type
OMPT_ENUM (ompt_set_result_t, FOREACH_OMPT_SET_RESULT);
OMPT_ENUM (ompt_thread_t, FOREACH_OMPT_THREAD);
OMPT_ENUM (ompt_scope_endpoint_t, FOREACH_OMPT_SCOPE_ENDPOINT);
OMPT_ENUM (ompt_dispatch_t, FOREACH_OMPT_DISPATCH);
OMPT_ENUM (ompt_sync_region_t, FOREACH_OMPT_SYNC_REGION);
OMPT_ENUM (ompt_target_data_op_t, FOREACH_OMPT_TARGET_DATA_OP);
OMPT_ENUM (ompt_work_t, FOREACH_OMPT_WORK);
OMPT_ENUM (ompt_mutex_t, FOREACH_OMPT_MUTEX);
OMPT_ENUM (ompt_native_mon_flag_t, FOREACH_OMPT_NATIVE_MON_FLAG);
OMPT_ENUM (ompt_task_status_t, FOREACH_OMPT_TASK_STATUS);
OMPT_ENUM (ompt_target_t, FOREACH_OMPT_TARGET);
OMPT_ENUM (ompt_parallel_flag_t, FOREACH_OMPT_PARALLEL_FLAG);
OMPT_ENUM (ompt_target_map_flag_t, FOREACH_OMPT_TARGET_MAP_FLAG);
OMPT_ENUM (ompt_severity_t, FOREACH_OMPT_SEVERITY);
OMPT_ENUM (ompt_cancel_flag_t, FOREACH_OMPT_CANCEL_FLAG);
OMPT_ENUM (ompt_record_t, FOREACH_OMPT_RECORD);
OMPT_ENUM (ompt_record_native_t, FOREACH_OMPT_RECORD_NATIVE);
#undef OMPT_ENUM

#define OMPT_CALLBACK_ENUMERATOR(name, type, code) name = code,
typedef enum ompt_callbacks_t
{
  FOREACH_OMPT_CALLBACK (OMPT_CALLBACK_ENUMERATOR)
  ompt_callback_master = 21
} ompt_callbacks_t;
#undef OMPT_CALLBACK_ENUMERATOR

typedef uint64_t ompt_id_t;
typedef uint64_t ompt_wait_id_t;
typedef uint64_t ompt_hwid_t;
typedef uint64_t ompt_device_time_t;
typedef uint64_t ompt_buffer_cursor_t;
typedef void ompt_device_t;
typedef void ompt_buffer_t;
#define ompt_id_none 0
#define ompt_wait_id_none 0
#define ompt_hwid_none 0
#define ompt_time_none 0
#define ompt_addr_none (~(uint64_t) 0)
#define ompt_mutex_impl_none 0
#define ompt_data_none { 0 }

typedef union ompt_data_t
{
  uint64_t value;
  void *ptr;
} ompt_data_t;

typedef struct ompt_frame_t
{
  ompt_data_t exit_frame;
  ompt_data_t enter_frame;
  int exit_frame_flags;
  int enter_frame_flags;
} ompt_frame_t;

typedef struct ompt_dependence_t
{
  ompt_data_t variable;
  ompt_dependence_type_t dependence_type;
} ompt_dependence_t;

/* What a dispatch callback's instance points to for a chunk.  */
typedef struct ompt_dispatch_chunk_t
{
  uint64_t start;
  uint64_t iterations;
} ompt_dispatch_chunk_t;

typedef struct ompt_record_abstract_t
{
  ompt_record_native_t rclass;
  const char *type;
  ompt_device_time_t start_time;
  ompt_device_time_t end_time;
  ompt_hwid_t hwid;
} ompt_record_abstract_t;

/* Activation.  */
typedef void (*ompt_interface_fn_t) (void);
typedef ompt_interface_fn_t (*ompt_function_lookup_t)
  (const char *interface_function_name);
typedef void (*ompt_callback_t) (void);
typedef int (*ompt_initialize_t) (ompt_function_lookup_t lookup,
				  int initial_device_num,
				  ompt_data_t *tool_data);
typedef void (*ompt_finalize_t) (ompt_data_t *tool_data);
typedef struct ompt_start_tool_result_t
{
  ompt_initialize_t initialize;
  ompt_finalize_t finalize;
  ompt_data_t tool_data;
} ompt_start_tool_result_t;
ompt_start_tool_result_t *ompt_start_tool (unsigned int omp_version,
					   const char *runtime_version);

/* Callback signatures (5.1 §4.5.2).  */
typedef void (*ompt_callback_thread_begin_t) (ompt_thread_t thread_type,
					      ompt_data_t *thread_data);
typedef void (*ompt_callback_thread_end_t) (ompt_data_t *thread_data);
typedef void (*ompt_callback_parallel_begin_t)
  (ompt_data_t *encountering_task_data,
   const ompt_frame_t *encountering_task_frame, ompt_data_t *parallel_data,
   unsigned int requested_parallelism, int flags, const void *codeptr_ra);
typedef void (*ompt_callback_parallel_end_t)
  (ompt_data_t *parallel_data, ompt_data_t *encountering_task_data,
   int flags, const void *codeptr_ra);
typedef void (*ompt_callback_work_t)
  (ompt_work_t wstype, ompt_scope_endpoint_t endpoint,
   ompt_data_t *parallel_data, ompt_data_t *task_data, uint64_t count,
   const void *codeptr_ra);
typedef void (*ompt_callback_dispatch_t)
  (ompt_data_t *parallel_data, ompt_data_t *task_data, ompt_dispatch_t kind,
   ompt_data_t instance);
typedef void (*ompt_callback_task_create_t)
  (ompt_data_t *encountering_task_data,
   const ompt_frame_t *encountering_task_frame, ompt_data_t *new_task_data,
   int flags, int has_dependences, const void *codeptr_ra);
typedef void (*ompt_callback_dependences_t)
  (ompt_data_t *task_data, const ompt_dependence_t *deps, int ndeps);
typedef void (*ompt_callback_task_dependence_t)
  (ompt_data_t *src_task_data, ompt_data_t *sink_task_data);
typedef void (*ompt_callback_task_schedule_t)
  (ompt_data_t *prior_task_data, ompt_task_status_t prior_task_status,
   ompt_data_t *next_task_data);
typedef void (*ompt_callback_implicit_task_t)
  (ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
   ompt_data_t *task_data, unsigned int actual_parallelism,
   unsigned int index, int flags);
typedef void (*ompt_callback_masked_t)
  (ompt_scope_endpoint_t endpoint, ompt_data_t *parallel_data,
   ompt_data_t *task_data, const void *codeptr_ra);
typedef ompt_callback_masked_t ompt_callback_master_t;
typedef void (*ompt_callback_sync_region_t)
  (ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
   ompt_data_t *parallel_data, ompt_data_t *task_data,
   const void *codeptr_ra);
typedef void (*ompt_callback_mutex_acquire_t)
  (ompt_mutex_t kind, unsigned int hint, unsigned int impl,
   ompt_wait_id_t wait_id, const void *codeptr_ra);
typedef void (*ompt_callback_mutex_t)
  (ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr_ra);
typedef void (*ompt_callback_nest_lock_t)
  (ompt_scope_endpoint_t endpoint, ompt_wait_id_t wait_id,
   const void *codeptr_ra);
typedef void (*ompt_callback_flush_t) (ompt_data_t *thread_data,
				       const void *codeptr_ra);
typedef void (*ompt_callback_cancel_t) (ompt_data_t *task_data, int flags,
					const void *codeptr_ra);
typedef void (*ompt_callback_device_initialize_t)
  (int device_num, const char *type, ompt_device_t *device,
   ompt_function_lookup_t lookup, const char *documentation);
typedef void (*ompt_callback_device_finalize_t) (int device_num);
typedef void (*ompt_callback_device_load_t)
  (int device_num, const char *filename, int64_t offset_in_file,
   void *vma_in_file, size_t bytes, void *host_addr, void *device_addr,
   uint64_t module_id);
typedef void (*ompt_callback_device_unload_t) (int device_num,
					       uint64_t module_id);
typedef void (*ompt_callback_buffer_request_t)
  (int device_num, ompt_buffer_t **buffer, size_t *bytes);
typedef void (*ompt_callback_buffer_complete_t)
  (int device_num, ompt_buffer_t *buffer, size_t bytes,
   ompt_buffer_cursor_t begin, int buffer_owned);
typedef void (*ompt_callback_target_data_op_emi_t)
  (ompt_scope_endpoint_t endpoint, ompt_data_t *target_task_data,
   ompt_data_t *target_data, ompt_id_t *host_op_id,
   ompt_target_data_op_t optype, void *src_addr, int src_device_num,
   void *dest_addr, int dest_device_num, size_t bytes,
   const void *codeptr_ra);
typedef void (*ompt_callback_target_data_op_t)
  (ompt_id_t target_id, ompt_id_t host_op_id, ompt_target_data_op_t optype,
   void *src_addr, int src_device_num, void *dest_addr, int dest_device_num,
   size_t bytes, const void *codeptr_ra);
typedef void (*ompt_callback_target_emi_t)
  (ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device_num,
   ompt_data_t *task_data, ompt_data_t *target_task_data,
   ompt_data_t *target_data, const void *codeptr_ra);
typedef void (*ompt_callback_target_t)
  (ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device_num,
   ompt_data_t *task_data, ompt_id_t target_id, const void *codeptr_ra);
typedef void (*ompt_callback_target_map_emi_t)
  (ompt_data_t *target_data, unsigned int nitems, void **host_addr,
   void **device_addr, size_t *bytes, unsigned int *mapping_flags,
   const void *codeptr_ra);
typedef void (*ompt_callback_target_map_t)
  (ompt_id_t target_id, unsigned int nitems, void **host_addr,
   void **device_addr, size_t *bytes, unsigned int *mapping_flags,
   const void *codeptr_ra);
typedef void (*ompt_callback_target_submit_emi_t)
  (ompt_scope_endpoint_t endpoint, ompt_data_t *target_data,
   ompt_id_t *host_op_id, unsigned int requested_num_teams);
typedef void (*ompt_callback_target_submit_t)
  (ompt_id_t target_id, ompt_id_t host_op_id,
   unsigned int requested_num_teams);
typedef int (*ompt_callback_control_tool_t)
  (uint64_t command, uint64_t modifier, void *arg, const void *codeptr_ra);
typedef void (*ompt_callback_error_t)
  (ompt_severity_t severity, const char *message, size_t length,
   const void *codeptr_ra);

/* Runtime entry points (5.1 §4.6), found through lookup.  */
typedef int (*ompt_enumerate_states_t) (int current_state, int *next_state,
					const char **next_state_name);
typedef int (*ompt_enumerate_mutex_impls_t) (int current_impl,
					     int *next_impl,
					     const char **next_impl_name);
typedef ompt_set_result_t (*ompt_set_callback_t) (ompt_callbacks_t event,
						  ompt_callback_t callback);
typedef int (*ompt_get_callback_t) (ompt_callbacks_t event,
				    ompt_callback_t *callback);
typedef ompt_data_t *(*ompt_get_thread_data_t) (void);
typedef int (*ompt_get_num_procs_t) (void);
typedef int (*ompt_get_num_places_t) (void);
typedef int (*ompt_get_place_proc_ids_t) (int place_num, int ids_size,
					  int *ids);
typedef int (*ompt_get_place_num_t) (void);
typedef int (*ompt_get_partition_place_nums_t) (int place_nums_size,
						int *place_nums);
typedef int (*ompt_get_proc_id_t) (void);
typedef int (*ompt_get_state_t) (ompt_wait_id_t *wait_id);
typedef int (*ompt_get_parallel_info_t) (int ancestor_level,
					 ompt_data_t **parallel_data,
					 int *team_size);
typedef int (*ompt_get_task_info_t) (int ancestor_level, int *flags,
				     ompt_data_t **task_data,
				     ompt_frame_t **task_frame,
				     ompt_data_t **parallel_data,
				     int *thread_num);
typedef int (*ompt_get_task_memory_t) (void **addr, size_t *size,
				       int block);
typedef int (*ompt_get_target_info_t) (uint64_t *device_num,
				       ompt_id_t *target_id,
				       ompt_id_t *host_op_id);
typedef int (*ompt_get_num_devices_t) (void);
typedef uint64_t (*ompt_get_unique_id_t) (void);
typedef void (*ompt_finalize_tool_t) (void);

/* ---- OMPD scalar types (all 64-bit) -------------------------------------- */

typedef uint64_t ompd_size_t;
typedef uint64_t ompd_wait_id_t;
typedef uint64_t ompd_addr_t;
typedef int64_t ompd_word_t;
typedef uint64_t ompd_seg_t;
typedef uint64_t ompd_device_t;
typedef uint64_t ompd_thread_id_t;
typedef uint64_t ompd_icv_id_t;

#define ompd_segment_none 0
#define ompd_icv_undefined 0

/* Native thread-id kinds and device kinds (ompd-types.h recommendation).  */
#define OMPD_THREAD_ID_PTHREAD 0
#define OMPD_THREAD_ID_LWP 1
#define OMPD_THREAD_ID_WINTHREAD 2
#define OMPD_THREAD_ID_CUDALOGICAL 3
#define OMPD_THREAD_ID_MAX 4

#define OMPD_DEVICE_KIND_HOST 1
#define OMPD_DEVICE_KIND_CUDA 2
#define OMPD_DEVICE_KIND_MAX 3

typedef struct ompd_address_t
{
  ompd_seg_t segment;
  ompd_addr_t address;
} ompd_address_t;

typedef struct ompd_frame_info_t
{
  ompd_address_t frame_address;
  ompd_word_t frame_flag;
} ompd_frame_info_t;

/* Handles: owned by libompd.  Contexts: owned by the debugger.  */
typedef struct _ompd_aspace_handle ompd_address_space_handle_t;
typedef struct _ompd_thread_handle ompd_thread_handle_t;
typedef struct _ompd_parallel_handle ompd_parallel_handle_t;
typedef struct _ompd_task_handle ompd_task_handle_t;

typedef struct _ompd_aspace_cont ompd_address_space_context_t;
typedef struct _ompd_thread_cont ompd_thread_context_t;

typedef enum ompd_scope_t
{
  FOREACH_OMPD_SCOPE (OMP_TOOLS_ENUMERATOR)
} ompd_scope_t;

typedef enum ompd_rc_t
{
  FOREACH_OMPD_RC (OMP_TOOLS_ENUMERATOR)
} ompd_rc_t;

typedef struct ompd_device_type_sizes_t
{
  uint8_t sizeof_char;
  uint8_t sizeof_short;
  uint8_t sizeof_int;
  uint8_t sizeof_long;
  uint8_t sizeof_long_long;
  uint8_t sizeof_pointer;
} ompd_device_type_sizes_t;

/* ---- callbacks the debugger provides (§5.4) ------------------------------ */

typedef ompd_rc_t (*ompd_callback_memory_alloc_fn_t) (ompd_size_t nbytes,
						      void **ptr);
typedef ompd_rc_t (*ompd_callback_memory_free_fn_t) (void *ptr);
typedef ompd_rc_t (*ompd_callback_get_thread_context_for_thread_id_fn_t)
  (ompd_address_space_context_t *address_space_context,
   ompd_thread_id_t kind, ompd_size_t sizeof_thread_id,
   const void *thread_id, ompd_thread_context_t **thread_context);
typedef ompd_rc_t (*ompd_callback_sizeof_fn_t)
  (ompd_address_space_context_t *address_space_context,
   ompd_device_type_sizes_t *sizes);
typedef ompd_rc_t (*ompd_callback_symbol_addr_fn_t)
  (ompd_address_space_context_t *address_space_context,
   ompd_thread_context_t *thread_context, const char *symbol_name,
   ompd_address_t *symbol_addr, const char *file_name);
typedef ompd_rc_t (*ompd_callback_memory_read_fn_t)
  (ompd_address_space_context_t *address_space_context,
   ompd_thread_context_t *thread_context, const ompd_address_t *addr,
   ompd_size_t nbytes, void *buffer);
typedef ompd_rc_t (*ompd_callback_memory_write_fn_t)
  (ompd_address_space_context_t *address_space_context,
   ompd_thread_context_t *thread_context, const ompd_address_t *addr,
   ompd_size_t nbytes, const void *buffer);
typedef ompd_rc_t (*ompd_callback_device_host_fn_t)
  (ompd_address_space_context_t *address_space_context, const void *input,
   ompd_size_t unit_size, ompd_size_t count, void *output);
typedef ompd_rc_t (*ompd_callback_print_string_fn_t) (const char *string,
						      int category);

/* Eleven pointers in exactly this order (write_memory before
   read_string).  */
typedef struct ompd_callbacks_t
{
  ompd_callback_memory_alloc_fn_t alloc_memory;
  ompd_callback_memory_free_fn_t free_memory;
  ompd_callback_print_string_fn_t print_string;
  ompd_callback_sizeof_fn_t sizeof_type;
  ompd_callback_symbol_addr_fn_t symbol_addr_lookup;
  ompd_callback_memory_read_fn_t read_memory;
  ompd_callback_memory_write_fn_t write_memory;
  ompd_callback_memory_read_fn_t read_string;
  ompd_callback_device_host_fn_t device_to_host;
  ompd_callback_device_host_fn_t host_to_device;
  ompd_callback_get_thread_context_for_thread_id_fn_t
    get_thread_context_for_thread_id;
} ompd_callbacks_t;

/* ---- library routines (§5.5) ---------------------------------------------- */

/* Life cycle.  */
ompd_rc_t ompd_initialize (ompd_word_t api_version,
			   const ompd_callbacks_t *callbacks);
ompd_rc_t ompd_get_api_version (ompd_word_t *version);
ompd_rc_t ompd_get_version_string (const char **string);
ompd_rc_t ompd_finalize (void);

/* Address spaces.  */
ompd_rc_t ompd_process_initialize (ompd_address_space_context_t *context,
				   ompd_address_space_handle_t **handle);
ompd_rc_t ompd_device_initialize (ompd_address_space_handle_t *process_handle,
				  ompd_address_space_context_t *device_context,
				  ompd_device_t kind, ompd_size_t sizeof_id,
				  void *id,
				  ompd_address_space_handle_t **device_handle);
ompd_rc_t ompd_rel_address_space_handle (ompd_address_space_handle_t *handle);
ompd_rc_t ompd_get_omp_version (ompd_address_space_handle_t *address_space,
				ompd_word_t *omp_version);
ompd_rc_t ompd_get_omp_version_string
  (ompd_address_space_handle_t *address_space, const char **string);
/* OpenMP 5.2, provided for debuggers that already ask.  */
ompd_rc_t ompd_get_device_thread_id_kinds
  (ompd_address_space_handle_t *device_handle, ompd_thread_id_t **kinds,
   ompd_size_t **thread_id_sizes, int *count);

/* Threads.  */
ompd_rc_t ompd_get_thread_in_parallel (ompd_parallel_handle_t *parallel_handle,
				       int thread_num,
				       ompd_thread_handle_t **thread_handle);
ompd_rc_t ompd_get_thread_handle (ompd_address_space_handle_t *handle,
				  ompd_thread_id_t kind,
				  ompd_size_t sizeof_thread_id,
				  const void *thread_id,
				  ompd_thread_handle_t **thread_handle);
ompd_rc_t ompd_rel_thread_handle (ompd_thread_handle_t *thread_handle);
ompd_rc_t ompd_thread_handle_compare (ompd_thread_handle_t *thread_handle_1,
				      ompd_thread_handle_t *thread_handle_2,
				      int *cmp_value);
ompd_rc_t ompd_get_thread_id (ompd_thread_handle_t *thread_handle,
			      ompd_thread_id_t kind,
			      ompd_size_t sizeof_thread_id, void *thread_id);
/* OpenMP 5.2.  */
ompd_rc_t ompd_get_device_from_thread (ompd_thread_handle_t *thread_handle,
				       ompd_address_space_handle_t **device);

/* Parallel regions.  */
ompd_rc_t ompd_get_curr_parallel_handle
  (ompd_thread_handle_t *thread_handle,
   ompd_parallel_handle_t **parallel_handle);
ompd_rc_t ompd_get_enclosing_parallel_handle
  (ompd_parallel_handle_t *parallel_handle,
   ompd_parallel_handle_t **enclosing_parallel_handle);
ompd_rc_t ompd_get_task_parallel_handle
  (ompd_task_handle_t *task_handle,
   ompd_parallel_handle_t **task_parallel_handle);
ompd_rc_t ompd_rel_parallel_handle (ompd_parallel_handle_t *parallel_handle);
ompd_rc_t ompd_parallel_handle_compare
  (ompd_parallel_handle_t *parallel_handle_1,
   ompd_parallel_handle_t *parallel_handle_2, int *cmp_value);

/* Tasks.  */
ompd_rc_t ompd_get_curr_task_handle (ompd_thread_handle_t *thread_handle,
				     ompd_task_handle_t **task_handle);
ompd_rc_t ompd_get_generating_task_handle
  (ompd_task_handle_t *task_handle,
   ompd_task_handle_t **generating_task_handle);
ompd_rc_t ompd_get_scheduling_task_handle
  (ompd_task_handle_t *task_handle,
   ompd_task_handle_t **scheduling_task_handle);
ompd_rc_t ompd_get_task_in_parallel (ompd_parallel_handle_t *parallel_handle,
				     int thread_num,
				     ompd_task_handle_t **task_handle);
ompd_rc_t ompd_rel_task_handle (ompd_task_handle_t *task_handle);
ompd_rc_t ompd_task_handle_compare (ompd_task_handle_t *task_handle_1,
				    ompd_task_handle_t *task_handle_2,
				    int *cmp_value);
ompd_rc_t ompd_get_task_function (ompd_task_handle_t *task_handle,
				  ompd_address_t *entry_point);
ompd_rc_t ompd_get_task_frame (ompd_task_handle_t *task_handle,
			       ompd_frame_info_t *exit_frame,
			       ompd_frame_info_t *enter_frame);

/* Thread states.  */
ompd_rc_t ompd_enumerate_states
  (ompd_address_space_handle_t *address_space_handle,
   ompd_word_t current_state, ompd_word_t *next_state,
   const char **next_state_name, ompd_word_t *more_enums);
ompd_rc_t ompd_get_state (ompd_thread_handle_t *thread_handle,
			  ompd_word_t *state, ompd_wait_id_t *wait_id);

/* Display control variables.  */
ompd_rc_t ompd_get_display_control_vars
  (ompd_address_space_handle_t *address_space_handle,
   const char *const **control_vars);
ompd_rc_t ompd_rel_display_control_vars (const char *const **control_vars);

/* ICVs and tool data.  */
ompd_rc_t ompd_enumerate_icvs (ompd_address_space_handle_t *handle,
			       ompd_icv_id_t current, ompd_icv_id_t *next_id,
			       const char **next_icv_name,
			       ompd_scope_t *next_scope, int *more);
ompd_rc_t ompd_get_icv_from_scope (void *handle, ompd_scope_t scope,
				   ompd_icv_id_t icv_id,
				   ompd_word_t *icv_value);
ompd_rc_t ompd_get_icv_string_from_scope (void *handle, ompd_scope_t scope,
					  ompd_icv_id_t icv_id,
					  const char **icv_string);
ompd_rc_t ompd_get_tool_data (void *handle, ompd_scope_t scope,
			      ompd_word_t *value, ompd_address_t *ptr);

/* Runtime entry points (the runtime defines them, a debugger breaks on
   them; declared here for completeness).  */
extern const char **ompd_dll_locations;
void ompd_dll_locations_valid (void);
void ompd_bp_parallel_begin (void);
void ompd_bp_parallel_end (void);
void ompd_bp_task_begin (void);
void ompd_bp_task_end (void);
void ompd_bp_thread_begin (void);
void ompd_bp_thread_end (void);
void ompd_bp_device_begin (void);
void ompd_bp_device_end (void);

#ifdef __cplusplus
}
#endif

#endif /* OMPDBG_OMP_TOOLS_H */
