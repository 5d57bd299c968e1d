/* messages.c -- fatal errors a program can cause, as its user reads
   them: libgomp 12's line on stderr, byte for byte, and exit status 1
   (libgomp's gomp_fatal calls exit (EXIT_FAILURE): stdout is flushed,
   unlike after abort).  docs/running.md lists every message.

   Each case runs in a child (this program re-executed):
   - omp_fulfill_event on an event already fulfilled (twice in the
     detached task's body): "omp_fulfill_event: %p event is invalid or
     has already been fulfilled!" and the newline that libgomp's format
     itself ends with, so the line ends in two; the same for an
     undeferred task (if (0)), whose event libgomp keeps elsewhere and
     reports as "omp_fulfill_event: %p event already fulfilled!";
   - omp_alloc with an allocator whose fallback is abort_fb, for more
     memory than exists: "Out of memory allocating N bytes";
   - a target region on device 1 (there is none) with
     OMP_TARGET_OFFLOAD=mandatory: "OMP_TARGET_OFFLOAD is set to
     MANDATORY, but device not found";
   - OMP_STACKSIZE below the minimum pthreads accepts, a warning: "Stack
     size less than minimum of Nk", N from PTHREAD_STACK_MIN rounded up,
     and the program goes on.  */

#include "../lib/check.h"
#include <limits.h>
#include <pthread.h>
#include <stdint.h>

#define HUGE_SIZE ((size_t) 1 << 62)

static int
child (const char *what)
{
  printf ("before\n");
  fflush (stdout);
  if (strcmp (what, "fulfill") == 0 || strcmp (what, "fulfill-undeferred") == 0)
    {
      omp_event_handle_t ev;
      int deferred = strcmp (what, "fulfill") == 0;
#pragma omp parallel num_threads (2)
#pragma omp single
      {
#pragma omp task detach (ev) if (deferred)
	{
	  printf ("%p\n", (void *) (uintptr_t) ev);
	  fflush (stdout);
	  omp_fulfill_event (ev);
	  omp_fulfill_event (ev);
	}
      }
    }
  else if (strcmp (what, "alloc") == 0)
    {
      omp_alloctrait_t traits[] = { { omp_atk_fallback, omp_atv_abort_fb } };
      omp_allocator_handle_t a
	= omp_init_allocator (omp_default_mem_space, 1, traits);
      printf ("allocator %d\n", a != omp_null_allocator);
      fflush (stdout);
      void *p = omp_alloc (HUGE_SIZE, a);
      printf ("got %p\n", p);
    }
  else if (strcmp (what, "target") == 0)
    {
      int x = 0;
#pragma omp target device (1) map (tofrom: x)
      x = 1;
      printf ("x %d\n", x);
    }
  else if (strcmp (what, "stack") == 0)
    {
      int n = 0;
#pragma omp parallel num_threads (2) reduction (+:n)
      n = 1;
      printf ("threads %d\n", n);
    }
  printf ("after\n");
  return 0;
}

/* Run WHAT under VARS: exit status STATUS, stderr exactly WANT.  */
static struct child
run (const char *what, const char *const *vars, int status, const char *want)
{
  struct child c;
  run_self (&c, what, vars);
  CHECK (c.status == status, "exit status %d expected\n" CHILD_FMT, status,
	 what, env_str (vars), c.status, c.out, c.err);
  CHECK (strncmp (c.out, "before\n", 7) == 0, "stdout lost\n" CHILD_FMT,
	 what, env_str (vars), c.status, c.out, c.err);
  CHECK ((strstr (c.out, "after\n") != NULL) == (status == 0),
	 "the program %s have gone on\n" CHILD_FMT,
	 status == 0 ? "should" : "should not", what, env_str (vars),
	 c.status, c.out, c.err);
  CHECK (strcmp (c.err, want) == 0, "stderr is not libgomp's \"%s\"\n"
	 CHILD_FMT, want, what, env_str (vars), c.status, c.out, c.err);
  return c;
}

int
main (int argc, char **argv)
{
  check_init (argv[0]);
  if (argc > 1)
    return child (argv[1]);

  static const char *const none[] = { NULL };
  char want[256];

  /* The event's address is the child's: from its stdout.  */
  struct child c;
  for (int deferred = 1; deferred >= 0; deferred--)
    {
      const char *what = deferred ? "fulfill" : "fulfill-undeferred";
      run_self (&c, what, none);
      void *ev = NULL;
      CHECK (sscanf (c.out, "before\n%p", &ev) == 1, CHILD_FMT, what, "",
	     c.status, c.out, c.err);
      if (deferred)
	snprintf (want, sizeof want, "\nlibgomp: omp_fulfill_event: %p event "
		  "is invalid or has already been fulfilled!\n\n", ev);
      else
	snprintf (want, sizeof want, "\nlibgomp: omp_fulfill_event: %p event "
		  "already fulfilled!\n\n", ev);
      CHECK (c.status == 1 && strcmp (c.err, want) == 0
	     && !strstr (c.out, "after"),
	     "expected exit status 1 and \"%s\"\n" CHILD_FMT, want, what, "",
	     c.status, c.out, c.err);
      child_free (&c);
    }

  snprintf (want, sizeof want, "\nlibgomp: Out of memory allocating %lu "
	    "bytes\n", (unsigned long) HUGE_SIZE);
  c = run ("alloc", none, 1, want);
  CHECK (strstr (c.out, "allocator 1\n") != NULL, CHILD_FMT, "alloc", "",
	 c.status, c.out, c.err);
  child_free (&c);

  static const char *const mandatory[] = { "OMP_TARGET_OFFLOAD=mandatory",
					   NULL };
  c = run ("target", mandatory, 1, "\nlibgomp: OMP_TARGET_OFFLOAD is set to "
	   "MANDATORY, but device not found\n");
  child_free (&c);

  static const char *const small_stack[] = { "OMP_STACKSIZE=1B", NULL };
  snprintf (want, sizeof want, "\nlibgomp: Stack size less than minimum of "
	    "%luk\n", ((unsigned long) PTHREAD_STACK_MIN + 1023) / 1024);
  c = run ("stack", small_stack, 0, want);
  CHECK (strstr (c.out, "threads 2\n") != NULL, CHILD_FMT, "stack",
	 env_str (small_stack), c.status, c.out, c.err);
  child_free (&c);
  return 0;
}
