/* tool.h -- the runtime's event points for first-party tools.

   Every place where the runtime tells an in-process tool something is
   one GOMP_TOOL_EVENT below, guarded by one global word,
   gomp_tool_active (tool-word.h): one bit for an attached OMPT tool
   (OpenMP 5.1 chapter 4), one for a started collector (collector.c,
   omp_collector_api.h).  Without a tool each event point costs one load
   of that word, which every thread keeps in its cache, and one branch
   that is never taken; everything else is in the slow path, out of
   line, in ompt-events.c (gomp_tool_*), which calls the OMPT callback
   registered, if any, and the collector's dispatch when its bit is set,
   with the collector's event for the same point (FORK at parallel-begin,
   the region's implicit barrier, ordered's acquired and released).
   Where only one of them has an event the point is still of this layer,
   and the other ignores it: the waits of tool-word.h, idle, single,
   join (after parallel-end, where the thread is back in the encountering
   task's state).  One set of event points, whatever the
   interface.

   The event points pass what the runtime has at hand (the thread, its
   team or task, the frame of the entry point); the slow paths turn it
   into the tool's arguments.  CODEPTR_RA is the return address of the
   runtime entry point the program called: GOMP_TOOL_RA () in the entry
   point itself, or gomp_tool_ra_of_cfa (CFA) where only the entry
   point's frame travels down (struct gomp_frame).  */

#ifndef OMPDBG_RUNTIME_TOOL_H
#define OMPDBG_RUNTIME_TOOL_H 1

#include "internal.h"

/* The return address of the function this is written in; in an inline
   function, of the function it is inlined into.  */
#define GOMP_TOOL_RA() __builtin_return_address (0)

/* The return address of the function whose canonical frame address is
   CFA: the word below the CFA where the call instruction pushes it;
   NULL where that is not so, or without a frame.  */
static inline const void *
gomp_tool_ra_of_cfa (void *cfa)
{
#if defined(__x86_64__) || defined(__i386__)
  return cfa ? ((void *const *) cfa)[-1] : NULL;
#else
  (void) cfa;
  return NULL;
#endif
}

/* The one mutex implementation of the runtime (lock.c: spin, then
   futex), for ompt_enumerate_mutex_impls and mutex-acquire.  */
#define GOMP_TOOL_MUTEX_IMPL 1

/* ---- slow paths (ompt-events.c) ---------------------------------------- */

/* Threads.  */
HIDDEN void gomp_tool_thread_begin (struct gomp_thread *thr,
				    ompt_thread_t type);
HIDDEN void gomp_tool_thread_end (struct gomp_thread *thr);
/* A thread the runtime did not start becomes an initial thread, or
   leaves: thread-begin/end and its initial task's implicit-task events.  */
HIDDEN void gomp_tool_initial_thread_begin (struct gomp_thread *thr);
HIDDEN void gomp_tool_initial_thread_end (struct gomp_thread *thr);

/* Regions.  The encountering thread THR has entered TEAM as its master
   (parallel-begin, then the master's implicit-task-begin); FLAGS are
   ompt_parallel_flag_t's, CFA the entry point's frame.  */
HIDDEN void gomp_tool_parallel_begin (struct gomp_thread *thr,
				      struct gomp_team *team, int flags,
				      void *cfa);
/* A worker's implicit task begins.  */
HIDDEN void gomp_tool_implicit_begin (struct gomp_thread *thr);
/* The implicit task of THR reaches the region's implicit barrier (its
   code has returned), and the barrier is passed: after _end the implicit
   task ends (implicit-task-end).  */
HIDDEN void gomp_tool_region_barrier_begin (struct gomp_thread *thr,
					    void *cfa);
HIDDEN void gomp_tool_region_barrier_end (struct gomp_thread *thr);
/* The master, back in the encountering task PARENT: parallel-end.  */
HIDDEN void gomp_tool_parallel_end (struct gomp_thread *thr,
				    struct gomp_team *team,
				    struct gomp_task *parent, int flags,
				    void *cfa);

/* A host teams region of NUM_TEAMS teams, which THR runs one after the
   other (teams.c), in the entry point whose frame is CFA: the league's
   parallel-begin and end, and each team's initial task (thr->team_num)
   beginning and ending.  */
HIDDEN void gomp_tool_league_begin (struct gomp_thread *thr,
				    unsigned int num_teams, void *cfa);
HIDDEN void gomp_tool_league_task (struct gomp_thread *thr,
				   ompt_scope_endpoint_t endpoint);
HIDDEN void gomp_tool_league_end (struct gomp_thread *thr, void *cfa);

/* After parallel-end: the master has left the region, back in the
   encountering task's state and team (the collector's JOIN, whose STATE
   is the encountering task's).  */
HIDDEN void gomp_tool_join (void);

/* Barriers, taskwait, taskgroup: a thread-state value (the wait's,
   internal.h) names the kind.  The end is that of the innermost region
   begun (ompt-events.c keeps its kind and code pointer): the caller
   need not keep them through the wait, which cost registers, and
   instructions, where there is no tool.  */
HIDDEN void gomp_tool_sync_begin (struct gomp_thread *thr,
				  unsigned int state, const void *ra);
HIDDEN void gomp_tool_sync_end (struct gomp_thread *thr);

/* Tasks.  PARENT, the current task of THR, created TASK (task-create;
   HAS_DEPS: with depend clauses) in the entry point whose frame is CFA;
   the table has recorded TASK's dependences (dependences).  */
HIDDEN void gomp_tool_task_create (struct gomp_thread *thr,
				   struct gomp_task *parent,
				   struct gomp_task *task, bool has_deps,
				   void *cfa);
HIDDEN void gomp_tool_task_dependences (struct gomp_task *task);
/* The next task-create on this thread is of an undeferred task with
   DEPEND, GCC's depend array, or none (NULL): its dependences follow
   that event.  */
HIDDEN void gomp_tool_undeferred_depend (void **depend);
/* THR switches from PRIOR to NEXT, which starts or resumes (task-schedule
   with ompt_task_switch), and back when NEXT's code has returned.  */
HIDDEN void gomp_tool_task_start (struct gomp_task *prior,
				  struct gomp_task *next);
HIDDEN void gomp_tool_task_end (struct gomp_task *task,
				struct gomp_task *next);
/* omp_fulfill_event on TASK; DONE: its code had returned.  */
HIDDEN void gomp_tool_task_fulfill (struct gomp_task *task, bool done);
/* A dependence of SINK on SRC was found unfulfilled.  */
HIDDEN void gomp_tool_task_dependence (struct gomp_task *src,
				       struct gomp_task *sink);

/* Mutual exclusion.  KIND is ompt_mutex_t; WAIT_ID the object.  The
   entry points of locks, critical and atomic take and give back their
   mutex through tool-mutex.h, whose slow paths send the first three.  */
HIDDEN void gomp_tool_mutex_acquire (ompt_mutex_t kind, uintptr_t wait_id,
				     const void *ra);
HIDDEN void gomp_tool_mutex_acquired (ompt_mutex_t kind, uintptr_t wait_id,
				      const void *ra);
HIDDEN void gomp_tool_mutex_released (ompt_mutex_t kind, uintptr_t wait_id,
				      const void *ra);
HIDDEN void gomp_tool_lock_init (ompt_mutex_t kind, uintptr_t wait_id,
				 const void *ra);
HIDDEN void gomp_tool_lock_destroy (ompt_mutex_t kind, uintptr_t wait_id,
				    const void *ra);
HIDDEN void gomp_tool_nest_lock (ompt_scope_endpoint_t endpoint,
				 uintptr_t wait_id, const void *ra);
/* omp_test_lock's attempt (KIND: ompt_mutex_test_lock or
   ompt_mutex_test_nest_lock) to store SELF, the held word (lock.c), with
   its events.  */
HIDDEN int gomp_tool_test_lock (void *lock, int self, ompt_mutex_t kind,
				const void *ra);

/* omp_test_nest_lock@OMP_1.0's first acquisition of LOCK, done (GOT)
   or failed: mutex-acquire, then mutex-acquired if GOT.  */
HIDDEN void gomp_tool_test_nest_lock_25 (void *lock, bool got,
					 const void *ra);

/* Work-sharing constructs (ompt_work_t) and their chunks.  THR begins
   construct KIND (COUNT: its iterations or sections) in work share WS at
   the entry point whose frame is CFA, and ends the innermost one begun
   when it leaves its work share.  A loop or sections begins at the
   thread's first request for a chunk (gomp_tool_ws_next: the combined
   parallel constructs have no other call on a worker); each chunk it
   gets (K0, K1: its logical iterations) is a dispatch of each of its
   iterations.  With a tool the
   chunks take gomp_iter_next's general path (iter.c).  */
HIDDEN void gomp_tool_work_begin (struct gomp_thread *thr,
				  struct gomp_work_share *ws,
				  ompt_work_t kind, uint64_t count,
				  void *cfa);
HIDDEN void gomp_tool_work_end (struct gomp_thread *thr);
HIDDEN void gomp_tool_ws_next (struct gomp_thread *thr,
			       struct gomp_work_share *ws, void *cfa);
HIDDEN void gomp_tool_ws_chunk (struct gomp_thread *thr,
				struct gomp_work_share *ws,
				unsigned long long k0, unsigned long long k1);
/* The tasks this thread creates from here to taskloop_leave are of the
   taskloop LOOP (taskloop.c's struct loop), each of its chunk, which
   gomp_taskloop_chunk_of tells from the task (ompt-chunks.c).  *SAVED keeps the loop named before, which leave
   names again (a task run here may have a taskloop of its own).  */
HIDDEN void gomp_tool_taskloop_enter (const void *loop, const void **saved);
HIDDEN void gomp_tool_taskloop_leave (const void *saved);
HIDDEN bool gomp_taskloop_chunk_of (const void *loop,
				    const struct gomp_task *task,
				    uint64_t *first, uint64_t *iters);
/* A thread that does not execute a single construct's block passes it
   at its start (single-other begin and end).  */
HIDDEN void gomp_tool_single_other (struct gomp_thread *thr,
				    const void *ra);

/* A pool thread starts (ompt_scope_begin) or stops waiting for work.  */
HIDDEN void gomp_tool_idle (ompt_scope_endpoint_t endpoint);
/* The calling thread is the one that executes a single construct's
   block.  */
HIDDEN void gomp_tool_single_begin (void);

/* Cancellation (ompt_cancel_flag_t), the error directive.  */
HIDDEN void gomp_tool_cancel (int flags, const void *ra);
/* TASK completes without running: its region or taskgroup is
   cancelled.  */
HIDDEN void gomp_tool_task_discarded (struct gomp_task *task);
HIDDEN void gomp_tool_error (ompt_severity_t severity, const char *message,
			     size_t length, const void *ra);

/* Target constructs, which run on the host (target.c; the events are
   in ompt-target.c).  A construct of KIND (ompt_target_t) begins in the
   entry point whose frame is CFA, with its target task if HAS_TASK
   (DEPEND: the task's depend clauses, as GCC passes them, or NULL), and
   ends; a target region's initial task, THR's current task, begins in
   between (NUM_TEAMS: the teams requested, gomp_target_num_teams) and
   ends.  */
HIDDEN void gomp_tool_target_begin (ompt_target_t kind, bool has_task,
				    void **depend, void *cfa);
HIDDEN void gomp_tool_target_end (void);
HIDDEN void gomp_tool_target_region_begin (struct gomp_thread *thr,
					   unsigned int num_teams);
HIDDEN void gomp_tool_target_region_end (struct gomp_thread *thr);
/* The number of teams the args vector of GOMP_target_ext requests: 1
   without a num_teams clause or with one not known on the host.  */
HIDDEN unsigned int gomp_target_num_teams (void **args);

/* ---- ompt-init.c ----------------------------------------------------- */

/* Look for a tool and start it (start-up, init.c).  */
HIDDEN void gomp_tool_init (struct gomp_thread *initial);
/* The tool-var, tool-libraries-var and tool-verbose-init-var ICVs as
   OMP_DISPLAY_ENV shows them.  */
HIDDEN const char *gomp_tool_icv_string (int which);

#endif /* OMPDBG_RUNTIME_TOOL_H */
