/* stacks.c -- `ompdbg report''s call stacks, OpenMP-aware: each
   sample's stack stitched across parallel regions, as `ompd bt' stitches
   a thread's, so that a worker's outlined function sits under the frame
   that started its region, as the master's does.  The profile has what
   it takes: each sample's innermost region, and each region's FORK
   record, the master's stack there and the enclosing region.  From the
   stitched stacks, the heaviest whole stacks (the "Call stacks"
   section) and a flame graph (--flame FILE, SVG).

   A stitched stack has the program's own frames only, root first, each
   named by its function and line (the call's line, the leaf's line),
   and, when the thread waits in the runtime, a last frame named for the
   wait (pseudo_function: "<OMP-lock_wait>", ...).  */

#define _GNU_SOURCE 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profiler/report.h"
#include "profiler/strmap.h"

#define MAX_DEPTH 192		/* frames of a stitched stack */
#define MAX_NESTING 32		/* regions followed outward */

struct stack
{
  size_t n;
  char frame[MAX_DEPTH][300];
};

static void
push (struct stack *s, const char *label)
{
  if (s->n < MAX_DEPTH)
    snprintf (s->frame[s->n++], sizeof s->frame[0], "%s", label);
}

/* Onto S, root first, the frames of the stack PCS (N frames, leaf
   first; the leaf's PC exact if EXACT_LEAF, else every PC a return
   address) in region PRID: first the frames that started PRID (its
   FORK record's stack from its encountering frame, stitched in turn into
   its enclosing region), then this stack's frames inside PRID.  A
   stack that holds the encountering frame's return address (the
   region's master) is inside the region leafward of it; any other (a
   worker, whose stack begins in the runtime) is inside all along.  */
static void
stitch (struct stack *s, const uint64_t *pcs, uint32_t n, bool exact_leaf,
	uint64_t prid, int nesting)
{
  uint32_t end = n;
  const struct region *g = prid && nesting < MAX_NESTING
    ? region_find (prid) : NULL;
  if (g != NULL && g->first_user >= 0)
    {
      uint64_t at = g->pcs[g->first_user];
      for (uint32_t i = 0; i < n; i++)
	if (pcs[i] == at)
	  {
	    end = i;
	    break;
	  }
      stitch (s, g->pcs + g->first_user, g->npcs - (uint32_t) g->first_user,
	      false, g->parent, nesting + 1);
    }
  else if (prid != 0 && g == NULL)
    push (s, "<OMP-region begun before profiling>");
  for (uint32_t i = end; i-- > 0;)
    {
      struct where w;
      locate (i == 0 && exact_leaf ? pcs[i] : pcs[i] - 1, &w);
      /* The program's own code, but not glibc's entry point linked into
	 it.  */
      if (!w.user || strcmp (w.func, "_start") == 0)
	continue;
      char label[sizeof s->frame[0]];
      snprintf (label, sizeof label, "%.140s (%.150s)", w.func, w.loc);
      push (s, label);
    }
}

/* ---- the flame graph's tree and the table of stacks ---------------- */

struct node
{
  char *label;
  unsigned long n[NCOLS], total;
  struct node *kids, *next;
};

static struct node root = { .label = (char *) "all" };

struct whole
{
  char *text;			/* the frames, root first, '\n' after each */
  unsigned long n[NCOLS], total;
};

static struct whole *wholes;
static size_t nwholes, wholes_cap;

/* Each node's kids, by the parent's address and the kid's label: a
   frame may have 100000 callees (a sample's leaf line each).  The
   kids' list is in no order until stacks_flame sorts it.  */
static struct strmap kid_index;
static struct strmap whole_index;

static struct node *
kid_get (struct node *p, const char *label)
{
  char key[sizeof ((struct stack *) 0)->frame[0] + 24];
  snprintf (key, sizeof key, "%p %s", (void *) p, label);
  bool added;
  size_t *v = strmap_get (&kid_index, key, &added);
  if (!added)
    return (struct node *) (uintptr_t) *v;
  struct node *n = calloc (1, sizeof *n);
  if (n == NULL || (n->label = strdup (label)) == NULL)
    abort ();
  n->next = p->kids;
  p->kids = n;
  *v = (uintptr_t) n;
  return n;
}

static struct whole *
whole_get (const char *text)
{
  bool added;
  size_t *v = strmap_get (&whole_index, text, &added);
  if (!added)
    return &wholes[*v];
  *v = nwholes;
  if (nwholes == wholes_cap)
    {
      wholes_cap = wholes_cap ? 2 * wholes_cap : 64;
      wholes = realloc (wholes, wholes_cap * sizeof *wholes);
      if (wholes == NULL)
	abort ();
    }
  struct whole *w = &wholes[nwholes++];
  memset (w, 0, sizeof *w);
  if ((w->text = strdup (text)) == NULL)
    abort ();
  return w;
}

void
stacks_add (const uint64_t *pcs, uint32_t n, uint64_t prid, uint32_t state,
	    unsigned long weight)
{
  static struct stack s;
  s.n = 0;
  stitch (&s, pcs, n, true, prid, 0);
  enum col c = state_col (state);
  if ((c != C_WORK && c != C_UNKNOWN) || s.n == 0)
    push (&s, pseudo_function (state));

  struct node *p = &root;
  p->n[c] += weight;
  p->total += weight;
  static char text[MAX_DEPTH * (sizeof s.frame[0] + 1)];
  size_t len = 0;
  for (size_t i = 0; i < s.n; i++)
    {
      p = kid_get (p, s.frame[i]);
      p->n[c] += weight;
      p->total += weight;
      size_t l = strlen (s.frame[i]);
      memcpy (text + len, s.frame[i], l);
      len += l;
      text[len++] = '\n';
    }
  text[len] = '\0';
  struct whole *w = whole_get (text);
  w->n[c] += weight;
  w->total += weight;
}

/* ---- the call stacks section ---------------------------------------- */

static int
whole_cmp (const void *a, const void *b)
{
  const struct whole *x = a, *y = b;
  return x->total < y->total ? 1 : x->total > y->total ? -1
    : strcmp (x->text, y->text);
}

#define COLUMNS 80

void
stacks_print (size_t limit)
{
  qsort (wholes, nwholes, sizeof *wholes, whole_cmp);
  printf ("Call stacks (the %zu heaviest of %zu; root first, a worker's "
	  "frames\nunder the frame that started its parallel region)\n",
	  nwholes < limit ? nwholes : limit, nwholes);
  for (size_t i = 0; i < nwholes && i < limit; i++)
    {
      struct whole *w = &wholes[i];
      int col = printf ("#%-3zu %9.3f s %5.1f%% ", i + 1,
			w->total * period_s,
			root.total ? 100.0 * w->total / root.total : 0.0);
      bool first = true;
      for (int c = 0; c < NCOLS; c++)
	{
	  if (w->n[c] == 0)
	    continue;
	  char item[64];
	  int l = snprintf (item, sizeof item, "%s%s %.3f s", first ? "" : ",",
			    col_names[c], w->n[c] * period_s);
	  if (col + 1 + l > COLUMNS)
	    {
	      printf ("\n    ");
	      col = 4;
	    }
	  col += printf (" %s", item);
	  first = false;
	}
      putchar ('\n');
      for (const char *f = w->text; *f;)
	{
	  const char *nl = strchr (f, '\n');
	  int l = (int) (nl - f);
	  if (l > COLUMNS - 5)
	    printf ("     %.*s...\n", COLUMNS - 8, f);
	  else
	    printf ("     %.*s\n", l, f);
	  f = nl + 1;
	}
    }
  if (nwholes > limit)
    printf ("(%zu more)\n", nwholes - limit);
  putchar ('\n');
}

/* ---- the flame graph ------------------------------------------------ */

void
xml_text (FILE *f, const char *s, size_t max)
{
  for (size_t i = 0; s[i] && i < max; i++)
    switch (s[i])
      {
      case '<': fputs ("&lt;", f); break;
      case '>': fputs ("&gt;", f); break;
      case '&': fputs ("&amp;", f); break;
      case '"': fputs ("&quot;", f); break;
      default:
	/* Control characters are not XML.  */
	fputc ((unsigned char) s[i] < 0x20 ? ' ' : s[i], f);
      }
}

#define FLAME_W 1200.0		/* the width of all samples */
#define FLAME_X 10.0
#define FRAME_H 16.0
#define FLAME_TOP 52.0
#define CHAR_W 6.6		/* of the 11-pixel font, about */
#define MIN_W 0.1		/* the narrowest frame drawn */

static size_t
depth (const struct node *n)
{
  size_t d = 0;
  for (const struct node *k = n->kids; k; k = k->next)
    {
      size_t kd = depth (k);
      if (kd > d)
	d = kd;
    }
  return d + 1;
}

/* N and its descendants, N at level LEVEL (the root 0, at the bottom)
   from X.  */
static void
draw (FILE *f, const struct node *n, size_t level, double x, double bottom)
{
  double scale = FLAME_W / (double) root.total;
  double w = (double) n->total * scale;
  /* A frame narrower than a tenth of a pixel cannot be seen or pointed
     at, nor can its callees, narrower still: a profile of as many
     stacks as samples would otherwise write each of them.  */
  if (w < MIN_W)
    return;
  double y = bottom - (double) (level + 1) * FRAME_H;
  int main_col = 0;
  for (int c = 1; c < NCOLS; c++)
    if (n->n[c] > n->n[main_col])
      main_col = c;
  fputs ("<g><title>", f);
  xml_text (f, n->label, SIZE_MAX);
  fprintf (f, ": %lu samples, %.2f%%, %.3f s (", n->total,
	   100.0 * (double) n->total / (double) root.total,
	   n->total * period_s);
  bool first = true;
  for (int c = 0; c < NCOLS; c++)
    if (n->n[c])
      {
	fprintf (f, "%s%s %lu", first ? "" : ", ", col_names[c], n->n[c]);
	first = false;
      }
  fprintf (f, ")</title><rect x=\"%.4f\" y=\"%.1f\" width=\"%.4f\" "
	   "height=\"%.1f\" fill=\"%s\" stroke=\"white\" "
	   "stroke-width=\"0.5\"/>", x, y, w, FRAME_H - 1,
	   col_colors[main_col]);
  size_t fit = (size_t) ((w - 6) / CHAR_W);
  if (fit >= 3)
    {
      fprintf (f, "<text x=\"%.1f\" y=\"%.1f\">", x + 3, y + FRAME_H - 5);
      if (strlen (n->label) > fit)
	{
	  xml_text (f, n->label, fit - 2);
	  fputs ("..", f);
	}
      else
	xml_text (f, n->label, SIZE_MAX);
      fputs ("</text>", f);
    }
  fputs ("</g>\n", f);
  for (const struct node *k = n->kids; k; k = k->next)
    {
      draw (f, k, level + 1, x, bottom);
      x += (double) k->total * scale;
    }
}

static int
label_cmp (const void *a, const void *b)
{
  const struct node *const *x = a, *const *y = b;
  return strcmp ((*x)->label, (*y)->label);
}

/* N's kids and theirs in the order of their names, as flame graphs
   draw them.  */
static void
sort_kids (struct node *n)
{
  size_t k = 0;
  for (struct node *c = n->kids; c; c = c->next)
    k++;
  if (k == 0)
    return;
  struct node **v = malloc (k * sizeof *v);
  if (v == NULL)
    abort ();
  k = 0;
  for (struct node *c = n->kids; c; c = c->next)
    v[k++] = c;
  qsort (v, k, sizeof *v, label_cmp);
  for (size_t i = 0; i < k; i++)
    {
      v[i]->next = i + 1 < k ? v[i + 1] : NULL;
      sort_kids (v[i]);
    }
  n->kids = v[0];
  free (v);
}

int
stacks_flame (const char *file, const char *cmd)
{
  sort_kids (&root);
  FILE *f = fopen (file, "w");
  if (f == NULL)
    return -1;
  size_t levels = depth (&root);
  double bottom = FLAME_TOP + (double) levels * FRAME_H;
  fprintf (f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	   "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
	   "height=\"%.0f\" font-family=\"monospace\" font-size=\"11\">\n"
	   "<text x=\"%.0f\" y=\"16\">", FLAME_W + 2 * FLAME_X, bottom + 10,
	   FLAME_X);
  fputs ("OpenMP call stacks of ", f);
  xml_text (f, cmd, 200);
  fprintf (f, " (width: samples; colour: the state of most)</text>\n");
  for (int c = 0; c < NCOLS; c++)
    fprintf (f, "<rect x=\"%.0f\" y=\"26\" width=\"10\" height=\"10\" "
	     "fill=\"%s\"/><text x=\"%.0f\" y=\"35\">%s</text>\n",
	     FLAME_X + c * 90, col_colors[c], FLAME_X + 14 + c * 90,
	     col_names[c]);
  if (root.total)
    draw (f, &root, 0, FLAME_X, bottom);
  fputs ("</svg>\n", f);
  return fclose (f) == 0 ? 0 : -1;
}
