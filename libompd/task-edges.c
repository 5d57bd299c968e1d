/* task-edges.c -- extensions ompdbg_get_task_edges (the wait-for graph
   of the tasks) and ompdbg_get_task_address.

   The runtime records what each edge needs where it keeps it anyway: a
   task's successors in its successor array (runtime/task-depend.c), a
   task's parent and the taskgroup it counts in (gomp_task.parent and
   taskgroup), and the wait a task is in while its enter frame is set
   (gomp_task.wait_state; the group of a taskgroup wait is its
   cur_taskgroup).  So the graph is derived: the tasks of
   ompdbg_get_deferred_task_list's walk (queued, waiting, and those on
   the threads' stacks) are read once, and each task not complete gives
   an edge to whichever of them waits for it.  */

#include "config.h"
#include "libompd-int.h"

#include <limits.h>
#include <string.h>

/* What one task of the walk says of itself.  */
struct tnode
{
  ompd_addr_t addr;
  uint64_t kind, state, parent, taskgroup, cur_taskgroup;
  uint64_t succ, nsucc;
  uint64_t wait;		/* ompt_state_t of its wait, 0: none */
};

static ompd_rc_t
tnode_read (ompd_address_space_handle_t *as, ompd_addr_t addr,
	    unsigned char *buf, struct tnode *t)
{
  uint64_t enter = 0, wait_state = 0, cap = 0;
  ompd_rc_t rc = tread (as, addr, struct_size (as, L_task), buf);
  const struct
  {
    enum layout_id fid;
    uint64_t *v;
  } f[] = {
    { L_task_kind, &t->kind }, { L_task_state, &t->state },
    { L_task_parent, &t->parent }, { L_task_taskgroup, &t->taskgroup },
    { L_task_cur_taskgroup, &t->cur_taskgroup },
    { L_task_enter_frame, &enter }, { L_task_wait_state, &wait_state },
  };
  memset (t, 0, sizeof *t);
  t->addr = addr;
  for (size_t i = 0; rc == ompd_rc_ok && i < sizeof f / sizeof f[0]; i++)
    rc = get_field (as, buf, L_task, f[i].fid, f[i].v);
  /* A task on its thread's stack keeps no successor fields.  */
  if (rc == ompd_rc_ok && !(t->kind & OMPDBG_TASK_ON_STACK))
    {
      rc = get_field (as, buf, L_task, L_task_succ, &t->succ);
      if (rc == ompd_rc_ok)
	rc = get_field (as, buf, L_task, L_task_nsucc, &t->nsucc);
      if (rc == ompd_rc_ok)
	rc = get_field (as, buf, L_task, L_task_succ_cap, &cap);
      if (rc == ompd_rc_ok && t->nsucc > cap)
	rc = ompd_rc_error;
    }
  if (rc == ompd_rc_ok && enter != 0
      && (wait_state == ompt_state_wait_taskwait
	  || wait_state == ompt_state_wait_taskgroup))
    t->wait = wait_state;
  return rc;
}

struct edges
{
  ompdbg_task_edge_t *e;
  size_t n, cap;
};

static ompd_rc_t
edge_add (struct edges *g, ompd_addr_t waiter, ompd_addr_t blocker,
	  ompdbg_task_wait_t kind)
{
  if (g->n == g->cap)
    {
      size_t cap = g->cap ? g->cap * 2 : 16;
      ompdbg_task_edge_t *e;
      if (cap > MAX_ALLOC / sizeof *e)
	return ompd_rc_error;
      ompd_rc_t rc = lib_alloc (cap * sizeof *e, &e);
      if (rc != ompd_rc_ok)
	return rc;
      if (g->n)
	memcpy (e, g->e, g->n * sizeof *e);
      lib_free (g->e);
      g->e = e;
      g->cap = cap;
    }
  ompdbg_task_edge_t *e = &g->e[g->n++];
  e->waiter.segment = e->blocker.segment = ompd_segment_none;
  e->waiter.address = waiter;
  e->blocker.address = blocker;
  e->kind = kind;
  return ompd_rc_ok;
}

static bool
incomplete (const struct tnode *t)
{
  return (t->kind & ompt_task_explicit)
    && t->state >= ompdbg_task_state_waiting_deps
    && t->state < ompdbg_task_state_done;
}

static ompd_rc_t
build (ompd_address_space_handle_t *as, struct tnode *nodes, size_t n,
       struct edges *g)
{
  /* The tasks in a taskwait or taskgroup wait: a few per thread at
     most, moved to the front so that each task looks through them
     only.  */
  size_t nw = 0;
  for (size_t i = 0; i < n; i++)
    if (nodes[i].wait)
      {
	struct tnode t = nodes[nw];
	nodes[nw++] = nodes[i];
	nodes[i] = t;
      }
  ompd_rc_t rc = ompd_rc_ok;
  for (size_t i = 0; rc == ompd_rc_ok && i < n; i++)
    {
      const struct tnode *x = &nodes[i];
      if (!incomplete (x))
	continue;
      /* Its successors wait for it while they wait for dependences.  */
      for (uint64_t k = 0; rc == ompd_rc_ok && k < x->nsucc && x->succ; k++)
	{
	  uint64_t s, st;
	  rc = tread_ptr (as, x->succ + k * as->sizes.sizeof_pointer, &s);
	  if (rc == ompd_rc_ok && s != 0)
	    rc = read_field (as, s, L_task_state, &st);
	  if (rc == ompd_rc_ok && s != 0
	      && st == ompdbg_task_state_waiting_deps)
	    rc = edge_add (g, s, x->addr, ompdbg_task_wait_dependence);
	}
      /* Its parent waits for it in a taskwait; the task at the end of
	 its taskgroup, for it and every other task of the group.  */
      for (size_t j = 0; rc == ompd_rc_ok && j < nw; j++)
	{
	  const struct tnode *w = &nodes[j];
	  if (w->wait == ompt_state_wait_taskwait && w->addr == x->parent)
	    rc = edge_add (g, w->addr, x->addr, ompdbg_task_wait_taskwait);
	  else if (w->wait == ompt_state_wait_taskgroup && w != x
		   && x->taskgroup != 0 && w->cur_taskgroup == x->taskgroup)
	    rc = edge_add (g, w->addr, x->addr, ompdbg_task_wait_taskgroup);
	}
    }
  return rc;
}

EXPORT ompd_rc_t
ompdbg_get_task_edges (ompd_address_space_handle_t *address_space,
		       ompdbg_task_edge_t **edges, int *count)
{
  ompd_rc_t rc = check_aspace (address_space);
  if (rc != ompd_rc_ok)
    return rc;
  if (edges == NULL || count == NULL)
    return ompd_rc_bad_input;
  ompd_address_space_handle_t *as = address_space;
  ompdbg_task_info_t *info = NULL;
  ompd_addr_t *all = NULL;
  size_t ninfo, n = 0;
  rc = deferred_walk (as, &info, &ninfo, &all, &n);
  lib_free (info);
  if (rc != ompd_rc_ok)
    return rc;
  struct tnode *nodes = NULL;
  unsigned char *buf = NULL;
  struct edges g = { NULL, 0, 0 };
  if (n > MAX_ALLOC / sizeof *nodes)
    rc = ompd_rc_error;
  if (rc == ompd_rc_ok && n)
    rc = lib_alloc (n * sizeof *nodes, &nodes);
  if (rc == ompd_rc_ok)
    rc = lib_alloc (struct_size (as, L_task), &buf);
  for (size_t i = 0; rc == ompd_rc_ok && i < n; i++)
    rc = tnode_read (as, all[i], buf, &nodes[i]);
  if (rc == ompd_rc_ok)
    rc = build (as, nodes, n, &g);
  if (rc == ompd_rc_ok && g.n > INT_MAX)
    rc = ompd_rc_error;
  lib_free (all);
  lib_free (nodes);
  lib_free (buf);
  if (rc != ompd_rc_ok)
    {
      lib_free (g.e);
      return rc;
    }
  *edges = g.e;
  *count = (int) g.n;
  return ompd_rc_ok;
}

EXPORT ompd_rc_t
ompdbg_get_task_address (ompd_task_handle_t *task, ompd_address_t *address)
{
  ompd_rc_t rc = check_task (task);
  if (rc != ompd_rc_ok)
    return rc;
  if (address == NULL)
    return ompd_rc_bad_input;
  address->segment = ompd_segment_none;
  address->address = task->addr;
  return ompd_rc_ok;
}
