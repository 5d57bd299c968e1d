/* ompdbg-target.h -- a live process or a core file as an OMPD target.

   libompdbg-target is the debugger side of OMPD written in C on elfutils
   (libdwfl, libdw, libelf).  It turns
     - a live process: every thread is stopped with ptrace (PTRACE_SEIZE +
       PTRACE_INTERRUPT), memory is /proc/PID/mem, threads /proc/PID/task;
     - a core file with its executable and shared libraries: modules from
       dwfl_core_file_report, threads and registers from the core's
       NT_PRSTATUS notes through dwfl_core_file_attach / dwfl_getthreads,
       and the file-backed ranges a kernel core leaves out (read-only text
       and data) read from the modules' ELF files
   into one object, `struct ompdbg_target`, with memory, symbol, thread
   and register access, and serves the OMPD 5.1 debugger callbacks
   (`ompd_callbacks_t` of libompd/omp-tools.h) from it: the address-space
   context libompd receives IS the target, and each thread context IS one
   of its `struct ompdbg_thread`s.

   The style is that of elfutils and glibc's nptl_db: opaque handles,
   every function validates its handle first and returns an
   `ompdbg_err_t` (OMPDBG_E_OK is 0); `ompdbg_errmsg` gives the message.
   Results come back through out parameters.  Target data (registers,
   symbol tables, the glibc thread-descriptor layout) is fetched lazily
   and cached.  A target is used by one debugger thread at a time.  */

#ifndef OMPDBG_TARGET_H
#define OMPDBG_TARGET_H 1

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "libompd/omp-tools.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Error codes and their messages (X-macro: one table, no drift).  */
#define OMPDBG_ERRORS(X)						\
  X (OK, "success")							\
  X (NOMEM, "out of memory")						\
  X (BADARG, "invalid argument")					\
  X (BADHANDLE, "invalid or released handle")				\
  X (NOPROC, "no such process")						\
  X (PERM, "operation not permitted (ptrace or /proc access denied)")	\
  X (ATTACH, "cannot attach to the process")				\
  X (OPEN, "cannot open file")						\
  X (NOTCORE, "not an ELF core file")					\
  X (BADCORE, "core file is truncated or corrupt")			\
  X (EXEMISMATCH, "the executable does not match the core file")	\
  X (NOMODULES, "cannot find the modules (executable, libraries) of the target") \
  X (DWFL, "elfutils (libdwfl) failure")				\
  X (UNMAPPED, "address not readable in the target")			\
  X (READONLY, "the target is read-only (core file)")			\
  X (WRITE, "cannot write the target's memory")				\
  X (NOSYM, "symbol not found")						\
  X (TLS, "symbol is thread-local (TLS is not resolved)")		\
  X (NOTHREAD, "no such thread in the target")				\
  X (NOREG, "register not available")					\
  X (INCOMPLETE, "string not terminated within the buffer")		\
  X (UNSUPPORTED, "not supported for this target")			\
  X (NORUNTIME, "no OMPD-enabled OpenMP runtime in the target (ompd_dll_locations not found or not yet set)") \
  X (NOLIBOMPD, "no libompd listed by the runtime could be loaded")	\
  X (OMPD, "libompd returned an error")					\
  X (TRUNCATED, "not in the core file, which is truncated before it")

typedef enum ompdbg_err
{
#define OMPDBG_ERR_ENUM(name, msg) OMPDBG_E_##name,
  OMPDBG_ERRORS (OMPDBG_ERR_ENUM)
#undef OMPDBG_ERR_ENUM
  OMPDBG_E_NUM
} ompdbg_err_t;

/* The message for ERR ("unknown error" outside the table).  */
const char *ompdbg_errmsg (ompdbg_err_t err);

struct ompdbg_target;
struct ompdbg_thread;

/* ---- opening and closing (target-live.c, target-core.c, target.c) ---- */

/* Stop every thread of process PID with ptrace and open it as a target.
   Errors: NOPROC (no such process), PERM, ATTACH, DWFL.  The process stays
   stopped until ompdbg_target_close, which detaches (re-delivering any
   signal a thread was stopped with).  */
ompdbg_err_t ompdbg_target_attach (pid_t pid, struct ompdbg_target **targetp);

/* Open core file CORE.  EXECUTABLE is the program that dumped it, or NULL
   to take the file names recorded in the core (NT_FILE).  Libraries are
   found by the names and build ids the core records.  A core cut short
   after its notes opens: see ompdbg_target_core_truncated.  Errors: OPEN,
   NOTCORE, BADCORE (headers or notes missing or corrupt), EXEMISMATCH
   (EXECUTABLE's build id or entry point is not the dumped one's),
   NOMODULES, DWFL.  */
ompdbg_err_t ompdbg_target_open_core (const char *core, const char *executable,
				      struct ompdbg_target **targetp);

/* Whether TARGET is a core file shorter than its program headers say:
   *NEEDED the size they need (0 when the file is whole, and for a live
   process), *SIZE the file's, *SEGMENTS how many memory segments lack
   data and *MISSING their bytes.  The threads and registers (the notes,
   which must be whole) are all there; memory reads of the missing parts
   fail with TRUNCATED.  Any pointer may be NULL.  */
ompdbg_err_t ompdbg_target_core_truncated (struct ompdbg_target *target,
					   uint64_t *needed, uint64_t *size,
					   size_t *segments, uint64_t *missing);

/* Detach (live) or close (core) and free TARGET, its threads, and its
   contexts.  Sessions on it must be closed first.  NULL is ignored.  */
void ompdbg_target_close (struct ompdbg_target *target);

/* 1 for a live process, 0 for a core file, -1 for a bad handle.  */
int ompdbg_target_is_live (const struct ompdbg_target *target);

/* The process id (live) or the dumped process's id (core, from its first
   NT_PRSTATUS note); -1 for a bad handle.  */
pid_t ompdbg_target_pid (const struct ompdbg_target *target);

/* Primitive sizes of the target, from the ELF class of its main module
   (LP64 for ELFCLASS64, ILP32 for ELFCLASS32).  */
ompdbg_err_t ompdbg_target_type_sizes (struct ompdbg_target *target,
				       ompd_device_type_sizes_t *sizes);

/* The target's byte order: ELFDATA2LSB or ELFDATA2MSB (elf.h).  */
ompdbg_err_t ompdbg_target_byte_order (struct ompdbg_target *target,
				       int *byte_order);

/* elfutils' Dwfl of the target (for unwinding, addr2line, ...): owned by
   the target.  NULL for a bad handle.  The type is libdwfl.h's Dwfl.  */
struct Dwfl *ompdbg_target_dwfl (struct ompdbg_target *target);

/* ---- memory (target-memory.c) -------------------------------------- */

/* Copy SIZE bytes at ADDR into BUF.  All or nothing: UNMAPPED when any
   byte is not readable (not mapped, or left out of the core and not
   backed by a module file), TRUNCATED when it was dumped past the end
   of a truncated core.  */
ompdbg_err_t ompdbg_read_memory (struct ompdbg_target *target, uint64_t addr,
				 size_t size, void *buf);

/* Copy the NUL-terminated string at ADDR into BUF of SIZE bytes.
   INCOMPLETE when no NUL occurs in the first SIZE bytes (BUF then holds
   those SIZE bytes, unterminated); UNMAPPED when memory ends first.  */
ompdbg_err_t ompdbg_read_string (struct ompdbg_target *target, uint64_t addr,
				 size_t size, char *buf);

/* Write SIZE bytes from BUF at ADDR: live targets only (READONLY for a
   core; WRITE when the kernel refuses).  */
ompdbg_err_t ompdbg_write_memory (struct ompdbg_target *target, uint64_t addr,
				  size_t size, const void *buf);

/* ---- symbols (target-symbols.c) ------------------------------------ */

/* Address of the defined symbol NAME (object, function, notype: local,
   global or weak) in the symbol tables of the modules, .symtab where a
   module (or its separate debug file) has one, else .dynsym.  With
   FILE_NAME NULL the executable is searched first, then the libraries in
   address order; otherwise the modules FILE_NAME names come first: FILE_NAME
   is a path, a base name ("libgomp.so.1") or a base name prefix up to a
   dot ("libgomp.so", "libgomp").  Errors: NOSYM, TLS (a thread-local
   symbol: its address differs per thread, see ompdbg_lookup_tls_symbol).  */
ompdbg_err_t ompdbg_lookup_symbol (struct ompdbg_target *target,
				   const char *name, const char *file_name,
				   uint64_t *addr);

/* The symbol containing ADDR and the module's name (both owned by the
   target, valid until it is closed); *OFFSET is ADDR minus the symbol's
   value.  NOSYM when none.  SYM, MODULE, OFFSET may be NULL.  */
ompdbg_err_t ompdbg_addr_symbol (struct ompdbg_target *target, uint64_t addr,
				 const char **sym, uint64_t *offset,
				 const char **module);

/* The name gdb gives the frame of code address PC when no debug
   information names it: of the symbols at the start of the one that
   contains PC, the one gdb's minimal symbols pick (the last by name,
   one with a size, text -- global or weak -- before local), named as the
   module's symbol table writes it.  *OFFSET is PC minus its value.  NULL
   when no symbol contains PC.  Owned by the target.  */
const char *ompdbg_code_symbol (struct ompdbg_target *target, uint64_t pc,
				uint64_t *offset);

/* ---- thread-local storage (target-tls.c) ---------------------------- */

/* The address of thread THREAD's instance of the thread-local symbol
   NAME (FILE_NAME: as ompdbg_lookup_symbol), as glibc's libthread_db
   computes it (td_thr_tls_get_addr), from the target's memory alone, so
   cores work too: the module's link_map entry (found through _r_debug,
   matched by its dynamic section) gives its TLS module id and static TLS
   offset, whose places in glibc's link_map libc.so.6 itself publishes
   for libthread_db (_thread_db_link_map_l_tls_offset and _modid); a
   module in the static TLS block is at the thread pointer minus its
   offset, another (dlopen'ed later) at its slot of the thread's DTV
   (_thread_db_pthread_dtvp, _thread_db_dtv_dtv).  A symbol that is not
   thread-local has its one address.  Errors: those of
   ompdbg_lookup_symbol but TLS, UNSUPPORTED (not x86-64, or a libc that
   publishes no layout), NOREG (no thread pointer), UNMAPPED (the
   thread's block is not allocated yet, or the loader's data cannot be
   read).  */
ompdbg_err_t ompdbg_lookup_tls_symbol (struct ompdbg_thread *thread,
				       const char *name, const char *file_name,
				       uint64_t *addr);

/* The thread pointer of THREAD (x86-64: fs_base, its glibc thread
   descriptor): from ptrace for a live process, from the thread's
   NT_PRSTATUS note in a core.  UNSUPPORTED on other architectures.  */
ompdbg_err_t ompdbg_thread_pointer (struct ompdbg_thread *thread,
				    uint64_t *tp);

/* ---- threads and registers (target-threads.c) ----------------------- */

enum ompdbg_reg
{
  OMPDBG_REG_PC,
  OMPDBG_REG_SP,
  OMPDBG_REG_FP
};

/* Number of threads (LWPs); they are numbered 0..N-1 in the order of
   /proc/PID/task (live) or of the NT_PRSTATUS notes (core: thread 0 is the
   one that dumped).  */
ompdbg_err_t ompdbg_thread_count (struct ompdbg_target *target, size_t *n);
ompdbg_err_t ompdbg_thread_at (struct ompdbg_target *target, size_t index,
			       struct ompdbg_thread **thread);
ompdbg_err_t ompdbg_thread_by_lwp (struct ompdbg_target *target, pid_t lwp,
				   struct ompdbg_thread **thread);

/* The thread whose glibc thread descriptor (pthread_t) is PTHREAD: its
   `tid` field is read at the offset libc itself publishes for
   libthread_db (the `_thread_db_pthread_tid` descriptor in libc.so.6's
   .dynsym), so no libthread_db and no hard-coded offset is needed; cores
   work as well.  UNSUPPORTED when the target's libc has no descriptor,
   NOTHREAD when the tid read is not one of the target's threads.  */
ompdbg_err_t ompdbg_thread_by_pthread (struct ompdbg_target *target,
				       uint64_t pthread,
				       struct ompdbg_thread **thread);

/* Thread's LWP id; -1 for a bad handle.  */
pid_t ompdbg_thread_lwp (const struct ompdbg_thread *thread);

/* The thread's target.  NULL for a bad handle.  */
struct ompdbg_target *ompdbg_thread_target (const struct ompdbg_thread *thread);

/* Register REG of the stopped (or dumped) thread: the innermost frame's
   pc, stack pointer and frame pointer, read once through libdwfl's
   initial frame and cached.  NOREG when the architecture or the core does
   not give it.  */
ompdbg_err_t ompdbg_thread_reg (struct ompdbg_thread *thread,
				enum ompdbg_reg reg, uint64_t *value);

/* ---- OMPD callbacks (callbacks.c) ----------------------------------- */

/* The eleven OMPD callbacks, served by this library: pass to
   ompd_initialize.  Static storage, never freed.  */
const ompd_callbacks_t *ompdbg_callbacks (void);

/* A target as OMPD address-space context and back; a thread as OMPD
   thread context and back.  The from_* functions return NULL for a
   pointer that is not one of ours.  */
ompd_address_space_context_t *ompdbg_target_context (struct ompdbg_target *);
struct ompdbg_target *ompdbg_target_from_context (ompd_address_space_context_t *);
ompd_thread_context_t *ompdbg_thread_context (struct ompdbg_thread *);
struct ompdbg_thread *ompdbg_thread_from_context (ompd_thread_context_t *);

/* ---- loading libompd the OMPD way (session.c) ----------------------- */

/* The OMPD entry points of a loaded libompd, found with dlsym.  The ones
   a conforming libompd must have are never NULL in an open session.  */
struct ompdbg_ompd_api
{
#define OMPDBG_OMPD_ENTRY(name) __typeof__ (ompd_##name) *name;
#define OMPDBG_OMPD_ENTRIES(X)						\
  X (initialize) X (get_api_version) X (get_version_string) X (finalize) \
  X (process_initialize) X (device_initialize)				\
  X (rel_address_space_handle) X (get_omp_version)			\
  X (get_omp_version_string) X (get_device_thread_id_kinds)		\
  X (get_thread_in_parallel) X (get_thread_handle) X (rel_thread_handle) \
  X (thread_handle_compare) X (get_thread_id) X (get_device_from_thread) \
  X (get_curr_parallel_handle) X (get_enclosing_parallel_handle)	\
  X (get_task_parallel_handle) X (rel_parallel_handle)			\
  X (parallel_handle_compare) X (get_curr_task_handle)			\
  X (get_generating_task_handle) X (get_scheduling_task_handle)		\
  X (get_task_in_parallel) X (rel_task_handle) X (task_handle_compare)	\
  X (get_task_function) X (get_task_frame) X (enumerate_states)		\
  X (get_state) X (get_display_control_vars)				\
  X (rel_display_control_vars) X (enumerate_icvs)			\
  X (get_icv_from_scope) X (get_icv_string_from_scope) X (get_tool_data)
  OMPDBG_OMPD_ENTRIES (OMPDBG_OMPD_ENTRY)
};

struct ompdbg_session;

/* Load libompd for TARGET as OMPD prescribes: read the runtime's
   `ompd_dll_locations` (a NULL-terminated `const char **`) from the
   target, dlopen the first entry that loads, look up the entry points,
   call ompd_initialize (202011, ompdbg_callbacks ()) (once per loaded
   library, however many sessions use it) and ompd_process_initialize on
   the target's context.  LIBRARY, when not NULL, is tried instead of the
   target's list.  On failure *DIAG (when DIAG is not NULL) receives a
   malloc'ed explanation: the candidates tried and why each failed, or
   libompd's return code; the caller frees it.  Errors: NORUNTIME,
   NOLIBOMPD, OMPD (libompd's code is in *DIAG), NOMEM.  */
ompdbg_err_t ompdbg_session_open (struct ompdbg_target *target,
				  const char *library,
				  struct ompdbg_session **sessionp,
				  char **diag);

/* Release the address-space handle, and finalize and unload libompd when
   this was its last session.  NULL is ignored.  */
void ompdbg_session_close (struct ompdbg_session *session);

/* The entry points, the address-space handle, the path that was loaded.
   NULL for a bad handle.  */
const struct ompdbg_ompd_api *ompdbg_session_api (struct ompdbg_session *);
ompd_address_space_handle_t *ompdbg_session_aspace (struct ompdbg_session *);
const char *ompdbg_session_library (struct ompdbg_session *);

#ifdef __cplusplus
}
#endif

#endif /* ompdbg-target.h */
