/* libompd-int.h -- libompd's private types and helpers, shared by every
   file of libompd/.

   libompd sees the target only through the debugger's callbacks
   (ompd_callbacks_t) and knows the runtime's structures only through the
   layout table the runtime carries (ompdbg-layout.h), read once per
   address space.  Nothing read from the target is trusted: every read is
   checked, every size and count bounded, every pointer chain walked at
   most a fixed number of steps -- except the walk of the deferred tasks,
   which a program may have any number of: it visits each task once and
   detects the loops of its lists instead (deferred-tasks.c).  */

#ifndef OMPDBG_LIBOMPD_INT_H
#define OMPDBG_LIBOMPD_INT_H 1

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "libompd/omp-tools.h"
#include "libompd/ompdbg-layout.h"
#include "libompd/ompdbg-ext.h"

#define EXPORT __attribute__ ((visibility ("default")))
#define HIDDEN __attribute__ ((visibility ("hidden")))

/* Bounds on what the target's memory may make us do.  */
#define MAX_THREADS 65536	/* registry entries walked */
#define MAX_NESTING 4096	/* parallel levels, task generations */
#define MAX_STRUCT_SIZE (1u << 20)	/* one structure of the layout */
#define MAX_TABLE_SIZE (4u << 20)	/* the whole layout table */
#define MAX_STRING 65536	/* any string read from the target */
#define MAX_LIST 256		/* per-level ICV lists */
#define MAX_ALLOC (64u << 20)	/* any one block we allocate */

/* The callbacks given to ompd_initialize (NULL before, and after
   ompd_finalize).  */
extern HIDDEN const ompd_callbacks_t *ompd_cb;
extern HIDDEN ompd_word_t ompd_api_version_in_use;

/* ---- layout (layout.c) ------------------------------------------------ */

/* Every entry of the runtime's layout table, by its id in the list
   (L_thread_team for "gomp_thread.ts.team").  */
enum layout_id
{
#define OMPD_LAYOUT_STRUCT(id, s) L_##id,
#define OMPD_LAYOUT_MEMBER(id, s, m) L_##id,
#define OMPD_LAYOUT_ARRAY(id, s, m) L_##id,
#include "libompd/ompdbg-layout.def"
  L_COUNT
};

/* Where the table puts it.  A table of the format version this library
   reads has every entry of the list (layout_load refuses one that does
   not), so each item is known once the address space is initialised.  */
struct layout_item
{
  uint32_t offset;
  uint32_t size;
  uint32_t count;
};

/* ---- handles (handles.c) ----------------------------------------------- */

enum handle_kind
{
  HK_ASPACE = 1,
  HK_THREAD,
  HK_PARALLEL,
  HK_TASK,
  HK_VARS,			/* a display control variables vector */
  HK_TASK_LIST			/* ompdbg_get_deferred_task_list's */
};

/* First member of every handle.  A handle is valid when it is in the
   library's set of live handles with its kind (handles.c): a released or
   foreign pointer is detected without reading through it.  */
struct handle_hdr
{
  enum handle_kind kind;
};

/* Registry index cache (registry.c).  */
struct index_cache
{
  bool valid;
  uint64_t generation;
  uint64_t array;		/* target address of the index it read */
  uint32_t len;
  unsigned char *data;		/* len slots, as read */
};

struct _ompd_aspace_handle
{
  struct handle_hdr hdr;
  ompd_address_space_context_t *context;
  ompd_device_type_sizes_t sizes;
  bool swap;			/* target byte order differs from ours */
  uint32_t version;		/* layout format version */
  uint64_t roots[OMPDBG_ROOT_COUNT_V1];
  uint64_t frame_flags;		/* of every task frame (root FRAME_FLAGS) */
  struct layout_item items[L_COUNT];
  struct index_cache index;
  /* Handles created from this address space and not released: it may
     not be released while any exist.  */
  unsigned long children;
};

struct _ompd_thread_handle
{
  struct handle_hdr hdr;
  ompd_address_space_handle_t *as;
  ompd_addr_t addr;		/* its struct gomp_thread */
  unsigned char *buf;		/* that structure as read at creation */
};

struct _ompd_parallel_handle
{
  struct handle_hdr hdr;
  ompd_address_space_handle_t *as;
  /* The team, or 0 for the implicit outermost region of an initial
     thread (level 0, one thread, its initial task).  */
  ompd_addr_t team;
  ompd_addr_t thread;		/* outermost: the initial thread */
  uint64_t id;			/* team id (teams are reused) */
  unsigned char *buf;		/* the team as read (NULL: outermost) */
};

struct _ompd_task_handle
{
  struct handle_hdr hdr;
  ompd_address_space_handle_t *as;
  ompd_addr_t addr;		/* its struct gomp_task */
  unsigned char *buf;		/* that structure as read at creation */
};

/* A snapshot of the deferred tasks (deferred-tasks.c).  */
struct _ompdbg_deferred_task_list
{
  struct handle_hdr hdr;
  ompd_address_space_handle_t *as;
  size_t n;
  ompdbg_task_info_t *info;	/* N of them */
};

HIDDEN void *handle_new (enum handle_kind kind, size_t size,
			 ompd_address_space_handle_t *as, ompd_rc_t *rc);
HIDDEN bool handle_live (const void *h, enum handle_kind kind);
HIDDEN void handle_free (void *h, ompd_address_space_handle_t *as);
/* Another block handed to the debugger that it gives back to us: record
   it as live with KIND, and forget it (false: it was not live).  */
HIDDEN ompd_rc_t live_add (const void *p, enum handle_kind kind);
HIDDEN bool live_remove (const void *p);
HIDDEN void handles_reset (void);

/* Validate an input handle: NULL → bad_input, not live → stale.  */
HIDDEN ompd_rc_t check_aspace (ompd_address_space_handle_t *as);
HIDDEN ompd_rc_t check_thread (ompd_thread_handle_t *th);
HIDDEN ompd_rc_t check_parallel (ompd_parallel_handle_t *ph);
HIDDEN ompd_rc_t check_task (ompd_task_handle_t *tk);
HIDDEN ompd_rc_t check_task_list (ompdbg_deferred_task_list_t *list);

/* ---- memory and target access (target.c) -------------------------------- */

HIDDEN ompd_rc_t lib_alloc (size_t n, void *ptr);
HIDDEN void lib_free (void *p);
HIDDEN ompd_rc_t lib_strdup (const char *s, const char **out);

/* Read N bytes at ADDR; any failure of the callback is a read error.  */
HIDDEN ompd_rc_t tread (ompd_address_space_handle_t *as, ompd_addr_t addr,
			size_t n, void *buf);
/* An unsigned integer of SIZE (1, 2, 4, 8) target bytes at P.  */
HIDDEN uint64_t tload (const ompd_address_space_handle_t *as,
		       const unsigned char *p, uint32_t size);
/* Read a target integer of SIZE bytes at ADDR.  */
HIDDEN ompd_rc_t tread_uint (ompd_address_space_handle_t *as,
			     ompd_addr_t addr, uint32_t size, uint64_t *v);
HIDDEN ompd_rc_t tread_ptr (ompd_address_space_handle_t *as,
			    ompd_addr_t addr, uint64_t *v);
/* Read the NUL-terminated string at ADDR (at most MAX_STRING bytes) into
   a buffer from lib_alloc.  */
HIDDEN ompd_rc_t tread_string (ompd_address_space_handle_t *as,
			       ompd_addr_t addr, char **out);
/* Read the structure of layout id SID at ADDR into a new buffer.  */
HIDDEN ompd_rc_t tread_struct (ompd_address_space_handle_t *as,
			       enum layout_id sid, ompd_addr_t addr,
			       unsigned char **out);

/* ---- text (format.c) ------------------------------------------------------ */

/* A caller's buffer of SIZE bytes that appending never overflows: the
   text is cut at the end, always NUL-terminated.  */
struct strbuf
{
  char *p;
  size_t size, len;
};
HIDDEN void sb_init (struct strbuf *b, char *p, size_t size);
HIDDEN void sb_mem (struct strbuf *b, const char *s, size_t n);
HIDDEN void sb_str (struct strbuf *b, const char *s);
HIDDEN void sb_u64 (struct strbuf *b, uint64_t v);
HIDDEN void sb_i64 (struct strbuf *b, int64_t v);
HIDDEN void sb_hex (struct strbuf *b, uint64_t v);

/* ---- layout (layout.c) --------------------------------------------------- */

HIDDEN ompd_rc_t layout_load (ompd_address_space_handle_t *as);

static inline uint32_t
struct_size (const ompd_address_space_handle_t *as, enum layout_id id)
{
  return as->items[id].size;
}

/* Field FID of a structure buffer BUF (of layout struct SID) as an
   unsigned / sign-extended integer.  */
HIDDEN ompd_rc_t get_field (const ompd_address_space_handle_t *as,
			    const unsigned char *buf, enum layout_id sid,
			    enum layout_id fid, uint64_t *v);
HIDDEN ompd_rc_t get_field_signed (const ompd_address_space_handle_t *as,
				   const unsigned char *buf,
				   enum layout_id sid, enum layout_id fid,
				   int64_t *v);
/* Read field FID of the structure at ADDR straight from the target
   (for values that change while the handle lives).  */
HIDDEN ompd_rc_t read_field (ompd_address_space_handle_t *as,
			     ompd_addr_t addr, enum layout_id fid,
			     uint64_t *v);
HIDDEN ompd_rc_t read_field_signed (ompd_address_space_handle_t *as,
				    ompd_addr_t addr, enum layout_id fid,
				    int64_t *v);
/* Several fields of the structure at ADDR, fresh, in one read where they
   lie close together (layout.c).  */
HIDDEN ompd_rc_t read_fields (ompd_address_space_handle_t *as,
			      ompd_addr_t addr, const enum layout_id *fids,
			      int n, uint64_t *v);

/* ---- handle construction (thread-handle.c, parallel-handle.c,
   task-handle.c) ------------------------------------------------------------- */

HIDDEN ompd_rc_t thread_handle_make (ompd_address_space_handle_t *as,
				     ompd_addr_t addr,
				     ompd_thread_handle_t **out);
HIDDEN ompd_rc_t parallel_handle_make (ompd_address_space_handle_t *as,
				       ompd_addr_t team, ompd_addr_t thread,
				       ompd_parallel_handle_t **out);
HIDDEN ompd_rc_t task_running (ompd_address_space_handle_t *as,
			       ompd_addr_t task, bool *running);
/* The scheduling task of running task TASK of kind KIND (0: none), read
   now.  */
HIDDEN ompd_rc_t task_sched_parent (ompd_address_space_handle_t *as,
				    ompd_addr_t task, uint64_t kind,
				    ompd_addr_t *sched);
HIDDEN ompd_rc_t task_handle_make (ompd_address_space_handle_t *as,
				   ompd_addr_t addr,
				   ompd_task_handle_t **out);
/* What changes about the thread at THREAD while its handle lives, read
   fresh in one call (two for a worker): its team as OpenMP sees it -- 0
   when it is in none, also for a worker whose region has ended since it
   entered it, or that has not yet entered the next (the runtime leaves
   its team pointer in place: runtime/pool.c, worker_end; ENDED tells
   that case) -- the state word and wait id of the thread's own (states.c
   reads the rest), and its current task as the runtime has it (the
   caller decides what that means for a thread in no team).  A pool
   thread a team has released into its region that has not begun its
   implicit task there is in that team with its number (UNSTARTED) and
   has no current task.  */
struct thread_now
{
  uint64_t team, state, wait_id, task;
  uint64_t num;			/* its thread number in TEAM */
  bool ended;			/* its region has ended, or not begun */
  bool unstarted;		/* released into TEAM's region, not begun */
};
HIDDEN ompd_rc_t thread_now (ompd_address_space_handle_t *as,
			     ompd_addr_t thread, struct thread_now *t);
/* Whether the thread of TH, as T read it now, is an idle pool thread.  */
HIDDEN ompd_rc_t thread_idle (const ompd_thread_handle_t *th,
			      const struct thread_now *t, bool *idle);
/* The parallel region binding task TASK (at ADDR, structure BUF).  */
HIDDEN ompd_rc_t task_region (ompd_address_space_handle_t *as,
			      ompd_addr_t addr, const unsigned char *buf,
			      ompd_addr_t *team, ompd_addr_t *thread);
/* Level of the region of TASK (0: outermost).  */
HIDDEN ompd_rc_t task_level (ompd_task_handle_t *tk, uint64_t *level);

/* ---- deferred tasks (deferred-tasks.c) ------------------------------------ */

/* The walk of ompdbg_get_deferred_task_list: the tasks not started in
   *INFO (*N), and with ALL every task reached, started or not, in *ALL
   (*NALL); lib_alloc'ed, the caller frees both.  */
HIDDEN ompd_rc_t deferred_walk (ompd_address_space_handle_t *as,
				ompdbg_task_info_t **info, size_t *n,
				ompd_addr_t **all, size_t *nall);

/* ---- registry (registry.c) ---------------------------------------------- */

/* Call FN for each OpenMP thread (address, tid, pthread), at most
   MAX_THREADS; stop early when FN returns true.  */
typedef bool (*thread_visit_fn) (void *arg, ompd_addr_t thread, int64_t tid,
				 uint64_t pthread);
HIDDEN ompd_rc_t registry_walk (ompd_address_space_handle_t *as,
				thread_visit_fn fn, void *arg);
/* The same from the threads' descriptors, never the index: a thread
   that has not started yet has its pthread id there only.  */
HIDDEN ompd_rc_t registry_walk_descriptors (ompd_address_space_handle_t *as,
					    thread_visit_fn fn, void *arg);

#endif /* OMPDBG_LIBOMPD_INT_H */
