/* tasks.c -- OMPT events of explicit tasks: task-create (flags, parent,
   code pointer), task-schedule (a switch to each task when it starts, a
   completion back when it ends), dependences and the ids in both.  */
#include "common.h"

#include <unistd.h>

static int x, y;
static uint64_t ran_as[8];

void __attribute__ ((noinline))
make_tasks (void)
{
#pragma omp task depend(out: x)
  {
    ran_as[0] = tool_task_id ();
    x = 1;
  }
#pragma omp task depend(in: x) depend(inout: y)
  {
    ran_as[1] = tool_task_id ();
    y = x + 1;
  }
#pragma omp task if(0)
  ran_as[2] = tool_task_id ();
#pragma omp task final(1)
  ran_as[3] = tool_task_id ();
#pragma omp taskwait
  __asm__ volatile ("" ::: "memory");
}

static int z;

void __attribute__ ((noinline))
undeferred_with_depend (void)
{
#pragma omp task if(0) depend(in: x) depend(inout: z)
  z = x + 1;
  __asm__ volatile ("" ::: "memory");
}

/* An undeferred task's clauses: task-create with has_dependences, then
   its dependences, though the task waits for them at once.  */
static void
undeferred_deps (void)
{
  tool_reset ();
#pragma omp parallel num_threads(2)
#pragma omp single
  undeferred_with_depend ();
  int create = find_event (0, ompt_callback_task_create, -1);
  if (!check (create >= 0, "if(0) task with depend: task-create"))
    return;
  const struct tool_event *c = tool_event (create);
  check (c->kind == 1 && (c->flags & ompt_task_undeferred),
	 "if(0) task with depend: undeferred, has_dependences");
  int deps = 0, in_x = 0, inout_z = 0, first = -1;
  for (int i = 0; i < tool_nevents (); i++)
    {
      const struct tool_event *e = tool_event (i);
      if (e->event != ompt_callback_dependences)
	continue;
      if (first < 0)
	first = i;
      deps++;
      check (e->task == c->other, "if(0) task with depend: its dependences");
      in_x += e->other == (uintptr_t) &x
	&& e->kind == ompt_dependence_type_in;
      inout_z += e->other == (uintptr_t) &z
	&& e->kind == ompt_dependence_type_inout;
    }
  check (deps == 2 && in_x == 1 && inout_z == 1,
	 "if(0) task with depend: in x, inout z (%d dependences)", deps);
  check (first > create, "if(0) task with depend: dependences after create");
}

static int w, w_go;

/* An undeferred task with depend waits for an unfinished sibling: one
   task-dependence pair, its source the sibling, its sink the undeferred
   task as its task-create named it.  The sibling ends only when thread 1
   lets it, which it does once the pair is recorded (or after 2 s
   without it): so it is unfinished when the undeferred task looks.
   Thread 1 meanwhile is at no task scheduling point: thread 0 runs the
   sibling in its wait.  */
static void
undeferred_waits (void)
{
  tool_reset ();
  uint64_t sibling = 0, undeferred = 0;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num () == 0)
      {
#pragma omp task depend(out: w)
	{
	  sibling = tool_task_id ();
	  while (!__atomic_load_n (&w_go, __ATOMIC_ACQUIRE))
	    usleep (100);
	  w = 1;
	}
#pragma omp task if(0) depend(in: w)
	{
	  undeferred = tool_task_id ();
	  check (w == 1, "if(0) task after a sibling: it ran after");
	}
      }
    else
      {
	for (int i = 0; i < 2000; i++)
	  {
	    if (tool_count (ompt_callback_task_dependence, -1, -1) > 0)
	      break;
	    usleep (1000);
	  }
	__atomic_store_n (&w_go, 1, __ATOMIC_RELEASE);
      }
  }
  int pairs = 0, create = -1;
  for (int i = 0; i < tool_nevents (); i++)
    {
      const struct tool_event *e = tool_event (i);
      if (e->event == ompt_callback_task_create && e->other == undeferred)
	create = i;
      if (e->event != ompt_callback_task_dependence)
	continue;
      pairs++;
      printf ("task-dependence %lu -> %lu (sibling %lu, undeferred %lu)\n",
	      (unsigned long) e->task, (unsigned long) e->other,
	      (unsigned long) sibling, (unsigned long) undeferred);
      /* LLVM's libomp names another sink for an undeferred task.  */
      if (strict)
	check (e->task == sibling && e->other == undeferred && create >= 0
	       && create < i, "if(0) task's pair: from the sibling to it, "
	       "after its task-create");
    }
  if (strict)
    check (pairs == 1, "if(0) task after a sibling: one pair (%d)", pairs);
}

int
main (int argc, char **argv)
{
  (void) argc;
  ompt_test_init (argv);
  uint64_t creator = 0;
  tool_reset ();
#pragma omp parallel num_threads(3)
#pragma omp single
  {
    creator = tool_task_id ();
    make_tasks ();
  }
  check (y == 2, "the tasks ran in dependence order");
  int creates = 0;
  uint64_t id[4] = { 0 };
  for (int i = 0; i < tool_nevents (); i++)
    {
      const struct tool_event *e = tool_event (i);
      if (e->event != ompt_callback_task_create)
	continue;
      if (creates < 4)
	id[creates] = e->other;
      check (e->task == creator, "task %d: its parent is the single's task",
	     creates);
      check (tool_in_function (e->codeptr, "make_tasks"),
	     "task %d: codeptr_ra in make_tasks()", creates);
      check (e->flags & ompt_task_explicit, "task %d: explicit (%#x)",
	     creates, e->flags);
      if (creates == 0 || creates == 1)
	check (e->kind == 1, "task %d: has_dependences", creates);
      if (creates == 2)
	check (e->flags & ompt_task_undeferred, "if(0) task: undeferred");
      if (creates == 3)
	check (e->flags & ompt_task_final, "final task: final");
      creates++;
    }
  check (creates == 4, "four task-create (%d)", creates);
  for (int t = 0; t < 4; t++)
    {
      check (ran_as[t] == id[t] && id[t] != 0,
	     "task %d runs with the id it was created with", t);
      int start = -1, end = -1;
      for (int i = 0; i < tool_nevents (); i++)
	{
	  const struct tool_event *e = tool_event (i);
	  if (e->event != ompt_callback_task_schedule)
	    continue;
	  if (e->other == id[t] && start < 0)
	    start = i;
	  if (e->task == id[t] && e->kind == ompt_task_complete)
	    end = i;
	}
      check (start >= 0 && end > start,
	     "task %d: scheduled in, then completes", t);
      if (start >= 0 && end > start)
	check (tool_event (start)->thread == tool_event (end)->thread,
	       "task %d: both on one thread", t);
    }
  /* Dependences: the first task's out x, the second's in x, inout y.  */
  int deps = 0;
  for (int i = 0; i < tool_nevents (); i++)
    {
      const struct tool_event *e = tool_event (i);
      if (e->event != ompt_callback_dependences)
	continue;
      deps++;
      if (e->task == id[0])
	check (e->other == (uintptr_t) &x
	       && (e->kind == ompt_dependence_type_out
		   || e->kind == ompt_dependence_type_inout),
	       "task 0: out x");
      else if (e->task == id[1])
	check ((e->other == (uintptr_t) &x
		&& e->kind == ompt_dependence_type_in)
	       || (e->other == (uintptr_t) &y
		   && e->kind == ompt_dependence_type_inout),
	       "task 1: in x, inout y (%d on %#lx)", e->kind,
	       (unsigned long) e->other);
      else
	check (0, "dependences of a task without depend clauses");
    }
  check (deps == 3, "three dependences (%d)", deps);
  /* The second task waits for the first unless that one completed
     before the second was created.  */
  for (int i = 0; i < tool_nevents (); i++)
    {
      const struct tool_event *e = tool_event (i);
      if (e->event == ompt_callback_task_dependence)
	check (e->task == id[0] && e->other == id[1],
	       "task-dependence: from task 0 to task 1");
    }
  int create0 = find_event (0, ompt_callback_task_create, -1);
  int dep0 = find_event (0, ompt_callback_dependences, -1);
  check (create0 >= 0 && dep0 > create0, "dependences after task-create");
  undeferred_deps ();
  undeferred_waits ();
  check (tool_failures () == 0, "the tool's own checks");
  return 0;
}
