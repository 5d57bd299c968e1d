/* target-symbols.c -- symbol lookup by name and by address.

   libdwfl gives each module's best symbol table: .symtab (of the file or
   of its separate debug file) when there is one, else .dynsym (a
   stripped runtime), plus the MiniDebugInfo table.  Lookups by name scan
   it; OMPD asks for a few dozen names per address space and libompd
   caches the answers, so no index is built.  */

#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "corefiles/target-internal.h"

/* Does module name MODNAME match the FILE_NAME hint: the same path, the
   same base name, or FILE_NAME's base name followed by a dot in
   MODNAME's ("libgomp.so" and "libgomp" match "libgomp.so.1").  */
static bool
module_matches (const char *modname, const char *file_name)
{
  if (modname == NULL)
    return false;
  if (strcmp (modname, file_name) == 0)
    return true;
  const char *mb = strrchr (modname, '/');
  mb = mb ? mb + 1 : modname;
  const char *fb = strrchr (file_name, '/');
  fb = fb ? fb + 1 : file_name;
  size_t len = strlen (fb);
  return len > 0 && strncmp (mb, fb, len) == 0
    && (mb[len] == '\0' || mb[len] == '.');
}

/* Look NAME up in MOD.  OK, NOSYM, or TLS (then *TLS_OFFSET, when not
   NULL, is the symbol's offset in the module's TLS block: st_value of a
   TLS symbol in an executable or a shared object).  */
static ompdbg_err_t
module_lookup (Dwfl_Module *mod, const char *name, uint64_t *addr,
	       uint64_t *tls_offset)
{
  int n = dwfl_module_getsymtab (mod);
  bool tls = false;
  for (int i = 1; i < n; i++)
    {
      GElf_Sym sym;
      GElf_Addr value;
      GElf_Word shndx;
      const char *sname = dwfl_module_getsym_info (mod, i, &sym, &value,
						   &shndx, NULL, NULL);
      if (sname == NULL || strcmp (sname, name) != 0)
	continue;
      /* A definition only: an undefined reference has no address.  */
      if (sym.st_shndx == SHN_UNDEF)
	continue;
      int type = GELF_ST_TYPE (sym.st_info);
      if (type == STT_TLS)
	{
	  if (!tls && tls_offset != NULL)
	    *tls_offset = sym.st_value;
	  tls = true;
	  continue;
	}
      if (type == STT_SECTION || type == STT_FILE)
	continue;
      *addr = value;
      return OMPDBG_E_OK;
    }
  return tls ? OMPDBG_E_TLS : OMPDBG_E_NOSYM;
}

/* The lookup of ompdbg_lookup_symbol; for a thread-local NAME, the
   module of its first definition in *TLS_MOD and its offset in that
   module's TLS block in *TLS_OFFSET.  */
ompdbg_err_t
ompdbg_lookup_symbol_tls (struct ompdbg_target *t, const char *name,
			  const char *file_name, uint64_t *addr,
			  Dwfl_Module **tls_mod, uint64_t *tls_offset)
{
  if (!ompdbg_target_valid (t))
    return OMPDBG_E_BADHANDLE;
  if (name == NULL || *name == '\0' || addr == NULL)
    return OMPDBG_E_BADARG;
  ompdbg_err_t err = ompdbg_target_list_modules (t);
  if (err != OMPDBG_E_OK)
    return err;
  if (file_name != NULL && *file_name == '\0')
    file_name = NULL;
  ompdbg_err_t result = OMPDBG_E_NOSYM;
  /* Pass 0: the hinted modules; pass 1: all the others in order.  */
  for (int pass = file_name != NULL ? 0 : 1; pass < 2; pass++)
    for (size_t i = 0; i < t->nmodules; i++)
      {
	const char *modname = dwfl_module_info (t->modules[i], NULL, NULL,
						NULL, NULL, NULL, NULL, NULL);
	bool match = file_name != NULL && module_matches (modname, file_name);
	if (match != (pass == 0))
	  continue;
	uint64_t off = 0;
	err = module_lookup (t->modules[i], name, addr, &off);
	if (err == OMPDBG_E_OK)
	  return err;
	if (err == OMPDBG_E_TLS && result != OMPDBG_E_TLS)
	  {
	    result = err;
	    if (tls_mod != NULL)
	      *tls_mod = t->modules[i];
	    if (tls_offset != NULL)
	      *tls_offset = off;
	  }
      }
  return result;
}

ompdbg_err_t
ompdbg_lookup_symbol (struct ompdbg_target *t, const char *name,
		      const char *file_name, uint64_t *addr)
{
  return ompdbg_lookup_symbol_tls (t, name, file_name, addr, NULL, NULL);
}

/* For dwfl_getmodules: whether WANT's address lies in a loadable
   segment of the module, up to the segment's size in memory.  A live
   process's module ends where the file is mapped (/proc/PID/maps): the
   zero-filled tail of the data segment (.bss past the last page of the
   file) is an anonymous mapping that belongs to no module there.  */
struct in_segment
{
  uint64_t addr;
  Dwfl_Module *mod;
};

static int
module_has_segment (Dwfl_Module *mod, void **userdata, const char *name,
		    Dwarf_Addr start, void *arg)
{
  (void) userdata;
  (void) name;
  (void) start;
  struct in_segment *want = arg;
  GElf_Addr bias;
  Elf *elf = dwfl_module_getelf (mod, &bias);
  size_t n;
  if (elf == NULL || elf_getphdrnum (elf, &n) != 0)
    return DWARF_CB_OK;
  for (size_t i = 0; i < n; i++)
    {
      GElf_Phdr mem, *ph = gelf_getphdr (elf, i, &mem);
      if (ph != NULL && ph->p_type == PT_LOAD
	  && want->addr >= bias + ph->p_vaddr
	  && want->addr - (bias + ph->p_vaddr) < ph->p_memsz)
	{
	  want->mod = mod;
	  return DWARF_CB_ABORT;
	}
    }
  return DWARF_CB_OK;
}

ompdbg_err_t
ompdbg_addr_symbol (struct ompdbg_target *t, uint64_t addr, const char **sym,
		    uint64_t *offset, const char **module)
{
  if (!ompdbg_target_valid (t))
    return OMPDBG_E_BADHANDLE;
  Dwfl_Module *mod = dwfl_addrmodule (t->dwfl, addr);
  if (mod == NULL)
    {
      struct in_segment want = { addr, NULL };
      dwfl_getmodules (t->dwfl, module_has_segment, &want, 0);
      mod = want.mod;
    }
  if (module != NULL)
    *module = mod != NULL ? dwfl_module_info (mod, NULL, NULL, NULL, NULL,
					      NULL, NULL, NULL) : NULL;
  if (mod == NULL)
    return OMPDBG_E_NOSYM;
  GElf_Off off;
  GElf_Sym s;
  const char *name = dwfl_module_addrinfo (mod, addr, &off, &s, NULL, NULL,
					   NULL);
  if (name == NULL)
    return OMPDBG_E_NOSYM;
  if (sym != NULL)
    *sym = name;
  if (offset != NULL)
    *offset = off;
  return OMPDBG_E_OK;
}

/* gdb's minimal symbols at one address, as lookup_minimal_symbol_by_pc
   weighs them: a global, weak or unique symbol of a code section is
   text (mst_text), a local one file text, an ifunc neither.  */
struct alias
{
  const char *name;
  GElf_Xword size;
  bool text;
};

static int
alias_order (const void *a, const void *b)
{
  return strcmp (((const struct alias *) a)->name,
		 ((const struct alias *) b)->name);
}

/* Of the symbols of MOD's table at the start of the one libdwfl found
   for PC (FOUND, in section SHNDX), the name gdb gives PC's frame.
   gdb sorts the symbols at an address by name and takes the last one,
   stepping back over a symbol without a size (a label), and from one
   that is not text to the text symbol before it of the same size; its
   table is the one libdwfl reads (.symtab, else .dynsym), named as
   there (`foo@@V1' in .symtab, the bare `foo' of .dynsym).  */
static const char *
gdb_alias (Dwfl_Module *mod, const char *found, const GElf_Sym *fsym,
	   GElf_Addr start, GElf_Word fshndx)
{
  int n = dwfl_module_getsymtab (mod);
  size_t count = 0, cap = 0;
  struct alias *a = NULL;
  for (int i = 1; i < n; i++)
    {
      GElf_Sym s;
      GElf_Addr value;
      GElf_Word shndx;
      const char *name = dwfl_module_getsym_info (mod, i, &s, &value,
						  &shndx, NULL, NULL);
      int type = GELF_ST_TYPE (s.st_info);
      if (name == NULL || name[0] == '\0' || value != start
	  || shndx != fshndx || type == STT_SECTION || type == STT_FILE
	  || (name[0] == '.' && name[1] == 'L'))
	continue;
      if (count == cap)
	{
	  size_t c2 = cap ? 2 * cap : 8;
	  struct alias *more = realloc (a, c2 * sizeof *a);
	  if (more == NULL)
	    break;
	  a = more;
	  cap = c2;
	}
      int bind = GELF_ST_BIND (s.st_info);
      a[count++] = (struct alias) {
	name, s.st_size,
	type != STT_GNU_IFUNC && (bind == STB_GLOBAL || bind == STB_WEAK
				  || bind == STB_GNU_UNIQUE)
      };
    }
  const char *best = found;
  if (count > 1)
    {
      qsort (a, count, sizeof *a, alias_order);
      size_t hi = count;
      size_t zero = count;
      while (hi-- > 0)
	{
	  if (hi > 0 && !a[hi].text && a[hi - 1].text
	      && a[hi].size == a[hi - 1].size)
	    continue;
	  if (a[hi].size == 0)
	    {
	      if (zero == count)
		zero = hi;
	      continue;
	    }
	  break;
	}
      if (hi < count)
	best = a[hi].name;
      else if (zero < count && fsym->st_size == 0)
	best = a[zero].name;
    }
  free (a);
  return best;
}

const char *
ompdbg_code_symbol (struct ompdbg_target *t, uint64_t pc, uint64_t *offset)
{
  if (!ompdbg_target_valid (t))
    return NULL;
  Dwfl_Module *mod = dwfl_addrmodule (t->dwfl, pc);
  if (mod == NULL)
    return NULL;
  GElf_Off off;
  GElf_Sym s;
  GElf_Word shndx;
  const char *name = dwfl_module_addrinfo (mod, pc, &off, &s, &shndx, NULL,
					   NULL);
  if (name == NULL)
    return NULL;
  if (offset != NULL)
    *offset = off;
  return gdb_alias (mod, name, &s, pc - off, shndx);
}
