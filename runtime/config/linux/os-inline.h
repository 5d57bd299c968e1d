/* os-inline.h -- Linux: the inline half of runtime/os.h, whose comments
   say what each function does.  Included by os.h only.  */

#ifndef OMPDBG_RUNTIME_CONFIG_LINUX_OS_INLINE_H
#define OMPDBG_RUNTIME_CONFIG_LINUX_OS_INLINE_H 1

#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <time.h>
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

/* sched_yield as the system call itself, on x86-64: it clobbers
   only the registers the instruction does, so that a spin loop calling
   it leaves the code around it as if it called nothing (a call would
   make its callers save registers on their uncontended path).  */
static inline void
gomp_yield_cpu (void)
{
#ifdef __x86_64__
  /* The number loaded inside the asm: as an input operand the compiler
     would set its register up ahead of the loop, on the path that never
     yields.  */
  __asm__ volatile ("movl %0, %%eax\n\tsyscall" : : "i" (SYS_sched_yield)
		    : "rax", "rcx", "r11", "memory");
#else
  sched_yield ();
#endif
}

/* The kernel's thread id, which ptrace and core files use.  */
static inline int
gomp_gettid (void)
{
  return (int) syscall (SYS_gettid);
}

static inline double
gomp_os_wtime (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

static inline double
gomp_os_wtick (void)
{
  struct timespec ts;
  clock_getres (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

/* glibc's dynamically sized CPU sets: sched_getaffinity and
   sched_setaffinity take them as they are.  */
typedef cpu_set_t gomp_cpuset_t;

static inline void
gomp_cpuset_zero (size_t size, gomp_cpuset_t *set)
{
  CPU_ZERO_S (size, set);
}

static inline void
gomp_cpuset_set (size_t cpu, size_t size, gomp_cpuset_t *set)
{
  CPU_SET_S (cpu, size, set);
}

static inline void
gomp_cpuset_clr (size_t cpu, size_t size, gomp_cpuset_t *set)
{
  CPU_CLR_S (cpu, size, set);
}

static inline bool
gomp_cpuset_isset (size_t cpu, size_t size, const gomp_cpuset_t *set)
{
  return CPU_ISSET_S (cpu, size, set);
}

static inline int
gomp_cpuset_count (size_t size, const gomp_cpuset_t *set)
{
  return CPU_COUNT_S (size, set);
}

static inline void
gomp_cpuset_and (size_t size, gomp_cpuset_t *dst, const gomp_cpuset_t *a,
		 const gomp_cpuset_t *b)
{
  CPU_AND_S (size, dst, a, b);
}

static inline bool
gomp_cpuset_equal (size_t size, const gomp_cpuset_t *a,
		   const gomp_cpuset_t *b)
{
  return CPU_EQUAL_S (size, a, b);
}

#endif
