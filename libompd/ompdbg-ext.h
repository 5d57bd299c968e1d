/* ompdbg-ext.h -- ompdbg's extensions to OMPD, exported by our libompd
   next to the OpenMP 5.1 routines.  Optional for debuggers: look them up
   with dlsym like the standard ones, and do without when absent (another
   vendor's libompd).  Conventions are OMPD's: handles are released with
   the standard ompd_rel_*_handle routines, arrays come from the
   debugger's alloc_memory callback and belong to the debugger (free them
   with its own free_memory counterpart), return codes are ompd_rc_t.

   See docs/ompd.md, "Extensions".  */

#ifndef OMPDBG_EXT_H
#define OMPDBG_EXT_H 1

#include "omp-tools.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Every OpenMP thread of the address space (the initial thread, user
   threads that used OpenMP, the runtime's pool threads, idle or not), as
   the runtime's thread registry lists them: what the 2013 OMPD design
   called ompd_get_threads.  *THREADS is an array of *COUNT thread
   handles.  ompd_rc_incomplete: the threads whose descriptor cannot be
   read (or that follow a break in the registry's list) are left out,
   the others are there.  */
ompd_rc_t ompdbg_get_threads (ompd_address_space_handle_t *address_space,
			      ompd_thread_handle_t ***threads, int *count);

/* Where an explicit task is in its life: the values the runtime stores
   in a task's task_state, and what ompdbg_get_task_state reports.  As
   omp-tools.h's lists, macro (name, value, description) for each; the
   description is the words a debugger may show.  */
#define FOREACH_OMPDBG_TASK_STATE(macro)				\
  macro (ompdbg_task_state_unknown, 0, "unknown")			\
  macro (ompdbg_task_state_waiting_deps, 1, "waiting for dependences")	\
  macro (ompdbg_task_state_queued, 2, "queued")				\
  macro (ompdbg_task_state_running, 3, "running")			\
  macro (ompdbg_task_state_detached, 4, "detached")			\
  macro (ompdbg_task_state_done, 5, "done")
/* waiting_deps: created, its predecessors not complete; queued: ready,
   waiting for a thread; running: started (maybe suspended); detached:
   its code is done, its completion event not fulfilled.  */

typedef enum ompdbg_task_state_t
{
#define OMPDBG_TASK_STATE_ENUMERATOR(name, value, text) name = value,
  FOREACH_OMPDBG_TASK_STATE (OMPDBG_TASK_STATE_ENUMERATOR)
#undef OMPDBG_TASK_STATE_ENUMERATOR
} ompdbg_task_state_t;

/* One item of a depend clause: the address and the dependence type, as
   ompt_dependence_type_t numbers it (in 1, out 2, inout 3,
   mutexinoutset 4, inoutset 7).  */
typedef struct ompdbg_dependence_t
{
  ompd_address_t address;
  ompd_word_t type;
} ompdbg_dependence_t;

/* The deferred tasks of the address space that have not started: ready
   tasks in the threads' queues and the teams' priority lists, and tasks
   waiting for their dependences (found through the successor lists of
   every task reachable from those and from the tasks on the threads'
   stacks), ready tasks first.  There may be any number of them.

   ompdbg_get_deferred_task_list finds them all, in one walk of the
   runtime's structures, and gives a list of *COUNT: a snapshot, valid
   while the target does not run, whatever its size.  A debugger then
   fetches what it needs in pieces of the size it likes:
   ompdbg_get_deferred_task_info copies the facts of tasks FIRST ..
   FIRST + MAX - 1 of the list into INFO (*COUNT of them: fewer at the
   end, 0 from the end on), ompdbg_get_deferred_task_handle makes a task
   handle for task INDEX (for the standard routines; release it with
   ompd_rel_task_handle).  ompdbg_rel_deferred_task_list releases the
   list; the address space cannot be released before.

   ompdbg_get_deferred_tasks gives the same tasks at once, as an array
   of *COUNT task handles: every handle is made, so it suits a few.  */
typedef struct _ompdbg_deferred_task_list ompdbg_deferred_task_list_t;

/* What the list knows of a task without a handle.  */
typedef struct ompdbg_task_info_t
{
  /* The runtime's task structure: identifies the task while the target
     is stopped (a task's GENERATING is its creator's TASK).  */
  ompd_address_t task;
  ompd_address_t entry_point;	/* as ompd_get_task_function: its code */
  ompd_address_t generating;	/* the generating task's structure */
  ompd_word_t state;		/* ompdbg_task_state_t */
  ompd_word_t priority;		/* its priority clause, 0 without */
  ompd_word_t ndeps;		/* its depend clause items */
  ompd_word_t pending;		/* predecessors not complete (waiting) */
  ompdbg_dependence_t first_dependence;	/* its first item; type 0:
					   it has none */
} ompdbg_task_info_t;

ompd_rc_t ompdbg_get_deferred_task_list
  (ompd_address_space_handle_t *address_space,
   ompdbg_deferred_task_list_t **list, ompd_word_t *count);
ompd_rc_t ompdbg_get_deferred_task_info
  (ompdbg_deferred_task_list_t *list, ompd_word_t first, int max,
   ompdbg_task_info_t *info, int *count);
ompd_rc_t ompdbg_get_deferred_task_handle
  (ompdbg_deferred_task_list_t *list, ompd_word_t index,
   ompd_task_handle_t **task);
ompd_rc_t ompdbg_rel_deferred_task_list (ompdbg_deferred_task_list_t *list);

ompd_rc_t ompdbg_get_deferred_tasks
  (ompd_address_space_handle_t *address_space, ompd_task_handle_t ***tasks,
   int *count);

ompd_rc_t ompdbg_get_task_state (ompd_task_handle_t *task,
				 ompdbg_task_state_t *state);

/* TASK's depend clause items (*DEPS: array of *COUNT, NULL when 0) and
   the number of its predecessors not complete yet (*PENDING, may be
   NULL; meaningful while the task waits for its dependences).  */
ompd_rc_t ompdbg_get_task_dependences (ompd_task_handle_t *task,
				       ompdbg_dependence_t **deps,
				       int *count, ompd_word_t *pending);

/* Who a thread in a wait of its own is waiting for
   (ompdbg_get_wait_holder).  */
typedef struct ompdbg_wait_holder_t
{
  /* The kernel thread id of the thread holding the object: the lock,
     critical section or atomic the thread waits to take, or the chunk
     of the ordered loop whose turn it is.  0: none (the object was
     released while the target ran, or no thread has that turn yet).  */
  ompd_word_t holder;
  /* A nest lock: the times its owner holds it; else 0.  */
  ompd_word_t nest_count;
  /* An ordered wait: the logical iteration (0 for the loop's first)
     whose turn it is, and the one the waiting thread's chunk starts at;
     else 0.  */
  ompd_word_t ordered_turn;
  ompd_word_t ordered_own;
} ompdbg_wait_holder_t;

/* THREAD waits for a lock (ompt_state_wait_lock, a simple or nest lock),
   a critical section (wait_critical), an atomic (wait_atomic) or an
   ordered turn (wait_ordered): the thread that has it.  The runtime's
   mutex words name their holder, and an ordered loop's turn is the chunk
   one member runs (docs/ompd.md, "Extensions").  ompd_rc_unavailable
   for a thread in no such wait.  */
ompd_rc_t ompdbg_get_wait_holder (ompd_thread_handle_t *thread,
				  ompdbg_wait_holder_t *holder);

/* Why a task waits for another (ompdbg_task_edge_t.kind).  */
#define FOREACH_OMPDBG_TASK_WAIT(macro)					\
  macro (ompdbg_task_wait_dependence, 1, "dependence")			\
  macro (ompdbg_task_wait_taskwait, 2, "taskwait")			\
  macro (ompdbg_task_wait_taskgroup, 3, "taskgroup")
/* dependence: WAITER is created and waits for BLOCKER, one of its
   predecessors, to complete; taskwait: WAITER waits in a taskwait for
   BLOCKER, a child not complete; taskgroup: WAITER waits at the end of a
   taskgroup for BLOCKER, a task of the group (a descendant) not
   complete.  */

typedef enum ompdbg_task_wait_t
{
#define OMPDBG_TASK_WAIT_ENUMERATOR(name, value, text) name = value,
  FOREACH_OMPDBG_TASK_WAIT (OMPDBG_TASK_WAIT_ENUMERATOR)
#undef OMPDBG_TASK_WAIT_ENUMERATOR
} ompdbg_task_wait_t;

/* One edge of the wait-for graph of the tasks: WAITER cannot go on
   before BLOCKER completes.  Tasks are named by their runtime
   structures, as in ompdbg_task_info_t (ompdbg_get_task_address gives
   the structure of a task handle).  */
typedef struct ompdbg_task_edge_t
{
  ompd_address_t waiter;
  ompd_address_t blocker;
  ompd_word_t kind;		/* ompdbg_task_wait_t */
} ompdbg_task_edge_t;

/* Every edge of the tasks' wait-for graph of the address space, from
   one walk of the tasks ompdbg_get_deferred_task_list finds plus the
   tasks on the threads' stacks: *EDGES, an array of *COUNT (NULL when
   0), from the debugger's alloc_memory.  A snapshot, valid while the
   target does not run.  */
ompd_rc_t ompdbg_get_task_edges (ompd_address_space_handle_t *address_space,
				 ompdbg_task_edge_t **edges, int *count);

/* The address of the runtime structure of TASK (what
   ompdbg_task_info_t.task and ompdbg_task_edge_t hold).  */
ompd_rc_t ompdbg_get_task_address (ompd_task_handle_t *task,
				   ompd_address_t *address);

#ifdef __cplusplus
}
#endif

#endif /* OMPDBG_EXT_H */
