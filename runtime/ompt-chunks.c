/* ompt-chunks.c -- a taskloop's iterations for OMPT's dispatch event:
   the task that runs a chunk of them dispatches each iteration of it
   (ompt_dispatch_iteration, the logical iteration number, in order) when
   it starts, since GCC's task runs the chunk's iterations with no call
   between them.

   The taskloop knows a chunk when it creates its task; the task starts
   later, maybe on another thread, in task.c, which knows nothing of
   chunks.  The task's struct has no room for them (and should not grow
   for a tool): while a tool wants dispatch events, each chunk waits
   here, in a table keyed by its task, from the task's creation to its
   start.  The taskloop names the chunk of the next task it creates
   (gomp_tool_taskloop_chunk, per thread); that task's task-create
   records it (gomp_ompt_chunk_created), its start takes it out
   (gomp_ompt_chunk_started).  */

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

/* The chunk of the next task this thread creates; iterations 0: none.  */
static __thread struct range pending;

static struct chunk **
bucket (const struct gomp_task *task)
{
  uintptr_t h = (uintptr_t) task;
  h ^= h >> 12;
  return &buckets[(h >> 4) % NBUCKETS];
}

void
gomp_tool_taskloop_chunk (uint64_t start, uint64_t iterations)
{
  pending.start = start;
  pending.iterations = iterations;
}

void
gomp_ompt_chunk_created (const struct gomp_task *task)
{
  if (pending.iterations == 0)
    return;
  struct range c = pending;
  pending.iterations = 0;
  if (GOMP_OMPT_CB (dispatch) == NULL)
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

/* Forget the pending chunk: its task was not created (the taskloop's
   region or taskgroup is cancelled).  */
void
gomp_ompt_chunk_forget (void)
{
  pending.iterations = 0;
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

void
gomp_ompt_chunk_started (struct gomp_thread *thr, struct gomp_task *task)
{
  struct chunk *found = take (task);
  if (found == NULL)
    return;
  ompt_data_t *pd = thr->ts.team ? gomp_ompt_data (&thr->ts.team->tool_data)
    : gomp_ompt_data (&thr->tool_parallel_data);
  ompt_callback_dispatch_t cb = GOMP_OMPT_CB (dispatch);
  if (cb)
    for (uint64_t i = 0; i < found->chunk.iterations; i++)
      cb (pd, gomp_ompt_data (&task->tool_data), ompt_dispatch_iteration,
	  (ompt_data_t) { .value = found->chunk.start + i });
  free (found);
}

/* TASK is discarded without starting (cancel.c).  */
void
gomp_ompt_chunk_discarded (const struct gomp_task *task)
{
  free (take (task));
}
