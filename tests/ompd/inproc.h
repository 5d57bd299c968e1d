/* inproc.h -- OMPD callbacks serving the calling process itself: memory
   through process_vm_readv (a bad address is an error, never a fault),
   symbols through dlsym.  For tests that drive libompd on their own
   OpenMP state (self.c, fuzz.c), with a hook to corrupt reads.  */

#ifndef OMPDBG_TESTS_INPROC_H
#define OMPDBG_TESTS_INPROC_H 1

#include "tests/ompd/ompd-api.h"

#include <stdatomic.h>
#include <stddef.h>

/* Called after every successful read of N bytes at ADDR into BUF; may
   change BUF or turn the read into a failure (return non-ok).  */
extern ompd_rc_t (*inproc_read_hook) (ompd_addr_t addr, size_t n,
				      void *buf);
/* Called before an allocation, a symbol lookup, and after the sizes are
   filled in (which it may change); a non-ok return is what the callback
   returns instead.  */
extern ompd_rc_t (*inproc_alloc_hook) (ompd_size_t n);
extern ompd_rc_t (*inproc_symbol_hook) (const char *name);
extern ompd_rc_t (*inproc_sizeof_hook) (ompd_device_type_sizes_t *sizes);

const ompd_callbacks_t *inproc_callbacks (void);
ompd_address_space_context_t *inproc_context (void);
/* Blocks allocated through the callbacks and not freed yet.  */
long inproc_outstanding (void);
ompd_rc_t inproc_free (void *p);
/* Really free what inproc_free kept back.  */
void inproc_flush (void);

/* Make sure the process runs on our runtime: if `ompdbg_layout' is not
   visible, re-execute with $OMPDBG_OURS_DIR first in LD_LIBRARY_PATH
   (once).  Returns only on our runtime; exits 99 otherwise.  */
void inproc_ensure_ours (char **argv);

/* The libompd to test: $OMPDBG_LIBOMPD, else the build tree's.  */
const char *inproc_libompd (void);

/* Load that libompd into *API, initialise it for OpenMP 5.1 and make
   *AS the calling process's address space.  0 when done; else prints a
   FAIL line and returns non-zero.  */
int inproc_attach (struct ompd_api *api, ompd_address_space_handle_t **as);
/* Release AS and finalise libompd: the first call that failed, or ok.  */
ompd_rc_t inproc_detach (const struct ompd_api *api,
			 ompd_address_space_handle_t *as);
/* inproc_detach, counted as one more check, then check_finish (MIN):
   the exit status of a test, 0 only with no failure and at least MIN
   checks.  */
int inproc_finish (const struct ompd_api *api, ompd_address_space_handle_t *as,
		   unsigned long min);

#endif
