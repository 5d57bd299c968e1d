/* futex.h -- the Linux futex system call, the only OS-specific way the
   runtime puts a thread to sleep and wakes it.  Kept in its own file so a
   port to another OS replaces just this.  */

#ifndef OMPDBG_RUNTIME_FUTEX_H
#define OMPDBG_RUNTIME_FUTEX_H 1

#include <linux/futex.h>
#include <limits.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Private futexes: the words never live in memory shared between
   processes, and the kernel can skip the mm lookup.  */
static inline void
futex_wait (_Atomic unsigned int *addr, unsigned int val)
{
  syscall (SYS_futex, (void *) addr, FUTEX_WAIT_PRIVATE, val, NULL, NULL, 0);
}

static inline void
futex_wake (_Atomic unsigned int *addr, int count)
{
  syscall (SYS_futex, (void *) addr, FUTEX_WAKE_PRIVATE, count, NULL, NULL, 0);
}

static inline void
futex_wake_all (_Atomic unsigned int *addr)
{
  futex_wake (addr, INT_MAX);
}

static inline int
gomp_gettid (void)
{
  return (int) syscall (SYS_gettid);
}

#endif
