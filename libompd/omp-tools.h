/* omp-tools.h -- the OMPD part of OpenMP 5.1's omp-tools.h (chapter 5,
   "OMPD Interface"), plus the OMPT enumerations OMPD results are expressed
   in (thread states, frame flags).

   Every name, type, member order and enumerator value here is fixed by
   the standard and by what existing debuggers compile against (LLVM's
   omp-tools.h): a debugger built for another libompd loads ours and the
   other way round.  OpenMP 5.1 §5.3 (types) and §5.4 (callbacks).  */

#ifndef OMPDBG_OMP_TOOLS_H
#define OMPDBG_OMP_TOOLS_H 1

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- OMPT enumerations used by OMPD ------------------------------------ */

typedef enum ompt_state_t
{
  ompt_state_work_serial = 0x000,
  ompt_state_work_parallel = 0x001,
  ompt_state_work_reduction = 0x002,

  ompt_state_wait_barrier = 0x010,
  ompt_state_wait_barrier_implicit_parallel = 0x011,
  ompt_state_wait_barrier_implicit_workshare = 0x012,
  ompt_state_wait_barrier_implicit = 0x013,
  ompt_state_wait_barrier_explicit = 0x014,
  ompt_state_wait_barrier_implementation = 0x015,
  ompt_state_wait_barrier_teams = 0x016,

  ompt_state_wait_taskwait = 0x020,
  ompt_state_wait_taskgroup = 0x021,

  ompt_state_wait_mutex = 0x040,
  ompt_state_wait_lock = 0x041,
  ompt_state_wait_critical = 0x042,
  ompt_state_wait_atomic = 0x043,
  ompt_state_wait_ordered = 0x044,

  ompt_state_wait_target = 0x080,
  ompt_state_wait_target_map = 0x081,
  ompt_state_wait_target_update = 0x082,

  ompt_state_idle = 0x100,
  ompt_state_overhead = 0x101,
  ompt_state_undefined = 0x102
} ompt_state_t;

typedef enum ompt_frame_flag_t
{
  ompt_frame_runtime = 0x00,
  ompt_frame_application = 0x01,
  ompt_frame_cfa = 0x10,
  ompt_frame_framepointer = 0x20,
  ompt_frame_stackaddress = 0x30
} ompt_frame_flag_t;

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
  ompd_scope_global = 1,
  ompd_scope_address_space = 2,
  ompd_scope_thread = 3,
  ompd_scope_parallel = 4,
  ompd_scope_implicit_task = 5,
  ompd_scope_task = 6
} ompd_scope_t;

typedef enum ompd_rc_t
{
  ompd_rc_ok = 0,
  ompd_rc_unavailable = 1,
  ompd_rc_stale_handle = 2,
  ompd_rc_bad_input = 3,
  ompd_rc_error = 4,
  ompd_rc_unsupported = 5,
  ompd_rc_needs_state_tracking = 6,
  ompd_rc_incompatible = 7,
  ompd_rc_device_read_error = 8,
  ompd_rc_device_write_error = 9,
  ompd_rc_nomem = 10,
  ompd_rc_incomplete = 11,
  ompd_rc_callback_error = 12
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
