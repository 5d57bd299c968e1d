/* error-directive.c -- the error directive at execution time
   (GOMP_warning, GOMP_error), and gomp_fatal_exit, the fatal errors that
   end the program the way libgomp's do.

   libgomp 12 prints "\nlibgomp: error directive encountered: MSG\n" for
   severity(warning) and continues; for severity(fatal) it prints
   "\nlibgomp: fatal error: error directive encountered: MSG\n" and calls
   exit (EXIT_FAILURE).  We print the same text after our own prefix
   (gomp_warn) and exit with the same status, so a program, or a test
   harness that checks the exit status, sees what it sees with libgomp.
   Both libgomp and we use exit, not _exit: atexit handlers run and stdio
   buffers are flushed.

   MSG is the message clause: C passes a NUL-terminated string with
   MSGLEN (size_t) -1, Fortran a character variable of MSGLEN bytes, not
   terminated; no message clause passes NULL.  */

#include "config.h"
#include "internal.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* The message as a "%.*s" precision: the whole string, or MSGLEN bytes.
   gomp_warn writes one line of at most about 1 KiB, so a longer message
   is cut; the precision only has to fit in an int.  */
static int
msg_precision (size_t msglen)
{
  return msglen == (size_t) -1 || msglen > INT_MAX ? INT_MAX : (int) msglen;
}

void
gomp_fatal_exit (const char *fmt, ...)
{
  char buf[1024];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (buf, sizeof buf, fmt, ap);
  va_end (ap);
  gomp_warn ("%s", buf);
  exit (EXIT_FAILURE);
}

EXPORT void
GOMP_warning (const char *msg, size_t msglen)
{
  if (msg == NULL)
    gomp_warn ("error directive encountered");
  else
    gomp_warn ("error directive encountered: %.*s", msg_precision (msglen),
	       msg);
}

EXPORT void
GOMP_error (const char *msg, size_t msglen)
{
  if (msg == NULL)
    gomp_fatal_exit ("fatal error: error directive encountered");
  gomp_fatal_exit ("fatal error: error directive encountered: %.*s",
		   msg_precision (msglen), msg);
}
