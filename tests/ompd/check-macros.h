/* check-macros.h -- the check macros of the libompd tests.

   CHECK (COND, FMT, ...) counts a pass, or a failure printed with its
   place and FMT; RC (CALL, WANT) checks that CALL returns WANT and is
   true when it did.  The including file defines CHECK_PASS () and
   CHECK_FAIL (), which count (plainly, or atomically where several
   threads check at once), and includes <stdio.h>, and ompd-api.h for
   ompd_rc_name.  */

#ifndef OMPDBG_TESTS_CHECK_MACROS_H
#define OMPDBG_TESTS_CHECK_MACROS_H

#define CHECK(cond, ...)						\
  do									\
    {									\
      if (cond)								\
	CHECK_PASS ();							\
      else								\
	{								\
	  CHECK_FAIL ();						\
	  printf ("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);	\
	  printf (__VA_ARGS__);						\
	  putchar ('\n');						\
	}								\
    }									\
  while (0)

#define RC(call, want)							\
  ({									\
    ompd_rc_t rc_ = (call);						\
    CHECK (rc_ == (want), "%s returned %s, expected %s", #call,	\
	   ompd_rc_name (rc_), ompd_rc_name (want));			\
    rc_ == (want);							\
  })

#endif
