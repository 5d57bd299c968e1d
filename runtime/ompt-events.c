/* ompt-events.c -- the slow paths of the event points of tool.h: each
   turns what the runtime passes into the arguments OpenMP 5.1 §4.5.2
   gives the callback, and calls the callback an OMPT tool registered,
   if any; where the collector interface has an event for the same point
   it sends that too (gomp_collector_event: only while the collector's
   bit of gomp_tool_active is set).  The OMPT callbacks are NULL while
   no OMPT tool is attached, so with only a collector each slow path
   comes down to the collector's call.

   Tool data words are the runtime's own (internal.h: tool_data of the
   thread, team and task, which OMPD reads too); frames are the tasks'
   struct gomp_frame, seen as ompt_frame_t (gomp_ompt_frame).  */

#include "config.h"
#include "ompt.h"
#include "task-depend.h"
#include "collector.h"

#include <stdlib.h>

/* What the slow paths keep per thread between events, on the heap: the
   runtime's static TLS block must stay small enough for a dlopen of the
   library to find room for it.  */

/* The work-sharing constructs the thread has begun and not ended,
   innermost last: a nested region's constructs inside a loop's chunk.
   The end has the begin's code pointer and count, which the entry points
   that end a construct do not all have at hand.  */
#define WORK_DEPTH 16
struct work_begun
{
  struct gomp_work_share *ws;
  const void *ra;
  uint64_t count;
  ompt_work_t kind;
};

struct tool_thread
{
  struct work_begun work_stack[WORK_DEPTH];
  unsigned int work_depth;
  /* gomp_tool_undeferred_depend.  */
  void **undeferred_depend;
  /* A host league (gomp_tool_league_begin).  */
  uint64_t league_saved_task, league_saved_parallel;
  unsigned int league_size;
};

static __thread struct tool_thread *tool_thread;

static struct tool_thread *
tool_thread_get (void)
{
  if (unlikely (tool_thread == NULL))
    {
      tool_thread = calloc (1, sizeof *tool_thread);
      if (tool_thread == NULL)
	gomp_fatal_oom (sizeof *tool_thread);
    }
  return tool_thread;
}

/* The fields, as if they were the thread's own variables.  */
#define work_stack (tool_thread_get ()->work_stack)
#define work_depth (tool_thread_get ()->work_depth)
#define undeferred_depend (tool_thread_get ()->undeferred_depend)
#define league_saved_task (tool_thread_get ()->league_saved_task)
#define league_saved_parallel (tool_thread_get ()->league_saved_parallel)
#define league_size (tool_thread_get ()->league_size)

/* ---- threads ------------------------------------------------------------ */

void
gomp_tool_thread_begin (struct gomp_thread *thr, ompt_thread_t type)
{
  if (GOMP_OMPT_CB (thread_begin))
    GOMP_OMPT_CB (thread_begin) (type, gomp_ompt_data (&thr->tool_data));
}

void
gomp_tool_thread_end (struct gomp_thread *thr)
{
  if (GOMP_OMPT_CB (thread_end))
    GOMP_OMPT_CB (thread_end) (gomp_ompt_data (&thr->tool_data));
  free (tool_thread);
  tool_thread = NULL;
}

/* The initial task of THR, in the implicit parallel region of one thread
   around it (its data in the thread: tool_parallel_data).  5.1: index 1,
   parallelism 1, at both ends.  */
void
gomp_ompt_initial_task (struct gomp_thread *thr,
			ompt_scope_endpoint_t endpoint)
{
  if (GOMP_OMPT_CB (implicit_task))
    GOMP_OMPT_CB (implicit_task)
      (endpoint, gomp_ompt_data (&thr->tool_parallel_data),
       gomp_ompt_data (&thr->task->tool_data), 1, 1, ompt_task_initial);
}

void
gomp_tool_initial_thread_begin (struct gomp_thread *thr)
{
  gomp_tool_thread_begin (thr, ompt_thread_initial);
  gomp_ompt_initial_task (thr, ompt_scope_begin);
}

void
gomp_tool_initial_thread_end (struct gomp_thread *thr)
{
  gomp_ompt_initial_task (thr, ompt_scope_end);
  gomp_tool_thread_end (thr);
}

/* ---- parallel regions --------------------------------------------------- */

static void
implicit_begin (struct gomp_thread *thr, struct gomp_team *team)
{
  if (GOMP_OMPT_CB (implicit_task))
    GOMP_OMPT_CB (implicit_task)
      (ompt_scope_begin, gomp_ompt_data (&team->tool_data),
       gomp_ompt_data (&thr->task->tool_data), team->nthreads,
       thr->ts.team_id, ompt_task_implicit);
}

void
gomp_tool_parallel_begin (struct gomp_thread *thr, struct gomp_team *team,
			  int flags, void *cfa)
{
  struct gomp_task *parent = team->parent_task;
  gomp_collector_event (OMP_EVENT_FORK, 0);
  team->tool_data = 0;
  if (GOMP_OMPT_CB (parallel_begin))
    {
      ompt_frame_t frame;
      gomp_ompt_frame (parent, &frame);
      GOMP_OMPT_CB (parallel_begin)
	(gomp_ompt_data (&parent->tool_data), &frame,
	 gomp_ompt_data (&team->tool_data), team->nthreads,
	 flags | ompt_parallel_team, gomp_tool_ra_of_cfa (cfa));
    }
  implicit_begin (thr, team);
}

void
gomp_tool_implicit_begin (struct gomp_thread *thr)
{
  implicit_begin (thr, thr->ts.team);
}

/* The region's implicit barrier: parallel_data NULL at its end (5.1: the
   region may be gone for a worker by then).  */
void
gomp_tool_region_barrier_begin (struct gomp_thread *thr, void *cfa)
{
  const void *ra = thr->ts.team_id == 0 ? gomp_tool_ra_of_cfa (cfa) : NULL;
  ompt_data_t *pd = gomp_ompt_data (&thr->ts.team->tool_data);
  ompt_data_t *td = gomp_ompt_data (&thr->task->tool_data);
  gomp_collector_event (GOMP_COLLECTOR_WAIT_BEGIN,
			ompt_state_wait_barrier_implicit_parallel);
  if (GOMP_OMPT_CB (sync_region))
    GOMP_OMPT_CB (sync_region) (ompt_sync_region_barrier_implicit_parallel,
				ompt_scope_begin, pd, td, ra);
  if (GOMP_OMPT_CB (sync_region_wait))
    GOMP_OMPT_CB (sync_region_wait)
      (ompt_sync_region_barrier_implicit_parallel, ompt_scope_begin, pd, td,
       ra);
}

void
gomp_tool_region_barrier_end (struct gomp_thread *thr)
{
  ompt_data_t *td = gomp_ompt_data (&thr->task->tool_data);
  gomp_collector_event (GOMP_COLLECTOR_WAIT_END,
			ompt_state_wait_barrier_implicit_parallel);
  if (GOMP_OMPT_CB (sync_region_wait))
    GOMP_OMPT_CB (sync_region_wait)
      (ompt_sync_region_barrier_implicit_parallel, ompt_scope_end, NULL, td,
       NULL);
  if (GOMP_OMPT_CB (sync_region))
    GOMP_OMPT_CB (sync_region) (ompt_sync_region_barrier_implicit_parallel,
				ompt_scope_end, NULL, td, NULL);
  if (GOMP_OMPT_CB (implicit_task))
    GOMP_OMPT_CB (implicit_task) (ompt_scope_end, NULL, td, 0,
				  thr->ts.team_id, ompt_task_implicit);
}

void
gomp_tool_parallel_end (struct gomp_thread *thr, struct gomp_team *team,
			struct gomp_task *parent, int flags, void *cfa)
{
  (void) thr;
  /* The invoker, when the caller does not know it (gomp_team_end): the
     program, if the master's implicit task was called from no frame of
     the runtime (GOMP_parallel_start).  */
  if (!(flags & (ompt_parallel_invoker_program
		 | ompt_parallel_invoker_runtime)))
    flags |= team->implicit[0].frame.exit_frame
      ? ompt_parallel_invoker_runtime : ompt_parallel_invoker_program;
  if (GOMP_OMPT_CB (parallel_end))
    GOMP_OMPT_CB (parallel_end) (gomp_ompt_data (&team->tool_data),
				 gomp_ompt_data (&parent->tool_data),
				 flags | ompt_parallel_team,
				 gomp_tool_ra_of_cfa (cfa));
}

/* A host league: its teams run one after the other on the encountering
   thread, in the encountering task's struct, at the top level (teams
   nest in no parallel region on the host).  The league's data word is
   the thread's implicit region's (tool_parallel_data), each initial
   task's the task's word: the encountering task's and region's are kept
   here meanwhile, and given back at the end.  */

void
gomp_tool_league_begin (struct gomp_thread *thr, unsigned int num_teams,
			void *cfa)
{
  struct gomp_task *task = thr->task;
  ompt_data_t *pd = thr->ts.team ? gomp_ompt_data (&thr->ts.team->tool_data)
    : gomp_ompt_data (&thr->tool_parallel_data);
  league_size = num_teams;
  league_saved_task = task->tool_data;
  league_saved_parallel = pd->value;
  pd->value = 0;
  if (GOMP_OMPT_CB (parallel_begin))
    {
      ompt_frame_t frame;
      gomp_ompt_frame (task, &frame);
      if (frame.enter_frame.ptr == NULL && cfa != NULL)
	{
	  frame.enter_frame.ptr = cfa;
	  frame.enter_frame_flags = GOMP_FRAME_FLAGS;
	}
      ompt_data_t encountering = { .value = league_saved_task };
      GOMP_OMPT_CB (parallel_begin)
	(&encountering, &frame, pd, num_teams,
	 ompt_parallel_league | ompt_parallel_invoker_runtime,
	 gomp_tool_ra_of_cfa (cfa));
      league_saved_task = encountering.value;
    }
}

void
gomp_tool_league_task (struct gomp_thread *thr,
		       ompt_scope_endpoint_t endpoint)
{
  struct gomp_task *task = thr->task;
  ompt_data_t *pd = thr->ts.team ? gomp_ompt_data (&thr->ts.team->tool_data)
    : gomp_ompt_data (&thr->tool_parallel_data);
  if (endpoint == ompt_scope_begin)
    task->tool_data = 0;
  if (GOMP_OMPT_CB (implicit_task))
    GOMP_OMPT_CB (implicit_task)
      (endpoint, endpoint == ompt_scope_begin ? pd : NULL,
       gomp_ompt_data (&task->tool_data), league_size, thr->team_num,
       ompt_task_initial);
}

void
gomp_tool_league_end (struct gomp_thread *thr, void *cfa)
{
  ompt_data_t *pd = thr->ts.team ? gomp_ompt_data (&thr->ts.team->tool_data)
    : gomp_ompt_data (&thr->tool_parallel_data);
  thr->task->tool_data = league_saved_task;
  if (GOMP_OMPT_CB (parallel_end))
    GOMP_OMPT_CB (parallel_end)
      (pd, gomp_ompt_data (&thr->task->tool_data),
       ompt_parallel_league | ompt_parallel_invoker_runtime,
       gomp_tool_ra_of_cfa (cfa));
  pd->value = league_saved_parallel;
}

void
gomp_tool_join (void)
{
  gomp_collector_event (OMP_EVENT_JOIN, 0);
}

/* ---- barriers, taskwait, taskgroup -------------------------------------- */

static ompt_sync_region_t
sync_kind (unsigned int state)
{
  switch (state)
    {
    case ompt_state_wait_barrier_implicit_workshare:
      return ompt_sync_region_barrier_implicit_workshare;
    case ompt_state_wait_barrier_implicit_parallel:
      return ompt_sync_region_barrier_implicit_parallel;
    case ompt_state_wait_barrier_explicit:
      return ompt_sync_region_barrier_explicit;
    case ompt_state_wait_taskwait:
      return ompt_sync_region_taskwait;
    case ompt_state_wait_taskgroup:
      return ompt_sync_region_taskgroup;
    case ompt_state_wait_barrier_teams:
      return ompt_sync_region_barrier_teams;
    default:
      return ompt_sync_region_barrier_implementation;
    }
}

static void
sync_event (struct gomp_thread *thr, unsigned int state,
	    ompt_scope_endpoint_t endpoint, const void *ra)
{
  ompt_sync_region_t kind = sync_kind (state);
  ompt_data_t *pd = thr->ts.team ? gomp_ompt_data (&thr->ts.team->tool_data)
    : gomp_ompt_data (&thr->tool_parallel_data);
  ompt_data_t *td = gomp_ompt_data (&thr->task->tool_data);
  if (endpoint == ompt_scope_begin && GOMP_OMPT_CB (sync_region))
    GOMP_OMPT_CB (sync_region) (kind, endpoint, pd, td, ra);
  if (GOMP_OMPT_CB (sync_region_wait))
    GOMP_OMPT_CB (sync_region_wait) (kind, endpoint, pd, td, ra);
  if (endpoint == ompt_scope_end && GOMP_OMPT_CB (sync_region))
    GOMP_OMPT_CB (sync_region) (kind, endpoint, pd, td, ra);
}

/* The kinds and code pointers of the sync regions the thread is in,
   innermost last: a task run from a wait may wait itself.  */
#define SYNC_DEPTH 64
static __thread const void *sync_ra[SYNC_DEPTH];
static __thread unsigned int sync_state[SYNC_DEPTH];
static __thread unsigned int sync_depth;

void
gomp_tool_sync_begin (struct gomp_thread *thr, unsigned int state,
		      const void *ra)
{
  if (sync_depth < SYNC_DEPTH)
    {
      sync_ra[sync_depth] = ra;
      sync_state[sync_depth] = state;
    }
  sync_depth++;
  sync_event (thr, state, ompt_scope_begin, ra);
}

void
gomp_tool_sync_end (struct gomp_thread *thr)
{
  const void *ra = NULL;
  unsigned int state = ompt_state_wait_barrier_implementation;
  /* None begun: the tool attached in the middle of the region.  */
  if (sync_depth == 0)
    return;
  if (--sync_depth < SYNC_DEPTH)
    {
      ra = sync_ra[sync_depth];
      state = sync_state[sync_depth];
    }
  sync_event (thr, state, ompt_scope_end, ra);
}

/* ---- waits, idle, single: the collector's events ------------------------ */

void
gomp_tool_wait_begin (struct gomp_thread *thr, unsigned int state)
{
  (void) thr;
  gomp_collector_event (GOMP_COLLECTOR_WAIT_BEGIN, state);
}

void
gomp_tool_wait_end (struct gomp_thread *thr, unsigned int state)
{
  (void) thr;
  gomp_collector_event (GOMP_COLLECTOR_WAIT_END, state);
}

void
gomp_tool_idle (ompt_scope_endpoint_t endpoint)
{
  gomp_collector_event (endpoint == ompt_scope_begin
			? OMP_EVENT_THR_BEGIN_IDLE : OMP_EVENT_THR_END_IDLE,
			0);
}

void
gomp_tool_single_begin (void)
{
  gomp_collector_event (OMP_EVENT_THR_BEGIN_SINGLE, 0);
}

/* ---- tasks ------------------------------------------------------------ */

/* The dependence types of task-depend.h (GCC's GOMP_DEPEND_*) as
   OMPT's.  */
static ompt_dependence_type_t
dep_type (unsigned int kind)
{
  switch (kind)
    {
    case DEP_IN:
      return ompt_dependence_type_in;
    case DEP_OUT:
      return ompt_dependence_type_out;
    case DEP_MUTEXINOUTSET:
      return ompt_dependence_type_mutexinoutset;
    case DEP_INOUTSET:
      return ompt_dependence_type_inoutset;
    default:
      return ompt_dependence_type_inout;
    }
}

/* An undeferred task's depend clauses (GCC's depend array), for the
   task-create that follows on this thread: the dependence table never
   records them (the task waits for them at once).  */

void
gomp_tool_undeferred_depend (void **depend)
{
  undeferred_depend = depend;
}

static void task_depend_array (struct gomp_task *task, void **depend);

void
gomp_tool_task_create (struct gomp_thread *thr, struct gomp_task *parent,
		       struct gomp_task *task, bool has_deps, void *cfa)
{
  (void) thr;
  const void *ra = gomp_tool_ra_of_cfa (cfa);
  void **depend = undeferred_depend;
  undeferred_depend = NULL;
  has_deps |= depend != NULL;
  if (GOMP_OMPT_CB (task_create))
    {
      /* The parent is in the runtime at CFA, though the runtime stores
	 its enter frame only where it may wait or run other code.  */
      ompt_frame_t frame;
      gomp_ompt_frame (parent, &frame);
      if (frame.enter_frame.ptr == NULL && cfa != NULL)
	{
	  frame.enter_frame.ptr = cfa;
	  frame.enter_frame_flags = GOMP_FRAME_FLAGS;
	}
      GOMP_OMPT_CB (task_create)
	(gomp_ompt_data (&parent->tool_data), &frame,
	 gomp_ompt_data (&task->tool_data),
	 (int) (task->kind & ~(TASK_ON_STACK | TASK_ON_PARENT)), has_deps,
	 ra);
    }
  if (depend != NULL)
    task_depend_array (task, depend);
  gomp_ompt_chunk_created (task);
}

/* The dependences callback for N clauses of the task whose data is
   TASK_DATA, item I of which ITEM gives from ARG.  */
static void
deliver_dependences (ompt_data_t *task_data, size_t n,
		     void (*item) (const void *arg, size_t i, void **addr,
				   unsigned int *kind),
		     const void *arg)
{
  if (GOMP_OMPT_CB (dependences) == NULL)
    return;
  ompt_dependence_t small[16] = { 0 };
  ompt_dependence_t *deps = n <= 16 ? small : malloc (n * sizeof *deps);
  if (deps == NULL)
    return;
  for (size_t i = 0; i < n; i++)
    {
      unsigned int kind;
      item (arg, i, &deps[i].variable.ptr, &kind);
      deps[i].dependence_type = dep_type (kind);
    }
  GOMP_OMPT_CB (dependences) (task_data, deps, (int) n);
  if (deps != small)
    free (deps);
}

static void
array_item (const void *arg, size_t i, void **addr, unsigned int *kind)
{
  gomp_depend_item ((void **) arg, i, addr, kind);
}

static void
task_depend_array (struct gomp_task *task, void **depend)
{
  gomp_ompt_depend_array (gomp_ompt_data (&task->tool_data), depend);
}

void
gomp_ompt_depend_array (ompt_data_t *task_data, void **depend)
{
  deliver_dependences (task_data, gomp_depend_count (depend), array_item,
		       depend);
}

static void
table_item (const void *arg, size_t i, void **addr, unsigned int *kind)
{
  const struct gomp_task *task = arg;
  *addr = task->deps[i].addr;
  *kind = task->deps[i].kind;
}

/* TASK's clauses, as the dependence table recorded them (task->deps).  */
void
gomp_tool_task_dependences (struct gomp_task *task)
{
  deliver_dependences (gomp_ompt_data (&task->tool_data), task->ndeps,
		       table_item, task);
}

void
gomp_tool_task_start (struct gomp_task *prior, struct gomp_task *next)
{
  if (GOMP_OMPT_CB (task_schedule))
    GOMP_OMPT_CB (task_schedule) (gomp_ompt_data (&prior->tool_data),
				  ompt_task_switch,
				  gomp_ompt_data (&next->tool_data));
  gomp_ompt_chunk_started (gomp_thread (), next);
}

/* TASK's code has returned: complete, or detached while its event is
   not fulfilled (late fulfill completes it: gomp_tool_task_fulfill).  */
void
gomp_tool_task_end (struct gomp_task *task, struct gomp_task *next)
{
  ompt_task_status_t status = ompt_task_complete;
  if (task->has_detach
      && !(__atomic_load_n (&task->fulfilled, __ATOMIC_ACQUIRE)
	   & DETACH_FULFILLED))
    status = ompt_task_detach;
  else if (gomp_task_cancelled (task))
    status = ompt_task_cancel;
  if (GOMP_OMPT_CB (task_schedule))
    GOMP_OMPT_CB (task_schedule) (gomp_ompt_data (&task->tool_data), status,
				  gomp_ompt_data (&next->tool_data));
}

void
gomp_tool_task_fulfill (struct gomp_task *task, bool done)
{
  if (GOMP_OMPT_CB (task_schedule))
    GOMP_OMPT_CB (task_schedule) (gomp_ompt_data (&task->tool_data),
				  done ? ompt_task_late_fulfill
				  : ompt_task_early_fulfill, NULL);
}

void
gomp_tool_task_dependence (struct gomp_task *src, struct gomp_task *sink)
{
  if (GOMP_OMPT_CB (task_dependence))
    GOMP_OMPT_CB (task_dependence) (gomp_ompt_data (&src->tool_data),
				    gomp_ompt_data (&sink->tool_data));
}

/* ---- mutual exclusion --------------------------------------------------- */

void
gomp_tool_mutex_acquire (ompt_mutex_t kind, uintptr_t wait_id,
			 const void *ra)
{
  if (GOMP_OMPT_CB (mutex_acquire))
    GOMP_OMPT_CB (mutex_acquire) (kind, 0 /* omp_sync_hint_none */,
				  GOMP_TOOL_MUTEX_IMPL, wait_id, ra);
}

void
gomp_tool_mutex_acquired (ompt_mutex_t kind, uintptr_t wait_id,
			  const void *ra)
{
  if (kind == ompt_mutex_ordered)
    gomp_collector_event (OMP_EVENT_THR_BEGIN_ORDERED, 0);
  if (GOMP_OMPT_CB (mutex_acquired))
    GOMP_OMPT_CB (mutex_acquired) (kind, wait_id, ra);
}

void
gomp_tool_mutex_released (ompt_mutex_t kind, uintptr_t wait_id,
			  const void *ra)
{
  if (kind == ompt_mutex_ordered)
    gomp_collector_event (OMP_EVENT_THR_END_ORDERED, 0);
  if (GOMP_OMPT_CB (mutex_released))
    GOMP_OMPT_CB (mutex_released) (kind, wait_id, ra);
}

void
gomp_tool_lock_init (ompt_mutex_t kind, uintptr_t wait_id, const void *ra)
{
  if (GOMP_OMPT_CB (lock_init))
    GOMP_OMPT_CB (lock_init) (kind, 0, GOMP_TOOL_MUTEX_IMPL, wait_id, ra);
}

void
gomp_tool_lock_destroy (ompt_mutex_t kind, uintptr_t wait_id, const void *ra)
{
  if (GOMP_OMPT_CB (lock_destroy))
    GOMP_OMPT_CB (lock_destroy) (kind, wait_id, ra);
}

void
gomp_tool_nest_lock (ompt_scope_endpoint_t endpoint, uintptr_t wait_id,
		     const void *ra)
{
  if (GOMP_OMPT_CB (nest_lock))
    GOMP_OMPT_CB (nest_lock) (endpoint, wait_id, ra);
}

void
gomp_tool_test_nest_lock_25 (void *lock, bool got, const void *ra)
{
  gomp_tool_mutex_acquire (ompt_mutex_test_nest_lock, (uintptr_t) lock, ra);
  if (got)
    gomp_tool_mutex_acquired (ompt_mutex_test_nest_lock, (uintptr_t) lock,
			      ra);
}

/* ---- work-sharing ------------------------------------------------------- */

static ompt_data_t *
current_parallel (struct gomp_thread *thr)
{
  return thr->ts.team ? gomp_ompt_data (&thr->ts.team->tool_data)
    : gomp_ompt_data (&thr->tool_parallel_data);
}

void
gomp_tool_work_begin (struct gomp_thread *thr, struct gomp_work_share *ws,
		      ompt_work_t kind, uint64_t count, void *cfa)
{
  const void *ra = gomp_tool_ra_of_cfa (cfa);
  if (work_depth < WORK_DEPTH)
    work_stack[work_depth] = (struct work_begun) { ws, ra, count, kind };
  work_depth++;
  if (GOMP_OMPT_CB (work))
    GOMP_OMPT_CB (work) (kind, ompt_scope_begin, current_parallel (thr),
			 gomp_ompt_data (&thr->task->tool_data), count, ra);
}

/* The thread leaves its work share THR->ts.ws: the end of the construct
   begun in it, if that is the innermost (a thread of a cancelled region
   may leave one it never asked a chunk of).  */
void
gomp_tool_work_end (struct gomp_thread *thr)
{
  if (work_depth == 0)
    return;
  struct work_begun w = { NULL, NULL, 0, ompt_work_loop };
  if (work_depth <= WORK_DEPTH)
    {
      w = work_stack[work_depth - 1];
      if (w.ws != thr->ts.ws)
	return;
    }
  work_depth--;
  if (GOMP_OMPT_CB (work))
    GOMP_OMPT_CB (work) (w.kind, ompt_scope_end, current_parallel (thr),
			 gomp_ompt_data (&thr->task->tool_data), w.count,
			 w.ra);
}

void
gomp_tool_ws_next (struct gomp_thread *thr, struct gomp_work_share *ws,
		   void *cfa)
{
  if (work_depth > 0 && work_depth <= WORK_DEPTH
      && work_stack[work_depth - 1].ws == ws)
    return;
  gomp_tool_work_begin (thr, ws, ws->kind == WS_SECTIONS
			? ompt_work_sections : ompt_work_loop, ws->total,
			cfa);
}

/* A chunk of logical iterations K0 .. K1 - 1: one ompt_dispatch_iteration
   per iteration, in order, each with its logical iteration number (5.1
   has no dispatch of a chunk).  GCC runs a chunk's iterations in the
   program's code with no call between them, so all come here, before the
   chunk's first iteration.  A section (number K0 + 1) has the code
   pointer of the call that hands it out: GCC runs the sections of a
   construct from one switch after that call.  */
void
gomp_tool_ws_chunk (struct gomp_thread *thr, struct gomp_work_share *ws,
		    unsigned long long k0, unsigned long long k1)
{
  ompt_callback_dispatch_t cb = GOMP_OMPT_CB (dispatch);
  if (cb == NULL)
    return;
  ompt_data_t *pd = current_parallel (thr);
  ompt_data_t *td = gomp_ompt_data (&thr->task->tool_data);
  if (ws->kind == WS_SECTIONS)
    {
      ompt_data_t inst = { .ptr = (void *) (work_depth > 0
					    && work_depth <= WORK_DEPTH
					    ? work_stack[work_depth - 1].ra
					    : NULL) };
      cb (pd, td, ompt_dispatch_section, inst);
      return;
    }
  for (unsigned long long k = k0; k < k1; k++)
    cb (pd, td, ompt_dispatch_iteration, (ompt_data_t) { .value = k });
}

void
gomp_tool_single_other (struct gomp_thread *thr, const void *ra)
{
  ompt_data_t *pd = current_parallel (thr);
  ompt_data_t *td = gomp_ompt_data (&thr->task->tool_data);
  if (GOMP_OMPT_CB (work))
    {
      GOMP_OMPT_CB (work) (ompt_work_single_other, ompt_scope_begin, pd, td,
			   1, ra);
      GOMP_OMPT_CB (work) (ompt_work_single_other, ompt_scope_end, pd, td,
			   1, ra);
    }
}

/* ---- cancellation, error ------------------------------------------------ */

void
gomp_tool_cancel (int flags, const void *ra)
{
  struct gomp_thread *thr = gomp_thread ();
  if (GOMP_OMPT_CB (cancel))
    GOMP_OMPT_CB (cancel) (gomp_ompt_data (&thr->task->tool_data), flags, ra);
}

void
gomp_tool_task_discarded (struct gomp_task *task)
{
  gomp_ompt_chunk_discarded (task);
  int flags = ompt_cancel_discarded_task | ompt_cancel_taskgroup;
  if (task->team && atomic_load_explicit (&task->team->cancelled,
					  memory_order_acquire))
    flags = ompt_cancel_discarded_task | ompt_cancel_parallel;
  if (GOMP_OMPT_CB (cancel))
    GOMP_OMPT_CB (cancel) (gomp_ompt_data (&task->tool_data), flags, NULL);
}

void
gomp_tool_error (ompt_severity_t severity, const char *message,
		 size_t length, const void *ra)
{
  if (GOMP_OMPT_CB (error))
    GOMP_OMPT_CB (error) (severity, message, length, ra);
}

/* omp_test_lock and omp_test_nest_lock's first acquisition, with a tool:
   mutex-acquire, then mutex-acquired if it succeeds.  */
int
gomp_tool_test_lock (void *lock, int self, ompt_mutex_t kind,
		     const void *ra)
{
  gomp_tool_mutex_acquire (kind, (uintptr_t) lock, ra);
  int z = 0;
  bool got = atomic_compare_exchange_strong_explicit
    ((_Atomic int *) lock, &z, self, memory_order_acquire,
     memory_order_relaxed);
  if (got)
    gomp_tool_mutex_acquired (kind, (uintptr_t) lock, ra);
  return got;
}
