/* affinity.c -- Linux: affinity masks and the CPU topology for places.c
   (runtime/os.h): a thread's mask, binding the calling thread, and the
   groups of CPUs that sysfs describes.

   Topology, per CPU N, under /sys/devices/system/cpu/cpuN/:
     threads, cores   topology/core_cpus_list (the hardware threads of N's
		      core; older kernels call it thread_siblings_list)
     sockets          topology/package_cpus_list (core_siblings_list)
     ll_caches        cache/indexI/shared_cpu_list, I the last-level cache
   and /sys/devices/system/node/online, nodeK/cpulist for numa_domains.
   The lists are in the kernel's cpulist format: "0-3,8,10-11".  */

#include "config.h"
#include "internal.h"
#include "os.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SYS_CPU "/sys/devices/system/cpu/cpu"
#define SYS_NODE "/sys/devices/system/node/"

gomp_cpuset_t *
gomp_os_get_affinity (size_t *size)
{
  /* The kernel refuses a buffer smaller than its own mask (EINVAL): grow
     until it fits.  */
  for (size_t ncpus = CPU_SETSIZE; ncpus <= (1u << 22); ncpus *= 2)
    {
      size_t bytes = CPU_ALLOC_SIZE (ncpus);
      cpu_set_t *set = CPU_ALLOC (ncpus);
      if (set == NULL)
	return NULL;
      if (sched_getaffinity (0, bytes, set) == 0)
	{
	  size_t top = 0;
	  for (size_t i = 0; i < bytes * 8; i++)
	    if (CPU_ISSET_S (i, bytes, set))
	      top = i + 1;
	  if (top == 0)
	    {
	      CPU_FREE (set);
	      return NULL;
	    }
	  /* Shrink to the highest CPU we may use: what libgomp calls the
	     range of valid CPU numbers.  The set's first bytes stay.  */
	  *size = CPU_ALLOC_SIZE (top);
	  return set;
	}
      int err = errno;
      CPU_FREE (set);
      if (err != EINVAL)
	return NULL;
    }
  return NULL;
}

/* The first line of the file at PATH, from malloc (NULL: none).  */
static char *
read_first_line (const char *path)
{
  FILE *f = fopen (path, "re");
  if (f == NULL)
    return NULL;
  char *line = NULL;
  size_t cap = 0;
  bool ok = getline (&line, &cap, f) > 0;
  fclose (f);
  if (!ok)
    {
      free (line);
      return NULL;
    }
  return line;
}

/* The next item of the list format sysfs writes ("0-3,8,10-11") at *PP:
   its first and last number; *PP moves past it and its comma.  False at
   the end of the list or at anything else.  */
static bool
next_range (char **pp, unsigned long *first, unsigned long *last)
{
  char *p = *pp, *end;
  if (*p == '\0' || *p == '\n')
    return false;
  errno = 0;
  *first = *last = strtoul (p, &end, 10);
  if (errno || end == p)
    return false;
  p = end;
  if (*p == '-')
    {
      *last = strtoul (p + 1, &end, 10);
      if (errno || end == p + 1 || *last < *first)
	return false;
      p = end;
    }
  if (*p == ',')
    p++;
  *pp = p;
  return true;
}

/* Add the CPUs of the cpulist file PATH to SET (SIZE bytes); those beyond
   SIZE are left out, as no place can use them.  */
static bool
read_cpulist (const char *path, gomp_cpuset_t *set, size_t size)
{
  char *line = read_first_line (path);
  if (line == NULL)
    return false;
  unsigned long first, last;
  for (char *p = line; next_range (&p, &first, &last);)
    for (unsigned long c = first; c <= last && c < size * 8; c++)
      CPU_SET_S (c, size, set);
  free (line);
  return true;
}

/* Try the current name of a topology file, then its older name.  */
static bool
read_topology (unsigned long cpu, const char *name, const char *old_name,
	       gomp_cpuset_t *set, size_t size)
{
  char path[sizeof SYS_CPU + 64];
  snprintf (path, sizeof path, SYS_CPU "%lu/topology/%s", cpu, name);
  if (read_cpulist (path, set, size))
    return true;
  snprintf (path, sizeof path, SYS_CPU "%lu/topology/%s", cpu, old_name);
  return read_cpulist (path, set, size);
}

int
gomp_os_last_cache_index (unsigned long cpu)
{
  int best = -1;
  unsigned long best_level = 0;
  for (int i = 0; i < 128; i++)
    {
      char path[sizeof SYS_CPU + 64];
      snprintf (path, sizeof path, SYS_CPU "%lu/cache/index%d/level", cpu, i);
      FILE *f = fopen (path, "re");
      if (f == NULL)
	break;
      unsigned long level;
      if (fscanf (f, "%lu", &level) == 1 && level >= best_level)
	{
	  best = i;
	  best_level = level;
	}
      fclose (f);
    }
  return best;
}

bool
gomp_os_cpu_group (enum gomp_place_level level, unsigned long cpu,
		   int cache_index, gomp_cpuset_t *group, size_t size)
{
  switch (level)
    {
    case PLACE_THREADS:
    case PLACE_CORES:
      return read_topology (cpu, "core_cpus_list", "thread_siblings_list",
			    group, size);
    case PLACE_SOCKETS:
      return read_topology (cpu, "package_cpus_list", "core_siblings_list",
			    group, size);
    case PLACE_LL_CACHES:
      {
	char path[sizeof SYS_CPU + 64];
	snprintf (path, sizeof path,
		  SYS_CPU "%lu/cache/index%d/shared_cpu_list", cpu,
		  cache_index);
	return cache_index >= 0 && read_cpulist (path, group, size);
      }
    default:
      return false;
    }
}

bool
gomp_os_numa_nodes (bool (*fn) (gomp_cpuset_t *node_cpus, void *arg),
		    void *arg, size_t size)
{
  char *line = read_first_line (SYS_NODE "online");
  if (line == NULL)
    return false;
  gomp_cpuset_t *cpus = malloc (size);
  bool ok = cpus != NULL, go_on = true;
  unsigned long first, last;
  for (char *p = line; ok && go_on && next_range (&p, &first, &last);)
    for (unsigned long node = first; go_on && node <= last; node++)
      {
	char path[sizeof SYS_NODE + 64];
	snprintf (path, sizeof path, SYS_NODE "node%lu/cpulist", node);
	gomp_cpuset_zero (size, cpus);
	if (read_cpulist (path, cpus, size))
	  go_on = fn (cpus, arg);
      }
  free (cpus);
  free (line);
  return ok;
}

int
gomp_os_bind_self (const gomp_cpuset_t *set, size_t size)
{
  /* Thread 0 is the calling thread: sched_setaffinity is per thread.  */
  return sched_setaffinity (0, size, set) == 0 ? 0 : errno;
}
