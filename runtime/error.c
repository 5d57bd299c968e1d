/* error.c -- what the runtime says to the user on stderr: warnings about
   invalid settings and fatal errors.

   Where libgomp 12 has a message for the same thing, the text is
   libgomp's, byte for byte, and so is what follows: gomp_warn is
   libgomp's gomp_error ("\nlibgomp: TEXT\n", the program goes on),
   gomp_fatal is libgomp's gomp_fatal (the same line, then
   exit (EXIT_FAILURE): atexit handlers run, stdio buffers are flushed,
   the status is 1).  A program, or a harness that compares a program's
   stderr and exit status, cannot tell the runtimes apart there.  Where
   libgomp has no message (it checks nothing, or crashes), gomp_own_warn
   and gomp_own_fatal say so under our own name.  docs/running.md lists
   every message.

   Each message goes out in one write, so that threads' messages do not
   interleave (libgomp's three stdio calls on the unbuffered stderr can);
   the bytes are the same.  Nothing is cut: a message longer than the
   buffer on the stack is built in one from malloc.  */

#include "config.h"
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void
write_all (const char *buf, size_t len)
{
  while (len > 0)
    {
      ssize_t r = write (STDERR_FILENO, buf, len);
      if (r <= 0)
	return;
      buf += r;
      len -= (size_t) r;
    }
}

/* "\n" PREFIX ": " TEXT "\n", TEXT from FMT and AP, then TAIL (TAIL_LEN
   bytes, NULs included) before the newline.  */
static void
vmessage (const char *prefix, const char *tail, size_t tail_len,
	  const char *fmt, va_list ap)
{
  char small[1024];
  char *buf = small;
  va_list aq;
  va_copy (aq, ap);
  int n = snprintf (NULL, 0, "\n%s: ", prefix);
  int m = vsnprintf (NULL, 0, fmt, aq);
  va_end (aq);
  if (n < 0 || m < 0)
    return;
  size_t len = (size_t) n + (size_t) m + tail_len + 1;
  if (len + 1 > sizeof small)
    {
      buf = malloc (len + 1);
      if (buf == NULL)
	{
	  /* Out of memory: as much as fits.  */
	  buf = small;
	  len = sizeof small - 1;
	}
    }
  snprintf (buf, len + 1, "\n%s: ", prefix);
  if ((size_t) n < len)
    vsnprintf (buf + n, len + 1 - (size_t) n, fmt, ap);
  size_t at = (size_t) n + (size_t) m;
  for (size_t i = 0; i < tail_len && at < len - 1; i++)
    buf[at++] = tail[i];
  buf[len - 1] = '\n';
  write_all (buf, len);
  if (buf != small)
    free (buf);
}

void
gomp_warn (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vmessage ("libgomp", NULL, 0, fmt, ap);
  va_end (ap);
}

void
gomp_fatal (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vmessage ("libgomp", NULL, 0, fmt, ap);
  va_end (ap);
  exit (EXIT_FAILURE);
}

/* libgomp's message for a failed allocation (gomp_malloc and friends).  */
void
gomp_fatal_oom (size_t size)
{
  gomp_fatal ("Out of memory allocating %lu bytes", (unsigned long) size);
}

static void
message (const char *prefix, const char *tail, size_t tail_len,
	 const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vmessage (prefix, tail, tail_len, fmt, ap);
  va_end (ap);
}

/* libgomp's line for TEXT followed by the LEN bytes at BYTES, which need
   not end in a NUL (GOMP_warning and GOMP_error for Fortran): written as
   they are, NULs included, as libgomp's fwrite does.  */
void
gomp_warn_bytes (const char *text, const char *bytes, size_t len)
{
  message ("libgomp", bytes, len, "%s", text);
}

/* Messages libgomp does not have, under our own name.  */
void
gomp_own_warn (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vmessage (OMPDBG_RUNTIME_NAME, NULL, 0, fmt, ap);
  va_end (ap);
}

void
gomp_own_fatal (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vmessage (OMPDBG_RUNTIME_NAME, NULL, 0, fmt, ap);
  va_end (ap);
  exit (EXIT_FAILURE);
}
