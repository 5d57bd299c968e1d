/* ompd-layout-gen.c -- build-time generator of the runtime's layout table.

   Usage: ompd-layout-gen OBJECT OUTPUT

   OBJECT is ompd-layout-types.o, compiled with -g and the runtime's own
   flags from the runtime's own headers.  Every name of
   libompd/ompdbg-layout.def is resolved in its DWARF: a structure by the
   name of its DW_TAG_structure_type, a member path component by component
   through nested structures and unions (following typedefs and
   qualifiers), its offset from DW_AT_data_member_location, its size from
   the type, the element count of an array from its DW_TAG_subrange_type
   bounds.  OUTPUT
   is the C source of the table object `ompdbg_layout' in the format of
   libompd/ompdbg-layout.h.  A name that does not resolve is an error that
   names it: the build stops rather than ship a table without it.

   OBJECT is a relocatable file, whose DWARF sections hold relocations
   (string offsets, for one): libdwfl's offline mode applies them, plain
   dwarf_begin would not.  */

#include "config.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The names, from the same list as the runtime and its test.  */
enum entry_kind { KIND_STRUCT, KIND_MEMBER, KIND_ARRAY };

struct wanted
{
  enum entry_kind kind;
  const char *sname;		/* structure */
  const char *path;		/* member path, NULL for KIND_STRUCT */
};

static const struct wanted wanted[] =
{
#define OMPD_LAYOUT_STRUCT(id, s) { KIND_STRUCT, #s, NULL },
#define OMPD_LAYOUT_MEMBER(id, s, m) { KIND_MEMBER, #s, #m },
#define OMPD_LAYOUT_ARRAY(id, s, m) { KIND_ARRAY, #s, #m },
#include "libompd/ompdbg-layout.def"
};
#define NWANTED (sizeof wanted / sizeof wanted[0])

/* What one name resolved to.  */
struct resolved
{
  uint64_t offset, size, count;
};

static const char *program = "ompd-layout-gen";

static void __attribute__ ((noreturn, format (printf, 1, 2)))
fail (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  fprintf (stderr, "%s: ", program);
  vfprintf (stderr, fmt, ap);
  fputc ('\n', stderr);
  va_end (ap);
  exit (EXIT_FAILURE);
}

/* The type of DIE (DW_AT_type), with typedefs and qualifiers removed.  */
static bool
peeled_type (Dwarf_Die *die, Dwarf_Die *type)
{
  Dwarf_Attribute attr;
  if (dwarf_formref_die (dwarf_attr_integrate (die, DW_AT_type, &attr),
			 type) == NULL)
    return false;
  for (;;)
    switch (dwarf_tag (type))
      {
      case DW_TAG_typedef:
      case DW_TAG_const_type:
      case DW_TAG_volatile_type:
      case DW_TAG_restrict_type:
      case DW_TAG_atomic_type:
	if (dwarf_formref_die (dwarf_attr_integrate (type, DW_AT_type, &attr),
			       type) == NULL)
	  return false;
	break;
      default:
	return true;
      }
}

static bool
is_aggregate (Dwarf_Die *type)
{
  int tag = dwarf_tag (type);
  return tag == DW_TAG_structure_type || tag == DW_TAG_union_type;
}

/* The complete definition of struct NAME among the top-level DIEs of any
   compilation unit of DWARF.  */
static bool
find_struct (Dwarf *dwarf, const char *name, Dwarf_Die *result)
{
  Dwarf_Off off = 0, next;
  size_t hsize;
  while (dwarf_nextcu (dwarf, off, &next, &hsize, NULL, NULL, NULL) == 0)
    {
      Dwarf_Die cu, child;
      if (dwarf_offdie (dwarf, off + hsize, &cu) != NULL
	  && dwarf_child (&cu, &child) == 0)
	do
	  if (dwarf_tag (&child) == DW_TAG_structure_type
	      && !dwarf_hasattr (&child, DW_AT_declaration)
	      && dwarf_diename (&child) != NULL
	      && strcmp (dwarf_diename (&child), name) == 0)
	    {
	      *result = child;
	      return true;
	    }
	while (dwarf_siblingof (&child, &child) == 0);
      off = next;
    }
  return false;
}

static bool
member_offset (Dwarf_Die *member, uint64_t *offset)
{
  Dwarf_Attribute attr;
  Dwarf_Word word;
  /* Unions give no location: every member is at 0.  GCC gives a constant
     otherwise (DWARF 3+); the old location-expression form is not
     needed for it.  */
  if (!dwarf_hasattr (member, DW_AT_data_member_location))
    word = 0;
  else if (dwarf_formudata (dwarf_attr (member, DW_AT_data_member_location,
					&attr), &word) != 0)
    return false;
  *offset = word;
  return true;
}

/* The member called NAME of the structure or union AGG, also inside its
   anonymous structure and union members; its offset from AGG added to
   *OFFSET.  */
static bool
find_member (Dwarf_Die *agg, const char *name, Dwarf_Die *result,
	     uint64_t *offset)
{
  Dwarf_Die child;
  if (dwarf_child (agg, &child) != 0)
    return false;
  do
    {
      if (dwarf_tag (&child) != DW_TAG_member)
	continue;
      const char *cname = dwarf_diename (&child);
      uint64_t off;
      if (!member_offset (&child, &off))
	continue;
      if (cname != NULL && strcmp (cname, name) == 0)
	{
	  *result = child;
	  *offset += off;
	  return true;
	}
      Dwarf_Die type;
      if (cname == NULL && peeled_type (&child, &type) && is_aggregate (&type))
	{
	  uint64_t inner = off;
	  if (find_member (&type, name, result, &inner))
	    {
	      *offset += inner;
	      return true;
	    }
	}
    }
  while (dwarf_siblingof (&child, &child) == 0);
  return false;
}

/* Elements of the array type ARRAY, all dimensions multiplied.  */
static bool
array_count (Dwarf_Die *array, uint64_t *count)
{
  Dwarf_Die sub;
  uint64_t n = 1;
  if (dwarf_child (array, &sub) != 0)
    return false;
  do
    {
      if (dwarf_tag (&sub) != DW_TAG_subrange_type)
	continue;
      Dwarf_Attribute attr;
      Dwarf_Word c, lower = 0, upper;
      if (dwarf_hasattr (&sub, DW_AT_count))
	{
	  if (dwarf_formudata (dwarf_attr (&sub, DW_AT_count, &attr), &c) != 0)
	    return false;
	}
      else if (dwarf_hasattr (&sub, DW_AT_upper_bound))
	{
	  if (dwarf_formudata (dwarf_attr (&sub, DW_AT_upper_bound, &attr),
			       &upper) != 0)
	    return false;
	  if (dwarf_hasattr (&sub, DW_AT_lower_bound)
	      && dwarf_formudata (dwarf_attr (&sub, DW_AT_lower_bound, &attr),
				  &lower) != 0)
	    return false;
	  c = upper + 1 - lower;
	}
      else
	return false;		/* flexible array member: no fixed count */
      n *= c;
    }
  while (dwarf_siblingof (&sub, &sub) == 0);
  *count = n;
  return true;
}

/* Resolve W; a name that does not resolve ends the program.  */
static void
resolve (Dwarf *dwarf, const struct wanted *w, struct resolved *r)
{
  Dwarf_Die sdie, type;
  Dwarf_Word size;
  if (!find_struct (dwarf, w->sname, &sdie))
    fail ("struct %s (ompdbg-layout.def) is not in the DWARF of the types "
	 "object: not defined in the runtime's headers, or not declared in "
	 "ompd-layout-types.c", w->sname);
  if (w->kind == KIND_STRUCT)
    {
      if (dwarf_aggregate_size (&sdie, &size) != 0)
	fail ("struct %s: no size in DWARF: %s", w->sname, dwarf_errmsg (-1));
      *r = (struct resolved) { 0, size, 1 };
      return;
    }

  /* Walk the path: every component but the last must be a structure or
     union member whose type is a structure or union.  */
  char *path = strdup (w->path);
  if (path == NULL)
    fail ("%s", strerror (errno));
  uint64_t offset = 0;
  type = sdie;
  Dwarf_Die member;
  char *save = NULL;
  for (char *comp = strtok_r (path, ".", &save); comp != NULL;
       comp = strtok_r (NULL, ".", &save))
    {
      if (!is_aggregate (&type))
	fail ("%s.%s: `%s' is not a member of a structure or union "
	     "(a path cannot go through an array or pointer)",
	     w->sname, w->path, comp);
      if (!find_member (&type, comp, &member, &offset))
	fail ("%s.%s: no member `%s' in the DWARF of struct %s "
	     "(renamed or removed in runtime/internal.h?)",
	     w->sname, w->path, comp, w->sname);
      if (dwarf_hasattr (&member, DW_AT_bit_size)
	  || dwarf_hasattr (&member, DW_AT_data_bit_offset))
	fail ("%s.%s: bit-fields cannot be described", w->sname, w->path);
      if (!peeled_type (&member, &type))
	fail ("%s.%s: member `%s' has no type in DWARF", w->sname, w->path,
	     comp);
    }
  free (path);

  uint64_t count = 1;
  bool array = dwarf_tag (&type) == DW_TAG_array_type;
  if (array != (w->kind == KIND_ARRAY))
    fail ("%s.%s: %s in ompdbg-layout.def, but %s", w->sname, w->path,
	 array ? "OMPD_LAYOUT_MEMBER" : "OMPD_LAYOUT_ARRAY",
	 array ? "an array: use OMPD_LAYOUT_ARRAY" : "not an array");
  if (array && !array_count (&type, &count))
    fail ("%s.%s: no fixed element count in DWARF", w->sname, w->path);
  if (dwarf_aggregate_size (&type, &size) != 0)
    fail ("%s.%s: no size in DWARF: %s", w->sname, w->path,
	 dwarf_errmsg (-1));
  *r = (struct resolved) { offset, size, count };
}

static Dwarf *
open_dwarf (Dwfl **dwflp, const char *object)
{
  static const Dwfl_Callbacks callbacks =
    {
      .find_debuginfo = dwfl_standard_find_debuginfo,
      .section_address = dwfl_offline_section_address,
    };
  Dwfl *dwfl = dwfl_begin (&callbacks);
  if (dwfl == NULL)
    fail ("%s", dwfl_errmsg (-1));
  Dwfl_Module *mod = dwfl_report_offline (dwfl, object, object, -1);
  if (mod == NULL)
    fail ("%s: %s", object, dwfl_errmsg (-1));
  dwfl_report_end (dwfl, NULL, NULL);
  Dwarf_Addr bias;
  Dwarf *dwarf = dwfl_module_getdwarf (mod, &bias);
  if (dwarf == NULL)
    fail ("%s: no DWARF (%s): the types object must be compiled with -g",
	 object, dwfl_errmsg (-1));
  *dwflp = dwfl;
  return dwarf;
}

/* The generated source.  Names go to the string pool in list order, each
   with its NUL; a duplicate name in the list is an error (a reader would
   see only one of them).  */
static void
write_table (FILE *out, const char *object, const struct resolved *r)
{
  uint32_t strings_size = 0;
  for (size_t i = 0; i < NWANTED; i++)
    {
      for (size_t j = 0; j < i; j++)
	if (strcmp (wanted[i].sname, wanted[j].sname) == 0
	    && (wanted[i].path == NULL) == (wanted[j].path == NULL)
	    && (wanted[i].path == NULL
		|| strcmp (wanted[i].path, wanted[j].path) == 0))
	  fail ("%s%s%s is listed twice in ompdbg-layout.def", wanted[i].sname,
	       wanted[i].path ? "." : "", wanted[i].path ? wanted[i].path : "");
      strings_size += strlen (wanted[i].sname) + 1;
      if (wanted[i].path != NULL)
	strings_size += strlen (wanted[i].path) + 1;
    }

  fprintf (out, "\
/* ompd-layout-table.c -- generated by ompd-layout-gen from\n\
   runtime/ompdbg-layout.def and the DWARF of\n\
   %s.  Do not edit.  */\n\
\n\
#include \"config.h\"\n\
#include \"runtime/internal.h\"\n\
#include \"runtime/task-depend.h\"\n\
#include \"runtime/ompd-layout.h\"\n\
\n\
#include <stddef.h>\n\
\n\
#define NENTRIES %zu\n\
#define STRINGS_SIZE %" PRIu32 "\n\
#define VERSION_STRING OMPDBG_RUNTIME_NAME \" \" PACKAGE_VERSION\n\
\n\
/* One object, so that one read gets it all; the two objects roots point\n\
   to that are not variables of the runtime follow it, in the same\n\
   written mapping, which any core holds (layout_init, ompd-support.c).  */\n\
struct ompdbg_layout_object\n\
{\n\
  struct ompdbg_layout_header header;\n\
  struct ompdbg_layout_entry entries[NENTRIES];\n\
  char strings[STRINGS_SIZE];\n\
  int openmp_version;\n\
  int frame_flags;\n\
  char version_string[sizeof VERSION_STRING];\n\
};\n\
\n\
_Static_assert (offsetof (struct ompdbg_layout_object, entries)\n\
		== sizeof (struct ompdbg_layout_header), \"no padding\");\n\
_Static_assert (offsetof (struct ompdbg_layout_object, strings)\n\
		== sizeof (struct ompdbg_layout_header)\n\
		   + NENTRIES * sizeof (struct ompdbg_layout_entry),\n\
		\"no padding\");\n\
\n\
#define ROOT(p) ((uint64_t) (uintptr_t) (p))\n\
\n\
EXPORT struct ompdbg_layout_object ompdbg_layout =\n\
{\n\
  .header =\n\
  {\n\
    .magic = OMPDBG_LAYOUT_MAGIC,\n\
    .version = OMPDBG_LAYOUT_VERSION,\n\
    .header_size = sizeof (struct ompdbg_layout_header),\n\
    .entry_size = sizeof (struct ompdbg_layout_entry),\n\
    .nentries = NENTRIES,\n\
    .strings_size = STRINGS_SIZE,\n\
    .total_size = offsetof (struct ompdbg_layout_object, strings)\n\
		  + STRINGS_SIZE,\n\
    .sizeof_char = sizeof (char),\n\
    .sizeof_short = sizeof (short),\n\
    .sizeof_int = sizeof (int),\n\
    .sizeof_long = sizeof (long),\n\
    .sizeof_long_long = sizeof (long long),\n\
    .sizeof_pointer = sizeof (void *),\n\
    .live = 0,\n\
    .roots =\n\
    {\n\
      [OMPDBG_ROOT_REGISTRY] = ROOT (&gomp_registry),\n\
      [OMPDBG_ROOT_GLOBAL_ICV] = ROOT (&gomp_global_icv),\n\
      [OMPDBG_ROOT_INITIAL_ICV] = ROOT (&gomp_initial_icv),\n\
      [OMPDBG_ROOT_NUM_PROCS] = ROOT (&gomp_num_procs),\n\
      [OMPDBG_ROOT_BP_ENABLED] = ROOT (&gomp_ompd_enabled),\n\
      [OMPDBG_ROOT_ENV_BLOCK] = ROOT (&gomp_ompd_env_block),\n\
      [OMPDBG_ROOT_OPENMP_VERSION] = ROOT (&ompdbg_layout.openmp_version),\n\
      [OMPDBG_ROOT_VERSION_STRING] = ROOT (&ompdbg_layout.version_string),\n\
      [OMPDBG_ROOT_FRAME_FLAGS] = ROOT (&ompdbg_layout.frame_flags),\n\
      [OMPDBG_ROOT_ON_PARENT_EXIT] = ROOT (&gomp_on_parent_exit),\n\
    },\n\
  },\n\
  .entries =\n\
  {\n", object, NWANTED, strings_size);

  uint32_t name = 0;
  for (size_t i = 0; i < NWANTED; i++)
    {
      fprintf (out, "    { %" PRIu32 ", %" PRIu64 ", %" PRIu64 ", %" PRIu64
	       " },\t/* %s%s%s */\n", name, r[i].offset, r[i].size,
	       r[i].count, wanted[i].sname, wanted[i].path ? "." : "",
	       wanted[i].path ? wanted[i].path : "");
      name += strlen (wanted[i].sname) + 1;
      if (wanted[i].path != NULL)
	name += strlen (wanted[i].path) + 1;
    }

  /* Adjacent literals, one name each, so that no "\0" runs into a digit
     that follows; the literal's own final NUL does not fit and is
     dropped (C11 6.7.9p14).  */
  fputs ("  },\n  .strings =\n", out);
  for (size_t i = 0; i < NWANTED; i++)
    fprintf (out, "    \"%s%s%s\\0\"\n", wanted[i].sname,
	     wanted[i].path ? "." : "", wanted[i].path ? wanted[i].path : "");
  fputs ("  ,\n\
  .openmp_version = GOMP_OPENMP_VERSION,\n\
  .frame_flags = GOMP_FRAME_FLAGS,\n\
  .version_string = VERSION_STRING,\n\
};\n\
\n\
HIDDEN struct ompdbg_layout_header *const gomp_ompd_layout\n\
  = &ompdbg_layout.header;\n\
\n\
/* What the compiler says, checked when this file is compiled: a wrong\n\
   reading of the DWARF fails the build, not a debugger.  */\n", out);
  for (size_t i = 0; i < NWANTED; i++)
    {
      const struct wanted *w = &wanted[i];
      if (w->kind == KIND_STRUCT)
	fprintf (out, "_Static_assert (sizeof (struct %s) == %" PRIu64
		 ", \"%s\");\n", w->sname, r[i].size, w->sname);
      else
	fprintf (out, "_Static_assert (offsetof (struct %s, %s) == %" PRIu64
		 "\n		&& sizeof (((struct %s *) 0)->%s) == %" PRIu64
		 ", \"%s.%s\");\n", w->sname, w->path, r[i].offset,
		 w->sname, w->path, r[i].size, w->sname, w->path);
    }
}

int
main (int argc, char **argv)
{
  if (argc != 3)
    {
      fprintf (stderr, "usage: %s OBJECT OUTPUT\n", program);
      return EXIT_FAILURE;
    }
  const char *object = argv[1], *output = argv[2];

  Dwfl *dwfl;
  Dwarf *dwarf = open_dwarf (&dwfl, object);
  static struct resolved resolved[NWANTED];
  for (size_t i = 0; i < NWANTED; i++)
    resolve (dwarf, &wanted[i], &resolved[i]);

  FILE *out = fopen (output, "w");
  if (out == NULL)
    fail ("%s: %s", output, strerror (errno));
  /* The object's name without the build directory: the output does not
     depend on where the tree is built.  */
  const char *base = strrchr (object, '/');
  write_table (out, base ? base + 1 : object, resolved);
  if (ferror (out) | (fclose (out) != 0))
    fail ("%s: write error", output);
  dwfl_end (dwfl);
  return EXIT_SUCCESS;
}
