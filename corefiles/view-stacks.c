/* view-stacks.c -- `ompdbg stacks': the OpenMP-aware stack of every
   OpenMP thread, as the gdb plugin's `ompd bt --all' prints it; and
   `ompdbg snapshot': the stacks of several processes or cores in one
   JSON document, which `ompdbg merge' (and `ompdbg stacks --merge')
   turns into one tree.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "corefiles/cli.h"

/* One thread in JSON: id, lwp, omp, state, and its stack; FULL: with
   the "----" and "(...)" lines too.  */
static void
json_stack (struct cli *c, struct json *j, struct cli_thread *t, bool full)
{
  json_open (j, '{');
  json_kv_int (j, "id", t->id);
  json_kv_int (j, "lwp", t->lwp);
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
  const char **text;
  int *kind;
  size_t n;
  cli_omp_stack (c, t, &text, &kind, &n);
  json_key (j, "frames");
  json_open (j, '[');
  for (size_t i = 0; i < n; i++)
    if (kind[i] == 0)
      json_str (j, text[i]);
  json_close (j, ']');
  /* What the thread is when no task places it ("(idle: ...)").  */
  for (size_t i = n; i-- > 0;)
    if (kind[i] == 2)
      {
	json_kv_str (j, "note", text[i]);
	break;
      }
  if (full)
    {
      json_key (j, "lines");
      json_open (j, '[');
      for (size_t i = 0; i < n; i++)
	json_str (j, text[i]);
      json_close (j, ']');
    }
  json_close (j, '}');
  free (text);
  free (kind);
}

int
cli_view_stacks (struct cli *c, int argc, char **argv)
{
  if (argc != 0)
    {
      fprintf (stderr, "ompdbg stacks: unknown option '%s'\n", argv[0]);
      return 2;
    }
  cli_unwind (c);
  if (c->json)
    {
      struct json j;
      cli_json_begin (c, &j, "stacks");
      json_key (&j, "threads");
      json_open (&j, '[');
      for (size_t i = 0; i < c->nthreads; i++)
	if ((c->threads[i].h != NULL || c->s == NULL)
	    && !c->threads[i].being_created)
	  json_stack (c, &j, &c->threads[i], true);
      json_close (&j, ']');
      json_close (&j, '}');
      return 0;
    }
  cli_print_header (c);
  for (size_t i = 0; i < c->nthreads; i++)
    {
      struct cli_thread *t = &c->threads[i];
      if ((t->h == NULL && c->s != NULL) || t->being_created)
	continue;		/* not an OpenMP thread; no stack yet */
      printf ("Thread %d (LWP %d, OpenMP thread %s):\n", t->id, (int) t->lwp,
	      t->num.ok ? cli_printf (c, "%lld", t->num.v) : "?");
      if (t->error != NULL)
	printf ("(its OpenMP state is unreadable (%s): its own frames "
		"only)\n", t->error);
      const char **text;
      int *kind;
      size_t n;
      cli_omp_stack (c, t, &text, &kind, &n);
      /* A frame wider than the terminal continues under its start
	 (cmd_bt: U.hanging).  */
      for (size_t k = 0, num = 0; k < n; k++)
	cli_hanging (c, stdout, kind[k] == 0
		     ? cli_printf (c, "#%-3zu ", num++) : "", text[k],
		     c->width);
      free (text);
      free (kind);
    }
  return 0;
}

/* The MPI rank of live process PID from its environment (Open MPI,
   PMI, PMIx, Slurm), or -1.  */
static long
mpi_rank (pid_t pid)
{
  char path[64];
  snprintf (path, sizeof path, "/proc/%d/environ", (int) pid);
  FILE *f = fopen (path, "r");
  if (f == NULL)
    return -1;
  static const char *const vars[] = { "OMPI_COMM_WORLD_RANK=", "PMI_RANK=",
				      "PMIX_RANK=", "SLURM_PROCID=" };
  char buf[4096];
  long rank = -1;
  size_t len = 0;
  int ch;
  while (rank < 0 && (ch = fgetc (f)) != EOF)
    {
      if (ch != '\0' && len + 1 < sizeof buf)
	{
	  buf[len++] = (char) ch;
	  continue;
	}
      buf[len] = '\0';
      for (size_t k = 0; k < sizeof vars / sizeof vars[0]; k++)
	if (strncmp (buf, vars[k], strlen (vars[k])) == 0)
	  rank = strtol (buf + strlen (vars[k]), NULL, 10);
      len = 0;
    }
  fclose (f);
  return rank;
}

static bool
is_pid (const char *s)
{
  if (*s == '\0')
    return false;
  for (; *s; s++)
    if (*s < '0' || *s > '9')
      return false;
  return true;
}

/* ompdbg snapshot [-o FILE] TARGET...: each TARGET a PID or EXECUTABLE
   CORE (a pair); ranks are the processes' MPI ranks where their
   environment says, else their order on the command line.  A target
   that cannot be opened is reported in the document (and on stderr)
   and the others are still taken.  */
int
cli_snapshot (int argc, char **argv, bool json)
{
  (void) json;
  const char *out = NULL;
  char host[256] = "localhost";
  gethostname (host, sizeof host - 1);
  char **targets = calloc (argc + 1, sizeof *targets);
  int nt = 0;
  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "-o") == 0 && i + 1 < argc)
	out = argv[++i];
      else if (strncmp (argv[i], "-o", 2) == 0 && argv[i][2] != '\0')
	out = argv[i] + 2;
      else if (argv[i][0] == '-' && argv[i][1] != '\0')
	{
	  fprintf (stderr, "ompdbg snapshot: unknown option '%s'\n", argv[i]);
	  return 2;
	}
      else
	targets[nt++] = argv[i];
    }
  if (nt == 0)
    {
      fprintf (stderr, "ompdbg snapshot: no process or core given\n");
      return 2;
    }
  char defname[300];
  if (out == NULL)
    {
      snprintf (defname, sizeof defname, "ompdbg-snapshot-%s.json", host);
      out = defname;
    }
  FILE *f = strcmp (out, "-") == 0 ? stdout : fopen (out, "w");
  if (f == NULL)
    {
      fprintf (stderr, "ompdbg snapshot: cannot write %s: %m\n", out);
      return 1;
    }
  struct json j;
  json_init (&j, f);
  json_open (&j, '{');
  json_kv_int (&j, "ompdbg_json", CLI_JSON_VERSION);
  json_kv_str (&j, "command", "snapshot");
  json_key (&j, "target");
  json_open (&j, '{');
  json_kv_str (&j, "host", host);
  json_close (&j, '}');
  json_key (&j, "processes");
  json_open (&j, '[');
  int status = 0;
  long order = 0;
  for (int i = 0; i < nt; order++)
    {
      int n = is_pid (targets[i]) ? 1 : 2;
      if (i + n > nt)
	{
	  fprintf (stderr, "ompdbg snapshot: core file of %s missing\n",
		   targets[i]);
	  status = 2;
	  break;
	}
      struct cli c;
      int rc = cli_open (&c, n, targets + i);
      json_open (&j, '{');
      long rank = n == 1 ? mpi_rank ((pid_t) atol (targets[i])) : -1;
      json_kv_int (&j, "rank", rank >= 0 ? rank : order);
      json_kv_str (&j, "host", host);
      json_key (&j, "target");
      json_open (&j, '{');
      if (n == 1)
	json_kv_int (&j, "pid", atol (targets[i]));
      else
	{
	  json_kv_str (&j, "executable", targets[i]);
	  json_kv_str (&j, "core", targets[i + 1]);
	}
      json_close (&j, '}');
      if (rc != 0)
	{
	  json_kv_str (&j, "error", "cannot be opened (see ompdbg's "
		       "message)");
	  status = 1;
	}
      else
	{
	  cli_unwind (&c);
	  if (c.s == NULL)
	    json_kv_str (&j, "ompd_unavailable",
			 ompdbg_errmsg (c.session_err));
	  json_key (&j, "threads");
	  json_open (&j, '[');
	  for (size_t k = 0; k < c.nthreads; k++)
	    if ((c.threads[k].h != NULL || c.s == NULL)
		&& !c.threads[k].being_created)
	      json_stack (&c, &j, &c.threads[k], false);
	  json_close (&j, ']');
	  cli_close (&c);
	}
      json_close (&j, '}');
      i += n;
    }
  json_close (&j, ']');
  json_close (&j, '}');
  if (f != stdout && fclose (f) != 0)
    {
      fprintf (stderr, "ompdbg snapshot: cannot write %s: %m\n", out);
      return 1;
    }
  free (targets);
  return status;
}
