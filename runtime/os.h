/* os.h -- the runtime's one seam to the operating system.

   The files of runtime/ are written in ISO C, POSIX and pthreads; what
   goes beyond (sleeping on a word, the kernel's thread id, affinity
   masks and the CPU topology, a process-wide memory barrier, the
   clock) is declared here and defined in runtime/config/OS/, the folder
   configure picks for the host.  A port writes that folder, modelled on
   runtime/config/linux/:

     os-inline.h  included below: the type gomp_cpuset_t and the bodies of
		  every function this file declares static inline, on the
		  paths where a call would cost (a barrier's wait and wake);
     *.c          the functions declared HIDDEN here;
     local.mk     their source list, included by runtime/local.mk under
		  the automake conditional configure.ac sets for the host.

   Nothing else in runtime/ includes a system header of one OS or makes a
   system call directly.  */

#ifndef OMPDBG_RUNTIME_OS_H
#define OMPDBG_RUNTIME_OS_H 1

#include <stdbool.h>
#include <stddef.h>

/* runtime/config/OS/os-inline.h, through the include path of the
   runtime's build (-I runtime/config/OS).  */
#include "os-inline.h"

#ifndef HIDDEN
# define HIDDEN __attribute__ ((visibility ("hidden")))
#endif

/* ---- sleeping on a word ------------------------------------------------

   The runtime's only way to put a thread to sleep and wake it (wait.c
   and the waits that build on it).  The word's protocol is the caller's
   (internal.h, WORD_SLEEPING); the OS provides only the atomic
   compare-and-sleep, on words private to the process.  */

/* Sleep while *ADDR is VAL.  Returns at once if it is not, and may
   return spuriously: callers look at the word again.  */
static inline void futex_wait (_Atomic unsigned int *addr, unsigned int val);

/* Wake up to COUNT threads sleeping in futex_wait on ADDR.  */
static inline void futex_wake (_Atomic unsigned int *addr, int count);

/* Wake every thread sleeping on ADDR.  */
static inline void futex_wake_all (_Atomic unsigned int *addr);

/* The process has NTHREADS threads of the runtime, each of which may
   sleep on a word of its own: let the system's table of sleepers fit
   them (pool.c calls this as it creates threads).  */
HIDDEN void gomp_os_futex_threads (unsigned int nthreads);

/* ---- threads and processors --------------------------------------------- */

/* The calling thread's id as the system and debuggers name it (the LWP
   a debugger attaches to and a core file lists): libompd matches OpenMP
   threads to system threads by it.  */
static inline int gomp_gettid (void);

/* The processors the process may run on (at least 1), for the default
   number of threads and omp_get_num_procs.  */
HIDDEN unsigned int gomp_os_num_procs (void);

/* ---- a process-wide memory barrier (doacross.c) --------------------------

   Lets the frequent side of an asymmetric barrier use a compiler fence
   only: the rare side makes every running thread of the process execute
   a full barrier.  */

/* Ask the system for the barrier, once per process.  False if it has
   none: then gomp_os_membarrier is never called.  */
HIDDEN bool gomp_os_membarrier_register (void);

/* The barrier, after gomp_os_membarrier_register said true.  Exits with
   a message if the system fails it.  */
HIDDEN void gomp_os_membarrier (void);

/* ---- the clock (time.c) ------------------------------------------------- */

/* Seconds on a monotonic clock: elapsed times stay right when the system
   time is set.  */
static inline double gomp_os_wtime (void);

/* That clock's resolution in seconds.  */
static inline double gomp_os_wtick (void);

/* ---- CPU sets (places.c, affinity-fmt.c) ---------------------------------

   gomp_cpuset_t, from os-inline.h, is a bit set of CPU numbers held in
   SIZE bytes of plain memory: allocated with malloc (SIZE), copied with
   memcpy and freed with free, CPU N in bit N.  The operations take the
   size in bytes and ignore CPUs beyond it, like glibc's CPU_*_S.  */

static inline void gomp_cpuset_zero (size_t size, gomp_cpuset_t *set);
static inline void gomp_cpuset_set (size_t cpu, size_t size,
				    gomp_cpuset_t *set);
static inline void gomp_cpuset_clr (size_t cpu, size_t size,
				    gomp_cpuset_t *set);
static inline bool gomp_cpuset_isset (size_t cpu, size_t size,
				      const gomp_cpuset_t *set);
static inline int gomp_cpuset_count (size_t size, const gomp_cpuset_t *set);
/* DST = A & B; DST may be A or B.  */
static inline void gomp_cpuset_and (size_t size, gomp_cpuset_t *dst,
				    const gomp_cpuset_t *a,
				    const gomp_cpuset_t *b);
static inline bool gomp_cpuset_equal (size_t size, const gomp_cpuset_t *a,
				      const gomp_cpuset_t *b);

/* ---- affinity and place discovery (places.c) ---------------------------- */

/* The abstract names of OMP_PLACES, numbered as libgomp numbers its
   topology levels.  */
enum gomp_place_level
{
  PLACE_THREADS = 1,
  PLACE_CORES = 2,
  PLACE_SOCKETS = 3,
  PLACE_LL_CACHES = 4,
  PLACE_NUMA_DOMAINS = 5
};

/* The calling thread's affinity mask in a set malloc'd by the callee, of
   *SIZE bytes just large enough for its highest CPU (places.c takes the
   mask the process starts with as the range of valid CPU numbers, as
   libgomp does).  NULL if the system refuses.  */
HIDDEN gomp_cpuset_t *gomp_os_get_affinity (size_t *size);

/* Bind the calling thread to SET (SIZE bytes).  0 or an errno value.  */
HIDDEN int gomp_os_bind_self (const gomp_cpuset_t *set, size_t size);

/* Add to GROUP (SIZE bytes, cleared by the caller) the CPUs that share
   LEVEL (threads, cores, sockets or ll_caches) with CPU.  CACHE_INDEX
   is gomp_os_last_cache_index (CPU), for PLACE_LL_CACHES only.  False if
   the topology of CPU cannot be read.  */
HIDDEN bool gomp_os_cpu_group (enum gomp_place_level level,
			       unsigned long cpu, int cache_index,
			       gomp_cpuset_t *group, size_t size);

/* Which of CPU's caches is its last level, in the numbering
   gomp_os_cpu_group understands; -1 if it has none.  */
HIDDEN int gomp_os_last_cache_index (unsigned long cpu);

/* Call FN (NODE_CPUS, ARG) for each online NUMA node in order, with its
   CPUs in NODE_CPUS (SIZE bytes).  False if the node list is unreadable;
   FN returning false stops the walk.  */
HIDDEN bool gomp_os_numa_nodes (bool (*fn) (gomp_cpuset_t *node_cpus,
					    void *arg),
				void *arg, size_t size);

#endif /* OMPDBG_RUNTIME_OS_H */
