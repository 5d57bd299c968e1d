/* strmap.h -- a map from strings to numbers, for `ompdbg report''s
   tables (report.c, stacks.c): a profile has one row per source line,
   per region, per whole call stack, up to one per sample, and each
   sample looks its rows up, which a linear search makes quadratic in
   the samples.  Open addressing with
   linear probing, FNV-1a hashes, at most half full.  */

#ifndef OMPDBG_PROFILER_STRMAP_H
#define OMPDBG_PROFILER_STRMAP_H 1

#include <stdbool.h>
#include <stddef.h>

struct strmap
{
  size_t cap, len;		/* slots (a power of 2), keys */
  char **keys;			/* copies; NULL: a free slot */
  size_t *vals;
};

/* The value of KEY in M: a new slot, holding 0 and with *ADDED set, if
   KEY was not there.  Aborts when out of memory.  */
size_t *strmap_get (struct strmap *m, const char *key, bool *added);

#endif /* OMPDBG_PROFILER_STRMAP_H */
