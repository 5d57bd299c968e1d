/* strmap.c -- a map from strings to numbers (strmap.h).  */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "profiler/strmap.h"

static size_t
hash (const char *s)
{
  uint64_t h = 14695981039346656037u;
  for (; *s; s++)
    h = (h ^ (unsigned char) *s) * 1099511628211u;
  return (size_t) h;
}

static size_t
find (const struct strmap *m, const char *key)
{
  size_t i = hash (key) & (m->cap - 1);
  while (m->keys[i] != NULL && strcmp (m->keys[i], key) != 0)
    i = (i + 1) & (m->cap - 1);
  return i;
}

static void
grow (struct strmap *m)
{
  struct strmap n = { m->cap ? 2 * m->cap : 64, m->len, NULL, NULL };
  n.keys = calloc (n.cap, sizeof *n.keys);
  n.vals = calloc (n.cap, sizeof *n.vals);
  if (n.keys == NULL || n.vals == NULL)
    abort ();
  for (size_t i = 0; i < m->cap; i++)
    if (m->keys[i] != NULL)
      {
	size_t j = find (&n, m->keys[i]);
	n.keys[j] = m->keys[i];
	n.vals[j] = m->vals[i];
      }
  free (m->keys);
  free (m->vals);
  *m = n;
}

size_t *
strmap_get (struct strmap *m, const char *key, bool *added)
{
  *added = false;
  if (2 * (m->len + 1) > m->cap)
    grow (m);
  size_t i = find (m, key);
  if (m->keys[i] == NULL)
    {
      if ((m->keys[i] = strdup (key)) == NULL)
	abort ();
      m->vals[i] = 0;
      m->len++;
      *added = true;
    }
  return &m->vals[i];
}
