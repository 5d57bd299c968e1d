/* view-tasks.c -- `ompdbg tasks': each OpenMP thread's chain of tasks,
   the gdb plugin's `ompd tasks' (its thread part): from the current
   task down the tasks below it on its stack to its implicit task, then
   through the task that encountered each region to the initial task.
   KIND, the CODE it runs, its REGION, the thread it runs on where that
   is another (the region's primary thread), and which task scheduled
   and created it (#k: the k-th of the same chain).  Then the deferred
   tasks (view-deferred.c), unless --no-deferred; --all and --limit N
   say how many of them to list.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "corefiles/cli.h"

/* How to name task H relative to T's chain: #k when it is one of them,
   else as cli_task_ref names it; "-" for none.  H is released.  */
static const char *
task_ref (struct cli *c, struct cli_thread *t, ompd_task_handle_t *h)
{
  if (h == NULL)
    return "-";
  for (size_t k = 0; k < t->nchain; k++)
    {
      int cmp = 1;
      if (c->api->task_handle_compare (t->chain[k].h, h, &cmp) == ompd_rc_ok
	  && cmp == 0)
	{
	  c->api->rel_task_handle (h);
	  return cli_printf (c, "#%zu", k);
	}
    }
  return cli_task_ref (c, h);
}

static ompd_task_handle_t *
get (ompd_rc_t (*fn) (ompd_task_handle_t *, ompd_task_handle_t **),
     ompd_task_handle_t *h)
{
  ompd_task_handle_t *r;
  return fn (h, &r) == ompd_rc_ok ? r : NULL;
}

/* The long texts (labels of tasks and constructs) wrap under their
   columns when the table is wider than the terminal; where even that
   does not fit, the headers shorten (cmd_tasks.CHAIN_COLS).  */
static const struct cli_col chain_cols[] = {
  { "TASK", -1, 0, 'm', NULL }, { "KIND", 8, 0, 'w', NULL },
  { "CODE", 12, 1, 'w', NULL }, { "REGION", -1, 0, 'm', NULL },
  { "ON-THREAD", -1, 0, 'm', "ON" },
  { "SCHEDULED-BY", 8, 0, 'w', "SCHED-BY" },
  { "CREATED-BY", 10, 0, 'w', NULL }
};

int
cli_view_tasks (struct cli *c, int argc, char **argv)
{
  bool nodef = false, all = false;
  long limit = -1;
  for (int i = 0; i < argc; i++)
    {
      const char *a = argv[i];
      if (strcmp (a, "--no-deferred") == 0)
	nodef = true;
      else if (strcmp (a, "--all") == 0)
	all = true;
      else if (strcmp (a, "--limit") == 0 || strncmp (a, "--limit=", 8) == 0)
	{
	  const char *v = a[7] == '=' ? a + 8 : i + 1 < argc ? argv[++i]
	    : NULL;
	  char *end;
	  if (v == NULL)
	    {
	      fprintf (stderr, "ompdbg tasks: --limit needs a number of "
		       "tasks\n");
	      return 2;
	    }
	  limit = strtol (v, &end, 0);
	  if (*v == '\0' || *end != '\0')
	    {
	      fprintf (stderr, "ompdbg tasks: --limit must be a number, not "
		       "'%s'\n", v);
	      return 2;
	    }
	  if (limit < 0)
	    {
	      fprintf (stderr, "ompdbg tasks: --limit must be 0 or more, not "
		       "%ld\n", limit);
	      return 2;
	    }
	}
      else
	{
	  fprintf (stderr, "ompdbg tasks: unknown option '%s'\n", a);
	  return 2;
	}
    }
  if (all && limit >= 0)
    {
      fprintf (stderr, "ompdbg tasks: --all and --limit exclude each "
	       "other\n");
      return 2;
    }
  if ((all || limit >= 0) && nodef)
    {
      fprintf (stderr, "ompdbg tasks: --all and --limit are about deferred "
	       "tasks, which --no-deferred leaves out\n");
      return 2;
    }
  cli_model (c);
  struct json j;
  if (c->json)
    {
      cli_json_begin (c, &j, "tasks");
      json_key (&j, "threads");
      json_open (&j, '[');
    }
  else
    {
      cli_print_header (c);
      if (c->s == NULL)
	return 0;
    }
  size_t shown = 0;
  for (size_t i = 0; i < c->nthreads; i++)
    {
      struct cli_thread *t = &c->threads[i];
      if (t->h == NULL && t->error == NULL)
	continue;
      shown++;
      cli_chain (c, t);
      const size_t nc = sizeof chain_cols / sizeof chain_cols[0];
      const char **cells = calloc (t->nchain * nc + 1, sizeof *cells);
      if (cells == NULL)
	return 1;
      for (size_t k = 0; k < t->nchain; k++)
	{
	  struct cli_task *task = &t->chain[k];
	  const char **row = cells + k * nc;
	  row[0] = cli_printf (c, "#%zu", k);
	  row[1] = task->kind;
	  row[2] = task->label;
	  row[3] = task->region >= 0
	    ? cli_printf (c, "#%d", c->regions[task->region].id) : "-";
	  row[4] = task->on != t ? cli_printf (c, "%d", task->on->id) : "";
	  row[5] = task_ref (c, t, get (c->api->get_scheduling_task_handle,
					task->h));
	  row[6] = task_ref (c, t, get (c->api->get_generating_task_handle,
					task->h));
	}
      if (c->json)
	{
	  json_open (&j, '{');
	  cli_json_thread_ids (&j, t);
	  json_key (&j, "omp");
	  cli_json_val (&j, &t->num);
	  if (t->task_error != NULL || t->error != NULL)
	    {
	      json_key (&j, "error");
	      json_unreadable (&j, t->error ? t->error : t->task_error);
	    }
	  json_key (&j, "tasks");
	  json_open (&j, '[');
	  for (size_t k = 0; k < t->nchain; k++)
	    {
	      const char **row = cells + k * nc;
	      json_open (&j, '{');
	      json_kv_str (&j, "task", row[0]);
	      json_kv_str (&j, "kind", row[1]);
	      json_kv_str (&j, "code", row[2]);
	      json_key (&j, "region");
	      if (t->chain[k].region >= 0)
		json_int (&j, c->regions[t->chain[k].region].id);
	      else
		json_null (&j);
	      json_key (&j, "on_thread");
	      if (t->chain[k].on != t)
		json_int (&j, t->chain[k].on->id);
	      else
		json_null (&j);
	      json_kv_str (&j, "scheduled_by", row[5]);
	      json_kv_str (&j, "created_by", row[6]);
	      json_close (&j, '}');
	    }
	  json_close (&j, ']');
	  json_close (&j, '}');
	}
      else
	{
	  printf ("Thread %s (LWP %s, OpenMP thread %s):\n",
		  t->id > 0 ? cli_printf (c, "%d", t->id) : "?",
		  t->lwp > 0 ? cli_printf (c, "%d", (int) t->lwp) : "-",
		  t->num.ok ? cli_printf (c, "%lld", t->num.v) : "?");
	  if (t->nchain == 0)
	    printf ("  %s\n", t->error ? cli_printf (c, "unreadable (%s)",
						     t->error)
		    : t->task_error ? cli_printf (c, "unreadable (%s)",
						  t->task_error)
		    : "no current task");
	  else
	    {
	      for (size_t k = 0; k < t->nchain * nc; k++)
		cells[k] = cli_shorter_forms (c, cells[k]);
	      cli_table_fit (c, stdout, chain_cols, nc, cells, t->nchain,
			     "  ", c->width, NULL);
	    }
	}
      free (cells);
    }
  if (c->json)
    {
      json_close (&j, ']');
      json_close (&j, '}');
    }
  else if (shown == 0)
    printf ("No OpenMP threads.\n");
  else if (!nodef)
    /* After the threads' chains, as `ompd tasks'; not in the JSON
       document, whose schema has the chains only (docs/json.md).  */
    cli_deferred_tasks (c, limit, all);
  return 0;
}
