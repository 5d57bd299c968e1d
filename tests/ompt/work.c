/* work.c -- OMPT work and dispatch events of the work-sharing constructs
   GCC compiles into runtime calls: loops of each schedule the runtime
   hands out (dynamic, guided, static through schedule(runtime)), the
   combined parallel loop, sections, single (plain and copyprivate),
   taskloop.
   Each thread's begin and end, with the construct's kind and count, and
   chunks that cover the iteration space once.  */
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

static int
is_loop (int kind)
{
  return kind == ompt_work_loop || kind == ompt_work_loop_static
    || kind == ompt_work_loop_dynamic || kind == ompt_work_loop_guided
    || kind == ompt_work_loop_other;
}

/* Begin and end of KIND (a loop kind: any when LOOP) on WANT threads,
   each end after its thread's begin, the ends with the begin's count.  */
static void
pairs (int kind, const char *what, int want, int loop, uint64_t count,
       void *fn)
{
  int b = 0, e = 0;
  for (int i = 0; i < tool_nevents (); i++)
    {
      const struct tool_event *ev = tool_event (i);
      if (ev->event != ompt_callback_work
	  || !(loop ? is_loop (ev->kind) : ev->kind == kind))
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

/* The loop chunks: they cover 0 .. N - 1 once.  */
static void
chunks (const char *what)
{
  int seen[N];
  memset (seen, 0, sizeof seen);
  int n = 0, bad = 0;
  for (int i = 0; i < tool_nevents (); i++)
    {
      const struct tool_event *ev = tool_event (i);
      if (ev->event != ompt_callback_dispatch
	  || ev->kind != ompt_dispatch_ws_loop_chunk)
	continue;
      n++;
      for (uint64_t k = ev->other; k < ev->other + ev->team_size; k++)
	if (k < N)
	  seen[k]++;
	else
	  bad++;
    }
  int once = 0;
  for (int k = 0; k < N; k++)
    once += seen[k] == 1;
  check (n > 0 && once == N && bad == 0,
	 "%s: %d chunks cover the %d iterations once (%d covered once)",
	 what, n, N, once);
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
  /* LLVM's runtime reports GCC's loops as ompt_work_loop, and no chunk
     of them: kinds and chunks on ours only.  */
  if (strict)
    {
      pairs (ompt_work_loop_dynamic, "schedule(dynamic)", NTHR, 0, N,
	     loops);
      pairs (ompt_work_loop_guided, "schedule(guided)", NTHR, 0, N, loops);
      pairs (ompt_work_loop_static, "schedule(runtime), static", NTHR, 0, N,
	     loops);
      tool_reset ();
      memset (ran, 0, sizeof ran);
      loops ();
      /* One loop's chunks at a time: the dynamic one alone.  */
      tool_reset ();
      omp_set_schedule (omp_sched_dynamic, 3);
#pragma omp parallel num_threads(NTHR)
#pragma omp for schedule(runtime)
      for (int i = 0; i < N; i++)
	ran[i]++;
      pairs (ompt_work_loop_dynamic, "schedule(runtime), dynamic", NTHR, 0,
	     N, NULL);
      chunks ("schedule(runtime), dynamic");
      for (int i = 0; i < tool_nevents (); i++)
	if (tool_event (i)->event == ompt_callback_dispatch
	    && tool_event (i)->team_size != 3)
	  check (tool_event (i)->other + tool_event (i)->team_size == N,
		 "schedule(dynamic, 3): a chunk of %u iterations is the last",
		 tool_event (i)->team_size);
      tool_reset ();
      omp_set_schedule (omp_sched_static, 4);
#pragma omp parallel num_threads(NTHR)
#pragma omp for schedule(runtime)
      for (int i = 0; i < N; i++)
	ran[i]++;
      chunks ("schedule(runtime), static");
    }
  else
    pairs (0, "the loops", 3 * NTHR, 1, 0, NULL);

  tool_reset ();
  combined ();
  pairs (ompt_work_loop_dynamic, "parallel for", NTHR, !strict,
	 strict ? N : 0, NULL);
  if (strict)
    chunks ("parallel for");

  tool_reset ();
  sections ();
  check (sec[0] == 1 && sec[1] == 1 && sec[2] == 1,
	 "each section ran once");
  if (strict)
    {
      pairs (ompt_work_sections, "sections", NTHR, 0, 3, NULL);
      int n = tool_count (ompt_callback_dispatch, -1, ompt_dispatch_section);
      check (n == 3, "sections: %d dispatch of a section (want 3)", n);
    }

  tool_reset ();
  single ();
  check (singles == 1 && copied == 7 * NTHR, "the singles ran once");
  /* LLVM's runtime reports a single with copyprivate to nobody.  */
  pairs (ompt_work_single_other, "single, the others",
	 (strict ? 2 : 1) * (NTHR - 1), 0, 0, strict ? single : NULL);
  if (strict)
    pairs (ompt_work_single_executor, "single copyprivate, the executor", 1,
	   0, 1, single);

  tool_reset ();
  taskloop ();
  all = 1;
  for (int k = 0; k < N; k++)
    all &= looped[k] == 1;
  check (all, "the taskloop ran each iteration once");
  pairs (ompt_work_taskloop, "taskloop", 1, 0, N, strict ? taskloop : NULL);
  /* Each task reports its chunk when it starts.  LLVM 14's runtime has
     no taskloop chunks: ours only.  */
  if (strict)
    {
      int chunks = 0, seen[N] = { 0 }, in_task = 1, once = 1;
      for (int i = 0; i < tool_nevents (); i++)
	{
	  const struct tool_event *e = tool_event (i);
	  if (e->event != ompt_callback_dispatch
	      || e->kind != ompt_dispatch_taskloop_chunk)
	    continue;
	  chunks++;
	  /* The switch to the chunk's task comes first.  */
	  int sw = 0;
	  for (int j = i - 1; j >= 0 && !sw; j--)
	    sw = tool_event (j)->event == ompt_callback_task_schedule
	      && tool_event (j)->kind == ompt_task_switch
	      && tool_event (j)->other == e->task
	      && tool_event (j)->thread == e->thread;
	  in_task &= sw;
	  for (uint64_t k = e->other; k < e->other + e->team_size; k++)
	    {
	      if (k >= N || seen[k]++)
		once = 0;
	      else
		in_task &= looped_by[k] == e->task && e->task != 0;
	    }
	}
      check (chunks == 4, "taskloop: %d chunks dispatched (want 4)", chunks);
      int all_seen = 1;
      for (int k = 0; k < N; k++)
	all_seen &= seen[k] == 1;
      check (once && all_seen, "taskloop: the chunks cover the iterations "
	     "once");
      check (in_task, "taskloop: each chunk dispatched in the task that "
	     "runs it, after the switch to it");
    }
  check (tool_failures () == 0, "the tool's own checks");
  return 0;
}
