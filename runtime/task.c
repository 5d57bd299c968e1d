/* task.c -- the task construct: creating a task (GOMP_task, and each
   task of a taskloop for taskloop.c), running it, and its completion;
   taskyield, omp_in_final, omp_fulfill_event.

   A task is one heap block: the struct gomp_task, its dependence entries
   and its argument block.  Counters tie it to the rest:
   - parent->children_created / children_done: taskwait waits until they
     are equal (the first written only by the parent's thread);
   - taskgroup->pending: tasks of the group not complete;
   - team->barrier.task_pending: tasks of the team not complete, or more
     while members hold an excess (task_count, gomp_task_pending_flush);
     barriers and the end of the region wait for 0;
   - refs: the task's own reference until it completes, plus one per child
     structure still alive, because children read their ancestors (depth
     walks, dependence tables).  The last reference frees it.  Implicit
     and initial tasks outlive their children anyway and count none.
   The team counter is dropped last, after every other access to the
   task's structures: once it reads 0 the region may end and its memory be
   reused.

   A task runs at once on the encountering thread (undeferred) when its if
   clause is false, when it is final or inside a final task (an included
   task), outside any parallel region, or when the team already holds many
   unfinished tasks: that bounds the memory a task producer can tie up,
   as GCC's libgomp does (64 tasks per thread).  */

#include "config.h"
#include "internal.h"
#include "tool.h"

#include "ompd-layout.h"

#include <omp.h>

#include <alloca.h>
#include <unwind.h>
#include <stdlib.h>
#include <string.h>

/* GOMP_task flags (gomp-constants.h).  */
#define GOMP_TASK_FLAG_UNTIED 1
#define GOMP_TASK_FLAG_FINAL 2
#define GOMP_TASK_FLAG_MERGEABLE 4
#define GOMP_TASK_FLAG_DEPEND 8
#define GOMP_TASK_FLAG_PRIORITY 16
#define GOMP_TASK_FLAG_DETACH (1 << 13)

/* Unfinished tasks of a team (its task_pending: queued, waiting for
   their dependences or running) per team member beyond which a new task
   without dependences runs undeferred, as in GCC's libgomp.  */
#define TASK_THROTTLE 64

/* The same for a task with dependences, far higher: it would wait for
   its predecessors first, and a debugger is expected to see the
   dependence graph a program builds, every task of it with its
   dependences (libompd's list of deferred tasks; tests/ompd/
   deferred-many holds 100,000 of them on a team of two).  libgomp runs
   such a task at once past 64 per member too, which saves the chain of
   EPCC's PARALLEL TASK DEPS a quarter of its instructions: for up to
   65,536 tasks per member (40 MiB of task blocks each) a debugger
   seeing them counts for more; beyond, the memory a producer ties up
   does.  */
#define TASK_THROTTLE_DEPEND 65536

/* Unfinished tasks per member below which a thread that found the team
   full defers tasks again: a quarter of the throttle.  Deferring is for
   the other members, which need a few queued tasks each, not for the
   creator: while the team works through a backlog, every task deferred
   is one more allocation, queueing and completion for nothing.  With the
   margin at half the limit, a team draining 64 queued trees per member
   at the end of EPCC's LEAF TASK TREE region resumed deferring after
   the first 32, refilled to the limit, and from then on every deferred
   task's completion made room for one more, mostly a small one near the
   leaves of the tree its creator was in: more than twice as many tasks
   deferred as libgomp defers, four times as many as with this margin.  */
#define TASK_THROTTLE_RESUME (TASK_THROTTLE / 4)

/* Tasks a thread runs undeferred once it has found the team full,
   before it reads the team's count again: the look (a shared line, and
   a call to gomp_stack_low) cost a task of a tree about as much as the
   rest of the check.  No more than TASK_THROTTLE_RESUME: while a
   producer runs that many tasks itself, each other member completes
   about as many, and the team, above the margin per member when the
   producer last looked, still has tasks queued when it looks again.
   A few levels more of nesting without a look at the stack's depth are
   nothing beside the quarter of it that gomp_stack_low keeps free.  */
#define TASK_THROTTLE_RUN 16
_Static_assert (TASK_THROTTLE_RUN <= TASK_THROTTLE_RESUME,
		"a producer looks again before the others run dry");

/* Fields every task needs from its start, whoever reads them: its own
   code (its data, its taskgroups), libompd (state, tool data, its
   dependences: none yet), a sibling's depend clause (the dependence
   table of its children).  Inlined into task_init: it is on the path of
   every task, undeferred ones too.  STATE: running for a task that
   starts here (an implicit task, an undeferred one on the stack), else
   waiting for its dependences until it is queued or run (what tells
   libompd that its frames and sched_parent are not set yet).  */
static inline __attribute__ ((always_inline)) void
task_init_common (struct gomp_task *task, enum gomp_task_state state)
{
  task->data = NULL;
  gomp_task_debug_init (task);	/* and tool_data */
  atomic_store_explicit (&task->task_state, state, memory_order_relaxed);
  task->deps = NULL;
  task->ndeps = 0;
  task->dep_table = NULL;
}

/* Fields of a task as a node others hold on to: the parent of tasks
   that may outlive it (children counts, references), a node of the
   dependence graph (successors, detach, mutexinoutset), a heap block.
   A task run from a struct on its thread's stack is none of these until
   it moves to the heap (task_move), which sets them on its copy: the
   undeferred path stores ten fields fewer per task, and that path is
   bound by the number of its stores.  Nothing reads them on a task that
   has not moved: its children counts are only read by taskwait, which
   returns at once for a task on the stack (it has no children:
   creating one moves it), its references only by its children, its
   successors and detach state only by its own completion through
   task_complete, which a task on the stack does not go through, its
   mutexinoutset flag only by the scheduler's queues; libompd reads no
   successors of a task whose kind says TASK_ON_STACK
   (libompd/deferred-tasks.c).  */
static inline __attribute__ ((always_inline)) void
task_init_node (struct gomp_task *task)
{
  task->children_created = 0;
  atomic_store_explicit (&task->children_done, 0, memory_order_relaxed);
  atomic_store_explicit (&task->refs, 1, memory_order_relaxed);
  task->succ = NULL;
  task->nsucc = task->succ_cap = 0;
  task->table_in = NULL;
  task->has_detach = false;
  task->has_mutex = false;
  task->copied = false;
  task->fulfilled = 0;
  task->alloc_base = NULL;
}

void
gomp_task_init_implicit (struct gomp_task *task, void *exit_frame)
{
  task_init_common (task, TASK_STATE_RUNNING);
  task_init_node (task);
  /* Here, not in task_init_common: beside task_init_node's store of
     succ the two make one (internal.h).  */
  task->moved = NULL;
  task->depth = 0;
  task->priority = 0;
  task->taskgroup = NULL;
  task->cur_taskgroup = NULL;
  gomp_task_debug_init_implicit (task, exit_frame);
}

/* Task blocks up to this size (task, a few dependences, a small argument
   block: nearly every task) are kept on a per-thread list when freed and
   reused, which makes creating a task cost no malloc in the steady state.
   A thread keeps at most TASK_CACHE_MAX of the blocks it frees itself,
   as many as the chain of dependent tasks a member may keep deferred
   (TASK_THROTTLE_DEPEND): a thread that runs the chain it created frees
   all of its blocks itself (task-depend.c, gomp_depend_release hands it
   each successor), and a bound of a few hundred would give the rest
   back to malloc at every chain, whose arena returns their pages to the
   system, to be faulted in again by the next chain (EPCC's PARALLEL
   TASK DEPS, region after region).  The blocks others give back (below)
   are blocks it allocated too, so what a thread holds is bounded by its
   own peak of live tasks.

   A block goes back to the thread that allocated it.  A task producer's
   tasks are mostly run, and so freed, by other threads: kept by those,
   the blocks piled up in the consumers' caches while the producer called
   malloc for every task and the consumers free, which takes the
   producer's malloc arena lock -- most of the time of a small task.  So
   another thread pushes the block onto its owner's REMOTE_FREE stack (one
   compare-and-swap on a line only such frees write), and the owner takes
   the whole stack back with one exchange when its cache is empty.  Only
   the owner takes, and it takes everything, so the stack has no ABA
   problem.  */
#define TASK_BLOCK 640
#define TASK_CACHE_MAX TASK_THROTTLE_DEPEND

/* A new block of SIZE bytes on a cache line of its own (a task's groups
   of fields are laid out by line: internal.h), for the blocks larger
   than TASK_BLOCK.  From malloc, with a line more than SIZE: the block
   starts at the first line boundary at least one word past what malloc
   returned (malloc aligns to 16 bytes), and that word holds malloc's
   address for the free.  posix_memalign finds the same alignment by
   splitting a larger chunk and freeing the pieces before and after it,
   which costs more than the malloc itself.  */
static void *
block_new (size_t size)
{
  void *raw = malloc (size + CACHE_LINE);
  if (raw == NULL)
    gomp_fatal_oom (size);
  void **block = (void **) (((uintptr_t) raw + CACHE_LINE)
			    & ~(uintptr_t) (CACHE_LINE - 1));
  block[-1] = raw;
  return block;
}

/* Blocks of TASK_BLOCK bytes come TASK_SLAB at a time, from one malloc
   (a slab), when the thread's cache and its stack of blocks given back
   are both empty: a chain of dependent tasks keeps every task alive
   until the chain runs, beyond the cache, and allocated and freed a
   block per task otherwise.  The thread carves the slab's blocks one by
   one (slab_next) after its cache and that stack, rather than putting
   them into its cache: the cache's blocks are prefetched as they come
   to the head, being most often others' frees, which a new block is
   not.  Each block is a line past the one before, the line in between
   holding, in its last word, the address of the slab's header (after
   the last block), which counts the blocks not yet deleted (only the
   owner deletes: the others give blocks back, task_block_free), and
   frees the slab with the last.  A new slab is made only when every
   block of the others is alive in some task, so the blocks a thread
   holds are still about its peak of live tasks (a cached block keeps
   its slab, deleted blocks and all).  */
#define TASK_SLAB 8
#define SLAB_STRIDE (TASK_BLOCK + CACHE_LINE)

struct task_slab
{
  void *raw;			/* malloc's address */
  unsigned int live;		/* blocks not deleted */
};

static inline struct task_slab *
block_slab (void *block)
{
  return ((struct task_slab **) block)[-1];
}

/* The next block of THR's slab, a new slab's first if it has none.  */
static void *
slab_block (struct gomp_thread *thr)
{
  char *block = thr->slab_next;
  if (block == NULL)
    {
      size_t size = CACHE_LINE + TASK_SLAB * SLAB_STRIDE
		    + sizeof (struct task_slab);
      char *raw = malloc (size);
      if (raw == NULL)
	gomp_fatal_oom (size);
      block = (char *) (((uintptr_t) raw + CACHE_LINE)
			& ~(uintptr_t) (CACHE_LINE - 1));
      struct task_slab *slab
	= (struct task_slab *) (block + TASK_SLAB * SLAB_STRIDE);
      slab->raw = raw;
      slab->live = TASK_SLAB;
      for (unsigned int i = 0; i < TASK_SLAB; i++)
	((struct task_slab **) (block + i * SLAB_STRIDE))[-1] = slab;
    }
  char *next = block + SLAB_STRIDE;
  thr->slab_next = next == (char *) block_slab (block) ? NULL : next;
  return block;
}

static void
slab_delete (void *block)
{
  struct task_slab *slab = block_slab (block);
  if (--slab->live == 0)
    free (slab->raw);
}

static void
block_delete (void *block, size_t size)
{
  if (size == TASK_BLOCK)
    slab_delete (block);
  else
    free (((void **) block)[-1]);
}

static void *
task_block_alloc (struct gomp_thread *thr, size_t size, size_t *got)
{
  void *block = NULL;
  if (size <= TASK_BLOCK)
    {
      size = TASK_BLOCK;
      block = thr->task_cache;
      if (block == NULL
	  && atomic_load_explicit (&thr->remote_free,
				   memory_order_relaxed) != NULL)
	{
	  block = atomic_exchange_explicit (&thr->remote_free, NULL,
					    memory_order_acquire);
	  /* The stack's depth is in its top block (task_block_free):
	     counting would read every block, each a cache miss, one after
	     the other.  */
	  thr->task_cache_count = ((uintptr_t *) block)[1];
	}
      if (block)
	{
	  void *next = *(void **) block;
	  thr->task_cache = next;
	  thr->task_cache_count--;
	  /* The next block was most likely freed by another thread (the one
	     that ran its task): ask for its lines now, so that they arrive
	     while this task is being created, not when the next one is.  */
	  if (next)
	    for (unsigned int i = 0; i < TASK_BLOCK / CACHE_LINE; i++)
	      __builtin_prefetch ((char *) next + i * CACHE_LINE, 1, 3);
	}
    }
  if (block == NULL)
    block = size == TASK_BLOCK ? slab_block (thr) : block_new (size);
  *got = size;
  return block;
}

static void
task_block_free (void *block, size_t size, struct gomp_thread *owner)
{
  if (size != TASK_BLOCK)
    {
      block_delete (block, size);
      return;
    }
  /* A block of the common size: its owner is a thread, whichever frees
     it (THR NULL: a thread the runtime does not know).  */
  struct gomp_thread *thr = gomp_tls;
  if (owner != thr)
    {
      /* Acquire: the depth in HEAD, written by whoever pushed it.  */
      void *head = atomic_load_explicit (&owner->remote_free,
					 memory_order_acquire);
      /* Word 0: the next block; word 1: the depth of the stack from
	 here, which the owner reads instead of counting.  Should the
	 owner take the stack, reuse HEAD and get it pushed back on top
	 between our load and our compare-and-swap, the depth read is
	 garbage but the link right: the owner's count of cached blocks is
	 then wrong until its cache next runs dry, which only changes how
	 many it keeps instead of freeing (task_block_alloc).  */
      do
	{
	  ((void **) block)[0] = head;
	  ((uintptr_t *) block)[1] = head ? ((uintptr_t *) head)[1] + 1 : 1;
	}
      while (!atomic_compare_exchange_weak_explicit (&owner->remote_free,
						     &head, block,
						     memory_order_release,
						     memory_order_acquire));
      return;
    }
  if (thr->task_cache_count < TASK_CACHE_MAX)
    {
      *(void **) block = thr->task_cache;
      thr->task_cache = block;
      thr->task_cache_count++;
      return;
    }
  slab_delete (block);
}

/* THR, a pool thread, exits (a pause, pool.c): free the blocks it keeps.
   Its cache holds only blocks it allocated, and so does its REMOTE_FREE
   stack; every task of its regions has completed and been freed, so no
   thread pushes onto that stack any more.  */
void
gomp_task_cache_release (struct gomp_thread *thr)
{
  void *stack = atomic_exchange_explicit (&thr->remote_free, NULL,
					  memory_order_acquire);
  for (int i = 0; i < 2; i++)
    for (void *b = i ? stack : thr->task_cache, *next; b; b = next)
      {
	next = *(void **) b;
	block_delete (b, TASK_BLOCK);
      }
  thr->task_cache = NULL;
  thr->task_cache_count = 0;
  /* The blocks of its slab it has not used yet.  */
  while (thr->slab_next != NULL)
    block_delete (slab_block (thr), TASK_BLOCK);
}

static void
task_free (struct gomp_task *task)
{
  gomp_depend_table_free (task);
  if (task->succ != NULL)
    gomp_depend_succ_free (task, task->succ);
  if (task->alloc_base)
    task_block_free (task->alloc_base, task->alloc_size, task->alloc_owner);
}

_Atomic uintptr_t gomp_on_parent_exit;

int gomp_task_general;

void
gomp_task_general_update (int active)
{
  __atomic_store_n (&gomp_task_general,
		    (active ? GOMP_TASK_GENERAL_TOOL : 0)
		    | (gomp_global_icv.cancel_var ? GOMP_TASK_GENERAL_CANCEL
		       : 0), __ATOMIC_RELAXED);
}

/* GOMP_task, for taking its address and calling it inside the library
   (an exported name may be interposed or resolve to a PLT entry).  */
extern __typeof (GOMP_task) gomp_task_self
  __attribute__ ((alias ("GOMP_task"), visibility ("hidden")));

struct on_parent_probe
{
  uintptr_t task;		/* the probe task's struct, in GOMP_task */
  uintptr_t cfa;		/* GOMP_task's frame, from the unwinder */
  bool next;			/* the frame before was called by GOMP_task */
};

/* The unwinder's context for a frame holds that frame's CFA and the
   address it returns to, in its caller: the frame whose return address
   is in GOMP_task is the one GOMP_task called, and the next one is
   GOMP_task's own.  */
static _Unwind_Reason_Code
on_parent_probe_frame (struct _Unwind_Context *ctx, void *arg)
{
  struct on_parent_probe *p = arg;
  if (p->next)
    {
      p->cfa = _Unwind_GetCFA (ctx);
      return _URC_END_OF_STACK;
    }
  int before;
  uintptr_t ip = _Unwind_GetIPInfo (ctx, &before);
  p->next = _Unwind_FindEnclosingFunction ((void *) (ip - !before))
    == (void *) gomp_task_self;
  return _URC_NO_REASON;
}

static void
on_parent_probe_task (void *arg)
{
  struct on_parent_probe *p = arg;
  p->task = (uintptr_t) gomp_tls->task;
  _Unwind_Backtrace (on_parent_probe_frame, p);
}

/* Measure, once at start-up, the distance from the struct of GOMP_task's
   undeferred task to GOMP_task's frame (internal.h, gomp_on_parent_exit,
   says why): run one `if (0)' task through GOMP_task whose code asks the
   unwinder for the frame it was called from.  Left at 0 (libompd: such
   exit frames unavailable) if the unwinder cannot say, or GOMP_task does
   not take its fast path (cancellation on: then no task ever does).  No
   OMPD events for this task: it is none of the program's.  First,
   cancel-var's bit of gomp_task_general.  */
void
gomp_task_probe_on_parent (void)
{
  gomp_task_general_update (gomp_tool_active);
  struct on_parent_probe p = { 0, 0, false };
  int ompd = gomp_ompd_enabled;
  gomp_ompd_enabled = 0;
  gomp_task_self (on_parent_probe_task, &p, NULL, 0, 1, false, 0, NULL, 0,
		  NULL);
  gomp_ompd_enabled = ompd;
  if (p.cfa > p.task && p.cfa - p.task < OMPDBG_ON_PARENT_EXIT_MAX)
    atomic_store_explicit (&gomp_on_parent_exit, p.cfa - p.task,
			   memory_order_relaxed);
}

/* Does TASK count references?  Implicit and initial tasks outlive every
   task of their region by construction (the region ends only when all
   have completed), so their children take no reference on them: two
   atomic updates fewer per task, on a line of the parent that its own
   thread writes as it creates the next tasks.  */
static inline bool
task_refcounted (const struct gomp_task *task)
{
  return !(task->kind & (TASK_IMPLICIT | TASK_INITIAL));
}

/* A reference to PARENT for a child structure (task_refcounted).  */
static inline void
task_ref_parent (struct gomp_task *parent)
{
  if (task_refcounted (parent))
    atomic_fetch_add_explicit (&parent->refs, 1, memory_order_relaxed);
}

/* Drop one reference to TASK; free it and every ancestor whose last
   reference that was, up to the first that counts none.  */
static void
task_unref (struct gomp_task *task)
{
  while (task
	 && atomic_fetch_sub_explicit (&task->refs, 1,
				       memory_order_acq_rel) == 1)
    {
      struct gomp_task *parent = task->parent;
      task_free (task);
      task = parent && task_refcounted (parent) ? parent : NULL;
    }
}

/* THR's excess count (gomp_task_pending_flush) is about to be TEAM's.  */
static inline void
excess_team (struct gomp_thread *thr, struct gomp_team *team)
{
  if (thr->excess_team != team)
    {
      gomp_task_pending_flush (thr);
      thr->excess_team = team;
    }
}

/* TASK's region is complete (its function returned and, with detach, its
   event was fulfilled).  THR is the completing thread, maybe not one of
   the team's (omp_fulfill_event).  NEXT: the successor to run next is
   returned, not queued (gomp_depend_release); else NULL.  Two copies,
   task_complete and task_complete_next: the one without NEXT keeps no
   successor through the rest of the completion (taskwait's children,
   detach, cancellation).  */
static ALWAYS_INLINE struct gomp_task *
task_complete_1 (struct gomp_thread *thr, struct gomp_task *task, bool next)
{
  struct gomp_team *team = task->team;
  struct gomp_task *parent = task->parent;
  struct gomp_task *succ = NULL;
  if (task->ndeps)
    succ = gomp_depend_release (thr, task, next);
  atomic_store_explicit (&task->task_state, TASK_STATE_DONE,
			 memory_order_release);
  if (task->taskgroup)
    atomic_fetch_sub_explicit (&task->taskgroup->pending, 1,
			       memory_order_acq_rel);
  atomic_fetch_add_explicit (&parent->children_done, 1, memory_order_acq_rel);
  task_unref (task);
  if (team)
    {
      if (thr != NULL && thr->ts.team == team)
	{
	  excess_team (thr, team);
	  thr->pending_excess++;
	  /* The waits in tied tasks; the idle threads only care for the
	     last completion, which this thread's flush reports.  */
	  gomp_task_event_done (team);
	}
      else if (atomic_fetch_sub_explicit (&team->barrier.task_pending, 1,
					  memory_order_seq_cst) == 1)
	gomp_task_event (team);
      else
	gomp_task_event_done (team);
    }
  return succ;
}

static void
task_complete (struct gomp_thread *thr, struct gomp_task *task)
{
  task_complete_1 (thr, task, false);
}

static struct gomp_task *
task_complete_next (struct gomp_thread *thr, struct gomp_task *task)
{
  return task_complete_1 (thr, task, true);
}

/* A team member subtracts the tasks it completed from the team's
   task_pending in batches, with what it added ahead and did not use
   (task_count), when something needs the count (a barrier that everybody
   has reached, the end of the region: task-sched.c, barrier.c) or before
   it sleeps, not at each task: in a producer-consumer pattern every
   subtraction took the line from the producer, whose next addition then
   waited for it.  Until then the count is only too high, never too low:
   a task's completion can only be seen after its creation.  */
void
gomp_task_pending_flush (struct gomp_thread *thr)
{
  unsigned long n = thr->pending_excess;
  if (n == 0)
    return;
  thr->pending_excess = 0;
  /* Down to none: a barrier or a region's end may be done, which every
     idle thread waits for (idle.c).  */
  if (atomic_fetch_sub_explicit (&thr->excess_team->barrier.task_pending, n,
				 memory_order_seq_cst) == n)
    gomp_task_event (thr->excess_team);
  else
    gomp_task_event_done (thr->excess_team);
}

/* TASK, with a detach clause, is ready: npred counts its function and
   its event from now on, unless the event was fulfilled before, which
   then left npred alone (omp_fulfill_event): before, npred counted
   predecessors.  The count is stored before the flag is published, so
   that a fulfiller that sees DETACH_READY takes its share of it.  */
static void
detach_ready (struct gomp_task *task)
{
  atomic_store_explicit (&task->npred, 2, memory_order_relaxed);
  if (__atomic_fetch_or (&task->fulfilled, DETACH_READY, __ATOMIC_ACQ_REL)
      & DETACH_FULFILLED)
    atomic_store_explicit (&task->npred, 1, memory_order_relaxed);
}

/* The completion count of a task: its function, plus its event when it
   has a detach clause.  Kept in npred once the task has started, since
   by then every predecessor has released it.  */
static inline struct gomp_task *
task_finished (struct gomp_thread *thr, struct gomp_task *task, bool next)
{
  if (atomic_fetch_sub_explicit (&task->npred, 1, memory_order_acq_rel) != 1)
    {
      /* Detached: omp_fulfill_event completes it.  */
      atomic_store_explicit (&task->task_state, TASK_STATE_DETACHED,
			     memory_order_release);
      return NULL;
    }
  if (next)
    return task_complete_next (thr, task);
  task_complete (thr, task);
  return NULL;
}

void
gomp_task_finished (struct gomp_thread *thr, struct gomp_task *task)
{
  task_finished (thr, task, false);
}

/* Execute TASK on the calling thread.  Not inlined: its frame is the
   task's exit_frame.  The caller runs next, itself, a successor that
   TASK's completion makes ready, which is returned instead of queued
   (gomp_depend_release); else NULL.  */
struct gomp_task * __attribute__ ((noinline))
gomp_task_run (struct gomp_thread *thr, struct gomp_task *task)
{
  struct gomp_task *prev = thr->task;
  task->thread = thr;
  /* Frames first: libompd reads them once the state says running.  */
  gomp_task_start_debug (task, prev, GOMP_CFA ());
  atomic_store_explicit (&task->task_state, TASK_STATE_RUNNING,
			 memory_order_relaxed);
  thr->task = task;
  /* No state store: a thread waiting in a barrier, taskwait or taskgroup
     runs tasks under the wait's state, which libompd reports as work
     while the current task is in its own code (task-sched.c,
     gomp_task_wait_until); elsewhere the thread is working already.
     OMPD task begin / end: TASK is the thread's current task in both.  */
  GOMP_OMPD_TOOL_EVENT (task_begin, task_start, prev, task);
  task->fn (task->data);
  GOMP_OMPD_TOOL_EVENT (task_end, task_end, task, prev);
  /* Its exit frame stays: this frame, still here until the task is
     marked detached or done (gomp_task_finished), after which libompd
     reads no frames of it.  One store less per task.  */
  thr->task = prev;
  return task_finished (thr, task, true);
}

static bool
task_done (void *arg)
{
  struct gomp_task *task = arg;
  return atomic_load_explicit (&task->task_state, memory_order_acquire)
    == TASK_STATE_DONE;
}

/* Is TEAM full, with PER_MEMBER unfinished tasks per member?  A thread
   looks when *CREDIT, the tasks it let through since it last looked, is
   spent: they could, with as many from each other member, have filled
   it; the answer sets *CREDIT anew.  */
static inline __attribute__ ((always_inline)) bool
team_full (struct gomp_team *team, unsigned long per_member,
	   unsigned long *credit)
{
  unsigned long n = team->nthreads;
  unsigned long limit = per_member * n;
  unsigned long pending = atomic_load_explicit (&team->barrier.task_pending,
						memory_order_relaxed);
  /* Full: run this one now, unless the stack runs low: nesting
     undeferred tasks costs more stack than queued ones do
     (stack-guard.c).  */
  if (pending >= limit && !gomp_stack_low ())
    return true;
  *credit = pending < limit ? (limit - pending + n - 1) / n : 1;
  return false;
}

/* THR's credit is spent, and it has run at once the tasks it had to
   since it last found TEAM full, if it did: look at the team's count
   (undeferred).  True: TEAM is full, run the task at once.  */
static inline __attribute__ ((always_inline)) bool
throttle_look (struct gomp_thread *thr, struct gomp_team *team)
{
  if (team_full (team, thr->throttle_full ? TASK_THROTTLE_RESUME
		       : TASK_THROTTLE, &thr->throttle_credit))
    {
      thr->throttle_full = TASK_THROTTLE_RUN;
      return true;
    }
  thr->throttle_full = 0;
  return false;
}

/* undeferred for a task without depend or detach clause, inlined into
   GOMP_task's fast path too.  throttle_full above 1 is tested first,
   the common case in a tree of tasks, which makes that task skip the
   other three tests.  It implies no credit (it is set only by a look
   that found the team full, which leaves the credit spent), and every
   other case that passes the test runs the task at once too: its only
   cost is that a task undeferred anyway (if(0), final, outside a
   region) counts towards the thread's next look.  */
static inline __attribute__ ((always_inline)) bool
undeferred_plain (struct gomp_thread *thr, bool if_clause,
		  struct gomp_team *team, struct gomp_task *parent)
{
  if (thr->throttle_full > 1)
    {
      thr->throttle_full--;
      return true;
    }
  return !if_clause || team == NULL || (parent->kind & TASK_FINAL)
    || (thr->throttle_credit == 0 && throttle_look (thr, team));
}

/* Inlined: it decides the path of every task.  */
static inline __attribute__ ((always_inline)) bool
undeferred (struct gomp_thread *thr, bool if_clause, unsigned int flags)
{
  struct gomp_team *team = thr->ts.team;
  if (likely (!(flags & (GOMP_TASK_FLAG_DEPEND | GOMP_TASK_FLAG_DETACH))))
    return undeferred_plain (thr, if_clause, team, thr->task);
  if (!if_clause || team == NULL || (thr->task->kind & TASK_FINAL))
    return true;
  if (flags & GOMP_TASK_FLAG_DETACH)
    return false;
  /* The throttle counts the team's unfinished tasks, not those queued:
     a task running from the queue counts too, so that while a team works
     through a full queue the tasks its tasks create run at once (a tree
     of tasks: only the roots are queued), where counting the queue let
     each task taken make room for one child deferred.  The count read is
     team->barrier.task_pending, at or above the true one by what the
     members added ahead and completed since they last subtracted
     (task_count, gomp_task_pending_flush; thieves subtract once that
     passes PENDING_EXCESS_MAX, task-sched.c): close enough for a bound.
     Read only when the credit is spent (team_full): the line is written
     by the members that add ahead or subtract, so each look may wait
     for a transfer.  The credit is spent when a task is queued
     (task_create), so that asking twice for one task (GOMP_task, then
     task_create) costs nothing.  A thread that found the team full
     looks again after TASK_THROTTLE_RUN tasks, and defers again only
     below TASK_THROTTLE_RESUME per member: at the limit itself each
     completion made room for one task deferred, the next one created,
     in a tree of tasks mostly a small one near the leaves.  */
  return thr->depend_credit == 0
    && team_full (team, TASK_THROTTLE_DEPEND, &thr->depend_credit);
}

/* The kind of a new task of PARENT with GOMP_task's FLAGS.  OMPT's
   untied, final and mergeable flags are GCC's three shifted: one shift
   and a mask, where three tests cost the undeferred path seven
   instructions.  */
#define TASK_KIND_SHIFT 28
_Static_assert (GOMP_TASK_FLAG_UNTIED << TASK_KIND_SHIFT == TASK_UNTIED
		&& GOMP_TASK_FLAG_FINAL << TASK_KIND_SHIFT == TASK_FINAL
		&& GOMP_TASK_FLAG_MERGEABLE << TASK_KIND_SHIFT
		   == TASK_MERGEABLE, "GOMP_task's flags and OMPT's kinds");

static inline unsigned int
task_kind (struct gomp_task *parent, unsigned int flags, bool now)
{
  return TASK_EXPLICIT
    | ((flags & (GOMP_TASK_FLAG_UNTIED | GOMP_TASK_FLAG_FINAL
		 | GOMP_TASK_FLAG_MERGEABLE)) << TASK_KIND_SHIFT)
    | (parent->kind & TASK_FINAL)
    | (now ? TASK_UNDEFERRED : 0);
}

/* The fields every new task takes from its parent, and those of
   task_init_common; a task on the heap also needs task_init_node.
   Inlined: on the path of every task.  */
static inline __attribute__ ((always_inline)) void
task_init (struct gomp_task *task, struct gomp_task *parent,
	   struct gomp_team *team, void (*fn) (void *), unsigned int kind,
	   int priority, enum gomp_task_state state)
{
  task_init_common (task, state);
  task->kind = kind;
  /* Relaxed atomic stores, plain moves: as plain stores GCC packs
     PARENT with TEAM, and the taskgroup with the data, into vector
     stores built from two registers each, four instructions where two
     do, on the undeferred path.  */
  __atomic_store_n (&task->parent, parent, __ATOMIC_RELAXED);
  task->team = team;
  task->fn = fn;
  task->icv = parent->icv;
  task->depth = parent->depth + 1;
  task->priority = priority;
  task->moved = NULL;
  struct gomp_taskgroup *taskgroup = parent->cur_taskgroup;
  __atomic_store_n (&task->taskgroup, taskgroup, __ATOMIC_RELAXED);
  task->cur_taskgroup = taskgroup;
}

/* Count a new task in its parent, group and team before anything can
   complete it.  The team's count is added to ahead, TASK_PENDING_AHEAD
   at a time, and each task created takes one of those: like the
   subtractions (gomp_task_pending_flush), an addition at each task took
   the line from the threads that last subtracted, and the locked
   instruction made the creator wait for every store it had issued
   before.  The count stays at or above the true one.  */
#define TASK_PENDING_AHEAD 8

static void
task_count (struct gomp_thread *thr, struct gomp_task *task)
{
  task->parent->children_created++;	/* the calling thread's own task */
  task_ref_parent (task->parent);
  if (task->taskgroup)
    atomic_fetch_add_explicit (&task->taskgroup->pending, 1,
			       memory_order_relaxed);
  struct gomp_team *team = task->team;
  if (team == NULL)
    return;
  excess_team (thr, team);
  if (thr->pending_excess == 0)
    {
      atomic_fetch_add_explicit (&team->barrier.task_pending,
				 TASK_PENDING_AHEAD, memory_order_relaxed);
      thr->pending_excess = TASK_PENDING_AHEAD;
    }
  thr->pending_excess--;
}

/* The calling thread's current task, about to become the parent of a
   task that may outlive it.  A task running from a stack struct (an
   undeferred task, a taskloop task run where it was claimed) moves to
   the heap first: its children will point to it.  So do its ancestors
   on the stack, whose returns it may outlive (task_move): from then on
   the thread runs each of them as its copy (task_resumed), and their
   stack structs are left behind.

   It is not counted in its parent's children, its taskgroup or the
   team's pending tasks, as a queued task is: it runs to completion on
   this thread before its creator goes on (GOMP_task, or share_run in
   taskloop.c, whose own completion those counters track), so nothing can
   wait for it through them.  Only the reference to its parent is needed
   -- its children walk their ancestors -- which saves, per moved task,
   three atomic updates, among them one of the team's pending count, a
   line every thread of the team reads while waiting (task_moved_done).  */
static struct gomp_task *
task_move (struct gomp_thread *thr, struct gomp_task *task)
{
  if (!(task->kind & TASK_ON_STACK))
    return task;
  if (task->moved != NULL)
    return task->moved;
  /* Its ancestors on this stack first: the copy keeps a reference to
     its parent until its own last child completes, maybe long after an
     undeferred parent has returned and its stack struct is gone.  The
     chain is as deep as undeferred tasks nest here, each of which has a
     frame far larger than this function's.  A task's parent on another
     thread's stack would be another thread's to move: none is (a shared
     taskloop's tasks, run by every thread, have a parent on the heap,
     taskloop.c), and the test keeps this thread off others' stacks.  */
  struct gomp_task *parent = task->parent;
  if (parent != NULL && parent->thread == thr)
    parent = task_move (thr, parent);
  size_t got;
  struct gomp_task *heap = task_block_alloc (thr, sizeof *heap, &got);
  *heap = *task;
  heap->parent = parent;
  /* For debuggers: the task it was started from, if that moved too
     (a TASK_ON_PARENT task's is its parent, already the copy).  */
  if (!(heap->kind & TASK_ON_PARENT) && heap->sched_parent != NULL
      && (heap->sched_parent->kind & TASK_ON_STACK)
      && heap->sched_parent->moved != NULL)
    heap->sched_parent = heap->sched_parent->moved;
  heap->kind &= ~TASK_ON_STACK;
  gomp_task_moved_debug (heap, task);
  task_init_node (heap);
  heap->alloc_base = heap;
  heap->alloc_size = got;
  heap->alloc_owner = thr;
  task_ref_parent (parent);
  task->moved = heap;
  return heap;
}

/* The task current on THR once a task run from a stack struct returns
   to PREV: PREV's copy on the heap if a descendant made it move
   (task_move), and the code that resumes is PREV's.  */
static inline struct gomp_task *
task_resumed (struct gomp_task *prev)
{
  return prev->moved != NULL ? prev->moved : prev;
}

struct gomp_task *
gomp_task_parent (struct gomp_thread *thr)
{
  struct gomp_task *task = thr->task;
  if (!(task->kind & TASK_ON_STACK))
    return task;
  struct gomp_task *heap = task_move (thr, task);
  thr->task = heap;
  return heap;
}

/* A task that moved to the heap (gomp_task_parent) has returned: done,
   and its reference goes; the last of its children frees it.  Its
   dependences were only waited for (task_create), never recorded, and it
   has no detach clause: neither path runs undeferred tasks with one.  */
static void
task_moved_done (struct gomp_task *task)
{
  atomic_store_explicit (&task->task_state, TASK_STATE_DONE,
			 memory_order_release);
  task_unref (task);
}

/* The argument block of a task run at once: the caller's own when no
   copy constructor must run (GCC built it for this task), else a copy.  */
#define UNDEFERRED_ARG(arg, data, cpyfn, size, align)			\
  do									\
    {									\
      (arg) = (data);							\
      if (cpyfn)							\
	{								\
	  char *buf_ = alloca ((size_t) (size) + (size_t) (align) - 1);	\
	  (arg) = (void *) (((uintptr_t) buf_ + (uintptr_t) (align) - 1) \
			    & ~((uintptr_t) (align) - 1));		\
	  (cpyfn) ((arg), (data));					\
	}								\
    }									\
  while (0)

/* A task's priority: the clause's value clamped to max-task-priority-var,
   0 without the clause.  */
static inline int
task_priority (unsigned int flags, int priority)
{
  if (!(flags & GOMP_TASK_FLAG_PRIORITY))
    return 0;
  int max = gomp_global_icv.max_task_priority_var;
  return priority < 0 ? 0 : priority > max ? max : priority;
}

/* Run a task of PARENT, of kind KIND, on the calling thread now, from a
   struct on this stack: no allocation, no shared counter (nobody but this
   thread sees it before it completes, unless it creates a child, which
   moves it to the heap: gomp_task_parent).  The thread's current task
   around it may be another than PARENT (taskloop.c).  DEPEND: its
   depend clauses (GCC's array), or NULL; it waits for them here.  TOOL:
   the tool's task-create is sent here, with its dependences DEPEND
   (gomp_tool_undeferred_depend), both under one test of the tool word;
   false in GOMP_task's fast path, which a tool never takes
   (its entry test sends it to the general one) and which so spends no
   second test of the word.  */
static inline __attribute__ ((always_inline)) void
task_run_here (struct gomp_thread *thr, struct gomp_task *parent,
	       void (*fn) (void *), void *data,
	       void (*cpyfn) (void *, void *), long arg_size, long arg_align,
	       unsigned int kind, int priority, const void *bounds,
	       size_t bounds_size, void *cfa, bool tool, void **depend)
{
  struct gomp_task *prev = thr->task;
  struct gomp_task t;
  task_init (&t, parent, thr->ts.team, fn, kind | TASK_ON_STACK, priority,
	     TASK_STATE_RUNNING);
  t.thread = thr;
  if (tool && GOMP_TOOL_ON ())
    {
      gomp_tool_undeferred_depend (depend);
      gomp_tool_task_create (thr, parent, &t, false, cfa);
    }
  /* Its dependences, after its task-create: the tools see the pairs of
     its wait with the task as their sink.  */
  if (depend != NULL && thr->ts.team != NULL)
    gomp_depend_wait (thr, depend, NULL, &t);
  if (!(kind & TASK_ON_PARENT))
    gomp_task_start_debug (&t, prev, cfa);
  thr->task = &t;
  void *arg;
  UNDEFERRED_ARG (arg, data, cpyfn, arg_size, arg_align);
  if (bounds_size)
    memcpy (arg, bounds, bounds_size);
  t.data = arg;
  GOMP_OMPD_TOOL_EVENT (task_begin, task_start, prev, &t);
  fn (arg);
  GOMP_OMPD_TOOL_EVENT (task_end, task_end, &t, prev);
  thr->task = task_resumed (prev);
  /* Rare: a child made it move to the heap, or it recorded dependences
     of its children; the common case costs two tests, no call.  */
  if (unlikely (t.moved != NULL))
    task_moved_done (t.moved);
  else if (unlikely (t.dep_table != NULL))
    gomp_depend_table_free (&t);
}

/* One task of a taskloop, run at once by a thread that shares out the
   taskloop's tasks (taskloop.c): a deferred task in every respect but
   where its struct lives.  FLAGS are GOMP_task flags.  Not inlined: the
   caller runs it in a loop, and its alloca must not pile up; its frame is
   the task's exit_frame.  The thread's current task is in the runtime
   meanwhile: share_run (taskloop.c) keeps its enter_frame.  TOOL: the
   tools' task-create, in gomp_task_run_shared; gomp_task_run_shared_quiet
   is for a taskloop that found gomp_task_general zero.  */
static inline __attribute__ ((always_inline)) void
task_run_shared (struct gomp_thread *thr, struct gomp_task *parent,
		 void (*fn) (void *), void *data,
		 void (*cpyfn) (void *, void *), long arg_size, long arg_align,
		 unsigned int flags, int priority, const void *bounds,
		 size_t bounds_size, bool tool)
{
  if (arg_align < 1)
    arg_align = 1;
  /* Other threads run tasks of the same block at the same time: each
     needs its own copy to write its bounds into.  (With CPYFN,
     task_run_here copies anyway.)  */
  if (cpyfn == NULL)
    {
      char *buf = alloca ((size_t) arg_size + (size_t) arg_align - 1);
      void *copy = (void *) (((uintptr_t) buf + (uintptr_t) arg_align - 1)
			     & ~((uintptr_t) arg_align - 1));
      memcpy (copy, data, (size_t) arg_size);
      data = copy;
    }
  task_run_here (thr, parent, fn, data, cpyfn, arg_size, arg_align,
		 task_kind (parent, flags, false),
		 task_priority (flags, priority), bounds, bounds_size,
		 GOMP_CFA (), tool, NULL);
}

void __attribute__ ((noinline))
gomp_task_run_shared (struct gomp_thread *thr, struct gomp_task *parent,
		      void (*fn) (void *), void *data,
		      void (*cpyfn) (void *, void *), long arg_size,
		      long arg_align, unsigned int flags, int priority,
		      const void *bounds, size_t bounds_size)
{
  task_run_shared (thr, parent, fn, data, cpyfn, arg_size, arg_align, flags,
		   priority, bounds, bounds_size, true);
}

void __attribute__ ((noinline))
gomp_task_run_shared_quiet (struct gomp_thread *thr,
			    struct gomp_task *parent, void (*fn) (void *),
			    void *data, void (*cpyfn) (void *, void *),
			    long arg_size, long arg_align, unsigned int flags,
			    int priority, const void *bounds,
			    size_t bounds_size)
{
  task_run_shared (thr, parent, fn, data, cpyfn, arg_size, arg_align, flags,
		   priority, bounds, bounds_size, false);
}

/* Taken where it is used, not on entry: most tasks are deferred and
   need no frame, and a CFA taken on entry stays in a register or on the
   stack through the whole function.  */
#define TASK_CFA (cfa != NULL ? cfa : GOMP_CFA ())

/* Create a task: GOMP_task's work, shared with taskloop.  After the
   argument block is copied, BOUNDS_SIZE bytes from BOUNDS overwrite its
   beginning (a taskloop task's iteration range, in the first two words);
   GOMP_task passes 0 and the copy folds away, since this is inlined.
   CFA is the frame of the entry point the encountering task called, for
   debuggers; NULL: the function this is inlined into (TASK_CFA).
   GENERAL: the copy with the tools' events and cancellation's check;
   without, the copy for gomp_task_general zero, tested by the caller
   (tool-word.h), which has neither.  */
static inline __attribute__ ((always_inline)) void
task_create (struct gomp_thread *thr, void (*fn) (void *), void *data,
	     void (*cpyfn) (void *, void *), long arg_size, long arg_align,
	     bool if_clause, unsigned int flags, void **depend, int priority,
	     void *detach, const void *bounds, size_t bounds_size, void *cfa,
	     bool general)
{
  struct gomp_team *team = thr->ts.team;
  /* Cancelled region or taskgroup: the task would be discarded before it
     starts, so it is not created (cancel.c).  */
  if (general && unlikely (gomp_global_icv.cancel_var)
      && gomp_task_create_cancelled (thr))
    return;
  bool now = undeferred (thr, if_clause, flags);
  if (arg_align < 1)
    arg_align = 1;
  priority = task_priority (flags, priority);

  if (now && !(flags & GOMP_TASK_FLAG_DETACH))
    {
      /* Run it here and now.  No later sibling can exist before it
	 completes, so its dependences only need waiting for, not
	 recording.  */
      struct gomp_task *parent = thr->task;
      /* The parent's code is in GOMP_task (or GOMP_taskloop) while the
	 task runs: its enter_frame, the task's exit_frame.  */
      void *old_enter = gomp_task_enter_runtime (parent, TASK_CFA);
      task_run_here (thr, parent, fn, data, cpyfn, arg_size, arg_align,
		     task_kind (parent, flags, true), priority, bounds,
		     bounds_size, TASK_CFA, general,
		     (flags & GOMP_TASK_FLAG_DEPEND) ? depend : NULL);
      gomp_task_enter_frame_restore (thr->task, old_enter);
      return;
    }

  struct gomp_task *parent = gomp_task_parent (thr);
  size_t ndeps = (flags & GOMP_TASK_FLAG_DEPEND) && !now
    ? gomp_depend_count (depend) : 0;
  size_t got;
  size_t need = sizeof (struct gomp_task) + ndeps * gomp_dep_size ()
		+ (size_t) arg_size + (size_t) arg_align - 1;
  struct gomp_task *task = task_block_alloc (thr, need, &got);
  /* Not started, even if it runs now (gomp_task_run says when it does):
     its copy constructor runs as the thread's current task before, with
     no frames yet.  */
  task_init (task, parent, team, fn, task_kind (parent, flags, now),
	     priority, TASK_STATE_WAITING_DEPS);
  task_init_node (task);
  task->alloc_base = task;
  task->alloc_size = got;
  task->alloc_owner = thr;
  task->deps = (struct gomp_dep *) (task + 1);
  char *arg = (char *) task->deps + ndeps * gomp_dep_size ();
  arg = (char *) (((uintptr_t) arg + (uintptr_t) arg_align - 1)
		  & ~((uintptr_t) arg_align - 1));
  task->data = arg;
  /* Until the task is queued npred holds a guard against predecessors
     releasing it early; afterwards its completion count (see
     gomp_task_finished).  */
  atomic_store_explicit (&task->npred, 1, memory_order_relaxed);
  task_count (thr, task);

  /* detach: the event handle is the task; GCC reads it from *DETACH and
     from the first word of the argument block.  */
  if (flags & GOMP_TASK_FLAG_DETACH)
    {
      task->has_detach = true;
      *(void **) detach = task;
      if (data)
	*(void **) data = task;
    }
  /* Copy constructors run as part of the new task (C++ firstprivate).
     The task's code destroys the copies at its end: from here on it
     must run, cancelled or not (cancel.c).  */
  thr->task = task;
  if (cpyfn)
    {
      cpyfn (arg, data);
      task->copied = true;
    }
  else if (arg_size)
    memcpy (arg, data, (size_t) arg_size);
  if (bounds_size)
    memcpy (arg, bounds, bounds_size);
  thr->task = parent;
  if (general && GOMP_TOOL_ON ())
    {
      gomp_tool_undeferred_depend (now && (flags & GOMP_TASK_FLAG_DEPEND)
				   ? depend : NULL);
      gomp_tool_task_create (thr, parent, task,
			     (flags & GOMP_TASK_FLAG_DEPEND) != 0, TASK_CFA);
    }

  if (now)
    {
      /* Undeferred with detach: its completion waits for the event.  */
      void *old_enter = gomp_task_enter_runtime (parent, TASK_CFA);
      if ((flags & GOMP_TASK_FLAG_DEPEND) && team)
	gomp_depend_wait (thr, depend, NULL, task);
      detach_ready (task);
      /* Keep it alive to see it complete.  */
      atomic_fetch_add_explicit (&task->refs, 1, memory_order_relaxed);
      /* An undeferred task has no successors: its clauses are not
	 recorded (gomp_depend_wait).  */
      gomp_task_run (thr, task);
      if (!task_done (task))
	gomp_task_wait_kept (thr, task_done, task, parent,
			     ompt_state_wait_taskwait);
      gomp_task_enter_frame_restore (parent, old_enter);
      task_unref (task);
      return;
    }
  if (thr->throttle_credit)
    thr->throttle_credit--;
  if (ndeps == 0)
    {
      /* No predecessor can release it: ready now, without the guard's
	 atomic operation (which would wait for every store above to reach
	 the cache).  */
      gomp_task_ready (thr, task, false);
      return;
    }
  if (thr->depend_credit)
    thr->depend_credit--;
  /* Its first successors go to the tail of its block when there is room
     (add_edge, task-depend.c): a chain of dependent tasks then costs no
     successor array of its own per task.  Set before the task enters
     the table, where later siblings find it.  */
  if (got - need >= TASK_SUCC_ROOM * sizeof (struct gomp_task *))
    task->succ = (struct gomp_task **) ((char *) task + got) - TASK_SUCC_ROOM;
  if (general)
    {
      gomp_depend_add_tool (parent, task, depend);
      GOMP_TOOL_EVENT (task_dependences, task);
    }
  else
    gomp_depend_add (parent, task, depend);
  /* Drop the guard: ready now unless some predecessor is unfinished.  */
  if (atomic_fetch_sub_explicit (&task->npred, 1, memory_order_acq_rel) == 1)
    gomp_task_ready (thr, task, false);
}

/* GOMP_task's general case: a tool or cancellation (gomp_task_general),
   or a thread the runtime does not know yet.  The same arguments in the
   same order, so that GOMP_task reaches it with a jump, whose frame is
   then GOMP_task's own (its CFA the enter_frame of the encountering
   task).  */
static void __attribute__ ((noinline))
task_create_general (void (*fn) (void *), void *data,
		     void (*cpyfn) (void *, void *), long arg_size,
		     long arg_align, bool if_clause, unsigned int flags,
		     void **depend, int priority, void *detach)
{
  task_create (gomp_thread (), fn, data, cpyfn, arg_size, arg_align,
	       if_clause, flags, depend, priority, detach, NULL, 0, NULL,
	       true);
}

/* Every other task that does not run in GOMP_task's fast path: deferred,
   or with a copy constructor, depend or detach clause; reached the same
   way.  Neither events nor cancellation: GOMP_task found
   gomp_task_general zero, the one test the tools cost a task.  */
static void __attribute__ ((noinline))
task_create_quiet (void (*fn) (void *), void *data,
		   void (*cpyfn) (void *, void *), long arg_size,
		   long arg_align, bool if_clause, unsigned int flags,
		   void **depend, int priority, void *detach)
{
  task_create (gomp_tls, fn, data, cpyfn, arg_size, arg_align, if_clause,
	       flags, depend, priority, detach, NULL, 0, NULL, false);
}

/* The common undeferred task -- if(false), final, or the throttle: no
   copy constructor, depend or detach clause, no tool, cancellation off
   -- runs here with no call but its own, in 95-100 instructions (the
   general path took 166); everything else goes to task_create_general
   or task_create_quiet.  */
EXPORT void
GOMP_task (void (*fn) (void *), void *data,
	   void (*cpyfn) (void *, void *), long arg_size, long arg_align,
	   bool if_clause, unsigned int flags, void **depend, int priority,
	   void *detach)
{
  struct gomp_thread *thr = gomp_tls;
  if (unlikely (thr == NULL || gomp_task_general))
    {
      task_create_general (fn, data, cpyfn, arg_size, arg_align, if_clause,
			   flags, depend, priority, detach);
      return;
    }
  struct gomp_task *parent = thr->task;
  if (unlikely (cpyfn != NULL
		|| (flags & (GOMP_TASK_FLAG_DEPEND | GOMP_TASK_FLAG_DETACH))
		|| !undeferred_plain (thr, if_clause, thr->ts.team, parent)))
    goto quiet;
  /* The parent's enter frame, this frame, is the task's exit frame, which
     is not stored either (TASK_ON_PARENT; gomp_on_parent_exit): so no
     CFA.  Merely taking it (GOMP_CFA) makes the compiler keep one more
     register: 13.9 against 13.5 ns per `if (0)' task, the runtime
     without state's time.  */
  task_run_here (thr, parent, fn, data, NULL, arg_size, 1,
		 task_kind (parent, flags, true) | TASK_ON_PARENT,
		 task_priority (flags, priority), NULL, 0, NULL, false, NULL);
  return;

 quiet:
  task_create_quiet (fn, data, cpyfn, arg_size, arg_align, if_clause,
		     flags, depend, priority, detach);
}

/* One task of a taskloop (taskloop.c): no depend or detach clause, the
   iteration range BOUNDS written over the start of its argument block.
   The taskloop tests gomp_task_general once and creates all its tasks
   with one of the two.  */
void
gomp_task_create_bounds (struct gomp_thread *thr, void (*fn) (void *),
			 void *data, void (*cpyfn) (void *, void *),
			 long arg_size, long arg_align, bool if_clause,
			 unsigned int flags, int priority, const void *bounds,
			 size_t bounds_size, void *cfa)
{
  task_create (thr, fn, data, cpyfn, arg_size, arg_align, if_clause,
	       flags & ~(GOMP_TASK_FLAG_DEPEND | GOMP_TASK_FLAG_DETACH), NULL,
	       priority, NULL, bounds, bounds_size, cfa, true);
}

void
gomp_task_create_bounds_quiet (struct gomp_thread *thr, void (*fn) (void *),
			       void *data, void (*cpyfn) (void *, void *),
			       long arg_size, long arg_align, bool if_clause,
			       unsigned int flags, int priority,
			       const void *bounds, size_t bounds_size,
			       void *cfa)
{
  task_create (thr, fn, data, cpyfn, arg_size, arg_align, if_clause,
	       flags & ~(GOMP_TASK_FLAG_DEPEND | GOMP_TASK_FLAG_DETACH), NULL,
	       priority, NULL, bounds, bounds_size, cfa, false);
}

/* TASK's last predecessor completed (or it had none): queue it, or,
   NEXT, leave it to THR, which runs it next (gomp_depend_release): in
   no queue meanwhile, but in its parent's dependence table, where
   debuggers find it, and ready for them (gomp_task_enqueue's state).
   From now on npred counts what its completion waits for.  */
void
gomp_task_ready (struct gomp_thread *thr, struct gomp_task *task, bool next)
{
  if (unlikely (task->has_detach))
    detach_ready (task);
  else
    atomic_store_explicit (&task->npred, 1, memory_order_relaxed);
  if (!next)
    {
      gomp_task_enqueue (thr, task);
      return;
    }
  atomic_store_explicit (&task->task_state, TASK_STATE_QUEUED,
			 memory_order_relaxed);
  task->thread = NULL;
}

EXPORT void
GOMP_taskyield (void)
{
  struct gomp_thread *thr = gomp_thread ();
  void *old = gomp_task_enter_runtime (thr->task, GOMP_CFA ());
  struct gomp_task *task = thr->task;
  gomp_task_run_one (thr, task);
  gomp_task_enter_frame_restore (task, old);
}

EXPORT int
omp_in_final (void)
{
  struct gomp_thread *thr = gomp_tls;
  return thr && (thr->task->kind & TASK_FINAL);
}

void omp_fulfill_event_ (intptr_t event);

EXPORT void
omp_fulfill_event (omp_event_handle_t event)
{
  struct gomp_task *task = (struct gomp_task *) (uintptr_t) event;
  /* libgomp's texts, their newline included: the line ends in two.  An
     undeferred task's event is a semaphore its encountering thread waits
     on in libgomp, which checks it with its own words.  */
  if (task != NULL && (task->kind & TASK_UNDEFERRED)
      && (__atomic_load_n (&task->fulfilled, __ATOMIC_ACQUIRE)
	  & DETACH_FULFILLED))
    gomp_fatal ("omp_fulfill_event: %p event already fulfilled!\n",
		(void *) task);
  unsigned char was = 0;
  if (task == NULL
      || atomic_load_explicit (&task->task_state, memory_order_acquire)
	 == TASK_STATE_DONE
      || ((was = __atomic_fetch_or (&task->fulfilled, DETACH_FULFILLED,
				    __ATOMIC_ACQ_REL)) & DETACH_FULFILLED))
    gomp_fatal ("omp_fulfill_event: %p event is invalid or has already "
		"been fulfilled!\n", (void *) task);
  struct gomp_thread *thr = gomp_tls;
  GOMP_TOOL_EVENT (task_fulfill, task,
		   atomic_load_explicit (&task->task_state,
					 memory_order_acquire)
		   == TASK_STATE_DETACHED);
  /* Not ready yet: npred still counts its predecessors, and the task
     must run all the same; detach_ready takes the event's share.  */
  if ((was & DETACH_READY)
      && atomic_fetch_sub_explicit (&task->npred, 1, memory_order_acq_rel)
	 == 1)
    task_complete (thr, task);
}

/* Fortran passes the handle by value (omp_lib declares it VALUE).  */
EXPORT void
omp_fulfill_event_ (intptr_t event)
{
  omp_fulfill_event ((omp_event_handle_t) event);
}
