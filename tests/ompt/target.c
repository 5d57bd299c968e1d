/* target.c -- OMPT events of target constructs, which the runtime runs on
   the host: target-begin and -end of the initial device around each
   construct, the target task of target, target enter/exit data and
   target update (task-create with ompt_task_target, a switch to it, its
   completion), target-submit around a target region's initial task,
   whose implicit-task events nest inside; ompt_get_target_info inside;
   no data operation and no device event.  */
#include "common.h"

#include <stdint.h>

/* What the target region sees, mapped back: scalars would be
   firstprivate.  */
static struct
{
  uint64_t task, device, target_id;
  int info, level, parallel_ran;
} in = { 0, 99, 0, -2, -1, 0 };

void __attribute__ ((noinline))
region (int *x)
{
#pragma omp target map(tofrom: x[0:1], in)
  {
    in.task = tool_task_id ();
    in.info = tool_target_info (&in.device, &in.target_id);
    in.level = omp_get_level ();
    x[0]++;
#pragma omp parallel num_threads(1)
    in.parallel_ran = 1;
  }
  __asm__ volatile ("" ::: "memory");
}

void __attribute__ ((noinline))
region_nowait (int *x)
{
#pragma omp target nowait map(tofrom: x[0:1]) depend(inout: x[0])
  x[0]++;
#pragma omp taskwait
}

void __attribute__ ((noinline))
region_device1 (int *x)
{
#pragma omp target device(1) map(tofrom: x[0:1])
  x[0]++;
  __asm__ volatile ("" ::: "memory");
}

void __attribute__ ((noinline))
data_constructs (int *x)
{
#pragma omp target data map(tofrom: x[0:1])
  {
    x[0]++;
  }
#pragma omp target enter data map(to: x[0:1])
#pragma omp target update from(x[0:1])
#pragma omp target exit data map(release: x[0:1])
  __asm__ volatile ("" ::: "memory");
}

/* The first event of EVENT, ENDPOINT and KIND from I on, -1 if none.  */
static int
find_kind (int i, int event, int endpoint, int kind)
{
  for (; i >= 0 && i < tool_nevents (); i++)
    {
      const struct tool_event *e = tool_event (i);
      if (e->event == event && (endpoint < 0 || e->endpoint == endpoint)
	  && (kind < 0 || e->kind == kind))
	return i;
    }
  return -1;
}

/* A target region of KIND encountered in function FN by task ENC: the
   events of its target task and its initial task; the target-begin's
   index.  */
static int
check_region (const char *what, void *fn, const char *fn_name, int kind,
	      uint64_t enc, int undeferred)
{
  int device = omp_get_initial_device ();
  int c = find_event (0, ompt_callback_task_create, -1);
  if (!check (c >= 0, "%s: the target task's task-create", what))
    return -1;
  const struct tool_event *tc = tool_event (c);
  uint64_t tt = tc->other;
  check ((tc->flags & ompt_task_target)
	 && !!(tc->flags & ompt_task_undeferred) == undeferred,
	 "%s: task-create flags %#x", what, tc->flags);
  check (tc->task == enc, "%s: created by the encountering task", what);
  check (tool_in_function (tc->codeptr, fn_name),
	 "%s: task-create's codeptr_ra in %s", what, fn_name);
  int s = find_kind (c, ompt_callback_task_schedule, -1, ompt_task_switch);
  check (s > c && tool_event (s)->task == enc && tool_event (s)->other == tt,
	 "%s: the encountering task switches to the target task", what);
  int b = find_kind (c, ompt_callback_target_emi, ompt_scope_begin, kind);
  if (!check (b > s, "%s: target-emi-begin of kind %d after the switch",
	      what, kind))
    return -1;
  const struct tool_event *tb = tool_event (b);
  check (tb->index == (unsigned int) device,
	 "%s: device %u, the initial device %d", what, tb->index, device);
  check (tb->task == enc && tb->other == tt,
	 "%s: encountering task's and target task's data", what);
  check (tool_in_function (tb->codeptr, fn_name),
	 "%s: codeptr_ra in %s", what, fn_name);
  check (tool_in_object (tb->codeptr, fn), "%s: codeptr_ra in the program",
	 what);
  int nb = find_kind (c, ompt_callback_target, ompt_scope_begin, kind);
  check (nb > s && tool_event (nb)->other != 0
	 && tool_event (nb)->index == (unsigned int) device
	 && tool_event (nb)->codeptr == tb->codeptr,
	 "%s: target-begin (5.0 form), with a target id", what);
  uint64_t target_id = nb >= 0 ? tool_event (nb)->other : 0;

  int e = find_kind (b, ompt_callback_target_emi, ompt_scope_end, kind);
  if (!check (e > b, "%s: target-emi-end", what))
    return -1;
  const struct tool_event *te = tool_event (e);
  check (te->parallel == tb->parallel && te->task == enc && te->other == tt
	 && te->index == (unsigned int) device,
	 "%s: the end of the same construct", what);
  int ne = find_kind (b, ompt_callback_target, ompt_scope_end, kind);
  check (ne > b && tool_event (ne)->other == target_id,
	 "%s: target-end (5.0 form), same target id", what);
  int d = find_kind (e, ompt_callback_task_schedule, -1, ompt_task_complete);
  check (d > e && tool_event (d)->task == tt && tool_event (d)->other == enc,
	 "%s: the target task completes, back to the encountering task",
	 what);

  if (kind == ompt_target || kind == ompt_target_nowait)
    {
      int sb = find_kind (b, ompt_callback_target_submit_emi,
			  ompt_scope_begin, -1);
      int ib = find_kind (b, ompt_callback_implicit_task, ompt_scope_begin,
			  -1);
      /* The initial task's end, not that of a parallel region inside.  */
      int ie = ib;
      do
	ie = find_kind (ie + 1, ompt_callback_implicit_task, ompt_scope_end,
			-1);
      while (ie >= 0 && ib >= 0
	     && tool_event (ie)->task != tool_event (ib)->task);
      int se = find_kind (b, ompt_callback_target_submit_emi,
			  ompt_scope_end, -1);
      int ns = find_kind (b, ompt_callback_target_submit, -1, -1);
      check (b < sb && sb < ib && ib < ie && ie < se && se < e,
	     "%s: submit-begin, initial task begin and end, submit-end, "
	     "in the construct (%d %d %d %d %d %d)", what, b, sb, ib, ie, se,
	     e);
      if (sb >= 0 && se >= 0)
	check (tool_event (sb)->parallel == tb->parallel
	       && tool_event (se)->parallel == tb->parallel
	       && tool_event (sb)->other != 0
	       && tool_event (sb)->other == tool_event (se)->other
	       && tool_event (sb)->team_size == 1,
	       "%s: submit of this construct, one team requested", what);
      check (ns > b && ns < e && tool_event (ns)->parallel == target_id
	     && tool_event (ns)->team_size == 1,
	     "%s: target-submit (5.0 form), same target id", what);
      if (ib >= 0 && ie >= 0)
	{
	  const struct tool_event *ti = tool_event (ib);
	  check ((ti->flags & ompt_task_initial) && ti->index == 1
		 && ti->team_size == 1 && ti->parallel != 0,
		 "%s: the region's initial task (flags %#x, index %u of %u)",
		 what, ti->flags, ti->index, ti->team_size);
	  check (tool_event (ie)->task == ti->task && ti->task != enc
		 && ti->task != tt,
		 "%s: the initial task ends, a task of its own", what);
	}
    }
  return b;
}

int
main (int argc, char **argv)
{
  (void) argc;
  ompt_test_init (argv);
  /* LLVM 14's libomp has no GOMP_target_ext (GCC 6 and later's target
     construct) and an empty GOMP_target: there is nothing to compare.  */
  if (dlsym (RTLD_DEFAULT, "GOMP_target_ext") == NULL)
    {
      printf ("no GOMP_target_ext in this runtime: "
	      "target constructs not run\n");
      return 0;
    }
  static const int mandatory[] = {
    ompt_callback_target, ompt_callback_target_emi,
    ompt_callback_target_data_op, ompt_callback_target_data_op_emi,
    ompt_callback_target_submit, ompt_callback_target_submit_emi,
    ompt_callback_device_initialize, ompt_callback_device_finalize,
    ompt_callback_device_load, ompt_callback_device_unload
  };
  for (size_t i = 0; i < sizeof mandatory / sizeof *mandatory; i++)
    check (tool_set_result (mandatory[i]) == ompt_set_always,
	   "ompt_set_callback (%d): ompt_set_always (got %d)", mandatory[i],
	   tool_set_result (mandatory[i]));

  uint64_t initial = tool_task_id ();
  uint64_t dev = 0, tid = 0;
  check (tool_target_info (&dev, &tid) == 0,
	 "ompt_get_target_info: 0 outside a target construct");

  int x = 0;
  tool_reset ();
  region (&x);
  check (x == 1, "the target region ran");
  int b = check_region ("target", (void *) region, "region", ompt_target,
			initial, 1);
  check (in.level == 0, "inside: omp_get_level () is 0");
  check (in.info == 1 && in.device == (uint64_t) omp_get_initial_device (),
	 "inside: ompt_get_target_info is 1, the initial device (%d %lu)",
	 in.info, (unsigned long) in.device);
  int nb = find_kind (0, ompt_callback_target, ompt_scope_begin, -1);
  check (nb >= 0 && in.target_id == tool_event (nb)->other,
	 "inside: the target id of the construct");
  int ib = find_kind (b, ompt_callback_implicit_task, ompt_scope_begin, -1);
  check (ib >= 0 && tool_event (ib)->task == in.task,
	 "inside: the code runs in the region's initial task");
  int pb = find_event (0, ompt_callback_parallel_begin, -1);
  check (in.parallel_ran && pb > ib && tool_event (pb)->task == in.task,
	 "a parallel region inside is encountered by the initial task");
  check (tool_count (ompt_callback_target_data_op, -1, -1) == 0
	 && tool_count (ompt_callback_target_data_op_emi, -1, -1) == 0,
	 "no data operation: the host's memory is the device's");

  tool_reset ();
  region_nowait (&x);
  check (x == 2, "the nowait target region ran");
  b = check_region ("target nowait", (void *) region_nowait, "region_nowait",
		    ompt_target_nowait, initial, 0);
  int c = find_event (0, ompt_callback_task_create, -1);
  check (c >= 0 && tool_event (c)->kind == 1
	 && find_kind (c, ompt_callback_dependences, -1,
		       ompt_dependence_type_inout) > c,
	 "target nowait: the target task's dependence");

  tool_reset ();
  region_device1 (&x);
  check (x == 3, "the target region of device 1 ran on the host");
  check_region ("target device(1)", (void *) region_device1,
		"region_device1", ompt_target, initial, 1);

  tool_reset ();
  data_constructs (&x);
  check (x == 4, "the target data region ran");
  static const struct
  {
    int kind;
    const char *what;
  } seq[] = {
    { ompt_target_enter_data, "target data (begin)" },
    { ompt_target_exit_data, "target data (end)" },
    { ompt_target_enter_data, "target enter data" },
    { ompt_target_update, "target update" },
    { ompt_target_exit_data, "target exit data" },
  };
  int i = 0;
  for (size_t k = 0; k < sizeof seq / sizeof *seq; k++)
    {
      int bb = find_kind (i, ompt_callback_target_emi, ompt_scope_begin, -1);
      int ee = find_kind (bb, ompt_callback_target_emi, ompt_scope_end, -1);
      if (!check (bb >= 0 && ee > bb, "%s: begins and ends", seq[k].what))
	break;
      const struct tool_event *e = tool_event (bb);
      check (e->kind == seq[k].kind && tool_event (ee)->kind == seq[k].kind,
	     "%s: kind %d (want %d)", seq[k].what, e->kind, seq[k].kind);
      check (e->index == (unsigned int) omp_get_initial_device ()
	     && e->task == initial
	     && tool_in_function (e->codeptr, "data_constructs"),
	     "%s: initial device, encountering task, codeptr_ra", seq[k].what);
      /* target data is no task-generating construct; the others are.  */
      check ((e->other != 0) == (k >= 2), "%s: %s target task",
	     seq[k].what, k >= 2 ? "a" : "no");
      i = ee + 1;
    }
  check (tool_count (ompt_callback_target_submit_emi, -1, -1) == 0,
	 "data constructs: no submit");
  check (tool_count (ompt_callback_target_data_op, -1, -1) == 0
	 && tool_count (ompt_callback_target_data_op_emi, -1, -1) == 0,
	 "data constructs: no data operation");
  check (tool_target_info (&dev, &tid) == 0,
	 "ompt_get_target_info: 0 after the constructs");
  check (tool_count (ompt_callback_device_initialize, -1, -1) == 0
	 && tool_count (ompt_callback_device_load, -1, -1) == 0,
	 "no device is initialized or loaded");
  check (tool_failures () == 0, "the tool's own checks");
  return 0;
}
