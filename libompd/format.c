/* format.c -- text without the C library's printf family.  libompd runs
   inside the debugger's process; like glibc's nptl_db it calls nothing
   there that prints, allocates or takes locks behind the debugger's back
   (tests/ompd/libompd-symbols.sh checks what it imports), so the few
   numbers it writes as text (ICV strings, the OpenMP version string) go
   through this.

   A struct strbuf is a caller's buffer of fixed size: appending never
   writes past it, the text is cut at the end and always NUL-terminated
   (a cut ICV string is better than none; the buffers are sized so that
   no value of the runtime's cuts).  */

#include "config.h"
#include "libompd/libompd-int.h"

#include <string.h>

void
sb_init (struct strbuf *b, char *p, size_t size)
{
  b->p = p;
  b->size = size;
  b->len = 0;
  if (size != 0)
    p[0] = '\0';
}

void
sb_mem (struct strbuf *b, const char *s, size_t n)
{
  if (b->size == 0)
    return;
  size_t room = b->size - 1 - b->len;
  if (n > room)
    n = room;
  memcpy (b->p + b->len, s, n);
  b->len += n;
  b->p[b->len] = '\0';
}

void
sb_str (struct strbuf *b, const char *s)
{
  sb_mem (b, s, strlen (s));
}

void
sb_u64 (struct strbuf *b, uint64_t v)
{
  char d[24];
  size_t i = sizeof d;
  do
    d[--i] = (char) ('0' + v % 10);
  while ((v /= 10) != 0);
  sb_mem (b, d + i, sizeof d - i);
}

void
sb_i64 (struct strbuf *b, int64_t v)
{
  if (v < 0)
    {
      sb_mem (b, "-", 1);
      /* -INT64_MIN does not exist; its magnitude does as uint64_t.  */
      sb_u64 (b, (uint64_t) 0 - (uint64_t) v);
    }
  else
    sb_u64 (b, (uint64_t) v);
}

/* As printf's "%#" PRIx64: "0" for 0, else "0x" and lower-case digits.  */
void
sb_hex (struct strbuf *b, uint64_t v)
{
  if (v == 0)
    {
      sb_mem (b, "0", 1);
      return;
    }
  char d[16];
  size_t i = sizeof d;
  for (; v != 0; v >>= 4)
    d[--i] = "0123456789abcdef"[v & 15];
  sb_mem (b, "0x", 2);
  sb_mem (b, d + i, sizeof d - i);
}
