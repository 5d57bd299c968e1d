/* lock25.c -- OMPT mutex events of the OpenMP 2.5 lock routines
   (omp_*_lock@OMP_1.0, which binaries of GCC 4.2 and 4.3 call): the
   same as the 3.0 routines', each with the lock as its wait id.  */
#include "common.h"

typedef void (*lock_fn) (void *);
typedef int (*test_fn) (void *);

static void *
compat (const char *name)
{
  return dlvsym (RTLD_DEFAULT, name, "OMP_1.0");
}

/* Events of EVENT with KIND (-1: any) on wait id LOCK.  */
static int
count (int event, int endpoint, int kind, void *lock)
{
  int n = 0;
  for (int i = 0; i < tool_nevents (); i++)
    {
      const struct tool_event *e = tool_event (i);
      n += e->event == event && (kind < 0 || e->kind == kind)
	&& (endpoint < 0 || e->endpoint == endpoint)
	&& e->other == (uintptr_t) lock;
    }
  return n;
}

int
main (int argc, char **argv)
{
  (void) argc;
  ompt_test_init (argv);
  lock_fn init = compat ("omp_init_lock"), set = compat ("omp_set_lock");
  lock_fn unset = compat ("omp_unset_lock");
  lock_fn destroy = compat ("omp_destroy_lock");
  test_fn test = compat ("omp_test_lock");
  lock_fn ninit = compat ("omp_init_nest_lock");
  lock_fn nset = compat ("omp_set_nest_lock");
  lock_fn nunset = compat ("omp_unset_nest_lock");
  lock_fn ndestroy = compat ("omp_destroy_nest_lock");
  test_fn ntest = compat ("omp_test_nest_lock");
  if (!check (init && set && unset && destroy && test && ninit && nset
	      && nunset && ndestroy && ntest,
	      "the runtime has the OMP_1.0 lock routines"))
    return 1;

  /* LLVM's runtime reports the acquisitions of these with other kinds:
     checked on ours only.  The 2.5 locks: 4 bytes, and 8 for nest locks.  */
  static int lock;
  static long long nest;
  tool_reset ();
  init (&lock);
  set (&lock);
  unset (&lock);
  check (test (&lock) == 1, "omp_test_lock@OMP_1.0 takes a free lock");
  unset (&lock);
  destroy (&lock);
  check (count (ompt_callback_lock_init, -1, ompt_mutex_lock, &lock) == 1
	 && count (ompt_callback_lock_destroy, -1, ompt_mutex_lock, &lock)
	 == 1, "lock: init and destroy");
  if (strict)
    check (count (ompt_callback_mutex_acquire, -1, ompt_mutex_lock, &lock) == 1
	   && count (ompt_callback_mutex_acquired, -1, ompt_mutex_lock, &lock)
	   == 1, "lock: set's acquire and acquired");
  if (strict)
    check (count (ompt_callback_mutex_acquire, -1, ompt_mutex_test_lock, &lock)
	   == 1 && count (ompt_callback_mutex_acquired, -1,
			  ompt_mutex_test_lock, &lock) == 1,
	   "lock: test's acquire and acquired");
  check (count (ompt_callback_mutex_released, -1, -1, &lock) == 2,
	 "lock: released twice");

  tool_reset ();
  ninit (&nest);
  nset (&nest);
  nset (&nest);
  check (ntest (&nest) == 3, "omp_test_nest_lock@OMP_1.0 nests");
  nunset (&nest);
  nunset (&nest);
  nunset (&nest);
  check (ntest (&nest) == 1, "omp_test_nest_lock@OMP_1.0 takes a free lock");
  nunset (&nest);
  ndestroy (&nest);
  check (count (ompt_callback_lock_init, -1, ompt_mutex_nest_lock, &nest)
	 == 1 && count (ompt_callback_lock_destroy, -1, ompt_mutex_nest_lock,
			&nest) == 1, "nest lock: init and destroy");
  if (strict)
    check (count (ompt_callback_mutex_acquire, -1, ompt_mutex_nest_lock, &nest)
	   == 1 && count (ompt_callback_mutex_acquired, -1,
			  ompt_mutex_nest_lock, &nest) == 1,
	   "nest lock: the first set's acquire and acquired");
  check (count (ompt_callback_nest_lock, ompt_scope_begin, -1, &nest) == 2
	 && count (ompt_callback_nest_lock, ompt_scope_end, -1, &nest) == 2,
	 "nest lock: two nested acquisitions and releases");
  if (strict)
    check (count (ompt_callback_mutex_acquire, -1, ompt_mutex_test_nest_lock,
  		&nest) == 1
	   && count (ompt_callback_mutex_acquired, -1,
  		   ompt_mutex_test_nest_lock, &nest) == 1,
	   "nest lock: the first test's acquire and acquired");
  check (count (ompt_callback_mutex_released, -1, -1, &nest) == 2,
	 "nest lock: released twice");
  for (int i = 0; i < tool_nevents (); i++)
    if (tool_event (i)->other == (uintptr_t) &nest && strict)
      check (tool_in_function (tool_event (i)->codeptr, "main"),
	     "nest lock: codeptr_ra in main()");
  check (tool_failures () == 0, "the tool's own checks");
  return 0;
}
