/* collector.c -- ompdbg-collector.so, the collector `ompdbg profile'
   preloads into the program: it finds the runtime's __omp_collector_api
   (runtime/omp_collector_api.h), starts it and asks for FORK events, and
   samples every thread on a timer of its own, by default on the
   thread's CPU time (timer_create with CLOCK_THREAD_CPUTIME_ID, the
   signal sent to that thread: SIGEV_THREAD_ID), on request on the wall
   clock.  Each sample is the thread's OpenMP state, wait id and parallel
   region (async-signal-safe requests of the interface) and its call
   stack, unwound by libunwind's local unwinder from the signal's
   context: the programs are built by GCC without frame pointers, and
   libunwind reads the .eh_frame tables GCC always emits, where frame
   pointers would stop at the first function without one; its local
   unwinding is documented async-signal-safe.  A FORK event records the
   new region's id, its parent's and the master's stack there (glibc's
   backtrace: not in a signal handler, and faster), from which `ompdbg
   report' names the region.

   Threads are met in pthread_create, which this library interposes:
   each new thread arms its timer before it runs its start routine.
   Records go to a buffer of the thread's own, written to the profile
   with one write (async-signal-safe) when full, at the thread's end and
   at the program's exit.

   Environment (set by `ompdbg profile'): OMPDBG_PROFILE_OUT (the file),
   OMPDBG_PROFILE_HZ (samples per second of each thread's clock),
   OMPDBG_PROFILE_CLOCK (cpu or wall), OMPDBG_PROFILE_PID (only the
   process with this pid profiles: not the programs it runs).  */

#define _GNU_SOURCE 1
#define UNW_LOCAL_ONLY 1
#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <fcntl.h>
#include <libunwind.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "profiler/profile-format.h"
#include "runtime/omp_collector_api.h"

#define BUF_SIZE (256 * 1024)
#define FORK_FRAMES 12
#define TLS __attribute__ ((tls_model ("initial-exec")))

struct prof_thread
{
  int tid;
  bool has_timer;
  timer_t timer;
  volatile int busy;		/* the thread is appending: a sample drops */
  volatile int done;		/* flushed at its end */
  size_t len;
  char *buf;
  struct prof_thread *next;
};

static struct
{
  bool on;
  pid_t pid;			/* the process profiled, not a child it forks */
  int fd;
  long period_ns;
  bool wall;
  int (*api) (void *);
  volatile int stopping;
  struct prof_thread *_Atomic threads;
  pthread_key_t key;
} prof = { .fd = -1 };

static __thread struct prof_thread *self TLS;

static uint64_t
now_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

static void
write_all (const char *p, size_t n)
{
  while (n > 0)
    {
      ssize_t w = write (prof.fd, p, n);
      if (w < 0 && errno == EINTR)
	continue;
      if (w <= 0)
	return;
      p += w;
      n -= (size_t) w;
    }
}

static void
flush (struct prof_thread *t)
{
  if (t->len)
    write_all (t->buf, t->len);
  t->len = 0;
}

/* Room for a record of N payload bytes in T's buffer.  */
static struct prof_record *
reserve (struct prof_thread *t, size_t n)
{
  size_t size = sizeof (struct prof_record) + ((n + 7) & ~(size_t) 7);
  if (t->len + size > BUF_SIZE)
    flush (t);
  struct prof_record *r = (struct prof_record *) (t->buf + t->len);
  memset (r, 0, sizeof *r);
  r->size = (uint32_t) size;
  r->tid = t->tid;
  r->time_ns = now_ns ();
  return r;
}

/* The state, wait id and region of the calling thread, in one list of
   the interface's async-signal-safe requests.  */
static void
ask_state (struct prof_record *r)
{
  if (prof.api == NULL)
    return;
  _Alignas (8) char req[16 + 12 + 16 + 8 + 4];
  int e1[4] = { 28, OMP_REQ_STATE, 0, 0 };
  int e2[4] = { 24, OMP_REQ_CURRENT_PRID, 0, 0 };
  int end = 0;
  memcpy (req, e1, 16);
  memcpy (req + 28, e2, 16);
  memcpy (req + 52, &end, 4);
  if (prof.api (req) != 0)
    return;
  int ec;
  memcpy (&ec, req + 8, 4);
  if (ec == OMP_ERRCODE_OK)
    {
      int s;
      void *w;
      memcpy (&s, req + 16, 4);
      memcpy (&w, req + 20, sizeof w);
      r->state = (uint32_t) s;
      r->wait_id = (uint64_t) (uintptr_t) w;
    }
  memcpy (&ec, req + 36, 4);
  if (ec == OMP_ERRCODE_OK)
    memcpy (&r->prid, req + 44, 8);
}

/* The call stack from CURSOR, leaf first, into R's payload, at most MAX
   frames.  */
static void
unwind (unw_cursor_t *cursor, struct prof_record *r, unsigned int max)
{
  uint64_t *pcs = (uint64_t *) (r + 1);
  unsigned int n = 0;
  do
    {
      unw_word_t ip;
      if (unw_get_reg (cursor, UNW_REG_IP, &ip) < 0 || ip == 0)
	break;
      pcs[n++] = ip;
    }
  while (n < max && unw_step (cursor) > 0);
  r->nframes = n;
  r->size = (uint32_t) (sizeof *r + n * sizeof (uint64_t));
}

static void
on_sample (int sig, siginfo_t *si, void *uc)
{
  (void) sig;
  int saved_errno = errno;
  struct prof_thread *t = self;
  if (t == NULL || t->busy || t->done || prof.stopping)
    {
      errno = saved_errno;
      return;
    }
  t->busy = 1;
  struct prof_record *r
    = reserve (t, PROF_MAX_FRAMES * sizeof (uint64_t));
  r->kind = PROF_SAMPLE;
  /* A thread that was not scheduled in time (a loaded machine) misses
     expiries; the kernel counts them.  */
  r->weight = 1 + (si->si_code == SI_TIMER && si->si_overrun > 0
		   ? (uint32_t) si->si_overrun : 0);
  ask_state (r);
  unw_cursor_t cursor;
  if (unw_init_local2 (&cursor, (unw_context_t *) uc,
		       UNW_INIT_SIGNAL_FRAME) == 0)
    unwind (&cursor, r, PROF_MAX_FRAMES);
  t->len += r->size;
  t->busy = 0;
  errno = saved_errno;
}

static void
on_fork (OMP_COLLECTORAPI_EVENT e)
{
  (void) e;
  struct prof_thread *t = self;
  if (t == NULL || prof.stopping)
    return;
  t->busy = 1;
  struct prof_record *r = reserve (t, PROF_MAX_FRAMES * sizeof (uint64_t));
  r->kind = PROF_FORK;
  _Alignas (8) char req[16 + 8 + 16 + 8 + 4];
  int e1[4] = { 24, OMP_REQ_CURRENT_PRID, 0, 0 };
  int e2[4] = { 24, OMP_REQ_PARENT_PRID, 0, 0 };
  int end = 0, ec;
  memcpy (req, e1, 16);
  memcpy (req + 24, e2, 16);
  memcpy (req + 48, &end, 4);
  if (prof.api (req) == 0)
    {
      memcpy (&ec, req + 8, 4);
      if (ec == OMP_ERRCODE_OK)
	memcpy (&r->prid, req + 16, 8);
      memcpy (&ec, req + 32, 4);
      if (ec == OMP_ERRCODE_OK)
	memcpy (&r->aux, req + 40, 8);
    }
  /* Not in a signal handler: glibc's backtrace, whose unwinder caches
     what it found, about twenty times as fast as libunwind's local
     unwinding here, which matters once per region.  Enough frames to
     pass this library's and the runtime's to the program's code that
     starts the region, which names it.  */
  void *pcs[FORK_FRAMES];
  int n = backtrace (pcs, FORK_FRAMES);
  for (int i = 0; i < n; i++)
    ((uint64_t *) (r + 1))[i] = (uint64_t) (uintptr_t) pcs[i];
  r->nframes = n > 0 ? (uint32_t) n : 0;
  r->size = (uint32_t) (sizeof *r + r->nframes * sizeof (uint64_t));
  t->len += r->size;
  t->busy = 0;
}

/* The calling thread's end: its last records out, its timer gone.  */
static void
thread_end (void *arg)
{
  struct prof_thread *t = arg;
  if (getpid () != prof.pid)
    return;
  if (t->has_timer)
    timer_delete (t->timer);
  t->has_timer = false;
  t->busy = 1;
  if (!prof.stopping)
    flush (t);
  t->done = 1;
}

/* Sample the calling thread from here on.  */
static void
thread_begin (void)
{
  struct prof_thread *t = calloc (1, sizeof *t);
  if (t == NULL)
    return;
  t->buf = mmap (NULL, BUF_SIZE, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (t->buf == MAP_FAILED)
    {
      free (t);
      return;
    }
  t->tid = (int) syscall (SYS_gettid);
  t->next = atomic_load_explicit (&prof.threads, memory_order_relaxed);
  while (!atomic_compare_exchange_weak (&prof.threads, &t->next, t))
    ;
  self = t;
  pthread_setspecific (prof.key, t);
  struct prof_record *r = reserve (t, 0);
  r->kind = PROF_THREAD;
  t->len += r->size;

  struct sigevent sev;
  memset (&sev, 0, sizeof sev);
  sev.sigev_notify = SIGEV_THREAD_ID;
  sev.sigev_signo = SIGPROF;
  sev._sigev_un._tid = t->tid;
  clockid_t clock = prof.wall ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID;
  if (timer_create (clock, &sev, &t->timer) != 0)
    return;
  t->has_timer = true;
  struct itimerspec its;
  its.it_interval.tv_sec = prof.period_ns / 1000000000;
  its.it_interval.tv_nsec = prof.period_ns % 1000000000;
  its.it_value = its.it_interval;
  timer_settime (t->timer, 0, &its, NULL);
}

struct start
{
  void *(*fn) (void *);
  void *arg;
};

static void *
thread_start (void *p)
{
  struct start s = *(struct start *) p;
  free (p);
  if (prof.on && getpid () == prof.pid)
    thread_begin ();
  return s.fn (s.arg);
}

int
pthread_create (pthread_t *thread, const pthread_attr_t *attr,
		void *(*fn) (void *), void *arg)
{
  static int (*real) (pthread_t *, const pthread_attr_t *,
		      void *(*) (void *), void *);
  if (real == NULL)
    real = (int (*) (pthread_t *, const pthread_attr_t *,
		     void *(*) (void *), void *))
      dlsym (RTLD_NEXT, "pthread_create");
  struct start *s = malloc (sizeof *s);
  if (s == NULL)
    return EAGAIN;
  s->fn = fn;
  s->arg = arg;
  int rc = real (thread, attr, thread_start, s);
  if (rc != 0)
    free (s);
  return rc;
}

static void
write_text_record (enum prof_kind kind, const char *text, size_t n,
		   uint64_t aux, uint32_t state, uint64_t prid)
{
  struct prof_record r;
  memset (&r, 0, sizeof r);
  size_t padded = (n + 7) & ~(size_t) 7;
  r.kind = kind;
  r.size = (uint32_t) (sizeof r + padded);
  r.tid = (int) syscall (SYS_gettid);
  r.time_ns = now_ns ();
  r.aux = aux;
  r.state = state;
  r.prid = prid;
  write_all ((const char *) &r, sizeof r);
  write_all (text, n);
  static const char zeros[8];
  write_all (zeros, padded - n);
}

static void __attribute__ ((constructor))
collector_init (void)
{
  const char *pid = getenv ("OMPDBG_PROFILE_PID");
  if (pid != NULL && atol (pid) != (long) getpid ())
    return;
  const char *out = getenv ("OMPDBG_PROFILE_OUT");
  if (out == NULL || *out == '\0')
    out = "ompdbg.prof";
  const char *hz = getenv ("OMPDBG_PROFILE_HZ");
  long rate = hz ? atol (hz) : 100;
  if (rate <= 0 || rate > 100000)
    rate = 100;
  const char *clock = getenv ("OMPDBG_PROFILE_CLOCK");
  prof.wall = clock != NULL && strcmp (clock, "wall") == 0;
  prof.period_ns = 1000000000L / rate;
  prof.fd = open (out, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC,
		  0644);
  if (prof.fd < 0)
    {
      fprintf (stderr, "ompdbg profile: cannot write %s: %s\n", out,
	       strerror (errno));
      return;
    }
  write_all (PROF_MAGIC, PROF_MAGIC_LEN);
  char cmd[4096];
  ssize_t n = 0;
  int cfd = open ("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
  if (cfd >= 0)
    {
      n = read (cfd, cmd, sizeof cmd - 1);
      close (cfd);
    }
  if (n < 0)
    n = 0;
  for (ssize_t i = 0; i + 1 < n; i++)
    if (cmd[i] == '\0')
      cmd[i] = ' ';

  prof.api = (int (*) (void *)) dlsym (RTLD_DEFAULT, OMP_COLLECTOR_API);
  if (prof.api != NULL)
    {
      _Alignas (8) char req[16 + 16 + 12 + 4];
      int e1[4] = { 16, OMP_REQ_START, 0, 0 };
      int e2[4] = { 28, OMP_REQ_REGISTER, 0, 0 };
      int ev = OMP_EVENT_FORK, end = 0;
      void (*cb) (OMP_COLLECTORAPI_EVENT) = on_fork;
      memcpy (req, e1, 16);
      memcpy (req + 16, e2, 16);
      memcpy (req + 32, &ev, 4);
      memcpy (req + 36, &cb, sizeof cb);
      memcpy (req + 44, &end, 4);
      int ec1, ec2;
      if (prof.api (req) != 0)
	prof.api = NULL;
      memcpy (&ec1, req + 8, 4);
      memcpy (&ec2, req + 24, 4);
      if (ec1 != OMP_ERRCODE_OK || ec2 != OMP_ERRCODE_OK)
	prof.api = NULL;
    }
  write_text_record (PROF_META, cmd, (size_t) n, (uint64_t) prof.period_ns,
		     prof.wall, prof.api != NULL);

  /* A cache of unwind information per thread: no lock between a
     sample's handler and the thread it interrupted.  */
  unw_set_caching_policy (unw_local_addr_space, UNW_CACHE_PER_THREAD);
  /* backtrace loads its unwinder on its first call: here, not in the
     first FORK.  */
  void *first[2];
  backtrace (first, 2);
  pthread_key_create (&prof.key, thread_end);
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_sigaction = on_sample;
  sa.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset (&sa.sa_mask);
  sigaction (SIGPROF, &sa, NULL);
  prof.pid = getpid ();
  prof.on = true;
  thread_begin ();
}

static void __attribute__ ((destructor))
collector_fini (void)
{
  /* A child the program forked has no timers, and its copies of the
     buffers are the parent's to write.  */
  if (!prof.on || getpid () != prof.pid)
    return;
  prof.stopping = 1;
  for (struct prof_thread *t = prof.threads; t != NULL; t = t->next)
    if (t->has_timer)
      {
	timer_delete (t->timer);
	t->has_timer = false;
      }
  /* A handler still running on another thread finishes its record.  */
  for (struct prof_thread *t = prof.threads; t != NULL; t = t->next)
    {
      for (int i = 0; t->busy && !t->done && i < 1000; i++)
	usleep (100);
      if (!t->done)
	flush (t);
    }
  char *maps = malloc (1 << 20);
  int mfd = open ("/proc/self/maps", O_RDONLY | O_CLOEXEC);
  size_t len = 0;
  if (maps != NULL && mfd >= 0)
    {
      ssize_t n;
      while (len < (1 << 20) - 1
	     && (n = read (mfd, maps + len, (1 << 20) - 1 - len)) > 0)
	len += (size_t) n;
      write_text_record (PROF_MAPS, maps, len, 0, 0, 0);
    }
  if (mfd >= 0)
    close (mfd);
  free (maps);
  close (prof.fd);
  prof.fd = -1;
}
