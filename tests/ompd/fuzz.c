/* fuzz.c -- libompd against garbage: every read the library makes of the
   target may fail (with any return code a callback may give, and some it
   may not), come back with random bytes, or with pointers replaced by
   other addresses; the symbol lookup and the type sizes may fail or lie,
   and allocations may fail; and the library must answer every call with
   an ompd_rc_t: no crash, no hang, no leak, no use of freed or
   unallocated memory.  The build's libompd.so is loaded as a debugger
   loads it; configured with --enable-sanitizers, it and this program run
   under AddressSanitizer and UndefinedBehaviorSanitizer (any report aborts
   the test), which is how CI runs it.

   The target is this process (inproc.c) in a rich state: a team of 3,
   thread 1 master of a nested team of 2, thread 2 waiting for a lock,
   thread 0 in an undeferred task with two deferred tasks queued, one
   waiting for a dependence.  Each case: a random corruption rate and
   style, then process_initialize and a random sequence of 40 calls over
   the handles obtained so far, then every handle released; the address
   space must release, and every block allocated through the callbacks
   must be freed.

   OMPDBG_FUZZ_CASES (default 100000; `make fuzz-long' runs 10^6) and
   OMPDBG_FUZZ_SEED select the run; a failing case prints its seed.  A
   watchdog turns a hang into a failure: OMPDBG_FUZZ_CASE_SECONDS (default
   10; a case takes well under a millisecond) for each case.  */

#include "config.h"
#include "tests/ompd/inproc.h"

#include <omp.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <pthread.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

void GOMP_parallel (void (*fn) (void *), void *data, unsigned num_threads,
		    unsigned int flags);

static struct ompd_api api;

/* ---- randomness ------------------------------------------------------------ */

static uint64_t rng_state;

static uint64_t
rnd (void)
{
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static unsigned
below (unsigned n)
{
  return (unsigned) (rnd () % n);
}

/* ---- the corrupting callbacks ------------------------------------------------ */

static unsigned p_err, p_garbage;	/* per 1000 reads */
static unsigned p_alloc_fail;		/* per 1000 allocations */
static unsigned long reads, clean_reads;
static uint64_t seen_ptrs[64];
static ompd_rc_t symbol_rc, sizeof_rc;	/* ok: no failure this case */
static int sizeof_lie;			/* 1 + which size to change, or 0 */
static unsigned long injected[4];	/* reads, lookups, sizes, allocations */

/* What a failing callback returns: mostly the codes OMPD lets it return,
   sometimes one it may not.  */
static ompd_rc_t
some_failure (void)
{
  static const ompd_rc_t codes[] = {
    ompd_rc_error, ompd_rc_error, ompd_rc_device_read_error,
    ompd_rc_unavailable, ompd_rc_stale_handle, ompd_rc_bad_input,
    ompd_rc_unsupported, ompd_rc_incomplete, ompd_rc_nomem,
    ompd_rc_callback_error, ompd_rc_incompatible,
    (ompd_rc_t) 13, (ompd_rc_t) 1000, (ompd_rc_t) -1
  };
  return codes[below (sizeof codes / sizeof codes[0])];
}

static ompd_rc_t
symbol_hook (const char *name)
{
  (void) name;
  if (symbol_rc != ompd_rc_ok)
    injected[1]++;
  return symbol_rc;
}

static ompd_rc_t
sizeof_hook (ompd_device_type_sizes_t *sz)
{
  if (sizeof_rc != ompd_rc_ok || sizeof_lie)
    injected[2]++;
  if (sizeof_lie)
    {
      uint8_t *f[] = { &sz->sizeof_char, &sz->sizeof_short, &sz->sizeof_int,
		       &sz->sizeof_long, &sz->sizeof_long_long,
		       &sz->sizeof_pointer };
      *f[sizeof_lie - 1] = (uint8_t) rnd ();
    }
  return sizeof_rc;
}

static ompd_rc_t
alloc_hook (ompd_size_t n)
{
  (void) n;
  if (p_alloc_fail && below (1000) < p_alloc_fail)
    {
      injected[3]++;
      return below (4) ? ompd_rc_nomem : some_failure ();
    }
  return ompd_rc_ok;
}

static ompd_rc_t
hook (ompd_addr_t addr, size_t n, void *buf)
{
  (void) addr;
  unsigned char *b = buf;
  /* Remember pointer-looking words: garbage made of real addresses
     reaches further than random bits.  */
  if (n >= 8)
    {
      uint64_t w;
      memcpy (&w, b + (below ((unsigned) n / 8) * 8), 8);
      if (w > 0x10000 && w < 0x800000000000ull)
	seen_ptrs[below (64)] = w;
    }
  if (reads++ < clean_reads)
    return ompd_rc_ok;
  unsigned r = below (1000);
  if (r < p_err)
    {
      injected[0]++;
      return some_failure ();
    }
  if (r >= p_err + p_garbage)
    return ompd_rc_ok;
  switch (below (6))
    {
    case 0:			/* a few flipped bits */
      for (int i = 0, k = 1 + below (4); i < k; i++)
	b[below ((unsigned) n)] ^= (unsigned char) (1u << below (8));
      break;
    case 1:			/* random bytes throughout */
      for (size_t i = 0; i < n; i++)
	b[i] = (unsigned char) rnd ();
      break;
    case 2:			/* words replaced by known pointers */
    case 3:
      for (size_t i = 0; i + 8 <= n; i += 8)
	if (below (4) == 0)
	  {
	    uint64_t w = seen_ptrs[below (64)] + 8 * below (16);
	    memcpy (b + i, &w, 8);
	  }
      break;
    case 4:			/* words replaced by small or huge numbers */
      for (size_t i = 0; i + 4 <= n; i += 4)
	if (below (4) == 0)
	  {
	    uint32_t w = below (2) ? below (70000) : (uint32_t) rnd ();
	    memcpy (b + i, &w, 4);
	  }
      break;
    case 5:			/* a short read: the tail is garbage */
      for (size_t i = below ((unsigned) n); i < n; i++)
	b[i] = (unsigned char) rnd ();
      break;
    }
  return ompd_rc_ok;
}

/* ---- the target state -------------------------------------------------------- */

static long tids[8];
static uint64_t pthreads[8];
static int ntids;
static atomic_int stage;
static omp_lock_t lock;
static int x;

static void
record (void)
{
  int i = __atomic_fetch_add (&ntids, 1, __ATOMIC_SEQ_CST);
  tids[i] = syscall (SYS_gettid);
  pthreads[i] = (uint64_t) pthread_self ();
}

static void
nested_fn (void *arg)
{
  (void) arg;
  record ();
  if (omp_get_thread_num () == 0)
    while (atomic_load (&stage) < 2)
      usleep (1000);
#pragma omp barrier
}

/* ---- one case ------------------------------------------------------------------- */

#define MAXH 48

static struct
{
  ompd_thread_handle_t *th[MAXH];
  ompd_parallel_handle_t *ph[MAXH];
  ompd_task_handle_t *tk[MAXH];
  int nth, nph, ntk;
} H;

static unsigned long calls, rc_count[16];
static unsigned long ncases;		/* the number of cases run */

static void
count (ompd_rc_t rc)
{
  calls++;
  rc_count[(unsigned) rc < 15 ? (unsigned) rc : 15]++;
}


static void
add_thread (ompd_thread_handle_t *h)
{
  if (H.nth < MAXH)
    H.th[H.nth++] = h;
  else
    count (api.rel_thread_handle (h));
}

static void
add_parallel (ompd_parallel_handle_t *h)
{
  if (H.nph < MAXH)
    H.ph[H.nph++] = h;
  else
    count (api.rel_parallel_handle (h));
}

static void
add_task (ompd_task_handle_t *h)
{
  if (H.ntk < MAXH)
    H.tk[H.ntk++] = h;
  else
    count (api.rel_task_handle (h));
}

static ompd_thread_handle_t *
some_thread (void)
{
  return H.nth ? H.th[below (H.nth)] : NULL;
}

static ompd_parallel_handle_t *
some_parallel (void)
{
  return H.nph ? H.ph[below (H.nph)] : NULL;
}

static ompd_task_handle_t *
some_task (void)
{
  return H.ntk ? H.tk[below (H.ntk)] : NULL;
}

static void
free_string (const char *s)
{
  inproc_free ((void *) s);
}

static void
step (ompd_address_space_handle_t *as)
{
  ompd_rc_t rc;
  ompd_thread_handle_t *th;
  ompd_parallel_handle_t *ph;
  ompd_task_handle_t *tk;
  ompd_word_t w;
  ompd_address_t a;
  const char *s;
  int c;
  switch (below (21))
    {
    case 0:
    case 1:
      {
	int i = below (ntids + 1);
	int64_t id = i < ntids ? tids[i] : (int64_t) rnd ();
	uint64_t p = i < ntids ? pthreads[i] : rnd ();
	int32_t id4 = (int32_t) id;
	switch (below (3))
	  {
	  case 0:
	    rc = api.get_thread_handle (as, OMPD_THREAD_ID_LWP, 8, &id, &th);
	    break;
	  case 1:
	    rc = api.get_thread_handle (as, OMPD_THREAD_ID_LWP, 4, &id4, &th);
	    break;
	  default:
	    rc = api.get_thread_handle (as, OMPD_THREAD_ID_PTHREAD, 8, &p,
					&th);
	    break;
	  }
	count (rc);
	if (rc == ompd_rc_ok)
	  add_thread (th);
	break;
      }
    case 2:
      {
	ompd_thread_handle_t **all;
	int n;
	rc = api.get_threads (as, &all, &n);
	count (rc);
	/* incomplete: the threads that can be read, the debugger's too.  */
	if (rc == ompd_rc_ok || rc == ompd_rc_incomplete)
	  {
	    for (int i = 0; i < n; i++)
	      add_thread (all[i]);
	    inproc_free (all);
	  }
	break;
      }
    case 3:
      if ((th = some_thread ()) != NULL)
	{
	  count (rc = api.get_curr_parallel_handle (th, &ph));
	  if (rc == ompd_rc_ok)
	    add_parallel (ph);
	}
      break;
    case 4:
      if ((th = some_thread ()) != NULL)
	{
	  count (rc = api.get_curr_task_handle (th, &tk));
	  if (rc == ompd_rc_ok)
	    add_task (tk);
	}
      break;
    case 5:
      if ((ph = some_parallel ()) != NULL)
	{
	  ompd_parallel_handle_t *up;
	  count (rc = api.get_enclosing_parallel_handle (ph, &up));
	  if (rc == ompd_rc_ok)
	    add_parallel (up);
	}
      break;
    case 6:
      if ((tk = some_task ()) != NULL)
	{
	  count (rc = api.get_task_parallel_handle (tk, &ph));
	  if (rc == ompd_rc_ok)
	    add_parallel (ph);
	}
      break;
    case 7:
      if ((tk = some_task ()) != NULL)
	{
	  ompd_task_handle_t *o;
	  if (below (2))
	    count (rc = api.get_generating_task_handle (tk, &o));
	  else
	    count (rc = api.get_scheduling_task_handle (tk, &o));
	  if (rc == ompd_rc_ok)
	    add_task (o);
	}
      break;
    case 8:
      if ((ph = some_parallel ()) != NULL)
	{
	  int n = (int) below (6) - 1;
	  if (below (2))
	    {
	      count (rc = api.get_task_in_parallel (ph, n, &tk));
	      if (rc == ompd_rc_ok)
		add_task (tk);
	    }
	  else
	    {
	      count (rc = api.get_thread_in_parallel (ph, n, &th));
	      if (rc == ompd_rc_ok)
		add_thread (th);
	    }
	}
      break;
    case 9:
      if ((th = some_thread ()) != NULL)
	{
	  ompd_wait_id_t wid;
	  int64_t id;
	  count (api.get_state (th, &w, &wid));
	  count (api.get_thread_id (th, below (3), below (2) ? 8 : 4, &id));
	  count (api.thread_handle_compare (th, some_thread (), &c));
	  count (api.get_tool_data (th, ompd_scope_thread, &w, &a));
	}
      break;
    case 10:
    case 11:
      {
	/* An ICV, by a random id, on a random handle and scope.  */
	ompd_scope_t scope = (ompd_scope_t) (1 + below (6));
	void *h = scope <= ompd_scope_address_space ? (void *) as
	  : scope == ompd_scope_thread ? (void *) some_thread ()
	  : scope == ompd_scope_parallel ? (void *) some_parallel ()
	  : (void *) some_task ();
	if (below (8) == 0)
	  h = below (2) ? (void *) some_task () : (void *) some_thread ();
	if (h == NULL)
	  break;
	ompd_icv_id_t id = below (50);
	count (api.get_icv_from_scope (h, scope, id, &w));
	count (rc = api.get_icv_string_from_scope (h, scope, id, &s));
	if (rc == ompd_rc_ok)
	  free_string (s);
	break;
      }
    case 12:
      {
	ompd_icv_id_t cur = below (50), next;
	ompd_scope_t sc;
	int more;
	count (rc = api.enumerate_icvs (as, cur, &next, &s, &sc, &more));
	if (rc == ompd_rc_ok)
	  free_string (s);
	ompd_word_t st = below (2) ? 0x102 : (ompd_word_t) below (0x110);
	count (rc = api.enumerate_states (as, st, &w, &s, &w));
	if (rc == ompd_rc_ok)
	  free_string (s);
	break;
      }
    case 13:
      {
	const char *const *vars;
	count (rc = api.get_display_control_vars (as, &vars));
	if (rc == ompd_rc_ok)
	  count (api.rel_display_control_vars (&vars));
	count (rc = api.get_omp_version_string (as, &s));
	if (rc == ompd_rc_ok)
	  free_string (s);
	count (api.get_omp_version (as, &w));
	break;
      }
    case 14:
      if ((tk = some_task ()) != NULL)
	{
	  ompd_frame_info_t f1, f2;
	  ompdbg_task_state_t ts;
	  count (api.get_task_function (tk, &a));
	  count (api.get_task_frame (tk, &f1, &f2));
	  count (api.get_tool_data (tk, below (2) ? ompd_scope_task
				    : ompd_scope_implicit_task, &w, &a));
	  count (api.get_task_state (tk, &ts));
	  count (api.task_handle_compare (tk, some_task (), &c));
	}
      break;
    case 15:
      if (below (2))
	{
	  ompd_task_handle_t **tasks;
	  int n;
	  count (rc = api.get_deferred_tasks (as, &tasks, &n));
	  if (rc == ompd_rc_ok)
	    {
	      for (int i = 0; i < n; i++)
		add_task (tasks[i]);
	      inproc_free (tasks);
	    }
	}
      else
	{
	  /* The list, fetched in pieces, and a handle from it.  */
	  ompdbg_deferred_task_list_t *list;
	  ompdbg_task_info_t info[4];
	  count (rc = api.get_deferred_task_list (as, &list, &w));
	  if (rc == ompd_rc_ok)
	    {
	      for (ompd_word_t i = 0; i <= w; i += 3)
		count (api.get_deferred_task_info (list, i, 1 + below (4), info,
						   &c));
	      if (w > 0)
		{
		  count (rc = api.get_deferred_task_handle
			 (list, below ((unsigned) w), &tk));
		  if (rc == ompd_rc_ok)
		    add_task (tk);
		}
	      count (api.rel_deferred_task_list (list));
	    }
	}
      break;
    case 16:
      if ((tk = some_task ()) != NULL)
	{
	  ompdbg_dependence_t *deps;
	  int n;
	  count (rc = api.get_task_dependences (tk, &deps, &n, &w));
	  if (rc == ompd_rc_ok)
	    inproc_free (deps);
	}
      break;
    case 17:
      if ((ph = some_parallel ()) != NULL)
	{
	  count (api.parallel_handle_compare (ph, some_parallel (), &c));
	  count (api.get_tool_data (ph, ompd_scope_parallel, &w, &a));
	}
      break;
    case 18:
      /* Release one handle.  */
      if (H.nth && below (3) == 0)
	{
	  int i = below (H.nth);
	  count (api.rel_thread_handle (H.th[i]));
	  H.th[i] = H.th[--H.nth];
	}
      else if (H.nph && below (2) == 0)
	{
	  int i = below (H.nph);
	  count (api.rel_parallel_handle (H.ph[i]));
	  H.ph[i] = H.ph[--H.nph];
	}
      else if (H.ntk)
	{
	  int i = below (H.ntk);
	  count (api.rel_task_handle (H.tk[i]));
	  H.tk[i] = H.tk[--H.ntk];
	}
      break;
    case 19:
      /* The holder of a thread's wait (thread 2's lock), the tasks'
	 wait-for graph (the dependence), a task's structure.  */
      if ((th = some_thread ()) != NULL)
	{
	  ompdbg_wait_holder_t h;
	  count (api.get_wait_holder (th, &h));
	}
      if ((tk = some_task ()) != NULL)
	count (api.get_task_address (tk, &a));
      {
	ompdbg_task_edge_t *edges;
	int n;
	count (rc = api.get_task_edges (as, &edges, &n));
	if (rc == ompd_rc_ok && edges != NULL)
	  inproc_free (edges);
      }
      break;
    default:
      {
	ompd_thread_id_t *kinds;
	ompd_size_t *sizes;
	int n;
	count (rc = api.get_device_thread_id_kinds (as, &kinds, &sizes, &n));
	if (rc == ompd_rc_ok)
	  {
	    inproc_free (kinds);
	    inproc_free (sizes);
	  }
	break;
      }
    }
}

/* The case running, for the watchdog's message; its time limit.  */
static volatile uint64_t current_seed;
static unsigned case_seconds = 10;

static void
watchdog (int sig)
{
  (void) sig;
  char msg[] = "FAIL: hang (watchdog) in the case of seed 0x0000000000000000\n";
  char *p = strchr (msg, '\n');
  for (uint64_t v = current_seed; v != 0; v >>= 4)
    *--p = "0123456789abcdef"[v & 15];
  ssize_t r = write (1, msg, sizeof msg - 1);
  (void) r;
  _exit (1);
}

static void
one_case (uint64_t seed)
{
  current_seed = seed;
  alarm (case_seconds);
  rng_state = seed;
  unsigned style = below (4);
  p_err = style == 0 ? 0 : below (60);
  p_garbage = style == 1 ? 0 : below (300);
  clean_reads = below (3) == 0 ? 0 : below (200);
  reads = 0;
  /* One case in 16 each: the symbol lookup fails, the sizes are refused
     or one is wrong; one in 8, allocations fail now and then.  */
  symbol_rc = below (16) == 0 ? some_failure () : ompd_rc_ok;
  sizeof_rc = below (16) == 0 ? some_failure () : ompd_rc_ok;
  sizeof_lie = below (16) == 0 ? 1 + (int) below (6) : 0;
  p_alloc_fail = below (8) == 0 ? 1 + below (40) : 0;
  long before = inproc_outstanding ();
  ompd_address_space_handle_t *as;
  ompd_rc_t rc = api.process_initialize (inproc_context (), &as);
  count (rc);
  if (rc == ompd_rc_ok)
    {
      memset (&H, 0, sizeof H);
      for (int i = 0; i < 40; i++)
	step (as);
      for (int i = 0; i < H.nth; i++)
	count (api.rel_thread_handle (H.th[i]));
      for (int i = 0; i < H.nph; i++)
	count (api.rel_parallel_handle (H.ph[i]));
      for (int i = 0; i < H.ntk; i++)
	count (api.rel_task_handle (H.tk[i]));
      rc = api.rel_address_space_handle (as);
      CHECK (rc == ompd_rc_ok, "seed %#llx: address space not released: %s",
	     (unsigned long long) seed, ompd_rc_name (rc));
    }
  CHECK (inproc_outstanding () == before, "seed %#llx: %ld blocks leaked",
	 (unsigned long long) seed, inproc_outstanding () - before);
  /* Nothing failing any more: the next case starts clean.  */
  symbol_rc = sizeof_rc = ompd_rc_ok;
  sizeof_lie = 0;
  p_alloc_fail = 0;
}


static void
region_fn (void *arg)
{
  (void) arg;
  int n = omp_get_thread_num ();
  if (n != 0)
    record ();
#pragma omp barrier
  if (n == 1)
    GOMP_parallel (nested_fn, NULL, 2, 0);
  else if (n == 2)
    {
      omp_set_lock (&lock);
      omp_unset_lock (&lock);
    }
  else
    {
      record ();
      omp_set_lock (&lock);
      for (int iter = 0; iter < 2; iter++)
	{
#pragma omp task depend(out: x) if (iter == 1)
	  while (iter == 1 && atomic_load (&stage) < 1)
	    usleep (1000);
#pragma omp task depend(in: x) if (iter == 1)
	  x++;
	}
#pragma omp task if (0)
      {
	/* Let the others get where they wait.  */
	usleep (200000);
	const char *env = getenv ("OMPDBG_FUZZ_CASES");
	ncases = env ? strtoul (env, NULL, 0) : 100000;
	env = getenv ("OMPDBG_FUZZ_SEED");
	uint64_t seed = env ? strtoull (env, NULL, 0) : 0x5eed0000;
	printf ("%lu cases from seed %#llx\n", ncases,
		(unsigned long long) seed);
	/* Once clean: the library's table of live handles is allocated
	   then and stays, which is no leak of any case.  */
	ompd_address_space_handle_t *as0;
	if (CHECK (api.process_initialize (inproc_context (), &as0)
		   == ompd_rc_ok, "process_initialize without corruption"))
	  api.rel_address_space_handle (as0);
	inproc_read_hook = hook;
	inproc_symbol_hook = symbol_hook;
	inproc_sizeof_hook = sizeof_hook;
	inproc_alloc_hook = alloc_hook;
	struct timespec t0, t1;
	clock_gettime (CLOCK_MONOTONIC, &t0);
	for (unsigned long i = 0; i < ncases; i++)
	  one_case (seed + i * 0x100000001ull);
	clock_gettime (CLOCK_MONOTONIC, &t1);
	alarm (60);
	inproc_read_hook = NULL;
	inproc_symbol_hook = NULL;
	inproc_sizeof_hook = NULL;
	inproc_alloc_hook = NULL;
	double secs = (double) (t1.tv_sec - t0.tv_sec)
	  + (double) (t1.tv_nsec - t0.tv_nsec) / 1e9;
	printf ("%lu cases in %.1f s (%.0f cases/s); failures injected: "
		"%lu reads, %lu symbol lookups, %lu type sizes, %lu "
		"allocations\n", ncases, secs, secs > 0 ? ncases / secs : 0.0,
		injected[0], injected[1], injected[2], injected[3]);
      }
      omp_unset_lock (&lock);
      atomic_store (&stage, 1);
#pragma omp taskwait
      atomic_store (&stage, 2);
    }
}

int
main (int argc, char **argv)
{
  (void) argc;
  setenv ("OMP_NUM_THREADS", "3,2", 1);
  setenv ("OMP_MAX_ACTIVE_LEVELS", "4", 1);
  setenv ("OMP_WAIT_POLICY", "passive", 1);
  inproc_ensure_ours (argv);
  setvbuf (stdout, NULL, _IOLBF, 0);
  /* A hang (libompd looping on garbage) must fail the test, not stall
     make check: each case gets CASE_SECONDS (one_case), the set-up and
     the end a minute.  */
  const char *env = getenv ("OMPDBG_FUZZ_CASE_SECONDS");
  if (env != NULL && strtoul (env, NULL, 0) > 0)
    case_seconds = (unsigned) strtoul (env, NULL, 0);
  signal (SIGALRM, watchdog);
  alarm (60);
  omp_init_lock (&lock);
  if (ompd_api_load (inproc_libompd (), &api) != 0)
    return 1;
  ompd_rc_t rc = api.initialize (202011, inproc_callbacks ());
  if (rc != ompd_rc_ok)
    {
      printf ("FAIL: ompd_initialize: %s\n", ompd_rc_name (rc));
      return 1;
    }
  GOMP_parallel (region_fn, NULL, 3, 0);
  api.finalize ();
  inproc_flush ();
  printf ("%lu calls:", calls);
  for (int i = 0; i < 16; i++)
    if (rc_count[i])
      printf (" %s %lu", i < 15 ? ompd_rc_name ((ompd_rc_t) i) : "other",
	      rc_count[i]);
  printf ("\n");
  CHECK (inproc_outstanding () == 0,
	 "%ld blocks not freed after ompd_finalize", inproc_outstanding ());
  /* Positive: the library did answer, and often well.  */
  CHECK (rc_count[ompd_rc_ok] >= calls / 10, "only %lu of %lu calls succeeded",
	 rc_count[ompd_rc_ok], calls);
  /* At least one check per case.  */
  return check_finish (ncases);
}
