/* common.h -- what the programs of tests/ompt/ share: which runtime they
   run on.  On ours (it exports the OMPD names) every check; on LLVM's,
   the differential reference, only those where 5.1 leaves no choice
   that LLVM takes otherwise (each program says which).  */
#ifndef OMPDBG_TESTS_OMPT_COMMON_H
#define OMPDBG_TESTS_OMPT_COMMON_H 1

#include "../lib/check.h"
#include "tool.h"

#include <dlfcn.h>
#include <omp.h>

static int strict;

static inline void
ompt_test_init (char **argv)
{
  check_init (argv[0]);
  /* LLVM's runtime starts its tool at the first OpenMP call.  */
  omp_set_max_active_levels (2);
  strict = dlsym (RTLD_DEFAULT, "ompd_dll_locations") != NULL;
  printf ("runtime: %s\n", strict ? "ours" : "another");
  check (tool_attached (), "the tool in the program is started");
  if (!tool_attached ())
    exit (1);
}

/* The first event of EVENT from index I on, -1 if none.  */
static inline int
find_event (int i, int event, int endpoint)
{
  for (; i < tool_nevents (); i++)
    if (tool_event (i)->event == event
	&& (endpoint < 0 || tool_event (i)->endpoint == endpoint))
      return i;
  return -1;
}

#endif
