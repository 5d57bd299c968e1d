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

/* Words of the OMPT state names shortened when the table must narrow
   (cmd_threads._STATE_WORDS).  */
static const char *const state_words[][2] = {
  { "barrier", "bar" }, { "implicit", "impl" }, { "explicit", "expl" },
  { "parallel", "par" }, { "workshare", "ws" },
  { "implementation", "impl" }, { "reduction", "red" },
  { "taskgroup", "tgroup" }
};

const char *
cli_short_state (struct cli *c, const char *name)
{
  char *out = NULL;
  size_t len = 0;
  FILE *m = open_memstream (&out, &len);
  if (m == NULL)
    return name;
  for (const char *p = name; *p != '\0';)
    {
      size_t n = strcspn (p, "_");
      const char *w = NULL;
      for (size_t k = 0; k < sizeof state_words / sizeof state_words[0]; k++)
	if (strlen (state_words[k][0]) == n
	    && strncmp (p, state_words[k][0], n) == 0)
	  w = state_words[k][1];
      if (w != NULL)
	fputs (w, m);
      else
	fprintf (m, "%.*s", (int) n, p);
      p += n;
      if (*p == '_')
	fputc (*p++, m);
    }
  fclose (m);
  return cli_keep (c, out);
}

/* The WAIT cell: TEXT and a shorter rendering where there is one
   (cmd_threads.short_wait).  */
static const char *
wait_cell (struct cli *c, const char *text)
{
  const char *sw = NULL;
  size_t n = strlen (text);
  if (strncmp (text, "barrier of region #", 19) == 0)
    sw = cli_printf (c, "barrier #%.*s", (int) strcspn (text + 19, " "),
		     text + 19);
  else if (strncmp (text, "being created", 13) == 0)
    sw = "being created";
  else
    {
      const char *lt = strstr (text, " <");
      if (lt != NULL && lt > text && n > 0 && text[n - 1] == '>')
	{
	  /* The words before the address: `lock', `nest lock'.  */
	  size_t w = strncmp (text, "nest lock ", 10) == 0
	    ? 9 : strcspn (text, " ");
	  sw = cli_printf (c, "%.*s%s", (int) w, text, lt);
	}
    }
  return sw != NULL ? cli_printf (c, "%s" CLI_ALT "%s", text, sw) : text;
}

/* The TASK cell: `kind: label', then without `#pragma omp', then
   without the enclosing function too (names.shorter_forms).  */
static const char *
task_cell (struct cli *c, const char *kind, const char *label)
{
  const char *full = cli_printf (c, "%s: %s", kind, label);
  const char *d = strstr (label, "#pragma omp ");
  size_t dl = 12;
  if (d == NULL)
    d = strstr (label, "!$omp "), dl = 6;
  if (d == NULL)
    return full;
  const char *t = cli_printf (c, "%.*s%s", (int) (d - label), label, d + dl);
  /* " (in NAME)", NAME holding at most one level of parentheses.  */
  const char *in = strstr (t, " (in ");
  if (in == NULL)
    return cli_printf (c, "%s" CLI_ALT "%s: %s", full, kind, t);
  int depth = 0;
  const char *e = in + 1;
  for (; *e != '\0'; e++)
    if (*e == '(')
      depth++;
    else if (*e == ')' && --depth == 0)
      break;
  if (*e == '\0' || (in == t && e[1] == '\0'))
    return cli_printf (c, "%s" CLI_ALT "%s: %s", full, kind, t);
  return cli_printf (c, "%s" CLI_ALT "%s: %s" CLI_ALT "%s: %.*s%s", full,
		     kind, t, kind, (int) (in - t), t, e + 1);
}

/* What gives way when the table is wider than the terminal: the WAIT
   and STATE texts take their short forms first, then TASK wraps
   (cmd_threads.THREAD_COLS).  */
static const struct cli_col thread_cols[] = {
  { "ID", -1, 0, 'm', NULL }, { "LWP", -1, 0, 'm', NULL },
  { "OMP", -1, 0, 'm', NULL }, { "STATE", 10, 1, 'm', NULL },
  { "WAIT", 10, 0, 'w', NULL }, { "REGION", -1, 0, 'm', NULL },
  { "TASK", 20, 2, 'w', NULL }
};

int
cli_view_threads (struct cli *c, int argc, char **argv)
{
  if (argc > 0)
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
  const size_t nc = sizeof thread_cols / sizeof thread_cols[0];
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
	: t->state_known
	? cli_printf (c, "%s" CLI_ALT "%s", cli_state_name (c, t->state),
		      cli_short_state (c, cli_state_name (c, t->state)))
	: "?";
      row[4] = wait_cell (c, cli_wait_text (c, t));
      row[5] = t->region >= 0 ? cli_region_cell (c, t->region)
	: t->region_error != NULL
	? cli_printf (c, "unreadable (%s)", t->region_error) : "-";
      const struct cli_task *task = current_task (c, t);
      row[6] = task != NULL ? task_cell (c, task->kind, task->label)
	: t->task_error != NULL
	? cli_printf (c, "unreadable (%s)", t->task_error) : "-";
    }
  if (rows == 0)
    printf ("No OpenMP threads (the runtime has not started any yet).\n");
  else
    cli_table_fit (c, stdout, thread_cols, nc, cells, rows, "", c->width,
		   NULL);
  free (cells);
  return 0;
}
