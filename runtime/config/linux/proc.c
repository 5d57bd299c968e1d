/* proc.c -- Linux: the processors the process may use, and the
   process-wide memory barrier (runtime/os.h).  */

#include "config.h"
#include "internal.h"
#include "os.h"

#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

unsigned int
gomp_os_num_procs (void)
{
  unsigned int n;
  cpu_set_t set;
  if (sched_getaffinity (0, sizeof set, &set) == 0)
    n = (unsigned int) CPU_COUNT (&set);
  else
    {
      long online = sysconf (_SC_NPROCESSORS_ONLN);
      n = online > 0 ? (unsigned int) online : 1;
    }
  return n == 0 ? 1 : n;
}

/* membarrier's commands (linux/membarrier.h, where they are enumerators
   that the preprocessor cannot test for; stable kernel ABI values).  */
#ifdef SYS_membarrier
# define GOMP_MEMBARRIER_QUERY 0
# define GOMP_MEMBARRIER_PRIVATE_EXPEDITED (1 << 3)
# define GOMP_MEMBARRIER_REGISTER_PRIVATE_EXPEDITED (1 << 4)
#endif

bool
gomp_os_membarrier_register (void)
{
#ifdef SYS_membarrier
  long cmds = syscall (SYS_membarrier, GOMP_MEMBARRIER_QUERY, 0, 0);
  return (cmds > 0 && (cmds & GOMP_MEMBARRIER_PRIVATE_EXPEDITED)
	  && syscall (SYS_membarrier,
		      GOMP_MEMBARRIER_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0);
#else
  return false;
#endif
}

void
gomp_os_membarrier (void)
{
#ifdef SYS_membarrier
  if (syscall (SYS_membarrier, GOMP_MEMBARRIER_PRIVATE_EXPEDITED, 0, 0) == 0)
    return;
#endif
  gomp_fatal ("membarrier failed after it was registered");
}
