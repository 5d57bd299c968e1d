/* task-reduction.c -- task reductions: taskgroup task_reduction, task
   in_reduction, and the task modifier of reduction clauses on parallel,
   worksharing-loop, sections and scope constructs.

   GCC describes the reductions of one construct in an array of uintptr_t
   it builds (for the worksharing forms, each thread its own copy) and
   hands to the runtime:

     d[0]  number of reductions, CNT
     d[1]  bytes of one thread's chunk: every private copy of the
	   construct, each at its own offset, plus a flag byte per copy
	   saying whether it was initialised
     d[2]  on entry the chunks' alignment; the runtime replaces it by the
	   address of the array of NTHREADS chunks, which compiled code reads
     d[3]  allocator (-1: malloc); ignored, as by libgomp
     d[4]  on entry 0, or the next descriptor of a chain registered
	   together; the runtime links the chain's last one to the
	   enclosing construct's descriptor (the chain
	   GOMP_task_reduction_remap searches)
     d[5]  runtime's: the lookup table (below) in the head of each
	   registered chain, 0 in the other descriptors of the chain
     d[6]  runtime's: the end of the array
     then CNT entries of 3 words, sorted by increasing offset:
     e[0]  address of the original list item
     e[1]  offset of its private copy in a chunk
     e[2]  runtime's: the descriptor the entry belongs to

   Thread I's copy of item E is d[2] + I * d[1] + E[1].  The array is
   zeroed: compiled code initialises a copy on first use, keyed on its
   flag byte, and combines the copies whose flag is set into the original
   when the construct ends (for parallel, after the region, with the
   number of threads GOMP_parallel_reductions returns).

   A task with in_reduction calls GOMP_task_reduction_remap with either
   the original address or a pointer into some thread's chunk (the
   creating thread's private copy, in a worksharing loop's body) and gets
   back the executing thread's copy.  The first case is a table lookup:
   each registration builds an open-addressing hash table of every entry
   visible from its taskgroup, its own plus those of the enclosing
   registration (copied, so one probe sequence answers, and an inner
   construct's entry for the same variable replaces the outer one, i.e.
   the innermost reduction wins).  The second is a walk of the chain
   comparing the pointer with each array's bounds.

   Where the descriptor lives: struct gomp_taskgroup's `reductions'.  A
   taskgroup inherits its enclosing group's (taskwait.c), a task sees its
   creator's current group (task.c), and the implicit tasks of a
   GOMP_parallel_reductions region start in a taskgroup holding the
   region's (team.c).  The worksharing forms (GOMP_loop_start and its
   ordered, doacross and ull variants, GOMP_sections2_start,
   GOMP_scope_start) open a taskgroup in each thread, as libgomp does; the
   thread that initialises the work share allocates the array and leaves
   its descriptor in the work share, and the others copy its array
   address into their own descriptors.  GOMP_workshare_task_reduction_
   unregister ends that taskgroup: thread 0 frees the array (compiled code
   has combined the copies by then, after the construct's barrier), and a
   barrier keeps the team together as libgomp's does.  */

#include "config.h"
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* The descriptor's words.  */
#define RED_CNT 0
#define RED_SIZE 1
#define RED_ARRAY 2
#define RED_NEXT 4
#define RED_TABLE 5
#define RED_END 6
#define RED_ENTRIES 7
/* An entry's.  */
#define ENT_ADDR 0
#define ENT_OFFSET 1
#define ENT_DESC 2
#define ENT_WORDS 3

/* Entries (pointers to their 3 words) by original address: linear
   probing in a power-of-two table at most half full.  */
struct red_table
{
  size_t mask;
  size_t count;
  uintptr_t *slot[];
};

static inline size_t
addr_hash (uintptr_t addr, size_t mask)
{
  /* Fibonacci hashing: objects are at least 4-byte aligned and often
     neighbours, so the low bits alone spread poorly.  */
  return (size_t) (((uint64_t) addr * 0x9e3779b97f4a7c15ull) >> 32) & mask;
}

/* Insert ENT, replacing an entry for the same address.  */
static void
table_insert (struct red_table *t, uintptr_t *ent)
{
  size_t i = addr_hash (ent[ENT_ADDR], t->mask);
  while (t->slot[i] && t->slot[i][ENT_ADDR] != ent[ENT_ADDR])
    i = (i + 1) & t->mask;
  if (t->slot[i] == NULL)
    t->count++;
  t->slot[i] = ent;
}

static uintptr_t *
table_find (const struct red_table *t, uintptr_t addr)
{
  size_t i = addr_hash (addr, t->mask);
  while (t->slot[i])
    {
      if (t->slot[i][ENT_ADDR] == addr)
	return t->slot[i];
      i = (i + 1) & t->mask;
    }
  return NULL;
}

/* Register the chain of descriptors starting at DATA for a construct run
   by NTHREADS threads, inside the registration OLD (NULL: none).  ORIG,
   if not NULL, is the same construct's chain as another thread of the
   team registered it: its arrays are shared, not allocated again.  */
static void
reduction_register (uintptr_t *data, uintptr_t *old, const uintptr_t *orig,
		    unsigned int nthreads)
{
  size_t total = 0;
  for (uintptr_t *d = data;; d = (uintptr_t *) d[RED_NEXT])
    {
      if (orig)
	{
	  d[RED_ARRAY] = orig[RED_ARRAY];
	  d[RED_END] = orig[RED_END];
	  orig = (const uintptr_t *) orig[RED_NEXT];
	}
      else
	{
	  size_t size;
	  size_t align = d[RED_ARRAY];
	  void *array;
	  if (align < sizeof (void *))
	    align = sizeof (void *);
	  if (__builtin_mul_overflow (d[RED_SIZE], (size_t) nthreads, &size)
	      || posix_memalign (&array, align, size ? size : 1) != 0)
	    gomp_fatal_oom (size);
	  /* Zero: the flag bytes say "not initialised yet".  */
	  memset (array, 0, size);
	  d[RED_ARRAY] = (uintptr_t) array;
	  d[RED_END] = (uintptr_t) array + size;
	}
      d[RED_TABLE] = 0;
      total += d[RED_CNT];
      if (d[RED_NEXT] == 0)
	{
	  d[RED_NEXT] = (uintptr_t) old;
	  break;
	}
    }

  const struct red_table *ot
    = old ? (const struct red_table *) old[RED_TABLE] : NULL;
  if (ot)
    total += ot->count;
  size_t cap = 8;
  while (cap < 2 * total)
    cap *= 2;
  struct red_table *t = calloc (1, sizeof *t + cap * sizeof t->slot[0]);
  if (t == NULL)
    gomp_fatal_oom (sizeof *t + cap * sizeof t->slot[0]);
  t->mask = cap - 1;
  if (ot)
    for (size_t i = 0; i <= ot->mask; i++)
      if (ot->slot[i])
	table_insert (t, ot->slot[i]);
  for (uintptr_t *d = data; d != old; d = (uintptr_t *) d[RED_NEXT])
    for (size_t j = 0; j < d[RED_CNT]; j++)
      {
	uintptr_t *ent = d + RED_ENTRIES + j * ENT_WORDS;
	ent[ENT_DESC] = (uintptr_t) d;
	table_insert (t, ent);
      }
  /* On the head, where GOMP_task_reduction_remap looks, and where
     unregistering stops freeing arrays: a chain registered earlier.  */
  data[RED_TABLE] = (uintptr_t) t;
}

static inline unsigned int
team_size (struct gomp_thread *thr)
{
  return thr->ts.team ? thr->ts.team->nthreads : 1;
}

static struct gomp_taskgroup *
current_taskgroup (struct gomp_thread *thr, const char *entry)
{
  struct gomp_taskgroup *tg = thr->task->cur_taskgroup;
  if (tg == NULL)
    gomp_own_fatal ("%s: not inside a taskgroup", entry);
  return tg;
}

/* taskgroup task_reduction(...), right after GOMP_taskgroup_start; also
   the implicit taskgroup of a taskloop with reductions.  */
EXPORT void
GOMP_taskgroup_reduction_register (uintptr_t *data)
{
  struct gomp_thread *thr = gomp_thread ();
  struct gomp_taskgroup *tg
    = current_taskgroup (thr, "GOMP_taskgroup_reduction_register");
  reduction_register (data, tg->reductions, NULL, team_size (thr));
  tg->reductions = data;
}

/* After GOMP_taskgroup_end and the combination: free what registering
   DATA allocated, up to the enclosing registration.  */
EXPORT void
GOMP_taskgroup_reduction_unregister (uintptr_t *data)
{
  free ((void *) data[RED_TABLE]);
  uintptr_t *d = data;
  do
    {
      free ((void *) d[RED_ARRAY]);
      d = (uintptr_t *) d[RED_NEXT];
    }
  while (d && d[RED_TABLE] == 0);
}

/* Binary search of D's entries (sorted by offset) for offset OFF.  */
static uintptr_t *
entry_at_offset (uintptr_t *d, uintptr_t off)
{
  size_t lo = 0, hi = d[RED_CNT];
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      uintptr_t *ent = d + RED_ENTRIES + mid * ENT_WORDS;
      if (ent[ENT_OFFSET] == off)
	return ent;
      if (ent[ENT_OFFSET] < off)
	lo = mid + 1;
      else
	hi = mid;
    }
  return NULL;
}

/* For I < CNT, replace PTRS[I], the address of an original list item or
   of some thread's copy of one, by the address of the calling thread's
   copy; for I < CNTORIG also store the original's address in
   PTRS[CNT + I] (user-defined reductions whose initialiser reads
   omp_orig).  */
EXPORT void
GOMP_task_reduction_remap (size_t cnt, size_t cntorig, void **ptrs)
{
  struct gomp_thread *thr = gomp_thread ();
  uintptr_t *data
    = current_taskgroup (thr, "GOMP_task_reduction_remap")->reductions;
  if (data == NULL)
    gomp_own_fatal ("GOMP_task_reduction_remap: no task reduction is in "
		    "scope");
  uintptr_t id = thr->ts.team_id;
  const struct red_table *t = (const struct red_table *) data[RED_TABLE];
  for (size_t i = 0; i < cnt; i++)
    {
      uintptr_t p = (uintptr_t) ptrs[i];
      uintptr_t *ent = table_find (t, p);
      if (ent)
	{
	  uintptr_t *d = (uintptr_t *) ent[ENT_DESC];
	  ptrs[i] = (void *) (d[RED_ARRAY] + id * d[RED_SIZE]
			      + ent[ENT_OFFSET]);
	  if (i < cntorig)
	    ptrs[cnt + i] = (void *) ent[ENT_ADDR];
	  continue;
	}
      /* A pointer into some thread's chunk: same offset, our chunk.  */
      uintptr_t *d = data;
      while (d && !(p >= d[RED_ARRAY] && p < d[RED_END]))
	d = (uintptr_t *) d[RED_NEXT];
      if (d == NULL)
	gomp_fatal ("couldn't find matching task_reduction or reduction "
		    "with task modifier for %p", ptrs[i]);
      uintptr_t off = (p - d[RED_ARRAY]) % d[RED_SIZE];
      ptrs[i] = (void *) (d[RED_ARRAY] + id * d[RED_SIZE] + off);
      if (i < cntorig)
	{
	  ent = entry_at_offset (d, off);
	  if (ent == NULL)
	    gomp_fatal ("couldn't find matching task_reduction or reduction "
			"with task modifier for %p", (void *) p);
	  ptrs[cnt + i] = (void *) ent[ENT_ADDR];
	}
    }
}

/* ---- parallel reduction(task, ...) -------------------------------------- */

/* The region's implicit tasks start in a taskgroup that holds the
   reductions, so their tasks see them; nothing encloses it (a task of the
   region cannot take part in a reduction of the encountering task's).
   DATA's first word points to the descriptor.  Returns the number of
   threads, which the compiled code needs to combine the copies.  */
EXPORT unsigned
GOMP_parallel_reductions (void (*fn) (void *), void *data,
			  unsigned num_threads, unsigned flags)
{
  struct gomp_thread *thr = gomp_thread ();
  unsigned int n = gomp_resolve_num_threads (thr, num_threads);
  uintptr_t *rdata = *(uintptr_t **) data;
  struct gomp_taskgroup *tg = calloc (1, sizeof *tg);
  if (tg == NULL)
    gomp_fatal_oom (sizeof *tg);
  reduction_register (rdata, NULL, NULL, n);
  tg->reductions = rdata;
  gomp_parallel_taskgroup (thr, fn, data, n, flags, tg, GOMP_CFA ());
  /* Every task of the region completed before it ended.  */
  free (tg);
  return n;
}

/* ---- worksharing constructs with reduction(task, ...) ------------------ */

/* gomp_ws_enter for a construct with task reductions REDUCTIONS (this
   thread's descriptor; NULL: none).  A taskgroup opens first, as in
   libgomp: its tasks are those the construct's reductions apply to.  The
   initialising thread registers before it publishes the work share, the
   others after they see it published.  */
bool
gomp_ws_enter_reductions (struct gomp_thread *thr, uintptr_t *reductions,
			  void *cfa)
{
  if (reductions == NULL)
    return gomp_ws_enter (thr, cfa);
  GOMP_taskgroup_start ();
  struct gomp_taskgroup *tg = thr->task->cur_taskgroup;
  tg->workshare = true;
  bool first = gomp_ws_enter (thr, cfa);
  struct gomp_work_share *ws = thr->ts.ws;
  reduction_register (reductions, tg->reductions,
		      first ? NULL : ws->task_reductions, team_size (thr));
  if (first)
    ws->task_reductions = reductions;
  tg->reductions = reductions;
  return first;
}

/* scope reduction(task, ...): a work share only to choose who allocates;
   left at once, like a nowait construct.  GCC emits the barrier and
   GOMP_workshare_task_reduction_unregister at the end of the scope.  */
EXPORT void
GOMP_scope_start (uintptr_t *reductions)
{
  struct gomp_thread *thr = gomp_thread ();
  if (gomp_ws_enter_reductions (thr, reductions, GOMP_CFA ()))
    {
      thr->ts.ws->kind = WS_NONE;
      gomp_ws_publish (thr);
    }
  gomp_ws_leave (thr);
}

/* The end of a worksharing construct with task reductions, after its
   barrier and (on thread 0) the combination.  CANCELLED: the region was
   cancelled, no barrier.  */
EXPORT void
GOMP_workshare_task_reduction_unregister (bool cancelled)
{
  struct gomp_thread *thr = gomp_thread ();
  uintptr_t *data = current_taskgroup
    (thr, "GOMP_workshare_task_reduction_unregister")->reductions;
  void *cfa = GOMP_CFA ();
  gomp_taskgroup_end (thr, cfa);
  /* Every thread's descriptor names the same arrays; one frees them.  */
  if (thr->ts.team_id == 0)
    GOMP_taskgroup_reduction_unregister (data);
  else
    free ((void *) data[RED_TABLE]);
  if (!cancelled)
    gomp_team_barrier (thr, ompt_state_wait_barrier_implementation, cfa);
}
