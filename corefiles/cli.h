/* cli.h -- what the views of the ompdbg command-line tool share: the
   opened target, the OpenMP model of its threads, regions and tasks read
   through libompd, symbolisation with libdwfl, tables and JSON.

   Each view (`ompdbg threads`, `tasks`, `parallel`, `stacks`, ...) is a
   file view-NAME.c with one entry point `int cli_view_NAME (struct cli *,
   int argc, char **argv)`, listed once in ompdbg-inspect.c.  The words
   and columns are those of the gdb plugin's `ompd` commands
   (gdb-plugin/ompdbg_gdb/cmd_*.py); tests/cli/frontends.sh runs
   both on one target and compares them.  */

#ifndef OMPDBG_CLI_H
#define OMPDBG_CLI_H 1

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <elfutils/libdw.h>

#include "corefiles/ompdbg-target.h"

/* ---- JSON (cli-json.c) ---------------------------------------------- */

/* The version of the JSON documents (docs/json.md): the value of the
   top-level "ompdbg_json" key.  */
#define CLI_JSON_VERSION 1

struct json
{
  FILE *f;
  int depth;
  /* Whether the container at each depth has an element yet.  */
  bool any[128];
  bool after_key;
};

void json_init (struct json *j, FILE *f);
void json_open (struct json *j, char bracket);	/* '{' or '[' */
void json_close (struct json *j, char bracket);	/* '}' or ']' */
void json_key (struct json *j, const char *key);
void json_str (struct json *j, const char *s);	/* NULL: null */
void json_int (struct json *j, long long v);
void json_bool (struct json *j, bool v);
void json_null (struct json *j);
/* {"unreadable": REASON}: a value that cannot be read or cannot be.  */
void json_unreadable (struct json *j, const char *reason);
/* KEY: S (string).  */
void json_kv_str (struct json *j, const char *key, const char *s);
void json_kv_int (struct json *j, const char *key, long long v);

/* ---- symbols and lines (cli-names.c) -------------------------------- */

struct cli_pc
{
  const char *name;		/* function symbol, NULL when none */
  const char *file;		/* base name of the source file, or NULL */
  int line;			/* line of the pc, 0 when unknown */
  const char *module;		/* the module's file name */
  bool in_exe;			/* in the main executable */
  /* The frame lines `ompd bt' gives a frame at this pc, the frames of
     the functions inlined there first, '\n'-separated; "" for none
     (the runtime's frames), NULL until computed (cli-stack.c).  */
  const char *frames;
  bool ends_at_main;		/* the last of them is main's */
  /* The entry of the same code in the cache shared by the targets of
     one run (cli-names.c), or NULL.  */
  struct shared_pc *shared;
};

/* A library's code, described once for every target of a run that
   maps it (ompdbg snapshot, stacks --merge: the ranks of a job run the
   same libraries, whose debug information is read, and decompressed,
   once instead of once per target).  */
struct shared_pc
{
  char *module;			/* the module's file */
  uint64_t rel;			/* the pc's offset from the module's start */
  char *name, *file;
  int line;
  char *frames;			/* NULL until computed */
  bool ends_at_main;
  struct shared_pc *next;
};

struct cli;

/* What is known of code address PC (cached; strings owned by CLI).  */
const struct cli_pc *cli_pc_info (struct cli *c, uint64_t pc);

/* Whether NAME is a function GCC outlines for a construct
   (main._omp_fn.0).  */
bool cli_is_outlined (const char *name);

/* How a region's or task's entry function reads to a user (the gdb
   plugin's names.construct_label): "#pragma omp parallel at x.c:12 (in
   main)" for an outlined function, "!$omp ..." in Fortran, else "f at
   x.c:3".  Owned by CLI.  */
const char *cli_construct_label (struct cli *c, uint64_t pc,
				 const char *kind);

/* The name gdb prints for the function of DWARF entry FN: in C++ and
   Fortran qualified by the scopes of its declaration as gdb's DWARF
   reader qualifies it (physics::Grid<double>::f, solver::accumulate).
   Owned by C; NULL when FN has no name.  */
const char *cli_die_name (struct cli *c, Dwarf_Die *fn);

/* Whether PC lies in the target's OpenMP runtime (the module of the
   session's runtime).  */
bool cli_in_runtime (struct cli *c, uint64_t pc);

/* ---- the OpenMP model (cli-model.c) --------------------------------- */

/* A value read from the target: OK, or why it is unreadable (REASON
   not NULL), or absent (neither).  */
struct cli_val
{
  bool ok;
  long long v;
  const char *reason;
};

struct cli_region
{
  ompd_parallel_handle_t *h;
  int id;			/* #1, #2, ... outermost first */
  struct cli_val level, active, size;
  int parent;			/* index in c->regions, -1 */
  uint64_t fn;			/* entry of its implicit tasks' code */
  size_t first_seen;		/* discovery order */
};

struct cli_task
{
  ompd_task_handle_t *h;
  const char *kind;		/* initial, implicit, explicit, ... */
  const char *label;		/* owned by CLI */
  int region;			/* index in c->regions, -1 */
  struct cli_thread *on;	/* the thread whose stack holds its code */
  ompd_frame_info_t exit, enter;
  bool frames_ok;
  bool implicit;
};

struct cli_thread
{
  struct ompdbg_thread *th;
  int id;			/* 1..N, the order of the target's threads */
  pid_t lwp;
  ompd_thread_handle_t *h;	/* NULL: not an OpenMP thread / error */
  const char *error;		/* nothing of it can be read: why */
  struct cli_val num;
  ompd_word_t state;
  ompd_wait_id_t wait;
  const char *state_error;	/* NULL: state and wait are valid */
  bool state_known;
  int region;			/* innermost region, -1 */
  const char *region_error;
  ompd_task_handle_t *task;	/* current task or NULL */
  ompd_rc_t task_rc;
  const char *task_error;
  bool unstarted;		/* assigned, not started */
  /* Registered by the runtime, its OS thread not made yet: TH is NULL,
     ID and LWP are 0.  */
  bool being_created;
  /* The chain of tasks (cli_chain), filled on demand.  */
  struct cli_task *chain;
  size_t nchain;
  bool chain_done;
  /* Its stack (cli-stack.c), filled on demand.  */
  struct cli_frame *frames;
  size_t nframes;
  const char *unwind_error;
  bool unwound;
};

struct cli_frame
{
  uint64_t pc;			/* the pc, minus one for a caller frame */
  uint64_t sp, cfa;		/* cfa: the caller's sp, 0 for the oldest */
  bool signal;			/* a signal trampoline */
};

struct cli
{
  struct ompdbg_target *t;
  struct ompdbg_session *s;
  const struct ompdbg_ompd_api *api;
  ompd_address_space_handle_t *as;
  const char *exe, *core;	/* for a core */
  pid_t pid;			/* a live process */
  char *diag;			/* why OMPD is unavailable */
  ompdbg_err_t session_err;
  struct cli_thread *threads;
  size_t nthreads;
  struct cli_region *regions;
  size_t nregions, regions_cap;
  /* ICV ids by name.  */
  ompd_icv_id_t icv_thread_num, icv_team_size, icv_levels, icv_active_levels,
    icv_implicit, icv_final;
  /* State names by value (enumerated once).  */
  struct { ompd_word_t v; char *name; } *states;
  size_t nstates;
  /* The program's module (cli-names.c).  */
  bool exe_known;
  void *exe_module;
  /* Runtime module's address range.  */
  uint64_t rt_lo, rt_hi;
  /* Caches of cli-names.c.  */
  void *pc_cache;
  void *label_cache;
  /* Strings owned by the cli, freed at close.  */
  char **strings;
  size_t nstrings, strings_cap;
  bool json;
  /* The columns the text fits in (cli_width), -1 for unlimited: every
     view's --wide.  */
  int width;
  bool modelled;
};

/* Open the target of ARGV (PID, or EXECUTABLE CORE) and its OMPD session
   (failure of the session is not an error: c->s is NULL and c->diag
   says why).  Prints the error and returns 1 when the target cannot be
   opened, 2 on a usage error.  */
int cli_open (struct cli *c, int argc, char **argv);
/* The same with LIBRARY, when not NULL, as the libompd to load instead
   of the one the target's runtime lists.  */
int cli_open_with (struct cli *c, int argc, char **argv,
		   const char *library);
void cli_close (struct cli *c);

/* Keep S (malloc'ed) until cli_close; returns S.  */
char *cli_keep (struct cli *c, char *s);
char *cli_printf (struct cli *c, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));

/* Read the threads, their regions and current tasks.  */
void cli_model (struct cli *c);

/* Thread of LWP in the model, or NULL.  */
struct cli_thread *cli_thread_of_lwp (struct cli *c, pid_t lwp);

/* The region index of handle H (added when new; H is then kept, else
   released).  -1 on error.  */
int cli_region_of (struct cli *c, ompd_parallel_handle_t *h);

/* The state's name without "ompt_state_" (work_parallel), or
   "unreadable (...)".  */
const char *cli_state_name (struct cli *c, ompd_word_t state);

/* What thread T waits for, in words ("" when not waiting): the gdb
   plugin's cmd_threads.describe_wait.  */
const char *cli_wait_text (struct cli *c, struct cli_thread *t);

/* "name" or "name+OFF" of data address A, or NULL (owned by C).  */
const char *cli_data_symbol (struct cli *c, uint64_t a);

/* How a view names thread T: "thread N", or "LWP -" for a thread being
   created (the gdb plugin's cmd_parallel.member_text).  */
const char *cli_thread_ref (struct cli *c, struct cli_thread *t);

/* The "id" and "lwp" keys of thread T: null for a thread being
   created, which has neither.  */
void cli_json_thread_ids (struct json *j, const struct cli_thread *t);

/* "#1 L1" for region R.  */
const char *cli_region_cell (struct cli *c, int r);

/* The region's entry label (cmd_parallel.region_label).  */
const char *cli_region_label (struct cli *c, int r);

/* Task T described: its kind and label.  ON: the thread whose current
   task chain holds it, or NULL.  */
void cli_task_describe (struct cli *c, struct cli_task *task);

/* How task H reads outside a thread's chain (cmd_tasks.task_ref): its
   label, and for an implicit task "on thread N", the thread whose
   implicit task it is (every implicit task of a region runs the same
   code); "-" for none.  H is released.  */
const char *cli_task_ref (struct cli *c, ompd_task_handle_t *h);

/* The chain of tasks of thread T: the gdb plugin's model.task_chain.  */
void cli_chain (struct cli *c, struct cli_thread *t);

/* The thread running member NUM of region R, or NULL.  */
struct cli_thread *cli_member (struct cli *c, int r, int num);

/* Text for an ompd_rc_t read error.  */
const char *cli_rc_words (ompd_rc_t rc);

/* V as a table cell: its number, "unreadable (REASON)", or NONE.  */
const char *cli_val_cell (struct cli *c, const struct cli_val *v,
			  const char *none);

/* The JSON envelope's start: {"ompdbg_json": 1, "command": CMD,
   "target": {...}, "ompd": ...  The caller adds its keys and closes.  */
void cli_json_begin (struct cli *c, struct json *j, const char *cmd);

/* JSON of a cli_val: the number, null, or {"unreadable": ...}.  */
void cli_json_val (struct json *j, const struct cli_val *v);

/* The header lines of a text view: the target, a truncated core's
   warning, OMPD's library or why it is unavailable.  */
void cli_print_header (struct cli *c);

/* ---- deferred tasks (view-deferred.c) ------------------------------- */

/* The tasks no thread has started, as the gdb plugin's `ompd tasks'
   lists them after the threads' chains: each one (every one when ALL,
   the first LIMIT when LIMIT >= 0), or a summary of more than 100.  */
void cli_deferred_tasks (struct cli *c, long limit, bool all);

/* ---- stacks (cli-stack.c) ------------------------------------------- */

/* Unwind every thread of the target once (libdwfl).  */
void cli_unwind (struct cli *c);

/* The OpenMP-aware stack of thread T, newest frame first: the lines of
   `ompd bt' (frames, and "----" / "(" lines between them).  KIND[i] is
   0 for a frame, 1 for a "----" header, 2 for a "(...)" note.  Arrays
   malloc'ed, strings owned by C.  */
void cli_omp_stack (struct cli *c, struct cli_thread *t, const char ***lines,
		    int **kinds, size_t *n);

/* Where the code at PC is, as gdb names its newest frame there: "NAME
   at FILE:LINE", NAME the function inlined at PC or else the function
   (its DWARF name, as `ompd bt' gives it, without an outlined
   function's construct label); the symbol, or the address, when there
   is no debug information.  Owned by C.  */
const char *cli_frame_where (struct cli *c, uint64_t pc);

/* ---- views ---------------------------------------------------------- */

int cli_view_threads (struct cli *c, int argc, char **argv);
int cli_view_parallel (struct cli *c, int argc, char **argv);
int cli_view_tasks (struct cli *c, int argc, char **argv);
int cli_view_stacks (struct cli *c, int argc, char **argv);
/* ompdbg snapshot: several targets, one JSON document (view-snapshot.c). */
int cli_snapshot (int argc, char **argv, bool json);

/* The columns the text views fit in: $COLUMNS when set, else the
   terminal's width when the output is one; -1 (unlimited) otherwise,
   as gdb in batch mode.  Every view's --wide (-w) sets -1 instead
   (c->width).  */
int cli_width (void);

/* `\u2026' where the locale's character set is UTF-8, else `...'.  */
const char *cli_ellipsis (void);

/* A column of cli_table_fit: its HEADER; MIN, the narrowest it may
   become (-1: never narrowed); PRIO, the order in which the columns
   give way (lowest first); FIT, how a cell too wide is shortened: 'm'
   abbreviated as a name, its middle elided, 'e' its end elided, 'w'
   wrapped under the column between words; SHORTNAME, the header of a
   table that does not fit with the full ones (NULL: the same).  The
   gdb plugin's util.Col.  */
struct cli_col
{
  const char *header;
  int min, prio;
  char fit;
  const char *shortname;
};

/* Separates a cell's renderings, longest first: the longest that fits
   is shown (a wrapped cell that fits nowhere wraps its shortest).  */
#define CLI_ALT "\x1f"

/* ROWS of NC cells under COLS in at most LIMIT columns (<= 0:
   unlimited), by the rule of the gdb plugin's util.table_lines:
   columns separated by two spaces, the last one unpadded, no trailing
   blanks.  AFTER, when not NULL, holds for each row the lines written
   after it ('\n'-terminated text, or NULL).  */
void cli_table_fit (struct cli *c, FILE *f, const struct cli_col *cols,
		    size_t nc, const char **cells, size_t nrows,
		    const char *indent, int limit, const char *const *after);

/* PREFIX and TEXT as lines of at most LIMIT columns (<= 0: one line),
   TEXT broken between words and continued under its own start
   (util.hanging).  */
void cli_hanging (struct cli *c, FILE *f, const char *prefix,
		  const char *text, int limit);

/* PREFIX and the N ITEMS joined with ", " in lines of at most LIMIT
   columns, broken between items and continued under the first, an
   item never split (util.wrap_items).  */
void cli_wrap_items (struct cli *c, FILE *f, const char *prefix,
		     const char *const *items, size_t n, int limit);

/* TEXT's lines (paragraphs) within LIMIT columns, broken between
   words; every line after a paragraph's first indented by two
   (cmd_diagnose.emit).  */
void cli_paragraphs (struct cli *c, FILE *f, const char *text, int limit);

/* The renderings of TEXT, a construct label or a text holding one,
   longest first, CLI_ALT-separated: without `#pragma omp' (`!$omp'),
   then without the enclosing function (names.shorter_forms).  */
const char *cli_shorter_forms (struct cli *c, const char *text);

/* An OMPT state's name with its long words shortened:
   wait_bar_impl_par (cmd_threads.short_state).  */
const char *cli_short_state (struct cli *c, const char *name);

#endif /* cli.h */
