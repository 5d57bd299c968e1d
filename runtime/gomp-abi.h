/* gomp-abi.h -- prototypes of every GOMP_* entry point of GCC 12's
 * libgomp ABI (libgomp_g.h of GCC 12.2), so that each definition in
 * runtime/ is checked against the signature the compiler calls it
 * with.  */

#ifndef OMPDBG_RUNTIME_GOMP_ABI_H
#define OMPDBG_RUNTIME_GOMP_ABI_H 1

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* GOMP_5.0.1 */
void *GOMP_alloc (size_t, size_t, uintptr_t);
/* GOMP_1.0 */
void GOMP_atomic_end (void);
/* GOMP_1.0 */
void GOMP_atomic_start (void);
/* GOMP_1.0 */
void GOMP_barrier (void);
/* GOMP_4.0 */
bool GOMP_barrier_cancel (void);
/* GOMP_4.0 */
bool GOMP_cancel (int, bool);
/* GOMP_4.0 */
bool GOMP_cancellation_point (int);
/* GOMP_1.0 */
void GOMP_critical_end (void);
/* GOMP_1.0 */
void GOMP_critical_name_end (void **);
/* GOMP_1.0 */
void GOMP_critical_name_start (void **);
/* GOMP_1.0 */
void GOMP_critical_start (void);
/* GOMP_4.5 */
void GOMP_doacross_post (long *);
/* GOMP_4.5 */
void GOMP_doacross_ull_post (unsigned long long *);
/* GOMP_4.5 */
void GOMP_doacross_ull_wait (unsigned long long, ...);
/* GOMP_4.5 */
void GOMP_doacross_wait (long, ...);
/* GOMP_5.1 */
void GOMP_error (const char *, size_t);
/* GOMP_5.0.1 */
void GOMP_free (void *, uintptr_t);
/* GOMP_4.5 */
bool GOMP_loop_doacross_dynamic_start (unsigned, long *, long, long *, long *);
/* GOMP_4.5 */
bool GOMP_loop_doacross_guided_start (unsigned, long *, long, long *, long *);
/* GOMP_4.5 */
bool GOMP_loop_doacross_runtime_start (unsigned, long *, long *, long *);
/* GOMP_5.0 */
bool GOMP_loop_doacross_start (unsigned, long *, long, long, long *, long *, uintptr_t *, void **);
/* GOMP_4.5 */
bool GOMP_loop_doacross_static_start (unsigned, long *, long, long *, long *);
/* GOMP_1.0 */
bool GOMP_loop_dynamic_next (long *, long *);
/* GOMP_1.0 */
bool GOMP_loop_dynamic_start (long, long, long, long, long *, long *);
/* GOMP_1.0 */
void GOMP_loop_end (void);
/* GOMP_4.0 */
bool GOMP_loop_end_cancel (void);
/* GOMP_1.0 */
void GOMP_loop_end_nowait (void);
/* GOMP_1.0 */
bool GOMP_loop_guided_next (long *, long *);
/* GOMP_1.0 */
bool GOMP_loop_guided_start (long, long, long, long, long *, long *);
/* GOMP_5.0 */
bool GOMP_loop_maybe_nonmonotonic_runtime_next (long *, long *);
/* GOMP_5.0 */
bool GOMP_loop_maybe_nonmonotonic_runtime_start (long, long, long, long *, long *);
/* GOMP_4.5 */
bool GOMP_loop_nonmonotonic_dynamic_next (long *, long *);
/* GOMP_4.5 */
bool GOMP_loop_nonmonotonic_dynamic_start (long, long, long, long, long *, long *);
/* GOMP_4.5 */
bool GOMP_loop_nonmonotonic_guided_next (long *, long *);
/* GOMP_4.5 */
bool GOMP_loop_nonmonotonic_guided_start (long, long, long, long, long *, long *);
/* GOMP_5.0 */
bool GOMP_loop_nonmonotonic_runtime_next (long *, long *);
/* GOMP_5.0 */
bool GOMP_loop_nonmonotonic_runtime_start (long, long, long, long *, long *);
/* GOMP_1.0 */
bool GOMP_loop_ordered_dynamic_next (long *, long *);
/* GOMP_1.0 */
bool GOMP_loop_ordered_dynamic_start (long, long, long, long, long *, long *);
/* GOMP_1.0 */
bool GOMP_loop_ordered_guided_next (long *, long *);
/* GOMP_1.0 */
bool GOMP_loop_ordered_guided_start (long, long, long, long, long *, long *);
/* GOMP_1.0 */
bool GOMP_loop_ordered_runtime_next (long *, long *);
/* GOMP_1.0 */
bool GOMP_loop_ordered_runtime_start (long, long, long, long *, long *);
/* GOMP_5.0 */
bool GOMP_loop_ordered_start (long, long, long, long, long, long *, long *, uintptr_t *, void **);
/* GOMP_1.0 */
bool GOMP_loop_ordered_static_next (long *, long *);
/* GOMP_1.0 */
bool GOMP_loop_ordered_static_start (long, long, long, long, long *, long *);
/* GOMP_1.0 */
bool GOMP_loop_runtime_next (long *, long *);
/* GOMP_1.0 */
bool GOMP_loop_runtime_start (long, long, long, long *, long *);
/* GOMP_5.0 */
bool GOMP_loop_start (long, long, long, long, long, long *, long *, uintptr_t *, void **);
/* GOMP_1.0 */
bool GOMP_loop_static_next (long *, long *);
/* GOMP_1.0 */
bool GOMP_loop_static_start (long, long, long, long, long *, long *);
/* GOMP_4.5 */
bool GOMP_loop_ull_doacross_dynamic_start (unsigned, unsigned long long *, unsigned long long, unsigned long long *, unsigned long long *);
/* GOMP_4.5 */
bool GOMP_loop_ull_doacross_guided_start (unsigned, unsigned long long *, unsigned long long, unsigned long long *, unsigned long long *);
/* GOMP_4.5 */
bool GOMP_loop_ull_doacross_runtime_start (unsigned, unsigned long long *, unsigned long long *, unsigned long long *);
/* GOMP_5.0 */
bool GOMP_loop_ull_doacross_start (unsigned, unsigned long long *, long, unsigned long long, unsigned long long *, unsigned long long *, uintptr_t *, void **);
/* GOMP_4.5 */
bool GOMP_loop_ull_doacross_static_start (unsigned, unsigned long long *, unsigned long long, unsigned long long *, unsigned long long *);
/* GOMP_2.0 */
bool GOMP_loop_ull_dynamic_next (unsigned long long *, unsigned long long *);
/* GOMP_2.0 */
bool GOMP_loop_ull_dynamic_start (bool, unsigned long long, unsigned long long, unsigned long long, unsigned long long, unsigned long long *, unsigned long long *);
/* GOMP_2.0 */
bool GOMP_loop_ull_guided_next (unsigned long long *, unsigned long long *);
/* GOMP_2.0 */
bool GOMP_loop_ull_guided_start (bool, unsigned long long, unsigned long long, unsigned long long, unsigned long long, unsigned long long *, unsigned long long *);
/* GOMP_5.0 */
bool GOMP_loop_ull_maybe_nonmonotonic_runtime_next (unsigned long long *, unsigned long long *);
/* GOMP_5.0 */
bool GOMP_loop_ull_maybe_nonmonotonic_runtime_start (bool, unsigned long long, unsigned long long, unsigned long long, unsigned long long *, unsigned long long *);
/* GOMP_4.5 */
bool GOMP_loop_ull_nonmonotonic_dynamic_next (unsigned long long *, unsigned long long *);
/* GOMP_4.5 */
bool GOMP_loop_ull_nonmonotonic_dynamic_start (bool, unsigned long long, unsigned long long, unsigned long long, unsigned long long, unsigned long long *, unsigned long long *);
/* GOMP_4.5 */
bool GOMP_loop_ull_nonmonotonic_guided_next (unsigned long long *, unsigned long long *);
/* GOMP_4.5 */
bool GOMP_loop_ull_nonmonotonic_guided_start (bool, unsigned long long, unsigned long long, unsigned long long, unsigned long long, unsigned long long *, unsigned long long *);
/* GOMP_5.0 */
bool GOMP_loop_ull_nonmonotonic_runtime_next (unsigned long long *, unsigned long long *);
/* GOMP_5.0 */
bool GOMP_loop_ull_nonmonotonic_runtime_start (bool, unsigned long long, unsigned long long, unsigned long long, unsigned long long *, unsigned long long *);
/* GOMP_2.0 */
bool GOMP_loop_ull_ordered_dynamic_next (unsigned long long *, unsigned long long *);
/* GOMP_2.0 */
bool GOMP_loop_ull_ordered_dynamic_start (bool, unsigned long long, unsigned long long, unsigned long long, unsigned long long, unsigned long long *, unsigned long long *);
/* GOMP_2.0 */
bool GOMP_loop_ull_ordered_guided_next (unsigned long long *, unsigned long long *);
/* GOMP_2.0 */
bool GOMP_loop_ull_ordered_guided_start (bool, unsigned long long, unsigned long long, unsigned long long, unsigned long long, unsigned long long *, unsigned long long *);
/* GOMP_2.0 */
bool GOMP_loop_ull_ordered_runtime_next (unsigned long long *, unsigned long long *);
/* GOMP_2.0 */
bool GOMP_loop_ull_ordered_runtime_start (bool, unsigned long long, unsigned long long, unsigned long long, unsigned long long *, unsigned long long *);
/* GOMP_5.0 */
bool GOMP_loop_ull_ordered_start (bool, unsigned long long, unsigned long long, unsigned long long, long, unsigned long long, unsigned long long *, unsigned long long *, uintptr_t *, void **);
/* GOMP_2.0 */
bool GOMP_loop_ull_ordered_static_next (unsigned long long *, unsigned long long *);
/* GOMP_2.0 */
bool GOMP_loop_ull_ordered_static_start (bool, unsigned long long, unsigned long long, unsigned long long, unsigned long long, unsigned long long *, unsigned long long *);
/* GOMP_2.0 */
bool GOMP_loop_ull_runtime_next (unsigned long long *, unsigned long long *);
/* GOMP_2.0 */
bool GOMP_loop_ull_runtime_start (bool, unsigned long long, unsigned long long, unsigned long long, unsigned long long *, unsigned long long *);
/* GOMP_5.0 */
bool GOMP_loop_ull_start (bool, unsigned long long, unsigned long long, unsigned long long, long, unsigned long long, unsigned long long *, unsigned long long *, uintptr_t *, void **);
/* GOMP_2.0 */
bool GOMP_loop_ull_static_next (unsigned long long *, unsigned long long *);
/* GOMP_2.0 */
bool GOMP_loop_ull_static_start (bool, unsigned long long, unsigned long long, unsigned long long, unsigned long long, unsigned long long *, unsigned long long *);
/* GOMP_1.0 */
void GOMP_ordered_end (void);
/* GOMP_1.0 */
void GOMP_ordered_start (void);
/* GOMP_4.0 */
void GOMP_parallel (void (*) (void *), void *, unsigned, unsigned);
/* GOMP_1.0 */
void GOMP_parallel_end (void);
/* GOMP_4.0 */
void GOMP_parallel_loop_dynamic (void (*)(void *), void *, unsigned, long, long, long, long, unsigned);
/* GOMP_1.0 */
void GOMP_parallel_loop_dynamic_start (void (*)(void *), void *, unsigned, long, long, long, long);
/* GOMP_4.0 */
void GOMP_parallel_loop_guided (void (*)(void *), void *, unsigned, long, long, long, long, unsigned);
/* GOMP_1.0 */
void GOMP_parallel_loop_guided_start (void (*)(void *), void *, unsigned, long, long, long, long);
/* GOMP_5.0 */
void GOMP_parallel_loop_maybe_nonmonotonic_runtime (void (*)(void *), void *, unsigned, long, long, long, unsigned);
/* GOMP_4.5 */
void GOMP_parallel_loop_nonmonotonic_dynamic (void (*)(void *), void *, unsigned, long, long, long, long, unsigned);
/* GOMP_4.5 */
void GOMP_parallel_loop_nonmonotonic_guided (void (*)(void *), void *, unsigned, long, long, long, long, unsigned);
/* GOMP_5.0 */
void GOMP_parallel_loop_nonmonotonic_runtime (void (*)(void *), void *, unsigned, long, long, long, unsigned);
/* GOMP_4.0 */
void GOMP_parallel_loop_runtime (void (*)(void *), void *, unsigned, long, long, long, unsigned);
/* GOMP_1.0 */
void GOMP_parallel_loop_runtime_start (void (*)(void *), void *, unsigned, long, long, long);
/* GOMP_4.0 */
void GOMP_parallel_loop_static (void (*)(void *), void *, unsigned, long, long, long, long, unsigned);
/* GOMP_1.0 */
void GOMP_parallel_loop_static_start (void (*)(void *), void *, unsigned, long, long, long, long);
/* GOMP_5.0 */
unsigned GOMP_parallel_reductions (void (*) (void *), void *, unsigned, unsigned);
/* GOMP_4.0 */
void GOMP_parallel_sections (void (*) (void *), void *, unsigned, unsigned, unsigned);
/* GOMP_1.0 */
void GOMP_parallel_sections_start (void (*) (void *), void *, unsigned, unsigned);
/* GOMP_1.0 */
void GOMP_parallel_start (void (*) (void *), void *, unsigned);
/* GOMP_5.1 */
void GOMP_scope_start (uintptr_t *);
/* GOMP_5.0 */
unsigned GOMP_sections2_start (unsigned, uintptr_t *, void **);
/* GOMP_1.0 */
void GOMP_sections_end (void);
/* GOMP_4.0 */
bool GOMP_sections_end_cancel (void);
/* GOMP_1.0 */
void GOMP_sections_end_nowait (void);
/* GOMP_1.0 */
unsigned GOMP_sections_next (void);
/* GOMP_1.0 */
unsigned GOMP_sections_start (unsigned);
/* GOMP_1.0 */
void GOMP_single_copy_end (void *);
/* GOMP_1.0 */
void *GOMP_single_copy_start (void);
/* GOMP_1.0 */
bool GOMP_single_start (void);
/* GOMP_4.0 */
void GOMP_target (int, void (*) (void *), const void *, size_t, void **, size_t *, unsigned char *);
/* GOMP_4.0 */
void GOMP_target_data (int, const void *, size_t, void **, size_t *, unsigned char *);
/* GOMP_4.5 */
void GOMP_target_data_ext (int, size_t, void **, size_t *, unsigned short *);
/* GOMP_4.0 */
void GOMP_target_end_data (void);
/* GOMP_4.5 */
void GOMP_target_enter_exit_data (int, size_t, void **, size_t *, unsigned short *, unsigned int, void **);
/* GOMP_4.5 */
void GOMP_target_ext (int, void (*) (void *), size_t, void **, size_t *, unsigned short *, unsigned int, void **, void **);
/* GOMP_4.0 */
void GOMP_target_update (int, const void *, size_t, void **, size_t *, unsigned char *);
/* GOMP_4.5 */
void GOMP_target_update_ext (int, size_t, void **, size_t *, unsigned short *, unsigned int, void **);
/* GOMP_2.0 */
void GOMP_task (void (*) (void *), void *, void (*) (void *, void *), long, long, bool, unsigned, void **, int, void *);
/* GOMP_5.0 */
void GOMP_task_reduction_remap (size_t, size_t, void **);
/* GOMP_4.0 */
void GOMP_taskgroup_end (void);
/* GOMP_5.0 */
void GOMP_taskgroup_reduction_register (uintptr_t *);
/* GOMP_5.0 */
void GOMP_taskgroup_reduction_unregister (uintptr_t *);
/* GOMP_4.0 */
void GOMP_taskgroup_start (void);
/* GOMP_4.5 */
void GOMP_taskloop (void (*) (void *), void *, void (*) (void *, void *), long, long, unsigned, unsigned long, int, long, long, long);
/* GOMP_4.5 */
void GOMP_taskloop_ull (void (*) (void *), void *, void (*) (void *, void *), long, long, unsigned, unsigned long, int, unsigned long long, unsigned long long, unsigned long long);
/* GOMP_2.0 */
void GOMP_taskwait (void);
/* GOMP_5.0 */
void GOMP_taskwait_depend (void **);
/* GOMP_3.0 */
void GOMP_taskyield (void);
/* GOMP_4.0 */
void GOMP_teams (unsigned int, unsigned int);
/* GOMP_5.1 */
bool GOMP_teams4 (unsigned int, unsigned int, unsigned int, bool);
/* GOMP_5.0 */
void GOMP_teams_reg (void (*) (void *), void *, unsigned, unsigned, unsigned);
/* GOMP_5.1 */
void GOMP_warning (const char *, size_t);
/* GOMP_5.0 */
void GOMP_workshare_task_reduction_unregister (bool);

/* Offload registration (GOMP_4.0.1, GOMP_4.5): not in libgomp_g.h.  */
void GOMP_offload_register (const void *, int, const void *);
void GOMP_offload_unregister (const void *, int, const void *);
void GOMP_offload_register_ver (unsigned, const void *, int, const void *);
void GOMP_offload_unregister_ver (unsigned, const void *, int, const void *);

#endif
