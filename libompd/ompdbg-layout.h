/* ompdbg-layout.h -- the layout table the runtime carries in its own
   memory for libompd: what libompd knows of the runtime's structures.

   libompd is never compiled against the runtime's private headers.  The
   runtime exports one object, `ompdbg_layout' (in .dynsym, OMPD_5.1
   node), generated at build time from the runtime's DWARF with libdw
   (runtime/ompd-layout-gen.c), so that no offset is maintained by hand.
   A debugger reads it once per address space: one symbol lookup, one read
   of the header, one read of the rest.

   Placement: in .data, not .rodata, and written at start-up (the `live'
   word), so that the page is private anonymous memory by the time a core
   is dumped: a kernel core omits file-backed pages nobody wrote.  Its
   root pointers are relocated at load time, which dirties it too.

   Layout of the table (all integers in the target's byte order; the
   magic tells a debugger that order):

     struct ompdbg_layout_header        header
     struct ompdbg_layout_entry         entries[nentries]
     char                               strings[strings_size]

   Each entry names one structure ("gomp_thread": offset 0, size = sizeof)
   or one member by its path from the structure ("gomp_thread.ts.team",
   "gomp_team.barrier.word": offset from the start of the structure, size
   of the member, and for an array member the element count).  The names
   are those of ompdbg-layout.def.  A reader looks entries up by name,
   treats a missing name it needs as an incompatible runtime and ignores
   names it does not know.  */

#ifndef OMPDBG_LAYOUT_H
#define OMPDBG_LAYOUT_H 1

#include <stdint.h>

/* "OMPDBGLT" read as a little-endian uint64_t.  */
#define OMPDBG_LAYOUT_MAGIC 0x544c474244504d4fULL

/* Format version: what the entries and roots mean.  libompd reads
   exactly this version and returns ompd_rc_incompatible for any other.
   The rules a reader of this version follows, and what changes it:
   docs/ompd.md, "Versioning" and "What the entries mean".  */
#define OMPDBG_LAYOUT_VERSION 5

/* Global roots: addresses of the runtime's hidden globals, so that a
   debugger needs no symbol but `ompdbg_layout'.  Index into
   header.roots[].  */
enum ompdbg_layout_root
{
  OMPDBG_ROOT_REGISTRY = 0,	/* struct gomp_registry */
  OMPDBG_ROOT_GLOBAL_ICV,	/* struct gomp_global_icv */
  OMPDBG_ROOT_INITIAL_ICV,	/* struct gomp_icv */
  OMPDBG_ROOT_NUM_PROCS,	/* unsigned int gomp_num_procs */
  OMPDBG_ROOT_BP_ENABLED,	/* int: OMPD breakpoint enable flag */
  /* Address of a `char *' holding the display control variables: one
     NUL-terminated string of "NAME=VALUE" lines separated by '\n', every
     setting OMP_DISPLAY_ENV=verbose shows, built at start-up.  */
  OMPDBG_ROOT_ENV_BLOCK,
  OMPDBG_ROOT_OPENMP_VERSION,	/* int: _OPENMP value of the runtime */
  OMPDBG_ROOT_VERSION_STRING,	/* char[]: runtime name and version */
  /* int: the ompt_frame_flag_t flags of every task frame (exit and enter
     frames alike), which the runtime does not store per task.  */
  OMPDBG_ROOT_FRAME_FLAGS,
  /* uintptr_t: the exit frame of a task whose kind has both TASK_ON_STACK
     and TASK_ON_PARENT (GOMP_task's undeferred task: its struct is a
     local of GOMP_task, whose frame is its exit frame) minus the task's
     own address: one distance for every such task, which the runtime
     measures once at start-up, instead of storing an exit frame per task
     0: unknown (its unwinder could not tell), such exit
     frames are unavailable.  At most OMPDBG_ON_PARENT_EXIT_MAX.  */
  OMPDBG_ROOT_ON_PARENT_EXIT,
  OMPDBG_ROOT_COUNT_V1 = 16	/* slots in version 1; unused ones are 0 */
};

/* The largest distance OMPDBG_ROOT_ON_PARENT_EXIT can hold: a frame
   size; beyond it, garbage.  */
#define OMPDBG_ON_PARENT_EXIT_MAX 65536

/* The runtime's mutex word (omp_lock_t, the first word of
   omp_nest_lock_t, a named critical's slot, gomp_critical_lock,
   gomp_atomic_lock): 0 when free; when held, the kernel thread id of the
   thread that took it in the low bits, OMPDBG_MUTEX_NEST on the word of
   a nest lock (struct gomp_nest_lock: its count and owner task follow;
   the OpenMP 2.5 nest lock of lock-compat.c, {owner, count}: its count),
   and OMPDBG_MUTEX_WAITERS while a waiter may sleep.  A debugger reads
   the holder of the object a thread waits for (its wait id) from the
   word alone.  The layout table has struct gomp_nest_lock for a runtime
   that keeps it so.  */
#define OMPDBG_MUTEX_WAITERS 0x80000000u
#define OMPDBG_MUTEX_NEST 0x40000000u
#define OMPDBG_MUTEX_HOLDER 0x3fffffffu

/* A task's kind (gomp_task.kind) holds ompt_task_flag_t flags
   (omp-tools.h) and these two bits of the runtime's own (docs/ompd.md,
   "What the entries mean"):
   - ON_STACK: the task runs from a struct on its thread's stack and has
     not moved to the heap; it keeps no successor fields.
   - ON_PARENT: it runs on top of its parent, the thread's current task,
     from the frame where the parent's code entered the runtime (an
     undeferred task GOMP_task runs at once, or a child GOMP_taskwait
     runs): its sched_parent is its parent and its parent's enter frame
     is its own exit frame, neither stored.  With ON_STACK too, its exit
     frame is its own address plus the distance of root
     OMPDBG_ROOT_ON_PARENT_EXIT.  */
#define FOREACH_OMPDBG_TASK_BIT(macro)					\
  macro (OMPDBG_TASK_ON_STACK, 0x10000)					\
  macro (OMPDBG_TASK_ON_PARENT, 0x20000)

enum ompdbg_task_bit
{
#define OMPDBG_TASK_BIT_ENUMERATOR(name, value) name = value,
  FOREACH_OMPDBG_TASK_BIT (OMPDBG_TASK_BIT_ENUMERATOR)
#undef OMPDBG_TASK_BIT_ENUMERATOR
};

/* Where the runtime keeps each ompt_state_t it enters (docs/ompd.md,
   "What the entries mean"):
   - the thread's own waits and overhead, in gomp_thread.state, with the
     object waited for in gomp_thread.wait_id;
   - the waits during which the thread runs tasks, in the waiting task's
     gomp_task.wait_state, which means something while the task is its
     thread's current task with its enter frame set; no wait id stored.
   Work and idle are stored nowhere: a reader derives them.  Each list
   expands macro (state) for the ompt_state_t names of omp-tools.h.  */
#define FOREACH_OMPDBG_THREAD_WORD_STATE(macro)				\
  macro (ompt_state_wait_mutex)						\
  macro (ompt_state_wait_lock)						\
  macro (ompt_state_wait_critical)					\
  macro (ompt_state_wait_atomic)					\
  macro (ompt_state_wait_ordered)					\
  macro (ompt_state_wait_target)					\
  macro (ompt_state_wait_target_map)					\
  macro (ompt_state_wait_target_update)					\
  macro (ompt_state_overhead)

#define FOREACH_OMPDBG_TASK_WAIT_STATE(macro)				\
  macro (ompt_state_wait_barrier)					\
  macro (ompt_state_wait_barrier_implicit_parallel)			\
  macro (ompt_state_wait_barrier_implicit_workshare)			\
  macro (ompt_state_wait_barrier_implicit)				\
  macro (ompt_state_wait_barrier_explicit)				\
  macro (ompt_state_wait_barrier_implementation)			\
  macro (ompt_state_wait_barrier_teams)					\
  macro (ompt_state_wait_taskwait)					\
  macro (ompt_state_wait_taskgroup)

struct ompdbg_layout_header
{
  uint64_t magic;		/* OMPDBG_LAYOUT_MAGIC */
  uint32_t version;		/* OMPDBG_LAYOUT_VERSION */
  uint32_t header_size;		/* sizeof (struct ompdbg_layout_header) */
  uint32_t entry_size;		/* sizeof (struct ompdbg_layout_entry) */
  uint32_t nentries;
  uint32_t strings_size;	/* bytes of the string pool */
  uint32_t total_size;		/* header + entries + strings */
  /* Target primitive sizes, as ompd_device_type_sizes_t.  */
  uint8_t sizeof_char, sizeof_short, sizeof_int, sizeof_long;
  uint8_t sizeof_long_long, sizeof_pointer;
  uint8_t pad[2];
  /* Set to OMPDBG_LAYOUT_MAGIC by the runtime at start-up: the runtime
     has initialised (and the page is dirty, so it is in any core).  */
  uint64_t live;
  uint64_t roots[OMPDBG_ROOT_COUNT_V1];
};

struct ompdbg_layout_entry
{
  uint32_t name;		/* offset of the NUL-terminated name in strings */
  uint32_t offset;		/* member offset; 0 for a structure */
  uint32_t size;		/* member (whole array) or structure size */
  uint32_t count;		/* array elements, 1 if not an array */
};

#endif /* OMPDBG_LAYOUT_H */
