/* taskloop.c -- the taskloop construct: GOMP_taskloop (long iterators)
   and GOMP_taskloop_ull (unsigned long long iterators).

   GCC outlines the loop body into FN, which runs the iterations from the
   first to the second word of its argument block (each of the iterator's
   type): [start, end) with the loop's step.  The runtime splits the
   iteration space into tasks, writes each task's range into its copy of
   the block and creates it like any other task (task.c's shared creation
   path, so throttling, final, mergeable, untied and priority behave as
   for the task construct).  Unless NOGROUP, the construct is wrapped in a
   taskgroup, so it returns only when every task it created, and their
   descendants, have completed.

   How the range is split is observable (grainsize and num_tasks set the
   number of tasks and their sizes; lastprivate code looks at the bounds),
   so it follows GCC 12's libgomp exactly:
   - grainsize(G): N / G tasks of N / (N / G) iterations, the first
     N % (N / G) of them one more (so every task has between G and 2G - 1
     iterations); when that is at most one task, one task whose end is the
     loop's end as given;
   - grainsize(strict: G): tasks of exactly G iterations, the last one
     N % G when that is not zero (OpenMP 5.1);
   - num_tasks(T): min (T, N) tasks, sizes balanced as above (the strict
     modifier changes nothing: that already is exactly T tasks when T <= N);
   - neither clause: as num_tasks (number of threads of the team, 1
     outside a parallel region).
   Task K's end is the start plus the iterations of tasks 0..K times the
   step, computed modulo 2^64, so the last task's end is the first value
   past the loop, not necessarily the loop's end.

   With the reduction clause and no nogroup GCC passes the reduction
   descriptor in the third word of the argument block: it is registered
   on the taskgroup (GOMP_taskgroup_reduction_register), and GCC's code
   after the call combines the private copies and unregisters it, unless
   the descriptor's third word is 0 (nothing registered: no iterations,
   or cancelled).  */

#include "config.h"
#include "internal.h"
#include "tool.h"

/* GOMP_taskloop flags (gomp-constants.h).  UNTIED, FINAL and MERGEABLE
   have GOMP_task's values and are passed on to each task.  */
#define GOMP_TASK_FLAG_UNTIED 1
#define GOMP_TASK_FLAG_FINAL 2
#define GOMP_TASK_FLAG_MERGEABLE 4
#define GOMP_TASK_FLAG_PRIORITY 16
#define GOMP_TASK_FLAG_UP (1 << 8)
#define GOMP_TASK_FLAG_GRAINSIZE (1 << 9)
#define GOMP_TASK_FLAG_IF (1 << 10)
#define GOMP_TASK_FLAG_NOGROUP (1 << 11)
#define GOMP_TASK_FLAG_REDUCTION (1 << 12)
#define GOMP_TASK_FLAG_STRICT (1 << 14)

typedef unsigned long long ull;

/* How the N iterations are split: NTASKS tasks, the first NFIRST of
   them with FIRST_ITERS iterations, the others with REST_ITERS.  */
struct split
{
  ull ntasks, nfirst, first_iters, rest_iters;
  bool whole;			/* one task, ending at the loop's end */
};

/* Sizes balanced over T tasks (1 <= T <= N).  */
static void
split_even (struct split *s, ull n, ull t)
{
  s->ntasks = t;
  s->rest_iters = n / t;
  s->first_iters = s->rest_iters + 1;
  s->nfirst = n % t;
}

static void
split_iterations (struct split *s, ull n, unsigned int flags,
		  unsigned long value, struct gomp_team *team)
{
  s->whole = false;
  if (flags & GOMP_TASK_FLAG_GRAINSIZE)
    {
      /* GCC rejects grainsize (0) only when it is a constant.  */
      ull grain = value ? value : 1;
      ull t = n / grain;
      if (flags & GOMP_TASK_FLAG_STRICT)
	{
	  s->first_iters = grain;
	  s->rest_iters = n % grain;
	  if (s->rest_iters)
	    {
	      s->ntasks = t + 1;
	      s->nfirst = t;
	    }
	  else
	    s->ntasks = s->nfirst = t;
	}
      else if (t <= 1)
	{
	  split_even (s, n, 1);
	  s->whole = true;
	}
      else
	split_even (s, n, t);
      return;
    }
  ull t = value ? value : team ? team->nthreads : 1;
  split_even (s, n, t < n ? t : n);
}

/* The number of iterations of START .. END by STEP (UP: increasing),
   0 if none; modulo-2^64 differences, so no range overflows.  */
static ull
iteration_count (ull start, ull end, ull step, bool up)
{
  if (up)
    return start < end ? (end - start - 1) / step + 1 : 0;
  return start > end ? (start - end - 1) / -step + 1 : 0;
}

/* Comparisons above are on the iterator's type: the long entry point
   maps its values onto unsigned ones in the same order first.  */
#define LONG_BIAS (1ull << 63)

/* REDUCTION without NOGROUP: the descriptor GCC passes after the bounds.
   Its third word tells the code after the call whether the reductions
   were registered (0: not, nothing to combine).  */
static uintptr_t *
reduction_descriptor (void *data)
{
  return ((uintptr_t **) data)[2];
}

/* The loop as the program gave it, and how it is split.  */
struct loop
{
  const struct split *s;
  ull start, end, step;
  bool is_long;
  void (*fn) (void *);		/* the tasks' code: the tools' check */
};

/* A task's iteration range, as its argument block starts.  */
union bounds
{
  long l[2];
  ull u[2];
};

/* Task K's first logical iteration: after the iterations of tasks
   0..K-1.  */
static ull
task_first (const struct split *s, ull k)
{
  return k < s->nfirst ? k * s->first_iters
    : s->nfirst * s->first_iters + (k - s->nfirst) * s->rest_iters;
}

static ull
task_iters (const struct split *s, ull k)
{
  return k < s->nfirst ? s->first_iters : s->rest_iters;
}

/* The range of task K.  */
static size_t
task_bounds (const struct loop *loop, ull k, union bounds *b)
{
  const struct split *s = loop->s;
  ull before = task_first (s, k);
  ull iters = task_iters (s, k);
  ull lo = loop->start + before * loop->step;
  ull hi = s->whole ? loop->end : lo + iters * loop->step;
  if (loop->is_long)
    {
      b->l[0] = (long) lo;
      b->l[1] = (long) hi;
      return 2 * sizeof (long);
    }
  b->u[0] = lo;
  b->u[1] = hi;
  return 2 * sizeof (ull);
}

/* For the tools (ompt-chunks.c): whether TASK is one of LOOP's (a struct
   loop) and if so, from its argument block as task_bounds made it, its
   first logical iteration, *FIRST, and how many, *ITERS.  The tools ask
   only when they want them, so the tasks' path has no event of its own:
   lo = start + first * step, modulo 2^64.  A task that a task of the
   loop creates, run here at once, is not one of the loop's: its code is
   another.  */
bool
gomp_taskloop_chunk_of (const void *loop, const struct gomp_task *task,
			uint64_t *first, uint64_t *iters)
{
  const struct loop *l = loop;
  if (task->fn != l->fn || task->data == NULL)
    return false;
  const union bounds *b = task->data;
  const struct split *s = l->s;
  ull lo = l->is_long ? (ull) b->l[0] : b->u[0];
  ull before = (long long) l->step < 0 ? (l->start - lo) / -l->step
    : (lo - l->start) / l->step;
  ull edge = s->nfirst * s->first_iters;
  ull k = before < edge ? before / s->first_iters
    : s->nfirst + (before - edge) / (s->rest_iters ? s->rest_iters : 1);
  *first = before;
  *iters = task_iters (s, k);
  return true;
}

/* Sharing out many tasks.  A taskloop of many small tasks made one queued
   task each would spend its time on queue locks and on completion
   counters that the creating thread and the thieves write in turn: a
   cache-line transfer or more per task, much more than a small task's
   work.  Instead, when the encountering task waits for them anyway (the
   implicit taskgroup), the tasks are numbered and claimed with one atomic
   increment each, like a dynamic loop's chunks, by the encountering
   thread and by NTHREADS - 1 helper tasks queued for the idle threads of
   the team.  Each claimed task still runs as a task of its own, child of
   the encountering task, in the taskloop's taskgroup, with its own copy of
   the argument block (gomp_task_run_shared): only its struct lives on the
   stack of the thread that runs it.  Its argument block is copied when it
   starts rather than when the construct is encountered, which is the same
   thing here: the block is the encountering thread's, which waits in the
   taskgroup until every task has completed and does not change it.  */
struct share
{
  _Atomic ull next;		/* the next task to claim */
  const struct loop *loop;
  struct gomp_task *parent;	/* the encountering task */
  void (*fn) (void *);
  void *data;
  void (*cpyfn) (void *, void *);
  long arg_size, arg_align;
  unsigned int flags;
  int priority;
  unsigned int nthreads;	/* of the team: the batch size */
};

/* Claim and run tasks until none is left.  Tasks are claimed in batches
   the way a guided loop hands out chunks: a thread takes a share of the
   tasks left, 1 / (2 * NTHREADS) of them and at least one.  Claiming
   each task with its own atomic increment made the counter's line move
   between the threads for every task -- 0.1 us a time on a VM, the whole
   cost of a small task -- while the batches need O(NTHREADS log NTASKS)
   claims and still end in single tasks, so that no thread is left with
   a long tail.  Each task, like a queued one, is discarded if its region
   or taskgroup is cancelled before it starts (cancel.c).  GENERAL: the
   copy with the tools' events and cancellation's checks, for
   gomp_task_general nonzero (tool-word.h).  */
static ALWAYS_INLINE void
share_run (struct gomp_thread *thr, struct share *sh, void *cfa,
	   bool general)
{
  ull ntasks = sh->loop->s->ntasks, k, e;
  /* The thread's current task (the encountering task, or a helper) is in
     the runtime here until the last task is claimed: its enter_frame,
     set once, not around each task -- the encountering task's line is
     read by every thread that runs one of its tasks.  */
  struct gomp_task *cur = thr->task;
  void *old_enter = gomp_task_enter_runtime (cur, cfa);
  const void *tool_loop = NULL;
  if (general)
    GOMP_TOOL_EVENT (taskloop_enter, sh->loop, &tool_loop);
  for (;;)
    {
      k = atomic_load_explicit (&sh->next, memory_order_relaxed);
      do
	{
	  if (k >= ntasks)
	    {
	      /* CUR's copy, if one of its tasks made it move (task.c,
		 task_move).  */
	      gomp_task_enter_frame_restore (thr->task, old_enter);
	      if (general)
		GOMP_TOOL_EVENT (taskloop_leave, tool_loop);
	      return;
	    }
	  ull take = (ntasks - k) / (2 * (ull) sh->nthreads);
	  e = k + (take ? take : 1);
	}
      while (!atomic_compare_exchange_weak_explicit (&sh->next, &k, e,
						     memory_order_relaxed,
						     memory_order_relaxed));
      for (; k < e; k++)
	{
	  /* The thread's current task is the encountering task or a
	     helper, both in the taskloop's taskgroup: the check for a new
	     task.  */
	  if (general && unlikely (gomp_global_icv.cancel_var)
	      && gomp_task_create_cancelled (thr))
	    continue;
	  union bounds b;
	  size_t size = task_bounds (sh->loop, k, &b);
	  (general ? gomp_task_run_shared : gomp_task_run_shared_quiet)
	    (thr, sh->parent, sh->fn, sh->data, sh->cpyfn, sh->arg_size,
	     sh->arg_align, sh->flags, sh->priority, &b, size);
	}
    }
}

/* A helper task: its argument block holds the share.  It tests
   gomp_task_general itself, once for all the tasks it runs.  */
static void
share_helper (void *arg)
{
  if (unlikely (gomp_task_general))
    share_run (gomp_thread (), *(struct share **) arg, GOMP_CFA (), true);
  else
    share_run (gomp_thread (), *(struct share **) arg, GOMP_CFA (), false);
}

static ALWAYS_INLINE void
taskloop_shared (struct gomp_thread *thr, const struct loop *loop,
		 void (*fn) (void *), void *data,
		 void (*cpyfn) (void *, void *), long arg_size, long arg_align,
		 unsigned int flags, int priority, unsigned int nthreads,
		 void *cfa, bool general)
{
  /* The tasks' parent, run by other threads too: on the heap before any
     of them exists (an undeferred encountering task moves now, as it
     would at the first helper anyway, task.c), so that no thread refers
     to a struct on this thread's stack, nor to one left behind.  */
  struct share sh = {
    .loop = loop, .parent = gomp_task_parent (thr), .fn = fn, .data = data,
    .cpyfn = cpyfn, .arg_size = arg_size, .arg_align = arg_align,
    .flags = flags, .priority = priority, .nthreads = nthreads,
  };
  atomic_init (&sh.next, 0);
  struct share *shp = &sh;
  /* The helpers are tasks of the taskgroup: its end waits for them, so
     SH outlives every use.  */
  for (unsigned int i = 1; i < nthreads; i++)
    (general ? gomp_task_create_bounds : gomp_task_create_bounds_quiet)
      (thr, share_helper, &shp, NULL, sizeof shp, __alignof__ (shp), true,
       flags & GOMP_TASK_FLAG_PRIORITY, priority, NULL, 0, cfa);
  share_run (thr, &sh, cfa, general);
}

/* The taskloop; GENERAL: the copy with the tools' events and
   cancellation's checks, for gomp_task_general nonzero (tool-word.h),
   which taskloop tests once for the whole construct.  */
static ALWAYS_INLINE void
taskloop_run (struct gomp_thread *thr, void (*fn) (void *), void *data,
	      void (*cpyfn) (void *, void *), long arg_size, long arg_align,
	      unsigned int flags, unsigned long value, int priority,
	      ull start, ull end, ull step, ull n, bool is_long, void *cfa,
	      bool general)
{
  bool group = !(flags & GOMP_TASK_FLAG_NOGROUP);
  bool reduction = group && (flags & GOMP_TASK_FLAG_REDUCTION);
  /* Nothing to do, or in a cancelled region or taskgroup, where every
     task would be discarded (cancel.c): no taskgroup either.  */
  if (n == 0
      || (general && unlikely (gomp_global_icv.cancel_var)
	  && gomp_task_create_cancelled (thr)))
    {
      if (reduction)
	reduction_descriptor (data)[2] = 0;
      return;
    }
  struct split s;
  split_iterations (&s, n, flags, value, thr->ts.team);
  if (general)
    GOMP_TOOL_EVENT (work_begin, thr, thr->ts.ws, ompt_work_taskloop, n,
		     cfa);

  if (group)
    {
      if (general)
	GOMP_taskgroup_start ();
      else
	gomp_taskgroup_start_quiet (thr);
      if (reduction)
	GOMP_taskgroup_reduction_register (reduction_descriptor (data));
    }
  /* taskloop has no priority flag: GCC passes 0 without the clause.
     task.c clamps it to max-task-priority-var given the flag.  */
  unsigned int task_flags = (flags & (GOMP_TASK_FLAG_UNTIED
				      | GOMP_TASK_FLAG_FINAL
				      | GOMP_TASK_FLAG_MERGEABLE))
    | GOMP_TASK_FLAG_PRIORITY;
  bool if_clause = (flags & GOMP_TASK_FLAG_IF) != 0;
  struct loop loop = { &s, start, end, step, is_long, fn };
  const void *tool_loop = NULL;
  if (general)
    GOMP_TOOL_EVENT (taskloop_enter, &loop, &tool_loop);
  struct gomp_team *team = thr->ts.team;
  if (group && !reduction && if_clause && team && team->nthreads > 1
      && !(thr->task->kind & TASK_FINAL) && s.ntasks > team->nthreads)
    taskloop_shared (thr, &loop, fn, data, cpyfn, arg_size, arg_align,
		     task_flags, priority, team->nthreads, cfa, general);
  else
    for (ull k = 0; k < s.ntasks; k++)
      {
	union bounds b;
	size_t size = task_bounds (&loop, k, &b);
	(general ? gomp_task_create_bounds : gomp_task_create_bounds_quiet)
	  (thr, fn, data, cpyfn, arg_size, arg_align, if_clause, task_flags,
	   priority, &b, size, cfa);
      }
  if (general)
    GOMP_TOOL_EVENT (taskloop_leave, tool_loop);
  if (group)
    (general ? gomp_taskgroup_end : gomp_taskgroup_end_quiet) (thr, cfa);
  if (general)
    GOMP_TOOL_EVENT (work_end, thr);
}

/* The copy for a tool or cancellation, out of the way of the other.  */
static void __attribute__ ((noinline))
taskloop_general (struct gomp_thread *thr, void (*fn) (void *), void *data,
		  void (*cpyfn) (void *, void *), long arg_size,
		  long arg_align, unsigned int flags, unsigned long value,
		  int priority, ull start, ull end, ull step, ull n,
		  bool is_long, void *cfa)
{
  taskloop_run (thr, fn, data, cpyfn, arg_size, arg_align, flags, value,
		priority, start, end, step, n, is_long, cfa, true);
}

static void
taskloop (void (*fn) (void *), void *data, void (*cpyfn) (void *, void *),
	  long arg_size, long arg_align, unsigned int flags,
	  unsigned long value, int priority, ull start, ull end, ull step,
	  ull n, bool is_long, void *cfa)
{
  struct gomp_thread *thr = gomp_thread ();
  if (unlikely (gomp_task_general))
    taskloop_general (thr, fn, data, cpyfn, arg_size, arg_align, flags,
		      value, priority, start, end, step, n, is_long, cfa);
  else
    taskloop_run (thr, fn, data, cpyfn, arg_size, arg_align, flags, value,
		  priority, start, end, step, n, is_long, cfa, false);
}

EXPORT void
GOMP_taskloop (void (*fn) (void *), void *data,
	       void (*cpyfn) (void *, void *), long arg_size, long arg_align,
	       unsigned int flags, unsigned long num_tasks, int priority,
	       long start, long end, long step)
{
  /* The direction is the step's sign; compare in a biased unsigned
     space with the order of long.  */
  bool up = step > 0;
  ull n = iteration_count ((ull) start + LONG_BIAS, (ull) end + LONG_BIAS,
			   (ull) step, up);
  taskloop (fn, data, cpyfn, arg_size, arg_align, flags, num_tasks,
	    priority, (ull) start, (ull) end, (ull) step, n, true, GOMP_CFA ());
}

EXPORT void
GOMP_taskloop_ull (void (*fn) (void *), void *data,
		   void (*cpyfn) (void *, void *), long arg_size,
		   long arg_align, unsigned int flags,
		   unsigned long num_tasks, int priority, ull start, ull end,
		   ull step)
{
  /* An unsigned step cannot say the direction: GCC passes it in UP.  */
  bool up = (flags & GOMP_TASK_FLAG_UP) != 0;
  ull n = iteration_count (start, end, step, up);
  taskloop (fn, data, cpyfn, arg_size, arg_align, flags, num_tasks,
	    priority, start, end, step, n, false, GOMP_CFA ());
}
