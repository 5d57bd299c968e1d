/* affinity-format.c -- the affinity-format routines and OMP_DISPLAY_AFFINITY
   (OpenMP 5.1 §3.9, §6.13-6.14).

   Plain calls into the runtime (GCC emits nothing special for them):
   - omp_capture_affinity: literal text, %%, every field type by short and
     long name, the "0." / "." / width modifiers, in nested, serialized
     and no region at all, each thread comparing with the API
     (omp_get_level, omp_get_ancestor_thread_num ...), getpid,
     gethostname, its own sched_getaffinity mask and its thread id;
     truncation to the buffer size and the full length returned;
   - omp_get_affinity_format / omp_set_affinity_format: the default,
     truncation, the returned length;
   - children (run_self) for what goes to stderr: OMP_DISPLAY_AFFINITY's
     lines region by region (first region, same team again, smaller team,
     team of one, a first nested region, a new format), omp_display_affinity
     with a line longer than libgomp's 512-byte buffer, and the fatal error
     a malformed format gives.

   %i (native_thread_id) is implementation defined: libgomp prints the
   pthread_t in hex ("0x7f..."), our runtime the kernel thread id in
   decimal; each form must name the calling thread.  Repeating a nested
   region is not checked for OMP_DISPLAY_AFFINITY: libgomp starts new
   threads for every nested team and shows them again, our runtime reuses
   its threads and shows them again only if something it can show
   changed.  */

#include "../lib/check.h"

#include <pthread.h>
#include <sched.h>
#include <sys/syscall.h>

/* Capture FORMAT for the calling thread, checking the returned length
   against the string.  Static per thread.  */
static const char *
capture (const char *format)
{
  static __thread char buf[1024];
  size_t n = omp_capture_affinity (buf, sizeof buf, format);
  CHECK (n < sizeof buf && strlen (buf) == n,
	 "omp_capture_affinity (\"%s\") returned %zu for \"%s\"",
	 format ? format : "(null)", n, buf);
  return buf;
}

#define CHECK_CAPTURE(format, want)					\
  do {									\
    const char *fmt_ = (format);					\
    const char *got_ = capture (fmt_);					\
    CHECK (strcmp (got_, (want)) == 0,					\
	   "format \"%s\": expected \"%s\", got \"%s\"",			\
	   fmt_ ? fmt_ : "(null)", (want), got_);			\
  } while (0)

/* The calling thread's CPU mask as a list, the way both runtimes print
   it: ranges of two or more CPUs as "a-b".  */
static void
own_cpu_list (char *out, size_t size)
{
  cpu_set_t set;
  size_t len = 0;
  const char *sep = "";
  CHECK (sched_getaffinity (0, sizeof set, &set) == 0, "sched_getaffinity");
  out[0] = '\0';
  for (int i = 0; i < CPU_SETSIZE; i++)
    {
      if (!CPU_ISSET (i, &set))
	continue;
      int j = i;
      while (j + 1 < CPU_SETSIZE && CPU_ISSET (j + 1, &set))
	j++;
      int r = i == j ? snprintf (out + len, size - len, "%s%d", sep, i)
	: snprintf (out + len, size - len, "%s%d-%d", sep, i, j);
      CHECK (r > 0 && (size_t) r < size - len, "CPU list too long");
      len += (size_t) r;
      sep = ",";
      i = j;
    }
}

/* S (the expansion of %i) names the calling thread: its kernel thread id
   in decimal, or (libgomp) its pthread_t in hex.  */
static void
check_tid (const char *s, const char *where)
{
  char *end;
  if (strncmp (s, "0x", 2) == 0)
    {
      unsigned long v = strtoul (s + 2, &end, 16);
      CHECK (*end == '\0' && v == (unsigned long) pthread_self (),
	     "%s: %%i = \"%s\", pthread_self () = 0x%lx", where, s,
	     (unsigned long) pthread_self ());
    }
  else
    {
      long v = strtol (s, &end, 10);
      long tid = (long) syscall (SYS_gettid);
      CHECK (*end == '\0' && v == tid, "%s: %%i = \"%s\", gettid () = %ld",
	     where, s, tid);
    }
}

/* Everything the calling thread can check about its own fields.  */
static void
check_self (const char *where)
{
  char want[4096], cpus[2048], host[256];
  int level = omp_get_level ();
  int anc = omp_get_ancestor_thread_num (level - 1);

  snprintf (want, sizeof want, "L%d n%d N%d a%d t0 T1", level,
	    omp_get_thread_num (), omp_get_num_threads (), anc);
  CHECK_CAPTURE ("L%L n%n N%N a%a t%t T%T", want);
  CHECK_CAPTURE ("L%{nesting_level} n%{thread_num} N%{num_threads} "
		 "a%{ancestor_tnum} t%{team_num} T%{num_teams}", want);

  snprintf (want, sizeof want, "[%-4d][%4d][%04d][%-3d]", level,
	    omp_get_thread_num (), omp_get_num_threads (), anc);
  CHECK_CAPTURE ("[%4L][%.4n][%0.4N][%3a]", want);
  CHECK_CAPTURE ("[%4{nesting_level}][%.4{thread_num}]"
		 "[%0.4{num_threads}][%3{ancestor_tnum}]", want);

  snprintf (want, sizeof want, "%d", (int) getpid ());
  CHECK_CAPTURE ("%P", want);
  CHECK_CAPTURE ("%{process_id}", want);

  own_cpu_list (cpus, sizeof cpus);
  CHECK_CAPTURE ("%A", cpus);
  CHECK_CAPTURE ("%{thread_affinity}", cpus);
  snprintf (want, sizeof want, "<%40s>", cpus);
  CHECK_CAPTURE ("<%.40A>", want);
  snprintf (want, sizeof want, "<%-40s>", cpus);
  CHECK_CAPTURE ("<%40A>", want);

  CHECK (gethostname (host, sizeof host) == 0, "gethostname");
  CHECK_CAPTURE ("%H", host);
  CHECK_CAPTURE ("%{host}", host);
  snprintf (want, sizeof want, "<%-70s|%70s>", host, host);
  CHECK_CAPTURE ("<%70H|%.70{host}>", want);

  char tid[64];
  snprintf (tid, sizeof tid, "%s", capture ("%i"));
  check_tid (tid, where);
  CHECK_CAPTURE ("%{native_thread_id}", tid);
  /* Widths do not change the value: strip the padding, compare.  */
  const char *w = capture ("%.40i");
  CHECK (strlen (w) == 40, "%s: %%.40i gave \"%s\"", where, w);
  while (*w == ' ')
    w++;
  CHECK (strcmp (w, tid) == 0, "%s: %%.40i gave \"%s\", %%i \"%s\"", where,
	 w, tid);
}

/* Literal text, %%, modifiers on known values; outside any region.  */
static void
check_outside (void)
{
  CHECK_CAPTURE ("plain text", "plain text");
  CHECK_CAPTURE ("100%% %%n", "100% %n");
  CHECK_CAPTURE ("%L %n %N %a", "0 0 1 -1");
  CHECK_CAPTURE ("|%5n|%.5n|%0.5n|", "|0    |    0|00000|");
  CHECK_CAPTURE ("|%0.5a|%.5a|%5a|", "|-0001|   -1|-1   |");
  CHECK_CAPTURE ("|%1N|%0.1N|%12{num_threads}|", "|1|1|1           |");
  CHECK_CAPTURE ("%.3{team_num}/%0.3{num_teams}", "  0/001");
  check_self ("outside");
}

/* Truncation and the returned length.  */
static void
check_sizes (void)
{
  char buf[8];
  size_t n;

  memset (buf, 'x', sizeof buf);
  n = omp_capture_affinity (buf, 5, "abc%0.6n");
  CHECK (n == 9 && strcmp (buf, "abc0") == 0 && buf[5] == 'x',
	 "capture into 5 bytes: %zu \"%s\"", n, buf);
  n = omp_capture_affinity (buf, 1, "abc");
  CHECK (n == 3 && buf[0] == '\0', "capture into 1 byte: %zu", n);
  n = omp_capture_affinity (NULL, 0, "abc%.20n");
  CHECK (n == 23, "capture into nothing: %zu, expected 23", n);
  n = omp_capture_affinity (buf, sizeof buf, "0123456");
  CHECK (n == 7 && strcmp (buf, "0123456") == 0, "exact fit: %zu", n);

  /* The default, unless the environment changed it.  */
  char fmt[128];
  if (getenv ("OMP_AFFINITY_FORMAT") == NULL)
    {
      const char *def = "level %L thread %i affinity %A";
      n = omp_get_affinity_format (fmt, sizeof fmt);
      CHECK (n == strlen (def) && strcmp (fmt, def) == 0,
	     "default format \"%s\" (%zu)", fmt, n);
    }

  omp_set_affinity_format ("F%n/%N");
  n = omp_get_affinity_format (fmt, sizeof fmt);
  CHECK (n == 6 && strcmp (fmt, "F%n/%N") == 0, "after set: \"%s\" %zu",
	 fmt, n);
  CHECK_CAPTURE (NULL, "F0/1");
  CHECK_CAPTURE ("", "F0/1");

  omp_set_affinity_format ("0123456789");
  memset (buf, 'x', sizeof buf);
  n = omp_get_affinity_format (buf, 5);
  CHECK (n == 10 && strcmp (buf, "0123") == 0 && buf[5] == 'x',
	 "get into 5 bytes: %zu \"%s\"", n, buf);
  n = omp_get_affinity_format (NULL, 0);
  CHECK (n == 10, "get into nothing: %zu", n);
  n = omp_get_affinity_format (buf, 1);
  CHECK (n == 10 && buf[0] == '\0', "get into 1 byte: %zu", n);

  /* Longer than before, then shorter again.  */
  char longer[300];
  memset (longer, 'y', sizeof longer - 1);
  longer[sizeof longer - 1] = '\0';
  omp_set_affinity_format (longer);
  n = omp_get_affinity_format (NULL, 0);
  CHECK (n == sizeof longer - 1, "long format: length %zu", n);
  omp_set_affinity_format ("T%n");
  n = omp_get_affinity_format (fmt, sizeof fmt);
  CHECK (n == 3 && strcmp (fmt, "T%n") == 0, "short again: \"%s\"", fmt);
  CHECK_CAPTURE (NULL, "T0");
}

/* Every thread of nested, active and serialized, regions.  */
static void
check_nested (void)
{
  omp_set_max_active_levels (2);
#pragma omp parallel num_threads(3)
  {
    check_self ("level 1");
#pragma omp parallel num_threads(2)
    {
      check_self ("level 2");
      /* beyond max-active-levels: a team of one */
#pragma omp parallel num_threads(2)
      check_self ("level 3");
    }
  }
  omp_set_max_active_levels (1);
  for (int i = 0; i < N_TEST_THREAD_COUNTS; i++)
#pragma omp parallel num_threads(test_thread_counts[i])
    {
      char want[64];
      snprintf (want, sizeof want, "1 %d %d 0", omp_get_thread_num (),
		test_thread_counts[i]);
      CHECK_CAPTURE ("%L %n %N %a", want);
    }
}

/* ---- stderr: children ---------------------------------------------------- */

/* The child prints "MARK x" before each step; the lines in between are
   compared as a set (threads print in any order).  */
static void
mark (const char *m)
{
  fprintf (stderr, "MARK %s\n", m);
}

/* A region body GCC cannot optimise away (an empty region disappears).  */
static int regions_run;

static void
work (void)
{
#pragma omp atomic
  regions_run++;
}

static int
child_display (void)
{
  mark ("first");
#pragma omp parallel
  work ();
  mark ("same team");
#pragma omp parallel
  work ();
  mark ("two threads");
#pragma omp parallel num_threads(2)
  work ();
  mark ("one thread");
#pragma omp parallel num_threads(1)
  work ();
  mark ("nested");
  omp_set_max_active_levels (2);
#pragma omp parallel num_threads(2)
#pragma omp parallel num_threads(2)
  work ();
  mark ("new format");
  omp_set_affinity_format ("NEW %n/%N");
#pragma omp parallel num_threads(3)
  work ();
  mark ("display");
  omp_display_affinity (NULL);
  omp_display_affinity ("");
  omp_display_affinity ("X%.3L%%");
  mark ("long");
  omp_display_affinity ("%600n|");
  mark ("end");
  return 0;
}

static int
cmp_str (const void *a, const void *b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The lines of ERR between "MARK FROM" and the next MARK, sorted, joined
   with ';' into OUT.  */
static void
section (const char *err, const char *from, char *out, size_t size)
{
  char key[64];
  const char *lines[64];
  int n = 0;
  snprintf (key, sizeof key, "MARK %s\n", from);
  const char *p = strstr (err, key);
  CHECK (p != NULL, "no \"MARK %s\" on the child's stderr:\n%s", from, err);
  p += strlen (key);
  static char copy[8192];
  snprintf (copy, sizeof copy, "%s", p);
  for (char *s = copy; *s && strncmp (s, "MARK ", 5) != 0;)
    {
      char *eol = strchr (s, '\n');
      CHECK (eol != NULL && n < 64, "bad stderr after MARK %s:\n%s", from,
	     err);
      *eol = '\0';
      lines[n++] = s;
      s = eol + 1;
    }
  qsort (lines, n, sizeof lines[0], cmp_str);
  out[0] = '\0';
  for (int i = 0; i < n; i++)
    {
      size_t len = strlen (out);
      snprintf (out + len, size - len, "%s%s", i ? ";" : "", lines[i]);
    }
}

#define CHECK_SECTION(err, from, want)					\
  do {									\
    char got_[4096];							\
    section ((err), (from), got_, sizeof got_);				\
    CHECK (strcmp (got_, (want)) == 0,					\
	   "OMP_DISPLAY_AFFINITY, step \"%s\": expected lines \"%s\", "	\
	   "got \"%s\"\n--- stderr:\n%s---", (from), (want), got_, (err)); \
  } while (0)

static void
check_display (void)
{
  const char *vars[] = { "OMP_DISPLAY_AFFINITY=true",
    "OMP_AFFINITY_FORMAT=AFF L%L n%n N%N a%a", "OMP_NUM_THREADS=3",
    "OMP_DYNAMIC=false", "OMP_THREAD_LIMIT", "OMP_MAX_ACTIVE_LEVELS",
    "OMP_NESTED", "OMP_PROC_BIND", "OMP_PLACES", NULL };
  struct child c;
  run_self (&c, "display", vars);
  CHECK (c.status == 0, CHILD_FMT, "display", env_str (vars), c.status,
	 c.out, c.err);
  CHECK (strncmp (c.err, "MARK first\n", 11) == 0,
	 "nothing may be displayed before the first region:\n%s", c.err);
  CHECK_SECTION (c.err, "first",
		 "AFF L1 n0 N3 a0;AFF L1 n1 N3 a0;AFF L1 n2 N3 a0");
  CHECK_SECTION (c.err, "same team", "");
  CHECK_SECTION (c.err, "two threads", "AFF L1 n0 N2 a0;AFF L1 n1 N2 a0");
  CHECK_SECTION (c.err, "one thread", "");
  CHECK_SECTION (c.err, "nested", "AFF L2 n0 N2 a0;AFF L2 n0 N2 a1;"
		 "AFF L2 n1 N2 a0;AFF L2 n1 N2 a1");
  CHECK_SECTION (c.err, "new format", "NEW 0/3;NEW 1/3;NEW 2/3");
  CHECK_SECTION (c.err, "display", "NEW 0/1;NEW 0/1;X  0%");
  char want[700];
  snprintf (want, sizeof want, "%-600d|", 0);
  CHECK_SECTION (c.err, "long", want);
  child_free (&c);
}

/* A malformed format is a fatal error with libgomp's message, byte for
   byte (MESSAGE_LEN bytes: a NUL in it too), and exit status 1.  */
static void
check_bad_n (const char *format, const char *message, size_t message_len)
{
  char var[128], want[256];
  snprintf (var, sizeof var, "OMP_AFFINITY_FORMAT=%s", format);
  const char *vars[] = { var, NULL };
  CHECK (message_len + 12 < sizeof want, "message too long");
  memcpy (want, "\nlibgomp: ", 10);
  memcpy (want + 10, message, message_len);
  memcpy (want + 10 + message_len, "\n", 2);
  struct child c;
  run_self (&c, "bad", vars);
  CHECK (c.status == 1 && memcmp (c.err, want, message_len + 12) == 0,
	 "format \"%s\": expected exit status 1 and \"%s\"\n" CHILD_FMT,
	 format, message, "bad", env_str (vars), c.status, c.out, c.err);
  child_free (&c);
}

#define check_bad(format, message) \
  check_bad_n (format, message, sizeof message - 1)

int
main (int argc, char **argv)
{
  check_init (argv[0]);
  if (argc > 1 && strcmp (argv[1], "display") == 0)
    return child_display ();
  if (argc > 1 && strcmp (argv[1], "bad") == 0)
    {
      omp_display_affinity (NULL);
      return 0;
    }

  check_outside ();
  check_nested ();
  check_sizes ();
  check_display ();
  check_bad ("%x", "unsupported type x in affinity format");
  check_bad ("%05n", "leading zero not followed by dot in affinity format");
  check_bad ("%.n", "leading zero or right justification in affinity format "
	     "requires size");
  check_bad ("%{foo}", "unsupported long type name 'foo' in affinity format");
  check_bad ("%{thread_num", "unterminated long type name 'thread_num' in "
	     "affinity format");
  /* A format ending in '%': libgomp reports its NUL as the type.  */
  check_bad ("abc%", "unsupported type \0 in affinity format");
  return 0;
}
