/* stack-guard.c -- a clear message instead of a bare segfault when a
   worker thread's stack overflows.

   Every pool thread's stack has a guard page below it (pthreads puts
   one there by default, and pool.c keeps the default).  A thread that runs past
   it faults on the guard, on a stack it can no longer push a signal
   frame onto: so each worker gets an alternate signal stack
   (sigaltstack), and the process a SIGSEGV handler run on it
   (SA_ONSTACK).  The handler compares the fault address with the
   faulting thread's guard zone, recorded by its creator; on a
   match it writes

     ompdbg runtime: a thread's stack overflowed (N bytes); OMP_STACKSIZE sets its size

   in the runtime's message style (docs/running.md), with write(2) only,
   which is async-signal-safe.  Then, for that fault and any other, it
   restores the default action and returns: the faulting instruction
   runs again and the process dies of the SIGSEGV as it would have, core
   file included, so that a debugger (ompdbg, gdb with libompd) can still
   show where it overflowed.  A SIGSEGV that is no fault (raise, kill:
   si_code SI_USER, SI_TKILL, SI_QUEUE) has no instruction to run again:
   the handler sends it again, to its own thread, where it is blocked
   until the handler returns and then kills the process.

   A program's own SIGSEGV handler is left alone: the runtime installs
   its handler only if SIGSEGV's action is the default one when the
   first worker starts, and a handler the program installs later
   replaces it (the message is then lost, nothing else).  Programs that
   handle SIGSEGV themselves (garbage collectors, JITs) thus see no
   change.  The initial thread is not covered: its stack is the
   process's, sized by the stack limit (ulimit -s), not OMP_STACKSIZE.  */

#include "config.h"
#include "internal.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The calling worker's alternate signal stack.  Initial-exec TLS:
   readable in a signal handler.  */
static __thread void *alt_stack
  __attribute__ ((tls_model ("initial-exec")));
static __thread size_t alt_size
  __attribute__ ((tls_model ("initial-exec")));

static pthread_once_t install_once = PTHREAD_ONCE_INIT;
static _Atomic bool installed;

/* Unsigned decimal into BUF (at least 21 bytes); returns its start.  */
static char *
utoa (char *buf, size_t n)
{
  char *p = buf + 20;
  *p = '\0';
  do
    *--p = (char) ('0' + n % 10);
  while ((n /= 10) != 0);
  return p;
}

static void
put (const char *s)
{
  size_t len = strlen (s);
  while (len)
    {
      ssize_t w = write (STDERR_FILENO, s, len);
      if (w <= 0)
	return;
      s += w;
      len -= (size_t) w;
    }
}

static size_t
gomp_page_size (void)
{
  long page = sysconf (_SC_PAGESIZE);
  return page > 0 ? (size_t) page : 4096;
}

static void
segv_handler (int sig, siginfo_t *info, void *uctx)
{
  (void) uctx;
  uintptr_t a = (uintptr_t) info->si_addr;
  struct gomp_thread *thr = gomp_tls;
  uintptr_t lo = thr && thr->pool_thread
		 ? atomic_load_explicit (&thr->stack_lo, memory_order_acquire)
		 : 0;
  /* The guard below the stack, and a page above its end for a fault on
     the last bytes.  */
  if (lo != 0 && a >= thr->guard_lo && a < lo + gomp_page_size ())
    {
      char buf[24];
      put ("\n" OMPDBG_RUNTIME_NAME ": a thread's stack overflowed (");
      put (utoa (buf, thr->stack_size));
      put (" bytes); OMP_STACKSIZE sets its size\n");
    }
  /* The default action, for this fault and whatever comes after: the
     instruction faults again on return and the process dies of it.  */
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = SIG_DFL;
  sigemptyset (&sa.sa_mask);
  sigaction (sig, &sa, NULL);
  if (info->si_code <= 0)
    raise (sig);
}

static void
install (void)
{
  struct sigaction old;
  if (sigaction (SIGSEGV, NULL, &old) != 0
      || (old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL)
    return;
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_sigaction = segv_handler;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset (&sa.sa_mask);
  if (sigaction (SIGSEGV, &sa, NULL) == 0)
    atomic_store_explicit (&installed, true, memory_order_relaxed);
}

/* THR's creator, once pthread_create has returned: record where THR's
   stack and guard are.  The creator asks, not the thread: glibc's
   pthread_getattr_np allocates, and a worker's first allocation makes
   glibc give it a malloc arena of its own (64 MiB of address space
   each, up to eight per CPU), which a core file of a large team then
   carries.  A thread that overflows before its creator got here (it
   would have to do so within microseconds) dies without the message.  */
void
gomp_stack_guard_created (struct gomp_thread *thr)
{
  pthread_attr_t attr;
  void *lo;
  size_t size, guard;
  if (pthread_getattr_np (thr->pthread, &attr) != 0)
    return;
  int err = pthread_attr_getstack (&attr, &lo, &size);
  if (err == 0)
    err = pthread_attr_getguardsize (&attr, &guard);
  pthread_attr_destroy (&attr);
  if (err != 0 || size <= 1)
    return;
  size_t page = gomp_page_size ();
  if (guard < page)
    guard = page;
  /* glibc reports the stack without its guard, or with the guard at its
     bottom: the zone from GUARD below LO covers both.  */
  thr->guard_lo = (uintptr_t) lo - guard;
  thr->stack_size = size;
  atomic_store_explicit (&thr->stack_lo, (uintptr_t) lo,
			 memory_order_release);
}

/* The calling worker starts: give it an alternate signal stack.  Any
   failure only means no message.  */
void
gomp_stack_guard_thread (void)
{
  pthread_once (&install_once, install);
  if (!atomic_load_explicit (&installed, memory_order_relaxed))
    return;
  size_t alt = 64 * 1024;
  void *s = mmap (NULL, alt, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (s == MAP_FAILED)
    return;
  stack_t ss;
  ss.ss_sp = s;
  ss.ss_size = alt;
  ss.ss_flags = 0;
  if (sigaltstack (&ss, NULL) != 0)
    {
      munmap (s, alt);
      return;
    }
  alt_stack = s;
  alt_size = alt;
}

/* The calling worker ends.  */
void
gomp_stack_guard_thread_end (void)
{
  if (alt_stack == NULL)
    return;
  stack_t ss;
  memset (&ss, 0, sizeof ss);
  ss.ss_flags = SS_DISABLE;
  if (sigaltstack (&ss, NULL) == 0)
    munmap (alt_stack, alt_size);
  alt_stack = NULL;
}

/* Is the calling thread's stack more than three quarters used?  The
   task throttle (task.c) then queues a task rather than run it at once
   on top of its creator: an undeferred task keeps its descriptor on the
   stack, some 500 bytes a level with the frames, where a queued one that
   taskwait runs costs about 110, so a deep recursion that fills the
   queue would otherwise overflow a stack it fits in (tests/runtime/
   task-deep.c).  The bounds are learned once per thread: a pool
   thread's from what its creator recorded, any other thread's (the
   initial thread among them) by asking glibc; a thread whose bounds
   cannot be read never counts as low.  Called for every task the
   throttle runs undeferred, so the check is one thread-local load and a
   compare, the learning in a function of its own: in one function with
   it, each check would save and restore the registers the learning's
   calls need, 26 instructions of the some 180 such a task takes
   (PARALLEL TASK on two threads, where every queue is full).  */
static __thread uintptr_t stack_floor
  __attribute__ ((tls_model ("initial-exec")));

/* The calling thread's STACK_FLOOR: a quarter above its stack's lowest
   address, or 1 (no address is below it) when that cannot be read.  */
static uintptr_t __attribute__ ((noinline, cold))
stack_floor_learn (void)
{
  struct gomp_thread *thr = gomp_tls;
  if (thr->pool_thread)
    {
      uintptr_t lo = atomic_load_explicit (&thr->stack_lo,
					   memory_order_acquire);
      /* Its creator has not recorded it yet: not low, ask again.  */
      if (lo == 0)
	return 1;
      stack_floor = lo + thr->stack_size / 4;
      return stack_floor;
    }
  pthread_attr_t attr;
  void *lo;
  size_t size;
  stack_floor = 1;
  if (pthread_getattr_np (pthread_self (), &attr) != 0)
    return stack_floor;
  if (pthread_attr_getstack (&attr, &lo, &size) == 0 && size > 1)
    stack_floor = (uintptr_t) lo + size / 4;
  pthread_attr_destroy (&attr);
  return stack_floor;
}

bool
gomp_stack_low (void)
{
  uintptr_t floor = stack_floor;
  if (__builtin_expect (floor == 0, 0))
    floor = stack_floor_learn ();
  return (uintptr_t) __builtin_frame_address (0) < floor;
}
