/* check-target.c -- libompdbg-target against the ground truth
   target-prog writes about itself (driven by target.sh).

     check-target live PID TRUTH
     check-target core EXE CORE TRUTH MAPS [kernel]
     check-target stripped PID TRUTH      (target-prog on a stripped runtime)
     check-target bad EXE CORE WORKDIR    (broken cores, wrong files, bad pids)
     check-target poke CORE ADDR SIZE VALUE (write VALUE, SIZE bytes, over
                                         the dumped memory at ADDR in CORE)

   Every check prints "ok" or "FAIL" with what it compared; the exit status
   is 0 when all passed, 1 otherwise.  MAPS is /proc/PID/maps saved while
   the process lived (a core's stacks are checked against it).  */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <elf.h>

#include "corefiles/ompdbg-target.h"
#define CHECK_KEEP_GOING 1
#include "tests/lib/check.h"

static void __attribute__ ((noreturn, format (printf, 1, 2)))
fatal (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  printf ("FAIL (fatal): ");
  vprintf (fmt, ap);
  putchar ('\n');
  va_end (ap);
  exit (1);
}

#define E(x) ompdbg_errmsg (x)

/* ---- ground truth ---- */

#define MAXTHREADS 16

struct truth
{
  int pid;
  uint64_t global_addr, global_value;
  uint64_t string_addr, rostring_addr, static_addr, gomp_addr;
  char string[256], rostring[256];
  int static_value, gomp_value;
  int nthreads;
  struct
  {
    int num, tid;
    uint64_t self, stack;
    uint64_t tls, errno_tls;	/* &ompdbg_test_tls, &errno */
  } th[MAXTHREADS];
};

static void
read_truth (const char *path, struct truth *t)
{
  FILE *f = fopen (path, "r");
  if (f == NULL)
    fatal ("cannot open %s: %s", path, strerror (errno));
  memset (t, 0, sizeof *t);
  char line[1024];
  while (fgets (line, sizeof line, f) != NULL)
    {
      line[strcspn (line, "\n")] = '\0';
      int n;
      if (sscanf (line, "pid %d", &t->pid) == 1)
	continue;
      if (sscanf (line, "global %" SCNx64 " %" SCNu64, &t->global_addr,
		  &t->global_value) == 2)
	continue;
      if (sscanf (line, "string %" SCNx64 " %n", &t->string_addr, &n) == 1)
	{
	  snprintf (t->string, sizeof t->string, "%s", line + n);
	  continue;
	}
      if (sscanf (line, "rostring %" SCNx64 " %n", &t->rostring_addr, &n) == 1)
	{
	  snprintf (t->rostring, sizeof t->rostring, "%s", line + n);
	  continue;
	}
      if (sscanf (line, "static %" SCNx64 " %d", &t->static_addr,
		  &t->static_value) == 2)
	continue;
      if (sscanf (line, "gomp_ompd_enabled %" SCNx64 " %d", &t->gomp_addr,
		  &t->gomp_value) == 2)
	continue;
      int num, tid;
      uint64_t tls, etls;
      if (sscanf (line, "tls %d %d %" SCNx64 " %" SCNx64, &num, &tid, &tls,
		  &etls) == 4)
	{
	  for (int i = 0; i < t->nthreads; i++)
	    if (t->th[i].tid == tid)
	      {
		t->th[i].tls = tls;
		t->th[i].errno_tls = etls;
	      }
	  continue;
	}
      if (t->nthreads < MAXTHREADS
	  && sscanf (line, "thread %d %d %" SCNx64 " %" SCNx64,
		     &t->th[t->nthreads].num, &t->th[t->nthreads].tid,
		     &t->th[t->nthreads].self, &t->th[t->nthreads].stack) == 4)
	{
	  t->nthreads++;
	  continue;
	}
    }
  fclose (f);
  if (t->pid <= 0 || t->global_addr == 0 || t->nthreads == 0
      || t->string[0] == '\0')
    fatal ("%s: incomplete ground truth", path);
}

/* The mapping of MAPS containing ADDR: 1 and [*LO, *HI) when found.  */
static int
mapping_of (const char *maps, uint64_t addr, uint64_t *lo, uint64_t *hi)
{
  FILE *f = fopen (maps, "r");
  if (f == NULL)
    fatal ("cannot open %s", maps);
  char line[1024];
  int found = 0;
  while (!found && fgets (line, sizeof line, f) != NULL)
    if (sscanf (line, "%" SCNx64 "-%" SCNx64, lo, hi) == 2
	&& addr >= *lo && addr < *hi)
      found = 1;
  fclose (f);
  return found;
}

/* ---- the checks shared by live and core targets ---- */

static void
check_threads (struct ompdbg_target *t, const struct truth *tr,
	       const char *maps)
{
  size_t n;
  ompdbg_err_t err = ompdbg_thread_count (t, &n);
  check (err == OMPDBG_E_OK && n == (size_t) tr->nthreads,
	 "thread count %zu == the program's %d (%s)", n, tr->nthreads, E (err));
  for (int i = 0; i < tr->nthreads; i++)
    {
      struct ompdbg_thread *th;
      err = ompdbg_thread_by_lwp (t, tr->th[i].tid, &th);
      check (err == OMPDBG_E_OK && ompdbg_thread_lwp (th) == tr->th[i].tid,
	     "OpenMP thread %d's LWP %d is listed (%s)", tr->th[i].num,
	     tr->th[i].tid, E (err));
      if (err != OMPDBG_E_OK)
	continue;
      uint64_t pc = 0, sp = 0, fp = 0, lo, hi;
      err = ompdbg_thread_reg (th, OMPDBG_REG_SP, &sp);
      int in_stack = mapping_of (maps, tr->th[i].stack, &lo, &hi);
      check (err == OMPDBG_E_OK && in_stack && sp >= lo && sp < hi
	     && sp < tr->th[i].stack,
	     "thread %d: sp 0x%" PRIx64 " in its stack mapping [0x%" PRIx64
	     ", 0x%" PRIx64 "), below its frame's local 0x%" PRIx64 " (%s)",
	     tr->th[i].tid, sp, lo, hi, tr->th[i].stack, E (err));
      err = ompdbg_thread_reg (th, OMPDBG_REG_PC, &pc);
      const char *sym = NULL, *mod = NULL;
      uint64_t off;
      ompdbg_err_t serr = err == OMPDBG_E_OK
	? ompdbg_addr_symbol (t, pc, &sym, &off, &mod) : err;
      check (err == OMPDBG_E_OK && serr == OMPDBG_E_OK && mod != NULL,
	     "thread %d: pc 0x%" PRIx64 " is in %s in %s (%s)", tr->th[i].tid,
	     pc, sym ? sym : "?", mod ? mod : "?", E (serr));
      err = ompdbg_thread_reg (th, OMPDBG_REG_FP, &fp);
      check (err == OMPDBG_E_OK, "thread %d: fp 0x%" PRIx64 " (%s)",
	     tr->th[i].tid, fp, E (err));
      struct ompdbg_thread *byp;
      err = ompdbg_thread_by_pthread (t, tr->th[i].self, &byp);
      check (err == OMPDBG_E_OK && byp == th,
	     "pthread_t 0x%" PRIx64 " maps to LWP %d (%s)", tr->th[i].self,
	     tr->th[i].tid, E (err));
    }
  struct ompdbg_thread *none;
  err = ompdbg_thread_by_lwp (t, 0x7ffffff0, &none);
  check (err == OMPDBG_E_NOTHREAD, "unknown LWP: %s", E (err));
  err = ompdbg_thread_at (t, n, &none);
  check (err == OMPDBG_E_NOTHREAD, "thread index past the end: %s", E (err));
}

static void
check_memory (struct ompdbg_target *t, const struct truth *tr, int live)
{
  uint64_t v = 0;
  ompdbg_err_t err = ompdbg_read_memory (t, tr->global_addr, 8, &v);
  check (err == OMPDBG_E_OK && v == tr->global_value,
	 "global at 0x%" PRIx64 " reads %#" PRIx64 " (want %#" PRIx64 ") (%s)",
	 tr->global_addr, v, tr->global_value, E (err));
  int32_t s = 0;
  err = ompdbg_read_memory (t, tr->static_addr, 4, &s);
  check (err == OMPDBG_E_OK && s == tr->static_value,
	 "static reads %d (want %d) (%s)", s, tr->static_value, E (err));

  char buf[256];
  size_t len = strlen (tr->string);
  err = ompdbg_read_string (t, tr->string_addr, sizeof buf, buf);
  check (err == OMPDBG_E_OK && strcmp (buf, tr->string) == 0,
	 "string reads \"%s\" (%s)", err == OMPDBG_E_OK ? buf : "", E (err));
  err = ompdbg_read_string (t, tr->string_addr, len + 1, buf);
  check (err == OMPDBG_E_OK && strcmp (buf, tr->string) == 0,
	 "string in a buffer of exactly its size (%s)", E (err));
  memset (buf, 'X', sizeof buf);
  err = ompdbg_read_string (t, tr->string_addr, len, buf);
  check (err == OMPDBG_E_INCOMPLETE && memcmp (buf, tr->string, len) == 0
	 && buf[len] == 'X',
	 "string in a buffer one byte short: incomplete, %zu bytes copied (%s)",
	 len, E (err));
  err = ompdbg_read_string (t, tr->string_addr, 5, buf);
  check (err == OMPDBG_E_INCOMPLETE && memcmp (buf, tr->string, 5) == 0,
	 "string in 5 bytes: incomplete (%s)", E (err));
  err = ompdbg_read_string (t, tr->rostring_addr, sizeof buf, buf);
  check (err == OMPDBG_E_OK && strcmp (buf, tr->rostring) == 0,
	 "read-only (.rodata) string reads \"%s\" (%s)",
	 err == OMPDBG_E_OK ? buf : "", E (err));

  err = ompdbg_read_memory (t, 0, 8, &v);
  check (err == OMPDBG_E_UNMAPPED, "read at address 0: %s", E (err));
  err = ompdbg_read_memory (t, 0xfffffffffffff000ull, 8, &v);
  check (err == OMPDBG_E_UNMAPPED, "read at 0xfffffffffffff000: %s", E (err));
  err = ompdbg_read_memory (t, UINT64_MAX - 3, 8, &v);
  check (err == OMPDBG_E_UNMAPPED, "read wrapping around: %s", E (err));
  err = ompdbg_read_string (t, 16, sizeof buf, buf);
  check (err == OMPDBG_E_UNMAPPED, "string at address 16: %s", E (err));

  uint64_t nv = 0x0102030405060708ull;
  err = ompdbg_write_memory (t, tr->global_addr, 8, &nv);
  if (live)
    {
      check (err == OMPDBG_E_OK, "write the global (%s)", E (err));
      v = 0;
      err = ompdbg_read_memory (t, tr->global_addr, 8, &v);
      check (err == OMPDBG_E_OK && v == nv, "global reads back %#" PRIx64
	     " (%s)", v, E (err));
      err = ompdbg_write_memory (t, tr->global_addr, 8, &tr->global_value);
      check (err == OMPDBG_E_OK, "global restored (%s)", E (err));
      err = ompdbg_write_memory (t, 0, 8, &nv);
      check (err == OMPDBG_E_UNMAPPED, "write at address 0: %s", E (err));
    }
  else
    check (err == OMPDBG_E_READONLY, "write to a core refused: %s", E (err));
}

/* Module name of the symbol NAME's address.  */
static const char *
module_of (struct ompdbg_target *t, uint64_t addr)
{
  const char *mod = NULL;
  ompdbg_addr_symbol (t, addr, NULL, NULL, &mod);
  return mod ? mod : "(none)";
}

static int
in_libgomp (struct ompdbg_target *t, uint64_t addr)
{
  return strstr (module_of (t, addr), "libgomp.so.1") != NULL;
}

static void
check_symbols (struct ompdbg_target *t, const struct truth *tr, int stripped)
{
  uint64_t a = 0, b = 0, c = 0;
  ompdbg_err_t err = ompdbg_lookup_symbol (t, "ompdbg_test_global", NULL, &a);
  check (err == OMPDBG_E_OK && a == tr->global_addr,
	 "symbol ompdbg_test_global = 0x%" PRIx64 " (%s)", a, E (err));
  err = ompdbg_lookup_symbol (t, "ompdbg_test_string", NULL, &a);
  check (err == OMPDBG_E_OK && a == tr->string_addr,
	 "symbol ompdbg_test_string = 0x%" PRIx64 " (%s)", a, E (err));
  err = ompdbg_lookup_symbol (t, "ompdbg_test_static", NULL, &a);
  check (err == OMPDBG_E_OK && a == tr->static_addr,
	 "local symbol ompdbg_test_static (.symtab) = 0x%" PRIx64 " (%s)", a,
	 E (err));
  err = ompdbg_lookup_symbol (t, "main", NULL, &a);
  check (err == OMPDBG_E_OK && a != 0, "function main = 0x%" PRIx64 " (%s)",
	 a, E (err));

  err = ompdbg_lookup_symbol (t, "ompd_dll_locations", NULL, &a);
  check (err == OMPDBG_E_OK && in_libgomp (t, a),
	 "ompd_dll_locations = 0x%" PRIx64 " in %s (%s)", a, module_of (t, a),
	 E (err));
  err = ompdbg_lookup_symbol (t, "ompd_dll_locations", "libgomp.so.1", &b);
  check (err == OMPDBG_E_OK && a == b,
	 "ompd_dll_locations with the hint libgomp.so.1 (%s)", E (err));
  err = ompdbg_lookup_symbol (t, "ompd_dll_locations", "libgomp.so", &c);
  check (err == OMPDBG_E_OK && a == c,
	 "ompd_dll_locations with the hint libgomp.so (%s)", E (err));

  /* The runtime has filled ompd_dll_locations: a NULL-terminated array
     whose first name is a libompd.so.  */
  uint64_t arr = 0, p0 = 0;
  char name[4096] = "";
  err = ompdbg_read_memory (t, a, 8, &arr);
  if (err == OMPDBG_E_OK)
    err = ompdbg_read_memory (t, arr, 8, &p0);
  if (err == OMPDBG_E_OK)
    err = ompdbg_read_string (t, p0, sizeof name, name);
  size_t nl = strlen (name);
  check (err == OMPDBG_E_OK && arr != 0 && nl >= 10
	 && strcmp (name + nl - 10, "libompd.so") == 0,
	 "ompd_dll_locations[0] = \"%s\" (%s)", name, E (err));

  uint64_t bp = 0;
  err = ompdbg_lookup_symbol (t, "ompdbg_bp_enabled", "libgomp.so.1", &bp);
  check (err == OMPDBG_E_OK && in_libgomp (t, bp),
	 "ompdbg_bp_enabled = 0x%" PRIx64 " in %s (%s)", bp, module_of (t, bp),
	 E (err));
  err = ompdbg_lookup_symbol (t, "ompd_bp_parallel_begin", NULL, &a);
  check (err == OMPDBG_E_OK && in_libgomp (t, a),
	 "function ompd_bp_parallel_begin in libgomp (%s)", E (err));

  /* gomp_ompd_enabled: the program's global, and a hidden (.symtab only)
     alias of ompdbg_bp_enabled in the runtime.  */
  err = ompdbg_lookup_symbol (t, "gomp_ompd_enabled", NULL, &a);
  check (err == OMPDBG_E_OK && a == tr->gomp_addr,
	 "gomp_ompd_enabled without hint: the executable's (%s)", E (err));
  err = ompdbg_lookup_symbol (t, "gomp_ompd_enabled", "libgomp.so.1", &b);
  if (!stripped)
    check (err == OMPDBG_E_OK && b == bp,
	   "gomp_ompd_enabled with hint libgomp.so.1: the runtime's, "
	   "= ompdbg_bp_enabled 0x%" PRIx64 " (%s)", b, E (err));
  else
    check (err == OMPDBG_E_OK && b == tr->gomp_addr,
	   "gomp_ompd_enabled with hint, runtime stripped: falls back to the "
	   "executable's (%s)", E (err));
  err = ompdbg_lookup_symbol (t, "ompdbg_test_global", "libgomp.so.1", &a);
  check (err == OMPDBG_E_OK && a == tr->global_addr,
	 "a hint naming the wrong module still finds the symbol (%s)", E (err));

  err = ompdbg_lookup_symbol (t, "no_such_symbol_in_any_module", NULL, &a);
  check (err == OMPDBG_E_NOSYM, "unknown symbol: %s", E (err));
  err = ompdbg_lookup_symbol (t, "", NULL, &a);
  check (err == OMPDBG_E_BADARG, "empty name: %s", E (err));
  err = ompdbg_lookup_symbol (t, "errno", NULL, &a);
  check (err == OMPDBG_E_TLS || err == OMPDBG_E_NOSYM,
	 "TLS symbol errno refused: %s", E (err));

  ompd_device_type_sizes_t sz;
  err = ompdbg_target_type_sizes (t, &sz);
  check (err == OMPDBG_E_OK && sz.sizeof_char == 1 && sz.sizeof_short == 2
	 && sz.sizeof_int == 4 && sz.sizeof_long == sizeof (long)
	 && sz.sizeof_long_long == 8 && sz.sizeof_pointer == sizeof (void *),
	 "type sizes %d %d %d %d %d %d (%s)", sz.sizeof_char, sz.sizeof_short,
	 sz.sizeof_int, sz.sizeof_long, sz.sizeof_long_long, sz.sizeof_pointer,
	 E (err));
}

/* The same through the OMPD callbacks, as libompd calls them.  */
static void
check_callbacks (struct ompdbg_target *t, const struct truth *tr, int live)
{
  const ompd_callbacks_t *cb = ompdbg_callbacks ();
  ompd_address_space_context_t *ac = ompdbg_target_context (t);
  check (ac != NULL && ompdbg_target_from_context (ac) == t,
	 "address-space context is the target");

  void *p = NULL;
  ompd_rc_t rc = cb->alloc_memory (100, &p);
  check (rc == ompd_rc_ok && p != NULL, "alloc_memory (rc %d)", rc);
  rc = cb->free_memory (p);
  check (rc == ompd_rc_ok, "free_memory (rc %d)", rc);
  rc = cb->print_string ("callbacks check: print_string works\n", 0);
  check (rc == ompd_rc_ok, "print_string (rc %d)", rc);

  ompd_device_type_sizes_t sz;
  rc = cb->sizeof_type (ac, &sz);
  check (rc == ompd_rc_ok && sz.sizeof_pointer == 8 && sz.sizeof_int == 4,
	 "sizeof_type (rc %d)", rc);

  ompd_address_t addr = { 99, 0 };
  rc = cb->symbol_addr_lookup (ac, NULL, "ompdbg_test_global", &addr, NULL);
  check (rc == ompd_rc_ok && addr.address == tr->global_addr
	 && addr.segment == ompd_segment_none,
	 "symbol_addr_lookup ompdbg_test_global (rc %d)", rc);
  rc = cb->symbol_addr_lookup (ac, NULL, "ompd_dll_locations", &addr,
			       "libgomp.so.1");
  check (rc == ompd_rc_ok && in_libgomp (t, addr.address),
	 "symbol_addr_lookup ompd_dll_locations, hint libgomp.so.1 (rc %d)", rc);
  rc = cb->symbol_addr_lookup (ac, NULL, "no_such_symbol_anywhere", &addr, NULL);
  check (rc == ompd_rc_error, "symbol_addr_lookup unknown: rc %d", rc);
  rc = cb->symbol_addr_lookup (ac, NULL, NULL, &addr, NULL);
  check (rc == ompd_rc_bad_input, "symbol_addr_lookup NULL name: rc %d", rc);

  addr.address = tr->global_addr;
  uint64_t v = 0;
  rc = cb->read_memory (ac, NULL, &addr, 8, &v);
  check (rc == ompd_rc_ok && v == tr->global_value, "read_memory (rc %d)", rc);
  uint64_t h = 0;
  rc = cb->device_to_host (ac, &v, 8, 1, &h);
  check (rc == ompd_rc_ok && h == tr->global_value,
	 "device_to_host, same byte order: a copy (rc %d)", rc);
  rc = cb->host_to_device (ac, &h, 4, 2, &v);
  check (rc == ompd_rc_ok && v == tr->global_value, "host_to_device (rc %d)",
	 rc);
  rc = cb->device_to_host (ac, &v, 0, 1, &h);
  check (rc == ompd_rc_bad_input, "device_to_host unit size 0: rc %d", rc);

  char buf[256];
  addr.address = tr->string_addr;
  rc = cb->read_string (ac, NULL, &addr, sizeof buf, buf);
  check (rc == ompd_rc_ok && strcmp (buf, tr->string) == 0,
	 "read_string (rc %d)", rc);
  rc = cb->read_string (ac, NULL, &addr, 4, buf);
  check (rc == ompd_rc_incomplete, "read_string in 4 bytes: rc %d (incomplete %d)",
	 rc, ompd_rc_incomplete);
  addr.address = 8;
  rc = cb->read_memory (ac, NULL, &addr, 8, &v);
  check (rc == ompd_rc_error, "read_memory at 8: rc %d", rc);

  addr.address = tr->global_addr;
  uint64_t nv = 0x5a5a5a5a5a5a5a5aull;
  rc = cb->write_memory (ac, NULL, &addr, 8, &nv);
  if (live)
    {
      check (rc == ompd_rc_ok, "write_memory (rc %d)", rc);
      v = 0;
      cb->read_memory (ac, NULL, &addr, 8, &v);
      check (v == nv, "write_memory read back");
      cb->write_memory (ac, NULL, &addr, 8, &tr->global_value);
    }
  else
    check (rc == ompd_rc_error, "write_memory on a core: rc %d", rc);

  for (int i = 0; i < tr->nthreads; i++)
    {
      ompd_thread_context_t *tc = NULL;
      int64_t lwp8 = tr->th[i].tid;
      int32_t lwp4 = tr->th[i].tid;
      rc = cb->get_thread_context_for_thread_id (ac, OMPD_THREAD_ID_LWP, 8,
						  &lwp8, &tc);
      struct ompdbg_thread *th = ompdbg_thread_from_context (tc);
      check (rc == ompd_rc_ok && ompdbg_thread_lwp (th) == tr->th[i].tid,
	     "thread context for LWP %d (8 bytes) (rc %d)", tr->th[i].tid, rc);
      ompd_thread_context_t *tc4 = NULL;
      rc = cb->get_thread_context_for_thread_id (ac, OMPD_THREAD_ID_LWP, 4,
						  &lwp4, &tc4);
      check (rc == ompd_rc_ok && tc4 == tc,
	     "thread context for LWP %d (4 bytes) (rc %d)", tr->th[i].tid, rc);
      uint64_t self = tr->th[i].self;
      ompd_thread_context_t *tcp = NULL;
      rc = cb->get_thread_context_for_thread_id (ac, OMPD_THREAD_ID_PTHREAD, 8,
						  &self, &tcp);
      check (rc == ompd_rc_ok && tcp == tc,
	     "thread context for pthread_t 0x%" PRIx64 " (rc %d)", self, rc);
      /* A read through a thread context of this address space works.  */
      addr.address = tr->global_addr;
      rc = cb->read_memory (ac, tc, &addr, 8, &v);
      check (rc == ompd_rc_ok, "read_memory with a thread context (rc %d)", rc);
    }
  ompd_thread_context_t *tc = NULL;
  int64_t lwp = tr->th[0].tid;
  rc = cb->get_thread_context_for_thread_id (ac, OMPD_THREAD_ID_LWP, 2, &lwp, &tc);
  check (rc == ompd_rc_bad_input, "LWP id of 2 bytes: rc %d", rc);
  rc = cb->get_thread_context_for_thread_id (ac, OMPD_THREAD_ID_PTHREAD, 4, &lwp, &tc);
  check (rc == ompd_rc_bad_input, "pthread id of 4 bytes: rc %d", rc);
  rc = cb->get_thread_context_for_thread_id (ac, OMPD_THREAD_ID_WINTHREAD, 8, &lwp, &tc);
  check (rc == ompd_rc_unsupported, "Windows thread id: rc %d", rc);
  lwp = 0x7ffffff0;
  rc = cb->get_thread_context_for_thread_id (ac, OMPD_THREAD_ID_LWP, 8, &lwp, &tc);
  check (rc == ompd_rc_unavailable, "unknown LWP: rc %d", rc);
  uint64_t bogus = 0x1000;
  rc = cb->get_thread_context_for_thread_id (ac, OMPD_THREAD_ID_PTHREAD, 8, &bogus, &tc);
  check (rc == ompd_rc_unavailable, "bogus pthread_t: rc %d", rc);

  /* Contexts that are not ours.  */
  int junk[64] = { 0 };
  rc = cb->read_memory ((ompd_address_space_context_t *) junk, NULL, &addr, 8, &v);
  check (rc == ompd_rc_stale_handle, "read_memory on a foreign context: rc %d", rc);
  rc = cb->read_memory (ac, (ompd_thread_context_t *) junk, &addr, 8, &v);
  check (rc == ompd_rc_stale_handle, "read_memory with a foreign thread context: rc %d", rc);
  rc = cb->sizeof_type (NULL, &sz);
  check (rc == ompd_rc_stale_handle, "sizeof_type on NULL: rc %d", rc);
}

/* Thread-local storage: each thread's address of the executable's
   ompdbg_test_tls and of libc.so.6's errno, as the thread itself took
   them, through ompdbg_lookup_tls_symbol and through the OMPD
   symbol-lookup callback with the thread's context.  */
static void
check_tls (struct ompdbg_target *t, const struct truth *tr)
{
  const ompd_callbacks_t *cb = ompdbg_callbacks ();
  ompd_address_space_context_t *ac = ompdbg_target_context (t);
  for (int i = 0; i < tr->nthreads; i++)
    {
      struct ompdbg_thread *th;
      if (tr->th[i].tls == 0 || tr->th[i].errno_tls == 0)
	{
	  check (0, "thread %d: no TLS addresses in the truth", tr->th[i].tid);
	  continue;
	}
      ompdbg_err_t err = ompdbg_thread_by_lwp (t, tr->th[i].tid, &th);
      if (err != OMPDBG_E_OK)
	continue;		/* check_threads says so */
      uint64_t a = 0;
      err = ompdbg_lookup_tls_symbol (th, "ompdbg_test_tls", NULL, &a);
      check (err == OMPDBG_E_OK && a == tr->th[i].tls,
	     "thread %d: &ompdbg_test_tls 0x%" PRIx64 " == the thread's 0x%"
	     PRIx64 " (%s)", tr->th[i].tid, a, tr->th[i].tls, E (err));
      a = 0;
      err = ompdbg_lookup_tls_symbol (th, "errno", "libc.so.6", &a);
      check (err == OMPDBG_E_OK && a == tr->th[i].errno_tls,
	     "thread %d: &errno (libc.so.6) 0x%" PRIx64 " == the thread's 0x%"
	     PRIx64 " (%s)", tr->th[i].tid, a, tr->th[i].errno_tls, E (err));
      ompd_address_t addr = { 0, 0 };
      ompd_rc_t rc = cb->symbol_addr_lookup (ac, ompdbg_thread_context (th),
					     "ompdbg_test_tls", &addr, NULL);
      check (rc == ompd_rc_ok && addr.address == tr->th[i].tls,
	     "thread %d: symbol_addr_lookup ompdbg_test_tls with its thread "
	     "context: 0x%" PRIx64 " (rc %d)", tr->th[i].tid, addr.address, rc);
      rc = cb->symbol_addr_lookup (ac, ompdbg_thread_context (th), "errno",
				   &addr, "libc.so.6");
      check (rc == ompd_rc_ok && addr.address == tr->th[i].errno_tls,
	     "thread %d: symbol_addr_lookup errno, hint libc.so.6, with its "
	     "thread context: 0x%" PRIx64 " (rc %d)", tr->th[i].tid,
	     addr.address, rc);
      /* A symbol that is not thread-local: the same with any context.  */
      rc = cb->symbol_addr_lookup (ac, ompdbg_thread_context (th),
				   "ompdbg_test_global", &addr, NULL);
      check (rc == ompd_rc_ok && addr.address == tr->global_addr,
	     "thread %d: symbol_addr_lookup ompdbg_test_global with a thread "
	     "context (rc %d)", tr->th[i].tid, rc);
    }
  /* Without a thread context: the target's first thread's.  */
  struct ompdbg_thread *first;
  if (ompdbg_thread_at (t, 0, &first) == OMPDBG_E_OK)
    for (int i = 0; i < tr->nthreads; i++)
      if (tr->th[i].tid == ompdbg_thread_lwp (first))
	{
	  ompd_address_t addr = { 0, 0 };
	  ompd_rc_t rc = cb->symbol_addr_lookup (ac, NULL, "ompdbg_test_tls",
						 &addr, NULL);
	  check (rc == ompd_rc_ok && addr.address == tr->th[i].tls,
		 "symbol_addr_lookup ompdbg_test_tls without a thread "
		 "context: thread %d's (rc %d)", tr->th[i].tid, rc);
	}
}

/* ---- modes ---- */

static int
mode_live (pid_t pid, const char *truthfile, int stripped)
{
  struct truth tr;
  read_truth (truthfile, &tr);
  struct ompdbg_target *t;
  ompdbg_err_t err = ompdbg_target_attach (pid, &t);
  if (err != OMPDBG_E_OK)
    fatal ("attach to %d: %s", (int) pid, E (err));
  check (ompdbg_target_is_live (t) == 1 && ompdbg_target_pid (t) == tr.pid,
	 "live target of pid %d", tr.pid);
  char maps[64];
  snprintf (maps, sizeof maps, "/proc/%d/maps", (int) pid);
  if (stripped)
    check_symbols (t, &tr, 1);
  else
    {
      check_threads (t, &tr, maps);
      check_memory (t, &tr, 1);
      check_symbols (t, &tr, 0);
      check_callbacks (t, &tr, 1);
      check_tls (t, &tr);
    }
  struct ompdbg_target *t2;
  err = ompdbg_target_attach (pid, &t2);
  check (err != OMPDBG_E_OK, "a second attach while attached fails: %s", E (err));
  ompdbg_target_close (t);
  /* Detached: the process runs on (still blocked) and can be attached
     again.  */
  err = ompdbg_target_attach (pid, &t);
  check (err == OMPDBG_E_OK, "attach again after detach (%s)", E (err));
  ompdbg_target_close (t);
  check (kill (pid, 0) == 0, "process alive after detach");
  return 0;
}

static int
mode_core (const char *exe, const char *core, const char *truthfile,
	   const char *maps, int kernel)
{
  struct truth tr;
  read_truth (truthfile, &tr);
  struct ompdbg_target *t;
  ompdbg_err_t err = ompdbg_target_open_core (core, exe, &t);
  if (err != OMPDBG_E_OK)
    fatal ("open core %s of %s: %s", core, exe, E (err));
  check (ompdbg_target_is_live (t) == 0 && ompdbg_target_pid (t) == tr.pid,
	 "%s core of pid %d (%d)", kernel ? "kernel" : "gcore", tr.pid,
	 (int) ompdbg_target_pid (t));
  check_threads (t, &tr, maps);
  check_memory (t, &tr, 0);
  check_symbols (t, &tr, 0);
  check_callbacks (t, &tr, 0);
  check_tls (t, &tr);
  ompdbg_target_close (t);
  /* Without the executable: the core's own file names.  */
  err = ompdbg_target_open_core (core, NULL, &t);
  check (err == OMPDBG_E_OK, "core opened without naming the executable (%s)",
	 E (err));
  if (err == OMPDBG_E_OK)
    {
      uint64_t a = 0;
      err = ompdbg_lookup_symbol (t, "ompdbg_test_global", NULL, &a);
      check (err == OMPDBG_E_OK && a == tr.global_addr,
	     "  and the executable's symbols found (%s)", E (err));
      ompdbg_target_close (t);
    }
  return 0;
}

/* Copy SRC to DST.  */
static void
copy_file (const char *src, const char *dst)
{
  int in = open (src, O_RDONLY), out = open (dst, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (in < 0 || out < 0)
    fatal ("copy %s to %s: %s", src, dst, strerror (errno));
  static char buf[1 << 16];
  ssize_t r;
  while ((r = read (in, buf, sizeof buf)) > 0)
    if (write (out, buf, r) != r)
      fatal ("write %s", dst);
  close (in);
  close (out);
}

/* Overwrite LEN bytes at OFF of PATH with DATA; the old bytes go to
   SAVE (when not NULL).  */
static void
patch_file (const char *path, off_t off, const void *data, size_t len,
	    void *save)
{
  int fd = open (path, O_RDWR);
  if (fd < 0 || (save != NULL && pread (fd, save, len, off) != (ssize_t) len)
      || pwrite (fd, data, len, off) != (ssize_t) len)
    fatal ("patch %s at %lld", path, (long long) off);
  close (fd);
}

/* Open a broken core: any error code from the documented set is fine;
   success is fine too as long as using the target does not crash.  */
static void
try_broken (const char *exe, const char *path, const char *what,
	    int must_fail)
{
  struct ompdbg_target *t = NULL;
  ompdbg_err_t err = ompdbg_target_open_core (path, exe, &t);
  if (err == OMPDBG_E_OK)
    {
      /* Exercise it: nothing may crash.  */
      size_t n = 0;
      ompdbg_thread_count (t, &n);
      for (size_t i = 0; i < n; i++)
	{
	  struct ompdbg_thread *th;
	  uint64_t v;
	  if (ompdbg_thread_at (t, i, &th) == OMPDBG_E_OK)
	    ompdbg_thread_reg (th, OMPDBG_REG_PC, &v);
	}
      uint64_t a, v;
      if (ompdbg_lookup_symbol (t, "ompdbg_test_global", NULL, &a) == OMPDBG_E_OK)
	ompdbg_read_memory (t, a, 8, &v);
      ompdbg_target_close (t);
    }
  check (must_fail ? err == OMPDBG_E_BADCORE || err == OMPDBG_E_NOTCORE
	 : (err == OMPDBG_E_OK || err == OMPDBG_E_BADCORE
	    || err == OMPDBG_E_NOTCORE || err == OMPDBG_E_NOMODULES
	    || err == OMPDBG_E_EXEMISMATCH),
	 "%s: %s", what, E (err));
}

/* A core cut short after its notes (a kernel core's come first): it
   opens, says it is truncated and how much it lacks, and still gives its
   threads and their registers.  */
static void
try_truncated (const char *exe, const char *path, const char *what,
	       off_t cut, off_t dend)
{
  struct ompdbg_target *t = NULL;
  ompdbg_err_t err = ompdbg_target_open_core (path, exe, &t);
  if (!check (err == OMPDBG_E_OK, "%s: opens (%s)", what, E (err)))
    return;
  uint64_t needed = 0, size = 0, missing = 0;
  size_t segs = 0;
  err = ompdbg_target_core_truncated (t, &needed, &size, &segs, &missing);
  check (err == OMPDBG_E_OK && needed == (uint64_t) dend
	 && size == (uint64_t) cut && segs > 0 && missing > 0
	 && missing <= needed - size,
	 "%s: truncated, %" PRIu64 " of %" PRIu64 " bytes, %" PRIu64
	 " missing in %zu segments (%s)", what, size, needed, missing, segs,
	 E (err));
  size_t n = 0;
  struct ompdbg_thread *th;
  uint64_t pc = 0;
  ompdbg_thread_count (t, &n);
  bool regs = n > 0 && ompdbg_thread_at (t, 0, &th) == OMPDBG_E_OK
    && ompdbg_thread_reg (th, OMPDBG_REG_PC, &pc) == OMPDBG_E_OK && pc != 0;
  check (regs, "%s: %zu threads, the first one's pc 0x%" PRIx64, what, n,
	 pc);
  uint64_t a, v;
  if (ompdbg_lookup_symbol (t, "ompdbg_test_global", NULL, &a) == OMPDBG_E_OK)
    {
      err = ompdbg_read_memory (t, a, 8, &v);
      check (err == OMPDBG_E_OK || err == OMPDBG_E_TRUNCATED,
	     "%s: a global reads or is lost with the cut (%s)", what, E (err));
    }
  ompdbg_target_close (t);
}

/* Offset and size of the core's first PT_NOTE (64-bit cores).  */
static int
find_notes (const char *core, off_t *off, size_t *size)
{
  int fd = open (core, O_RDONLY);
  Elf64_Ehdr eh;
  if (fd < 0 || pread (fd, &eh, sizeof eh, 0) != sizeof eh)
    return 0;
  for (int i = 0; i < eh.e_phnum; i++)
    {
      Elf64_Phdr ph;
      if (pread (fd, &ph, sizeof ph, eh.e_phoff + i * sizeof ph) != sizeof ph)
	break;
      if (ph.p_type == PT_NOTE)
	{
	  *off = ph.p_offset;
	  *size = ph.p_filesz;
	  close (fd);
	  return 1;
	}
    }
  close (fd);
  return 0;
}

/* Where the core's last PT_LOAD or PT_NOTE data ends.  */
static off_t
data_end (const char *core)
{
  int fd = open (core, O_RDONLY);
  Elf64_Ehdr eh;
  off_t end = 0;
  if (fd < 0 || pread (fd, &eh, sizeof eh, 0) != sizeof eh)
    fatal ("read %s", core);
  for (int i = 0; i < eh.e_phnum; i++)
    {
      Elf64_Phdr ph;
      if (pread (fd, &ph, sizeof ph, eh.e_phoff + i * sizeof ph) != sizeof ph)
	fatal ("read %s's program headers", core);
      if ((ph.p_type == PT_LOAD || ph.p_type == PT_NOTE)
	  && (off_t) (ph.p_offset + ph.p_filesz) > end)
	end = ph.p_offset + ph.p_filesz;
    }
  close (fd);
  return end;
}

static int
mode_bad (const char *exe, const char *core, const char *dir)
{
  struct stat st;
  if (stat (core, &st) != 0)
    fatal ("%s: %s", core, strerror (errno));
  char path[4096];
  snprintf (path, sizeof path, "%s/broken.core", dir);
  /* One copy, patched and restored in place (cores are tens of MB).  */
  copy_file (core, path);

  /* Corrupted notes: the first note's name size huge, then its
     descriptor size, then the whole note segment random or zero.  */
  off_t noff;
  size_t nsize;
  if (!find_notes (core, &noff, &nsize) || nsize < 12)
    fatal ("%s: no PT_NOTE", core);
  char *orig = malloc (nsize), *noise = malloc (nsize);
  if (orig == NULL || noise == NULL)
    fatal ("out of memory");
  uint32_t huge = 0xfffffff0u;
  patch_file (path, noff, &huge, 4, orig);
  try_broken (exe, path, "first note's n_namesz 0xfffffff0", 0);
  patch_file (path, noff, orig, 4, NULL);
  patch_file (path, noff + 4, &huge, 4, orig);
  try_broken (exe, path, "first note's n_descsz 0xfffffff0", 0);
  patch_file (path, noff + 4, orig, 4, NULL);
  for (unsigned seed = 1; seed <= 8; seed++)
    {
      srand (seed);
      for (size_t i = 0; i < nsize; i++)
	noise[i] = rand ();
      patch_file (path, noff, noise, nsize, orig);
      char what[64];
      snprintf (what, sizeof what, "note segment random (seed %u)", seed);
      try_broken (exe, path, what, 0);
      patch_file (path, noff, orig, nsize, NULL);
    }
  memset (noise, 0, nsize);
  patch_file (path, noff, noise, nsize, orig);
  try_broken (exe, path, "note segment zeroed", 0);
  patch_file (path, noff, orig, nsize, NULL);
  free (noise);
  free (orig);

  /* Headers pointing past the end.  */
  Elf64_Ehdr eh;
  int fd = open (core, O_RDONLY);
  if (fd < 0 || pread (fd, &eh, sizeof eh, 0) != sizeof eh)
    fatal ("read %s", core);
  close (fd);
  uint64_t far = 0x7fffffffffff0000ull, save8;
  patch_file (path, eh.e_phoff + offsetof (Elf64_Phdr, p_offset), &far, 8, &save8);
  try_broken (exe, path, "first segment's p_offset past the end", 1);
  patch_file (path, eh.e_phoff + offsetof (Elf64_Phdr, p_offset), &save8, 8, NULL);
  uint16_t many = 0xffff, save2;
  patch_file (path, offsetof (Elf64_Ehdr, e_phnum), &many, 2, &save2);
  try_broken (exe, path, "e_phnum 0xffff", 1);
  patch_file (path, offsetof (Elf64_Ehdr, e_phnum), &save2, 2, NULL);
  uint16_t exec = ET_EXEC;
  patch_file (path, offsetof (Elf64_Ehdr, e_type), &exec, 2, &save2);
  try_broken (exe, path, "e_type ET_EXEC", 1);
  patch_file (path, offsetof (Elf64_Ehdr, e_type), &save2, 2, NULL);

  /* The restored copy is a good core again.  */
  struct ompdbg_target *t;
  ompdbg_err_t err = ompdbg_target_open_core (path, exe, &t);
  check (err == OMPDBG_E_OK, "the restored copy opens (%s)", E (err));
  if (err == OMPDBG_E_OK)
    ompdbg_target_close (t);

  /* Truncated at several sizes, longest first.  Cutting into the notes
     (a gcore's come last, a kernel core's first) or the headers is
     refused; a core cut after its notes opens and says it is truncated;
     the section headers gdb appends after the data are not needed.  */
  off_t dend = data_end (core);
  off_t nend = noff + nsize;
  off_t cuts[] = { st.st_size - 1, dend - 1, dend - 4096, st.st_size / 2,
		   st.st_size / 3, nend + 1, nend, nend - 1, 4096, 64 + 56,
		   64, 63, 16, 1, 0 };
  for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++)
    {
      if (cuts[i] < 0 || truncate (path, cuts[i]) != 0)
	fatal ("truncate %s to %lld: %s", path, (long long) cuts[i],
	       strerror (errno));
      char what[128];
      snprintf (what, sizeof what, "core truncated to %lld of %lld bytes%s",
		(long long) cuts[i], (long long) st.st_size,
		cuts[i] >= dend ? " (after its data)"
		: cuts[i] >= nend ? " (after its notes)" : "");
      if (cuts[i] >= nend && cuts[i] < dend)
	try_truncated (exe, path, what, cuts[i], dend);
      else
	try_broken (exe, path, what, cuts[i] < dend);
    }

  /* Wrong files.  */
  err = ompdbg_target_open_core (core, "/bin/sh", &t);
  check (err == OMPDBG_E_EXEMISMATCH, "wrong executable /bin/sh: %s", E (err));
  if (err == OMPDBG_E_OK)
    ompdbg_target_close (t);
  err = ompdbg_target_open_core (core, "/nonexistent/program", &t);
  check (err == OMPDBG_E_OPEN || err == OMPDBG_E_EXEMISMATCH,
	 "nonexistent executable: %s", E (err));
  if (err == OMPDBG_E_OK)
    ompdbg_target_close (t);
  err = ompdbg_target_open_core ("/nonexistent/core", exe, &t);
  check (err == OMPDBG_E_OPEN, "nonexistent core: %s", E (err));
  err = ompdbg_target_open_core (exe, exe, &t);
  check (err == OMPDBG_E_NOTCORE, "an executable as core: %s", E (err));
  err = ompdbg_target_open_core ("/proc/self/status", exe, &t);
  check (err == OMPDBG_E_NOTCORE || err == OMPDBG_E_OPEN,
	 "a text file as core: %s", E (err));
  err = ompdbg_target_open_core (dir, exe, &t);
  check (err == OMPDBG_E_OPEN, "a directory as core: %s", E (err));
  err = ompdbg_target_open_core (NULL, exe, &t);
  check (err == OMPDBG_E_BADARG, "NULL core: %s", E (err));

  /* Processes that do not exist.  */
  pid_t child = fork ();
  if (child == 0)
    _exit (0);
  waitpid (child, NULL, 0);
  err = ompdbg_target_attach (child, &t);
  check (err == OMPDBG_E_NOPROC, "attach to exited pid %d: %s", (int) child,
	 E (err));
  err = ompdbg_target_attach (0, &t);
  check (err == OMPDBG_E_BADARG, "attach to pid 0: %s", E (err));
  err = ompdbg_target_attach (-5, &t);
  check (err == OMPDBG_E_BADARG, "attach to pid -5: %s", E (err));
  err = ompdbg_target_attach (getpid (), &t);
  check (err == OMPDBG_E_BADARG, "attach to oneself: %s", E (err));

  /* NULL handles.  */
  uint64_t v;
  size_t n;
  check (ompdbg_read_memory (NULL, 0, 8, &v) == OMPDBG_E_BADHANDLE,
	 "read_memory (NULL)");
  check (ompdbg_lookup_symbol (NULL, "x", NULL, &v) == OMPDBG_E_BADHANDLE,
	 "lookup_symbol (NULL)");
  check (ompdbg_thread_count (NULL, &n) == OMPDBG_E_BADHANDLE,
	 "thread_count (NULL)");
  check (ompdbg_thread_reg (NULL, OMPDBG_REG_PC, &v) == OMPDBG_E_BADHANDLE,
	 "thread_reg (NULL)");
  check (ompdbg_session_open (NULL, NULL, NULL, NULL) == OMPDBG_E_BADHANDLE,
	 "session_open (NULL)");
  check (strcmp (ompdbg_errmsg (OMPDBG_E_NUM), "unknown error") == 0
	 && strcmp (ompdbg_errmsg (OMPDBG_E_BADCORE),
		    "core file is truncated or corrupt") == 0, "errmsg table");
  ompdbg_target_close (NULL);
  unlink (path);
  return 0;
}

/* Write the SIZE low bytes of VALUE (the host's byte order, the core's)
   over the dumped memory at ADDR in CORE: the damage a crash leaves.  */
static int
mode_poke (const char *core, uint64_t addr, int size, uint64_t value)
{
  int fd = open (core, O_RDWR);
  Elf64_Ehdr eh;
  if (fd < 0 || pread (fd, &eh, sizeof eh, 0) != sizeof eh
      || (size != 1 && size != 2 && size != 4 && size != 8))
    fatal ("poke %s", core);
  for (int i = 0; i < eh.e_phnum; i++)
    {
      Elf64_Phdr ph;
      if (pread (fd, &ph, sizeof ph, eh.e_phoff + i * sizeof ph) != sizeof ph)
	break;
      if (ph.p_type == PT_LOAD && addr >= ph.p_vaddr
	  && addr + size <= ph.p_vaddr + ph.p_filesz)
	{
	  off_t off = ph.p_offset + (addr - ph.p_vaddr);
	  uint64_t back = 0;
	  patch_file (core, off, &value, size, NULL);
	  check (pread (fd, &back, size, off) == size && back == value,
		 "0x%" PRIx64 " written at 0x%" PRIx64 " (file offset %lld)",
		 value, addr, (long long) off);
	  close (fd);
	  return 0;
	}
    }
  close (fd);
  fatal ("%s holds no data at 0x%" PRIx64, core, addr);
}

int
main (int argc, char **argv)
{
  setvbuf (stdout, NULL, _IOLBF, 0);
  if (argc == 4 && strcmp (argv[1], "live") == 0)
    mode_live (atoi (argv[2]), argv[3], 0);
  else if (argc == 4 && strcmp (argv[1], "stripped") == 0)
    mode_live (atoi (argv[2]), argv[3], 1);
  else if ((argc == 6 || argc == 7) && strcmp (argv[1], "core") == 0)
    mode_core (argv[2], argv[3], argv[4], argv[5], argc == 7);
  else if (argc == 5 && strcmp (argv[1], "bad") == 0)
    mode_bad (argv[2], argv[3], argv[4]);
  else if (argc == 6 && strcmp (argv[1], "poke") == 0)
    mode_poke (argv[2], strtoull (argv[3], NULL, 0), atoi (argv[4]),
	       strtoull (argv[5], NULL, 0));
  else
    {
      fprintf (stderr, "usage: see the comment at the top of check-target.c\n");
      return 2;
    }
  return check_finish (1);
}
