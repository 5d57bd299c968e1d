/* timeline.c -- `ompdbg report --svg FILE': each thread's OpenMP state
   over time, one lane per thread, coloured by the report's columns.

   The drawing has a fixed width, so a long or fast-sampled run has many
   samples to a pixel; a rectangle per sample made files of hundreds of
   bytes per sample that no viewer draws better.  Each lane is drawn a
   pixel column at a time: the column takes the colour of most of its
   samples, and adjacent columns of one colour are one rectangle, whose
   title names its state, its number of samples and the line of its
   first sample.  The file's size is bounded by the lanes and the
   width, not by the samples.  A thread's samples come in the order of
   their times (each thread writes its own), which is all this needs.  */

#define _GNU_SOURCE 1
#include <stdlib.h>
#include <string.h>

#include "profiler/report.h"

#define WIDTH 1000.0		/* of the time axis and its margins */
#define LANE 14.0
#define LEFT 90.0

struct lane
{
  long px;			/* the pixel column being filled, -1 none */
  double end;			/* the end of its last sample */
  unsigned long n[NCOLS];	/* its samples by colour */
  char first[NCOLS][320];	/* the title of each colour's first */
  int run_col;			/* the rectangle being grown, -1 none */
  double run_x0, run_x1;
  unsigned long run_n;
  char run_title[320];
};

static FILE *out;
static struct lane *lanes;
static size_t nlanes;
static const int *lane_tids;
static double t0, span, sample_w;

int
timeline_begin (const char *file, size_t ntids, const int *tids, bool wall,
		uint64_t period_ns, uint64_t first, uint64_t last)
{
  out = fopen (file, "w");
  if (out == NULL)
    return -1;
  /* One more lane for samples of a thread with no THREAD record.  */
  nlanes = ntids + 1;
  lanes = calloc (nlanes, sizeof *lanes);
  if (lanes == NULL)
    abort ();
  for (size_t i = 0; i < nlanes; i++)
    lanes[i].px = lanes[i].run_col = -1;
  lane_tids = tids;
  t0 = (double) first;
  span = last > first ? (double) (last - first) : 1;
  sample_w = (WIDTH - 20) * (double) period_ns / span;
  if (sample_w < 1)
    sample_w = 1;
  fprintf (out, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	   "width=\"%.0f\" height=\"%.0f\" font-family=\"sans-serif\" "
	   "font-size=\"11\">\n<text x=\"10\" y=\"16\">OpenMP state of "
	   "each thread over time (%s clock, %.0f Hz)</text>\n",
	   WIDTH + 170, 60 + LANE * (double) nlanes + 30,
	   wall ? "wall" : "CPU-time", 1e9 / (double) period_ns);
  for (int c = 0; c < NCOLS; c++)
    fprintf (out, "<rect x=\"%d\" y=\"26\" width=\"10\" height=\"10\" "
	     "fill=\"%s\"/><text x=\"%d\" y=\"35\">%s</text>\n",
	     10 + c * 90, col_colors[c], 24 + c * 90, col_names[c]);
  for (size_t i = 0; i < ntids; i++)
    fprintf (out, "<text x=\"10\" y=\"%.0f\">LWP %d</text>\n",
	     60 + LANE * (double) i + 10, tids[i]);
  return 0;
}

static void
flush_run (size_t i)
{
  struct lane *l = &lanes[i];
  if (l->run_col < 0)
    return;
  fprintf (out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" height=\"%.0f\" "
	   "fill=\"%s\"><title>", l->run_x0, 60 + LANE * (double) i,
	   l->run_x1 - l->run_x0, LANE - 2, col_colors[l->run_col]);
  xml_text (out, l->run_title, SIZE_MAX);
  if (l->run_n > 1)
    fprintf (out, " (the first of %lu samples)", l->run_n);
  fputs ("</title></rect>\n", out);
  l->run_col = -1;
}

static void
close_column (size_t i)
{
  struct lane *l = &lanes[i];
  if (l->px < 0)
    return;
  int m = 0;
  unsigned long total = 0;
  for (int c = 0; c < NCOLS; c++)
    {
      total += l->n[c];
      if (l->n[c] > l->n[m])
	m = c;
    }
  double x0 = (double) l->px, x1 = l->end > x0 + 1 ? l->end : x0 + 1;
  if (l->run_col == m && x0 <= l->run_x1 + 1)
    {
      if (x1 > l->run_x1)
	l->run_x1 = x1;
      l->run_n += total;
    }
  else
    {
      flush_run (i);
      l->run_col = m;
      l->run_x0 = x0;
      l->run_x1 = x1;
      l->run_n = total;
      memcpy (l->run_title, l->first[m], sizeof l->run_title);
    }
  memset (l->n, 0, sizeof l->n);
  l->px = -1;
}

void
timeline_sample (int tid, uint64_t time, enum col c, const char *state,
		 const char *name)
{
  size_t i = 0;
  while (i < nlanes - 1 && lane_tids[i] != tid)
    i++;
  struct lane *l = &lanes[i];
  double x = LEFT + ((double) time - t0) / span * (WIDTH - 20);
  long px = (long) x;
  if (px != l->px)
    {
      close_column (i);
      l->px = px;
      l->end = 0;
    }
  if (l->n[c]++ == 0)
    snprintf (l->first[c], sizeof l->first[c], "%s %s", state, name);
  if (x + sample_w > l->end)
    l->end = x + sample_w;
}

int
timeline_end (void)
{
  for (size_t i = 0; i < nlanes; i++)
    {
      close_column (i);
      flush_run (i);
    }
  fputs ("</svg>\n", out);
  free (lanes);
  return fclose (out) == 0 ? 0 : -1;
}
