/* view-parallel.c -- `ompdbg parallel': the tree of active parallel
   regions, the gdb plugin's `ompd parallel': id, level, active level,
   team size, the code the region runs, and its team's members with
   their state (the first 16; --members all, --brief none).  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "corefiles/cli.h"

#define SHOWN_MEMBERS 16

/* Member NUM, thread T, and its state, SHORT: in its short form.  */
static const char *
member_text (struct cli *c, long long num, struct cli_thread *t, bool sh)
{
  if (t == NULL)
    return cli_printf (c, "%lld: ?", num);
  const char *g = cli_thread_ref (c, t);
  if (t->state_error != NULL)
    return cli_printf (c, "%lld: %s unreadable (%s)", num, g, t->state_error);
  if (t->unstarted)
    return cli_printf (c, "%lld: %s assigned, not started", num, g);
  const char *st = t->state_known ? cli_state_name (c, t->state) : "?";
  return cli_printf (c, "%lld: %s %s", num, g,
		     sh && t->state_known ? cli_short_state (c, st) : st);
}

/* The member lines of region R at DEPTH, its first SHOWN members of
   SIZE: within the width, the states in their short forms where the
   list does not fit one line (cmd_parallel.OmpdParallel.run).  */
static const char *
member_lines (struct cli *c, int r, int depth, long long shown,
	      long long size)
{
  const char *prefix = cli_printf (c, "%*smembers: ", 2 * depth + 4, "");
  const char **items = calloc ((size_t) shown + 2, sizeof *items);
  if (items == NULL)
    return NULL;
  size_t len = strlen (prefix);
  for (long long k = 0; k < shown; k++)
    {
      items[k] = member_text (c, k, cli_member (c, r, (int) k), false);
      len += (k ? 2 : 0) + strlen (items[k]);
    }
  if (c->width > 0 && len > (size_t) c->width)
    for (long long k = 0; k < shown; k++)
      items[k] = member_text (c, k, cli_member (c, r, (int) k), true);
  size_t n = (size_t) shown;
  if (size > shown)
    items[n++] = cli_printf (c, "%s and %lld more", cli_ellipsis (),
			     size - shown);
  char *buf = NULL;
  size_t blen = 0;
  FILE *m = open_memstream (&buf, &blen);
  if (m != NULL)
    {
      cli_wrap_items (c, m, prefix, items, n, c->width);
      fclose (m);
    }
  free (items);
  return cli_keep (c, buf);
}

struct walk
{
  struct cli *c;
  int members;			/* -1 brief, 0 default, 1 all */
  const char **cells;
  const char **mem;		/* member lines per row, or NULL */
  size_t rows;
  struct json *j;
};

static void
walk (struct walk *w, int r, int depth)
{
  struct cli *c = w->c;
  struct cli_region *x = &c->regions[r];
  long long size = x->size.ok ? x->size.v : 0;
  bool show = w->members >= 0 && x->level.ok && x->level.v > 0 && size > 0;
  long long shown = show ? (w->members > 0 ? size
			    : size < SHOWN_MEMBERS ? size : SHOWN_MEMBERS) : 0;
  if (w->j != NULL)
    {
      struct json *j = w->j;
      json_open (j, '{');
      json_kv_int (j, "id", x->id);
      json_key (j, "parent");
      if (x->parent >= 0)
	json_int (j, c->regions[x->parent].id);
      else
	json_null (j);
      json_key (j, "level");
      cli_json_val (j, &x->level);
      json_key (j, "active_level");
      cli_json_val (j, &x->active);
      json_key (j, "size");
      cli_json_val (j, &x->size);
      json_kv_str (j, "entry", cli_region_label (c, r));
      json_key (j, "members");
      json_open (j, '[');
      for (long long k = 0; x->level.ok && x->level.v > 0 && k < size; k++)
	{
	  struct cli_thread *t = cli_member (c, r, (int) k);
	  json_open (j, '{');
	  json_kv_int (j, "omp", k);
	  if (t != NULL)
	    cli_json_thread_ids (j, t);
	  else
	    {
	      json_key (j, "id");
	      json_null (j);
	      json_key (j, "lwp");
	      json_null (j);
	    }
	  json_key (j, "state");
	  if (t == NULL || t->unstarted || !t->state_known)
	    json_null (j);
	  else
	    json_str (j, cli_state_name (c, t->state));
	  json_key (j, "unstarted");
	  json_bool (j, t != NULL && t->unstarted);
	  json_close (j, '}');
	}
      json_close (j, ']');
      json_close (j, '}');
    }
  else
    {
      const char **row = w->cells + w->rows * 5;
      row[0] = cli_printf (c, "%*s#%d", 2 * depth, "", x->id);
      row[1] = cli_val_cell (c, &x->level, "?");
      row[2] = cli_val_cell (c, &x->active, "?");
      row[3] = cli_val_cell (c, &x->size, "?");
      row[4] = cli_region_label (c, r);
      if (show)
	w->mem[w->rows] = member_lines (c, r, depth, shown, size);
      w->rows++;
    }
  for (size_t k = 0; k < c->nregions; k++)
    if (c->regions[k].parent == r)
      walk (w, (int) k, depth + 1);
}

/* ENTRY, the region's code, wraps under its column
   (cmd_parallel.REGION_COLS).  */
static const struct cli_col region_cols[] = {
  { "REGION", -1, 0, 'm', NULL }, { "LEVEL", -1, 0, 'm', NULL },
  { "ACTIVE", -1, 0, 'm', NULL }, { "SIZE", -1, 0, 'm', NULL },
  { "ENTRY", 24, 0, 'w', NULL }
};

int
cli_view_parallel (struct cli *c, int argc, char **argv)
{
  int members = 0;
  for (int i = 0; i < argc; i++)
    if (strcmp (argv[i], "--members") == 0 || strcmp (argv[i], "-m") == 0)
      members = 1;
    else if (strcmp (argv[i], "--brief") == 0 || strcmp (argv[i], "-b") == 0)
      members = -1;
    else
      {
	fprintf (stderr, "ompdbg parallel: unknown option '%s'\n", argv[i]);
	return 2;
      }
  cli_model (c);
  struct walk w = { c, members, NULL, NULL, 0, NULL };
  struct json j;
  if (c->json)
    {
      cli_json_begin (c, &j, "parallel");
      json_key (&j, "regions");
      json_open (&j, '[');
      w.j = &j;
      for (size_t r = 0; r < c->nregions; r++)
	if (c->regions[r].parent < 0)
	  walk (&w, (int) r, 0);
      json_close (&j, ']');
      json_close (&j, '}');
      return 0;
    }
  cli_print_header (c);
  if (c->s == NULL)
    return 0;
  if (c->nregions == 0)
    {
      printf ("No parallel regions.\n");
      return 0;
    }
  w.cells = calloc (c->nregions * 5, sizeof *w.cells);
  w.mem = calloc (c->nregions, sizeof *w.mem);
  if (w.cells == NULL || w.mem == NULL)
    return 1;
  for (size_t r = 0; r < c->nregions; r++)
    if (c->regions[r].parent < 0)
      walk (&w, (int) r, 0);
  /* The table, with the member lines after their region's row.  */
  cli_table_fit (c, stdout, region_cols, 5, w.cells, w.rows, "", c->width,
		 w.mem);
  free (w.cells);
  free (w.mem);
  return 0;
}
