/* scenes.c -- OpenMP programs for the gdb plugin tests, each stopping in
   a known OpenMP state and writing its own ground truth first.

   Usage: scenes SCENE TRUTH-FILE [hang|abort]

   Every thread that matters writes one line to TRUTH-FILE describing
   itself as the program sees it (its kernel TID, omp_get_thread_num,
   omp_get_level, omp_get_active_level, omp_get_team_size, the source
   line of the construct it runs in, what it waits for).  Then the
   program calls scene_stop () from one thread while the others sit in
   the wait the scene is about: the test puts a breakpoint on scene_stop
   (live), dumps a core there (gcore), or attaches to it (`hang': the
   thread sleeps in scene_stop forever) or lets it crash (`abort': a
   kernel core).  The plugin's output is then compared with the file.

   Lines (space-separated key=value):
     thread tid=T num=N level=L active=A size=S line=C max=M ra=0x...
            tls=0x... [wait=W] [ancestors=a,b]
                                       (M: omp_get_max_threads; ra: an
                                        address in the code the thread runs;
                                        tls: the thread's &scene_tls)
     task tid=T line=C creator=T2 frame=0x...
                                       (a thread executing an explicit task,
                                        created by thread T2; frame: the
                                        task's function's frame address)
     icvs tid=T max_threads=N ...      (the ICVs seen by the stopping thread)
     env OMP_X=V                       (each OMP_* variable of the process)
     deferred line=C state=S [deps=in] creator=T
                                       (a task not started: S waiting/queued,
                                        created by thread T)
     deferred_group line=C state=S count=K dep=D sym=X pending=P creator=T
                                       (K such tasks of the construct at
                                        line C, each with a depend clause
                                        D on symbol X, P predecessors
                                        pending)
     deferred_total count=K            (the deferred tasks of the scene)
     region line=C level=L size=S      (one per region)
     stop tid=T                        (the thread that calls scene_stop)
     symbol name=NAME addr=0x...       (a lock or critical the test expects)
     main tid=T                        (the initial thread)
     target tid=T line=C level=L num=N initial_device=D
                                       (a thread in a target region run
                                        on the host)
     unstarted tid=T num=N level=L size=S line=C
                                      (a member of the region at line C
                                       that has not begun its implicit
                                       task)
     handler tid=T fn=F               (thread T runs F, a signal handler)
   and `ready' last.  */

#define _GNU_SOURCE
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>
#include <dlfcn.h>
#include <pthread.h>
#include <sys/mman.h>

static FILE *truth;
static const char *mode = "";
static omp_lock_t scene_lock;
static volatile int go;
long scene_scratch = 42;	/* the tests write here (callbacks.py) */
__thread long scene_tls;	/* one per thread (callbacks.py) */

static long
tid (void)
{
  return syscall (SYS_gettid);
}

static void
say (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));

#include <stdarg.h>
static void
say (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
#pragma omp critical (scene_truth)
  {
    vfprintf (truth, fmt, ap);
    fflush (truth);
  }
  va_end (ap);
}

/* Not inlined: its return address is in the code that calls it (the
   outlined function of the construct the thread runs, where it is called
   from one directly).  */
static void __attribute__ ((noinline))
me (int line, const char *extra)
{
  say ("thread tid=%ld pthread=%#lx num=%d level=%d active=%d size=%d "
       "line=%d max=%d ra=%p tls=%p%s%s\n",
       tid (), (unsigned long) pthread_self (), omp_get_thread_num (),
       omp_get_level (),
       omp_get_active_level (), omp_get_team_size (omp_get_level ()), line,
       omp_get_max_threads (), __builtin_return_address (0),
       (void *) &scene_tls, extra ? " " : "", extra ? extra : "");
}

/* The ICVs as the calling thread sees them, through the OpenMP API.  */
static void
my_icvs (void)
{
  omp_sched_t kind;
  int chunk;
  omp_get_schedule (&kind, &chunk);
  say ("icvs tid=%ld max_threads=%d dynamic=%d thread_limit=%d "
       "max_active_levels=%d sched_kind=%d sched_chunk=%d cancellation=%d "
       "max_task_priority=%d num_procs=%d default_device=%d final=%d "
       "level=%d active=%d size=%d num=%d in_parallel=%d openmp=%d\n",
       tid (), omp_get_max_threads (), omp_get_dynamic (),
       omp_get_thread_limit (), omp_get_max_active_levels (), (int) kind,
       chunk, omp_get_cancellation (), omp_get_max_task_priority (),
       omp_get_num_procs (), omp_get_default_device (), omp_in_final (),
       omp_get_level (), omp_get_active_level (),
       omp_get_team_size (omp_get_level ()), omp_get_thread_num (),
       omp_in_parallel (), _OPENMP);
}

static void
pause_ms (int ms)
{
  struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
  nanosleep (&ts, NULL);
}

/* The test's breakpoint.  noinline + the asm keep it a real call.  */
void __attribute__ ((noinline))
scene_stop (void)
{
  say ("stop tid=%ld\nready\n", tid ());
  fclose (truth);
  truth = fopen ("/dev/null", "w");
  if (strcmp (mode, "hang") == 0)
    for (;;)
      pause ();
  if (strcmp (mode, "abort") == 0)
    abort ();
  __asm__ volatile ("" ::: "memory");
}

/* What the scenes call to stop: the ICVs first, since the tests stop at
   scene_stop's first line.  */
static void
stop (void)
{
  my_icvs ();
  scene_stop ();
}

/* Wait until COUNT threads have said who they are.  */
static volatile int arrived;
static void
arrive (void)
{
  __atomic_add_fetch (&arrived, 1, __ATOMIC_SEQ_CST);
}

static void
wait_arrived (int n)
{
  while (__atomic_load_n (&arrived, __ATOMIC_SEQ_CST) < n)
    pause_ms (1);
}

/* parallel N: N threads; thread 0 stops while the others wait at an
   explicit barrier.  */
static void
scene_parallel (int n)
{
  int line = __LINE__ + 1;
#pragma omp parallel num_threads (n)
  {
    char extra[64];
    snprintf (extra, sizeof extra, "wait=%s",
	      omp_get_thread_num () ? "barrier" : "none");
    me (line, extra);
    arrive ();
    if (omp_get_thread_num () == 0)
      {
	say ("region line=%d level=1 size=%d\n", line, omp_get_num_threads ());
	wait_arrived (omp_get_num_threads ());
	pause_ms (100 + n);	/* the others reach the barrier */
	stop ();
      }
#pragma omp barrier
  }
}

/* nested: 2 x 2 threads; the inner primary thread of outer thread 0
   stops; the other inner threads spin in user code until it is done
   (a barrier would let the team of outer thread 1 finish its region).  */
static void
scene_nested (void)
{
  omp_set_max_active_levels (2);
  int outer = __LINE__ + 1;
#pragma omp parallel num_threads (2)
  {
    int onum = omp_get_thread_num ();
    if (onum == 0)
      say ("region line=%d level=1 size=%d\n", outer, omp_get_num_threads ());
    int inner = __LINE__ + 1;
#pragma omp parallel num_threads (2)
    {
      char extra[64];
      snprintf (extra, sizeof extra, "ancestors=%d,%d wait=%s", onum,
		omp_get_thread_num (),
		onum == 0 && omp_get_thread_num () == 0 ? "none" : "spin");
      me (inner, extra);
      if (omp_get_thread_num () == 0)
	say ("region line=%d level=2 size=%d outer=%d\n", inner,
	     omp_get_num_threads (), onum);
      arrive ();
      if (onum == 0 && omp_get_thread_num () == 0)
	{
	  wait_arrived (4);
	  pause_ms (150);
	  stop ();
	  go = 1;
	}
      while (!go)
	pause_ms (2);
    }
  }
}

/* task: thread 0 creates a task; whichever thread runs it stops inside
   it, the others wait at the region's end barrier.  */
static void
task_body (int line, long creator)
{
  say ("task tid=%ld line=%d creator=%ld frame=%p\n", tid (), line, creator,
       __builtin_frame_address (0));
  me (line, "wait=none");
  pause_ms (150);
  stop ();
}

static void
scene_task (void)
{
  int line = __LINE__ + 1;
#pragma omp parallel num_threads (2)
  {
    if (omp_get_thread_num () == 0)
      {
	say ("region line=%d level=1 size=%d\n", line, omp_get_num_threads ());
	long creator = tid ();
	int tline = __LINE__ + 1;
#pragma omp task
	task_body (tline, creator);
#pragma omp taskwait
      }
  }
}

/* target: in a region of 2, thread 0 encounters a target region, which
   runs on the host as an initial task of its own on that thread, and
   stops in it; thread 1 waits at an explicit barrier.  */
static void
scene_target (void)
{
  int line = __LINE__ + 1;
#pragma omp parallel num_threads (2)
  {
    if (omp_get_thread_num () == 0)
      {
	say ("region line=%d level=1 size=%d\n", line, omp_get_num_threads ());
	int tline = __LINE__ + 1;
#pragma omp target firstprivate (tline)
	{
	  say ("target tid=%ld line=%d level=%d num=%d initial_device=%d\n",
	       tid (), tline, omp_get_level (), omp_get_thread_num (),
	       omp_is_initial_device ());
	  stop ();
	  /* Not a tail call: the target region's frame stays on the
	     stack below scene_stop's.  */
	  __atomic_add_fetch (&arrived, 1, __ATOMIC_SEQ_CST);
	}
      }
#pragma omp barrier
  }
}

/* lock: thread 1 holds scene_lock; thread 2 waits for it; thread 0
   stops.  */
static void
scene_lock_wait (void)
{
  omp_init_lock (&scene_lock);
  say ("symbol name=scene_lock addr=%p\n", (void *) &scene_lock);
  int line = __LINE__ + 1;
#pragma omp parallel num_threads (3)
  {
    int n = omp_get_thread_num ();
    if (n == 0)
      say ("region line=%d level=1 size=%d\n", line, omp_get_num_threads ());
    if (n == 1)
      {
	omp_set_lock (&scene_lock);
	me (line, "wait=holder");
	arrive ();
	while (!go)
	  pause_ms (5);
	omp_unset_lock (&scene_lock);
      }
    else if (n == 2)
      {
	wait_arrived (1);
	me (line, "wait=lock");
	arrive ();
	omp_set_lock (&scene_lock);
	omp_unset_lock (&scene_lock);
      }
    else
      {
	me (line, "wait=none");
	wait_arrived (2);
	pause_ms (200);
	stop ();
	go = 1;
      }
  }
}

/* critical: thread 1 is inside critical (scene_crit), thread 2 waits
   to enter it, thread 0 stops.  */
static void
scene_critical (void)
{
  int line = __LINE__ + 1;
#pragma omp parallel num_threads (3)
  {
    int n = omp_get_thread_num ();
    if (n == 0)
      say ("region line=%d level=1 size=%d\n", line, omp_get_num_threads ());
    if (n == 1)
      {
#pragma omp critical (scene_crit)
	{
	  me (line, "wait=holder");
	  arrive ();
	  while (!go)
	    pause_ms (5);
	}
      }
    else if (n == 2)
      {
	wait_arrived (1);
	me (line, "wait=critical");
	arrive ();
#pragma omp critical (scene_crit)
	go = go;
      }
    else
      {
	me (line, "wait=none");
	wait_arrived (2);
	pause_ms (200);
	stop ();
	go = 1;
      }
  }
}

/* taskwait: one thread creates a task and waits for it in taskwait; the
   task, run by the other thread (from the region's end barrier), stops:
   its scheduling task is not its generating task.  */
static volatile int task_started;
static void
scene_taskwait (void)
{
  int line = __LINE__ + 1;
#pragma omp parallel num_threads (2)
  {
#pragma omp single nowait
    {
      say ("region line=%d level=1 size=%d\n", line, omp_get_num_threads ());
      long creator = tid ();
      int tline = __LINE__ + 1;
#pragma omp task
      {
	task_started = 1;
	say ("task tid=%ld line=%d creator=%ld frame=%p\n", tid (), tline,
	     creator, __builtin_frame_address (0));
	me (tline, "wait=none");
	pause_ms (200);
	stop ();
      }
      /* Let the other thread take the task (from the region's end
	 barrier, where it waits), then wait for it.  Not forever: OpenMP
	 does not promise that a thread at a barrier takes tasks up, and
	 if none does, the task runs here in the taskwait (its truth says
	 so: created and run by this thread).  */
      for (int ms = 0; !task_started && ms < 5000; ms++)
	pause_ms (1);
      if (task_started)
	me (line, "wait=taskwait");
#pragma omp taskwait
    }
  }
}

/* deps: the creating thread makes task A (depend out: dep_x), task B
   (depend in: dep_x) and task C, then stops at once: B waits for A
   whatever the other thread does; A and C are queued or running (A spins
   until the stop is over).  The scene does not wait for the other thread
   to pick a task up.  */
static int dep_x;
static void
scene_deps (void)
{
  say ("symbol name=dep_x addr=%p\n", (void *) &dep_x);
  int line = __LINE__ + 1;
#pragma omp parallel num_threads (2)
  {
#pragma omp single nowait
    {
      say ("region line=%d level=1 size=%d\n", line, omp_get_num_threads ());
      int aline = __LINE__ + 1;
#pragma omp task depend (out: dep_x)
      {
	while (!go)
	  pause_ms (2);
	dep_x = 1;
      }
      say ("deferred line=%d state=any creator=%ld\n", aline, tid ());
      int bline = __LINE__ + 1;
#pragma omp task depend (in: dep_x)
      dep_x++;
      say ("deferred line=%d state=waiting deps=in creator=%ld\n", bline,
	   tid ());
      int cline = __LINE__ + 1;
#pragma omp task
      go = go;
      say ("deferred line=%d state=any creator=%ld\n", cline, tid ());
      me (line, "wait=none");
      pause_ms (100);
      stop ();
      go = 1;
    }
  }
}

/* nosym: a frame of code without any symbol on the stack, as a JIT
   compiler's: scene_stop is called through a few instructions copied to
   an anonymous mapping, first by thread 0 of a team of 2 (the other in
   the barrier), then by the initial thread outside any region.  x86-64
   only: elsewhere the scene says "nosym unsupported" and ends.  */
static void
scene_nosym (void)
{
#if defined __x86_64__
  /* push %rbp; mov %rsp,%rbp; call *%rdi; pop %rbp; ret */
  static const unsigned char code[] = {
    0x55, 0x48, 0x89, 0xe5, 0xff, 0xd7, 0x5d, 0xc3
  };
  void *p = mmap (NULL, 4096, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    {
      perror ("mmap");
      exit (2);
    }
  memcpy (p, code, sizeof code);
  if (mprotect (p, 4096, PROT_READ | PROT_EXEC) != 0)
    {
      perror ("mprotect");
      exit (2);
    }
  void (*call) (void (*) (void)) = (void (*) (void (*) (void))) p;
  int line = __LINE__ + 1;
#pragma omp parallel num_threads (2)
  {
    me (line, omp_get_thread_num () ? "wait=barrier" : "wait=none");
    arrive ();
    if (omp_get_thread_num () == 0)
      {
	wait_arrived (2);
	pause_ms (100);
	my_icvs ();
	call (scene_stop);
      }
#pragma omp barrier
  }
  call (scene_stop);
#else
  say ("nosym unsupported\n");
  stop ();
#endif
}

/* unstarted: a region of 2 whose thread 1 has been released into it
   but has not begun its implicit task -- as any worker is for a moment
   after a region starts, held here by a signal handler that runs on it
   in the runtime's dock wait.  A first region makes the pool thread and
   learns who it is; once that region is over, the thread is sent
   SIGUSR1 and the second region starts only when the handler holds it.
   Thread 0 writes the held thread's truth and stops; the thread is let
   go afterwards.  */
static volatile int held, release;
static void
hold_handler (int sig)
{
  (void) sig;
  held = 1;
  while (!release)
    pause_ms (1);
}

static void
scene_unstarted (void)
{
  static pthread_t worker;
  static long wtid;
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = hold_handler;
  sigaction (SIGUSR1, &sa, NULL);
#pragma omp parallel num_threads (2)
  if (omp_get_thread_num () == 1)
    {
      worker = pthread_self ();
      wtid = tid ();
    }
  pthread_kill (worker, SIGUSR1);
  while (!held)
    pause_ms (1);
  int line = __LINE__ + 1;
#pragma omp parallel num_threads (2)
  {
    if (omp_get_thread_num () == 0)
      {
	say ("region line=%d level=1 size=%d\n", line, omp_get_num_threads ());
	say ("unstarted tid=%ld num=1 level=1 size=2 line=%d\n", wtid, line);
	say ("handler tid=%ld fn=hold_handler\n", wtid);
	me (line, "wait=none");
	stop ();
	release = 1;
      }
  }
}

/* regionend: in a region of 2, thread 0 leaves the region's code and
   waits at the region's end while thread 1 stops in it.  */
static void
scene_regionend (void)
{
  int line = __LINE__ + 1;
#pragma omp parallel num_threads (2)
  {
    if (omp_get_thread_num () == 0)
      {
	say ("region line=%d level=1 size=%d\n", line, omp_get_num_threads ());
	me (line, "wait=end");
	arrive ();
      }
    else
      {
	me (line, "wait=none");
	wait_arrived (1);
	pause_ms (150);	/* thread 0 reaches the region's end */
	stop ();
	/* Not a tail call: the region's code stays on the stack.  */
	__atomic_add_fetch (&arrived, 1, __ATOMIC_SEQ_CST);
      }
  }
}

/* endbarrier: in a region of 3, threads 1 and 2 leave the region's code
   and wait at its end while thread 0 stops in it.  */
static void
scene_endbarrier (void)
{
  int line = __LINE__ + 1;
#pragma omp parallel num_threads (3)
  {
    if (omp_get_thread_num () == 0)
      {
	say ("region line=%d level=1 size=%d\n", line, omp_get_num_threads ());
	me (line, "wait=none");
	wait_arrived (omp_get_num_threads () - 1);
	pause_ms (150);	/* the others reach the region's end */
	stop ();
	/* Not a tail call: the region's code stays on the stack.  */
	__atomic_add_fetch (&arrived, 1, __ATOMIC_SEQ_CST);
      }
    else
      {
	me (line, "wait=end");
	arrive ();
      }
  }
}

/* deferredN: N deferred tasks that no thread starts.  Thread 0 of a team
   of 2 creates them while thread 1 is held in user code until the stop
   is over: task B (depend inout: dep_y), queued; 7/10 of N tasks of
   one construct (depend in: dep_y), waiting for B; the rest, tasks of
   another construct each with depend inout on its own byte of
   many_deps, queued.  Tasks with depend clauses are never run at once by the
   runtime's throttle, so all of them are there at the stop.  */
static int dep_y;
static char many_deps[1 << 18];
static volatile int deferred_sink;
static void
scene_deferred (int n)
{
  if (n < 3 || n > (int) sizeof many_deps)
    {
      fprintf (stderr, "deferredN: N from 3 to %zu\n", sizeof many_deps);
      exit (2);
    }
  say ("symbol name=dep_y addr=%p\n", (void *) &dep_y);
  say ("symbol name=many_deps addr=%p\n", (void *) many_deps);
  int nwait = n / 10 * 7 + n % 10 * 7 / 10, nqueued = n - 1 - nwait;
  int line = __LINE__ + 1;
#pragma omp parallel num_threads (2)
  {
    if (omp_get_thread_num () == 0)
      {
	say ("region line=%d level=1 size=%d\n", line,
	     omp_get_num_threads ());
	wait_arrived (1);	/* thread 1 is held in the region */
	long creator = tid ();
	int bline = __LINE__ + 1;
#pragma omp task depend (inout: dep_y)
	dep_y = 1;
	int wline = __LINE__ + 2;
	for (int i = 0; i < nwait; i++)
#pragma omp task depend (in: dep_y)
	  deferred_sink += dep_y;
	int qline = __LINE__ + 2;
	for (int i = 0; i < nqueued; i++)
#pragma omp task depend (inout: many_deps[i]) firstprivate (i)
	  many_deps[i] = 1;
	say ("deferred_group line=%d state=queued count=1 dep=inout sym=dep_y "
	     "pending=0 creator=%ld\n", bline, creator);
	say ("deferred_group line=%d state=waiting count=%d dep=in sym=dep_y "
	     "pending=1 creator=%ld\n", wline, nwait, creator);
	say ("deferred_group line=%d state=queued count=%d dep=inout "
	     "sym=many_deps pending=0 creator=%ld\n", qline, nqueued, creator);
	say ("deferred_total count=%d\n", n);
	me (line, "wait=none");
	stop ();
	go = 1;
      }
    else
      {
	me (line, "wait=spin");
	arrive ();
	while (!go)
	  pause_ms (2);
      }
  }
}

int
main (int argc, char **argv)
{
  if (argc < 3)
    {
      fprintf (stderr, "usage: %s SCENE TRUTH-FILE [hang|abort]\n", argv[0]);
      return 2;
    }
  truth = fopen (argv[2], "w");
  if (truth == NULL)
    {
      perror (argv[2]);
      return 2;
    }
  if (argc > 3)
    mode = argv[3];
  say ("main tid=%ld\n", tid ());
  /* The OMP_* settings it runs with (those without blanks): the tests
     compare `ompd env' with them.  */
  extern char **environ;
  for (char **e = environ; *e; e++)
    if (strncmp (*e, "OMP_", 4) == 0 && strpbrk (*e, " \t\n") == NULL)
      say ("env %s\n", *e);
  /* Where the dynamic linker put the OMPD symbols (none on a runtime
     without OMPD): the callbacks test compares its lookups with these.  */
  const char ***loc = dlsym (RTLD_DEFAULT, "ompd_dll_locations");
  if (loc != NULL)
    {
      /* The runtime fills it at start-up: force that first.  */
      (void) omp_get_max_threads ();
      say ("symbol name=ompd_dll_locations addr=%p first=%s\n",
	   (void *) loc, *loc && (*loc)[0] ? (*loc)[0] : "(null)");
    }
  void *valid = dlsym (RTLD_DEFAULT, "ompd_dll_locations_valid");
  if (valid != NULL)
    say ("symbol name=ompd_dll_locations_valid addr=%p\n", valid);
  say ("symbol name=scene_scratch addr=%p\n", (void *) &scene_scratch);
  const char *s = argv[1];
  if (strcmp (s, "parallel") == 0)
    scene_parallel (4);
  else if (strncmp (s, "parallel", 8) == 0 && atoi (s + 8) > 0)
    scene_parallel (atoi (s + 8));
  else if (strcmp (s, "nested") == 0)
    scene_nested ();
  else if (strcmp (s, "task") == 0)
    scene_task ();
  else if (strcmp (s, "taskwait") == 0)
    scene_taskwait ();
  else if (strcmp (s, "lock") == 0)
    scene_lock_wait ();
  else if (strcmp (s, "critical") == 0)
    scene_critical ();
  else if (strcmp (s, "deps") == 0)
    scene_deps ();
  else if (strcmp (s, "target") == 0)
    scene_target ();
  else if (strcmp (s, "nosym") == 0)
    scene_nosym ();
  else if (strcmp (s, "unstarted") == 0)
    scene_unstarted ();
  else if (strcmp (s, "regionend") == 0)
    scene_regionend ();
  else if (strcmp (s, "endbarrier") == 0)
    scene_endbarrier ();
  else if (strncmp (s, "deferred", 8) == 0 && atoi (s + 8) > 0)
    scene_deferred (atoi (s + 8));
  else
    {
      fprintf (stderr, "unknown scene %s\n", s);
      return 2;
    }
  printf ("scene %s done\n", s);
  return 0;
}
