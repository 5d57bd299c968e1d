/* work.c -- OMPT work and dispatch events of the work-sharing constructs
   GCC compiles into runtime calls: loops of each schedule the runtime
   hands out (dynamic, guided, static through schedule(runtime)), the
   combined parallel loop, sections, single (plain and copyprivate),
   taskloop.
   Each thread's begin and end, with the construct's kind and count, and
   dispatches of OpenMP 5.1 (the tool interface the runtime announces):
   one per iteration, which cover the iteration space once, each in the
   task that runs the iteration.  */
#include "common.h"

#include <string.h>

#define N 30
#define NTHR 3

static int ran[N];

void __attribute__ ((noinline))
loops (void)
{
#pragma omp parallel num_threads(NTHR)
  {
#pragma omp for schedule(dynamic, 2)
    for (int i = 0; i < N; i++)
      ran[i]++;
#pragma omp for schedule(guided)
    for (int i = 0; i < N; i++)
      ran[i]++;
#pragma omp for schedule(runtime)
    for (int i = 0; i < N; i++)
      ran[i]++;
  }
  __asm__ volatile ("" ::: "memory");
}

void __attribute__ ((noinline))
combined (void)
{
#pragma omp parallel for num_threads(NTHR) schedule(dynamic)
  for (int i = 0; i < N; i++)
    ran[i]++;
  __asm__ volatile ("" ::: "memory");
}

static int sec[3];

void __attribute__ ((noinline))
sections (void)
{
#pragma omp parallel num_threads(NTHR)
#pragma omp sections
  {
#pragma omp section
    sec[0]++;
#pragma omp section
    sec[1]++;
#pragma omp section
    sec[2]++;
  }
  __asm__ volatile ("" ::: "memory");
}

static int singles, copied;

void __attribute__ ((noinline))
single (void)
{
#pragma omp parallel num_threads(NTHR)
  {
    int v = 0;
#pragma omp single
    __atomic_add_fetch (&singles, 1, __ATOMIC_RELAXED);
#pragma omp single copyprivate(v)
    v = 7;
    __atomic_add_fetch (&copied, v, __ATOMIC_RELAXED);
  }
  __asm__ volatile ("" ::: "memory");
}

static int looped[N];
static uint64_t looped_by[N];

void __attribute__ ((noinline))
taskloop (void)
{
#pragma omp parallel num_threads(NTHR)
#pragma omp single
#pragma omp taskloop num_tasks(4)
  for (int i = 0; i < N; i++)
    {
      looped[i]++;
      looped_by[i] = tool_task_id ();
    }
  __asm__ volatile ("" ::: "memory");
}

/* Begin and end of KIND on WANT threads, each end after its thread's
   begin, the ends with the begin's count.  */
static void
pairs (int kind, const char *what, int want, uint64_t count, void *fn)
{
  int b = 0, e = 0;
  for (int i = 0; i < tool_nevents (); i++)
    {
      const struct tool_event *ev = tool_event (i);
      if (ev->event != ompt_callback_work || ev->kind != kind)
	continue;
      if (ev->endpoint == ompt_scope_end)
	{
	  e++;
	  continue;
	}
      b++;
      int j;
      for (j = i + 1; j < tool_nevents (); j++)
	{
	  const struct tool_event *en = tool_event (j);
	  if (en->event == ompt_callback_work && en->kind == ev->kind
	      && en->thread == ev->thread && en->endpoint == ompt_scope_end)
	    break;
	}
      if (!check (j < tool_nevents (), "%s: thread %d's end after its begin",
		  what, ev->thread))
	return;
      if (count != 0)
	check (ev->other == count, "%s: count %llu (want %llu)", what,
	       (unsigned long long) ev->other, (unsigned long long) count);
      check (tool_event (j)->task == ev->task
	     && tool_event (j)->parallel == ev->parallel,
	     "%s: end in the begin's task and region", what);
      if (fn)
	check (tool_in_object (ev->codeptr, fn),
	       "%s: codeptr_ra in the program", what);
    }
  check (b == want && e == want, "%s: %d begin, %d end (want %d)", what, b,
	 e, want);
}

/* The loop's iteration dispatches: they cover 0 .. N - 1 once, each in
   the implicit task that ran the iteration (RAN_BY), a thread's in
   increasing order.  */
static uint64_t ran_by[N];

static void
iterations (const char *what)
{
  int seen[N];
  uint64_t last[NTHR + 2];
  memset (seen, 0, sizeof seen);
  memset (last, 0, sizeof last);
  int n = 0, bad = 0, in_task = 1, ordered = 1;
  for (int i = 0; i < tool_nevents (); i++)
    {
      const struct tool_event *ev = tool_event (i);
      if (ev->event != ompt_callback_dispatch)
	continue;
      n++;
      uint64_t k = ev->other;
      if (ev->kind != ompt_dispatch_iteration || k >= N)
	{
	  bad++;
	  continue;
	}
      seen[k]++;
      in_task &= ran_by[k] == ev->task && ev->task != 0;
      if (ev->thread >= 0 && ev->thread < NTHR + 2)
	{
	  ordered &= last[ev->thread] == 0 || k + 1 > last[ev->thread];
	  last[ev->thread] = k + 1;
	}
    }
  int once = 0;
  for (int k = 0; k < N; k++)
    once += seen[k] == 1;
  check (n == N && once == N && bad == 0,
	 "%s: %d dispatches of an iteration cover the %d iterations once "
	 "(%d covered once, %d not an iteration of the loop)",
	 what, n, N, once, bad);
  check (in_task, "%s: each iteration dispatched in the task that runs it",
	 what);
  check (ordered, "%s: each thread's iterations in increasing order", what);
}

int
main (int argc, char **argv)
{
  (void) argc;
  ompt_test_init (argv);
  if (strict)
    check (tool_set_result (ompt_callback_work) == ompt_set_sometimes
	   && tool_set_result (ompt_callback_dispatch) == ompt_set_sometimes,
	   "work and dispatch: ompt_set_sometimes");

  omp_set_schedule (omp_sched_static, 4);
  tool_reset ();
  loops ();
  int all = 1;
  for (int k = 0; k < N; k++)
    all &= ran[k] == 3;
  check (all, "each loop ran each iteration once");
  /* Both runtimes report the loops as ompt_work_loop; LLVM 14's counts
     at their end are 0, and it dispatches no iteration: counts and
     dispatches on ours only.  */
  pairs (ompt_work_loop, "the loops", 3 * NTHR, strict ? N : 0,
	 strict ? loops : NULL);
  if (strict)
    {
      /* One loop's dispatches at a time: the dynamic one alone.  */
      tool_reset ();
      omp_set_schedule (omp_sched_dynamic, 3);
#pragma omp parallel num_threads(NTHR)
#pragma omp for schedule(runtime)
      for (int i = 0; i < N; i++)
	{
	  ran[i]++;
	  ran_by[i] = tool_task_id ();
	}
      pairs (ompt_work_loop, "schedule(runtime), dynamic", NTHR, N, NULL);
      iterations ("schedule(runtime), dynamic");
      tool_reset ();
      omp_set_schedule (omp_sched_static, 4);
#pragma omp parallel num_threads(NTHR)
#pragma omp for schedule(runtime)
      for (int i = 0; i < N; i++)
	{
	  ran[i]++;
	  ran_by[i] = tool_task_id ();
	}
      iterations ("schedule(runtime), static");
    }

  tool_reset ();
  combined ();
  pairs (ompt_work_loop, "parallel for", NTHR, strict ? N : 0, NULL);
  if (strict)
    {
      int n = tool_count (ompt_callback_dispatch, -1,
			  ompt_dispatch_iteration);
      check (n == N, "parallel for: %d dispatches of an iteration (want %d)",
	     n, N);
    }

  tool_reset ();
  sections ();
  check (sec[0] == 1 && sec[1] == 1 && sec[2] == 1,
	 "each section ran once");
  if (strict)
    {
      pairs (ompt_work_sections, "sections", NTHR, 3, NULL);
      int n = tool_count (ompt_callback_dispatch, -1, ompt_dispatch_section);
      check (n == 3, "sections: %d dispatch of a section (want 3)", n);
    }

  tool_reset ();
  single ();
  check (singles == 1 && copied == 7 * NTHR, "the singles ran once");
  /* LLVM's runtime reports a single with copyprivate to nobody.  */
  pairs (ompt_work_single_other, "single, the others",
	 (strict ? 2 : 1) * (NTHR - 1), 0, strict ? single : NULL);
  if (strict)
    pairs (ompt_work_single_executor, "single copyprivate, the executor", 1,
	   1, single);

  tool_reset ();
  taskloop ();
  all = 1;
  for (int k = 0; k < N; k++)
    all &= looped[k] == 1;
  check (all, "the taskloop ran each iteration once");
  pairs (ompt_work_taskloop, "taskloop", 1, N, strict ? taskloop : NULL);
  /* Each task dispatches its iterations when it starts.  LLVM 14's
     runtime dispatches none: ours only.  */
  if (strict)
    {
      /* The tasks whose iterations were dispatched, in the order of
	 their first: tasks on two threads interleave in the log.  */
      int n = 0, seen[N] = { 0 }, in_task = 1, once = 1, tasks = 0;
      uint64_t task_ids[N];
      for (int i = 0; i < tool_nevents (); i++)
	{
	  const struct tool_event *e = tool_event (i);
	  if (e->event != ompt_callback_dispatch)
	    continue;
	  n++;
	  uint64_t k = e->other;
	  if (e->kind != ompt_dispatch_iteration || k >= N || seen[k]++)
	    {
	      once = 0;
	      continue;
	    }
	  in_task &= looped_by[k] == e->task && e->task != 0;
	  int known = 0;
	  for (int t = 0; t < tasks && !known; t++)
	    known = task_ids[t] == e->task;
	  if (known)
	    continue;
	  /* A task's first: the switch to the task comes first.  */
	  task_ids[tasks++] = e->task;
	  int sw = 0;
	  for (int j = i - 1; j >= 0 && !sw; j--)
	    sw = tool_event (j)->event == ompt_callback_task_schedule
	      && tool_event (j)->kind == ompt_task_switch
	      && tool_event (j)->other == e->task
	      && tool_event (j)->thread == e->thread;
	  in_task &= sw;
	}
      int all_seen = 1;
      for (int k = 0; k < N; k++)
	all_seen &= seen[k] == 1;
      check (n == N && once && all_seen, "taskloop: %d dispatches of an "
	     "iteration cover the %d iterations once", n, N);
      check (tasks == 4, "taskloop: the iterations of %d tasks (want 4)",
	     tasks);
      check (in_task, "taskloop: each iteration dispatched in the task that "
	     "runs it, after the switch to it");
    }
  check (tool_failures () == 0, "the tool's own checks");
  return 0;
}
