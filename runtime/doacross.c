/* doacross.c -- doacross loops: `for ordered(N)` with `ordered
   depend(sink: ...)` and `ordered depend(source)`.  Entry points
   GOMP_loop_doacross_{static,dynamic,guided,runtime}_start, the 5.0
   GOMP_loop_doacross_start, their GOMP_loop_ull_doacross_* twins,
   GOMP_doacross_post / GOMP_doacross_wait and GOMP_doacross_ull_post /
   GOMP_doacross_ull_wait.

   What GCC's code does.  The first N loops of the nest are the ordered
   dimensions; with collapse(M) the first M of them are collapsed into
   one, so there are NCOUNTS = N - M + 1 dimensions.  COUNTS[d] is the
   number of iterations of dimension d.  *_start (then the ordinary
   GOMP_loop_*_next) hands out chunks of dimension 0 only, as logical
   iteration numbers in [0, COUNTS[0]); the compiled code runs the inner
   dimensions itself, in order.  At depend(source) it calls
   GOMP_doacross_post (V) and at depend(sink) GOMP_doacross_wait (V[0],
   V[1], ...), where V is a *logical* iteration vector, 0-based in every
   dimension: the compiler has already normalised the program's start,
   step and direction.  A sink outside the iteration space is ignored
   (GCC tests the sink against the bounds itself; we test again, since it
   costs one comparison per dimension).

   Positions.  A thread runs the iterations of a chunk of dimension 0 in
   lexicographic order, and a sink only names a lexicographically earlier
   iteration.  So it is enough to remember, per owner of iterations, the
   last iteration vector the owner posted: iteration V has passed its
   source when its owner's position is >= V.  Owners:
   - schedule(static): the thread.  Its chunks come in increasing order,
     and which thread owns V follows from V[0] and the schedule alone
     (iter.c's static_next): NTHREADS entries.
   - dynamic: the chunk, V[0] / chunk: ceil (COUNTS[0] / chunk) entries.
   - guided: the chunk too.  A guided chunk's size depends only on where
     it starts (gomp_iter_guided_end), so the chunks' first iterations are
     computed here once and V[0]'s chunk found by binary search: some
     NTHREADS * log (COUNTS[0]) entries, where one entry per iteration of
     dimension 0 (libgomp's choice) could take a cache line per row.
   Each entry is only ever written by one thread (the owner) and has a
   cache line of its own, so posting never contends with other posters;
   a waiter reads only the line of the owner it waits for.

   Encoding.  When the product of the counts fits in 64 bits (the
   "flattened" case, nearly always), vector V is the number
   V[0] * (C[1] * ... * C[n-1]) + V[1] * (C[2] * ...) + ... + V[n-1]:
   mixed radix, so numbers compare like the vectors lexicographically.
   The entry holds 1 + the last number posted (0: nothing posted yet) in
   one atomic word.  (libgomp packs each dimension into a power-of-two
   bit field instead; the product is the tighter test.)  Otherwise the
   entry holds the vector itself, one word per dimension, under a
   sequence lock: the owner makes the sequence number odd while it writes
   the vector, and a reader retries when it saw the number odd or changed.

   Memory ordering.  depend(source) promises a waiting iteration that
   everything the source iteration did before it is visible.  So post
   publishes the position with a release store (flattened: the position;
   otherwise the final, even sequence number) and wait reads it with an
   acquire load: a waiter that sees a position >= its target synchronises
   with the post that wrote it, which the owner made after all its
   earlier iterations and this one's work before the source.  A later
   position is written by a later release store of the same thread, so
   seeing any later value is enough.

   Waiting.  A waiter spins (gomp_spin_limit), then sleeps with futex on
   the entry's 32-bit event word.  Posting must not cost a system call or
   a write to a shared word when nobody sleeps, nor wake a sleeper whose
   iteration is still far off (a thread waiting for the end of another
   thread's block would otherwise be woken by each of its posts).  So a
   sleeper first registers its target in the entry's WAKE word (the
   smallest target of the entry's sleepers), then sets WORD_SLEEPING in
   the event word, then reads the position; the poster stores the
   position, then reads WAKE, and only if the new position reaches it
   clears WAKE and bumps the event word (gomp_word_bump: clears the bit,
   changes the word, calls futex_wake if the bit was set).  That is
   Dekker's pattern: there must be a full barrier between the stores and
   the load on both sides, so that at least one sees the other: either
   the waiter sees the new position and does not sleep, or the poster sees
   the registration and wakes it -- futex_wait sleeps only while the event
   word still holds the value the waiter saw, so it cannot miss the bump.
   Every sleeper wakes and those not yet satisfied register again; a
   registration the poster's clearing overwrote was made before the bump,
   so its waiter finds the event word changed and registers again too.
   (Unflattened entries do not compare vectors for WAKE: there a post
   wakes whenever WORD_SLEEPING is set.)

   The barrier is asymmetric.  A post is the hot path, and a fence there
   would make the owner wait, at every iteration, for the store of its
   position to reach the line a waiter keeps reading (measured: twice the
   time per iteration of a fine-grained wavefront).  So, where the system
   offers it, the sleeper, which is about to make a system call anyway,
   pays instead: the process-wide barrier of os.h (on Linux, membarrier
   MEMBARRIER_CMD_PRIVATE_EXPEDITED) makes every running thread of the
   process execute a full barrier (a thread that is not
   running has passed one in the context switch), and the poster needs
   only to keep the compiler from reordering its store and its load.
   Wherever the poster's barrier falls relative to its store and load,
   either its store is visible when membarrier returns, or its load
   comes after a barrier that follows the sleeper's registration (the
   scheme of liburcu's and folly's asymmetric fences).  Without
   membarrier both sides use seq_cst fences.  Whether membarrier is
   usable is decided once, before the first doacross loop is published,
   so that poster and sleeper always agree.

   While waiting, the thread's state says ompt_state_wait_ordered and its
   wait_id the loop's work share, as for ordered.

   Teams of one need nothing: their single thread runs every iteration in
   lexicographic order, so post and wait do nothing, as libgomp does.  */

#include "config.h"
#include "internal.h"
#include "os.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>

typedef unsigned long long gomp_ull;

/* GOMP_loop_doacross_start's schedule encoding (as for GOMP_loop_start,
   gomp_loop_sched_arg): 0 = runtime.  */
#define GFS_RUNTIME 0

/* ---- the asymmetric barrier (see the header comment) -------------------- */

/* True once the process-wide barrier is registered (os.h): set at most
   once, under pthread_once, before the first doacross loop is published;
   read only by threads of a published loop.  */
static bool use_membarrier;
static pthread_once_t membarrier_once = PTHREAD_ONCE_INIT;

static void
membarrier_setup (void)
{
  use_membarrier = gomp_os_membarrier_register ();
}

/* The poster's side: between storing its position and reading WAKE.  */
static inline void
barrier_light (void)
{
  if (likely (use_membarrier))
    atomic_signal_fence (memory_order_seq_cst);
  else
    atomic_thread_fence (memory_order_seq_cst);
}

/* The sleeper's side: between registering and reading the position.  */
static void
barrier_heavy (void)
{
  atomic_thread_fence (memory_order_seq_cst);
  if (use_membarrier)
    gomp_os_membarrier ();
  atomic_thread_fence (memory_order_seq_cst);
}

/* ---- positions ---------------------------------------------------------------- */

/* One owner's position.  Cache-line sized and aligned (in the array).  */
struct doacross_entry
{
  /* Flattened: 1 + the number of the last vector posted, 0 before any.
     Otherwise: the sequence number of V below, odd while it is written,
     0 before any post.  The address waiters report as their wait_id.  */
  _Atomic gomp_ull pos;
  /* Changes (gomp_word_bump) when a post wakes the sleepers.  */
  _Atomic unsigned int event;
  /* Flattened: ~ the smallest number a sleeper waits for, 0 if none
     (complemented so that the zeroed entry says none, and registering is
     an atomic maximum).  */
  _Atomic gomp_ull wake;
  /* Not flattened: the last vector posted, NCOUNTS words.  */
  _Atomic gomp_ull v[];
};

/* A doacross loop's shared state, one allocation, freed by gomp_ws_leave
   when the last thread has left the loop (ws->doacross).  */
struct gomp_doacross
{
  unsigned int ncounts;
  unsigned int sched;		/* GS_STATIC, GS_DYNAMIC or GS_GUIDED */
  unsigned int nthreads;
  bool flat;			/* positions are mixed-radix numbers */
  gomp_ull chunk;		/* the loop's, in iterations of dimension 0 */
  /* static without a chunk size: threads 0 .. T-1 own Q + 1 iterations
     each, iterations 0 .. BOUNDARY-1; the others Q each.  */
  gomp_ull q, t, boundary;
  gomp_ull nguided;		/* guided: number of chunks */
  gomp_ull *counts;		/* NCOUNTS */
  gomp_ull *stride;		/* flattened: weight of each dimension */
  gomp_ull *guided;		/* guided: first iteration of each chunk */
  size_t entry_size;		/* a multiple of CACHE_LINE */
  unsigned char *entries;	/* CACHE_LINE aligned */
  gomp_ull storage[];		/* counts, stride, guided, entries */
};

/* A target of GOMP_doacross_wait, in the loop's encoding.  */
struct doacross_target
{
  gomp_ull flat;		/* flattened */
  const gomp_ull *v;		/* otherwise: the vector */
};

static inline struct doacross_entry *
entry_at (const struct gomp_doacross *d, gomp_ull k)
{
  return (struct doacross_entry *) (void *) (d->entries + k * d->entry_size);
}

/* Coordinate or count I of a long or unsigned long long array.  A
   negative long becomes a huge unsigned value, i.e. out of range.  */
static inline gomp_ull
vec_get (const void *vec, unsigned int i, bool ull)
{
  if (ull)
    return ((const gomp_ull *) vec)[i];
  return (gomp_ull) ((const long *) vec)[i];
}

static inline gomp_ull
count_get (const void *counts, unsigned int i, bool ull)
{
  if (ull)
    return ((const gomp_ull *) counts)[i];
  long c = ((const long *) counts)[i];
  return c > 0 ? (gomp_ull) c : 0;
}

/* The entry of the owner of the iterations whose first coordinate is F
   (< counts[0]).  Must agree with iter.c's hand-out.  */
static gomp_ull
owner_of (const struct gomp_doacross *d, gomp_ull f)
{
  switch (d->sched)
    {
    case GS_DYNAMIC:
      return f / d->chunk;
    case GS_GUIDED:
      {
	/* The last chunk that starts at or before F; guided[0] == 0.  */
	gomp_ull lo = 0, hi = d->nguided;
	while (hi - lo > 1)
	  {
	    gomp_ull mid = lo + (hi - lo) / 2;
	    if (d->guided[mid] <= f)
	      lo = mid;
	    else
	      hi = mid;
	  }
	return lo;
      }
    default:
      if (d->chunk)
	return f / d->chunk % d->nthreads;
      if (f < d->boundary)
	return f / (d->q + 1);
      return (f - d->boundary) / d->q + d->t;
    }
}

/* Make the calling thread's (just initialised) loop a doacross loop, or
   return NULL when post and wait have nothing to do.  */
static struct gomp_doacross *
doacross_alloc (struct gomp_thread *thr, unsigned int ncounts,
		const void *counts, bool ull)
{
  struct gomp_team *team = thr->ts.team;
  struct gomp_work_share *ws = thr->ts.ws;
  if (team == NULL || team->nthreads == 1 || ncounts == 0)
    return NULL;
  /* Before any thread can post or wait on this loop (gomp_ws_publish).  */
  pthread_once (&membarrier_once, membarrier_setup);

  gomp_ull prod = 1;
  bool flat = true;
  for (unsigned int i = 0; i < ncounts; i++)
    {
      gomp_ull c = count_get (counts, i, ull);
      /* An empty dimension: no iteration ever posts or waits.  */
      if (c == 0)
	return NULL;
      /* prod <= 2^64 - 1, so 1 + the largest number, prod, fits too.  */
      if (flat && __builtin_mul_overflow (prod, c, &prod))
	flat = false;
    }

  gomp_ull n0 = count_get (counts, 0, ull);
  gomp_ull nthr = team->nthreads, nentries, nguided = 0;
  switch (ws->sched)
    {
    case GS_DYNAMIC:
      nentries = (n0 - 1) / ws->chunk + 1;
      break;
    case GS_GUIDED:
      for (gomp_ull s = 0; s < n0;
	   s = gomp_iter_guided_end (n0, s, nthr, ws->chunk))
	nguided++;
      nentries = nguided;
      break;
    default:
      nentries = nthr;
      break;
    }

  size_t esize = sizeof (struct doacross_entry)
    + (flat ? 0 : ncounts * sizeof (gomp_ull));
  esize = (esize + CACHE_LINE - 1) & ~(size_t) (CACHE_LINE - 1);
  size_t head = sizeof (struct gomp_doacross)
    + (2 * (size_t) ncounts + nguided) * sizeof (gomp_ull) + CACHE_LINE - 1;
  size_t size;
  if (__builtin_mul_overflow (nentries, esize, &size)
      || __builtin_add_overflow (size, head, &size))
    size = SIZE_MAX;
  /* calloc: the entries start at 0 ("nothing posted"), and a large block
     comes zeroed from mmap without being touched here.  */
  struct gomp_doacross *d = size == SIZE_MAX ? NULL : calloc (1, size);
  if (d == NULL)
    gomp_fatal_oom (size);

  d->ncounts = ncounts;
  d->sched = ws->sched;
  d->nthreads = team->nthreads;
  d->flat = flat;
  d->chunk = ws->chunk;
  d->counts = d->storage;
  d->stride = d->counts + ncounts;
  d->guided = d->stride + ncounts;
  d->nguided = nguided;
  d->entry_size = esize;
  d->entries = (unsigned char *)
    (((uintptr_t) (d->guided + nguided) + CACHE_LINE - 1)
     & ~(uintptr_t) (CACHE_LINE - 1));
  for (unsigned int i = 0; i < ncounts; i++)
    d->counts[i] = count_get (counts, i, ull);
  if (flat)
    {
      gomp_ull w = 1;
      for (unsigned int i = ncounts; i-- > 0;)
	{
	  d->stride[i] = w;
	  w *= d->counts[i];
	}
    }
  if (d->sched == GS_GUIDED)
    {
      gomp_ull k = 0;
      for (gomp_ull s = 0; s < n0;
	   s = gomp_iter_guided_end (n0, s, nthr, ws->chunk))
	d->guided[k++] = s;
    }
  else if (d->sched == GS_STATIC && d->chunk == 0)
    {
      /* iter.c's static_next without a chunk size.  */
      d->q = n0 / nthr;
      d->t = n0 % nthr;
      d->boundary = d->t * (d->q + 1);
    }
  return d;
}

/* Has the owner of entry E passed target T?  Acquire: if so, its work
   before that post is visible to the caller.  */
static bool
reached (const struct gomp_doacross *d, struct doacross_entry *e,
	 const struct doacross_target *t)
{
  if (likely (d->flat))
    return atomic_load_explicit (&e->pos, memory_order_acquire) > t->flat;
  for (;;)
    {
      /* Sequence lock, reader side: the acquire load of an even sequence
	 number synchronises with the post that stored it; the acquire
	 fence keeps the vector's loads before the second load of the
	 sequence number, so a vector torn by a later post shows up as a
	 changed number.  */
      gomp_ull s = atomic_load_explicit (&e->pos, memory_order_acquire);
      if (s == 0 || (s & 1))
	return false;		/* nothing posted, or a post under way */
      int cmp = 0;
      for (unsigned int i = 0; i < d->ncounts && cmp == 0; i++)
	{
	  gomp_ull p = atomic_load_explicit (&e->v[i], memory_order_relaxed);
	  cmp = p < t->v[i] ? -1 : p > t->v[i];
	}
      atomic_thread_fence (memory_order_acquire);
      if (atomic_load_explicit (&e->pos, memory_order_relaxed) == s)
	return cmp >= 0;
    }
}

/* At most this many pauses between two looks at a position.  */
#define SPIN_MAX_PAUSES 64

/* Wait until the owner of E has passed T: spin, then sleep on the
   entry's event word (see the header comment for why this cannot miss a
   wake-up).  */
static void
wait_slow (struct gomp_thread *thr, const struct gomp_doacross *d,
	   struct doacross_entry *e, const struct doacross_target *t,
	   void *cfa)
{
  struct gomp_own_wait saved
    = gomp_own_wait_begin (thr, ompt_state_wait_ordered,
			   (uintptr_t) thr->ts.ws, cfa);
  /* Spin, looking at the position less often the further the owner is
     from the target: each look takes the line the owner is writing away
     from it, and a waiter that looks all the time slows down the very
     thread it waits for.  (Gap in iterations of the flattened space;
     each pause counts as one spin.)  */
  unsigned long long spins = gomp_spin_limit ();
  for (unsigned long long i = 0; i < spins;)
    {
      unsigned int pauses = 1;
      if (likely (d->flat))
	{
	  gomp_ull p = atomic_load_explicit (&e->pos, memory_order_acquire);
	  if (p > t->flat)
	    goto done;
	  gomp_ull gap = t->flat + 1 - p;
	  pauses = gap < SPIN_MAX_PAUSES ? (unsigned int) gap : SPIN_MAX_PAUSES;
	}
      else if (reached (d, e, t))
	goto done;
      i += gomp_spin_relax_n (pauses);
    }
  for (;;)
    {
      /* Acquire: a poster's clearing of WAKE before its bump is then
	 older than our registration below.  */
      unsigned int w = atomic_load_explicit (&e->event, memory_order_acquire);
      if (likely (d->flat))
	{
	  gomp_ull inv = ~t->flat;
	  gomp_ull cur = atomic_load_explicit (&e->wake, memory_order_relaxed);
	  while (cur < inv
		 && !atomic_compare_exchange_weak_explicit
		      (&e->wake, &cur, inv, memory_order_relaxed,
		       memory_order_relaxed))
	    ;
	}
      if (!(w & WORD_SLEEPING))
	{
	  if (!atomic_compare_exchange_weak_explicit (&e->event, &w,
						      w | WORD_SLEEPING,
						      memory_order_relaxed,
						      memory_order_relaxed))
	    continue;
	  w |= WORD_SLEEPING;
	}
      /* Our stores (WAKE, the bit) before our load (the position); pairs
	 with barrier_light in post.  */
      barrier_heavy ();
      if (reached (d, e, t))
	break;
      futex_wait (&e->event, w);
    }
done:
  gomp_own_wait_end (thr, saved);
}

static inline void
doacross_post (const void *vec, bool ull)
{
  struct gomp_thread *thr = gomp_thread ();
  struct gomp_work_share *ws = thr->ts.ws;
  struct gomp_doacross *d = ws ? ws->doacross : NULL;
  if (d == NULL)
    return;
  gomp_ull f = vec_get (vec, 0, ull);
  if (unlikely (f >= d->counts[0]))
    return;
  /* static: the owner is the thread itself (owner_of would say the
     same, with a division or two).  */
  struct doacross_entry *e
    = entry_at (d, d->sched == GS_STATIC ? thr->ts.team_id : owner_of (d, f));
  if (likely (d->flat))
    {
      gomp_ull x = f * d->stride[0];
      for (unsigned int i = 1; i < d->ncounts; i++)
	{
	  gomp_ull c = vec_get (vec, i, ull);
	  if (unlikely (c >= d->counts[i]))
	    return;
	  x += c * d->stride[i];
	}
      /* Release: this iteration's writes before its source, and those of
	 the owner's earlier iterations, go with the new position.  */
      atomic_store_explicit (&e->pos, x + 1, memory_order_release);
      /* Our store (the position) before our load (WAKE); pairs with
	 barrier_heavy in wait_slow.  */
      barrier_light ();
      gomp_ull inv = atomic_load_explicit (&e->wake, memory_order_relaxed);
      if (unlikely (inv != 0) && x + 1 > ~inv)
	{
	  atomic_store_explicit (&e->wake, 0, memory_order_relaxed);
	  gomp_word_bump (&e->event);
	}
      return;
    }
  else
    {
      for (unsigned int i = 1; i < d->ncounts; i++)
	if (unlikely (vec_get (vec, i, ull) >= d->counts[i]))
	  return;
      /* Sequence lock, writer side (we are the entry's only writer): odd
	 number, release fence (no vector store moves above it), the
	 vector, then the even number with release ordering.  */
      gomp_ull s = atomic_load_explicit (&e->pos, memory_order_relaxed);
      atomic_store_explicit (&e->pos, s + 1, memory_order_relaxed);
      atomic_thread_fence (memory_order_release);
      for (unsigned int i = 0; i < d->ncounts; i++)
	atomic_store_explicit (&e->v[i], vec_get (vec, i, ull),
			       memory_order_relaxed);
      atomic_store_explicit (&e->pos, s + 2, memory_order_release);
    }
  /* As above, with the sleeping bit for WAKE.  */
  barrier_light ();
  if (atomic_load_explicit (&e->event, memory_order_relaxed) & WORD_SLEEPING)
    gomp_word_bump (&e->event);
}

/* Up to this many dimensions, an unflattened target lives on the stack.  */
#define TARGET_STACK_DIMS 16

/* The next coordinate of GOMP_doacross_wait's or _ull_wait's.  */
static inline gomp_ull
next_coord (va_list *ap, bool ull)
{
  return ull ? va_arg (*ap, gomp_ull) : (gomp_ull) va_arg (*ap, long);
}

static inline void
doacross_wait (gomp_ull first, va_list *ap, bool ull, void *cfa)
{
  struct gomp_thread *thr = gomp_thread ();
  struct gomp_work_share *ws = thr->ts.ws;
  struct gomp_doacross *d = ws ? ws->doacross : NULL;
  if (d == NULL)
    return;
  /* Outside the iteration space: no such iteration, nothing to wait for. */
  if (first >= d->counts[0])
    return;
  struct doacross_entry *e = entry_at (d, owner_of (d, first));
  struct doacross_target t;
  if (likely (d->flat))
    {
      t.flat = first * d->stride[0];
      for (unsigned int i = 1; i < d->ncounts; i++)
	{
	  gomp_ull c = next_coord (ap, ull);
	  if (c >= d->counts[i])
	    return;
	  t.flat += c * d->stride[i];
	}
      t.v = NULL;
      if (!reached (d, e, &t))
	wait_slow (thr, d, e, &t, cfa);
      return;
    }
  gomp_ull stack_v[TARGET_STACK_DIMS], *v = stack_v;
  if (d->ncounts > TARGET_STACK_DIMS)
    {
      v = malloc (d->ncounts * sizeof *v);
      if (v == NULL)
	gomp_fatal_oom (d->ncounts * sizeof *v);
    }
  v[0] = first;
  bool inside = true;
  for (unsigned int i = 1; i < d->ncounts; i++)
    {
      v[i] = next_coord (ap, ull);
      inside &= v[i] < d->counts[i];
    }
  t.flat = 0;
  t.v = v;
  if (inside && !reached (d, e, &t))
    wait_slow (thr, d, e, &t, cfa);
  if (v != stack_v)
    free (v);
}

/* ---- loop start ------------------------------------------------------------ */

/* Enter a doacross loop (every thread of the team calls this once) and
   get the calling thread's first chunk of dimension 0 in [*K0, *K1).
   SCHED is in GOMP_loop_start's encoding; REDUCTIONS and MEM as there.
   Always inlined into the entry points: GOMP_CFA () is theirs.  */
static ALWAYS_INLINE bool
doacross_start (unsigned int ncounts, const void *counts, bool ull,
		long sched, gomp_ull chunk, uintptr_t *reductions, void **mem,
		gomp_ull *k0, gomp_ull *k1)
{
  struct gomp_thread *thr = gomp_thread ();
  void *cfa = GOMP_CFA ();
  thr->ts.static_trip = 0;
  if (gomp_ws_enter_reductions (thr, reductions, cfa))
    {
      unsigned int kind = gomp_loop_sched_arg (thr, sched, &chunk);
      gomp_ull n0 = ncounts ? count_get (counts, 0, ull) : 0;
      gomp_iter_init (thr, WS_LOOP, 0, n0, 1, false, kind, chunk, false);
      /* Published with the loop by gomp_ws_publish (release).  */
      thr->ts.ws->doacross = doacross_alloc (thr, ncounts, counts, ull);
      if (mem)
	gomp_ws_mem (thr, true, mem);
      gomp_ws_publish (thr);
    }
  else if (mem)
    gomp_ws_mem (thr, false, mem);
  return gomp_iter_next (thr, k0, k1, cfa);
}

static ALWAYS_INLINE bool
doacross_start_long (unsigned int ncounts, long *counts, long sched,
		     long chunk, uintptr_t *reductions, void **mem,
		     long *istart, long *iend)
{
  gomp_ull s, e;
  if (!doacross_start (ncounts, counts, false, sched,
		       chunk > 0 ? (gomp_ull) chunk : 0, reductions, mem, &s,
		       &e))
    return false;
  *istart = (long) s;
  *iend = (long) e;
  return true;
}

EXPORT bool
GOMP_loop_doacross_static_start (unsigned ncounts, long *counts, long chunk,
				 long *istart, long *iend)
{
  return doacross_start_long (ncounts, counts, GS_STATIC, chunk, NULL,
			      NULL, istart, iend);
}

EXPORT bool
GOMP_loop_doacross_dynamic_start (unsigned ncounts, long *counts, long chunk,
				  long *istart, long *iend)
{
  return doacross_start_long (ncounts, counts, GS_DYNAMIC, chunk, NULL,
			      NULL, istart, iend);
}

EXPORT bool
GOMP_loop_doacross_guided_start (unsigned ncounts, long *counts, long chunk,
				 long *istart, long *iend)
{
  return doacross_start_long (ncounts, counts, GS_GUIDED, chunk, NULL,
			      NULL, istart, iend);
}

EXPORT bool
GOMP_loop_doacross_runtime_start (unsigned ncounts, long *counts,
				  long *istart, long *iend)
{
  return doacross_start_long (ncounts, counts, GFS_RUNTIME, 0, NULL,
			      NULL, istart, iend);
}

/* GOMP_5.0: the schedule as an argument, task reductions and a shared
   buffer.  GCC 12 emits it for doacross loops with task reductions.  */
EXPORT bool
GOMP_loop_doacross_start (unsigned ncounts, long *counts, long sched,
			  long chunk, long *istart, long *iend,
			  uintptr_t *reductions, void **mem)
{
  return doacross_start_long (ncounts, counts, sched, chunk, reductions, mem,
			      istart, iend);
}

EXPORT bool
GOMP_loop_ull_doacross_static_start (unsigned ncounts, gomp_ull *counts,
				     gomp_ull chunk, gomp_ull *istart,
				     gomp_ull *iend)
{
  return doacross_start (ncounts, counts, true, GS_STATIC, chunk, NULL, NULL,
			 istart, iend);
}

EXPORT bool
GOMP_loop_ull_doacross_dynamic_start (unsigned ncounts, gomp_ull *counts,
				      gomp_ull chunk, gomp_ull *istart,
				      gomp_ull *iend)
{
  return doacross_start (ncounts, counts, true, GS_DYNAMIC, chunk, NULL, NULL,
			 istart, iend);
}

EXPORT bool
GOMP_loop_ull_doacross_guided_start (unsigned ncounts, gomp_ull *counts,
				     gomp_ull chunk, gomp_ull *istart,
				     gomp_ull *iend)
{
  return doacross_start (ncounts, counts, true, GS_GUIDED, chunk, NULL, NULL,
			 istart, iend);
}

EXPORT bool
GOMP_loop_ull_doacross_runtime_start (unsigned ncounts, gomp_ull *counts,
				      gomp_ull *istart, gomp_ull *iend)
{
  return doacross_start (ncounts, counts, true, GFS_RUNTIME, 0, NULL, NULL,
			 istart, iend);
}

EXPORT bool
GOMP_loop_ull_doacross_start (unsigned ncounts, gomp_ull *counts, long sched,
			      gomp_ull chunk, gomp_ull *istart,
			      gomp_ull *iend, uintptr_t *reductions,
			      void **mem)
{
  return doacross_start (ncounts, counts, true, sched, chunk, reductions, mem,
			 istart, iend);
}

/* ---- depend(source) and depend(sink) ---------------------------------------- */

EXPORT void
GOMP_doacross_post (long *counts)
{
  doacross_post (counts, false);
}

EXPORT void
GOMP_doacross_ull_post (gomp_ull *counts)
{
  doacross_post (counts, true);
}

EXPORT void
GOMP_doacross_wait (long first, ...)
{
  va_list ap;
  va_start (ap, first);
  doacross_wait ((gomp_ull) first, &ap, false, GOMP_CFA ());
  va_end (ap);
}

EXPORT void
GOMP_doacross_ull_wait (gomp_ull first, ...)
{
  va_list ap;
  va_start (ap, first);
  doacross_wait (first, &ap, true, GOMP_CFA ());
  va_end (ap);
}
