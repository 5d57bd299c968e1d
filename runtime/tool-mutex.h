/* tool-mutex.h -- the mutex of critical, atomic and omp_set_lock with
   their tool events (mutex-acquire, -acquired, -released), at no cost
   on the uncontended path when no tool is on.

   An explicit test of gomp_tool_active before the mutex costs a load,
   a test and a branch on each side (6 instructions per critical
   section).  Here the values the mutex's own atomic operations compare
   with come from memory instead, and a tool being on makes them send
   every lock and unlock to the slow path, which tests the tool word:

   - the lock's compare-and-exchange expects gomp_tool_mutex.free: 0
     without a tool (a free word); with one, GOMP_TOOL_MUTEX_NEVER, a
     value no mutex word holds (waiters and nest bits, holder 0), so the
     exchange fails and the slow path takes the mutex with the events;
   - the unlock tests the word it exchanged with gomp_tool_mutex.slow:
     OMPDBG_MUTEX_WAITERS without a tool (someone may sleep: wake it);
     with one, every bit: a held word is never 0, so every unlock takes
     the slow path, which wakes a waiter if the word says so and sends
     the mutex-released event.

   Loading the compared value replaces the instruction that set the
   constant, and the test of the old word has a memory operand: the
   uncontended lock and unlock execute as many instructions as with no
   tool layer at all.  gomp_tool_mutex follows gomp_tool_active
   (gomp_tool_mutex_update, tool-word.h).  */

#ifndef OMPDBG_RUNTIME_TOOL_MUTEX_H
#define OMPDBG_RUNTIME_TOOL_MUTEX_H 1

#include "tool.h"

/* Neither free (0) nor ever held: a held word has a holder (1 or a
   thread id, OMPDBG_MUTEX_HOLDER's bits), and this has none.  */
#define GOMP_TOOL_MUTEX_NEVER \
  ((int) (OMPDBG_MUTEX_WAITERS | OMPDBG_MUTEX_NEST))

struct gomp_tool_mutex
{
  int free;		/* 0, or GOMP_TOOL_MUTEX_NEVER with a tool on */
  unsigned int slow;	/* OMPDBG_MUTEX_WAITERS, or ~0u with a tool on */
};

extern HIDDEN struct gomp_tool_mutex gomp_tool_mutex;

#ifdef OMPDBG_NO_TOOL
# define GOMP_TOOL_MUTEX_FREE 0
# define GOMP_TOOL_MUTEX_SLOW OMPDBG_MUTEX_WAITERS
#else
# define GOMP_TOOL_MUTEX_FREE \
  __atomic_load_n (&gomp_tool_mutex.free, __ATOMIC_RELAXED)
/* A plain read, which GCC folds into the unlock's test as its memory
   operand, where it loads an atomic or volatile word into a register
   first (one instruction more).  The word changes only when a tool
   comes or goes, and an unlock that reads it late sends no event or one
   too many, as a test of gomp_tool_active just before would.  */
# define GOMP_TOOL_MUTEX_SLOW (gomp_tool_mutex.slow)
#endif

/* The slow paths (tool-mutex.c).  The lock's: the exchange failed, the
   mutex is held or a tool is on; CFA is the entry point's frame, RA its
   return address.  The unlock's: SLOW is the word the unlock took, of
   its bits in gomp_tool_mutex.slow, which keeps OMPDBG_MUTEX_WAITERS
   either way (and the fast path need not keep the whole word).  */
HIDDEN void gomp_tool_mutex_lock (_Atomic int *m, ompt_mutex_t kind,
				  unsigned int state, uintptr_t wait_id,
				  void *cfa, const void *ra);
HIDDEN void gomp_tool_mutex_unlock (_Atomic int *m, unsigned int slow,
				    ompt_mutex_t kind, uintptr_t wait_id,
				    const void *ra);

/* Take mutex M (an object of KIND that a waiter waits for in STATE) in
   the entry point of the program's call: always inlined there, so that
   GOMP_CFA and GOMP_TOOL_RA are the entry point's.  */
static ALWAYS_INLINE void
gomp_tool_mutex_enter (_Atomic int *m, ompt_mutex_t kind, unsigned int state,
		       uintptr_t wait_id)
{
  int z = GOMP_TOOL_MUTEX_FREE;
  if (likely (atomic_compare_exchange_strong_explicit
	      (m, &z, gomp_mutex_self (), memory_order_acquire,
	       memory_order_relaxed)))
    return;
  gomp_tool_mutex_lock (m, kind, state, wait_id, GOMP_CFA (),
			GOMP_TOOL_RA ());
}

/* Give back mutex M, likewise.  */
static ALWAYS_INLINE void
gomp_tool_mutex_leave (_Atomic int *m, ompt_mutex_t kind, uintptr_t wait_id)
{
  unsigned int old = atomic_exchange_explicit (m, 0, memory_order_release);
  unsigned int slow = old & GOMP_TOOL_MUTEX_SLOW;
  if (unlikely (slow))
    gomp_tool_mutex_unlock (m, slow, kind, wait_id, GOMP_TOOL_RA ());
}

#endif /* OMPDBG_RUNTIME_TOOL_MUTEX_H */
