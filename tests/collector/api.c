/* api.c -- __omp_collector_api against the ground truth this program
   writes: every request with good and bad input (malformed lists,
   requests out of order, from a thread the runtime never saw, mem too
   small), every supported event counted per thread against the
   constructs each thread executed, the state and wait id seen from an
   event's callback and from a signal handler, PAUSE, RESUME, STOP and a
   second START.  Runs on our runtime only (tests/collector/api.sh).  */

#define CHECK_KEEP_GOING 1
#include "tests/lib/check.h"

#include <dlfcn.h>
#include <omp.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "runtime/omp_collector_api.h"

#define NTHR 4
#define NEV (OMP_EVENT_THR_END_ATWT + 1)

static int (*api) (void *);

/* A list of requests, built entry by entry.  */
struct list
{
  _Alignas (8) char buf[1024];
  size_t len;
};

/* Add a request R with MEMSZ bytes of mem, IN (INLEN bytes) at its
   start, the rest 0xa5; ec and rsz preset to -7, which the runtime
   overwrites.  Returns the entry's offset.  */
static size_t
add (struct list *l, int r, int memsz, const void *in, int inlen)
{
  size_t at = l->len;
  int sz = 16 + memsz, pre = -7;
  memcpy (l->buf + at, &sz, 4);
  memcpy (l->buf + at + 4, &r, 4);
  memcpy (l->buf + at + 8, &pre, 4);
  memcpy (l->buf + at + 12, &pre, 4);
  memset (l->buf + at + 16, 0xa5, memsz);
  if (inlen)
    memcpy (l->buf + at + 16, in, inlen);
  l->len += sz;
  int zero = 0;
  memcpy (l->buf + l->len, &zero, 4);
  return at;
}

static int
field (struct list *l, size_t at, int off)
{
  int v;
  memcpy (&v, l->buf + at + off, 4);
  return v;
}
#define EC(l, at) field (l, at, 8)
#define RSZ(l, at) field (l, at, 12)

static char *
mem (struct list *l, size_t at)
{
  return l->buf + at + 16;
}

/* One request with MEMSZ bytes of mem; its ec, rsz and mem's first 12
   bytes.  */
struct answer
{
  int rc, ec, rsz;
  char mem[16];
};

static struct answer
ask (int r, int memsz, const void *in, int inlen)
{
  struct list l = { .len = 0 };
  size_t at = add (&l, r, memsz, in, inlen);
  struct answer a;
  a.rc = api (l.buf);
  a.ec = EC (&l, at);
  a.rsz = RSZ (&l, at);
  memcpy (a.mem, mem (&l, at), memsz < 16 ? memsz : 16);
  return a;
}

static int
ask_ec (int r)
{
  return ask (r, 0, NULL, 0).ec;
}

static int
state (void **wait_id)
{
  struct answer a = ask (OMP_REQ_STATE, 12, NULL, 0);
  int s;
  memcpy (&s, a.mem, 4);
  if (wait_id)
    memcpy (wait_id, a.mem + 4, sizeof *wait_id);
  return a.ec == OMP_ERRCODE_OK ? s : -a.ec;
}

static uint64_t
prid (int r, int *ec)
{
  struct answer a = ask (r, 8, NULL, 0);
  uint64_t v;
  memcpy (&v, a.mem, 8);
  *ec = a.ec;
  return v;
}

static int
reg (int r, int event, void (*cb) (OMP_COLLECTORAPI_EVENT))
{
  char in[12];
  memcpy (in, &event, 4);
  memcpy (in + 4, &cb, sizeof cb);
  return ask (r, r == OMP_REQ_REGISTER ? 12 : 4, in, 12).ec;
}

/* ---- what each thread's callbacks saw ---------------------------------- */

struct seen
{
  volatile unsigned long n[NEV];
  volatile int state[NEV];	/* STATE asked in the last callback of each */
  void *wait_id[NEV];
  uint64_t fork_prid, fork_parent;
  int fork_parent_ec;
};
static __thread struct seen seen;

/* Every thread's events counted together: a thread that holds what the
   others are to wait for holds it until they have begun to wait, however
   late the machine's load lets them come.  */
static unsigned long begun[NEV];

/* Hold on until the other threads have begun to wait (event BEGIN) since
   the count was BEFORE; at most 10 s, after which the checks of the wait
   fail.  */
static void
hold_until_waited (int begin, unsigned long before)
{
  for (int i = 0; i < 10000; i++)
    {
      if (__atomic_load_n (&begun[begin], __ATOMIC_ACQUIRE)
	  >= before + NTHR - 1)
	return;
      usleep (1000);
    }
}

static void
on_event (OMP_COLLECTORAPI_EVENT e)
{
  if ((int) e <= 0 || (int) e >= NEV)
    {
      CHECK (0, "callback with event %d", (int) e);
      return;
    }
  seen.n[e]++;
  seen.state[e] = state (&seen.wait_id[e]);
  __atomic_add_fetch (&begun[e], 1, __ATOMIC_RELEASE);
  if (e == OMP_EVENT_FORK)
    {
      int ec;
      seen.fork_prid = prid (OMP_REQ_CURRENT_PRID, &ec);
      seen.fork_parent = prid (OMP_REQ_PARENT_PRID, &seen.fork_parent_ec);
    }
}

static void
register_all (void)
{
#define REG(name, value)						\
  CHECK_EQ (reg (OMP_REQ_REGISTER, name, on_event),			\
	    name == OMP_EVENT_THR_BEGIN_MASTER				\
	    || name == OMP_EVENT_THR_END_MASTER				\
	    || name == OMP_EVENT_THR_END_SINGLE				\
	    ? OMP_ERRCODE_UNSUPPORTED : OMP_ERRCODE_OK, "register %s", #name);
  OMP_COLLECTOR_FOREACH_EVENT (REG)
#undef REG
}

/* ---- a thread the runtime never saw ------------------------------------ */

static void *
stranger (void *arg)
{
  (void) arg;
  void *w;
  int ec;
  CHECK_EQ (state (&w), THR_SERIAL_STATE, "STATE of a non-OpenMP thread");
  CHECK_EQ (prid (OMP_REQ_CURRENT_PRID, &ec), 0, "its CURRENT_PRID");
  CHECK_EQ (ec, OMP_ERRCODE_OK, "its CURRENT_PRID's ec");
  prid (OMP_REQ_PARENT_PRID, &ec);
  CHECK_EQ (ec, OMP_ERRCODE_THREAD_ERR, "its PARENT_PRID");
  CHECK_EQ (reg (OMP_REQ_UNREGISTER, OMP_EVENT_THR_BEGIN_ATWT, NULL),
	    OMP_ERRCODE_OK, "UNREGISTER from it");
  CHECK_EQ (reg (OMP_REQ_REGISTER, OMP_EVENT_THR_BEGIN_ATWT, on_event),
	    OMP_ERRCODE_OK, "REGISTER from it");
  return NULL;
}

/* ---- STATE from a signal handler --------------------------------------- */

static int held;
/* Work for a region that would otherwise be empty (GCC drops those).  */
static int regions_run;
/* Work for the constructs of the region that pauses and resumes.  */
static int mid_work;
static __thread volatile int sig_state;
static __thread void *volatile sig_wait;
static __thread volatile uint64_t sig_prid;

static void
on_signal (int sig)
{
  (void) sig;
  /* The collector's async-signal-safe requests, in one list.  */
  struct list l = { .len = 0 };
  size_t a = add (&l, OMP_REQ_STATE, 12, NULL, 0);
  size_t b = add (&l, OMP_REQ_CURRENT_PRID, 8, NULL, 0);
  if (api (l.buf) != 0 || EC (&l, a) != 0 || EC (&l, b) != 0)
    {
      sig_state = -1;
      return;
    }
  int s;
  void *w;
  uint64_t p;
  memcpy (&s, mem (&l, a), 4);
  memcpy (&w, mem (&l, a) + 4, sizeof w);
  memcpy (&p, mem (&l, b), 8);
  sig_wait = w;
  sig_prid = p;
  sig_state = s;
}

extern void GOMP_atomic_start (void);
extern void GOMP_atomic_end (void);

int
main (void)
{
  api = (int (*) (void *)) dlsym (RTLD_DEFAULT, OMP_COLLECTOR_API);
  if (api == NULL)
    {
      printf ("FAIL: the runtime has no %s\n", OMP_COLLECTOR_API);
      return 1;
    }
  omp_set_dynamic (0);

  /* Malformed lists: the rest ignored, -1.  */
  CHECK_EQ (api (NULL), -1, "NULL list");
  {
    struct list l = { .len = 0 };
    add (&l, OMP_REQ_STATE, 12, NULL, 0);
    CHECK_EQ (api (l.buf + 1), -1, "misaligned list");
    CHECK_EQ (api (l.buf + 2), -1, "misaligned list");
  }
  for (int bad = 0; bad < 2; bad++)
    {
      /* A good entry, then one of size 12 or 18.  */
      struct list l = { .len = 0 };
      size_t a = add (&l, OMP_REQ_START, 0, NULL, 0);
      size_t b = add (&l, OMP_REQ_START, 0, NULL, 0);
      int sz = bad ? 18 : 12;
      memcpy (l.buf + b, &sz, 4);
      CHECK_EQ (api (l.buf), -1, "entry of size %d", sz);
      CHECK_EQ (EC (&l, a), OMP_ERRCODE_OK, "the entry before size %d", sz);
      CHECK_EQ (EC (&l, b), -7, "the entry of size %d is left alone", sz);
      CHECK_EQ (ask_ec (OMP_REQ_STOP), OMP_ERRCODE_OK, "STOP");
    }
  {
    struct list l = { .len = 0 };
    CHECK_EQ (api (l.buf), 0, "empty list");
  }

  /* Before START.  */
  CHECK_EQ (ask (99, 0, NULL, 0).ec, OMP_ERRCODE_UNKNOWN, "request 99");
  CHECK_EQ (ask (-1, 0, NULL, 0).ec, OMP_ERRCODE_UNKNOWN, "request -1");
  CHECK_EQ (ask (OMP_REQ_LAST, 0, NULL, 0).ec, OMP_ERRCODE_UNKNOWN,
	    "OMP_REQ_LAST");
  {
    struct answer a = ask (OMP_REQ_STATE, 12, NULL, 0);
    CHECK_EQ (a.rc, 0, "a list of one refused request");
    CHECK_EQ (a.ec, OMP_ERRCODE_SEQUENCE_ERR, "STATE before START");
  }
  static const int before[] = {
    OMP_REQ_REGISTER, OMP_REQ_UNREGISTER, OMP_REQ_CURRENT_PRID,
    OMP_REQ_PARENT_PRID, OMP_REQ_STOP, OMP_REQ_PAUSE, OMP_REQ_RESUME
  };
  for (size_t i = 0; i < sizeof before / sizeof *before; i++)
    CHECK_EQ (ask (before[i], 16, NULL, 0).ec, OMP_ERRCODE_SEQUENCE_ERR,
	      "request %d before START", before[i]);

  /* START, twice in one list: the second is out of order.  */
  {
    struct list l = { .len = 0 };
    size_t a = add (&l, OMP_REQ_START, 0, NULL, 0);
    size_t b = add (&l, OMP_REQ_START, 4, NULL, 0);
    size_t c = add (&l, OMP_REQ_STATE, 16, NULL, 0);
    CHECK_EQ (api (l.buf), 0, "START, START, STATE");
    CHECK_EQ (EC (&l, a), OMP_ERRCODE_OK, "first START");
    CHECK_EQ (EC (&l, b), OMP_ERRCODE_SEQUENCE_ERR, "second START");
    CHECK_EQ (EC (&l, c), OMP_ERRCODE_OK, "STATE");
    CHECK_EQ (RSZ (&l, c), 4 + (int) sizeof (void *), "STATE's rsz");
    int s;
    memcpy (&s, mem (&l, c), 4);
    CHECK_EQ (s, THR_SERIAL_STATE, "initial thread out of any region");
    CHECK_EQ ((unsigned char) mem (&l, c)[12], 0xa5,
	      "mem past rsz untouched");
  }

  /* mem too small: the size it needs.  */
  {
    struct answer a = ask (OMP_REQ_STATE, 8, NULL, 0);
    CHECK_EQ (a.ec, OMP_ERRCODE_MEM_TOO_SMALL, "STATE in 8 bytes");
    CHECK_EQ (a.rsz, 12, "STATE needs");
    a = ask (OMP_REQ_CURRENT_PRID, 4, NULL, 0);
    CHECK_EQ (a.ec, OMP_ERRCODE_MEM_TOO_SMALL, "CURRENT_PRID in 4 bytes");
    CHECK_EQ (a.rsz, 8, "CURRENT_PRID needs");
    a = ask (OMP_REQ_REGISTER, 8, NULL, 0);
    CHECK_EQ (a.ec, OMP_ERRCODE_ERROR, "REGISTER's input in 8 bytes");
    a = ask (OMP_REQ_UNREGISTER, 0, NULL, 0);
    CHECK_EQ (a.ec, OMP_ERRCODE_ERROR, "UNREGISTER's input in 0 bytes");
  }
  int ec;
  CHECK_EQ (prid (OMP_REQ_CURRENT_PRID, &ec), 0, "CURRENT_PRID, serial");
  CHECK_EQ (ec, OMP_ERRCODE_OK, "CURRENT_PRID, serial: ec");
  prid (OMP_REQ_PARENT_PRID, &ec);
  CHECK_EQ (ec, OMP_ERRCODE_THREAD_ERR, "PARENT_PRID, serial");

  /* Events that are not.  */
  static const int unknown[] = { 0, -1, 23, OMP_EVENT_THR_RESERVED_IMPL };
  for (size_t i = 0; i < sizeof unknown / sizeof *unknown; i++)
    {
      CHECK_EQ (reg (OMP_REQ_REGISTER, unknown[i], on_event),
		OMP_ERRCODE_UNKNOWN, "REGISTER event %d", unknown[i]);
      CHECK_EQ (reg (OMP_REQ_UNREGISTER, unknown[i], NULL),
		OMP_ERRCODE_UNKNOWN, "UNREGISTER event %d", unknown[i]);
    }
  CHECK_EQ (reg (OMP_REQ_REGISTER, OMP_EVENT_FORK, NULL), OMP_ERRCODE_ERROR,
	    "REGISTER a NULL callback");
  CHECK_EQ (reg (OMP_REQ_UNREGISTER, OMP_EVENT_JOIN, NULL), OMP_ERRCODE_OK,
	    "UNREGISTER what was never registered");
  register_all ();

  pthread_t pt;
  pthread_create (&pt, NULL, stranger, NULL);
  pthread_join (pt, NULL);

  /* One region of every construct, each thread checking its own
     counts.  */
  omp_lock_t lock;
  omp_init_lock (&lock);
  uint64_t outer_id = 0, inner_parent = 0;
  int inner_parent_ec = -1;
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigaction (SIGUSR1, &sa, NULL);
  pthread_t who[NTHR];
  unsigned long singles[NTHR] = { 0 }, ordered_its[NTHR] = { 0 };
  for (int round = 0; round < 2; round++)
    {
#pragma omp parallel num_threads (NTHR)
      {
	int me = omp_get_thread_num ();
	int e;
	who[me] = pthread_self ();
	uint64_t id = prid (OMP_REQ_CURRENT_PRID, &e);
	CHECK_EQ (state (NULL), THR_WORK_STATE, "STATE in the region");
	if (me == 0)
	  {
	    CHECK_EQ (seen.n[OMP_EVENT_FORK], (unsigned long) round + 1,
		      "FORKs by the master");
	    CHECK_EQ (seen.fork_prid, id, "CURRENT_PRID at FORK");
	    CHECK_EQ (seen.fork_parent, 0, "PARENT_PRID at FORK");
	    CHECK_EQ (seen.fork_parent_ec, OMP_ERRCODE_OK,
		      "PARENT_PRID at FORK: ec");
	    CHECK_EQ (seen.state[OMP_EVENT_FORK], THR_WORK_STATE,
		      "STATE at FORK");
	    outer_id = id;
	  }
	else
	  {
	    CHECK_EQ (seen.n[OMP_EVENT_FORK], me == 1 ? (unsigned long) round : 0,
		      "FORKs by a worker (thread 1 masters a nested region)");
	    prid (OMP_REQ_PARENT_PRID, &e);
	    CHECK_EQ (e, OMP_ERRCODE_THREAD_ERR, "PARENT_PRID of a worker");
	    /* It left its dock to come here, every time it did.  */
	    CHECK_EQ (seen.n[OMP_EVENT_THR_END_IDLE],
		      seen.n[OMP_EVENT_THR_BEGIN_IDLE], "idle end = begin");
	    CHECK (seen.n[OMP_EVENT_THR_END_IDLE] >= (unsigned long) round + 1,
		   "idle ends %lu", seen.n[OMP_EVENT_THR_END_IDLE]);
	  }
#pragma omp barrier
	/* Explicit barrier: thread 0 comes last; the others, waiting,
	   are asked their state by a signal.  */
	if (me == 0)
	  {
	    usleep (100000);
	    for (int t = 1; t < NTHR; t++)
	      pthread_kill (who[t], SIGUSR1);
	    usleep (100000);
	  }
#pragma omp barrier
	if (me != 0)
	  {
	    CHECK_EQ (sig_state, THR_EBAR_STATE, "STATE in a signal handler "
		      "at a barrier, thread %d", me);
	    CHECK_EQ (sig_prid, id, "CURRENT_PRID in a signal handler");
	    CHECK (seen.n[OMP_EVENT_THR_BEGIN_EBAR] >= 1, "EBAR begins %lu",
		   seen.n[OMP_EVENT_THR_BEGIN_EBAR]);
	    CHECK_EQ (seen.state[OMP_EVENT_THR_BEGIN_EBAR], THR_EBAR_STATE,
		      "STATE at EBAR begin");
	    CHECK (sig_wait != NULL
		   && sig_wait == seen.wait_id[OMP_EVENT_THR_BEGIN_EBAR],
		   "barrier wait id %p, at the event %p", sig_wait,
		   seen.wait_id[OMP_EVENT_THR_BEGIN_EBAR]);
	  }
	CHECK_EQ (seen.n[OMP_EVENT_THR_BEGIN_EBAR],
		  seen.n[OMP_EVENT_THR_END_EBAR], "EBAR begin = end");

	/* Implicit barrier of a loop: thread 0 comes last.  */
	int late = 0;
#pragma omp for schedule (dynamic, 1)
	for (int i = 0; i < NTHR; i++)
	  if (i == 0)
	    {
	      late = 1;
	      usleep (100000);
	    }
	if (!late)
	  {
	    CHECK (seen.n[OMP_EVENT_THR_BEGIN_IBAR] >= 1, "IBAR begins");
	    CHECK_EQ (seen.state[OMP_EVENT_THR_BEGIN_IBAR], THR_IBAR_STATE,
		      "STATE at IBAR begin");
	  }
	CHECK_EQ (seen.n[OMP_EVENT_THR_BEGIN_IBAR],
		  seen.n[OMP_EVENT_THR_END_IBAR], "IBAR begin = end");

	/* A lock thread 0 holds while the others ask for it.  */
	unsigned long lkwt_before
	  = __atomic_load_n (&begun[OMP_EVENT_THR_BEGIN_LKWT],
			     __ATOMIC_ACQUIRE);
	if (me == 0)
	  omp_set_lock (&lock);
#pragma omp barrier
	if (me == 0)
	  {
	    hold_until_waited (OMP_EVENT_THR_BEGIN_LKWT, lkwt_before);
	    omp_unset_lock (&lock);
	  }
	else
	  {
	    omp_set_lock (&lock);
	    omp_unset_lock (&lock);
	    CHECK_EQ (seen.n[OMP_EVENT_THR_BEGIN_LKWT], (unsigned long) round + 1,
		      "LKWT begins");
	    CHECK_EQ (seen.n[OMP_EVENT_THR_END_LKWT], (unsigned long) round + 1,
		      "LKWT ends");
	    CHECK_EQ (seen.state[OMP_EVENT_THR_BEGIN_LKWT], THR_LKWT_STATE,
		      "STATE at LKWT begin");
	    CHECK (seen.wait_id[OMP_EVENT_THR_BEGIN_LKWT] == (void *) &lock,
		   "lock wait id %p, the lock %p",
		   seen.wait_id[OMP_EVENT_THR_BEGIN_LKWT], (void *) &lock);
	  }
#pragma omp barrier
	/* Read before any thread can come to the ordered loop below.  */
	unsigned long odwt_before
	  = __atomic_load_n (&begun[OMP_EVENT_THR_BEGIN_ODWT],
			     __ATOMIC_ACQUIRE);
	/* The same with critical, and with the atomic lock.  */
	for (int kind = 0; kind < 2; kind++)
	  {
	    int begin = kind ? OMP_EVENT_THR_BEGIN_ATWT
			     : OMP_EVENT_THR_BEGIN_CTWT;
	    int want = kind ? THR_ATWT_STATE : THR_CTWT_STATE;
	    unsigned long before_n = seen.n[begin];
	    unsigned long begun_before
	      = __atomic_load_n (&begun[begin], __ATOMIC_ACQUIRE);
	    if (me == 0)
	      {
		/* Held while the others come to it.  */
		if (kind)
		  {
		    GOMP_atomic_start ();
		    __atomic_store_n (&held, 2 * round + kind + 1,
				      __ATOMIC_RELEASE);
		    hold_until_waited (begin, begun_before);
		    GOMP_atomic_end ();
		  }
		else
		  {
#pragma omp critical (api_test)
		    {
		      __atomic_store_n (&held, 2 * round + kind + 1,
					__ATOMIC_RELEASE);
		      hold_until_waited (begin, begun_before);
		    }
		  }
	      }
	    else
	      {
		while (__atomic_load_n (&held, __ATOMIC_ACQUIRE)
		       != 2 * round + kind + 1)
		  ;
		if (kind)
		  {
		    GOMP_atomic_start ();
		    GOMP_atomic_end ();
		  }
		else
		  {
#pragma omp critical (api_test)
		    __asm__ volatile ("" ::: "memory");
		  }
		CHECK_EQ (seen.n[begin], before_n + 1, "%s wait begins",
			  kind ? "atomic" : "critical");
		CHECK_EQ (seen.n[begin + 1], seen.n[begin], "%s wait ends",
			  kind ? "atomic" : "critical");
		CHECK_EQ (seen.state[begin], want, "STATE at %s wait",
			  kind ? "atomic" : "critical");
	      }
#pragma omp barrier
	  }

	/* ordered: iteration 0 late, until the others wait their turn.  */
#pragma omp for ordered schedule (static, 1)
	for (int i = 0; i < 2 * NTHR; i++)
	  {
	    if (i == 0)
	      hold_until_waited (OMP_EVENT_THR_BEGIN_ODWT, odwt_before);
#pragma omp ordered
	    ordered_its[me]++;
	  }
	CHECK_EQ (seen.n[OMP_EVENT_THR_BEGIN_ORDERED], ordered_its[me],
		  "ORDERED begins");
	CHECK_EQ (seen.n[OMP_EVENT_THR_END_ORDERED], ordered_its[me],
		  "ORDERED ends");
	if (me != 0)
	  CHECK_EQ (seen.state[OMP_EVENT_THR_BEGIN_ODWT], THR_ODWT_STATE,
		    "STATE at ODWT begin");
	CHECK_EQ (seen.n[OMP_EVENT_THR_BEGIN_ODWT],
		  seen.n[OMP_EVENT_THR_END_ODWT], "ODWT begin = end");

	/* single, with and without copyprivate.  */
	for (int k = 0; k < 5; k++)
	  {
#pragma omp single nowait
	    singles[me]++;
	  }
	int cp = 0;
#pragma omp single copyprivate (cp)
	{
	  cp = 1;
	  singles[me]++;
	}
	CHECK_EQ (cp, 1, "copyprivate");
#pragma omp barrier
	CHECK_EQ (seen.n[OMP_EVENT_THR_BEGIN_SINGLE], singles[me],
		  "SINGLE begins");

	/* A nested region: its FORK names the outer one as parent.  */
	if (me == 1)
	  {
#pragma omp parallel num_threads (2)
	    if (omp_get_thread_num () == 0)
	      {
		inner_parent = seen.fork_parent;
		inner_parent_ec = seen.fork_parent_ec;
		int e2;
		prid (OMP_REQ_PARENT_PRID, &e2);
		CHECK_EQ (e2, OMP_ERRCODE_OK, "PARENT_PRID of a nested master");
		CHECK (prid (OMP_REQ_CURRENT_PRID, &e2) != id,
		       "the nested region has an id of its own");
	      }
	    CHECK_EQ (seen.n[OMP_EVENT_JOIN], (unsigned long) round + 1,
		      "JOINs of the nested region's master");
	  }
      }
      CHECK_EQ (seen.n[OMP_EVENT_JOIN], (unsigned long) round + 1,
		"JOINs of the master");
      CHECK_EQ (seen.state[OMP_EVENT_JOIN], THR_SERIAL_STATE,
		"STATE at JOIN");
      CHECK_EQ (inner_parent, outer_id, "nested FORK's PARENT_PRID");
      CHECK_EQ (inner_parent_ec, OMP_ERRCODE_OK, "nested FORK's ec");
      CHECK_EQ (prid (OMP_REQ_CURRENT_PRID, &ec), 0, "CURRENT_PRID after");
    }

  /* PAUSE: no events, not remembered; REGISTER still processed.  */
  unsigned long forks = seen.n[OMP_EVENT_FORK];
  CHECK_EQ (ask_ec (OMP_REQ_PAUSE), OMP_ERRCODE_OK, "PAUSE");
  CHECK_EQ (ask_ec (OMP_REQ_PAUSE), OMP_ERRCODE_OK, "PAUSE again");
  CHECK_EQ (reg (OMP_REQ_REGISTER, OMP_EVENT_JOIN, on_event), OMP_ERRCODE_OK,
	    "REGISTER while paused");
#pragma omp parallel num_threads (2)
  __atomic_fetch_add (&regions_run, 1, __ATOMIC_RELAXED);
  CHECK_EQ (seen.n[OMP_EVENT_FORK], forks, "no FORK while paused");
  CHECK_EQ (ask_ec (OMP_REQ_RESUME), OMP_ERRCODE_OK, "RESUME");
  CHECK_EQ (ask_ec (OMP_REQ_RESUME), OMP_ERRCODE_OK, "RESUME again");
#pragma omp parallel num_threads (2)
  __atomic_fetch_add (&regions_run, 1, __ATOMIC_RELAXED);
  CHECK_EQ (seen.n[OMP_EVENT_FORK], forks + 1, "FORK after RESUME");
  CHECK_EQ (reg (OMP_REQ_UNREGISTER, OMP_EVENT_FORK, NULL), OMP_ERRCODE_OK,
	    "UNREGISTER FORK");
#pragma omp parallel num_threads (2)
  __atomic_fetch_add (&regions_run, 1, __ATOMIC_RELAXED);
  CHECK_EQ (seen.n[OMP_EVENT_FORK], forks + 1, "no FORK once unregistered");

  /* STOP: callbacks cancelled, every request but START refused.  */
  unsigned long joins = seen.n[OMP_EVENT_JOIN];
  CHECK_EQ (ask_ec (OMP_REQ_STOP), OMP_ERRCODE_OK, "STOP");
  CHECK_EQ (ask_ec (OMP_REQ_STOP), OMP_ERRCODE_SEQUENCE_ERR, "STOP again");
  CHECK_EQ (state (NULL), -OMP_ERRCODE_SEQUENCE_ERR, "STATE after STOP");
#pragma omp parallel num_threads (2)
  __atomic_fetch_add (&regions_run, 1, __ATOMIC_RELAXED);
  CHECK_EQ (seen.n[OMP_EVENT_JOIN], joins, "no JOIN after STOP");
  CHECK_EQ (ask_ec (OMP_REQ_START), OMP_ERRCODE_OK, "START after STOP");
#pragma omp parallel num_threads (2)
  __atomic_fetch_add (&regions_run, 1, __ATOMIC_RELAXED);
  CHECK_EQ (seen.n[OMP_EVENT_JOIN], joins,
	    "no JOIN after a new START: STOP cancelled the callbacks");
  CHECK_EQ (reg (OMP_REQ_REGISTER, OMP_EVENT_JOIN, on_event), OMP_ERRCODE_OK,
	    "REGISTER after a new START");
#pragma omp parallel num_threads (2)
  __atomic_fetch_add (&regions_run, 1, __ATOMIC_RELAXED);
  CHECK_EQ (seen.n[OMP_EVENT_JOIN], joins + 1, "JOIN in the new session");
  CHECK_EQ (state (NULL), THR_SERIAL_STATE, "STATE in the new session");

  /* PAUSE and RESUME from thread 0 inside a region: each thread's events
     stop by its next construct after the request, and start again by
     its next after RESUME, also alone (a team of one).  The constructs
     with an event at their entry, whatever the waits: single and
     ordered (the barriers' come only when a thread waits).  */
  static const int mid_events[] = {
    OMP_EVENT_THR_BEGIN_SINGLE, OMP_EVENT_THR_BEGIN_ORDERED,
    OMP_EVENT_THR_END_ORDERED
  };
  for (size_t i = 0; i < sizeof mid_events / sizeof *mid_events; i++)
    CHECK_EQ (reg (OMP_REQ_REGISTER, mid_events[i], on_event),
	      OMP_ERRCODE_OK, "REGISTER event %d", mid_events[i]);
  for (int nthr = 1; nthr <= 2; nthr++)
    {
#pragma omp parallel num_threads (nthr)
      {
	int me = omp_get_thread_num ();
	unsigned long n0[NEV], n1[NEV];
	int its = 0;
	if (me == 0)
	  CHECK_EQ (ask_ec (OMP_REQ_PAUSE), OMP_ERRCODE_OK, "PAUSE inside");
#pragma omp barrier
	memcpy (n0, (void *) seen.n, sizeof n0);
#pragma omp barrier
#pragma omp single
	__atomic_fetch_add (&mid_work, 1, __ATOMIC_RELAXED);
#pragma omp for schedule (dynamic) ordered
	for (int k = 0; k < 4; k++)
#pragma omp ordered
	  __atomic_fetch_add (&mid_work, 1, __ATOMIC_RELAXED);
	for (size_t i = 0; i < sizeof mid_events / sizeof *mid_events; i++)
	  CHECK_EQ (seen.n[mid_events[i]], n0[mid_events[i]],
		    "event %d paused inside a team of %d, thread %d",
		    mid_events[i], nthr, me);
	if (me == 0)
	  CHECK_EQ (ask_ec (OMP_REQ_RESUME), OMP_ERRCODE_OK, "RESUME inside");
#pragma omp barrier
	memcpy (n1, (void *) seen.n, sizeof n1);
	int mine = 0;
#pragma omp single nowait
	mine = 1;
	CHECK_EQ (seen.n[OMP_EVENT_THR_BEGIN_SINGLE],
		  n1[OMP_EVENT_THR_BEGIN_SINGLE] + mine,
		  "SINGLE resumed inside a team of %d, thread %d", nthr, me);
#pragma omp for schedule (dynamic) ordered
	for (int k = 0; k < 4; k++)
	  {
#pragma omp ordered
	    its++;
	  }
	CHECK_EQ (seen.n[OMP_EVENT_THR_BEGIN_ORDERED],
		  n1[OMP_EVENT_THR_BEGIN_ORDERED] + its,
		  "ORDERED begins resumed inside, team of %d, thread %d",
		  nthr, me);
	CHECK_EQ (seen.n[OMP_EVENT_THR_END_ORDERED],
		  n1[OMP_EVENT_THR_END_ORDERED] + its,
		  "ORDERED ends resumed inside, team of %d, thread %d", nthr,
		  me);
      }
    }
  CHECK_EQ (regions_run, 2 * 6, "the regions ran");
  omp_destroy_lock (&lock);
  return check_finish (150);
}
