/* cli-names.c -- code addresses in words, with libdwfl and libdw: the
   function, the source line, the module; and the labels of the code
   GCC outlines for OpenMP constructs, as the gdb plugin's names.py
   gives them.  */

#include <config.h>

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>
#include <elfutils/libdwfl.h>

#include "corefiles/cli.h"

#define OUTLINED "._omp_fn."
#define CACHE_SIZE 8192		/* a power of two */

struct pc_entry
{
  uint64_t pc;
  bool used;
  struct cli_pc info;
};

struct label_entry
{
  uint64_t pc;
  const char *kind;
  const char *label;
  struct label_entry *next;
};

bool
cli_is_outlined (const char *name)
{
  if (name == NULL)
    return false;
  size_t n = strlen (name);
  return strstr (name, OUTLINED) != NULL
    || (n >= 8 && strcmp (name + n - 8, "._omp_fn") == 0);
}

static const char *
base_name (const char *f)
{
  const char *b = f != NULL ? strrchr (f, '/') : NULL;
  return b != NULL ? b + 1 : f;
}

/* The source line of PC as gdb gives it: the line-table row with the
   greatest address not above PC; of several rows at that address, the
   last that is a statement (is_stmt), else the last.  */
static void
pc_line (Dwfl_Module *mod, uint64_t pc, const char **file, int *line)
{
  Dwarf_Addr bias;
  Dwarf_Die *cu = dwfl_module_addrdie (mod, pc, &bias);
  Dwarf_Lines *lines;
  size_t n;
  if (cu == NULL || dwarf_getsrclines (cu, &lines, &n) != 0 || n == 0)
    return;
  Dwarf_Addr want = pc - bias;
  /* The rows are sorted by address: the last at or below WANT.  */
  size_t lo = 0, hi = n;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      Dwarf_Addr a;
      if (dwarf_lineaddr (dwarf_onesrcline (lines, mid), &a) != 0)
	return;
      if (a <= want)
	lo = mid + 1;
      else
	hi = mid;
    }
  if (lo == 0)
    return;
  Dwarf_Line *best = dwarf_onesrcline (lines, lo - 1);
  Dwarf_Addr at;
  bool end;
  if (dwarf_lineaddr (best, &at) != 0
      || (dwarf_lineendsequence (best, &end) == 0 && end))
    return;
  for (size_t i = lo; i-- > 0;)
    {
      Dwarf_Line *l = dwarf_onesrcline (lines, i);
      Dwarf_Addr a;
      bool stmt;
      if (dwarf_lineaddr (l, &a) != 0 || a != at)
	break;
      if (dwarf_linebeginstatement (l, &stmt) == 0 && stmt)
	{
	  best = l;
	  break;
	}
    }
  int ln;
  const char *f = dwarf_linesrc (best, NULL, NULL);
  if (f != NULL && dwarf_lineno (best, &ln) == 0 && ln > 0)
    {
      *file = base_name (f);
      *line = ln;
    }
}

#define SHARED_BUCKETS 4096
static struct shared_pc *shared[SHARED_BUCKETS];

static size_t
shared_hash (const char *module, uint64_t rel)
{
  size_t h = (size_t) (rel * 0x9e3779b97f4a7c15ull);
  for (const char *p = module; *p; p++)
    h = h * 31 + (unsigned char) *p;
  return (h >> 7) % SHARED_BUCKETS;
}

/* Whether MOD is the program: the module that defines main (the C
   library also has a PT_INTERP, and the executable may be ET_DYN).  Its
   symbols and labels depend on the target's regions: never shared.  */
static bool
is_exe (struct cli *c, Dwfl_Module *mod)
{
  if (!c->exe_known)
    {
      c->exe_known = true;
      uint64_t main_addr;
      Dwfl_Module *m = NULL;
      if (ompdbg_lookup_symbol (c->t, "main", NULL, &main_addr)
	  == OMPDBG_E_OK)
	m = dwfl_addrmodule (ompdbg_target_dwfl (c->t), main_addr);
      c->exe_module = m;
    }
  return mod == c->exe_module;
}

static void
describe (struct cli *c, uint64_t pc, struct cli_pc *out)
{
  memset (out, 0, sizeof *out);
  Dwfl *dwfl = ompdbg_target_dwfl (c->t);
  Dwfl_Module *mod = dwfl != NULL ? dwfl_addrmodule (dwfl, pc) : NULL;
  if (mod == NULL)
    return;
  Dwarf_Addr start;
  const char *mname = dwfl_module_info (mod, NULL, &start, NULL, NULL, NULL,
					NULL, NULL);
  out->module = mname;
  out->in_exe = is_exe (c, mod);
  /* A library's pc: described by an earlier target of this run?  */
  struct shared_pc *e = NULL;
  size_t h = 0;
  if (!out->in_exe && mname != NULL)
    {
      h = shared_hash (mname, pc - start);
      for (e = shared[h]; e != NULL; e = e->next)
	if (e->rel == pc - start && strcmp (e->module, mname) == 0)
	  break;
      if (e != NULL)
	{
	  out->name = e->name;
	  out->file = e->file;
	  out->line = e->line;
	  out->shared = e;
	  return;
	}
    }
  out->name = ompdbg_code_symbol (c->t, pc, NULL);
  pc_line (mod, pc, &out->file, &out->line);
  if (out->in_exe || mname == NULL || cli_is_outlined (out->name))
    return;
  e = calloc (1, sizeof *e);
  if (e == NULL)
    return;
  e->module = strdup (mname);
  e->rel = pc - start;
  e->name = out->name ? strdup (out->name) : NULL;
  e->file = out->file ? strdup (out->file) : NULL;
  e->line = out->line;
  if (e->module == NULL || (out->name && e->name == NULL)
      || (out->file && e->file == NULL))
    {
      free (e->module);
      free (e->name);
      free (e->file);
      free (e);
      return;
    }
  e->next = shared[h];
  shared[h] = e;
  out->name = e->name;
  out->file = e->file;
  out->shared = e;
}

const struct cli_pc *
cli_pc_info (struct cli *c, uint64_t pc)
{
  if (c->pc_cache == NULL)
    c->pc_cache = calloc (CACHE_SIZE, sizeof (struct pc_entry));
  struct pc_entry *tab = c->pc_cache;
  static struct pc_entry spare;
  if (tab == NULL)
    {
      describe (c, pc, &spare.info);
      return &spare.info;
    }
  size_t h = (size_t) ((pc * 0x9e3779b97f4a7c15ull) >> 40) & (CACHE_SIZE - 1);
  for (size_t k = 0; k < 16; k++)
    {
      struct pc_entry *e = &tab[(h + k) & (CACHE_SIZE - 1)];
      if (e->used && e->pc == pc)
	return &e->info;
      if (!e->used)
	{
	  e->used = true;
	  e->pc = pc;
	  describe (c, pc, &e->info);
	  return &e->info;
	}
    }
  /* A full neighbourhood: replace its first entry.  */
  struct pc_entry *e = &tab[h];
  e->pc = pc;
  describe (c, pc, &e->info);
  return &e->info;
}

/* ---- function names as gdb prints them ------------------------------ */

#define MAX_SCOPES 64

/* The scopes (DIEs) from CU's children down to the DIE at offset OFF,
   outermost first, into PATH; their number, or -1 when OFF is not
   under PARENT.  Children lie between their parent's offset and its
   next sibling's: only the scope that can hold OFF is entered.  */
static int
scope_path (Dwarf_Die *parent, Dwarf_Off off, Dwarf_Die *path, int n,
	    int depth)
{
  Dwarf_Die child;
  if (depth > MAX_SCOPES || dwarf_child (parent, &child) != 0)
    return -1;
  for (;;)
    {
      if (dwarf_dieoffset (&child) == off)
	return n;
      Dwarf_Die next;
      bool last = dwarf_siblingof (&child, &next) != 0;
      if (dwarf_dieoffset (&child) < off
	  && (last || dwarf_dieoffset (&next) > off))
	{
	  if (n >= MAX_SCOPES)
	    return -1;
	  path[n] = child;
	  return scope_path (&child, off, path, n + 1, depth + 1);
	}
      if (last)
	return -1;
      child = next;
    }
}

/* The prefix gdb gives a name declared in the scope PATH[N-1] (its
   dwarf2 reader's determine_prefix): a namespace's or a named class's
   qualified name, a Fortran module's or enclosing subprogram's name;
   "" in a function of C++ or for an unnamed class.  */
static const char *
scope_prefix (struct cli *c, Dwarf_Die *path, int n, bool fortran,
	      bool host)
{
  if (n <= 0)
    return "";
  Dwarf_Die *p = &path[n - 1];
  const char *name = dwarf_diename (p);
  switch (dwarf_tag (p))
    {
    case DW_TAG_namespace:
      if (name == NULL)
	name = "(anonymous namespace)";
      break;
    case DW_TAG_class_type:
    case DW_TAG_structure_type:
    case DW_TAG_union_type:
    case DW_TAG_enumeration_type:
    case DW_TAG_module:
      if (name == NULL)
	return "";
      break;
    case DW_TAG_subprogram:
      return fortran && host && name != NULL ? name : "";
    default:
      return "";
    }
  const char *outer = scope_prefix (c, path, n - 1, fortran, host);
  return *outer ? cli_printf (c, "%s::%s", outer, name) : name;
}

static bool
lang_fortran (int lang)
{
  return lang == DW_LANG_Fortran77 || lang == DW_LANG_Fortran90
    || lang == DW_LANG_Fortran95 || lang == DW_LANG_Fortran03
    || lang == DW_LANG_Fortran08;
}

const char *
cli_die_name (struct cli *c, Dwarf_Die *fn)
{
  const char *name = dwarf_diename (fn);
  if (name == NULL)
    return NULL;
  /* The declaration: an out-of-line or inlined copy refers to it.  */
  Dwarf_Die decl = *fn;
  for (int k = 0; k < 8; k++)
    {
      Dwarf_Attribute a;
      Dwarf_Die to;
      if (dwarf_formref_die (dwarf_attr (&decl, DW_AT_specification, &a),
			     &to) == NULL
	  && dwarf_formref_die (dwarf_attr (&decl, DW_AT_abstract_origin,
					    &a), &to) == NULL)
	break;
      decl = to;
    }
  Dwarf_Die cu;
  if (dwarf_diecu (&decl, &cu, NULL, NULL) == NULL)
    return name;
  int lang = dwarf_srclang (&cu);
  bool fortran = lang_fortran (lang);
  if (!fortran && lang != DW_LANG_C_plus_plus && lang != DW_LANG_C_plus_plus_03
      && lang != DW_LANG_C_plus_plus_11 && lang != DW_LANG_C_plus_plus_14)
    {
      /* gdb names a C function by its linkage name where the DWARF has
	 one (its own or its declaration's), as for a function GCC was
	 told another assembler name: the C library's internal aliases,
	 __GI___mmap64 for __mmap64.  */
      Dwarf_Attribute a;
      const char *ln = dwarf_formstring (dwarf_attr_integrate
					 (fn, DW_AT_linkage_name, &a));
      if (ln == NULL)
	ln = dwarf_formstring (dwarf_attr_integrate
			       (fn, DW_AT_MIPS_linkage_name, &a));
      return ln != NULL ? ln : name;
    }
  /* gdb qualifies a Fortran procedure by its host procedure only when
     it names a subprogram's own code (dwarf2/read.c determine_prefix):
     not a copy inlined into another, nor the abstract instance around
     an outlined function.  */
  bool host = dwarf_tag (fn) == DW_TAG_subprogram
    && !dwarf_hasattr (fn, DW_AT_inline);
  Dwarf_Die path[MAX_SCOPES];
  int n = scope_path (&cu, dwarf_dieoffset (&decl), path, 0, 0);
  const char *prefix = n > 0 ? scope_prefix (c, path, n, fortran, host)
    : "";
  if (!fortran && cli_is_outlined (name))
    /* gdb's C++ name of a function is its name with its parameters,
       which a frame drops where the name parses as C++: the name GCC
       gives an outlined function does not, and keeps its (none).  */
    name = cli_printf (c, "%s(void)", name);
  return *prefix ? cli_printf (c, "%s::%s", prefix, name) : name;
}

/* The scopes from PARENT's children down to the subprogram whose code
   starts at PC, into PATH (outermost first); their number, or -1.  */
static int
entry_path (Dwarf_Die *parent, Dwarf_Addr pc, Dwarf_Die *path, int n)
{
  Dwarf_Die child;
  if (n >= MAX_SCOPES || dwarf_child (parent, &child) != 0)
    return -1;
  do
    {
      int tag = dwarf_tag (&child);
      Dwarf_Addr lo;
      path[n] = child;
      if (tag == DW_TAG_subprogram && dwarf_lowpc (&child, &lo) == 0
	  && lo == pc)
	return n + 1;
      if (tag == DW_TAG_subprogram || tag == DW_TAG_lexical_block
	  || tag == DW_TAG_inlined_subroutine || tag == DW_TAG_namespace
	  || tag == DW_TAG_module || tag == DW_TAG_class_type
	  || tag == DW_TAG_structure_type)
	{
	  int m = entry_path (&child, pc, path, n + 1);
	  if (m >= 0)
	    return m;
	}
    }
  while (dwarf_siblingof (&child, &child) == 0);
  return -1;
}

/* The name gdb prints for the function that holds the construct the
   outlined function at ENTRY runs (names.outlined_parent): the
   innermost subprogram around it that is not itself outlined (GCC
   nests the outlined function's DIE in it), or NULL.  */
static const char *
outlined_parent (struct cli *c, uint64_t entry)
{
  Dwfl *dwfl = ompdbg_target_dwfl (c->t);
  Dwfl_Module *mod = dwfl != NULL ? dwfl_addrmodule (dwfl, entry) : NULL;
  Dwarf_Addr bias;
  Dwarf_Die *cu = mod != NULL ? dwfl_module_addrdie (mod, entry, &bias)
    : NULL;
  if (cu == NULL)
    return NULL;
  Dwarf_Die path[MAX_SCOPES];
  int n = entry_path (cu, entry - bias, path, 0);
  for (int i = n - 2; i >= 0; i--)
    if (dwarf_tag (&path[i]) == DW_TAG_subprogram
	&& !cli_is_outlined (dwarf_diename (&path[i])))
      return cli_die_name (c, &path[i]);
  return NULL;
}

/* The first line-table row at ENTRY of its CU, and whether the CU is
   Fortran.  GCC gives an outlined function no DW_AT_decl_line; the first
   row at its entry is the construct's `#pragma omp' line (a later row at
   the same address is often a line of a function inlined into it).  */
static void
construct_line (struct cli *c, uint64_t entry, const char **file, int *line,
		bool *fortran)
{
  *file = NULL;
  *line = 0;
  *fortran = false;
  Dwfl *dwfl = ompdbg_target_dwfl (c->t);
  Dwfl_Module *mod = dwfl != NULL ? dwfl_addrmodule (dwfl, entry) : NULL;
  if (mod == NULL)
    return;
  Dwarf_Addr bias;
  Dwarf_Die *cu = dwfl_module_addrdie (mod, entry, &bias);
  if (cu == NULL)
    return;
  int lang = dwarf_srclang (cu);
  *fortran = lang_fortran (lang);
  Dwarf_Lines *lines;
  size_t n;
  if (dwarf_getsrclines (cu, &lines, &n) != 0)
    return;
  for (size_t i = 0; i < n; i++)
    {
      Dwarf_Line *l = dwarf_onesrcline (lines, i);
      Dwarf_Addr a;
      int ln;
      bool end = false;
      /* The row that ends the sequence before ENTRY's is at ENTRY too.  */
      if (l == NULL || dwarf_lineaddr (l, &a) != 0 || a + bias != entry
	  || dwarf_lineno (l, &ln) != 0 || ln <= 0
	  || dwarf_lineendsequence (l, &end) != 0 || end)
	continue;
      *file = base_name (dwarf_linesrc (l, NULL, NULL));
      *line = ln;
      return;
    }
}

/* The declaration line of the function at PC (gdb's symbol line).  */
static int
decl_line (struct cli *c, uint64_t pc, const char **file)
{
  Dwfl *dwfl = ompdbg_target_dwfl (c->t);
  Dwfl_Module *mod = dwfl != NULL ? dwfl_addrmodule (dwfl, pc) : NULL;
  if (mod == NULL)
    return 0;
  Dwarf_Addr bias;
  Dwarf_Die *cu = dwfl_module_addrdie (mod, pc, &bias);
  if (cu == NULL)
    return 0;
  Dwarf_Die *scopes;
  int n = dwarf_getscopes (cu, pc - bias, &scopes);
  int line = 0;
  for (int i = 0; i < n; i++)
    if (dwarf_tag (&scopes[i]) == DW_TAG_subprogram)
      {
	if (dwarf_decl_line (&scopes[i], &line) != 0)
	  line = 0;
	else
	  *file = base_name (dwarf_decl_file (&scopes[i]));
	break;
      }
  if (n > 0)
    free (scopes);
  return line;
}

const char *
cli_construct_label (struct cli *c, uint64_t pc, const char *kind)
{
  for (struct label_entry *e = c->label_cache; e != NULL; e = e->next)
    if (e->pc == pc && strcmp (e->kind, kind) == 0)
      return e->label;
  const struct cli_pc *p = cli_pc_info (c, pc);
  char *s;
  if (cli_is_outlined (p->name))
    {
      const char *file;
      int line;
      bool fortran;
      construct_line (c, pc, &file, &line, &fortran);
      const char *cut = strstr (p->name, OUTLINED);
      size_t plen = cut != NULL ? (size_t) (cut - p->name)
	: strlen (p->name) - 8;
      const char *parent = outlined_parent (c, pc);
      if (parent == NULL)
	parent = cli_printf (c, "%.*s", (int) plen, p->name);
      char loc[512] = "";
      if (file != NULL && line > 0)
	snprintf (loc, sizeof loc, " at %s:%d", file, line);
      s = cli_printf (c, "%s %s%s (in %s)", fortran ? "!$omp" : "#pragma omp",
		      kind, loc, parent);
    }
  else if (p->name != NULL)
    {
      const char *file = NULL;
      int line = decl_line (c, pc, &file);
      if (line > 0 && file != NULL)
	s = cli_printf (c, "%s at %s:%d", p->name, file, line);
      else if (p->file != NULL)
	s = cli_printf (c, "%s at %s:%d", p->name, p->file, p->line);
      else
	s = cli_printf (c, "%s in %s", p->name, base_name (p->module));
    }
  else
    s = cli_printf (c, "0x%llx", (unsigned long long) pc);
  struct label_entry *e = malloc (sizeof *e);
  if (e != NULL)
    {
      e->pc = pc;
      e->kind = kind;
      e->label = s;
      e->next = c->label_cache;
      c->label_cache = e;
    }
  return s;
}

bool
cli_in_runtime (struct cli *c, uint64_t pc)
{
  return c->rt_lo < c->rt_hi && pc >= c->rt_lo && pc < c->rt_hi;
}

/* The end of a ` (in NAME)' at S (just past it), NAME holding at most
   one level of parentheses (names._IN_FUNCTION), or NULL.  */
static const char *
in_function_end (const char *s)
{
  if (strncmp (s, " (in ", 5) != 0)
    return NULL;
  for (s += 5; *s != '\0'; s++)
    if (*s == ')')
      return s + 1;
    else if (*s == '(')
      {
	s++;
	while (*s != '\0' && *s != '(' && *s != ')')
	  s++;
	if (*s != ')')
	  return NULL;
      }
  return NULL;
}

const char *
cli_shorter_forms (struct cli *c, const char *text)
{
  if (text == NULL)
    return NULL;
  char *t = NULL, *u = NULL;
  size_t tl = 0, ul = 0;
  FILE *m = open_memstream (&t, &tl);
  if (m == NULL)
    return text;
  for (const char *p = text; *p != '\0';)
    if (strncmp (p, "#pragma omp ", 12) == 0)
      p += 12;
    else if (strncmp (p, "!$omp ", 6) == 0)
      p += 6;
    else
      fputc (*p++, m);
  fclose (m);
  m = open_memstream (&u, &ul);
  if (m == NULL)
    {
      free (t);
      return text;
    }
  for (const char *p = t, *e; *p != '\0';)
    if ((e = in_function_end (p)) != NULL)
      p = e;
    else
      fputc (*p++, m);
  fclose (m);
  const char *out = text;
  if (strcmp (t, text) != 0)
    out = cli_printf (c, "%s" CLI_ALT "%s", out, t);
  if (strcmp (u, t) != 0 && *u != '\0')
    out = cli_printf (c, "%s" CLI_ALT "%s", out, u);
  free (t);
  free (u);
  return out;
}
