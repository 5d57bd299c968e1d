/* contract-dump.c -- print every list of the runtime-debugger contract
   (libompd/omp-tools.h, ompdbg-ext.h, ompdbg-layout.h) as the C
   compiler sees it, one "LIST NAME VALUE" line per entry, sorted by
   contract.sh.  contract-dump.py prints the same from the gdb plugin's
   generated contract.py; the two must agree.  */

#include <stdio.h>

#include "libompd/omp-tools.h"
#include "libompd/ompdbg-ext.h"
#include "libompd/ompdbg-layout.h"

#define ENTRY(list) \
  printf ("%s %s %lld\n", list, name, (long long) value)

int
main (void)
{
  const char *name;
  long long value;
#define PRINT(list, n, v) name = #n, value = (long long) (v), ENTRY (list);
#define STATE(n, v) PRINT ("STATES", n, v)
  FOREACH_OMPT_STATE (STATE)
#define FRAME(n, v) PRINT ("FRAME_FLAGS", n, v)
  FOREACH_OMPT_FRAME_FLAG (FRAME)
#define TASK_FLAG(n, v) PRINT ("TASK_FLAGS", n, (unsigned) (v))
  FOREACH_OMPT_TASK_FLAG (TASK_FLAG)
#define DEP(n, v) PRINT ("DEPENDENCE_TYPES", n, v)
  FOREACH_OMPT_DEPENDENCE_TYPE (DEP)
#define SCOPE(n, v) PRINT ("SCOPES", n, v)
  FOREACH_OMPD_SCOPE (SCOPE)
#define RC(n, v) PRINT ("RCS", n, v)
  FOREACH_OMPD_RC (RC)
#define BIT(n, v) PRINT ("TASK_BITS", n, v)
  FOREACH_OMPDBG_TASK_BIT (BIT)
#define TSTATE(n, v, text) PRINT ("TASK_STATES", n, v)
  FOREACH_OMPDBG_TASK_STATE (TSTATE)
  /* Sets of states: values only.  */
#define WORD(n) name = "-", value = n, ENTRY ("THREAD_WORD_STATES");
  FOREACH_OMPDBG_THREAD_WORD_STATE (WORD)
#define TWAIT(n) name = "-", value = n, ENTRY ("TASK_WAIT_STATES");
  FOREACH_OMPDBG_TASK_WAIT_STATE (TWAIT)
  PRINT ("DEFINES", OMPD_THREAD_ID_PTHREAD, OMPD_THREAD_ID_PTHREAD)
  PRINT ("DEFINES", OMPD_THREAD_ID_LWP, OMPD_THREAD_ID_LWP)
  PRINT ("DEFINES", OMPD_DEVICE_KIND_HOST, OMPD_DEVICE_KIND_HOST)
  PRINT ("DEFINES", ompd_segment_none, ompd_segment_none)
  PRINT ("DEFINES", ompd_icv_undefined, ompd_icv_undefined)
  PRINT ("LAYOUT", OMPDBG_LAYOUT_VERSION, OMPDBG_LAYOUT_VERSION)
  return 0;
}
