/* ompdbg-inspect.c -- the program behind `ompdbg threads', `tasks',
   `parallel', `stacks', `snapshot' and `diagnose': the OpenMP view of a live process
   or a core file without gdb, on libompdbg-target (elfutils) and the
   libompd the target's runtime names.

     ompdbg-inspect VIEW [--json] [OPTIONS] PID
     ompdbg-inspect VIEW [--json] [OPTIONS] EXECUTABLE CORE
     ompdbg-inspect snapshot [-o FILE] TARGET...

   Each view is one file, view-NAME.c, and one line of the table below.
   Exit status: 0 success (even when OMPD is unavailable: what can be
   shown is, and the reason is printed), 1 when the target cannot be
   opened, 2 on usage errors.

   A damaged target costs only what is damaged: a value libompd cannot
   read, or one that cannot be true, is "unreadable (REASON)", and a
   truncated core gives its threads and registers and what memory it
   still holds, after a warning that says what is missing.  */

#include <config.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corefiles/cli.h"

/* diagnose.c: the wait-for graph, over a target of its own.  */
int ompdbg_cmd_diagnose (int argc, char **argv);

static const struct
{
  const char *name;
  int (*run) (struct cli *, int, char **);
} views[] = {
  { "threads", cli_view_threads },
  { "parallel", cli_view_parallel },
  { "tasks", cli_view_tasks },
  { "stacks", cli_view_stacks },
};

static void
usage (FILE *f)
{
  fprintf (f, "Usage: ompdbg {threads|tasks|parallel|stacks} [--json] "
	   "[--wide] [OPTIONS] PID\n"
	   "       ompdbg {threads|tasks|parallel|stacks} [--json] "
	   "[--wide] [OPTIONS] EXECUTABLE CORE\n"
	   "       ompdbg snapshot [--json] [-o FILE] TARGET...\n"
	   "       ompdbg diagnose [--json] [--wide] PID\n"
	   "       ompdbg diagnose [--json] [--wide] EXECUTABLE CORE\n");
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      usage (stderr);
      return 2;
    }
  const char *cmd = argv[1];
  if (strcmp (cmd, "--help") == 0 || strcmp (cmd, "-h") == 0)
    {
      usage (stdout);
      return 0;
    }
  if (strcmp (cmd, "diagnose") == 0)
    return ompdbg_cmd_diagnose (argc - 2, argv + 2);
  /* --json and --wide anywhere; options (starting with '-') go to the
     view, the rest is the target.  */
  bool json = false, wide = false;
  char **opts = calloc (argc, sizeof *opts);
  char **rest = calloc (argc, sizeof *rest);
  int nopts = 0, nrest = 0;
  if (opts == NULL || rest == NULL)
    return 1;
  for (int i = 2; i < argc; i++)
    if (strcmp (argv[i], "--json") == 0)
      json = true;
    else if (strcmp (argv[i], "--wide") == 0 || strcmp (argv[i], "-w") == 0)
      wide = true;
    else if (argv[i][0] == '-' && argv[i][1] != '\0'
	     && strcmp (cmd, "snapshot") != 0)
      {
	opts[nopts++] = argv[i];
	/* An option's value, given apart (tasks --limit N).  */
	if (strcmp (argv[i], "--limit") == 0 && i + 1 < argc)
	  opts[nopts++] = argv[++i];
      }
    else
      rest[nrest++] = argv[i];
  if (strcmp (cmd, "snapshot") == 0)
    return cli_snapshot (nrest, rest, json);
  for (size_t v = 0; v < sizeof views / sizeof views[0]; v++)
    if (strcmp (cmd, views[v].name) == 0)
      {
	if (nrest < 1 || nrest > 2)
	  {
	    usage (stderr);
	    return 2;
	  }
	struct cli c;
	int rc = cli_open (&c, nrest, rest);
	if (rc == 2)
	  usage (stderr);
	if (rc != 0)
	  return rc;
	c.json = json;
	c.width = wide ? -1 : cli_width ();
	rc = views[v].run (&c, nopts, opts);
	cli_close (&c);
	free (opts);
	free (rest);
	return rc;
      }
  fprintf (stderr, "ompdbg-inspect: unknown command '%s'\n", cmd);
  usage (stderr);
  return 2;
}
