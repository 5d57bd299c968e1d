/* affinity-fmt.c -- thread affinity display: the affinity-format-var ICV,
   its expansion, the routines omp_set_affinity_format,
   omp_get_affinity_format, omp_display_affinity, omp_capture_affinity
   (OpenMP 5.1 §3.9) with their Fortran forms, and the lines
   OMP_DISPLAY_AFFINITY=true prints (§6.13, format of §6.14).

   A format is text with fields %[0.|.][WIDTH]TYPE, TYPE a letter or
   {long_name}; %% is a percent sign.  WIDTH pads the field with blanks on
   the right, "." moves the padding to the left, "0." pads numbers with
   zeros after the sign.  Everything else is copied.  Like GCC 12's
   libgomp, a malformed field is a fatal error naming the problem.

   Values as in libgomp, except two that name things more useful to a
   debugger than libgomp's: %i (native_thread_id) is the kernel thread id
   (what gdb calls the LWP, and gomp_thread.tid), where libgomp prints the
   pthread_t in hex; %A (thread_affinity) is the calling thread's own CPU
   mask, where libgomp prints the CPUs of the thread's place, or the
   process's initial mask if it has none (the same unless the program
   binds threads itself).

   When OMP_DISPLAY_AFFINITY is true, each thread prints its own line to
   stderr as it enters a region, if the region shows something new: the
   master of each team decides for the whole team (OpenMP: if anything
   changes for one thread, all threads of the region display).  */

#include "config.h"
#include "internal.h"
#include "os.h"

#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

/* ---- the ICV -------------------------------------------------------------- */

/* gomp_global_icv.affinity_format starts as env.c's default or copy of
   OMP_AFFINITY_FORMAT; omp_set_affinity_format moves it to FORMAT_BUF,
   which only this file allocates.  The lock makes a concurrent set safe
   for the readers here: the old text is never read while replaced.  */
static pthread_mutex_t format_lock = PTHREAD_MUTEX_INITIALIZER;
static char *format_buf;
static size_t format_cap;

static void
set_format (const char *format, size_t len)
{
  pthread_mutex_lock (&format_lock);
  if (len >= format_cap)
    {
      char *p = realloc (format_buf, len + 1);
      if (p == NULL)
	gomp_fatal_oom (len + 1);
      format_buf = p;
      format_cap = len + 1;
    }
  memcpy (format_buf, format, len);
  format_buf[len] = '\0';
  gomp_global_icv.affinity_format = format_buf;
  pthread_mutex_unlock (&format_lock);
}

/* ---- output: snprintf-like ------------------------------------------------ */

/* Where an expansion goes: its first SIZE bytes into BUF, the rest only
   counted.  LEN is the full length, so callers can size a buffer.  */
struct sink
{
  char *buf;
  size_t size;
  size_t len;
};

static void
sink_count (struct sink *s, size_t n)
{
  if (n > SIZE_MAX - s->len)
    gomp_own_fatal ("overflow in omp_capture_affinity");
  s->len += n;
}

static void
sink_put (struct sink *s, const char *str, size_t n)
{
  if (s->len < s->size)
    {
      size_t room = s->size - s->len;
      memcpy (s->buf + s->len, str, n < room ? n : room);
    }
  sink_count (s, n);
}

static void
sink_repeat (struct sink *s, char c, size_t n)
{
  if (s->len < s->size)
    {
      size_t room = s->size - s->len;
      memset (s->buf + s->len, c, n < room ? n : room);
    }
  sink_count (s, n);
}

/* ---- fields ------------------------------------------------------------------ */

/* The size specification of one field.  */
struct field
{
  bool zero;			/* "0.": zeros after the sign (numbers only) */
  bool right;			/* ".": blanks on the left */
  size_t width;			/* minimum width, 0 if none */
};

static size_t
field_pad (const struct field *f, size_t n)
{
  return f->width > n ? f->width - n : 0;
}

static void
put_text (struct sink *s, const struct field *f, const char *str, size_t n)
{
  size_t pad = field_pad (f, n);
  if (f->right)
    sink_repeat (s, ' ', pad);
  sink_put (s, str, n);
  if (!f->right)
    sink_repeat (s, ' ', pad);
}

static void
put_int (struct sink *s, const struct field *f, long long v)
{
  char num[3 * sizeof v + 2];
  size_t n = (size_t) snprintf (num, sizeof num, "%lld", v);
  if (!f->zero)
    {
      put_text (s, f, num, n);
      return;
    }
  /* "0." implies ".": the zeros go between the sign and the digits.  */
  size_t sign = num[0] == '-';
  sink_put (s, num, sign);
  sink_repeat (s, '0', field_pad (f, n));
  sink_put (s, num + sign, n - sign);
}

static void
put_host (struct sink *s, const struct field *f)
{
  char host[256];
  struct utsname u;
  const char *name = "node";
  host[sizeof host - 1] = '\0';
  if (gethostname (host, sizeof host - 1) == 0)
    name = host;
  else if (uname (&u) == 0)
    name = u.nodename;
  put_text (s, f, name, strlen (name));
}

/* SET as a CPU list, "0-3,6": runs of two or more CPUs as ranges (as
   libgomp prints them: "0-1", not "0,1").  */
static void
put_cpu_list (struct sink *s, const gomp_cpuset_t *set, size_t setsize)
{
  size_t ncpus = setsize * CHAR_BIT;
  const char *sep = "";
  for (size_t i = 0; i < ncpus; i++)
    {
      if (!gomp_cpuset_isset (i, setsize, set))
	continue;
      size_t j = i;
      while (j + 1 < ncpus && gomp_cpuset_isset (j + 1, setsize, set))
	j++;
      char item[2 * 3 * sizeof (size_t) + 3];
      int n = i == j ? snprintf (item, sizeof item, "%s%zu", sep, i)
	: snprintf (item, sizeof item, "%s%zu-%zu", sep, i, j);
      sink_put (s, item, (size_t) n);
      sep = ",";
      i = j;
    }
}

/* %A: the CPUs the calling thread may run on.  */
static void
put_affinity (struct sink *s, const struct field *f)
{
  size_t setsize;
  gomp_cpuset_t *set = gomp_os_get_affinity (&setsize);
  if (set == NULL)
    {
      /* No mask to show: all the processors, as libgomp says then.  */
      char all[3 * sizeof (unsigned int) + 3];
      if (gomp_num_procs > 1)
	snprintf (all, sizeof all, "0-%u", gomp_num_procs - 1);
      else
	strcpy (all, "0");
      put_text (s, f, all, strlen (all));
    }
  else
    {
      /* Measure first when the padding goes on the left.  */
      struct sink measure = { NULL, 0, 0 };
      put_cpu_list (&measure, set, setsize);
      size_t pad = field_pad (f, measure.len);
      if (f->right)
	sink_repeat (s, ' ', pad);
      put_cpu_list (s, set, setsize);
      if (!f->right)
	sink_repeat (s, ' ', pad);
      free (set);
    }
}

/* The long names of the field types (OpenMP 5.1 Table 6.2).  */
static const struct
{
  char name[17];
  char type;
} long_names[] = {
  { "team_num", 't' },
  { "num_teams", 'T' },
  { "nesting_level", 'L' },
  { "thread_num", 'n' },
  { "num_threads", 'N' },
  { "ancestor_tnum", 'a' },
  { "host", 'H' },
  { "process_id", 'P' },
  { "native_thread_id", 'i' },
  { "thread_affinity", 'A' },
};

/* P points at '{': the type letter of the long name there; *END is set
   to its closing '}'.  */
static char
long_type (const char *p, const char **end)
{
  const char *name = p + 1;
  const char *close = strchr (name, '}');
  if (close == NULL)
    gomp_fatal ("unterminated long type name '%s' in affinity format", name);
  size_t len = (size_t) (close - name);
  for (size_t i = 0; i < sizeof long_names / sizeof long_names[0]; i++)
    if (strlen (long_names[i].name) == len
	&& memcmp (long_names[i].name, name, len) == 0)
      {
	*end = close;
	return long_names[i].type;
      }
  gomp_fatal ("unsupported long type name '%.*s' in affinity format",
	      (int) len, name);
}

/* Expand FORMAT into S for the calling thread, whose team state is TS.  */
static void
expand (struct sink *s, const char *format, const struct gomp_team_state *ts)
{
  for (;;)
    {
      const char *p = strchr (format, '%');
      if (p == NULL)
	{
	  sink_put (s, format, strlen (format));
	  return;
	}
      sink_put (s, format, (size_t) (p - format));
      p++;
      if (*p == '%')
	{
	  sink_put (s, "%", 1);
	  format = p + 1;
	  continue;
	}

      struct field f = { false, false, 0 };
      if (*p == '0')
	{
	  f.zero = true;
	  if (*++p != '.')
	    gomp_fatal ("leading zero not followed by dot in affinity format");
	}
      if (*p == '.')
	{
	  f.right = true;
	  p++;
	}
      if (*p >= '1' && *p <= '9')
	{
	  char *end;
	  /* A width beyond ULONG_MAX saturates; padding that long then
	     overflows the length, which is fatal.  */
	  f.width = strtoul (p, &end, 10);
	  p = end;
	}
      else if (f.zero || f.right)
	gomp_fatal ("leading zero or right justification in affinity format "
		    "requires size");

      char type = *p;
      if (type == '{')
	type = long_type (p, &p);
      switch (type)
	{
	case 't':
	  put_int (s, &f, omp_get_team_num ());
	  break;
	case 'T':
	  put_int (s, &f, omp_get_num_teams ());
	  break;
	case 'L':
	  put_int (s, &f, ts->level);
	  break;
	case 'n':
	  put_int (s, &f, ts->team_id);
	  break;
	case 'N':
	  put_int (s, &f, ts->team ? ts->team->nthreads : 1);
	  break;
	case 'a':
	  /* omp_get_ancestor_thread_num (omp_get_level () - 1).  */
	  put_int (s, &f, ts->team ? (long long) ts->team->master_saved.team_id
		   : -1);
	  break;
	case 'H':
	  put_host (s, &f);
	  break;
	case 'P':
	  put_int (s, &f, getpid ());
	  break;
	case 'i':
	  /* Asked of the kernel rather than read from gomp_thread.tid: also
	     right in a forked child, and for threads without a descriptor.  */
	  put_int (s, &f, gomp_gettid ());
	  break;
	case 'A':
	  put_affinity (s, &f);
	  break;
	case '\0':
	  /* libgomp reports the terminating NUL as the type: the message
	     holds a NUL byte.  */
	  gomp_fatal ("unsupported type %c in affinity format", '\0');
	default:
	  gomp_fatal ("unsupported type %c in affinity format", type);
	}
      format = p + 1;
    }
}

/* Expand FORMAT, or affinity-format-var if FORMAT is NULL or empty (as the
   routines define it), for the calling thread.  No descriptor is created
   for a thread that has none: it is an initial thread outside any region,
   like query-api.c assumes.  */
static void
expand_for_self (struct sink *s, const char *format)
{
  static const struct gomp_team_state outside;
  struct gomp_thread *thr = gomp_tls;
  const struct gomp_team_state *ts = thr ? &thr->ts : &outside;
  if (format != NULL && *format != '\0')
    {
      expand (s, format, ts);
      return;
    }
  pthread_mutex_lock (&format_lock);
  expand (s, gomp_global_icv.affinity_format, ts);
  pthread_mutex_unlock (&format_lock);
}

/* Print the calling thread's line for FORMAT (NULL: the ICV) to stderr:
   through stdio, in one fwrite, like libgomp, so it neither interleaves
   with other threads' lines nor overtakes the program's own buffered
   stderr output.  */
static void
display_line (const char *format)
{
  char small[512];
  struct sink s = { small, sizeof small - 1, 0 };
  expand_for_self (&s, format);
  if (s.len < sizeof small)
    {
      small[s.len] = '\n';
      fwrite (small, 1, s.len + 1, stderr);
      return;
    }
  /* Longer than the stack buffer: again into one of the right size.  The
     ICV may change in between; the line is cut at the first length.  */
  size_t n = s.len;
  char *big = malloc (n + 1);
  if (big == NULL)
    gomp_fatal_oom (n + 1);
  struct sink t = { big, n, 0 };
  expand_for_self (&t, format);
  if (t.len < n)
    n = t.len;
  big[n] = '\n';
  fwrite (big, 1, n + 1, stderr);
  free (big);
}

/* ---- OMP_DISPLAY_AFFINITY --------------------------------------------------- */

static struct gomp_affinity_shown *
shown_slot (struct gomp_thread *thr, unsigned int level)
{
  unsigned int i = level < GOMP_AFFINITY_SHOWN_LEVELS
    ? level : GOMP_AFFINITY_SHOWN_LEVELS;
  return &thr->affinity_shown[i - 1];
}

/* THR joined TEAM as thread ID (gomp_team_enter, display_affinity_var
   set).  OpenMP 5.1 §6.13: lines appear for the first region and then
   whenever what a format can show changes; a region shown before at the
   same nesting level is not shown again.  What can change is the level,
   the thread number, the team size, the ancestor's thread number and,
   with places, the place (the CPU mask) a thread is bound to; the host,
   pid and team numbers cannot.  Like libgomp, a team of one thread shows
   nothing, and changing the format does not count as a change.

   The master (ID 0, before any worker is released) compares the team
   with what each member last showed at this level and sets
   team->affinity_show for all of them: the members' records are stable
   then, each being docked or reserved.  */
void
gomp_display_affinity_enter (struct gomp_thread *thr, struct gomp_team *team,
			     unsigned int id)
{
  unsigned int n = team->nthreads;
  if (n <= 1)
    return;
  struct gomp_affinity_shown now = {
    .level = team->level,
    .team_id = id,
    .nthreads = n,
    .ancestor = team->master_saved.team_id,
    .place = gomp_places_len ? thr->ts.place : -1,
  };
  if (id == 0)
    {
      bool show = false;
      for (unsigned int i = 0; i < n && !show; i++)
	{
	  const struct gomp_affinity_shown *old
	    = shown_slot (team->threads[i], now.level);
	  /* Member I's new place: the master's own, or the one it has just
	     handed the worker (places.c).  */
	  int place = !gomp_places_len ? -1
	    : i == 0 ? thr->ts.place : team->threads[i]->dock_place;
	  show = old->level != now.level || old->team_id != i
	    || old->nthreads != n || old->ancestor != now.ancestor
	    || old->place != place;
	}
      team->affinity_show = show;
    }
  if (!team->affinity_show)
    return;
  *shown_slot (thr, now.level) = now;
  display_line (NULL);
}

/* ---- the C routines ----------------------------------------------------------- */

EXPORT void
omp_set_affinity_format (const char *format)
{
  set_format (format, strlen (format));
}

/* The ICV's length; at most SIZE - 1 bytes of it and a NUL in BUFFER.  */
EXPORT size_t
omp_get_affinity_format (char *buffer, size_t size)
{
  pthread_mutex_lock (&format_lock);
  const char *format = gomp_global_icv.affinity_format;
  size_t len = strlen (format);
  if (size > 0)
    {
      size_t n = len < size ? len : size - 1;
      memcpy (buffer, format, n);
      buffer[n] = '\0';
    }
  pthread_mutex_unlock (&format_lock);
  return len;
}

EXPORT void
omp_display_affinity (const char *format)
{
  display_line (format);
}

/* Like snprintf: the full length, at most SIZE - 1 bytes and a NUL.  */
EXPORT size_t
omp_capture_affinity (char *buffer, size_t size, const char *format)
{
  struct sink s = { buffer, size, 0 };
  expand_for_self (&s, format);
  if (size > 0)
    buffer[s.len < size ? s.len : size - 1] = '\0';
  return s.len;
}

/* ---- Fortran forms ------------------------------------------------------------- */

/* gfortran passes each character argument's length (size_t) after all
   the other arguments; the text is not NUL-terminated, and an output
   argument is filled up with blanks.  As in libgomp, a format is used
   as given, trailing blanks included; a zero-length one means the ICV.
   Declared before defined, as fortran.c does: no header has them.  */
#define DEFINE(ret, name, params) \
  ret name params; \
  EXPORT ret name params

DEFINE (void, omp_set_affinity_format_, (const char *format,
					  size_t format_len))
{
  set_format (format, format_len);
}

DEFINE (int32_t, omp_get_affinity_format_, (char *buffer, size_t buffer_len))
{
  pthread_mutex_lock (&format_lock);
  const char *format = gomp_global_icv.affinity_format;
  size_t len = strlen (format);
  if (len < buffer_len)
    {
      memcpy (buffer, format, len);
      memset (buffer + len, ' ', buffer_len - len);
    }
  else
    memcpy (buffer, format, buffer_len);
  pthread_mutex_unlock (&format_lock);
  return (int32_t) len;
}

/* A Fortran format as a C string in LOCAL (or the heap, if longer), or
   NULL for the ICV.  Free with fortran_format_free.  */
static char *
fortran_format (const char *format, size_t len, char *local, size_t size)
{
  if (len == 0)
    return NULL;
  char *s = len < size ? local : malloc (len + 1);
  if (s == NULL)
    gomp_fatal_oom (len + 1);
  memcpy (s, format, len);
  s[len] = '\0';
  return s;
}

static void
fortran_format_free (char *s, char *local)
{
  if (s != local)
    free (s);
}

DEFINE (void, omp_display_affinity_, (const char *format, size_t format_len))
{
  char local[256];
  char *fmt = fortran_format (format, format_len, local, sizeof local);
  display_line (fmt);
  fortran_format_free (fmt, local);
}

DEFINE (int32_t, omp_capture_affinity_, (char *buffer, const char *format,
					 size_t buffer_len,
					 size_t format_len))
{
  char local[256];
  char *fmt = fortran_format (format, format_len, local, sizeof local);
  struct sink s = { buffer, buffer_len, 0 };
  expand_for_self (&s, fmt);
  fortran_format_free (fmt, local);
  if (s.len < buffer_len)
    memset (buffer + s.len, ' ', buffer_len - s.len);
  return (int32_t) s.len;
}
