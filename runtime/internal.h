/* internal.h -- the runtime's private types, shared by every file of runtime/.

   Everything a debugger needs lives in plain typed structures reachable
   from one global registry (gomp_registry): every OpenMP thread, the team
   (parallel region) it belongs to, the implicit task it runs and the ICVs
   in force.  No OpenMP state exists only in registers or in locals of a
   wait loop: before a thread waits it records what it waits for in its
   gomp_thread (state, wait_id).  */

#ifndef OMPDBG_RUNTIME_INTERNAL_H
#define OMPDBG_RUNTIME_INTERNAL_H 1

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <pthread.h>
#include <sched.h>

#include "gomp-abi.h"
#include "libompd/omp-tools.h"
#include "libompd/ompdbg-ext.h"
#include "libompd/ompdbg-layout.h"

#define EXPORT __attribute__ ((visibility ("default")))
#define HIDDEN __attribute__ ((visibility ("hidden")))
#define NORETURN __attribute__ ((noreturn))
#define likely(x) __builtin_expect (!!(x), 1)
#define unlikely(x) __builtin_expect (!!(x), 0)
#define CACHE_LINE 64
#define CACHE_ALIGNED __attribute__ ((aligned (CACHE_LINE)))
#define ALWAYS_INLINE inline __attribute__ ((always_inline))

/* Store V into LV only if it differs.  For fields of a structure other
   threads read each time it is reused (a team at each region, a work
   share at each construct): a line nobody changed stays in their caches,
   where a store, even of the same value, would take it away from all of
   them and make each read miss.  Not for _Atomic fields (an assignment
   to one is a sequentially consistent store).  */
#define GOMP_SET_IF_CHANGED(lv, v)		\
  do						\
    {						\
      if ((lv) != (v))				\
	(lv) = (v);				\
    }						\
  while (0)

/* OMPDBG_NO_STATE builds the runtime without the state it keeps for
   debuggers (thread state and wait_id, task frames and sched_parent):
   bench/ builds it so to measure what keeping that state costs.  Every
   such store goes through the helpers at the end of this file, which
   then do nothing.  Never for real use: a debugger would read garbage.  */
#ifdef OMPDBG_NO_STATE
# define GOMP_TRACK_STATE 0
#else
# define GOMP_TRACK_STATE 1
#endif

/* The canonical frame address of the function it is written in (after
   inlining: of the function it is inlined into), for struct gomp_frame.
   Entry points take it and pass it down to wherever the thread may wait
   or run other code.  */
#define GOMP_CFA() (GOMP_TRACK_STATE ? __builtin_dwarf_cfa () : NULL)

/* The value GCC 12's libgomp reports; programs compare against it.  */
#define GOMP_OPENMP_VERSION 201511
#define OMPDBG_RUNTIME_NAME "ompdbg runtime"

/* ---- omp.h enumerations, with the values of GCC's omp.h ----------- */

enum gomp_sched
{
  GS_STATIC = 1,
  GS_DYNAMIC = 2,
  GS_GUIDED = 3,
  GS_AUTO = 4,
  GS_MONOTONIC = 0x80000000u
};

enum gomp_proc_bind
{
  BIND_FALSE = 0,
  BIND_TRUE = 1,
  BIND_PRIMARY = 2,
  BIND_CLOSE = 3,
  BIND_SPREAD = 4
};

/* OpenMP thread states: the runtime stores OpenMP 5.1's ompt_state_t
   values (omp-tools.h) unchanged, so that a debugger reads them as they
   are.  Where each is kept is part of the contract with debuggers
   (ompdbg-layout.h, FOREACH_OMPDBG_THREAD_WORD_STATE and
   FOREACH_OMPDBG_TASK_WAIT_STATE): the barriers, taskwait and taskgroup
   are the waiting task's (gomp_task.wait_state), with no object stored:
   libompd takes it from what it reads anyway; the lock, critical, atomic
   and ordered waits and overhead are the thread's (gomp_thread.state and
   wait_id); work and idle are stored nowhere but as the word's 0 (the
   end of this file).  When each is set, and the object waited for
   (docs/runtime.md, "State for debuggers", has the same table):

   state                            set while                    wait_id
   work_serial                      outside parallel regions     0
   work_parallel                    in a region, or a task       0
   wait_barrier_implicit_parallel   end of a region: running     &team->barrier
                                    tasks, master's join
   wait_barrier_implicit_workshare  end of for/sections          &team->barrier
   wait_barrier_explicit            barrier (cancellable too)    &team->barrier
   wait_barrier_implementation      single copyprivate's hand-   &team->barrier
                                    over, the end of task
                                    reductions of for/sections/
                                    scope
   wait_taskwait                    taskwait, taskwait depend,   the waiting
                                    undeferred task's deps or    task
                                    detach event
   wait_taskgroup                   end of taskgroup             the taskgroup
   wait_lock                        omp_set_lock, nest lock      the lock
   wait_critical                    critical                     named: the
                                    (gomp_critical_lock for      slot GCC
                                    the unnamed one)             passes;
                                                                 unnamed: lock
   wait_atomic                      GOMP_atomic_start            &gomp_atomic_
                                                                 lock
   wait_ordered                     ordered turn, doacross       the work share
                                    depend(sink)
   idle                             pool thread at its dock      0
                                    (libompd sees it)
   overhead                         forming a team; waiting      0 / the work
                                    for a work share hand-over   share

   Not used: work_reduction (GCC combines reductions in the program's
   own code, between runtime calls), wait_barrier (the kind of each
   barrier is known), wait_barrier_teams (host teams run one after the
   other: no barrier), wait_mutex (a mutexinoutset task whose address
   is taken is put back in its queue; no thread waits for it),
   wait_target*.  A thread that
   runs a task while it waits shows work_parallel, its task's
   sched_parent the waiting task, whose wait it is again when the task
   is done.  */

/* ---- ICVs ----------------------------------------------------------- */

/* Data-environment ICVs: one copy per task (OpenMP 5.1 Table 2.3).  */
struct gomp_icv
{
  unsigned long nthreads_var;
  unsigned long thread_limit_var;
  unsigned int run_sched_var;	/* enum gomp_sched, maybe | GS_MONOTONIC */
  int run_sched_chunk;		/* 0 = unspecified */
  int default_device_var;
  int max_active_levels_var;
  unsigned char dyn_var;
  unsigned char bind_var;	/* enum gomp_proc_bind */
  /* def-allocator-var; 0 (omp_null_allocator) until the program sets it,
     meaning the OMP_ALLOCATOR value, gomp_global_icv.def_allocator_var.  */
  uintptr_t def_allocator_var;
};

/* Global and device ICVs and the runtime's own settings.  */
struct gomp_global_icv
{
  unsigned long stacksize;	/* bytes; 0 = the system default */
  unsigned long stacksize_var;	/* OMP_STACKSIZE as given, bytes (0 unset);
				   stacksize stays 0 if pthreads refuses it */
  int wait_policy;		/* -1 unset, 0 passive, 1 active */
  unsigned long long spin_count;	/* spins before sleeping */
  unsigned long long throttled_spin_count;	/* when oversubscribed */
  unsigned char cancel_var;
  unsigned char display_affinity_var;
  int max_task_priority_var;
  int num_teams_var;
  int teams_thread_limit_var;
  int target_offload_var;	/* 0 default, 1 mandatory, 2 disabled */
  uintptr_t def_allocator_var;
  unsigned char nested_set;	/* OMP_NESTED was given */
  unsigned char debug_var;	/* OMP_DEBUG=enabled */
  /* Per-level lists from OMP_NUM_THREADS and OMP_PROC_BIND.  */
  unsigned int nthreads_list_len;
  unsigned long *nthreads_list;
  unsigned int bind_list_len;
  unsigned char *bind_list;
  char *affinity_format;
  char *places_string;		/* OMP_PLACES as given, "" if unset */
  char *cpu_affinity_string;	/* GOMP_CPU_AFFINITY as given */
};

extern HIDDEN struct gomp_icv gomp_initial_icv;
extern HIDDEN struct gomp_global_icv gomp_global_icv;
extern HIDDEN unsigned int gomp_num_procs;

/* ---- waiting --------------------------------------------------------- */

/* Spin-then-sleep waiting on a 32-bit word.  Bit 0 of every such word
   says "some thread sleeps on it in futex_wait": whoever changes the word
   clears the bit and calls futex_wake only then, so no fast path makes a
   system call unless somebody actually sleeps.  */
#define WORD_SLEEPING 1u

/* ---- tasks ------------------------------------------------------------ */

enum gomp_task_kind
{
  TASK_INITIAL = ompt_task_initial,
  TASK_IMPLICIT = ompt_task_implicit,
  TASK_EXPLICIT = ompt_task_explicit,
  TASK_TARGET = ompt_task_target,
  /* Runtime-internal bits, which libompd reads too (ompdbg-layout.h):
     the struct lives on the executing thread's stack (an undeferred
     task, task.c); the task runs on top of its parent from the frame
     where the parent's code entered the runtime (task.c, taskwait.c).  */
  TASK_ON_STACK = OMPDBG_TASK_ON_STACK,
  TASK_ON_PARENT = OMPDBG_TASK_ON_PARENT,
  TASK_UNDEFERRED = ompt_task_undeferred,
  TASK_UNTIED = ompt_task_untied,
  TASK_FINAL = ompt_task_final,
  TASK_MERGEABLE = ompt_task_mergeable,
  TASK_MERGED = ompt_task_merged
};

struct gomp_team;
struct gomp_thread;

/* A taskgroup region: counts the tasks created in it (and, through
   inheritance, their descendants) that have not completed.  */
struct gomp_taskgroup
{
  struct gomp_taskgroup *prev;	/* enclosing taskgroup of the same task */
  _Atomic unsigned long pending;
  _Atomic bool cancelled;
  /* Opened by a worksharing construct with task reductions, not by a
     taskgroup construct: cancel taskgroup means the enclosing one.  */
  bool workshare;
  void *reductions;		/* task reductions registered on it */
};

/* Where a task is in its life (task_state): the values a debugger reads
   (ompdbg-ext.h, FOREACH_OMPDBG_TASK_STATE).  */
enum gomp_task_state
{
  TASK_STATE_WAITING_DEPS = ompdbg_task_state_waiting_deps,
  TASK_STATE_QUEUED = ompdbg_task_state_queued,
  TASK_STATE_RUNNING = ompdbg_task_state_running,
  TASK_STATE_DETACHED = ompdbg_task_state_detached,
  TASK_STATE_DONE = ompdbg_task_state_done
};

struct gomp_dep;
struct gomp_dep_table;

/* Where a task's code meets the runtime on its thread's stack, as
   OpenMP 5.1's ompt_frame_t: a debugger uses it to hide the runtime's
   frames and to splice a worker's stack onto the stack of the thread
   that encountered the region.
   - exit_frame: the frame of the runtime function that called the task's
     code (GOMP_parallel for the master's implicit task, worker_main for a
     worker's, gomp_task_run or GOMP_task for an explicit task); set just
     before that call, NULL once the code has returned and for the initial
     task (nothing of the runtime is below its code) -- or, for an
     implicit task at its region's end, equal to the enter frame then,
     which libompd takes for NULL (one store fewer).
   - enter_frame: the frame of the runtime entry point through which the
     task's code called into the runtime, while the thread waits there or
     runs other code from there (a region's implicit tasks, tasks it
     schedules); NULL while the task's own code runs.
   Both are canonical frame addresses (CFA: the stack pointer before the
   call instruction that entered the function, as DWARF call frame
   information defines it), so the flags are ompt_frame_runtime |
   ompt_frame_cfa (0x10), for every frame of every task: the layout
   table holds them once (root OMPDBG_ROOT_FRAME_FLAGS), a store per task
   saved.  gdb identifies a frame by its CFA ("frame at"
   in `info frame`), so a debugger matches these with no unwinding of its
   own, and computing one needs no frame pointer (neither the runtime nor
   the programs keep one).  Every frame of the task's own code has a CFA
   below exit_frame and above enter_frame; the runtime's frames in
   between have theirs in [exit_frame of the task run from it,
   enter_frame].  Written only by the thread that runs the task, from
   when it starts (gomp_task_start_debug; an implicit task's at its
   creation), but the enter frame's NULL, stored at creation with the
   store beside it (gomp_task_debug_init): before it starts, libompd
   reads neither frame, nor sched_parent, of a task whose task_state says
   it has not started (waiting for dependences or queued).  */
#define GOMP_FRAME_FLAGS 0x10	/* ompt_frame_runtime | ompt_frame_cfa */
struct gomp_frame
{
  void *exit_frame;
  void *enter_frame;
};

/* Three groups of fields, each on cache lines of its own, by who writes
   them: what is set when the task is created and then read by the
   threads that create or run its descendants (kind, depth, ICVs,
   taskgroups: every child's creation reads them); the count of children
   created, which only its thread writes; and what the threads running
   it or its children write (its state, its counters, and the state kept
   for debuggers).  Mixed on one line, each write of one group made the
   readers of another fetch the line again: a transfer per task in a
   taskloop or a task producer.

   The groups are padded to whole lines (GOMP_TASK_GROUP) rather than
   aligned: a task on the heap or in a team's implicit-task array starts
   on a line (both are allocated so, and the size is whole lines), but the
   type itself asks for no more than 8 bytes.  A function with a task on
   its stack (an undeferred task) so needs no stack realignment, which
   cost every task creation a frame pointer and a dozen instructions.  */
#define GOMP_TASK_GROUP(name, lines, ...)			\
  union								\
  {								\
    struct { __VA_ARGS__ };					\
    char name[(lines) * CACHE_LINE];				\
  }
struct gomp_task
{
  GOMP_TASK_GROUP (created_lines, 4,
  unsigned int kind;		/* enum gomp_task_kind flags */
  unsigned int depth;		/* generations below the implicit task */
  int priority;
  bool has_detach;		/* completes when its event is fulfilled */
  bool has_mutex;		/* has mutexinoutset clauses */
  bool copied;			/* its copy constructors have run (cancel.c) */
  unsigned char fulfilled;	/* DETACH_FULFILLED | DETACH_READY */
  struct gomp_task *parent;	/* generating task */
  struct gomp_team *team;	/* binding parallel region (NULL: initial) */
  struct gomp_thread *thread;	/* thread executing it, NULL while queued */
  void (*fn) (void *);		/* task's function, if any */
  void *data;			/* its argument block */
  struct gomp_taskgroup *taskgroup;	/* the group it counts in */
  struct gomp_taskgroup *cur_taskgroup;	/* innermost group in it */
  struct gomp_icv icv;
  struct gomp_task *queue_next, *queue_prev;	/* ready-queue links */
  /* Dependences: its own clauses, the table of its children's and who
     waits for it.  */
  struct gomp_dep *deps;
  unsigned int ndeps;
  struct gomp_dep_table *dep_table;
  struct gomp_task **succ;
  /* An undeferred task runs from a struct on its thread's stack; if it
     creates a child, it moves to the heap (task.c) and this points there.
     NULL in every other task (task_resumed reads it without testing the
     kind).  After succ, which an implicit task also sets to NULL: the
     two stores make one.  */
  struct gomp_task *moved;
  unsigned int nsucc, succ_cap;
  struct gomp_dep_table *table_in;	/* the parent's table DEPS are in */
  void *alloc_base;		/* what to free, NULL if not heap-allocated */
  size_t alloc_size;
  struct gomp_thread *alloc_owner;	/* the thread that allocated it */
  );

  /* Children created: only the thread running the task creates them
     (every task is tied), so a plain count on a line of its own, which
     no other thread writes; taskwait waits until CHILDREN_DONE reaches
     it.  Split so that creating a child writes no line the threads
     completing children write: one transfer fewer per task.  */
  GOMP_TASK_GROUP (children_line, 1,
  unsigned long children_created;
  );

  /* Written by other threads than the creator: the counters, and the
     state kept for debuggers by the thread running the task, which
     writes TASK_STATE on this line anyway as the task starts and
     completes.  On a line of their own, the debugger's fields cost a
     producer's tasks two transfers each: the consumer took the line
     from the producer to store the task's frames, and the producer took
     it back to initialise the block's next task (MASTER TASK).  */
  GOMP_TASK_GROUP (shared_line, 1,
  _Atomic unsigned int task_state;	/* enum gomp_task_state */
  /* Predecessors it waits for (task-depend.c).  */
  _Atomic unsigned int npred;
  /* Children whose region has completed (CHILDREN_CREATED above).  */
  _Atomic unsigned long children_done;
  /* Lifetime: 1 until the task completes, plus one per child structure
     still alive (a child reads its ancestors' fields, so they outlive
     it).  The task is freed when this drops to zero.  */
  _Atomic unsigned int refs;
  /* While the enter frame is set: the wait the task is in there, if it
     is one during which the thread runs tasks (a barrier, taskwait,
     taskgroup: ompt_state_t), else ompt_state_work_serial (the task is in
     the runtime for something else).  The state of a thread whose
     current task is in such a wait: what a nested wait in a task run
     from it stores is that task's, so nothing is restored after either
     (gomp_task_wait_begin).  */
  unsigned int wait_state;
  /* For debuggers, written by the thread running it: the task the thread
     was executing when this one started on it, i.e. the one below it on
     the thread's stack (NULL for implicit and initial tasks); where it
     meets the runtime (above).  */
  struct gomp_task *sched_parent;
  struct gomp_frame frame;
  uint64_t tool_data;		/* ompt_data_t; 0: there is no OMPT tool */
  );
};
_Static_assert (sizeof (struct gomp_task) == 6 * CACHE_LINE,
		"struct gomp_task: a group outgrew its lines");

/* ---- worksharing -------------------------------------------------------- */

/* A team keeps GOMP_WS_RING work shares in flight, so threads that leave
   a construct with nowait can start the next ones before the slowest
   thread has finished; construct number SEQ uses slot SEQ % GOMP_WS_RING.  */
#define GOMP_WS_RING 8

enum gomp_ws_kind
{
  WS_NONE = 0,
  WS_LOOP,
  WS_LOOP_ULL,
  WS_SECTIONS,
  WS_SINGLE
};

struct gomp_work_share
{
  /* The next logical iteration to hand out: the only field written in the
     steady state of a dynamic or guided loop.  On one line with the
     hand-over words, which nobody writes while chunks are handed out
     (LEFT and EVENT change only as threads leave): the thread that
     claims the slot takes that line for its compare-and-swap, and then
     resets NEXT and publishes READY in it without another transfer
     (with NEXT on a line of its own, last written by whichever thread
     took the last chunk of the slot's previous loop, claiming costs two;
     SCHED dynamic,4 in the VM's fast mode 5.33 us per loop against
     3.61, libgomp 5.50).  */
  CACHE_ALIGNED _Atomic unsigned long long next;
  /* Hand-over between constructs (see worksharing.c).  */
  _Atomic long claimed;		/* last construct number claimed */
  _Atomic long ready;		/* last construct number initialised */
  _Atomic long done;		/* last construct number all threads left */
  _Atomic unsigned int left;	/* threads that left the current one */
  _Atomic unsigned int event;	/* changes with READY and DONE, for sleepers */
  /* The construct, written by the initialising thread before READY, on
     lines of their own: every chunk reads them, so they must stay in
     every reader's cache while NEXT moves.  Loops of long and unsigned
     long long iterators share one engine (iter.c) over logical
     iterations 0 .. total-1; iteration K is start + K * incr, computed
     modulo 2^64.  What a chunk reads fills this first line exactly.  */
  CACHE_ALIGNED unsigned int sched;	/* GS_STATIC, GS_DYNAMIC, GS_GUIDED */
  bool ordered;
  bool fetch_add_ok;		/* next + (nthreads + 1) * chunk cannot wrap */
  /* gomp_iter_next's short path applies: not ordered, no tool, and a
     guided loop, or a dynamic or chunked static one with fetch_add_ok.  */
  bool fast_next;
  /* The *_dynamic_next entry points' short path applies: fast_next, a
     dynamic loop, not cancelled (cancel.c clears it).  One byte to test
     on every chunk instead of three.  */
  _Atomic bool dyn_fast;
  unsigned int nthreads;	/* team size when the loop started */
  /* cancel for / cancel sections: no further chunks are handed out
     (cancel.c; never set for ordered or doacross loops).  */
  _Atomic bool cancelled;
  /* The same as dyn_fast for a guided loop and the *_guided_next entry
     points.  (A byte of its own, not a schedule number in dyn_fast: the
     dynamic short path returns the byte it tested as its true.)  */
  _Atomic bool guided_fast;
  unsigned long long start, end, incr;	/* as the program gave them */
  unsigned long long total;	/* number of logical iterations */
  unsigned long long chunk;	/* in logical iterations; 0 = unspecified */
  unsigned long long chunk_incr;	/* chunk * incr, modulo 2^64 */
  unsigned int kind;		/* enum gomp_ws_kind */
  void *copyprivate;
  void *mem;			/* GOMP_loop_start's shared buffer (inscan) */
  void *doacross;		/* doacross loop: posted positions (doacross.c) */
  /* With task reductions: the initialising thread's descriptor, whose
     arrays the others share (task-reduction.c).  */
  uintptr_t *task_reductions;
  /* ordered: the logical iteration whose chunk may run its ordered part
     next; ORDERED_WORD changes with it, for sleeping waiters.  */
  CACHE_ALIGNED _Atomic unsigned long long ordered_pos;
  _Atomic unsigned int ordered_word;
};

/* What a thread knows about the team it is in; saved in a nested team
   while its master runs that team (team->master_saved).  */
struct gomp_team_state
{
  struct gomp_team *team;
  unsigned int team_id;		/* omp_get_thread_num () */
  unsigned int level;		/* omp_get_level () */
  unsigned int active_level;	/* omp_get_active_level () */
  bool ordered_held;		/* this thread did the ordered part of its
				   ordered chunk (below) */
  bool ordered_passed;		/* and passed the turn on at the end of the
				   chunk's last ordered region (ordered.c) */
  /* Iterations of the chunk that have not ended an ordered region yet;
     0 for a chunk of more than 65535, which passes the turn when it is
     done.  In the struct's hole: a larger field made every region's
     copies of the struct (master_saved) longer.  */
  unsigned short ordered_left;
  struct gomp_work_share *ws;	/* current worksharing construct */
  long ws_seq;			/* number of the next worksharing construct */
  /* ws_seq when this thread last passed a team barrier (or began the
     region): every thread of the team had left the constructs before it
     (worksharing.c).  */
  long ws_barrier_seq;
  unsigned long single_seq;	/* singles this thread has met */
  unsigned long long static_trip;	/* static schedule: chunks taken */
  /* The chunk this thread executes of an ordered loop (logical iterations). */
  unsigned long long ordered_lo, ordered_hi;
  /* Thread affinity (places.c), meaningful only when gomp_places_len is
     not 0: the place the thread is bound to (-1: none yet) and its
     place-partition-var, places partition_off .. partition_off +
     partition_len - 1.  A master's are saved with the rest.  */
  int place;
  unsigned int partition_off, partition_len;
  /* The other threads of TEAM (its size less one; 0 without a team):
     the low half of the thread's mode (tool-mode.h), whose high half,
     the tool's, is the word after this structure in struct gomp_thread.
     The last member, so that a copy of the structure (a master's saved
     state, restored when its region ends) carries it and not the tool's
     half.  */
  unsigned int others;
};

/* ---- teams ------------------------------------------------------------- */

struct gomp_barrier
{
  /* bits 2..21 arrived threads, bits 22..31 generation.  Threads waiting
     at the barrier sleep on the team's task_event, not here (barrier.c).  */
  _Atomic unsigned int word;
  unsigned int total;
  /* Explicit tasks of the team not yet complete; on the barrier's line
     because the barrier's last arriver reads it.  */
  _Atomic unsigned long task_pending;
};

/* A bit per member whose queue may hold ready tasks of the team, and a
   summary bit per group of map words (task-map.h).  */
struct gomp_task_map
{
  CACHE_ALIGNED _Atomic uint64_t summary;
  unsigned int nwords;
  _Atomic uint64_t *words;
};

/* Threads of the team that found nothing to run, asleep on WORD, which
   changes at each wake; SLEEPERS counts them in its low half, and in its
   high half those of them a wake is already on its way to (idle.c).  */
struct gomp_idle
{
  _Atomic unsigned int word;
  _Atomic uint64_t sleepers;
};

#define BAR_ARRIVE 4u
#define BAR_COUNT_MASK 0x003ffffcu
#define BAR_GEN 0x00400000u
#define BAR_GEN_MASK 0xffc00000u

struct gomp_team
{
  /* Written by the master at every region's start or end, never read by
     the workers: kept off the lines below, so that a region's start does
     not take those lines out of the workers' caches.  */
  unsigned long id;		/* parallel region id, unique in the process */
  uint64_t tool_data;		/* ompt_data_t; 0: there is no OMPT tool */
  unsigned int capacity;	/* size of threads[] and implicit[] */
  unsigned int proc_bind;
  unsigned int nhot;		/* workers reserved in threads[1..nhot] */
  unsigned int reserved;	/* threads counted in gomp_busy_threads */
  bool in_use;			/* a hot team while its region runs */
  /* What the workers of the last region added to JOIN's count, which the
     master takes out of it when this region's code is done (join.c).  */
  unsigned int join_residue;
  /* Regions of this team that have ended (the master bumps it once all
     workers have joined).  A worker that joined keeps pointing at the
     team, in the region's implicit barrier, for debuggers; its LEFT_SEQ
     tells them whether that region has ended since (docs/runtime.md,
     "State for debuggers").  A worker has it from its dock
     (dock_region_seq).  */
  unsigned long region_seq;
  /* Numbers of the region's first worksharing and single constructs:
     numbering continues from one region of the team to the next.  The
     master hands them to each worker on its dock line (pool.c).  */
  long ws_first;
  unsigned long single_first;
  /* The master's state outside; read by the workers too, but only for
     queries one level up (omp_get_ancestor_thread_num, affinity), so it
     is not worth a line of its own.  */
  struct gomp_team_state master_saved;

  /* Read by every member during the region.  The master writes each of
     them only when a region starts with another value than the last one
     (team.c, TEAM_SET): a hot team that runs the same region again, the
     common case, leaves these lines in the workers' caches, and they
     start without a cache miss on them.  */
  CACHE_ALIGNED unsigned int nthreads;
  unsigned int level;		/* nesting level of this region (1 = outermost) */
  unsigned int active_level;	/* active regions enclosing it, itself included */
  bool combined;		/* ws_first set up by the master (parallel loop) */
  bool early_join;		/* a hot team: workers may join early (join.c) */
  bool affinity_show;		/* OMP_DISPLAY_AFFINITY: every member prints
				   its line on entry (affinity-fmt.c) */
  void (*fn) (void *);		/* the outlined function of the region */
  void *data;
  struct gomp_task *parent_task;	/* the encountering task */
  /* The taskgroup the implicit tasks start in: NULL, but for
     GOMP_parallel_reductions, whose reductions it holds.  */
  struct gomp_taskgroup *taskgroup;
  struct gomp_thread **threads;	/* members, index = thread number */
  struct gomp_task *implicit;	/* implicit tasks, index = thread number */
  struct gomp_icv icv;		/* ICVs of the implicit tasks */

  CACHE_ALIGNED struct gomp_barrier barrier;
  /* Cancellation (cancel.c), on the barrier's line, which the cancellable
     barriers read anyway: the region is cancelled; some worksharing
     construct is (cleared when its closing barrier opens).  */
  _Atomic bool cancelled;
  _Atomic bool ws_cancelled;
  /* Changes when a task becomes ready, completes, or a barrier is passed,
     if somebody sleeps on it (WORD_SLEEPING): every thread waiting for a
     task-related event or at the barrier sleeps here.  */
  CACHE_ALIGNED _Atomic unsigned int task_event;
  /* Which members' queues may hold ready tasks of this team, and the
     threads asleep with nothing to run (task-map.h, idle.c).  */
  struct gomp_task_map queued;
  CACHE_ALIGNED struct gomp_idle idle;
  /* Ready tasks with a priority above zero, highest first (task-sched.c);
     tasks of priority 0 go to the creating thread's own queue.  */
  CACHE_ALIGNED _Atomic int prio_lock;
  _Atomic unsigned int prio_count;
  struct gomp_task *prio_head;
  /* End of region: the workers' count (bits 0-31, bit 0 WORD_SLEEPING)
     and how many regions' code the master has finished (bits 32-63), in
     one word so that each side's atomic operation returns the other's
     progress (join.c).  Never reset: a store by the master after the
     join would wait for the line to come back from the last worker, and
     every later store with it (x86 commits stores in order).  */
  CACHE_ALIGNED _Atomic uint64_t join;
  /* single: the number of single constructs some thread has claimed.  */
  CACHE_ALIGNED _Atomic unsigned long single_claimed;

  struct gomp_work_share ws[GOMP_WS_RING];
};

/* ---- threads -------------------------------------------------------------- */

/* OMP_DISPLAY_AFFINITY: what a thread last displayed at one nesting
   level, i.e. what its line there could show that may change.  Levels
   from GOMP_AFFINITY_SHOWN_LEVELS on share the last slot.  */
#define GOMP_AFFINITY_SHOWN_LEVELS 4
struct gomp_affinity_shown
{
  unsigned int level;
  unsigned int team_id;
  unsigned int nthreads;	/* 0: nothing displayed yet */
  unsigned int ancestor;	/* thread number one level up */
  int place;			/* place number, -1 none (places.c) */
};

struct gomp_thread
{
  /* Read on every omp_* query; written only by the thread itself.  */
  struct gomp_team_state ts;
  /* GOMP_MODE_TOOL_HALF while some tool is on, else 0: the high half of
     the thread's mode after ts.others, written by whoever changes the
     tool word (tool-mode.c).  */
  unsigned int tool_mode;
  struct gomp_task *task;	/* the task this thread executes */
  /* While the thread executes a teams region (host teams, or teams in a
     target region): omp_get_team_num () and omp_get_num_teams () - 1, 0
     otherwise, as in libgomp.  Members of a parallel region nested in it
     read those of the region's outermost master (teams.c).  */
  unsigned int team_num;
  unsigned int num_teams;
  /* Deferred tasks this thread may still create before it looks at its
     team's count of unfinished tasks again (task.c, undeferred), the
     same for tasks with dependences, and the tasks it runs undeferred
     before it looks again once the team is full.  */
  unsigned long throttle_credit;
  unsigned long depend_credit;
  unsigned int throttle_full;
  /* How much EXCESS_TEAM's task_pending is above the true count because
     of this thread: the tasks it completed and has not yet subtracted,
     plus what it added ahead for the tasks it will create (task.c,
     task_count and gomp_task_pending_flush).  */
  unsigned long pending_excess;
  struct gomp_team *excess_team;
  /* Freed task blocks of the common size, reused before malloc, and
     the next block of the slab this thread carves, never used, or NULL
     (task.c).  Written at each task this thread creates or frees, so
     not on its queue's line, which idle threads read at each look for
     work: there each write took the line back from them, a transfer
     per task while a thread runs a chain of tasks that others wait
     beside (task-depend.c, gomp_depend_release).  */
  void *task_cache;
  unsigned int task_cache_count;
  void *slab_next;

  /* What the thread is doing, for debuggers (ompt_state_t): a wait of
     its own (a lock, a critical's slot, an atomic, an ordered turn) and
     its object, or overhead; else 0, work (the end of this file).  */
  unsigned int state;		/* gomp_set_state and friends */
  /* How long the last loads that found an ordered turn took, in cycles
     (a moving average; ordered.c): the line's crossing time.  */
  unsigned int ordered_crossing;
  unsigned int ordered_waits;	/* ordered waits, for timing one in 16 */
  uintptr_t wait_id;
  /* A worker (team_id != 0): its team's REGION_SEQ when it entered its
     current or last region.  The region has ended when the team's
     REGION_SEQ has moved on: the worker is idle then (before it entered
     the next one too).  Written by the worker itself (pool.c).  */
  unsigned long left_seq;
  /* A worker that joined its hot team's region early and still reads the
     team's join word (join.c): its master must not free the team.  */
  _Atomic unsigned int lingering;

  pthread_t pthread;
  int tid;			/* kernel thread id (LWP) */
  /* The place the system binds this thread to, -1 if not bound by us;
     written only by the thread itself (places.c).  */
  int bound_place;
  unsigned int serial;		/* registration order, 0 = first thread */
  bool pool_thread;		/* created by the runtime */
  struct gomp_thread *registry_next;
  uint64_t tool_data;		/* ompt_data_t; 0: there is no OMPT tool */
  /* ompt_data_t of the implicit parallel region around the thread's
     initial task (OMPT: implicit-task-begin of an initial task).  */
  uint64_t tool_parallel_data;

  /* A pool thread waits here between regions: the master that hands it a
     region writes the fields below, then changes DOCK.  One cache line,
     one transfer per region start.  */
  CACHE_ALIGNED _Atomic unsigned int dock;
  struct gomp_team *dock_team;
  unsigned int dock_id;
  /* The team's ws_first and single_first, and its region_seq (for
     LEFT_SEQ), for this region: values that change from one region to
     the next, on the line the worker reads first anyway.  */
  long dock_ws_first;
  unsigned long dock_single_first;
  unsigned long dock_region_seq;
  /* With places: the place and partition the master chose for it.  */
  int dock_place;
  unsigned int dock_partition_off, dock_partition_len;

  /* Ready tasks this thread created, newest at the head: the thread takes
     from the head, idle threads steal from the tail (task-sched.c).  */
  CACHE_ALIGNED _Atomic int queue_lock;
  _Atomic unsigned int queue_count;
  struct gomp_task *queue_head, *queue_tail;
  /* Task blocks of the common size this thread allocated and other
     threads freed (the thread that runs a task frees it, often not its
     creator): a lock-free stack others push onto, which this thread takes
     whole, in one exchange, when its own cache runs dry (task.c).  */
  CACHE_ALIGNED _Atomic (void *) remote_free;

  /* The team this thread last mastered, kept with its workers so the next
     region of the same shape starts without touching the pool.  */
  struct gomp_team *hot_team;
  struct gomp_thread *pool_next;	/* free-list link while idle */
  /* A pool thread's stack: usable part from STACK_LO, STACK_SIZE bytes;
     its guard zone from GUARD_LO to STACK_LO.  Written by its creator
     after pthread_create (stack-guard.c); 0 until then.  */
  _Atomic uintptr_t stack_lo;
  uintptr_t guard_lo;
  size_t stack_size;

  /* The initial task of a thread that is not a pool thread.  */
  CACHE_ALIGNED struct gomp_task initial_task;

  /* Worksharing constructs met outside any parallel region run on this
     thread alone, with this work share.  */
  struct gomp_work_share serial_ws;

  /* OMP_DISPLAY_AFFINITY only: written by the thread itself, read by the
     master of a team it is about to join (affinity-fmt.c).  */
  struct gomp_affinity_shown affinity_shown[GOMP_AFFINITY_SHOWN_LEVELS];
};

/* One registered thread in the registry's index (registry.c).  */
struct gomp_registry_slot
{
  int tid;			/* 0 until the thread has started */
  uintptr_t pthread;		/* pthread_t; 0 until known */
  struct gomp_thread *thread;
};

/* Every OpenMP thread ever started, newest first.  A debugger walks it,
   or reads INDEX (INDEX_LEN slots) in one go: registry.c describes the
   protocol, GENERATION tells whether a cached copy is still current.  */
struct gomp_registry
{
  pthread_mutex_t lock;
  struct gomp_thread *_Atomic threads;
  _Atomic unsigned int nthreads;
  /* Every team's master takes an id here, NTHREADS is read by every
     thread that starts to wait (gomp_spin_limit): on one line, each
     region's start would take that line back from the workers that
     read it at the previous region's end.  */
  CACHE_ALIGNED _Atomic unsigned long next_region_id;
  struct gomp_registry_slot *index;
  unsigned int index_len;
  _Atomic unsigned long generation;	/* odd while INDEX changes */
};
extern HIDDEN struct gomp_registry gomp_registry;

extern HIDDEN __thread struct gomp_thread *gomp_tls
  __attribute__ ((tls_model ("initial-exec")));

HIDDEN struct gomp_thread *gomp_thread_slow (void);

/* The calling thread's ts.ws again, in a thread-local variable of its
   own: the chunk fast path of dynamic loops (gomp_iter_dynamic_next_fast)
   reaches the work share with one dependent load less than through
   gomp_tls (the thread's struct is on the heap, for debuggers, where
   libgomp keeps it in thread-local storage itself).  About 1 ns per
   chunk: schedule(dynamic,1) at libgomp's speed.  Every change of ts.ws
   goes through gomp_set_ws, by the thread itself; a copy of a whole ts
   is followed by gomp_sync_ws.  */
extern HIDDEN __thread struct gomp_work_share *gomp_tls_ws
  __attribute__ ((tls_model ("initial-exec")));

/* The calling thread's OpenMP state; created on first use for threads the
   runtime did not start.  */
static inline struct gomp_thread *
gomp_thread (void)
{
  struct gomp_thread *thr = gomp_tls;
  if (unlikely (thr == NULL))
    thr = gomp_thread_slow ();
  return thr;
}

/* THR, the calling thread, is in work share WS now (gomp_tls_ws).  */
static inline void
gomp_set_ws (struct gomp_thread *thr, struct gomp_work_share *ws)
{
  thr->ts.ws = ws;
  gomp_tls_ws = ws;
}

/* THR, the calling thread, has had its whole ts replaced.  */
static inline void
gomp_sync_ws (struct gomp_thread *thr)
{
  gomp_tls_ws = thr->ts.ws;
}

static inline struct gomp_icv *
gomp_icv (void)
{
  return &gomp_thread ()->task->icv;
}

/* ---- functions shared between files -------------------------------------- */

/* ompd-support.c: OMPD breakpoint functions and their enable flag
   (exported as ompdbg_bp_enabled, which a debugger may write).

   The flag and the in-process tools' word (gomp_tool_active,
   tool-word.h) are the two ints of one aligned 8-byte word, so that a
   point with an event of each tests both with one load of the whole
   (GOMP_OMPD_TOOL_EVENT: a compare with memory and a branch, where GCC
   tests an int alone with a load, a test and a branch), while each is
   still an int of its own: a debugger writes
   OMPD's as the int ompdbg_bp_enabled, the tools' bits change by
   atomic operations on theirs.  */
union gomp_hooks
{
  struct
  {
    int ompd;		/* gomp_ompd_enabled */
    int tool;		/* gomp_tool_active */
  } flag;
  unsigned long long any;	/* nonzero: either is set */
};
extern HIDDEN union gomp_hooks gomp_hooks;
#define gomp_ompd_enabled (gomp_hooks.flag.ompd)
HIDDEN void gomp_ompd_init (void);
/* OMPD parallel-begin and the master's implicit-task-begin (flag set).  */
HIDDEN void gomp_ompd_parallel_begin (struct gomp_thread *thr,
				      struct gomp_team *team);
/* OMPD parallel-end, PARENT the region's encountering task (flag set).  */
HIDDEN void gomp_ompd_parallel_end (struct gomp_thread *thr,
				    struct gomp_task *parent);
EXPORT void ompd_dll_locations_valid (void);
EXPORT void ompd_bp_parallel_begin (void);
EXPORT void ompd_bp_parallel_end (void);
EXPORT void ompd_bp_task_begin (void);
EXPORT void ompd_bp_task_end (void);
EXPORT void ompd_bp_thread_begin (void);
EXPORT void ompd_bp_thread_end (void);
EXPORT void ompd_bp_device_begin (void);
EXPORT void ompd_bp_device_end (void);
/* Pass the OMPD event hook ompd_bp_EVENT if the flag is set: one load and
   one never-taken branch otherwise.  */
#define GOMP_OMPD_EVENT(event)				\
  do							\
    {							\
      if (unlikely (gomp_ompd_enabled))			\
	ompd_bp_##event ();				\
    }							\
  while (0)

/* The word and check of the in-process tools' event points.  */
#include "tool-word.h"

/* struct gomp_task's fulfilled, of a task with a detach clause: its
   event is fulfilled; it is ready (gomp_task_ready), its completion
   count in npred.  Either may come first: whichever comes second gives
   the event's share of the count (task.c).  */
#define DETACH_FULFILLED 1
#define DETACH_READY 2

/* task.c */
HIDDEN void gomp_task_init_implicit (struct gomp_task *task,
				     void *exit_frame);
/* A successor that TASK's completion makes ready may be handed back to
   run next, not queued (task-depend.c, gomp_depend_release).  */
HIDDEN struct gomp_task *gomp_task_run (struct gomp_thread *thr,
					struct gomp_task *task);
HIDDEN void gomp_task_cache_release (struct gomp_thread *thr);
HIDDEN void gomp_task_finished (struct gomp_thread *thr,
				struct gomp_task *task);
HIDDEN void gomp_task_probe_on_parent (void);
HIDDEN void gomp_task_ready (struct gomp_thread *thr, struct gomp_task *task,
			    bool next);
HIDDEN struct gomp_task *gomp_task_parent (struct gomp_thread *thr);
/* A taskloop's task run where it is claimed, or created; the _quiet
   ones without the tools' events or cancellation's checks, for a
   taskloop that found gomp_task_general zero (tool-word.h).  */
typedef void gomp_task_run_shared_fn (struct gomp_thread *thr,
				      struct gomp_task *parent,
				      void (*fn) (void *), void *data,
				      void (*cpyfn) (void *, void *),
				      long arg_size, long arg_align,
				      unsigned int flags, int priority,
				      const void *bounds, size_t bounds_size);
HIDDEN gomp_task_run_shared_fn gomp_task_run_shared;
HIDDEN gomp_task_run_shared_fn gomp_task_run_shared_quiet;
typedef void gomp_task_create_bounds_fn (struct gomp_thread *thr,
					 void (*fn) (void *), void *data,
					 void (*cpyfn) (void *, void *),
					 long arg_size, long arg_align,
					 bool if_clause, unsigned int flags,
					 int priority, const void *bounds,
					 size_t bounds_size, void *cfa);
HIDDEN gomp_task_create_bounds_fn gomp_task_create_bounds;
HIDDEN gomp_task_create_bounds_fn gomp_task_create_bounds_quiet;

/* task-sched.c */
HIDDEN void gomp_task_enqueue (struct gomp_thread *thr,
			       struct gomp_task *task);
HIDDEN struct gomp_task *gomp_task_take_child (struct gomp_thread *thr,
					       struct gomp_task *parent);
HIDDEN bool gomp_task_run_one (struct gomp_thread *thr,
			       struct gomp_task *constraint);
/* CFA, here and below: the entry point's frame (GOMP_CFA), which the
   waiting task's enter_frame holds while the thread waits.  The _kept
   ones and those without a CFA: the caller has set that frame, and it
   stays set after.  */
HIDDEN void gomp_task_wait_until (struct gomp_thread *thr,
				  bool (*done) (void *), void *arg,
				  struct gomp_task *constraint,
				  unsigned int state, void *cfa);
/* The same without the tools' wait events (tool-word.h), for a caller
   whose copy without a tool this is: it has tested the word.  */
HIDDEN void gomp_task_wait_quiet (struct gomp_thread *thr,
				  bool (*done) (void *), void *arg,
				  struct gomp_task *constraint,
				  unsigned int state, void *cfa);
HIDDEN void gomp_task_wait_kept (struct gomp_thread *thr,
				 bool (*done) (void *), void *arg,
				 struct gomp_task *constraint,
				 unsigned int state);
HIDDEN void gomp_task_event (struct gomp_team *team);
HIDDEN void gomp_task_drain (struct gomp_thread *thr, unsigned int state,
			     void *cfa);
HIDDEN void gomp_task_drain_quiet (struct gomp_thread *thr,
				   unsigned int state, void *cfa);
HIDDEN void gomp_task_drain_kept (struct gomp_thread *thr);
HIDDEN void gomp_task_help_region (struct gomp_thread *thr);
HIDDEN void gomp_task_drain_region (struct gomp_thread *thr);
HIDDEN bool gomp_task_none_pending (struct gomp_team *team);
HIDDEN void gomp_task_event_done (struct gomp_team *team);

/* task-map.c */
HIDDEN void gomp_task_map_resize (struct gomp_task_map *map, unsigned int n);
HIDDEN void gomp_task_map_free (struct gomp_task_map *map);

/* idle.c */
HIDDEN void gomp_idle_wake (struct gomp_team *team, int n);
HIDDEN unsigned int gomp_idle_prepare (struct gomp_team *team);
HIDDEN void gomp_idle_cancel (struct gomp_team *team);
HIDDEN void gomp_idle_sleep (struct gomp_team *team, unsigned int seen);

/* stack-guard.c */
HIDDEN void gomp_stack_guard_created (struct gomp_thread *thr);
HIDDEN void gomp_stack_guard_thread (void);
HIDDEN void gomp_stack_guard_thread_end (void);
HIDDEN bool gomp_stack_low (void);

/* task-depend.c */
/* Successors a task keeps in the tail of its own block when there is
   room for them (gomp_task_succ_room): the common dependent task has one
   or two, and an array of its own cost a malloc and a free per task.
   4: the first capacity add_edge gives an array, and one libompd takes
   for the runtime's (0 or 4 doubled: deferred-tasks.c).  */
#define TASK_SUCC_ROOM 4
HIDDEN void gomp_depend_succ_free (struct gomp_task *task,
				   struct gomp_task **succ);
/* _tool: with the tools' dependence-pair events.  */
HIDDEN void gomp_depend_add (struct gomp_task *parent,
			     struct gomp_task *task, void **depend);
HIDDEN void gomp_depend_add_tool (struct gomp_task *parent,
				  struct gomp_task *task, void **depend);
/* CFA NULL: the caller has set the current task's enter frame, and the
   task works again in it after the wait.  SINK: the task the tools know
   as the one that waits (an undeferred task, after its task-create), the
   sink of a dependence-pair event for each unfinished sibling it waits
   for; NULL: none (taskwait with depend, target), no such events.  */
HIDDEN void gomp_depend_wait (struct gomp_thread *thr, void **depend,
			      void *cfa, struct gomp_task *sink);
HIDDEN struct gomp_task *gomp_depend_release (struct gomp_thread *thr,
					      struct gomp_task *task,
					      bool next);
HIDDEN void gomp_depend_table_delete (struct gomp_task *task);
/* Free the dependence table of TASK's children, if it has one.  Most
   tasks have none, and the test is inline: inside the function that
   frees one, GCC saves the registers of its loop before the test, on
   every deferred task freed and every implicit task at a region's
   end.  */
static inline void
gomp_depend_table_free (struct gomp_task *task)
{
  if (task->dep_table != NULL)
    gomp_depend_table_delete (task);
}
HIDDEN size_t gomp_dep_size (void);
HIDDEN bool gomp_depend_try_lock (struct gomp_task *task);
HIDDEN size_t gomp_depend_count (void **depend);

/* target.c */
/* gomp_fatal if OMP_TARGET_OFFLOAD=mandatory and DEVICE (as given
   to a target construct or routine) names no device; else whether DEVICE
   is the host, i.e. the initial device or the default.  */
HIDDEN bool gomp_target_check_device (int device);

/* env.c */
/* max-active-levels-var never exceeds this (libgomp 12: UCHAR_MAX).  */
#define GOMP_SUPPORTED_ACTIVE_LEVELS 255
/* Names of omp.h's predefined allocators, indexed by handle (1 .. 8).  */
#define GOMP_NUM_ALLOCATORS 9
extern HIDDEN const char *const gomp_allocator_names[GOMP_NUM_ALLOCATORS];
HIDDEN void gomp_env_init (void);
/* Which of WORDS[0 .. N-1] (NULL entries skipped) VALUE is, in any case,
   with white space around it, as every variable's keywords are read;
   -1 if none.  An empty word matches a value of white space only.  */
HIDDEN int gomp_env_keyword (const char *value, const char *const *words,
			     int n);
HIDDEN void gomp_display_env (bool verbose, int fd);
/* display-env.c: what OMP_DISPLAY_ENV=verbose shows, as "NAME=VALUE\n"
   lines in a malloc'd string (NULL if out of memory).  */
HIDDEN char *gomp_env_block (void);

/* error.c: libgomp's messages (gomp_warn: its gomp_error), with its
   texts; then those libgomp does not have, under our name.  A fatal
   error is exit (EXIT_FAILURE), as libgomp's.  */
HIDDEN void gomp_warn (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));
HIDDEN NORETURN void gomp_fatal (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));
HIDDEN NORETURN void gomp_fatal_oom (size_t size);
HIDDEN void gomp_warn_bytes (const char *text, const char *bytes,
			     size_t len);
HIDDEN void gomp_own_warn (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));
HIDDEN NORETURN void gomp_own_fatal (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));

/* wait.c */
extern HIDDEN _Atomic unsigned int gomp_busy_threads;
HIDDEN bool gomp_oversubscribed (void);
HIDDEN unsigned long long gomp_spin_limit (void);
HIDDEN void gomp_word_wait_for (_Atomic unsigned int *word, unsigned int mask,
				unsigned int value, bool equal);
HIDDEN void gomp_word_wait (_Atomic unsigned int *word, unsigned int seen);
HIDDEN void gomp_word_wake (_Atomic unsigned int *word);
HIDDEN void gomp_word_bump (_Atomic unsigned int *word);

/* barrier.c */
HIDDEN void gomp_barrier_init (struct gomp_barrier *b, unsigned int n);
HIDDEN void gomp_team_barrier (struct gomp_thread *thr, unsigned int state,
			       void *cfa);
/* The same where the caller has just read the thread's mode
   (tool-mode.h): no tool events, no second test; the thread alone, or
   in a team of more.  */
HIDDEN void gomp_team_barrier_alone (struct gomp_thread *thr,
				     unsigned int state, void *cfa);
HIDDEN void gomp_team_barrier_multi (struct gomp_thread *thr,
				     unsigned int state, void *cfa);
HIDDEN bool gomp_team_barrier_cancel (struct gomp_thread *thr,
				      unsigned int state, void *cfa);

/* cancel.c */
HIDDEN bool gomp_task_cancelled (const struct gomp_task *task);
HIDDEN bool gomp_task_create_cancelled (struct gomp_thread *thr);
HIDDEN void gomp_task_discard (struct gomp_thread *thr,
			       struct gomp_task *task);
HIDDEN void gomp_cancel_team_end (struct gomp_thread *thr,
				  struct gomp_team *team);

HIDDEN void gomp_task_pending_flush (struct gomp_thread *thr);

/* team.c */

/* CFA: the frame of the entry point that calls FN for the master, NULL
   for GCC 4's GOMP_parallel_start (the program calls FN itself).  */
HIDDEN struct gomp_team *gomp_team_start (void (*fn) (void *), void *data,
					  unsigned int nthreads,
					  unsigned int flags,
					  struct gomp_work_share **ws0,
					  void *cfa);
/* CFA before TASKGROUP: in the last argument register, the seventh
   argument on the stack (read once, for the team) rather than CFA (kept
   through the function, which took three register moves more).  */
HIDDEN struct gomp_team *gomp_team_start_taskgroup
  (void (*fn) (void *), void *data, unsigned int nthreads, unsigned int flags,
   struct gomp_work_share **ws0, void *cfa,
   struct gomp_taskgroup *taskgroup);
HIDDEN void gomp_team_launch (struct gomp_team *team);
HIDDEN void gomp_team_enter (struct gomp_thread *thr, struct gomp_team *team,
			     unsigned int id, long ws_first,
			     unsigned long single_first, void *exit_frame);
HIDDEN void gomp_team_end (void *cfa);
HIDDEN void gomp_region_icv (struct gomp_icv *icv,
			     const struct gomp_icv *from, unsigned int level,
			     unsigned int proc_bind);
HIDDEN unsigned int gomp_resolve_num_threads (struct gomp_thread *thr,
					      unsigned int requested);
HIDDEN void gomp_thread_exit_pool (void);

/* parallel.c */
HIDDEN void gomp_parallel_taskgroup (struct gomp_thread *thr,
				     void (*fn) (void *), void *data,
				     unsigned int nthreads, unsigned int flags,
				     struct gomp_taskgroup *taskgroup,
				     void *cfa);

/* task-reduction.c */
HIDDEN bool gomp_ws_enter_reductions (struct gomp_thread *thr,
				      uintptr_t *reductions, void *cfa);

/* places.c: the place list (gomp_places_len places; 0 = no binding) */
extern HIDDEN unsigned int gomp_places_len;
HIDDEN bool gomp_places_parse (const char *env, bool ignore);
HIDDEN bool gomp_places_parse_cpu_affinity (const char *env, bool ignore);
HIDDEN void gomp_places_default (void);
HIDDEN char *gomp_places_string (void);
HIDDEN void gomp_places_init_thread (struct gomp_thread *thr);
HIDDEN void gomp_places_team (struct gomp_thread *thr, struct gomp_team *team,
			      unsigned int n, unsigned int clause);
HIDDEN void gomp_places_worker (struct gomp_thread *thr);

/* join.c: the end of a region.  The master, its code done: true if every
   worker has joined already.  */
HIDDEN bool gomp_join_master_done (struct gomp_team *team);
/* After gomp_join_master_done: has every worker joined?  */
HIDDEN bool gomp_join_complete (struct gomp_team *team);
/* Wait for that (the master).  */
HIDDEN void gomp_join_wait (struct gomp_team *team);
/* Has the master of THR's region in TEAM finished its code?  */
HIDDEN bool gomp_join_is_master_done (struct gomp_thread *thr,
				      struct gomp_team *team);
/* A worker joins; it must not touch TEAM afterwards.  */
HIDDEN void gomp_join_leave (struct gomp_team *team);
/* A worker of a hot team with nothing to run joins before the master is
   done: true once it has joined for good, false if it took that back
   because tasks appeared (or it spun out, or may not spin) and must wait
   and join the usual way.  */
HIDDEN bool gomp_join_early (struct gomp_thread *thr, struct gomp_team *team);
/* A worker of a team far larger than the CPUs, waiting at the region's
   end with nothing queued, may join before the region is done.  */
HIDDEN bool gomp_join_crowded_idle (struct gomp_team *team);
/* Before freeing hot TEAM: until none of its workers looks at it.  */
HIDDEN void gomp_join_wait_lingering (struct gomp_team *team);

/* pool.c */
HIDDEN struct gomp_thread *gomp_pool_get (void);
HIDDEN void gomp_pool_put (struct gomp_thread *thr);
HIDDEN void gomp_pool_pause (void);
HIDDEN void gomp_dock_release (struct gomp_thread *worker,
			       struct gomp_team *team, unsigned int id);

/* registry.c */
HIDDEN struct gomp_thread *gomp_thread_alloc (bool pool_thread);
HIDDEN void gomp_registry_add (struct gomp_thread *thr);
HIDDEN void gomp_registry_started (struct gomp_thread *thr);
HIDDEN void gomp_registry_remove (struct gomp_thread *thr);
HIDDEN void gomp_registry_reset (struct gomp_thread *self);

/* worksharing.c */
HIDDEN bool gomp_ws_enter (struct gomp_thread *thr, void *cfa);
HIDDEN void gomp_ws_leave (struct gomp_thread *thr);
HIDDEN void gomp_ws_end_barrier (struct gomp_thread *thr, unsigned int state,
				 void *cfa);
HIDDEN void gomp_ws_publish (struct gomp_thread *thr);
HIDDEN void gomp_ws_free (struct gomp_work_share *ws);

/* iter.c */
HIDDEN void gomp_iter_init (struct gomp_thread *thr, unsigned int kind,
			    unsigned long long start, unsigned long long end,
			    unsigned long long incr, bool down,
			    unsigned int sched, unsigned long long chunk,
			    bool ordered);
HIDDEN bool gomp_iter_next_general (struct gomp_thread *thr,
				    struct gomp_work_share *ws,
				    unsigned long long *istart,
				    unsigned long long *iend, void *cfa);
HIDDEN unsigned int gomp_runtime_sched (struct gomp_thread *thr,
					unsigned long long *chunk);

/* guided: each chunk is the remaining iterations divided by the number
   of threads, but at least the chunk size.  So the chunk that starts at
   S (< N) ends at a function of S alone: the chunks of a loop are known
   before they are handed out, which doacross.c relies on.  */
static inline unsigned long long
gomp_iter_guided_end (unsigned long long n, unsigned long long s,
		      unsigned long long nthr, unsigned long long chunk)
{
  unsigned long long left = n - s;
  unsigned long long q = left / nthr + (left % nthr != 0);
  if (q < chunk)
    q = chunk;
  return q >= left ? n : s + q;
}

/* Take the next chunk of guided loop WS, of NTHR threads (ws->nthreads,
   the team's size), as logical iterations [*K0, *K1).  The cursor NEXT
   is the only shared word written, by one compare-and-swap per chunk;
   its neighbours on the line are not written while chunks are handed
   out (struct gomp_work_share), so each chunk moves that one line.

   Relaxed ordering suffices: the loop's fields were published before
   any thread got here (READY's release and acquire, worksharing.c, or
   the team's launch), and the cursor carries no data of its own; a
   chunk is the thread's once its compare-and-swap succeeds, and the
   loop's end orders everything after it.  The chunks are monotonic
   (OpenMP 5.1 2.11.4): NEXT only grows, and a thread's later
   compare-and-swap on it reads a value later in its modification order
   than the one its earlier one wrote (read-modify-write coherence), so
   each thread's chunks come in increasing order.  */
static ALWAYS_INLINE bool
gomp_iter_guided_take (struct gomp_work_share *ws, unsigned long long nthr,
		       unsigned long long *k0, unsigned long long *k1)
{
  unsigned long long n = ws->total, chunk = ws->chunk, e;
  unsigned long long s = atomic_load_explicit (&ws->next,
					       memory_order_relaxed);
  do
    {
      if (s >= n)
	return false;
      e = gomp_iter_guided_end (n, s, nthr, chunk);
    }
  while (!atomic_compare_exchange_weak_explicit (&ws->next, &s, e,
						 memory_order_relaxed,
						 memory_order_relaxed));
  *k0 = s;
  *k1 = e;
  return true;
}

/* The next chunk of the calling thread's current loop, as the program's
   bounds [*istart, *iend).  Finishes the previous chunk's ordered turn.

   Dynamic, guided and chunked static loops call this once per chunk, so
   their common case (not ordered, no tool; for dynamic and static a
   cursor that cannot wrap: fetch_add_ok, which also means no product
   below overflows before the chunk start passes the end) is handled
   first, in few instructions and without the general path's register
   saves: with small chunks this call is most of the construct's
   overhead.  */
static inline bool
gomp_iter_next (struct gomp_thread *thr, unsigned long long *istart,
		unsigned long long *iend, void *cfa)
{
  struct gomp_work_share *ws = thr->ts.ws;
  if (likely (ws->fast_next)
      && !atomic_load_explicit (&ws->cancelled, memory_order_relaxed))
    {
      unsigned long long n = ws->total, chunk = ws->chunk, s;
      if (ws->sched == GS_GUIDED)
	{
	  unsigned long long e;
	  if (!gomp_iter_guided_take (ws, ws->nthreads, &s, &e))
	    return false;
	  *istart = ws->start + s * ws->incr;
	  *iend = e >= n ? ws->end : ws->start + e * ws->incr;
	  return true;
	}
      if (ws->sched == GS_DYNAMIC)
	s = atomic_fetch_add_explicit (&ws->next, chunk, memory_order_relaxed);
      else
	s = (thr->ts.static_trip++ * ws->nthreads + thr->ts.team_id) * chunk;
      if (s >= n)
	return false;
      unsigned long long first = ws->start + s * ws->incr;
      *istart = first;
      *iend = n - s <= chunk ? ws->end : first + ws->chunk_incr;
      return true;
    }
  return gomp_iter_next_general (thr, ws, istart, iend, cfa);
}

/* The dynamic schedule's short path for the *_dynamic_next entry points:
   the same as gomp_iter_next's, with nothing around it, so that those
   entry points need no stack frame (they run once per chunk; with chunk
   1 the call is most of a chunk's cost).  1: a chunk in *S, *E; 0: the
   loop is done; -1: not this case (another schedule, ordered, a cursor
   that could wrap, cancelled, no loop on this thread): call
   gomp_iter_next.  */
static ALWAYS_INLINE int
gomp_iter_dynamic_next_fast (unsigned long long *s0, unsigned long long *e0)
{
  struct gomp_work_share *ws = gomp_tls_ws;
  if (unlikely (ws == NULL
		|| !atomic_load_explicit (&ws->dyn_fast, memory_order_relaxed)))
    return -1;
  unsigned long long n = ws->total, chunk = ws->chunk;
  unsigned long long s = atomic_fetch_add_explicit (&ws->next, chunk,
						    memory_order_relaxed);
  if (s >= n)
    return 0;
  /* One multiplication: the chunk's end is its start plus chunk_incr.  */
  unsigned long long first = ws->start + s * ws->incr;
  *s0 = first;
  *e0 = n - s <= chunk ? ws->end : first + ws->chunk_incr;
  return 1;
}

/* The guided schedule's short path for the *_guided_next entry points,
   as gomp_iter_dynamic_next_fast: no stack frame, the work share from
   gomp_tls_ws, the team's size from the work share (not through the
   thread's team), and none of the general path's tests for ordered
   loops, tools and cancellation, which GUIDED_FAST covers.  1: a chunk
   in *S, *E; 0: the loop is done; -1: not this case.  */
static ALWAYS_INLINE int
gomp_iter_guided_next_fast (unsigned long long *s0, unsigned long long *e0)
{
  struct gomp_work_share *ws = gomp_tls_ws;
  if (unlikely (ws == NULL
		|| !atomic_load_explicit (&ws->guided_fast,
					  memory_order_relaxed)))
    return -1;
  unsigned long long s, e;
  if (!gomp_iter_guided_take (ws, ws->nthreads, &s, &e))
    return 0;
  *s0 = ws->start + s * ws->incr;
  *e0 = e >= ws->total ? ws->end : ws->start + e * ws->incr;
  return 1;
}

/* loop.c */
HIDDEN unsigned int gomp_loop_sched_arg (struct gomp_thread *thr, long sched,
					 unsigned long long *chunk);
HIDDEN void gomp_ws_mem (struct gomp_thread *thr, bool first, void **mem);
HIDDEN void gomp_loop_leave (struct gomp_thread *thr, void *cfa);

/* ordered.c */
HIDDEN void gomp_ordered_chunk (struct gomp_thread *thr,
				unsigned long long lo, unsigned long long hi);
HIDDEN void gomp_ordered_chunk_done (struct gomp_thread *thr, void *cfa);

/* affinity-fmt.c */
HIDDEN void gomp_display_affinity_enter (struct gomp_thread *thr,
					 struct gomp_team *team,
					 unsigned int id);

/* taskwait.c; the _quiet ones without the tools' events, for a caller
   that found gomp_task_general zero (tool-word.h).  */
HIDDEN void gomp_taskgroup_start_quiet (struct gomp_thread *thr);
HIDDEN void gomp_taskgroup_end (struct gomp_thread *thr, void *cfa);
HIDDEN void gomp_taskgroup_end_quiet (struct gomp_thread *thr, void *cfa);

/* lock.c */
/* A held mutex word names its holder (OMPDBG_MUTEX_* in ompdbg-layout.h):
   the holder's kernel thread id, kept in a thread-local word of its own
   so that taking the mutex loads it in place of the constant 1 (no
   instruction more); a debugger reads who holds a lock or critical from
   the word alone.  The word is 1 (a holder not named) until the thread
   is registered (registry.c), and always without the state for
   debuggers.  */
extern HIDDEN __thread int gomp_tls_holder
  __attribute__ ((tls_model ("initial-exec")));

static ALWAYS_INLINE int
gomp_mutex_self (void)
{
  return GOMP_TRACK_STATE ? gomp_tls_holder : 1;
}

HIDDEN void gomp_mutex_lock_slow (_Atomic int *m, int self,
				  unsigned int state, uintptr_t wait_id,
				  void *cfa);

/* Always inlined into the entry point (critical, atomic, omp_set_lock),
   so GOMP_CFA () below is the entry point's frame: the fast path costs
   nothing for it, the slow path passes it on.  SELF is what the held
   word holds (gomp_mutex_self, with OMPDBG_MUTEX_NEST for a nest lock).  */
static ALWAYS_INLINE void
gomp_mutex_lock_as (_Atomic int *m, int self, unsigned int state,
		    uintptr_t wait_id)
{
  int z = 0;
  if (likely (atomic_compare_exchange_strong_explicit
	      (m, &z, self, memory_order_acquire, memory_order_relaxed)))
    return;
  gomp_mutex_lock_slow (m, self, state, wait_id, GOMP_CFA ());
}

static ALWAYS_INLINE void
gomp_mutex_lock (_Atomic int *m, unsigned int state, uintptr_t wait_id)
{
  gomp_mutex_lock_as (m, gomp_mutex_self (), state, wait_id);
}

HIDDEN void gomp_mutex_unlock_slow (_Atomic int *m);

static inline void
gomp_mutex_unlock (_Atomic int *m)
{
  /* OMPDBG_MUTEX_WAITERS is the sign bit: someone may sleep.  */
  if (unlikely (atomic_exchange_explicit (m, 0, memory_order_release) < 0))
    gomp_mutex_unlock_slow (m);
}

/* omp_nest_lock_t (16 bytes in GCC's ABI), owned by a task (OpenMP 3.0):
   LOCK is a mutex word, COUNT how many times OWNER holds it.  */
struct gomp_nest_lock
{
  _Atomic int lock;
  int count;
  void *owner;
};

/* ---- state for debuggers ------------------------------------------------ */

/* Every store of the state kept for debuggers goes through these (so that
   OMPDBG_NO_STATE removes them all).  Relaxed stores of the calling
   thread into its own gomp_thread or its current task, lines it owns: a
   debugger reads them from a stopped process, nobody reads them here.

   The thread's state word and wait_id are volatile accesses of plain
   fields rather than relaxed atomics: the same single moves, in program
   order, never merged or dropped, but GCC folds a volatile access into
   its addressing mode, where it computed the address of an atomic once
   and kept it in a register or on the stack through the function for
   every later access -- a push, a spill and a reload in each entry point
   that sets the state twice (a region's start and end, a worker's
   region: 6 instructions per region of two threads).  */
#define GOMP_DEBUG_WORD(lvalue) (*(volatile __typeof__ (lvalue) *) &(lvalue))

/* Record what the calling thread does (ompt_state_t) and what it waits
   for.  */
static inline void
gomp_set_state (struct gomp_thread *thr, unsigned int state, uintptr_t wait_id)
{
  if (!GOMP_TRACK_STATE)
    return;
  GOMP_DEBUG_WORD (thr->wait_id) = wait_id;
  GOMP_DEBUG_WORD (thr->state) = state;
}

/* The state and wait_id to restore after a wait that sets them.  */
static inline unsigned int
gomp_get_state (struct gomp_thread *thr)
{
  return GOMP_TRACK_STATE ? GOMP_DEBUG_WORD (thr->state) : 0;
}

static inline uintptr_t
gomp_get_wait_id (struct gomp_thread *thr)
{
  return GOMP_TRACK_STATE ? GOMP_DEBUG_WORD (thr->wait_id) : 0;
}

/* The thread's state word says work (ompt_state_work_serial: libompd tells
   work_parallel from work_serial by the thread's team) but while the
   thread waits for a lock, a critical section, an atomic or ordered
   construct, or forms a team or a work share (overhead): those set it
   with gomp_set_state and give it back.  Idle is not stored: libompd
   sees it in what it reads anyway (a pool thread in no team whose
   current task is its initial task, or a worker whose region has ended
   since it joined: left_seq).

   The waits during which the thread runs tasks -- barriers, taskwait,
   taskgroup, a region's end -- are the waiting task's, not the thread's:
   the task stores the wait's state beside its enter frame, and the
   thread is in that wait while the task is its current task with the
   enter frame set (libompd/states.c).  A task run from the wait is the
   current task then, with no enter frame: working; whatever it waits
   for itself is its own.  So no wait gives anything back, where a state
   word of the thread had to be saved and restored around each (and kept
   through the wait's loop, which made GCC spill it): per barrier and
   thread a store and a load fewer, and at a region's start and end four
   instructions fewer on the master and one on each worker.  The wait's
   kind, their wait_id too: the barrier of the thread's team, the waiting
   task, or its innermost taskgroup.  */
static inline void
gomp_task_wait_begin (struct gomp_task *task, unsigned int state, void *cfa)
{
  if (!GOMP_TRACK_STATE)
    return;
  /* State first: while the enter frame is NULL it means nothing.  */
  GOMP_DEBUG_WORD (task->wait_state) = state;
  GOMP_DEBUG_WORD (task->frame.enter_frame) = cfa;
}

/* The state of a wait whose enter frame the caller has set already (a
   region's end: gomp_task_drain_kept).  */
static inline void
gomp_task_wait_state (struct gomp_task *task, unsigned int state)
{
  if (GOMP_TRACK_STATE)
    GOMP_DEBUG_WORD (task->wait_state) = state;
}

/* TASK, the current task or about to be current again while its enter
   frame is set, enters the runtime at CFA for what is no wait (a
   taskloop creating its tasks, an undeferred task's parent, a region's
   encountering task): its thread works meanwhile, whatever wait the
   task was last in.  Returns the old enter frame, which the caller
   gives back (gomp_task_enter_frame_restore).  */
static inline void *
gomp_task_enter_runtime (struct gomp_task *task, void *cfa)
{
  if (!GOMP_TRACK_STATE)
    return NULL;
  void *old = task->frame.enter_frame;
  gomp_task_wait_begin (task, ompt_state_work_serial, cfa);
  return old;
}

/* Every task's enter frame and tool data, when it is created: NULL, as
   the enter frame is when the task starts (its own code runs then) and
   whenever the task returns to its code from the runtime; 0, no tool.
   The two are neighbours: one 16-byte store, where storing the enter
   frame when the task starts was one store more per task.  (Before it
   starts libompd reads no frames of a task: task_running.)  */
static inline void
gomp_task_debug_init (struct gomp_task *task)
{
  if (!GOMP_TRACK_STATE)
    {
      task->tool_data = 0;
      return;
    }
  _Static_assert (offsetof (struct gomp_task, tool_data)
		  == offsetof (struct gomp_task, frame.enter_frame)
		     + sizeof (void *), "struct gomp_task: tool_data follows "
		  "the enter frame");
  memset ((char *) task + offsetof (struct gomp_task, frame.enter_frame), 0,
	  sizeof (void *) + sizeof (uint64_t));
}

/* An implicit task's exit frame, when it is created: it starts at once
   (an explicit task's is set when it starts, gomp_task_start_debug), its
   code called from the frame EXIT_FRAME (NULL: none of the runtime's).
   Set here, with the rest of the task, rather than after it: one store
   per task and region, not two.  */
static inline void
gomp_task_debug_init_implicit (struct gomp_task *task, void *exit_frame)
{
  if (GOMP_TRACK_STATE)
    task->frame.exit_frame = exit_frame;
}

/* TASK starts on a thread whose current task was SCHED_PARENT, called
   from the runtime function whose frame is CFA.  Its enter frame is
   still NULL from its creation (gomp_task_debug_init).  Two stores, kept
   two (relaxed atomic ones, plain moves on x86): as plain neighbours GCC
   packs them into one vector store built from both registers, five
   instructions where two do.  */
static inline void
gomp_task_start_debug (struct gomp_task *task, struct gomp_task *sched_parent,
		       void *cfa)
{
  if (!GOMP_TRACK_STATE)
    return;
  __atomic_store_n (&task->sched_parent, sched_parent, __ATOMIC_RELAXED);
  __atomic_store_n (&task->frame.exit_frame, cfa, __ATOMIC_RELAXED);
}

/* A TASK_ON_PARENT task that GOMP_task runs from a struct on its own
   stack stores nothing of this, not even its exit frame: the struct is a
   local of GOMP_task, at the same place in every call's frame, so the
   distance from it to that frame is the same for every such task, which
   libompd takes from gomp_on_parent_exit (the layout table's root
   OMPDBG_ROOT_ON_PARENT_EXIT).  The runtime measures it once at
   start-up (task.c, gomp_task_probe_on_parent): storing it from the
   first such task instead cost every task a test of the global, and the
   CFA kept in a register for it (about 5 instructions of 120; the state
   cost of CONDITIONAL TASK, 1.05 of the runtime without it).  */
extern HIDDEN _Atomic uintptr_t gomp_on_parent_exit;

/* HEAP is the copy of stack task TASK (task_move): a TASK_ON_PARENT
   one, no longer on the stack, needs the exit frame it did not store.  */
static inline void
gomp_task_moved_debug (struct gomp_task *heap, struct gomp_task *task)
{
  if (GOMP_TRACK_STATE && (heap->kind & TASK_ON_PARENT))
    heap->frame.exit_frame
      = (char *) task + atomic_load_explicit (&gomp_on_parent_exit,
					      memory_order_relaxed);
}

/* The same for a deferred TASK that GOMP_taskwait runs on top of its
   parent (taskwait.c): it becomes a TASK_ON_PARENT task.  Only libompd
   reads that flag, so the runtime without state does not set it.  */
static inline void
gomp_task_start_child_debug (struct gomp_task *task, void *cfa)
{
  if (!GOMP_TRACK_STATE)
    return;
  task->kind |= TASK_ON_PARENT;
  task->frame.exit_frame = cfa;
}

/* TASK's code is in the runtime entry point whose frame is CFA, and may
   wait or run other code (NULL: it has returned).  Returns the previous
   value, for the caller to restore.  Without a wait_state: for a task
   that is not the current one (a region's encountering task), or for
   the waits of the thread's own word, which libompd takes over the
   task's (a lock: the word is set before the frame and given back
   after it).  Volatile, as the word: in program order with it and with
   the thread's current task (gomp_set_current_task).  */
static inline void *
gomp_task_enter_frame (struct gomp_task *task, void *cfa)
{
  if (!GOMP_TRACK_STATE)
    return NULL;
  void *old = task->frame.enter_frame;
  GOMP_DEBUG_WORD (task->frame.enter_frame) = cfa;
  return old;
}

static inline void
gomp_task_enter_frame_restore (struct gomp_task *task, void *old)
{
  if (GOMP_TRACK_STATE)
    GOMP_DEBUG_WORD (task->frame.enter_frame) = old;
}

/* TASK is the calling thread's current task from here on, where the
   order of this store and the task's enter frame matters to debuggers
   (a task must not be current with its enter frame set and its
   wait_state not): a volatile store, which GCC keeps in order with the
   frame's.  */
static inline void
gomp_set_current_task (struct gomp_thread *thr, struct gomp_task *task)
{
  GOMP_DEBUG_WORD (thr->task) = task;
}

/* A wait of the thread's own word (a lock, critical, atomic, ordered
   turn, a work share's hand-over: STATE, WAIT_ID), entered from the
   current task's code at CFA; gomp_own_wait_end gives both back.  The
   word before the task's frame, the frame back before the word: libompd
   takes the word's wait over the task's, whose wait_state is not set
   here, so the task is never current with its frame set and the word
   saying work.  */
struct gomp_own_wait
{
  unsigned int state;
  void *frame;
};

static inline struct gomp_own_wait
gomp_own_wait_begin (struct gomp_thread *thr, unsigned int state,
		     uintptr_t wait_id, void *cfa)
{
  struct gomp_own_wait saved;
  saved.state = gomp_get_state (thr);
  gomp_set_state (thr, state, wait_id);
  saved.frame = gomp_task_enter_frame (thr->task, cfa);
  GOMP_TOOL_EVENT (wait_begin, thr, state);
  return saved;
}

static inline void
gomp_own_wait_end (struct gomp_thread *thr, struct gomp_own_wait saved)
{
  GOMP_TOOL_EVENT (wait_end, thr, gomp_get_state (thr));
  gomp_task_enter_frame_restore (thr->task, saved.frame);
  gomp_set_state (thr, saved.state, 0);
}

/* A full memory barrier right after an atomic read-modify-write or a
   sequentially consistent store: on x86 those are locked instructions
   (an xchg for the store), which later loads cannot pass, so only the
   compiler must keep them in order; elsewhere a fence.  */
static inline void
gomp_fence_after_rmw (void)
{
#if defined(__x86_64__) || defined(__i386__)
  atomic_signal_fence (memory_order_seq_cst);
#else
  atomic_thread_fence (memory_order_seq_cst);
#endif
}

/* A cycle counter for timing a wait's last load, and 0 where there is
   none: the ordered turn's poll interval then stays at one pause.
   gomp_cycles_after waits for the instructions before it (the load) to
   complete first.  */
static inline uint64_t
gomp_cycles (void)
{
#if defined(__x86_64__) || defined(__i386__)
  return __builtin_ia32_rdtsc ();
#else
  return 0;
#endif
}

static inline uint64_t
gomp_cycles_after (void)
{
#if defined(__x86_64__) || defined(__i386__)
  unsigned int aux;
  return __builtin_ia32_rdtscp (&aux);
#else
  return 0;
#endif
}

static inline void
gomp_cpu_relax (void)
{
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause ();
#elif defined(__aarch64__)
  __asm__ volatile ("yield" ::: "memory");
#else
  __asm__ volatile ("" ::: "memory");
#endif
}

/* Waits yield the CPU, rather than spin, when there are more threads
   than CPUs but at most this many per CPU (wait.c): past it, the
   threads queued behind a yielder are so many that each look of a
   waiter costs more switches than its one sleep and wake.  */
#define GOMP_YIELD_CROWD 64
/* The yields of one wait before it sleeps.  */
#define GOMP_WAIT_YIELDS 8

static inline bool
gomp_waits_yield (unsigned int nthreads)
{
  return nthreads > gomp_num_procs
    && nthreads <= GOMP_YIELD_CROWD * gomp_num_procs;
}

/* The pause of a spin-then-sleep loop bounded by gomp_spin_limit: one
   sched_yield in a crowd (gomp_waits_yield), else PAUSES pauses.
   Returns the spins it counts for.  The thread count is the word
   gomp_spin_limit read, unchanged in the steady state and so in this
   CPU's cache: two loads and a compare beside the pause.  */
static inline unsigned int
gomp_spin_relax_n (unsigned int pauses)
{
  if (unlikely (gomp_waits_yield (atomic_load_explicit
				  (&gomp_registry.nthreads,
				   memory_order_relaxed))))
    {
      sched_yield ();
      return 1;
    }
  for (unsigned int k = 0; k < pauses; k++)
    gomp_cpu_relax ();
  return pauses;
}

static inline void
gomp_spin_relax (void)
{
  gomp_spin_relax_n (1);
}

#endif /* OMPDBG_RUNTIME_INTERNAL_H */
