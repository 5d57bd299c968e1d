/* task-map.c -- the storage of a team's map of queued work (task-map.h).
   Sized with the team's member arrays, when no task of the team is
   queued: a team grows only between its regions.  */

#include "config.h"
#include "internal.h"
#include "task-map.h"

#include <stdlib.h>

void
gomp_task_map_resize (struct gomp_task_map *map, unsigned int n)
{
  unsigned int nwords = (n + 63) / 64;
  if (nwords <= map->nwords)
    return;
  _Atomic uint64_t *words = calloc (nwords, sizeof *words);
  if (words == NULL)
    gomp_fatal_oom (nwords * sizeof *words);
  free ((void *) map->words);
  map->words = words;
  map->nwords = nwords;
  atomic_store_explicit (&map->summary, 0, memory_order_relaxed);
}

void
gomp_task_map_free (struct gomp_task_map *map)
{
  free ((void *) map->words);
  map->words = NULL;
  map->nwords = 0;
}
