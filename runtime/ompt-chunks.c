/* ompt-chunks.c -- a taskloop's iterations for OMPT's dispatch event:
   the task that runs a chunk of them dispatches each iteration of it
   (ompt_dispatch_iteration, the logical iteration number, in order) when
   it starts, since GCC's task runs the chunk's iterations with no call
   between them.

   A task's chunk is known when it is created, from the taskloop and the
   task's bounds; the task starts later, maybe on another thread, in
   task.c, which knows nothing of chunks.  The task's struct has no room
   for them (and should not grow for a tool): while a tool wants
   dispatch events, each chunk waits here, in a table keyed by its task,
   from the task's creation to its start.  A thread that creates a
   taskloop's tasks names the taskloop (gomp_tool_taskloop_enter, per
   thread: the tasks' path has no event point of its own); each task's
   task-create records its chunk (gomp_ompt_chunk_created), its start
   takes it out (gomp_ompt_chunk_started).  */

#include "config.h"
#include "ompt.h"

#include <pthread.h>
#include <stdlib.h>

/* ITERATIONS logical iterations from START.  */
struct range
{
  uint64_t start;
  uint64_t iterations;
};

struct chunk
{
  struct chunk *next;
  const struct gomp_task *task;
  struct range chunk;
};

#define NBUCKETS 1024
static struct chunk *buckets[NBUCKETS];
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
/* Chunks in the table: a task start looks only when there are some.  */
static _Atomic unsigned long nchunks;

/* The taskloop whose tasks this thread creates, or NULL.  Enter and
   leave are event points: leave is skipped if no tool is on at the
   taskloop's end, and the pointer stays, to a frame that is gone.  It is
   read only while an OMPT tool has a dispatch callback; that tool was
   attached at start-up, before any taskloop, and stays to the end or
   until ompt_finalize_tool clears every callback: every leave since it
   attached has run.  */
static __thread const void *taskloop;

static struct chunk **
bucket (const struct gomp_task *task)
{
  uintptr_t h = (uintptr_t) task;
  h ^= h >> 12;
  return &buckets[(h >> 4) % NBUCKETS];
}

void
gomp_tool_taskloop_enter (const void *loop, const void **saved)
{
  *saved = taskloop;
  taskloop = loop;
}

void
gomp_tool_taskloop_leave (const void *saved)
{
  taskloop = saved;
}

void
gomp_ompt_chunk_created (const struct gomp_task *task)
{
  struct range c;
  if (taskloop == NULL || GOMP_OMPT_CB (dispatch) == NULL
      || !gomp_taskloop_chunk_of (taskloop, task, &c.start, &c.iterations))
    return;
  struct chunk *e = malloc (sizeof *e);
  if (e == NULL)
    return;
  e->task = task;
  e->chunk = c;
  pthread_mutex_lock (&table_lock);
  struct chunk **b = bucket (task);
  e->next = *b;
  *b = e;
  atomic_fetch_add_explicit (&nchunks, 1, memory_order_relaxed);
  pthread_mutex_unlock (&table_lock);
}

/* TASK's chunk, out of the table; NULL if none.  */
static struct chunk *
take (const struct gomp_task *task)
{
  if (atomic_load_explicit (&nchunks, memory_order_relaxed) == 0)
    return NULL;
  struct chunk *found = NULL;
  pthread_mutex_lock (&table_lock);
  for (struct chunk **p = bucket (task); *p; p = &(*p)->next)
    if ((*p)->task == task)
      {
	found = *p;
	*p = found->next;
	atomic_fetch_sub_explicit (&nchunks, 1, memory_order_relaxed);
	break;
      }
  pthread_mutex_unlock (&table_lock);
  return found;
}

/* A task of a taskloop that the creating thread runs at once from its
   stack (task.c, task_run_here) has no argument block yet at its
   task-create: its chunk is told when it starts, on the same thread, in
   the same taskloop.  */
void
gomp_ompt_chunk_started (struct gomp_thread *thr, struct gomp_task *task)
{
  ompt_callback_dispatch_t cb = GOMP_OMPT_CB (dispatch);
  struct chunk *found = take (task);
  struct range c;
  if (found != NULL)
    c = found->chunk;
  else if (cb == NULL || taskloop == NULL
	   || !gomp_taskloop_chunk_of (taskloop, task, &c.start,
				       &c.iterations))
    return;
  free (found);
  ompt_data_t *pd = thr->ts.team ? gomp_ompt_data (&thr->ts.team->tool_data)
    : gomp_ompt_data (&thr->tool_parallel_data);
  if (cb)
    for (uint64_t i = 0; i < c.iterations; i++)
      cb (pd, gomp_ompt_data (&task->tool_data), ompt_dispatch_iteration,
	  (ompt_data_t) { .value = c.start + i });
}

/* TASK is discarded without starting (cancel.c).  */
void
gomp_ompt_chunk_discarded (const struct gomp_task *task)
{
  free (take (task));
}
