/* deferred-tasks.c -- extensions ompdbg_get_deferred_tasks,
   ompdbg_get_task_state and ompdbg_get_task_dependences: explicit tasks
   that exist but have not started, and their dependences.

   Where the runtime keeps them (runtime/task-sched.c, task-depend.c):
   - a ready task of priority 0 is in the queue of the thread that made
     it ready (gomp_thread.queue_head, linked by gomp_task.queue_next);
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
   remembering what was visited.  Every list and the total are
   bounded.  */

#include "config.h"
#include "libompd/libompd-int.h"

#include <string.h>

/* Visited task addresses (open addressing) plus the result order.  */
struct task_set
{
  ompd_addr_t *slots;
  size_t cap, n;
  ompd_addr_t *order;		/* every visited task, in visit order */
  size_t order_cap;
};

static size_t
hash_addr (ompd_addr_t a, size_t cap)
{
  a ^= a >> 31;
  a *= 0x9e3779b97f4a7c15ull;
  return (size_t) (a >> 17) & (cap - 1);
}

static ompd_rc_t
set_add (struct task_set *s, ompd_addr_t a, bool *added)
{
  *added = false;
  if (a == 0)
    return ompd_rc_ok;
  if ((s->n + 1) * 2 > s->cap)
    {
      if (s->n >= MAX_DEFERRED)
	return ompd_rc_error;
      size_t cap = s->cap ? s->cap * 2 : 256;
      ompd_addr_t *slots, *order;
      ompd_rc_t rc = lib_alloc (cap * sizeof *slots, &slots);
      if (rc != ompd_rc_ok)
	return rc;
      rc = lib_alloc (cap * sizeof *order, &order);
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
      s->cap = s->order_cap = cap;
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

/* Add the tasks of a queue_next-linked list starting at HEAD.  */
static ompd_rc_t
add_list (ompd_address_space_handle_t *as, struct task_set *s,
	  ompd_addr_t head)
{
  for (size_t n = 0; head != 0; n++)
    {
      if (n >= MAX_DEFERRED)
	return ompd_rc_error;
      bool added;
      ompd_rc_t rc = set_add (s, head, &added);
      if (rc != ompd_rc_ok)
	return rc;
      if (!added)
	break;			/* a cycle, or already seen */
      rc = read_field (as, head, L_task_queue_next, &head);
      if (rc != ompd_rc_ok)
	return rc;
    }
  return ompd_rc_ok;
}

struct walk
{
  ompd_address_space_handle_t *as;
  struct task_set queued;	/* tasks found in queues */
  struct task_set teams;	/* teams whose priority list was read */
  struct task_set seeds;	/* tasks on the threads' stacks */
  ompd_rc_t rc;
};

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
    w->rc = add_list (as, &w->queued, head);
  if (w->rc == ompd_rc_ok)
    w->rc = thread_now (as, thread, &t);
  if (w->rc == ompd_rc_ok && t.team != 0)
    {
      w->rc = set_add (&w->teams, t.team, &added);
      if (w->rc == ompd_rc_ok && added)
	{
	  w->rc = read_field (as, t.team, L_team_prio_head, &head);
	  if (w->rc == ompd_rc_ok)
	    w->rc = add_list (as, &w->queued, head);
	}
    }
  /* The thread's current task and its ancestors: any of them may be a
     predecessor of a waiting task.  */
  uint64_t task = t.ended ? 0 : t.task;	/* its implicit task has ended too */
  for (unsigned n = 0; w->rc == ompd_rc_ok && task != 0; n++)
    {
      if (n >= MAX_NESTING)
	break;
      w->rc = set_add (&w->seeds, task, &added);
      if (w->rc != ompd_rc_ok || !added)
	break;
      w->rc = read_field (as, task, L_task_parent, &task);
    }
  return w->rc != ompd_rc_ok;
}

/* The N pointers of the target array at ADDR, in *BUF (lib_alloc'ed,
   the caller frees it when this returns ompd_rc_ok), each PS bytes.  */
static ompd_rc_t
read_pointers (ompd_address_space_handle_t *as, ompd_addr_t addr,
	       uint64_t n, unsigned char **buf, uint32_t *ps)
{
  *ps = as->sizes.sizeof_pointer;
  ompd_rc_t rc = lib_alloc (n * *ps, buf);
  if (rc != ompd_rc_ok)
    return rc;
  rc = tread (as, addr, n * *ps, *buf);
  if (rc != ompd_rc_ok)
    lib_free (*buf);
  return rc;
}

/* Add the successors of task T (its succ array) to ALL.  A task on its
   thread's stack has none and keeps no successor fields (a current task
   or its ancestor, seeded by threads_visit).  */
static ompd_rc_t
add_successors (ompd_address_space_handle_t *as, ompd_addr_t t,
		struct task_set *all)
{
  uint64_t kind, succ, nsucc;
  ompd_rc_t rc = read_field (as, t, L_task_kind, &kind);
  if (rc != ompd_rc_ok || (kind & OMPDBG_TASK_ON_STACK))
    return rc;
  rc = read_field (as, t, L_task_succ, &succ);
  if (rc == ompd_rc_ok)
    rc = read_field (as, t, L_task_nsucc, &nsucc);
  if (rc != ompd_rc_ok)
    return rc;
  if (succ == 0 || nsucc == 0)
    return ompd_rc_ok;
  if (nsucc > 65536)
    return ompd_rc_error;
  uint32_t ps;
  unsigned char *buf;
  rc = read_pointers (as, succ, nsucc, &buf, &ps);
  if (rc != ompd_rc_ok)
    return rc;
  for (uint64_t k = 0; rc == ompd_rc_ok && k < nsucc; k++)
    {
      bool added;
      rc = set_add (all, tload (as, buf + k * ps, ps), &added);
    }
  lib_free (buf);
  return rc;
}

/* Add the task of each clause of the list starting at DEP (linked by
   gomp_dep.next) to ALL; *BUDGET bounds the clauses read in one call of
   ompdbg_get_deferred_tasks.  */
static ompd_rc_t
add_dep_list (ompd_address_space_handle_t *as, ompd_addr_t dep,
	      struct task_set *all, size_t *budget)
{
  for (; dep != 0; (*budget)--)
    {
      if (*budget == 0)
	return ompd_rc_error;
      uint64_t task;
      bool added;
      ompd_rc_t rc = read_field (as, dep, L_dep_task, &task);
      if (rc == ompd_rc_ok)
	rc = set_add (all, task, &added);
      if (rc == ompd_rc_ok)
	rc = read_field (as, dep, L_dep_next, &dep);
      if (rc != ompd_rc_ok)
	return rc;
    }
  return ompd_rc_ok;
}

/* Add every task of the dependence table of task T (the unfinished
   children of T that have depend clauses) to ALL.  */
static ompd_rc_t
add_dep_table (ompd_address_space_handle_t *as, ompd_addr_t t,
	       struct task_set *all, size_t *budget)
{
  uint64_t table, nbuckets, buckets;
  ompd_rc_t rc = read_field (as, t, L_task_dep_table, &table);
  if (rc != ompd_rc_ok || table == 0)
    return rc;
  rc = read_field (as, table, L_dep_table_nbuckets, &nbuckets);
  if (rc == ompd_rc_ok)
    rc = read_field (as, table, L_dep_table_buckets, &buckets);
  if (rc != ompd_rc_ok || nbuckets == 0 || buckets == 0)
    return rc;
  if (nbuckets > (1u << 20) || nbuckets > *budget)
    return ompd_rc_error;
  uint32_t ps;
  unsigned char *buf;
  rc = read_pointers (as, buckets, nbuckets, &buf, &ps);
  if (rc != ompd_rc_ok)
    return rc;
  for (uint64_t b = 0; rc == ompd_rc_ok && b < nbuckets; b++)
    for (ompd_addr_t node = tload (as, buf + b * ps, ps);
	 rc == ompd_rc_ok && node != 0; (*budget)--)
      {
	unsigned char *nb;
	uint64_t last_out, readers, sets;
	if (*budget == 0)
	  {
	    rc = ompd_rc_error;
	    break;
	  }
	rc = tread_struct (as, L_dep_node, node, &nb);
	if (rc != ompd_rc_ok)
	  break;
	rc = get_field (as, nb, L_dep_node, L_dep_node_last_out, &last_out);
	if (rc == ompd_rc_ok)
	  rc = get_field (as, nb, L_dep_node, L_dep_node_readers, &readers);
	if (rc == ompd_rc_ok)
	  rc = get_field (as, nb, L_dep_node, L_dep_node_sets, &sets);
	if (rc == ompd_rc_ok)
	  rc = get_field (as, nb, L_dep_node, L_dep_node_hash_next, &node);
	lib_free (nb);
	/* last_out is one clause: a list of one (its next is not read
	   as a list link: an out clause is in no list).  */
	if (rc == ompd_rc_ok && last_out != 0)
	  {
	    uint64_t task;
	    bool added;
	    rc = read_field (as, last_out, L_dep_task, &task);
	    if (rc == ompd_rc_ok)
	      rc = set_add (all, task, &added);
	  }
	if (rc == ompd_rc_ok)
	  rc = add_dep_list (as, readers, all, budget);
	if (rc == ompd_rc_ok)
	  rc = add_dep_list (as, sets, all, budget);
      }
  lib_free (buf);
  return rc;
}

/* From every task of ALL, add the tasks its successor array and its
   dependence table reach (breadth first: ALL grows as we go).  */
static ompd_rc_t
follow_dependences (ompd_address_space_handle_t *as, struct task_set *all)
{
  size_t budget = MAX_DEFERRED;
  for (size_t i = 0; i < all->n; i++)
    {
      ompd_rc_t rc = add_successors (as, all->order[i], all);
      if (rc == ompd_rc_ok)
	rc = add_dep_table (as, all->order[i], all, &budget);
      if (rc != ompd_rc_ok)
	return rc;
    }
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
  ompd_address_space_handle_t *as = address_space;
  struct walk w = { as, { 0 }, { 0 }, { 0 }, ompd_rc_ok };
  rc = registry_walk (as, thread_visit, &w);
  if (rc == ompd_rc_ok)
    rc = w.rc;
  /* Everything reachable through successors and dependence tables, from
     the queued tasks and from the stacks' tasks.  */
  struct task_set all = { 0 };
  bool added;
  for (size_t i = 0; rc == ompd_rc_ok && i < w.queued.n; i++)
    rc = set_add (&all, w.queued.order[i], &added);
  for (size_t i = 0; rc == ompd_rc_ok && i < w.seeds.n; i++)
    rc = set_add (&all, w.seeds.order[i], &added);
  if (rc == ompd_rc_ok)
    rc = follow_dependences (as, &all);

  /* Keep those not started: queued or waiting for dependences.  */
  ompd_task_handle_t **out = NULL;
  size_t n = 0;
  if (rc == ompd_rc_ok)
    rc = lib_alloc ((all.n ? all.n : 1) * sizeof *out, &out);
  for (size_t i = 0; rc == ompd_rc_ok && i < all.n; i++)
    {
      uint64_t state;
      rc = read_field (as, all.order[i], L_task_state, &state);
      if (rc != ompd_rc_ok)
	break;
      if (state != ompdbg_task_state_queued
	  && state != ompdbg_task_state_waiting_deps)
	continue;
      rc = task_handle_make (as, all.order[i], &out[n]);
      if (rc == ompd_rc_ok)
	n++;
    }
  set_free (&w.queued);
  set_free (&w.teams);
  set_free (&w.seeds);
  set_free (&all);
  if (rc != ompd_rc_ok)
    {
      for (size_t i = 0; i < n; i++)
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
  *state = s >= 1 && s <= 5 ? (ompdbg_task_state_t) s
    : ompdbg_task_state_unknown;
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
  if (n > 65536)
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
