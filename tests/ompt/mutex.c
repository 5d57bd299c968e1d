/* mutex.c -- OMPT mutex events: lock init/destroy, acquire, acquired,
   released of locks, test locks, nest locks (and nest-lock begin/end),
   critical (unnamed and named), atomic the runtime locks for, ordered;
   each with its object as the wait id.  */
#include "common.h"

static long double ld;
static int seq;

static void
triple (int kind, uint64_t wait_id, int want, const char *what)
{
  int acq = 0, got = 0, rel = 0;
  for (int i = 0; i < tool_nevents (); i++)
    {
      const struct tool_event *e = tool_event (i);
      if (e->kind != kind || (wait_id && e->other != wait_id))
	continue;
      acq += e->event == ompt_callback_mutex_acquire;
      got += e->event == ompt_callback_mutex_acquired;
      rel += e->event == ompt_callback_mutex_released;
    }
  check (acq == want && got == want && rel == want,
	 "%s: %d acquire, %d acquired, %d released (want %d)", what, acq, got,
	 rel, want);
  /* Per thread: acquire, acquired, released in this order.  */
  for (int i = 0; i < tool_nevents (); i++)
    {
      const struct tool_event *e = tool_event (i);
      if (e->event != ompt_callback_mutex_acquire || e->kind != kind
	  || (wait_id && e->other != wait_id))
	continue;
      int a = -1, r = -1;
      for (int j = i + 1; j < tool_nevents (); j++)
	{
	  const struct tool_event *f = tool_event (j);
	  if (f->thread != e->thread || f->kind != kind)
	    continue;
	  if (a < 0 && f->event == ompt_callback_mutex_acquired)
	    a = j;
	  else if (a >= 0 && f->event == ompt_callback_mutex_released)
	    {
	      r = j;
	      break;
	    }
	}
      if (!check (a > i && r > a && tool_event (a)->other == e->other,
		  "%s: acquire, acquired, released on thread %d", what,
		  e->thread))
	break;
    }
}

int
main (int argc, char **argv)
{
  (void) argc;
  ompt_test_init (argv);
  omp_lock_t l;
  omp_nest_lock_t n;
  tool_reset ();
  omp_init_lock (&l);
  omp_init_nest_lock (&n);
  check (tool_count (ompt_callback_lock_init, -1, ompt_mutex_lock) == 1,
	 "lock-init of the lock");
  check (tool_count (ompt_callback_lock_init, -1, ompt_mutex_nest_lock) == 1,
	 "lock-init of the nest lock");
  tool_reset ();
#pragma omp parallel num_threads(3)
  {
    omp_set_lock (&l);
    omp_unset_lock (&l);
  }
  triple (ompt_mutex_lock, (uintptr_t) &l, 3, "omp_set_lock");
  tool_reset ();
  omp_set_nest_lock (&n);
  omp_set_nest_lock (&n);
  omp_unset_nest_lock (&n);
  omp_unset_nest_lock (&n);
  /* LLVM's runtime: mutex-acquire for the nested acquisition too.  */
  if (strict)
    triple (ompt_mutex_nest_lock, (uintptr_t) &n, 1, "nest lock");
  check (tool_count (ompt_callback_nest_lock, ompt_scope_begin, -1) == 1
	 && tool_count (ompt_callback_nest_lock, ompt_scope_end, -1) == 1,
	 "nest lock: nest-lock begin and end once");
  tool_reset ();
  check (omp_test_lock (&l), "omp_test_lock");
  omp_unset_lock (&l);
  /* LLVM's runtime: the kind of a lock, not of a test.  */
  if (strict)
    check (tool_count (ompt_callback_mutex_acquire, -1, ompt_mutex_test_lock)
	   == 1 && tool_count (ompt_callback_mutex_acquired, -1,
			     ompt_mutex_test_lock) == 1,
	 "omp_test_lock: acquire, acquired");
  tool_reset ();
#pragma omp parallel num_threads(3)
  {
#pragma omp critical
    seq++;
#pragma omp critical(named)
    seq++;
#pragma omp atomic
    ld += 1.0L;
  }
  triple (ompt_mutex_critical, 0, 6, "critical");
  triple (ompt_mutex_atomic, 0, 3, "atomic of long double");
  tool_reset ();
#pragma omp parallel for ordered schedule(dynamic) num_threads(3)
  for (int i = 0; i < 9; i++)
    {
#pragma omp ordered
      seq++;
    }
  triple (ompt_mutex_ordered, 0, 9, "ordered");
  /* GOMP_ordered_end's event comes from the function it jumps to: the
     code pointer is still the program's.  */
  int outside = 0;
  for (int i = 0; i < tool_nevents (); i++)
    if (tool_event (i)->kind == ompt_mutex_ordered
	&& !tool_in_object (tool_event (i)->codeptr, (const void *) main))
      outside++;
  check (outside == 0, "ordered: %d events' codeptr_ra outside the program",
	 outside);
  tool_reset ();
  omp_destroy_lock (&l);
  omp_destroy_nest_lock (&n);
  check (tool_count (ompt_callback_lock_destroy, -1, -1) == 2,
	 "lock-destroy of both");
  check (tool_failures () == 0, "the tool's own checks");
  return 0;
}
