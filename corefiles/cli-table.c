/* cli-table.c -- tables that fit the terminal, by the rule of the gdb
   plugin's util.table_lines: the columns that may narrow give way in
   the order of their priorities, first taking a cell's shorter
   rendering (nothing lost), then wrapping their text under the column
   (broken between words), then abbreviating it (C++ template arguments
   and parameter lists collapsed, then the middle elided); a column that
   may not narrow keeps its width.  The width is the terminal's (see
   cli_width).  */

#include <config.h>

#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "corefiles/cli.h"

int
cli_width (void)
{
  const char *e = getenv ("COLUMNS");
  char *end;
  long v = e != NULL ? strtol (e, &end, 10) : 0;
  if (e != NULL && *e != '\0' && *end == '\0' && v > 0)
    return v < 100000 ? (int) v : -1;
  struct winsize ws;
  if (isatty (STDOUT_FILENO) && ioctl (STDOUT_FILENO, TIOCGWINSZ, &ws) == 0
      && ws.ws_col > 0)
    return ws.ws_col;
  return -1;
}

/* Columns a string takes: its UTF-8 code points.  */
static size_t
ncols (const char *s, size_t len)
{
  size_t n = 0;
  for (size_t i = 0; i < len; i++)
    n += ((unsigned char) s[i] & 0xc0) != 0x80;
  return n;
}

static size_t
width_of (const char *s)
{
  return ncols (s, strlen (s));
}

/* `…' where the locale's character set is UTF-8, else `...'
   (util.ellipsis).  */
const char *
cli_ellipsis (void)
{
  static const char *e;
  if (e == NULL)
    {
      setlocale (LC_CTYPE, "");
      const char *cs = nl_langinfo (CODESET);
      e = cs != NULL && (strcmp (cs, "UTF-8") == 0 || strcmp (cs, "utf8") == 0)
	? "\u2026" : "...";
    }
  return e;
}

/* The byte offset of the N-th code point of S.  */
static size_t
at_col (const char *s, size_t n)
{
  size_t i = 0;
  while (s[i] != '\0' && n > 0)
    {
      i++;
      while (((unsigned char) s[i] & 0xc0) == 0x80)
	i++;
      n--;
    }
  return i;
}

/* S in at most N columns, its middle (or end) elided (util.elide).  */
static const char *
elide (struct cli *c, const char *s, size_t n, bool end)
{
  size_t len = width_of (s);
  if (len <= n)
    return s;
  const char *e = cli_ellipsis ();
  size_t el = width_of (e);
  if (n <= el)
    return cli_printf (c, "%.*s", (int) at_col (s, n), s);
  size_t keep = n - el;
  if (end)
    return cli_printf (c, "%.*s%s", (int) at_col (s, keep), s, e);
  size_t head = (keep + 1) / 2, tail = keep - head;
  return cli_printf (c, "%.*s%s%s", (int) at_col (s, head), s, e,
		     s + at_col (s, len - tail));
}

/* S with its last outermost OPEN...CLOSE group not yet collapsed
   replaced by OPEN e CLOSE, or NULL (util._collapse_group).  */
static const char *
collapse_group (struct cli *c, const char *s, char open, char close)
{
  const char *e = cli_ellipsis ();
  int depth = 0;
  long end = -1;
  for (long i = (long) strlen (s) - 1; i >= 0; i--)
    if (s[i] == close)
      {
	if (depth == 0)
	  end = i;
	depth++;
      }
    else if (s[i] == open && depth > 0 && --depth == 0)
      {
	size_t inner = (size_t) (end - i - 1);
	if (!(inner == strlen (e) && strncmp (s + i + 1, e, inner) == 0))
	  return cli_printf (c, "%.*s%s%s", (int) (i + 1), s, e, s + end);
	end = -1;
      }
  return NULL;
}

/* A name S in at most N columns (util.abbreviate).  */
static const char *
abbreviate (struct cli *c, const char *s, size_t n)
{
  static const char groups[][2] = { { '<', '>' }, { '(', ')' } };
  for (size_t g = 0; g < 2 && width_of (s) > n; g++)
    while (width_of (s) > n)
      {
	const char *t = collapse_group (c, s, groups[g][0], groups[g][1]);
	if (t == NULL || width_of (t) >= width_of (s))
	  break;
	s = t;
      }
  return elide (c, s, n, false);
}

/* The next word of *P (spaces inside <...> belong to it: util.words),
   its length in *LEN; NULL at the end.  */
static const char *
next_word (const char **p, size_t *len)
{
  const char *s = *p;
  while (*s == ' ')
    s++;
  if (*s == '\0')
    return NULL;
  int depth = 0;
  const char *w = s;
  for (; *s != '\0' && (*s != ' ' || depth > 0); s++)
    if (*s == '<')
      depth++;
    else if (*s == '>' && depth > 0)
      depth--;
  *len = (size_t) (s - w);
  *p = s;
  return w;
}

/* TEXT as lines of at most N columns, broken between words, a word
   longer than a line abbreviated (util.wrap); their number.  */
static size_t
wrap (struct cli *c, const char *text, size_t n, const char ***out)
{
  size_t cap = 4, k = 0;
  const char **lines = malloc (cap * sizeof *lines);
  char *cur = NULL;
  const char *p = text;
  size_t len;
  const char *w;
  while (lines != NULL && (w = next_word (&p, &len)) != NULL)
    {
      char *word = cli_printf (c, "%.*s", (int) len, w);
      if (cur != NULL && width_of (cur) + 1 + ncols (w, len) <= n)
	{
	  cur = cli_printf (c, "%s %s", cur, word);
	  continue;
	}
      if (cur != NULL)
	{
	  if (k + 1 >= cap)
	    {
	      const char **m = realloc (lines, (cap *= 2) * sizeof *m);
	      if (m == NULL)
		break;
	      lines = m;
	    }
	  lines[k++] = cur;
	}
      cur = (char *) abbreviate (c, word, n);
    }
  if (lines == NULL)
    return 0;
  lines[k++] = cur != NULL ? cur : "";
  *out = lines;
  return k;
}

/* The renderings of a cell, longest first.  */
struct alts
{
  const char *v[4];
  size_t n;
};

static void
split_alts (struct cli *c, const char *cell, struct alts *a)
{
  a->n = 0;
  const char *s = cell != NULL ? cell : "";
  for (;;)
    {
      const char *sep = strchr (s, CLI_ALT[0]);
      if (sep == NULL || a->n + 1 == sizeof a->v / sizeof a->v[0])
	{
	  a->v[a->n++] = s;
	  return;
	}
      a->v[a->n++] = cli_printf (c, "%.*s", (int) (sep - s), s);
      s = sep + 1;
    }
}

/* The width column I needs when no rendering wider than T is chosen;
   (size_t) -1 when some cell has none that narrow.  */
static size_t
used (const struct alts *cells, size_t nrows, size_t nc, size_t i,
      size_t head, size_t t)
{
  size_t u = head;
  for (size_t r = 0; r < nrows; r++)
    {
      const struct alts *a = &cells[r * nc + i];
      size_t best = 0;
      bool any = false;
      for (size_t k = 0; k < a->n; k++)
	{
	  size_t l = width_of (a->v[k]);
	  if (l <= t && (!any || l > best))
	    best = l, any = true;
	}
      if (!any)
	return (size_t) -1;
      if (best > u)
	u = best;
    }
  return u;
}

static long
total (const size_t *w, size_t nc)
{
  long s = 0;
  for (size_t i = 0; i < nc; i++)
    s += (long) w[i];
  return s;
}

/* The wrapped columns of ORDER narrow one column at a time, the widest
   first (on a tie the one of lower priority), none below FLOOR, until
   the widths W fit ROOM.  */
static void
narrow_wrapped (const struct cli_col *cols, const size_t *order, size_t no,
		size_t *w, size_t nc, long room, const size_t *floor)
{
  while (total (w, nc) > room)
    {
      long best = -1;
      for (size_t o = 0; o < no; o++)
	{
	  size_t i = order[o];
	  if (cols[i].fit != 'w' || w[i] <= floor[i])
	    continue;
	  if (best < 0 || w[i] > w[best]
	      || (w[i] == w[best] && cols[i].prio < cols[best].prio))
	    best = (long) i;
	}
      if (best < 0)
	break;
      w[best]--;
    }
}

/* The other columns of ORDER give up what is over, in ORDER, none
   below FLOOR.  */
static void
narrow_others (const struct cli_col *cols, const size_t *order, size_t no,
	       size_t *w, size_t nc, long room, const size_t *floor)
{
  for (size_t o = 0; o < no; o++)
    {
      size_t i = order[o];
      long over = total (w, nc) - room;
      if (over <= 0)
	break;
      if (cols[i].fit == 'w')
	continue;
      long t = (long) w[i] - over;
      w[i] = t > (long) floor[i] ? (size_t) t : floor[i];
    }
}


/* util._narrow: the widths W narrowed until they add up to ROOM.  */
static void
narrow (struct cli *c, const struct cli_col *cols, size_t nc,
	const struct alts *cells, size_t nrows, size_t *w, long room)
{
  size_t order[32], no = 0;
  for (size_t i = 0; i < nc; i++)
    if (cols[i].min >= 0)
      order[no++] = i;
  for (size_t a = 1; a < no; a++)	/* by (prio, index) */
    for (size_t b = a; b > 0 && cols[order[b]].prio < cols[order[b - 1]].prio;
	 b--)
      {
	size_t x = order[b];
	order[b] = order[b - 1];
	order[b - 1] = x;
      }
  size_t natural[32], heads[32];
  for (size_t i = 0; i < nc; i++)
    {
      natural[i] = w[i];
      heads[i] = width_of (cols[i].header);
    }
  for (size_t o = 0; o < no; o++)
    {
      size_t i = order[o];
      long over = total (w, nc) - room;
      if (over <= 0)
	break;
      size_t shortest = heads[i];
      for (size_t r = 0; r < nrows; r++)
	{
	  const struct alts *a = &cells[r * nc + i];
	  size_t l = width_of (a->v[a->n - 1]);
	  if (l > shortest)
	    shortest = l;
	}
      if (shortest < w[i])
	{
	  long t = (long) w[i] - over;
	  size_t u = used (cells, nrows, nc, i, heads[i],
			   t > (long) shortest ? (size_t) t : shortest);
	  if (u != (size_t) -1)
	    w[i] = u;
	}
    }
  /* Wrapped columns narrow together, the widest first; first none
     below its longest word.  */
  size_t hard[32], soft[32];
  for (size_t o = 0; o < no; o++)
    {
      size_t i = order[o];
      if (cols[i].fit != 'w')
	continue;
      hard[i] = (size_t) cols[i].min > heads[i] ? (size_t) cols[i].min
	: heads[i];
      soft[i] = hard[i];
      for (size_t r = 0; r < nrows; r++)
	{
	  const struct alts *a = &cells[r * nc + i];
	  const char *p = a->v[a->n - 1], *wd;
	  size_t len;
	  while ((wd = next_word (&p, &len)) != NULL)
	    if (ncols (wd, len) > soft[i])
	      soft[i] = ncols (wd, len);
	}
    }
  size_t mins[32];
  for (size_t i = 0; i < nc; i++)
    mins[i] = (size_t) cols[i].min > heads[i] ? (size_t) cols[i].min
      : heads[i];
  narrow_wrapped (cols, order, no, w, nc, room, soft);
  narrow_wrapped (cols, order, no, w, nc, room, hard);
  narrow_others (cols, order, no, w, nc, room, mins);
  /* Where even the minimums do not fit, the wrapped columns narrow on,
     widest first, and then the others, down to their headers: a line
     is longer than the limit only where what cannot be cut (headers,
     numbers) does not fit.  */
  narrow_wrapped (cols, order, no, w, nc, room, heads);
  narrow_others (cols, order, no, w, nc, room, heads);
  /* What the columns gave beyond the need goes back, first to those
     that give way last.  */
  for (int last = 0; last < 2; last++)
    for (size_t o = no; o-- > 0;)
      {
	size_t i = order[o];
	long spare = room - total (w, nc);
	if (spare <= 0)
	  return;
	size_t t = natural[i] < w[i] + (size_t) spare ? natural[i]
	  : w[i] + (size_t) spare;
	if (t <= w[i])
	  continue;
	size_t u = used (cells, nrows, nc, i, heads[i], t);
	if (u == (size_t) -1 && cols[i].fit == 'w' && !last)
	  continue;
	size_t v = u != (size_t) -1 ? u : t;
	if (v > w[i])
	  w[i] = v;
      }
  (void) c;
}

void
cli_table_fit (struct cli *c, FILE *f, const struct cli_col *cols, size_t nc,
	       const char **cells, size_t nrows, const char *indent,
	       int limit, const char *const *after)
{
  if (nc > 32)
    nc = 32;
  struct alts *a = calloc (nrows * nc + 1, sizeof *a);
  if (a == NULL)
    return;
  for (size_t k = 0; k < nrows * nc; k++)
    split_alts (c, cells[k], &a[k]);
  const char *heads[32];
  size_t w[32];
  long need = (long) width_of (indent) + 2 * (long) (nc - 1);
  for (size_t i = 0; i < nc; i++)
    {
      heads[i] = cols[i].header;
      size_t nat = width_of (heads[i]);
      for (size_t r = 0; r < nrows; r++)
	if (width_of (a[r * nc + i].v[0]) > nat)
	  nat = width_of (a[r * nc + i].v[0]);
      w[i] = nat;
      size_t fl = cols[i].min < 0 ? nat
	: (size_t) cols[i].min > width_of (heads[i]) ? (size_t) cols[i].min
	: width_of (heads[i]);
      need += (long) (fl < nat ? fl : nat);
    }
  if (limit > 0 && need > limit)
    for (size_t i = 0; i < nc; i++)
      if (cols[i].shortname != NULL)
	heads[i] = cols[i].shortname;
  struct cli_col kc[32];
  for (size_t i = 0; i < nc; i++)
    {
      kc[i] = cols[i];
      kc[i].header = heads[i];
      size_t hw = width_of (heads[i]);
      size_t nat = hw;
      for (size_t r = 0; r < nrows; r++)
	if (width_of (a[r * nc + i].v[0]) > nat)
	  nat = width_of (a[r * nc + i].v[0]);
      w[i] = nat;
    }
  if (limit > 0)
    narrow (c, kc, nc, a, nrows, w,
	    limit - (long) width_of (indent) - 2 * (long) (nc - 1));
  for (size_t r = 0; r <= nrows; r++)
    {
      const char **lines[32];
      size_t nl[32], height = 1;
      const char *one[32];
      for (size_t i = 0; i < nc; i++)
	{
	  lines[i] = &one[i];
	  nl[i] = 1;
	  if (r == 0)
	    {
	      one[i] = heads[i];
	      continue;
	    }
	  const struct alts *x = &a[(r - 1) * nc + i];
	  size_t k;
	  for (k = 0; k < x->n && width_of (x->v[k]) > w[i]; k++)
	    ;
	  if (k < x->n)
	    one[i] = x->v[k];
	  else if (kc[i].fit == 'w'
		   && (nl[i] = wrap (c, x->v[x->n - 1], w[i], &lines[i])) > 0)
	    ;
	  else if (kc[i].fit == 'w')
	    {
	      nl[i] = 1;
	      one[i] = x->v[x->n - 1];
	    }
	  else
	    one[i] = kc[i].fit == 'e' ? elide (c, x->v[x->n - 1], w[i], true)
	      : abbreviate (c, x->v[x->n - 1], w[i]);
	  if (nl[i] > height)
	    height = nl[i];
	}
      for (size_t l = 0; l < height; l++)
	{
	  char *buf = NULL;
	  size_t blen = 0;
	  FILE *m = open_memstream (&buf, &blen);
	  if (m == NULL)
	    break;
	  fputs (indent, m);
	  for (size_t i = 0; i < nc; i++)
	    {
	      const char *s = l < nl[i] ? lines[i][l] : "";
	      fputs (s, m);
	      if (i + 1 < nc)
		fprintf (m, "%*s  ", (int) (width_of (s) < w[i]
					    ? w[i] - width_of (s) : 0), "");
	    }
	  fclose (m);
	  size_t end = strlen (buf);
	  while (end > 0 && buf[end - 1] == ' ')
	    end--;
	  fprintf (f, "%.*s\n", (int) end, buf);
	  free (buf);
	}
      for (size_t i = 0; i < nc; i++)
	if (lines[i] != &one[i] && nl[i] > 0)
	  free (lines[i]);
      if (r > 0 && after != NULL && after[r - 1] != NULL)
	fputs (after[r - 1], f);
    }
  free (a);
}

void
cli_hanging (struct cli *c, FILE *f, const char *prefix, const char *text,
	     int limit)
{
  size_t pw = width_of (prefix);
  if (limit <= 0 || pw + width_of (text) <= (size_t) limit)
    {
      fprintf (f, "%s%s\n", prefix, text);
      return;
    }
  const char **lines;
  size_t room = (size_t) limit > pw + 8 ? (size_t) limit - pw : 8;
  size_t n = wrap (c, text, room, &lines);
  if (n == 0)
    {
      fprintf (f, "%s%s\n", prefix, text);
      return;
    }
  for (size_t k = 0; k < n; k++)
    fprintf (f, "%*s%s\n", k ? (int) pw : 0, k ? "" : prefix, lines[k]);
  free (lines);
}

void
cli_wrap_items (struct cli *c, FILE *f, const char *prefix,
		const char *const *items, size_t n, int limit)
{
  size_t pw = width_of (prefix);
  const char *cur = prefix;
  bool empty = true;
  for (size_t k = 0; k < n; k++)
    {
      const char *piece = k + 1 < n ? cli_printf (c, "%s,", items[k])
	: items[k];
      if (limit > 0 && !empty
	  && width_of (cur) + 1 + width_of (piece) > (size_t) limit)
	{
	  fprintf (f, "%s\n", cur);
	  cur = cli_printf (c, "%*s", (int) pw, "");
	  empty = true;
	}
      if (empty)
	{
	  size_t room = limit > 0 && (size_t) limit > width_of (cur) + 8
	    ? (size_t) limit - width_of (cur) : 8;
	  cur = cli_printf (c, "%s%s", cur, limit > 0
			    ? abbreviate (c, piece, room) : piece);
	}
      else
	cur = cli_printf (c, "%s %s", cur, piece);
      empty = false;
    }
  fprintf (f, "%s\n", cur);
}

void
cli_paragraphs (struct cli *c, FILE *f, const char *text, int limit)
{
  size_t k = 0;
  for (const char *p = text; k == 0 || *p != '\0'; k++)
    {
      size_t len = strcspn (p, "\n");
      const char *s = p, *e = p + len;
      while (s < e && *s == ' ')
	s++;
      while (e > s && e[-1] == ' ')
	e--;
      const char *part = cli_printf (c, "%.*s", (int) (e - s), s);
      const char **lines;
      size_t n = limit > 0 && limit > 2 + 8
	? wrap (c, part, (size_t) limit - 2, &lines) : 0;
      if (n == 0)
	fprintf (f, "%s%s\n", k ? "  " : "", part);
      for (size_t i = 0; i < n; i++)
	fprintf (f, "%s%s\n", k || i ? "  " : "", lines[i]);
      if (n > 0)
	free (lines);
      p += len;
      if (*p == '\n')
	p++;
      if (*p == '\0')
	break;
    }
}
