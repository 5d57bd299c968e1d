/* deferred-tasks.c -- extensions ompdbg_get_deferred_task_list (with
   ompdbg_get_deferred_task_info, ompdbg_get_deferred_task_handle and
   ompdbg_rel_deferred_task_list), ompdbg_get_deferred_tasks,
   ompdbg_get_task_state and ompdbg_get_task_dependences: explicit tasks
   that exist but have not started, and their dependences.

   Where the runtime keeps them (runtime/task-sched.c, task-depend.c):
   - a ready task of priority 0 is in the queue of the thread that made
     it ready (gomp_thread.queue_head, linked by gomp_task.queue_next),
     or, a task with depend clauses that its predecessor's completion
     handed to the completing thread, in no queue until it starts (the
     dependence table below still has it);
   - a ready task of higher priority is in its team's priority list
     (gomp_team.prio_head, linked the same way);
   - a task waiting for dependences is in no queue, but in the successor
     array (gomp_task.succ, nsucc) of each unfinished predecessor, which
     is itself queued, running (on some thread's stack), detached, or
     waiting in turn;
   - every unfinished task with depend clauses is also in the dependence
     table of its generating task (gomp_task.dep_table: buckets of one
     node per address, listing the last out/inout clause, the in clauses
     since and the mutexinoutset/inoutset ones), until it completes.  A
     detached task (done, its event not fulfilled) is in no queue and on
     no stack: only this table, and its successors, reach it.
   So: collect the queued tasks, then from them and from the tasks on
   every thread's stack (current task and its ancestors), breadth first,
   follow the successor arrays and the tasks' dependence tables,
   remembering what was visited.

   There is no bound on the number of tasks: a program may well have
   10^6 of them pending.  What ends every walk is the target's memory:
   each task is visited once (a set of addresses), a queue ends at a task
   seen before, and a list or hash chain of the dependence table that
   loops is detected (Brent's cycle finding) rather than cut at some
   length.  Garbage then costs one read per distinct readable address it
   leads to, and a read that fails ends the walk.

   One walk reads every task structure, most of them allocated side by
   side: its reads go through a cache of whole pages, kept for that walk
   only, so that the debugger is asked for each page once rather than
   several times per task (a debugger's read callback is where the time
   of a big walk goes).  */

#include "config.h"
#include "libompd/libompd-int.h"

#include <limits.h>
#include <string.h>

/* ---- blocks that grow with the tasks found --------------------------------- */

/* The set of visited tasks, the pages read and the result arrays grow
   with the number of tasks the walk finds, each at a distinct address it
   could read, not with a size read from the target: they are not held to
   MAX_ALLOC.  */
static ompd_rc_t
grow_alloc (size_t n, size_t size, void *ptr)
{
  void **out = ptr;
  *out = NULL;
  if (ompd_cb == NULL)
    return ompd_rc_error;
  if (n == 0)
    n = 1;
  if (n > SIZE_MAX / size)
    return ompd_rc_nomem;
  void *p = NULL;
  ompd_rc_t rc = ompd_cb->alloc_memory (n * size, &p);
  if (rc != ompd_rc_ok || p == NULL)
    return ompd_rc_nomem;
  *out = p;
  return ompd_rc_ok;
}

/* ---- the walk's page cache -------------------------------------------------- */

#define PAGE 4096u
/* Pages asked for in one request once a walk is big: tasks lie side by
   side in the heap, and a debugger answers one request of 64 KiB much
   faster than 16 of 4 KiB.  A small walk (a few tasks, the threads'
   structures) reads single pages: most of a block would be wasted.  */
#define BLOCK_PAGES 16
#define BLOCKS_AFTER 16		/* pages read singly before blocks */
#define MAX_CHUNK_PAGES (4 * BLOCK_PAGES)	/* pages allocated at once */

struct page_ent
{
  ompd_addr_t page;		/* 0: empty slot */
  unsigned char *data;		/* NULL: the page cannot be read whole */
};

struct page_chunk
{
  struct page_chunk *next;
  unsigned used, cap;		/* pages */
  unsigned char data[][PAGE];
};

struct pages
{
  ompd_address_space_handle_t *as;
  struct page_ent *tab;		/* open addressing, power-of-two size */
  size_t cap, n;
  struct page_chunk *chunks;	/* each one 4 times the last, at most
				   MAX_CHUNK_PAGES pages */
};

static size_t
hash_addr (ompd_addr_t a, size_t cap)
{
  a ^= a >> 31;
  a *= 0x9e3779b97f4a7c15ull;
  return (size_t) (a >> 17) & (cap - 1);
}

static void
pages_free (struct pages *p)
{
  lib_free (p->tab);
  while (p->chunks != NULL)
    {
      struct page_chunk *next = p->chunks->next;
      lib_free (p->chunks);
      p->chunks = next;
    }
}

/* The slot of PAGE in P's table: its entry, or the empty slot where it
   goes.  */
static struct page_ent *
page_slot (struct pages *p, ompd_addr_t page)
{
  size_t j = hash_addr (page, p->cap);
  while (p->tab[j].page != 0 && p->tab[j].page != page)
    j = (j + 1) & (p->cap - 1);
  return &p->tab[j];
}

/* Room for NEED more entries in P's table, and for NEED more pages in
   its current chunk.  */
static ompd_rc_t
pages_room (struct pages *p, unsigned need)
{
  if ((p->n + need) * 2 > p->cap)
    {
      struct pages q = *p;
      q.cap = p->cap ? p->cap * 2 : 64;
      ompd_rc_t rc = grow_alloc (q.cap, sizeof *q.tab, &q.tab);
      if (rc != ompd_rc_ok)
	return rc;
      memset (q.tab, 0, q.cap * sizeof *q.tab);
      for (size_t i = 0; i < p->cap; i++)
	if (p->tab[i].page != 0)
	  *page_slot (&q, p->tab[i].page) = p->tab[i];
      lib_free (p->tab);
      p->tab = q.tab;
      p->cap = q.cap;
    }
  if (p->chunks == NULL || p->chunks->used + need > p->chunks->cap)
    {
      unsigned cap = p->chunks == NULL ? 4 : p->chunks->cap * 4;
      if (cap > MAX_CHUNK_PAGES)
	cap = MAX_CHUNK_PAGES;
      if (cap < need)
	cap = need;
      struct page_chunk *c;
      ompd_rc_t rc = lib_alloc (sizeof *c + (size_t) cap * PAGE, &c);
      if (rc != ompd_rc_ok)
	return rc;
      c->next = p->chunks;
      c->used = 0;
      c->cap = cap;
      p->chunks = c;
    }
  return ompd_rc_ok;
}

static void
page_put (struct pages *p, ompd_addr_t page, unsigned char *data)
{
  struct page_ent *e = page_slot (p, page);
  if (e->page == 0)
    {
      e->page = page;
      e->data = data;
      p->n++;
    }
}

/* The page at PAGE (aligned, not 0) in *DATA, read now if it was not;
   *DATA NULL when it cannot be read whole.  A page not read yet is read
   with the others of its block, or alone when the block cannot be read
   (the end of a mapping).  */
static ompd_rc_t
page_get (struct pages *p, ompd_addr_t page, const unsigned char **data)
{
  if (p->cap != 0)
    {
      struct page_ent *e = page_slot (p, page);
      if (e->page == page)
	{
	  *data = e->data;
	  return ompd_rc_ok;
	}
    }
  bool blocks = p->n >= BLOCKS_AFTER;
  ompd_rc_t rc = pages_room (p, blocks ? BLOCK_PAGES : 1);
  if (rc != ompd_rc_ok)
    return rc;
  struct page_chunk *c = p->chunks;
  unsigned char *buf = c->data[c->used];
  ompd_addr_t block = page & ~(ompd_addr_t) (BLOCK_PAGES * PAGE - 1);
  ompd_address_t a = { ompd_segment_none, block };
  rc = ompd_rc_error;
  if (blocks && block != 0)
    rc = ompd_cb->read_memory (p->as->context, NULL, &a,
			       BLOCK_PAGES * PAGE, buf);
  if (rc == ompd_rc_ok)
    {
      c->used += BLOCK_PAGES;
      for (unsigned i = 0; i < BLOCK_PAGES; i++)
	page_put (p, block + i * PAGE, buf + i * PAGE);
      return page_get (p, page, data);
    }
  if (rc == ompd_rc_stale_handle)
    return rc;
  a.address = page;
  rc = ompd_cb->read_memory (p->as->context, NULL, &a, PAGE, buf);
  if (rc == ompd_rc_stale_handle)
    return rc;
  if (rc == ompd_rc_ok)
    c->used++;
  else
    buf = NULL;			/* wread reads what is asked, exactly */
  page_put (p, page, buf);
  *data = buf;
  return ompd_rc_ok;
}

/* N bytes at ADDR through the cache; as tread.  */
static ompd_rc_t
wread (struct pages *p, ompd_addr_t addr, size_t n, void *buf)
{
  if (addr == 0 || addr + n < addr)
    return ompd_rc_device_read_error;
  unsigned char *out = buf;
  while (n > 0)
    {
      ompd_addr_t page = addr & ~(ompd_addr_t) (PAGE - 1);
      size_t off = (size_t) (addr - page);
      size_t piece = PAGE - off < n ? PAGE - off : n;
      const unsigned char *data;
      ompd_rc_t rc = page == 0 ? ompd_rc_device_read_error
	: page_get (p, page, &data);
      if (rc != ompd_rc_ok)
	return rc;
      if (data == NULL)
	return tread (p->as, addr, n, out);
      memcpy (out, data + off, piece);
      out += piece;
      addr += piece;
      n -= piece;
    }
  return ompd_rc_ok;
}

static ompd_rc_t
wread_field (struct pages *p, ompd_addr_t addr, enum layout_id fid,
	     uint64_t *v)
{
  const struct layout_item *f = &p->as->items[fid];
  unsigned char b[8];
  if (f->size != 1 && f->size != 2 && f->size != 4 && f->size != 8)
    return ompd_rc_incompatible;
  ompd_rc_t rc = wread (p, addr + f->offset, f->size, b);
  if (rc == ompd_rc_ok)
    *v = tload (p->as, b, f->size);
  return rc;
}

/* ---- sets of addresses ---------------------------------------------------------- */

/* Visited task addresses (open addressing) plus the visit order.  */
struct task_set
{
  ompd_addr_t *slots;
  size_t cap, n;
  ompd_addr_t *order;		/* every visited task, in visit order */
};

static ompd_rc_t
set_add (struct task_set *s, ompd_addr_t a, bool *added)
{
  *added = false;
  if (a == 0)
    return ompd_rc_ok;
  if ((s->n + 1) * 2 > s->cap)
    {
      size_t cap = s->cap ? s->cap * 2 : 256;
      ompd_addr_t *slots, *order;
      ompd_rc_t rc = grow_alloc (cap, sizeof *slots, &slots);
      if (rc != ompd_rc_ok)
	return rc;
      rc = grow_alloc (cap / 2, sizeof *order, &order);
      if (rc != ompd_rc_ok)
	{
	  lib_free (slots);
	  return rc;
	}
      memset (slots, 0, cap * sizeof *slots);
      for (size_t i = 0; i < s->cap; i++)
	if (s->slots[i])
	  {
	    size_t j = hash_addr (s->slots[i], cap);
	    while (slots[j])
	      j = (j + 1) & (cap - 1);
	    slots[j] = s->slots[i];
	  }
      if (s->n)
	memcpy (order, s->order, s->n * sizeof *order);
      lib_free (s->slots);
      lib_free (s->order);
      s->slots = slots;
      s->order = order;
      s->cap = cap;
    }
  size_t j = hash_addr (a, s->cap);
  while (s->slots[j])
    {
      if (s->slots[j] == a)
	return ompd_rc_ok;
      j = (j + 1) & (s->cap - 1);
    }
  s->slots[j] = a;
  s->order[s->n++] = a;
  *added = true;
  return ompd_rc_ok;
}

static void
set_free (struct task_set *s)
{
  lib_free (s->slots);
  lib_free (s->order);
}

/* Brent's cycle finding along a linked list: call cycle_step with each
   node; it says when the list has come back to a node it passed.  */
struct cycle
{
  ompd_addr_t mark;
  uint64_t power, steps;
};

static bool
cycle_step (struct cycle *c, ompd_addr_t node)
{
  if (node == c->mark)
    return true;
  if (++c->steps == c->power)
    {
      c->mark = node;
      c->power *= 2;
      c->steps = 0;
    }
  return false;
}

#define CYCLE_INIT { 0, 1, 0 }

/* ---- the walk ------------------------------------------------------------------- */

struct walk
{
  ompd_address_space_handle_t *as;
  struct pages pages;
  struct task_set queued;	/* tasks found in queues */
  struct task_set teams;	/* teams whose priority list was read */
  struct task_set seeds;	/* tasks on the threads' stacks */
  struct task_set all;		/* every task reached */
  unsigned char *task;		/* one task structure */
  unsigned char *dep;		/* one gomp_dep */
  unsigned char *node;		/* one gomp_dep_addr */
  ompdbg_task_info_t *info;	/* the result */
  size_t ninfo, info_cap;
  ompd_rc_t rc;
};

/* Add the tasks of a queue_next-linked list starting at HEAD.  */
static ompd_rc_t
add_list (struct walk *w, struct task_set *s, ompd_addr_t head)
{
  while (head != 0)
    {
      bool added;
      ompd_rc_t rc = set_add (s, head, &added);
      if (rc != ompd_rc_ok)
	return rc;
      if (!added)
	break;			/* a cycle, or already seen */
      rc = wread_field (&w->pages, head, L_task_queue_next, &head);
      if (rc != ompd_rc_ok)
	return rc;
    }
  return ompd_rc_ok;
}

static bool
thread_visit (void *arg, ompd_addr_t thread, int64_t tid, uint64_t pthread)
{
  struct walk *w = arg;
  ompd_address_space_handle_t *as = w->as;
  uint64_t head;
  struct thread_now t = { 0 };
  bool added;
  (void) tid;
  (void) pthread;
  w->rc = read_field (as, thread, L_thread_queue_head, &head);
  if (w->rc == ompd_rc_ok)
    w->rc = add_list (w, &w->queued, head);
  if (w->rc == ompd_rc_ok)
    w->rc = thread_now (as, thread, &t);
  if (w->rc == ompd_rc_ok && t.team != 0)
    {
      w->rc = set_add (&w->teams, t.team, &added);
      if (w->rc == ompd_rc_ok && added)
	{
	  w->rc = read_field (as, t.team, L_team_prio_head, &head);
	  if (w->rc == ompd_rc_ok)
	    w->rc = add_list (w, &w->queued, head);
	}
    }
  /* The thread's current task and its ancestors: any of them may be a
     predecessor of a waiting task; and so the tasks below it on the
     thread's stack (a task waiting in a taskwait or taskgroup while the
     thread runs another) and theirs.  */
  uint64_t below = t.ended ? 0 : t.task;  /* its implicit task has ended */
  for (unsigned m = 0; w->rc == ompd_rc_ok && below != 0; m++)
    {
      if (m >= MAX_NESTING)
	break;
      uint64_t task = below, kind;
      for (unsigned n = 0; w->rc == ompd_rc_ok && task != 0; n++)
	{
	  if (n >= MAX_NESTING)
	    break;
	  w->rc = set_add (&w->seeds, task, &added);
	  if (w->rc != ompd_rc_ok || !added)
	    break;
	  w->rc = read_field (as, task, L_task_parent, &task);
	}
      /* The rules of ompd_get_scheduling_task_handle: an implicit or
	 initial task has none, a task not running none that means
	 anything.  */
      bool running = false;
      if (w->rc == ompd_rc_ok)
	w->rc = read_field (as, below, L_task_kind, &kind);
      if (w->rc == ompd_rc_ok
	  && (!(kind & (ompt_task_implicit | ompt_task_initial))
	      || (kind & ompt_task_target)))
	w->rc = task_running (as, below, &running);
      uint64_t next = 0;
      if (w->rc == ompd_rc_ok && running)
	w->rc = task_sched_parent (as, below, kind, &next);
      below = next == below ? 0 : next;
    }
  return w->rc != ompd_rc_ok;
}

/* Whether a successor array's capacity CAP can be the runtime's: 0,
   or 4 doubled any number of times (add_edge in the runtime's
   task-depend.c).  With the array's entries, all tasks, this keeps a
   garbage count from sending the walk through gigabytes.  */
static bool
plausible_succ_cap (uint64_t cap)
{
  return cap == 0 || (cap >= 4 && cap <= UINT32_MAX / 2 + 1
		      && (cap & (cap - 1)) == 0);
}

/* Add the NSUCC successors of a task, the pointer array at SUCC, to
   the walk.  The array is dense: a null or misaligned entry is
   garbage.  */
static ompd_rc_t
add_successors (struct walk *w, ompd_addr_t succ, uint64_t nsucc)
{
  uint32_t ps = w->as->sizes.sizeof_pointer;
  unsigned char buf[512 * 8];
  size_t per = sizeof buf / ps;
  for (uint64_t k = 0; k < nsucc; k += per)
    {
      size_t m = nsucc - k < per ? (size_t) (nsucc - k) : per;
      ompd_rc_t rc = wread (&w->pages, succ + k * ps, m * ps, buf);
      for (size_t i = 0; rc == ompd_rc_ok && i < m; i++)
	{
	  bool added;
	  uint64_t task = tload (w->as, buf + i * ps, ps);
	  if (task == 0 || task % ps != 0)
	    return ompd_rc_error;
	  rc = set_add (&w->all, task, &added);
	}
      if (rc != ompd_rc_ok)
	return rc;
    }
  return ompd_rc_ok;
}

/* Add the task of each clause of the list starting at DEP (linked by
   gomp_dep.next) to the walk.  */
static ompd_rc_t
add_dep_list (struct walk *w, ompd_addr_t dep)
{
  struct cycle c = CYCLE_INIT;
  uint32_t size = struct_size (w->as, L_dep);
  while (dep != 0)
    {
      if (cycle_step (&c, dep))
	return ompd_rc_error;
      uint64_t task;
      bool added;
      ompd_rc_t rc = wread (&w->pages, dep, size, w->dep);
      if (rc == ompd_rc_ok)
	rc = get_field (w->as, w->dep, L_dep, L_dep_task, &task);
      if (rc == ompd_rc_ok)
	rc = set_add (&w->all, task, &added);
      if (rc == ompd_rc_ok)
	rc = get_field (w->as, w->dep, L_dep, L_dep_next, &dep);
      if (rc != ompd_rc_ok)
	return rc;
    }
  return ompd_rc_ok;
}

/* Add every task of the dependence table at TABLE (the unfinished
   children of a task that have depend clauses) to the walk.  */
static ompd_rc_t
add_dep_table (struct walk *w, ompd_addr_t table)
{
  ompd_address_space_handle_t *as = w->as;
  uint64_t nbuckets, buckets;
  ompd_rc_t rc = wread_field (&w->pages, table, L_dep_table_nbuckets,
			      &nbuckets);
  if (rc == ompd_rc_ok)
    rc = wread_field (&w->pages, table, L_dep_table_buckets, &buckets);
  if (rc != ompd_rc_ok || nbuckets == 0 || buckets == 0)
    return rc;
  uint32_t ps = as->sizes.sizeof_pointer;
  uint32_t nsize = struct_size (as, L_dep_node);
  unsigned char buf[512 * 8];
  size_t per = sizeof buf / ps;
  for (uint64_t b0 = 0; b0 < nbuckets; b0 += per)
    {
      size_t m = nbuckets - b0 < per ? (size_t) (nbuckets - b0) : per;
      rc = wread (&w->pages, buckets + b0 * ps, m * ps, buf);
      for (size_t b = 0; rc == ompd_rc_ok && b < m; b++)
	{
	  struct cycle c = CYCLE_INIT;
	  for (ompd_addr_t node = tload (as, buf + b * ps, ps);
	       rc == ompd_rc_ok && node != 0;)
	    {
	      uint64_t last_out, readers, sets;
	      if (cycle_step (&c, node))
		{
		  rc = ompd_rc_error;
		  break;
		}
	      rc = wread (&w->pages, node, nsize, w->node);
	      if (rc == ompd_rc_ok)
		rc = get_field (as, w->node, L_dep_node, L_dep_node_last_out,
				&last_out);
	      if (rc == ompd_rc_ok)
		rc = get_field (as, w->node, L_dep_node, L_dep_node_readers,
				&readers);
	      if (rc == ompd_rc_ok)
		rc = get_field (as, w->node, L_dep_node, L_dep_node_sets,
				&sets);
	      if (rc == ompd_rc_ok)
		rc = get_field (as, w->node, L_dep_node, L_dep_node_hash_next,
				&node);
	      /* last_out is one clause: a list of one (its next is not
		 read as a list link: an out clause is in no list).  */
	      if (rc == ompd_rc_ok && last_out != 0)
		{
		  uint64_t task;
		  bool added;
		  rc = wread_field (&w->pages, last_out, L_dep_task, &task);
		  if (rc == ompd_rc_ok)
		    rc = set_add (&w->all, task, &added);
		}
	      if (rc == ompd_rc_ok)
		rc = add_dep_list (w, readers);
	      if (rc == ompd_rc_ok)
		rc = add_dep_list (w, sets);
	    }
	}
      if (rc != ompd_rc_ok)
	return rc;
    }
  return ompd_rc_ok;
}

/* The runtime's dependence kinds (gomp-constants.h GOMP_DEPEND_*: in 1,
   out 2, inout 3, mutexinoutset 4, inoutset 5) as ompt_dependence_type_t
   numbers.  */
static ompd_word_t
dep_type (uint64_t kind)
{
  switch (kind)
    {
    case 1:
      return 1;			/* ompt_dependence_type_in */
    case 2:
      return 2;			/* ompt_dependence_type_out */
    case 3:
      return 3;			/* ompt_dependence_type_inout */
    case 4:
      return 4;			/* ompt_dependence_type_mutexinoutset */
    case 5:
      return 7;			/* ompt_dependence_type_inoutset */
    default:
      return 0;
    }
}

static ompdbg_task_state_t
task_state (uint64_t s)
{
  return s >= 1 && s <= 5 ? (ompdbg_task_state_t) s
    : ompdbg_task_state_unknown;
}

/* The facts of the task at ADDR, whose structure is in W->task, that is
   waiting or queued: a new entry of the result.  */
static ompd_rc_t
add_info (struct walk *w, ompd_addr_t addr, uint64_t state)
{
  ompd_address_space_handle_t *as = w->as;
  const unsigned char *t = w->task;
  if (w->ninfo == w->info_cap)
    {
      size_t cap = w->info_cap ? w->info_cap * 2 : 64;
      ompdbg_task_info_t *info;
      ompd_rc_t rc = grow_alloc (cap, sizeof *info, &info);
      if (rc != ompd_rc_ok)
	return rc;
      if (w->ninfo)
	memcpy (info, w->info, w->ninfo * sizeof *info);
      lib_free (w->info);
      w->info = info;
      w->info_cap = cap;
    }
  ompdbg_task_info_t *i = &w->info[w->ninfo];
  uint64_t fn, parent, deps, ndeps, npred = 0;
  int64_t prio;
  ompd_rc_t rc = get_field (as, t, L_task, L_task_fn, &fn);
  if (rc == ompd_rc_ok)
    rc = get_field (as, t, L_task, L_task_parent, &parent);
  if (rc == ompd_rc_ok)
    rc = get_field_signed (as, t, L_task, L_task_priority, &prio);
  if (rc == ompd_rc_ok)
    rc = get_field (as, t, L_task, L_task_deps, &deps);
  if (rc == ompd_rc_ok)
    rc = get_field (as, t, L_task, L_task_ndeps, &ndeps);
  /* npred counts unreleased dependence edges only while the task waits
     (ompdbg_get_task_dependences).  */
  if (rc == ompd_rc_ok && state == ompdbg_task_state_waiting_deps)
    rc = get_field (as, t, L_task, L_task_npred, &npred);
  if (rc != ompd_rc_ok)
    return rc;
  memset (i, 0, sizeof *i);
  i->task.segment = i->entry_point.segment = i->generating.segment
    = i->first_dependence.address.segment = ompd_segment_none;
  i->task.address = addr;
  i->entry_point.address = fn;
  i->generating.address = parent == addr ? 0 : parent;
  i->state = task_state (state);
  i->priority = prio;
  i->ndeps = (ompd_word_t) ndeps;
  i->pending = (ompd_word_t) npred;
  if (ndeps != 0 && deps != 0)
    {
      uint64_t a, kind;
      rc = wread (&w->pages, deps, struct_size (as, L_dep), w->dep);
      if (rc == ompd_rc_ok)
	rc = get_field (as, w->dep, L_dep, L_dep_addr, &a);
      if (rc == ompd_rc_ok)
	rc = get_field (as, w->dep, L_dep, L_dep_kind, &kind);
      if (rc != ompd_rc_ok)
	return rc;
      i->first_dependence.address.address = a;
      i->first_dependence.type = dep_type (kind);
    }
  w->ninfo++;
  return ompd_rc_ok;
}

/* From every task of W->all, add the tasks its successor array and its
   dependence table reach (breadth first: the set grows as we go), and
   keep those not started.  */
static ompd_rc_t
follow_dependences (struct walk *w)
{
  ompd_address_space_handle_t *as = w->as;
  uint32_t tsize = struct_size (as, L_task);
  for (size_t i = 0; i < w->all.n; i++)
    {
      ompd_addr_t addr = w->all.order[i];
      uint64_t kind, state, succ, nsucc, cap, table;
      ompd_rc_t rc = wread (&w->pages, addr, tsize, w->task);
      if (rc == ompd_rc_ok)
	rc = get_field (as, w->task, L_task, L_task_kind, &kind);
      if (rc == ompd_rc_ok)
	rc = get_field (as, w->task, L_task, L_task_state, &state);
      if (rc == ompd_rc_ok)
	rc = get_field (as, w->task, L_task, L_task_dep_table, &table);
      if (rc != ompd_rc_ok)
	return rc;
      /* A task on its thread's stack has no successors and keeps no
	 successor fields (a current task or its ancestor, seeded by
	 thread_visit).  */
      if (!(kind & OMPDBG_TASK_ON_STACK))
	{
	  rc = get_field (as, w->task, L_task, L_task_succ, &succ);
	  if (rc == ompd_rc_ok)
	    rc = get_field (as, w->task, L_task, L_task_nsucc, &nsucc);
	  if (rc == ompd_rc_ok)
	    rc = get_field (as, w->task, L_task, L_task_succ_cap, &cap);
	  if (rc == ompd_rc_ok && (nsucc > cap || !plausible_succ_cap (cap)))
	    rc = ompd_rc_error;
	  if (rc == ompd_rc_ok && succ != 0 && nsucc != 0)
	    rc = add_successors (w, succ, nsucc);
	  if (rc != ompd_rc_ok)
	    return rc;
	}
      if (state == ompdbg_task_state_queued
	  || state == ompdbg_task_state_waiting_deps)
	{
	  rc = add_info (w, addr, state);
	  if (rc != ompd_rc_ok)
	    return rc;
	}
      if (table != 0)
	{
	  rc = add_dep_table (w, table);
	  if (rc != ompd_rc_ok)
	    return rc;
	}
    }
  return ompd_rc_ok;
}

static void
walk_free (struct walk *w)
{
  pages_free (&w->pages);
  set_free (&w->queued);
  set_free (&w->teams);
  set_free (&w->seeds);
  set_free (&w->all);
  lib_free (w->task);
  lib_free (w->dep);
  lib_free (w->node);
}

/* The deferred tasks of AS not started, in *INFO (grow_alloc'ed, *N of
   them; the caller frees it); with ALL, every task the walk reached in
   *ALL (*NALL of them, the caller frees it too).  */
ompd_rc_t
deferred_walk (ompd_address_space_handle_t *as, ompdbg_task_info_t **info,
	       size_t *n, ompd_addr_t **all, size_t *nall)
{
  struct walk w;
  memset (&w, 0, sizeof w);
  w.as = as;
  w.pages.as = as;
  ompd_rc_t rc = lib_alloc (struct_size (as, L_task), &w.task);
  if (rc == ompd_rc_ok)
    rc = lib_alloc (struct_size (as, L_dep), &w.dep);
  if (rc == ompd_rc_ok)
    rc = lib_alloc (struct_size (as, L_dep_node), &w.node);
  if (rc == ompd_rc_ok)
    rc = registry_walk (as, thread_visit, &w);
  if (rc == ompd_rc_ok)
    rc = w.rc;
  /* Everything reachable through successors and dependence tables, from
     the queued tasks and from the stacks' tasks.  */
  bool added;
  for (size_t i = 0; rc == ompd_rc_ok && i < w.queued.n; i++)
    rc = set_add (&w.all, w.queued.order[i], &added);
  for (size_t i = 0; rc == ompd_rc_ok && i < w.seeds.n; i++)
    rc = set_add (&w.all, w.seeds.order[i], &added);
  if (rc == ompd_rc_ok)
    rc = follow_dependences (&w);
  if (rc == ompd_rc_ok && all != NULL)
    {
      *all = w.all.order;
      *nall = w.all.n;
      w.all.order = NULL;
    }
  walk_free (&w);
  if (rc != ompd_rc_ok)
    {
      lib_free (w.info);
      return rc;
    }
  *info = w.info;
  *n = w.ninfo;
  return ompd_rc_ok;
}

/* ---- the entry points ----------------------------------------------------------- */

EXPORT ompd_rc_t
ompdbg_get_deferred_task_list (ompd_address_space_handle_t *address_space,
			       ompdbg_deferred_task_list_t **list,
			       ompd_word_t *count)
{
  ompd_rc_t rc = check_aspace (address_space);
  if (rc != ompd_rc_ok)
    return rc;
  if (list == NULL || count == NULL)
    return ompd_rc_bad_input;
  ompdbg_task_info_t *info;
  size_t n;
  rc = deferred_walk (address_space, &info, &n, NULL, NULL);
  if (rc != ompd_rc_ok)
    return rc;
  ompdbg_deferred_task_list_t *l
    = handle_new (HK_TASK_LIST, sizeof *l, address_space, &rc);
  if (l == NULL)
    {
      lib_free (info);
      return rc;
    }
  l->as = address_space;
  l->n = n;
  l->info = info;
  *list = l;
  *count = (ompd_word_t) n;
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompdbg_get_deferred_task_info (ompdbg_deferred_task_list_t *list,
			       ompd_word_t first, int max,
			       ompdbg_task_info_t *info, int *count)
{
  ompd_rc_t rc = check_task_list (list);
  if (rc != ompd_rc_ok)
    return rc;
  if (first < 0 || max < 0 || count == NULL || (info == NULL && max > 0))
    return ompd_rc_bad_input;
  size_t m = 0;
  if ((uint64_t) first < list->n)
    {
      m = list->n - (size_t) first;
      if (m > (size_t) max)
	m = (size_t) max;
      memcpy (info, list->info + first, m * sizeof *info);
    }
  *count = (int) m;
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompdbg_get_deferred_task_handle (ompdbg_deferred_task_list_t *list,
				 ompd_word_t index, ompd_task_handle_t **task)
{
  ompd_rc_t rc = check_task_list (list);
  if (rc != ompd_rc_ok)
    return rc;
  if (task == NULL || index < 0 || (uint64_t) index >= list->n)
    return ompd_rc_bad_input;
  return task_handle_make (list->as, list->info[index].task.address, task);
}

EXPORT ompd_rc_t
ompdbg_rel_deferred_task_list (ompdbg_deferred_task_list_t *list)
{
  ompd_rc_t rc = check_task_list (list);
  if (rc != ompd_rc_ok)
    return rc;
  lib_free (list->info);
  handle_free (list, list->as);
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompdbg_get_deferred_tasks (ompd_address_space_handle_t *address_space,
			   ompd_task_handle_t ***tasks, int *count)
{
  ompd_rc_t rc = check_aspace (address_space);
  if (rc != ompd_rc_ok)
    return rc;
  if (tasks == NULL || count == NULL)
    return ompd_rc_bad_input;
  ompdbg_task_info_t *info;
  size_t n;
  rc = deferred_walk (address_space, &info, &n, NULL, NULL);
  if (rc != ompd_rc_ok)
    return rc;
  ompd_task_handle_t **out = NULL;
  size_t made = 0;
  if (n > INT_MAX)
    rc = ompd_rc_error;		/* ompdbg_get_deferred_task_list takes them */
  if (rc == ompd_rc_ok)
    rc = grow_alloc (n, sizeof *out, &out);
  while (rc == ompd_rc_ok && made < n)
    {
      rc = task_handle_make (address_space, info[made].task.address,
			     &out[made]);
      if (rc == ompd_rc_ok)
	made++;
    }
  lib_free (info);
  if (rc != ompd_rc_ok)
    {
      for (size_t i = 0; i < made; i++)
	ompd_rel_task_handle (out[i]);
      lib_free (out);
      return rc;
    }
  *tasks = out;
  *count = (int) n;
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompdbg_get_task_state (ompd_task_handle_t *task, ompdbg_task_state_t *state)
{
  ompd_rc_t rc = check_task (task);
  if (rc != ompd_rc_ok)
    return rc;
  if (state == NULL)
    return ompd_rc_bad_input;
  uint64_t s;
  rc = read_field (task->as, task->addr, L_task_state, &s);
  if (rc != ompd_rc_ok)
    return rc;
  *state = task_state (s);
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompdbg_get_task_dependences (ompd_task_handle_t *task,
			     ompdbg_dependence_t **deps, int *count,
			     ompd_word_t *pending)
{
  ompd_rc_t rc = check_task (task);
  if (rc != ompd_rc_ok)
    return rc;
  if (deps == NULL || count == NULL)
    return ompd_rc_bad_input;
  ompd_address_space_handle_t *as = task->as;
  uint64_t array, n, npred = 0, state = ompdbg_task_state_waiting_deps;
  rc = get_field (as, task->buf, L_task, L_task_deps, &array);
  if (rc == ompd_rc_ok)
    rc = get_field (as, task->buf, L_task, L_task_ndeps, &n);
  /* npred counts unreleased dependence edges only while the task waits
     for them; once it is ready the runtime keeps its completion count
     there (runtime/task.c, gomp_task_ready).  */
  if (rc == ompd_rc_ok && pending != NULL)
    rc = read_field (as, task->addr, L_task_state, &state);
  if (rc == ompd_rc_ok && pending != NULL
      && state == ompdbg_task_state_waiting_deps)
    rc = read_field (as, task->addr, L_task_npred, &npred);
  if (rc != ompd_rc_ok)
    return rc;
  if (n > INT_MAX)
    return ompd_rc_error;
  *deps = NULL;
  *count = 0;
  if (pending != NULL)
    *pending = (ompd_word_t) npred;
  if (n == 0 || array == 0)
    return ompd_rc_ok;
  uint32_t stride = struct_size (as, L_dep);
  unsigned char *buf;
  rc = lib_alloc (n * stride, &buf);
  if (rc != ompd_rc_ok)
    return rc;
  rc = tread (as, array, n * stride, buf);
  ompdbg_dependence_t *out = NULL;
  if (rc == ompd_rc_ok)
    rc = lib_alloc (n * sizeof *out, &out);
  for (uint64_t i = 0; rc == ompd_rc_ok && i < n; i++)
    {
      uint64_t addr = 0, kind = 0;
      rc = get_field (as, buf + i * stride, L_dep, L_dep_addr, &addr);
      if (rc == ompd_rc_ok)
	rc = get_field (as, buf + i * stride, L_dep, L_dep_kind, &kind);
      out[i].address.segment = ompd_segment_none;
      out[i].address.address = addr;
      out[i].type = dep_type (kind);
    }
  lib_free (buf);
  if (rc != ompd_rc_ok)
    {
      lib_free (out);
      return rc;
    }
  *deps = out;
  *count = (int) n;
  return ompd_rc_ok;
}
