/* target.c -- what live and core targets have in common: allocation,
   handle checks, the module list, the ELF class, the generic accessors,
   and closing.  */

#include <config.h>

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ptrace.h>

#include "corefiles/target-internal.h"

bool
ompdbg_target_valid (const struct ompdbg_target *t)
{
  return t != NULL && t->magic == OMPDBG_TARGET_MAGIC;
}

bool
ompdbg_thread_valid (const struct ompdbg_thread *th)
{
  return th != NULL && th->magic == OMPDBG_THREAD_MAGIC
    && ompdbg_target_valid (th->target);
}

struct ompdbg_target *
ompdbg_target_new (bool live)
{
  struct ompdbg_target *t = calloc (1, sizeof *t);
  if (t == NULL)
    return NULL;
  t->magic = OMPDBG_TARGET_MAGIC;
  t->live = live;
  t->pid = -1;
  t->mem_fd = -1;
  t->core_fd = -1;
  return t;
}

ompdbg_err_t
ompdbg_target_add_thread (struct ompdbg_target *t, pid_t lwp,
			  struct ompdbg_thread **threadp)
{
  /* Grow by doubling; thread objects themselves never move, because
     libompd keeps pointers to them as thread contexts.  */
  if ((t->nthreads & (t->nthreads - 1)) == 0)
    {
      size_t cap = t->nthreads ? 2 * t->nthreads : 8;
      struct ompdbg_thread **n = realloc (t->threads, cap * sizeof *n);
      if (n == NULL)
	return OMPDBG_E_NOMEM;
      t->threads = n;
    }
  struct ompdbg_thread *th = calloc (1, sizeof *th);
  if (th == NULL)
    return OMPDBG_E_NOMEM;
  th->magic = OMPDBG_THREAD_MAGIC;
  th->target = t;
  th->lwp = lwp;
  t->threads[t->nthreads++] = th;
  if (threadp != NULL)
    *threadp = th;
  return OMPDBG_E_OK;
}

ompdbg_err_t
ompdbg_target_set_class (struct ompdbg_target *t, Elf *elf)
{
  GElf_Ehdr ehdr;
  if (elf == NULL || gelf_getehdr (elf, &ehdr) == NULL)
    return OMPDBG_E_DWFL;
  if (ehdr.e_ident[EI_CLASS] != ELFCLASS32
      && ehdr.e_ident[EI_CLASS] != ELFCLASS64)
    return OMPDBG_E_BADCORE;
  if (ehdr.e_ident[EI_DATA] != ELFDATA2LSB
      && ehdr.e_ident[EI_DATA] != ELFDATA2MSB)
    return OMPDBG_E_BADCORE;
  t->elfclass = ehdr.e_ident[EI_CLASS];
  t->byte_order = ehdr.e_ident[EI_DATA];
  t->machine = ehdr.e_machine;
  return OMPDBG_E_OK;
}

/* Is MOD the program itself?  The executable is the module with a
   PT_INTERP or of type ET_EXEC; for a static PIE the first module.  */
static bool
module_is_executable (Dwfl_Module *mod)
{
  GElf_Addr bias;
  Elf *elf = dwfl_module_getelf (mod, &bias);
  if (elf == NULL)
    return false;
  GElf_Ehdr ehdr;
  if (gelf_getehdr (elf, &ehdr) == NULL)
    return false;
  if (ehdr.e_type == ET_EXEC)
    return true;
  size_t phnum;
  if (elf_getphdrnum (elf, &phnum) != 0)
    return false;
  for (size_t i = 0; i < phnum; i++)
    {
      GElf_Phdr ph;
      if (gelf_getphdr (elf, i, &ph) != NULL && ph.p_type == PT_INTERP)
	return true;
    }
  return false;
}

struct module_list
{
  Dwfl_Module **mods;
  size_t n, cap;
  bool nomem;
};

static int
collect_module (Dwfl_Module *mod, void **userdata, const char *name,
		Dwarf_Addr start, void *arg)
{
  (void) userdata, (void) name, (void) start;
  struct module_list *l = arg;
  if (l->n == l->cap)
    {
      size_t cap = l->cap ? 2 * l->cap : 16;
      Dwfl_Module **n = realloc (l->mods, cap * sizeof *n);
      if (n == NULL)
	{
	  l->nomem = true;
	  return DWARF_CB_ABORT;
	}
      l->mods = n;
      l->cap = cap;
    }
  l->mods[l->n++] = mod;
  return DWARF_CB_OK;
}

static int
module_cmp (const void *a, const void *b)
{
  Dwarf_Addr sa, sb;
  dwfl_module_info (*(Dwfl_Module *const *) a, NULL, &sa, NULL, NULL, NULL,
		    NULL, NULL);
  dwfl_module_info (*(Dwfl_Module *const *) b, NULL, &sb, NULL, NULL, NULL,
		    NULL, NULL);
  return sa < sb ? -1 : sa > sb;
}

/* The modules in lookup order: the executable, then the others by load
   address (the order dwfl reports them in is not defined).  */
ompdbg_err_t
ompdbg_target_list_modules (struct ompdbg_target *t)
{
  if (t->modules_listed)
    return OMPDBG_E_OK;
  struct module_list l = { NULL, 0, 0, false };
  if (dwfl_getmodules (t->dwfl, collect_module, &l, 0) == -1 && !l.nomem)
    {
      free (l.mods);
      return OMPDBG_E_DWFL;
    }
  if (l.nomem)
    {
      free (l.mods);
      return OMPDBG_E_NOMEM;
    }
  if (l.n == 0)
    {
      free (l.mods);
      return OMPDBG_E_NOMODULES;
    }
  qsort (l.mods, l.n, sizeof *l.mods, module_cmp);
  for (size_t i = 0; i < l.n; i++)
    if (module_is_executable (l.mods[i]))
      {
	Dwfl_Module *exe = l.mods[i];
	memmove (l.mods + 1, l.mods, i * sizeof *l.mods);
	l.mods[0] = exe;
	break;
      }
  t->modules = l.mods;
  t->nmodules = l.n;
  t->modules_listed = true;
  return OMPDBG_E_OK;
}

int
ompdbg_target_is_live (const struct ompdbg_target *t)
{
  if (!ompdbg_target_valid (t))
    return -1;
  return t->live;
}

pid_t
ompdbg_target_pid (const struct ompdbg_target *t)
{
  if (!ompdbg_target_valid (t))
    return -1;
  return t->pid;
}

ompdbg_err_t
ompdbg_target_core_truncated (struct ompdbg_target *t, uint64_t *needed,
			      uint64_t *size, size_t *segments,
			      uint64_t *missing)
{
  if (!ompdbg_target_valid (t))
    return OMPDBG_E_BADHANDLE;
  if (needed != NULL)
    *needed = t->core_needed;
  if (size != NULL)
    *size = t->live ? 0 : t->core_size;
  if (segments != NULL)
    *segments = t->core_cut;
  if (missing != NULL)
    *missing = t->core_missing;
  return OMPDBG_E_OK;
}

struct Dwfl *
ompdbg_target_dwfl (struct ompdbg_target *t)
{
  if (!ompdbg_target_valid (t))
    return NULL;
  return t->dwfl;
}

ompdbg_err_t
ompdbg_target_type_sizes (struct ompdbg_target *t,
			  ompd_device_type_sizes_t *sizes)
{
  if (!ompdbg_target_valid (t))
    return OMPDBG_E_BADHANDLE;
  if (sizes == NULL)
    return OMPDBG_E_BADARG;
  /* Linux ABIs: LP64 for 64-bit ELF, ILP32 for 32-bit.  */
  bool lp64 = t->elfclass == ELFCLASS64;
  sizes->sizeof_char = 1;
  sizes->sizeof_short = 2;
  sizes->sizeof_int = 4;
  sizes->sizeof_long = lp64 ? 8 : 4;
  sizes->sizeof_long_long = 8;
  sizes->sizeof_pointer = lp64 ? 8 : 4;
  return OMPDBG_E_OK;
}

ompdbg_err_t
ompdbg_target_byte_order (struct ompdbg_target *t, int *byte_order)
{
  if (!ompdbg_target_valid (t))
    return OMPDBG_E_BADHANDLE;
  if (byte_order == NULL)
    return OMPDBG_E_BADARG;
  *byte_order = t->byte_order;
  return OMPDBG_E_OK;
}

void
ompdbg_target_free (struct ompdbg_target *t)
{
  for (size_t i = 0; i < t->nthreads; i++)
    {
      t->threads[i]->magic = 0;
      free (t->threads[i]);
    }
  free (t->threads);
  free (t->modules);
  free (t->segments);
  if (t->dwfl != NULL)
    dwfl_end (t->dwfl);
  if (t->core_elf != NULL)
    elf_end (t->core_elf);
  if (t->core_fd >= 0)
    close (t->core_fd);
  if (t->mem_fd >= 0)
    close (t->mem_fd);
  t->magic = 0;
  free (t);
}

void
ompdbg_target_close (struct ompdbg_target *t)
{
  if (!ompdbg_target_valid (t))
    return;
  if (t->live)
    {
      /* Detach every thread, handing back a signal that stopped it
	 instead of our interrupt.  A thread that died meanwhile gives
	 ESRCH: nothing to do.  */
      for (size_t i = 0; i < t->nthreads; i++)
	ptrace (PTRACE_DETACH, t->threads[i]->lwp, NULL,
		(void *) (long) t->threads[i]->pending_signal);
    }
  ompdbg_target_free (t);
}
