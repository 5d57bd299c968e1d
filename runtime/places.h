/* places.h -- what places.c (the place list, its parsing and the binding
   policies) and places-linux.c (the operating system's side: affinity
   masks and the CPU topology in sysfs) share.  Nothing else includes it:
   the rest of the runtime sees places only through internal.h.  */

#ifndef OMPDBG_RUNTIME_PLACES_H
#define OMPDBG_RUNTIME_PLACES_H 1

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>

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

/* places-linux.c */

/* The affinity mask the process started with, in a set of *SIZE bytes
   just large enough for its highest CPU (like libgomp, which makes CPU
   numbers beyond that "out of range").  NULL if the system refuses.  */
HIDDEN cpu_set_t *gomp_os_initial_mask (size_t *size);

/* Add to GROUP (SIZE bytes, cleared by the caller) the CPUs that share
   LEVEL (threads, cores, sockets or ll_caches) with CPU, as sysfs lists
   them.  CACHE_INDEX is the cache/indexN directory of the last-level
   cache (gomp_os_last_cache_index), for PLACE_LL_CACHES only.  False if
   the topology of CPU cannot be read.  */
HIDDEN bool gomp_os_cpu_group (enum gomp_place_level level,
			       unsigned long cpu, int cache_index,
			       cpu_set_t *group, size_t size);

/* The cache/indexN directory of CPU's last-level cache: the highest
   level, and of those the highest index.  -1 if there is none.  */
HIDDEN int gomp_os_last_cache_index (unsigned long cpu);

/* Call FN (NODE_CPUS, ARG) for each online NUMA node in order, with its
   CPUs in NODE_CPUS (SIZE bytes).  False if the node list is unreadable;
   FN returning false stops the walk.  */
HIDDEN bool gomp_os_numa_nodes (bool (*fn) (cpu_set_t *node_cpus, void *arg),
				void *arg, size_t size);

/* Bind the calling thread to SET (SIZE bytes).  0 or an errno value.  */
HIDDEN int gomp_os_bind_self (const cpu_set_t *set, size_t size);

#endif /* OMPDBG_RUNTIME_PLACES_H */
