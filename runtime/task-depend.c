/* task-depend.c -- task dependences (depend clauses of task, taskwait and
   target): which sibling tasks a new task must wait for, releasing them
   when a task completes, and the mutual exclusion of mutexinoutset.

   Dependences only order sibling tasks, so each task that creates
   children with depend clauses gets a table of the addresses they name
   (dep_table).  Per address the table keeps only what a new clause can
   depend on: the last task with out/inout, the in tasks since, and the
   mutexinoutset/inoutset tasks since.  A completed task is unlinked from
   the table, and anything older than an unfinished out task is finished
   or ordered before it, so a new task gets edges only to unfinished tasks
   and each clause costs O(1) plus the edges it creates.

   The table is changed by the parent's thread (new children) and by the
   threads completing children, under the table's lock.  Edges are the
   predecessor's successor array; a task's npred counts its unfinished
   predecessors and the last one to complete queues it.  */

#include "config.h"
#include "internal.h"
#include "tool.h"
#include "task-depend.h"
#include "tas-lock.h"

#include <stdlib.h>
#include <string.h>

size_t
gomp_dep_size (void)
{
  return sizeof (struct gomp_dep);
}

static unsigned int
hash_addr (void *addr, unsigned int nbuckets)
{
  uintptr_t h = (uintptr_t) addr;
  h ^= h >> 17;
  h *= 0x9e3779b97f4a7c15ull;
  return (unsigned int) (h >> 32) & (nbuckets - 1);
}

static void
table_grow (struct gomp_dep_table *t)
{
  unsigned int n = t->nbuckets ? t->nbuckets * 4 : 16;
  struct gomp_dep_addr **b = calloc (n, sizeof *b);
  if (b == NULL)
    gomp_fatal_oom (n * sizeof *b);
  for (unsigned int i = 0; i < t->nbuckets; i++)
    for (struct gomp_dep_addr *a = t->buckets[i], *next; a; a = next)
      {
	next = a->hash_next;
	unsigned int h = hash_addr (a->addr, n);
	a->hash_next = b[h];
	b[h] = a;
      }
  free (t->buckets);
  t->buckets = b;
  t->nbuckets = n;
}

static struct gomp_dep_addr *
table_find (struct gomp_dep_table *t, void *addr, bool create)
{
  if (t->nbuckets)
    for (struct gomp_dep_addr *a = t->buckets[hash_addr (addr, t->nbuckets)];
	 a; a = a->hash_next)
      if (a->addr == addr)
	return a;
  if (!create)
    return NULL;
  if (t->count >= t->nbuckets)
    table_grow (t);
  struct gomp_dep_addr *a = calloc (1, sizeof *a);
  if (a == NULL)
    gomp_fatal_oom (sizeof *a);
  a->addr = addr;
  unsigned int h = hash_addr (addr, t->nbuckets);
  a->hash_next = t->buckets[h];
  t->buckets[h] = a;
  t->count++;
  return a;
}

/* TASK has a table (gomp_depend_table_free).  */
void
gomp_depend_table_delete (struct gomp_task *task)
{
  struct gomp_dep_table *t = task->dep_table;
  for (unsigned int i = 0; i < t->nbuckets; i++)
    for (struct gomp_dep_addr *a = t->buckets[i], *next; a; a = next)
      {
	next = a->hash_next;
	free (a);
      }
  free (t->buckets);
  free (t);
  task->dep_table = NULL;
}

/* The number of items in a depend array; GCC's two layouts:
   [n, nout, addr...] and, when mutexinoutset or depobj appear,
   [0, n, nout, nmutex, nin, addr..., depobj...].  */
size_t
gomp_depend_count (void **depend)
{
  return (uintptr_t) (depend[0] ? depend[0] : depend[1]);
}

static void
depend_item (void **depend, size_t i, void **addr, unsigned int *kind)
{
  if (depend[0])
    {
      *addr = depend[2 + i];
      *kind = i < (uintptr_t) depend[1] ? DEP_INOUT : DEP_IN;
      return;
    }
  uintptr_t nout = (uintptr_t) depend[2], nmutex = (uintptr_t) depend[3];
  uintptr_t nin = (uintptr_t) depend[4];
  if (i < nout + nmutex + nin)
    {
      *addr = depend[5 + i];
      *kind = i < nout ? DEP_INOUT : i < nout + nmutex ? DEP_MUTEXINOUTSET
	: DEP_IN;
      return;
    }
  /* A depobj: an omp_depend_t {address, kind}.  */
  void **obj = depend[5 + i];
  *addr = obj[0];
  *kind = (unsigned int) (uintptr_t) obj[1];
  if (*kind < DEP_IN || *kind > DEP_INOUTSET)
    gomp_fatal ("unknown omp_depend_t dependence type %d", (int) *kind);
}

void
gomp_depend_item (void **depend, size_t i, void **addr, unsigned int *kind)
{
  depend_item (depend, i, addr, kind);
}

/* The room for TASK_SUCC_ROOM successors in the tail of TASK's block,
   which task_create leaves there when it can and points succ to, with a
   capacity of 0 until the first edge (task.c).  */
static inline struct gomp_task **
succ_room (const struct gomp_task *task)
{
  return (struct gomp_task **) ((char *) task->alloc_base
				+ task->alloc_size) - TASK_SUCC_ROOM;
}

/* TASK is done with SUCC, its successor array: free it unless it is
   the room in TASK's block.  */
void
gomp_depend_succ_free (struct gomp_task *task, struct gomp_task **succ)
{
  if (succ != NULL && (task->alloc_base == NULL || succ != succ_room (task)))
    free (succ);
}

/* Record that TASK waits for PRED; TOOL: with the tools'
   dependence-pair event, add_edge_tool.  */
static ALWAYS_INLINE void
edge_add (struct gomp_task *pred, struct gomp_task *task, bool tool)
{
  /* A predecessor named by two of TASK's items (out: a, b, then in: a,
     b) gets one edge: debuggers list pending predecessors from npred.
     Every edge to TASK is added while TASK is created, by its creator,
     and PRED's other successors are siblings made by that same thread,
     so an edge to TASK already there is PRED's last one.  */
  if (pred == task || (pred->nsucc && pred->succ[pred->nsucc - 1] == task))
    return;
  /* The array is dense and its capacity 0 or 4 << k: libompd takes
     any other shape for garbage (deferred-tasks.c).  */
  if (pred->nsucc == pred->succ_cap)
    {
      struct gomp_task **s = pred->succ;
      unsigned int cap = pred->succ_cap ? pred->succ_cap * 2 : 4;
      if (pred->succ_cap == 0 && s != NULL)
	/* The room in its block (task_create).  */
	cap = TASK_SUCC_ROOM;
      else if (s != NULL && pred->alloc_base != NULL && s == succ_room (pred))
	{
	  s = malloc (cap * sizeof *s);
	  if (s == NULL)
	    gomp_fatal_oom (cap * sizeof *s);
	  memcpy (s, pred->succ, pred->nsucc * sizeof *s);
	}
      else
	{
	  s = realloc (s, cap * sizeof *s);
	  if (s == NULL)
	    gomp_fatal_oom (cap * sizeof *s);
	}
      pred->succ = s;
      pred->succ_cap = cap;
    }
  pred->succ[pred->nsucc++] = task;
  atomic_fetch_add_explicit (&task->npred, 1, memory_order_relaxed);
  /* A waiter (gomp_depend_wait) stands in for its sink.  */
  if (tool)
    GOMP_TOOL_EVENT (task_dependence, pred,
		     task->kind == 0 ? task->parent : task);
}

static void
add_edge (struct gomp_task *pred, struct gomp_task *task)
{
  edge_add (pred, task, false);
}

static void
add_edge_tool (struct gomp_task *pred, struct gomp_task *task)
{
  edge_add (pred, task, true);
}

static ALWAYS_INLINE void
edges_to_list (struct gomp_dep *list, struct gomp_task *task,
	       unsigned int skip_kind, bool tool)
{
  for (struct gomp_dep *d = list; d; d = d->next)
    if (d->kind != skip_kind)
      (tool ? add_edge_tool : add_edge) (d->task, task);
}

static void
list_push (struct gomp_dep **head, struct gomp_dep *d)
{
  d->prev = NULL;
  d->next = *head;
  if (*head)
    (*head)->prev = d;
  *head = d;
  d->listed = true;
}

static void
list_clear (struct gomp_dep **head)
{
  for (struct gomp_dep *d = *head; d; d = d->next)
    d->listed = false;
  *head = NULL;
}

/* The edges a clause of KIND on NODE implies, for TASK; unless D is NULL,
   also enter the clause D into NODE.  TOOL: with the tools' events, the
   copy of depend_on_tool; inlined into the two, in which TOOL is a
   constant.  */
static ALWAYS_INLINE void
depend_on_edges (struct gomp_dep_addr *node, unsigned int kind,
		 struct gomp_task *task, struct gomp_dep *d, bool tool)
{
  if (node->last_out)
    (tool ? add_edge_tool : add_edge) (node->last_out->task, task);
  switch (kind)
    {
    case DEP_IN:
      edges_to_list (node->sets, task, 0, tool);
      if (d)
	list_push (&node->readers, d);
      break;
    case DEP_OUT:
    case DEP_INOUT:
      edges_to_list (node->readers, task, 0, tool);
      edges_to_list (node->sets, task, 0, tool);
      if (d)
	{
	  list_clear (&node->readers);
	  list_clear (&node->sets);
	  node->last_out = d;
	}
      break;
    default:
      /* mutexinoutset and inoutset: after everything but their own
	 kind, with which they are unordered.  */
      edges_to_list (node->readers, task, 0, tool);
      edges_to_list (node->sets, task, kind, tool);
      if (d)
	list_push (&node->sets, d);
      break;
    }
}

/* Out of line as depend_on_tool, which the build without the tool layer
   folds into one function with this.  */
static void __attribute__ ((noinline))
depend_on (struct gomp_dep_addr *node, unsigned int kind,
	   struct gomp_task *task, struct gomp_dep *d)
{
  depend_on_edges (node, kind, task, d, false);
}

static void
depend_on_tool (struct gomp_dep_addr *node, unsigned int kind,
		struct gomp_task *task, struct gomp_dep *d)
{
  depend_on_edges (node, kind, task, d, true);
}

/* TASK, a new deferred child of PARENT, has the clauses DEPEND.  Called
   with TASK's npred holding a guard reference (see GOMP_task).  TOOL:
   gomp_depend_add_tool, the copy with the tools' events, for task.c's
   copy with them (tool-word.h, gomp_task_general).  */
static ALWAYS_INLINE void
depend_add (struct gomp_task *parent, struct gomp_task *task, void **depend,
	    bool tool)
{
  struct gomp_dep_table *t = parent->dep_table;
  if (t == NULL)
    {
      /* Only PARENT's thread adds children, so creating it is safe.  */
      t = calloc (1, sizeof *t);
      if (t == NULL)
	gomp_fatal_oom (sizeof *t);
      parent->dep_table = t;
    }
  size_t n = gomp_depend_count (depend);
  task->ndeps = (unsigned int) n;
  task->table_in = t;
  gomp_tas_lock (&t->lock);
  for (size_t i = 0; i < n; i++)
    {
      struct gomp_dep *d = &task->deps[i];
      depend_item (depend, i, &d->addr, &d->kind);
      d->task = task;
      d->listed = false;
      d->next = d->prev = NULL;
      d->node = table_find (t, d->addr, true);
      (tool ? depend_on_tool : depend_on) (d->node, d->kind, task, d);
      if (d->kind == DEP_MUTEXINOUTSET)
	task->has_mutex = true;
    }
  gomp_tas_unlock (&t->lock);
}

void
gomp_depend_add (struct gomp_task *parent, struct gomp_task *task,
		 void **depend)
{
  depend_add (parent, task, depend, false);
}

void
gomp_depend_add_tool (struct gomp_task *parent, struct gomp_task *task,
		      void **depend)
{
  depend_add (parent, task, depend, true);
}

/* TASK completed: unlink its clauses, free its mutexinoutset addresses,
   and release its successors.

   NEXT (THR runs a task next, gomp_task_run): the first successor
   released that THR may run at once is returned, not queued, and THR
   starts it without a look for work; else NULL.  Queued, it would wait
   there for the rest of the completion and the look, long enough for
   an idle thief, which polls the queue, to take it: a chain of tasks
   (EPCC's PARALLEL TASK DEPS, each thread's tasks on one address) would
   move from thread to thread, each move taking the table's lock and
   node, the successor's block and the queue lines to the other CPU,
   and the poll alone takes the queue's line from its owner at each push
   and pop.  The successor is a sibling of TASK, so a wait that could
   run TASK may run it (task scheduling constraint 2).  Not a
   priority task (the team's list orders those) nor one with
   mutexinoutset (gomp_depend_try_lock decides when it starts); the
   other successors are queued, for thieves to take.  */
struct gomp_task *
gomp_depend_release (struct gomp_thread *thr, struct gomp_task *task,
		     bool next)
{
  struct gomp_dep_table *t = task->table_in;
  struct gomp_team *team = task->team;
  gomp_tas_lock (&t->lock);
  for (unsigned int i = 0; i < task->ndeps; i++)
    {
      struct gomp_dep *d = &task->deps[i];
      struct gomp_dep_addr *node = d->node;
      if (d->kind == DEP_MUTEXINOUTSET
	  && atomic_load_explicit (&node->mutex_owner,
				   memory_order_relaxed) == task)
	atomic_store_explicit (&node->mutex_owner, NULL,
			       memory_order_release);
      if (node->last_out == d)
	node->last_out = NULL;
      else if (d->listed)
	{
	  if (d->prev)
	    d->prev->next = d->next;
	  else if (node->readers == d)
	    node->readers = d->next;
	  else
	    node->sets = d->next;
	  if (d->next)
	    d->next->prev = d->prev;
	  d->listed = false;
	}
    }
  struct gomp_task **succ = task->succ;
  unsigned int nsucc = task->nsucc;
  struct gomp_task *kept = NULL;
  task->succ = NULL;
  task->nsucc = task->succ_cap = 0;
  task->ndeps = 0;
  gomp_tas_unlock (&t->lock);

  for (unsigned int i = 0; i < nsucc; i++)
    {
      struct gomp_task *s = succ[i];
      /* A waiter (kind 0) lives on its thread's stack and may return as
	 soon as npred reaches zero: read what we need first.  */
      bool waiter = s->kind == 0;
      if (atomic_fetch_sub_explicit (&s->npred, 1, memory_order_acq_rel)
	  != 1)
	continue;
      if (waiter)
	gomp_task_event_done (team);
      else if (next && s->priority == 0 && !s->has_mutex
	       && thr->ts.team == team)
	{
	  gomp_task_ready (thr, s, true);
	  kept = s;
	  next = false;
	}
      else
	gomp_task_ready (thr, s, false);
    }
  gomp_depend_succ_free (task, succ);
  return kept;
}

/* May TASK start now?  Take every address it names with mutexinoutset;
   on failure give back what was taken.  */
bool
gomp_depend_try_lock (struct gomp_task *task)
{
  for (unsigned int i = 0; i < task->ndeps; i++)
    {
      struct gomp_dep *d = &task->deps[i];
      if (d->kind != DEP_MUTEXINOUTSET)
	continue;
      struct gomp_task *none = NULL;
      if (atomic_compare_exchange_strong_explicit (&d->node->mutex_owner,
						   &none, task,
						   memory_order_acquire,
						   memory_order_relaxed)
	  || none == task)
	continue;
      for (unsigned int j = 0; j < i; j++)
	if (task->deps[j].kind == DEP_MUTEXINOUTSET
	    && task->deps[j].node != d->node)
	  atomic_store_explicit (&task->deps[j].node->mutex_owner, NULL,
				 memory_order_release);
      return false;
    }
  return true;
}

static bool
waiter_ready (void *arg)
{
  struct gomp_task *w = arg;
  return atomic_load_explicit (&w->npred, memory_order_acquire) == 0;
}

/* Wait, running tasks, until the unfinished siblings that clauses DEPEND
   would depend on have completed: for an undeferred task, taskwait with
   depend, and target constructs.  The clauses are not recorded: nothing
   can be created after them before the wait returns.  */
void
gomp_depend_wait (struct gomp_thread *thr, void **depend, void *cfa,
		  struct gomp_task *sink)
{
  struct gomp_task *parent = thr->task;
  struct gomp_dep_table *t = parent->dep_table;
  if (t == NULL || thr->ts.team == NULL)
    return;
  /* A stand-in successor: kind 0 marks it as a waiter; its parent, only
     for the tools' dependence-pair events, is SINK.  */
  struct gomp_task waiter;
  waiter.kind = 0;
  waiter.parent = sink;
  atomic_store_explicit (&waiter.npred, 1, memory_order_relaxed);
  bool tool = sink != NULL && GOMP_TOOL_ON ();
  size_t n = gomp_depend_count (depend);
  gomp_tas_lock (&t->lock);
  for (size_t i = 0; i < n; i++)
    {
      void *addr;
      unsigned int kind;
      depend_item (depend, i, &addr, &kind);
      struct gomp_dep_addr *node = table_find (t, addr, false);
      /* A mutexinoutset (or inoutset) task run at once must also
	 exclude its siblings of the same kind, which a deferred one
	 does when it starts (mutex_owner): it waits for every unfinished
	 sibling on the address, as inout, which nothing created after it
	 can join while it runs.  */
      if (node)
	(tool ? depend_on_tool : depend_on) (node, kind == DEP_IN ? DEP_IN
					     : DEP_INOUT, &waiter, NULL);
    }
  gomp_tas_unlock (&t->lock);
  if (atomic_fetch_sub_explicit (&waiter.npred, 1, memory_order_acq_rel)
      == 1)
    return;
  if (cfa == NULL)
    {
      /* The caller goes on in the runtime, not waiting.  */
      gomp_task_wait_kept (thr, waiter_ready, &waiter, parent,
			   ompt_state_wait_taskwait);
      gomp_task_wait_state (parent, ompt_state_work_serial);
    }
  else
    gomp_task_wait_until (thr, waiter_ready, &waiter, parent,
			  ompt_state_wait_taskwait, cfa);
}
