/* error.c -- messages to the user: warnings about invalid settings,
   fatal errors, and entry points this runtime does not implement.  All go
   to stderr in one write, prefixed with the runtime's name, so they are
   never interleaved between threads.  */

#include "config.h"
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void
vmessage (const char *fmt, va_list ap)
{
  char buf[1024];
  int n = snprintf (buf, sizeof buf, "\n" OMPDBG_RUNTIME_NAME ": ");
  int m = vsnprintf (buf + n, sizeof buf - (size_t) n - 1, fmt, ap);
  if (m < 0)
    m = 0;
  size_t len = (size_t) n + (size_t) m;
  if (len > sizeof buf - 2)
    len = sizeof buf - 2;
  buf[len++] = '\n';
  ssize_t r = write (STDERR_FILENO, buf, len);
  (void) r;
}

void
gomp_warn (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vmessage (fmt, ap);
  va_end (ap);
}

void
gomp_fatal (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vmessage (fmt, ap);
  va_end (ap);
  abort ();
}
