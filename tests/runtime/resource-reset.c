/* resource-reset.c -- the omp_* routines that free or reset what an
   earlier one set up, as a program observes them on libgomp 12:

   - omp_destroy_lock / omp_destroy_nest_lock, then omp_init_* on the
     same variable: a fresh lock, free (test succeeds), a nest lock's
     count starting again at 1, whatever the lock went through before
     (held by another thread, nested to depth 5); and the variable works
     for a whole team afterwards.  (omp_init_lock_with_hint and
     omp_init_nest_lock_with_hint: GCC 12's omp.h declares them, but
     libgomp 12 does not define them, and neither do we, so that a
     program links against both alike: docs/running.md);
   - omp_destroy_allocator: omp_null_allocator does nothing; an
     allocator made again with the same traits has its whole pool, and
     other allocators' memory is untouched; omp_free gives a block's
     bytes back to its allocator's pool whatever allocator it is passed
     (libgomp ignores the argument: the block records its allocator),
     and omp_free (NULL, ...) does nothing; omp_realloc of NULL
     allocates, to size 0 frees, and with omp_null_allocator keeps the
     block's own allocator;
   - omp_target_free on the host device frees what omp_target_alloc
     gave, NULL does nothing; omp_target_disassociate_ptr for the host,
     where nothing is ever associated, is EINVAL.

   The pause routines (pause.c), omp_fulfill_event (task-detach.c,
   messages.c) and the cancellation of constructs holding C++ objects
   (cancel-cxx.cc) have their own tests.  */

#include "../lib/check.h"

#include <stdint.h>

/* ---- locks ------------------------------------------------------------ */

static void
check_locks (void)
{
  omp_lock_t l;
  omp_nest_lock_t nl;

  /* Held by another thread when that thread's region ends, released
     there, destroyed here, made again.  */
  omp_init_lock (&l);
#pragma omp parallel num_threads (2)
  if (omp_get_thread_num () == omp_get_num_threads () - 1)
    {
      omp_set_lock (&l);
      omp_unset_lock (&l);
    }
  omp_destroy_lock (&l);
  omp_init_lock (&l);
  CHECK_EQ (omp_test_lock (&l), 1, "a re-initialised lock is free");
  omp_unset_lock (&l);
  omp_destroy_lock (&l);

  /* Destroyed while held by nobody but just tested by this thread.  */
  omp_init_lock (&l);
  CHECK_EQ (omp_test_lock (&l), 1, "a new lock is free");
  CHECK_EQ (omp_test_lock (&l), 0, "a held lock is not");
  omp_unset_lock (&l);
  omp_destroy_lock (&l);
  omp_init_lock (&l);
  CHECK_EQ (omp_test_lock (&l), 1, "a lock re-initialised after a test");
  omp_unset_lock (&l);
  omp_destroy_lock (&l);

  /* A nest lock nested 5 deep, fully released, destroyed, made again:
     its count starts from nothing.  */
  omp_init_nest_lock (&nl);
  for (int i = 1; i <= 5; i++)
    CHECK_EQ (omp_test_nest_lock (&nl), i, "nest lock depth %d", i);
  for (int i = 0; i < 5; i++)
    omp_unset_nest_lock (&nl);
  omp_destroy_nest_lock (&nl);
  omp_init_nest_lock (&nl);
  CHECK_EQ (omp_test_nest_lock (&nl), 1, "a re-initialised nest lock's "
	    "first level");
  omp_unset_nest_lock (&nl);
  omp_destroy_nest_lock (&nl);

  /* Each thread of a team takes the re-made nest lock twice, then
     releases it: the lock sees every thread in turn.  */
  omp_init_nest_lock (&nl);
  long inside = 0, max_inside = 0, turns = 0;
  int team = 0;
#pragma omp parallel num_threads (4) shared (inside, max_inside, turns, team)
  for (int k = 0; k < 100; k++)
    {
      if (k == 0 && omp_get_thread_num () == 0)
	team = omp_get_num_threads ();
      omp_set_nest_lock (&nl);
      CHECK_EQ (omp_test_nest_lock (&nl), 2, "nest lock held twice");
      long now = ++inside;
      if (now > max_inside)
	max_inside = now;
      turns++;
      inside--;
      omp_unset_nest_lock (&nl);
      omp_unset_nest_lock (&nl);
    }
  omp_destroy_nest_lock (&nl);
  CHECK_EQ (max_inside, 1L, "threads inside the nest lock at once");
  CHECK_EQ (turns, 100L * team, "turns taken in a team of %d", team);
}

/* ---- allocators ------------------------------------------------------- */

#define POOL 4096

static omp_allocator_handle_t
pool_allocator (void)
{
  omp_alloctrait_t traits[] = {
    { omp_atk_pool_size, POOL },
    { omp_atk_fallback, omp_atv_null_fb },
  };
  omp_allocator_handle_t a
    = omp_init_allocator (omp_default_mem_space, 2, traits);
  CHECK (a != omp_null_allocator, "omp_init_allocator with a pool");
  return a;
}

static void
check_allocators (void)
{
  omp_destroy_allocator (omp_null_allocator);
  omp_free (NULL, omp_default_mem_alloc);
  omp_free (NULL, omp_null_allocator);

  /* Memory of another allocator outlives a destroyed one.  */
  int *keep = omp_alloc (64 * sizeof (int), omp_default_mem_alloc);
  CHECK (keep != NULL, "omp_alloc from omp_default_mem_alloc");
  for (int i = 0; i < 64; i++)
    keep[i] = i;

  omp_allocator_handle_t a = pool_allocator ();
  void *p = omp_alloc (POOL / 2, a);
  CHECK (p != NULL, "half the pool");
  CHECK (omp_alloc (POOL / 2 + 1, a) == NULL, "more than the pool holds");
  /* omp_free's allocator argument is not what counts.  */
  omp_free (p, omp_null_allocator);
  p = omp_alloc (POOL / 2, a);
  CHECK (p != NULL, "the pool after omp_free (p, omp_null_allocator)");
  omp_free (p, omp_default_mem_alloc);
  p = omp_alloc (POOL / 2, a);
  CHECK (p != NULL, "the pool after omp_free (p, omp_default_mem_alloc)");
  omp_free (p, a);

  /* omp_realloc: of NULL, an allocation; to size 0, a free (the pool is
     whole again); with omp_null_allocator, the block stays with the
     allocator it came from, pool included.  */
  p = omp_realloc (NULL, POOL / 2, a, omp_null_allocator);
  CHECK (p != NULL, "omp_realloc of NULL from the pool");
  CHECK (omp_alloc (POOL / 2 + 1, a) == NULL, "the pool after omp_realloc "
	 "of NULL");
  CHECK (omp_realloc (p, 0, a, a) == NULL, "omp_realloc to size 0");
  p = omp_alloc (POOL / 2, a);
  CHECK (p != NULL, "the pool after omp_realloc to size 0");
  ((char *) p)[0] = 42;
  p = omp_realloc (p, POOL / 4, omp_null_allocator, omp_null_allocator);
  CHECK (p != NULL && ((char *) p)[0] == 42, "omp_realloc smaller, with "
	 "omp_null_allocator");
  CHECK (omp_alloc (POOL - POOL / 4, a) == NULL, "the block is still the "
	 "pool's after omp_realloc with omp_null_allocator");
  omp_free (p, omp_null_allocator);
  omp_destroy_allocator (a);

  /* Made again with the same traits, over and over: each has the whole
     pool, whatever the one before held when it was destroyed.  */
  for (int round = 0; round < 50; round++)
    {
      a = pool_allocator ();
      void *q = omp_alloc (POOL / 2, a);
      CHECK (q != NULL, "round %d: half the pool of a new allocator", round);
      omp_free (q, a);
      omp_destroy_allocator (a);
    }

  /* An allocator destroyed inside a parallel region by the thread that
     made it, in every thread at once.  */
  int fails = 0;
#pragma omp parallel num_threads (4) reduction (+: fails)
  for (int round = 0; round < 20; round++)
    {
      omp_allocator_handle_t b = pool_allocator ();
      char *q = omp_alloc (POOL / 2, b);
      if (q == NULL)
	fails++;
      else
	{
	  q[0] = q[POOL / 2 - 1] = 1;
	  omp_free (q, b);
	}
      omp_destroy_allocator (b);
    }
  CHECK_EQ (fails, 0, "allocators made and destroyed in a team");

  for (int i = 0; i < 64; i++)
    CHECK_EQ (keep[i], i, "omp_default_mem_alloc's block, word %d", i);
  omp_free (keep, omp_default_mem_alloc);
}

/* ---- device memory of the host ---------------------------------------- */

static void
check_target_memory (void)
{
  int host = omp_get_initial_device ();
  omp_target_free (NULL, host);
  for (int round = 0; round < 10; round++)
    {
      int *p = omp_target_alloc (1000 * sizeof (int), host);
      CHECK (p != NULL, "omp_target_alloc on the host");
      for (int i = 0; i < 1000; i++)
	p[i] = i;
      CHECK_EQ (p[999], 999, "host device memory");
      CHECK_EQ (omp_target_disassociate_ptr (p, host), EINVAL,
		"omp_target_disassociate_ptr on the host device");
      omp_target_free (p, host);
    }
}

int
main (int argc, char **argv)
{
  (void) argc;
  check_init (argv[0]);
  check_locks ();
  check_allocators ();
  check_target_memory ();
  return 0;
}
