/* error-directive.c -- the error directive at execution time
   (GOMP_warning, GOMP_error).

   libgomp 12 prints "\nlibgomp: error directive encountered: MSG\n" for
   severity(warning) and continues; for severity(fatal) it prints
   "\nlibgomp: fatal error: error directive encountered: MSG\n" and calls
   exit (EXIT_FAILURE).  Without a message clause the text ends after
   "encountered".  We print the same bytes and exit the same way
   (gomp_warn, gomp_fatal), so a program, or a test harness that checks
   its stderr and exit status, sees what it sees with libgomp.

   MSG is the message clause: C passes a NUL-terminated string with
   MSGLEN (size_t) -1, Fortran a character variable of MSGLEN bytes, not
   terminated, which libgomp writes as it is (fwrite: NULs, trailing
   blanks and all); no message clause passes NULL.  */

#include "config.h"
#include "internal.h"
#include "tool.h"

#include <stdlib.h>

EXPORT void
GOMP_warning (const char *msg, size_t msglen)
{
  GOMP_TOOL_EVENT (error, ompt_warning, msg,
		   msg && msglen == (size_t) -1 ? strlen (msg) : msglen,
		   GOMP_TOOL_RA ());
  if (msg && msglen == (size_t) -1)
    gomp_warn ("error directive encountered: %s", msg);
  else if (msg)
    gomp_warn_bytes ("error directive encountered: ", msg, msglen);
  else
    gomp_warn ("error directive encountered");
}

EXPORT void
GOMP_error (const char *msg, size_t msglen)
{
  GOMP_TOOL_EVENT (error, ompt_fatal, msg,
		   msg && msglen == (size_t) -1 ? strlen (msg) : msglen,
		   GOMP_TOOL_RA ());
  if (msg && msglen == (size_t) -1)
    gomp_fatal ("fatal error: error directive encountered: %s", msg);
  else if (msg)
    {
      gomp_warn_bytes ("fatal error: error directive encountered: ", msg,
		       msglen);
      exit (EXIT_FAILURE);
    }
  else
    gomp_fatal ("fatal error: error directive encountered");
}
