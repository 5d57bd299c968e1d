/* futex-hash.c -- Linux: a futex hash table that fits the threads the
   process has (runtime/os.h, gomp_os_futex_threads).

   Each thread of the runtime sleeps on a word of its own (its dock,
   pool.c), so a region of T threads, when its workers had spun out,
   makes T - 1 wakes, each on another word.  The kernel finds the
   sleepers of a word by hashing it; since Linux 6.16 a process's private
   futexes hash into a table of its own, sized by the kernel for the
   CPUs (at least 16 slots), not for the threads.  With 4096 threads
   asleep on 2 CPUs that is 256 sleepers a slot, every one of which each
   wake walks past: at T = 4096 the kernel's futex_wake itself took some
   30 % of a region's CPU time (perf), and the region took 2.5 times as
   long as with a table sized for the threads.

   So when the process's threads reach a power of two from
   FUTEX_HASH_FROM on, the table is asked to grow to FUTEX_HASH_PER
   slots a thread of the next power of two (PR_FUTEX_HASH, PR_FUTEX_HASH_SET_SLOTS).  A size the
   kernel refuses (above its global table's) asks for the global table
   itself (0 slots), as kernels before 6.16 always used.  A kernel
   without the call (EINVAL for the option) is not asked again.  Growing
   rehashes every sleeper of the process, which the kernel does without
   losing a wake; it happens log2 (T) times at most, when threads are
   created, never on a region's path.  */

#include "config.h"
#include "internal.h"
#include "os.h"

#include <limits.h>
#include <sys/prctl.h>

/* The kernel's ABI values (linux/prctl.h, Linux 6.16), for older
   headers.  */
#ifndef PR_FUTEX_HASH
# define PR_FUTEX_HASH 78
#endif
#ifndef PR_FUTEX_HASH_SET_SLOTS
# define PR_FUTEX_HASH_SET_SLOTS 1
#endif

/* Below this many threads the kernel's own size (16 slots and up) has a
   few sleepers a slot at most.  */
#define FUTEX_HASH_FROM 64
#define FUTEX_HASH_PER 2

/* The thread count at which to ask next; UINT_MAX once the kernel has
   no such call or gave the global table.  Threads are created by their
   masters concurrently: a race only asks twice.  */
static _Atomic unsigned int futex_hash_next = FUTEX_HASH_FROM;

void
gomp_os_futex_threads (unsigned int nthreads)
{
  unsigned int next = atomic_load_explicit (&futex_hash_next,
					    memory_order_relaxed);
  if (nthreads < next)
    return;
  while (next <= nthreads && next <= UINT_MAX / 2)
    next *= 2;
  atomic_store_explicit (&futex_hash_next, next, memory_order_relaxed);
  /* NEXT, a power of two, is above NTHREADS.  */
  unsigned long slots = (unsigned long) next * FUTEX_HASH_PER;
  if (prctl (PR_FUTEX_HASH, PR_FUTEX_HASH_SET_SLOTS, slots, 0, 0) == 0)
    return;
  /* Either no such call (then this fails alike) or too many slots: the
     global table.  */
  prctl (PR_FUTEX_HASH, PR_FUTEX_HASH_SET_SLOTS, 0UL, 0, 0);
  atomic_store_explicit (&futex_hash_next, UINT_MAX, memory_order_relaxed);
}
