/* view-threads.c -- `ompdbg threads': one row per OpenMP thread, the
   columns of the gdb plugin's `ompd threads' (ID is the thread's number
   in the target: the order of /proc/PID/task, or of a core's notes,
   the thread that dumped first, as gdb numbers them).  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "corefiles/cli.h"

/* The current task of T (the first of its chain), or NULL.  */
static const struct cli_task *
current_task (struct cli *c, struct cli_thread *t)
{
  if (t->task == NULL)
    return NULL;
  cli_chain (c, t);
  return t->nchain > 0 ? &t->chain[0] : NULL;
}

static void
json_thread (struct cli *c, struct json *j, struct cli_thread *t)
{
  json_open (j, '{');
  cli_json_thread_ids (j, t);
  if (t->error != NULL)
    {
      json_key (j, "error");
      json_unreadable (j, t->error);
      json_close (j, '}');
      return;
    }
  json_key (j, "omp");
  cli_json_val (j, &t->num);
  json_key (j, "state");
  if (t->state_error != NULL)
    json_unreadable (j, t->state_error);
  else if (t->state_known)
    json_str (j, cli_state_name (c, t->state));
  else
    json_null (j);
  json_kv_str (j, "wait", cli_wait_text (c, t));
  json_key (j, "region");
  if (t->region >= 0)
    json_int (j, c->regions[t->region].id);
  else if (t->region_error != NULL)
    json_unreadable (j, t->region_error);
  else
    json_null (j);
  json_key (j, "level");
  if (t->region >= 0)
    cli_json_val (j, &c->regions[t->region].level);
  else
    json_null (j);
  json_key (j, "task");
  const struct cli_task *task = current_task (c, t);
  if (task != NULL)
    {
      json_open (j, '{');
      json_kv_str (j, "kind", task->kind);
      json_kv_str (j, "label", task->label);
      json_close (j, '}');
    }
  else if (t->task_error != NULL)
    json_unreadable (j, t->task_error);
  else
    json_null (j);
  json_close (j, '}');
}

int
cli_view_threads (struct cli *c, int argc, char **argv)
{
  if (argc != 0)
    {
      fprintf (stderr, "ompdbg threads: unknown option '%s'\n", argv[0]);
      return 2;
    }
  cli_model (c);
  if (c->json)
    {
      struct json j;
      cli_json_begin (c, &j, "threads");
      json_key (&j, "threads");
      json_open (&j, '[');
      for (size_t i = 0; i < c->nthreads; i++)
	if (c->threads[i].h != NULL || c->threads[i].error != NULL)
	  json_thread (c, &j, &c->threads[i]);
      json_close (&j, ']');
      json_close (&j, '}');
      return 0;
    }
  cli_print_header (c);
  if (c->s == NULL)
    {
      /* No OpenMP view: the native threads, where they are.  */
      for (size_t i = 0; i < c->nthreads; i++)
	{
	  struct cli_thread *t = &c->threads[i];
	  uint64_t pc;
	  printf ("%8d", (int) t->lwp);
	  if (ompdbg_thread_reg (t->th, OMPDBG_REG_PC, &pc) == OMPDBG_E_OK)
	    {
	      const char *sym, *mod;
	      uint64_t off;
	      printf ("  0x%016llx", (unsigned long long) pc);
	      if (ompdbg_addr_symbol (c->t, pc, &sym, &off, &mod)
		  == OMPDBG_E_OK)
		printf ("  %s+0x%llx", sym, (unsigned long long) off);
	      else
		printf ("  ??");
	    }
	  else
	    printf ("  (no registers)");
	  putchar ('\n');
	}
      return 0;
    }
  static const char *const cols[] = { "ID", "LWP", "OMP", "STATE", "WAIT",
				      "REGION", "TASK" };
  const size_t nc = sizeof cols / sizeof cols[0];
  const char **cells = calloc (c->nthreads * nc + 1, sizeof *cells);
  if (cells == NULL)
    return 1;
  size_t rows = 0;
  for (size_t i = 0; i < c->nthreads; i++)
    {
      struct cli_thread *t = &c->threads[i];
      if (t->h == NULL && t->error == NULL)
	continue;		/* not an OpenMP thread */
      const char **row = cells + rows++ * nc;
      row[0] = t->id > 0 ? cli_printf (c, "%d", t->id) : "-";
      row[1] = t->lwp > 0 ? cli_printf (c, "%d", (int) t->lwp) : "-";
      if (t->error != NULL)
	{
	  row[2] = cli_printf (c, "unreadable (%s)", t->error);
	  for (size_t k = 3; k < nc; k++)
	    row[k] = "";
	  continue;
	}
      row[2] = cli_val_cell (c, &t->num, "-");
      row[3] = t->state_error != NULL
	? cli_printf (c, "unreadable (%s)", t->state_error)
	: t->state_known ? cli_state_name (c, t->state) : "?";
      row[4] = cli_wait_text (c, t);
      row[5] = t->region >= 0 ? cli_region_cell (c, t->region)
	: t->region_error != NULL
	? cli_printf (c, "unreadable (%s)", t->region_error) : "-";
      const struct cli_task *task = current_task (c, t);
      row[6] = task != NULL ? cli_printf (c, "%s: %s", task->kind,
					  task->label)
	: t->task_error != NULL
	? cli_printf (c, "unreadable (%s)", t->task_error) : "-";
    }
  if (rows == 0)
    printf ("No OpenMP threads (the runtime has not started any yet).\n");
  else
    cli_table (stdout, cols, nc, cells, rows, "");
  free (cells);
  return 0;
}
