/* tool-word.h -- the one word that says whether an in-process tool
   wants the runtime's events, and the check at each event point.

   Two interfaces consume the same event points (tool.h): OMPT
   (ompt-init.c sets GOMP_TOOL_OMPT while a tool is attached) and the
   collector API (collector.c sets GOMP_TOOL_COLLECTOR while a collector
   has started it, not paused, with some callback).  An event point tests
   the whole word once; its slow path (ompt-events.c) serves each
   consumer whose bit is set.  Here rather than in tool.h because the
   inline wait functions of internal.h have event points too.

   Where a construct tests a value of its own anyway, a copy of the word
   folds into that value and the construct tests nothing more: the
   mutex's compared values (tool-mutex.h), each thread's mode beside its
   team's size (tool-mode.h), GOMP_ordered_end's jump.  Whoever changes
   the word updates every copy next.  */

#ifndef OMPDBG_RUNTIME_TOOL_WORD_H
#define OMPDBG_RUNTIME_TOOL_WORD_H 1

struct gomp_thread;

/* Nonzero while some in-process tool wants events: the bits below.
   Written only when a tool attaches, detaches, or a collector changes
   what it asks for; every thread keeps it in its cache.  The second int
   of gomp_hooks (internal.h), beside OMPD's enable flag.  */
#define gomp_tool_active (gomp_hooks.flag.tool)

#define GOMP_TOOL_OMPT 1
#define GOMP_TOOL_COLLECTOR 2

/* OMPDBG_NO_TOOL builds the runtime without its tool layer's checks
   (the event points compile to nothing): the `notool' library of `make
   bench-tool-count', what the layer costs without a tool.  */
#ifdef OMPDBG_NO_TOOL
# define GOMP_TOOL_ON() 0
#else
# define GOMP_TOOL_ON() unlikely (gomp_tool_active)
#endif

/* Whoever changes a bit of gomp_tool_active calls this next: every copy
   of the word follows it (tool-mode.c), through the two below.  */
HIDDEN void gomp_tool_word_changed (void);

/* The mutex of critical, atomic and the locks follows the word
   (tool-mutex.h), and so does gomp_task_general (below).  */
HIDDEN void gomp_tool_mutex_update (void);

/* Nonzero while the task constructs take their general paths: some tool
   wants events (GOMP_TASK_GENERAL_TOOL: gomp_tool_active is nonzero) or
   cancellation is on (GOMP_TASK_GENERAL_CANCEL: cancel-var, with which
   a task's creation checks its region and taskgroups, task.c).  The
   task constructs test this one word where they would test cancel-var,
   and pick their copies without events when it is zero: the tool costs
   them no test of its own.  A copy of the tool word, global, so the one
   copy to keep: gomp_tool_mutex_update stores it with the mutex's
   values after every change of the word, in the same retry loop (the
   last to store stores the word as it is); cancel-var is fixed at
   start-up, before a tool can attach (gomp_task_probe_on_parent).  A
   plain read, as the word's own: a tool that attaches while a construct
   is under way has its events from that construct or the next.  */
extern HIDDEN int gomp_task_general;
#define GOMP_TASK_GENERAL_TOOL 1
#define GOMP_TASK_GENERAL_CANCEL 2
/* Store gomp_task_general for the tool word ACTIVE.  */
HIDDEN void gomp_task_general_update (int active);

/* The thread's mode (tool-mode.h): its low half, ts.others, counts
   the other threads of its team; its high half, tool_mode, a copy of
   whether the word is nonzero in each thread, follows the word
   (gomp_tool_mode_update).
   gomp_tool_mode_register gives a thread that registers the half of the
   word as it is (registry.c, under the registry's lock).  */
HIDDEN void gomp_tool_mode_update (void);
HIDDEN void gomp_tool_mode_register (struct gomp_thread *thr);

/* Pass event EVENT to the in-process tools, if any: gomp_tool_EVENT
   (...).  */
#define GOMP_TOOL_EVENT(event, ...)			\
  do							\
    {							\
      if (GOMP_TOOL_ON ())				\
	gomp_tool_##event (__VA_ARGS__);		\
    }							\
  while (0)

/* Whether OMPD's breakpoint functions or some tool is on, in one test
   of gomp_hooks: where a point has events of both, or a shortcut is
   good only without either.  */
#ifdef OMPDBG_NO_TOOL
# define GOMP_OMPD_OR_TOOL_ON() unlikely (gomp_ompd_enabled)
#else
# define GOMP_OMPD_OR_TOOL_ON() unlikely (gomp_hooks.any)
#endif

/* OMPD's breakpoint function ompd_bp_BP (internal.h, GOMP_OMPD_EVENT)
   and the tools' event EVENT at one point: one test of both flags, the
   8-byte word gomp_hooks that holds the two (a compare with memory and a
   branch, no more than OMPD's test alone).  A plain read, as each flag's
   own test: a flag that changes while a thread passes here takes effect
   at this event or the next.  */
#ifdef OMPDBG_NO_TOOL
# define GOMP_OMPD_TOOL_EVENT(bp, event, ...) GOMP_OMPD_EVENT (bp)
#else
# define GOMP_OMPD_TOOL_EVENT(bp, event, ...)		\
  do							\
    {							\
      if (GOMP_OMPD_OR_TOOL_ON ())			\
	{						\
	  GOMP_OMPD_EVENT (bp);				\
	  GOMP_TOOL_EVENT (event, __VA_ARGS__);		\
	}						\
    }							\
  while (0)
#endif

/* THR really waits, in state STATE (ompt_state_t), and stops waiting:
   the slow path of a contended mutex, ordered's turn, a barrier's or a
   taskwait's wait (internal.h, task-sched.c).  OMPT has no event there
   (its sync-region-wait and mutex-acquire come at the construct's entry);
   the collector's wait events are these.  STATE at the end is the
   wait's, as at its begin (the arguments of an event point are
   evaluated only when some tool is on).  */
HIDDEN void gomp_tool_wait_begin (struct gomp_thread *thr,
				  unsigned int state);
HIDDEN void gomp_tool_wait_end (struct gomp_thread *thr,
				unsigned int state);

#endif /* OMPDBG_RUNTIME_TOOL_WORD_H */
