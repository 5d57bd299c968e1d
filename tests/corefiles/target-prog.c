/* target-prog.c -- the program the corefiles tests inspect.

   Runs a parallel region of 4 threads on whichever libgomp.so.1 the
   loader gives it (our runtime in the tests), writes the ground truth a
   debugger must find to the file named by argv[1] -- its pid, every
   thread's LWP id, pthread_t, OpenMP thread number and an address on its
   stack, its addresses of a thread-local variable of the executable and
   of libc.so.6 (errno), the addresses and values of a few globals --
   and then blocks for
   good: thread 0 in pause (), the others in the region's end barrier,
   which they cannot pass.  SIGQUIT (default action: dump core) ends it.

   With argv[2], the current directory becomes argv[2] first (where a
   kernel core is written) and the core size limit is raised.  */

#define _GNU_SOURCE
#include <errno.h>
#include <omp.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/syscall.h>

#define NTHREADS 4

/* Looked up by name: must stay in the symbol tables.  */
volatile uint64_t ompdbg_test_global = 0x1122334455667788ull;
char ompdbg_test_string[] = "a string in the target's writable data";
/* .rodata: a kernel core leaves it out, the reader takes it from the
   executable.  */
const char ompdbg_test_rostring[] = "read-only text, from the ELF file";
/* A local symbol: in .symtab only.  */
static volatile int ompdbg_test_static = 4242;
/* The same name as a hidden symbol of our runtime (the alias behind
   ompdbg_bp_enabled): a lookup with the file hint libgomp.so.1 must find
   the runtime's, without the hint this one.  */
int gomp_ompd_enabled = 77;
/* Thread-local: one address per thread (and errno, libc.so.6's).  */
__thread long ompdbg_test_tls = 5;

struct thread_truth
{
  pid_t tid;
  pthread_t self;
  void *stack;
  void *tls, *errno_tls;
};

static struct thread_truth truth[NTHREADS];

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      fprintf (stderr, "usage: %s TRUTH-FILE [CORE-DIR]\n", argv[0]);
      return 2;
    }
  if (argc > 2)
    {
      struct rlimit rl = { RLIM_INFINITY, RLIM_INFINITY };
      if (chdir (argv[2]) != 0 || setrlimit (RLIMIT_CORE, &rl) != 0)
	perror ("target-prog: core set-up");
    }
  char tmp[4096];
  snprintf (tmp, sizeof tmp, "%s.tmp", argv[1]);

#pragma omp parallel num_threads (NTHREADS)
  {
    volatile int on_stack = 0;
    int me = omp_get_thread_num ();
    if (omp_get_num_threads () != NTHREADS)
      abort ();
    truth[me].tid = syscall (SYS_gettid);
    truth[me].self = pthread_self ();
    truth[me].stack = (void *) &on_stack;
    truth[me].tls = (void *) &ompdbg_test_tls;
    truth[me].errno_tls = (void *) &errno;
#pragma omp barrier
    if (me == 0)
      {
	FILE *f = fopen (tmp, "w");
	if (f == NULL)
	  {
	    perror (tmp);
	    exit (1);
	  }
	fprintf (f, "pid %d\n", (int) getpid ());
	fprintf (f, "global %p %llu\n", (void *) &ompdbg_test_global,
		 (unsigned long long) ompdbg_test_global);
	fprintf (f, "string %p %s\n", (void *) ompdbg_test_string,
		 ompdbg_test_string);
	fprintf (f, "rostring %p %s\n", (void *) ompdbg_test_rostring,
		 ompdbg_test_rostring);
	fprintf (f, "static %p %d\n", (void *) &ompdbg_test_static,
		 ompdbg_test_static);
	fprintf (f, "gomp_ompd_enabled %p %d\n", (void *) &gomp_ompd_enabled,
		 gomp_ompd_enabled);
	for (int i = 0; i < NTHREADS; i++)
	  fprintf (f, "thread %d %d %#lx %p\n", i, (int) truth[i].tid,
		   (unsigned long) truth[i].self, truth[i].stack);
	for (int i = 0; i < NTHREADS; i++)
	  fprintf (f, "tls %d %d %p %p\n", i, (int) truth[i].tid,
		   truth[i].tls, truth[i].errno_tls);
	if (fclose (f) != 0 || rename (tmp, argv[1]) != 0)
	  {
	    perror (argv[1]);
	    exit (1);
	  }
	for (;;)
	  pause ();
      }
    /* The others wait in the region's end barrier, for ever.  */
  }
  return 0;
}
