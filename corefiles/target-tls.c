/* target-tls.c -- the address of a thread's thread-local variable, as
   glibc's libthread_db computes it (nptl_db's td_thr_tlsbase), from the
   target's memory and registers alone: live and in cores, with no
   libthread_db loaded into the debugger.

   A module with TLS has a link_map entry in the dynamic linker's list
   (_r_debug.r_map, the public <link.h> part: l_addr, l_name, l_ld,
   l_next), found by its dynamic section (l_ld).  Its private fields
   l_tls_offset and l_tls_modid are where libc.so.6 says: glibc
   publishes the layout facts libthread_db needs as constants of three
   uint32_t {size in bits, element count, offset} (nptl_db's
   structs.def, exported GLIBC_PRIVATE in libc.so.6's .dynsym), so the
   target's own glibc, whatever its version, gives them.  On x86-64 (TLS
   variant II: the thread pointer, fs_base, is the thread's struct
   pthread, the static TLS block below it) a module in the static block
   is at the thread pointer minus l_tls_offset; a module loaded later
   (l_tls_offset unset or forced dynamic) at its slot l_tls_modid of the
   thread's dynamic thread vector, the `dtv' of the thread descriptor's
   header.  The symbol's own value is its offset in the module's block.  */

#include <config.h>

#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <sys/ptrace.h>
#if defined __x86_64__
# include <sys/procfs.h>
# include <sys/user.h>
#endif

#include "corefiles/target-internal.h"

/* Entries of the link map walked at most.  */
#define MAX_LINK_MAPS 65536

/* A target word of SIZE bytes (1..8) at ADDR, in the target's order.  */
static ompdbg_err_t
read_word (struct ompdbg_target *t, uint64_t addr, size_t size,
	   uint64_t *value)
{
  unsigned char raw[8];
  if (size == 0 || size > sizeof raw)
    return OMPDBG_E_UNSUPPORTED;
  ompdbg_err_t err = ompdbg_read_memory (t, addr, size, raw);
  if (err != OMPDBG_E_OK)
    return err;
  uint64_t v = 0;
  for (size_t i = 0; i < size; i++)
    v |= (uint64_t) raw[t->byte_order == ELFDATA2LSB ? i : size - 1 - i]
      << (8 * i);
  *value = v;
  return OMPDBG_E_OK;
}

static size_t
pointer_size (const struct ompdbg_target *t)
{
  return t->elfclass == ELFCLASS64 ? 8 : 4;
}

/* glibc's libthread_db descriptor NAME (libc.so.6): DESC[0] the field's
   size in bits, DESC[1] its element count, DESC[2] its offset.  Only
   whole-byte fields of at most 8 bytes (array elements: any size).  */
static ompdbg_err_t
db_desc (struct ompdbg_target *t, const char *name, uint32_t desc[3])
{
  uint64_t addr, v;
  ompdbg_err_t err = ompdbg_lookup_symbol (t, name, "libc.so.6", &addr);
  if (err == OMPDBG_E_NOSYM)
    return OMPDBG_E_UNSUPPORTED;
  if (err != OMPDBG_E_OK)
    return err;
  for (int i = 0; i < 3; i++)
    {
      err = read_word (t, addr + 4 * i, 4, &v);
      if (err != OMPDBG_E_OK)
	return err;
      desc[i] = (uint32_t) v;
    }
  if (desc[0] == 0 || desc[0] % 8 != 0 || desc[2] >= 65536)
    return OMPDBG_E_UNSUPPORTED;
  return OMPDBG_E_OK;
}

/* A scalar field described by DESC of the structure at BASE.  */
static ompdbg_err_t
read_desc_field (struct ompdbg_target *t, const uint32_t desc[3],
		 uint64_t base, uint64_t *value)
{
  if (desc[0] > 64)
    return OMPDBG_E_UNSUPPORTED;
  return read_word (t, base + desc[2], desc[0] / 8, value);
}

/* The thread pointer of TH, read now.  */
static ompdbg_err_t
read_thread_pointer (struct ompdbg_thread *th, uint64_t *tp)
{
  struct ompdbg_target *t = th->target;
#if defined __x86_64__
  if (t->machine != EM_X86_64 || t->elfclass != ELFCLASS64)
    return OMPDBG_E_UNSUPPORTED;
  if (t->live)
    {
      struct user_regs_struct regs;
      if (ptrace (PTRACE_GETREGS, th->lwp, NULL, &regs) != 0)
	return errno == ESRCH ? OMPDBG_E_NOTHREAD : OMPDBG_E_NOREG;
      *tp = regs.fs_base;
      return OMPDBG_E_OK;
    }
  /* The thread's NT_PRSTATUS note: its pr_reg is the kernel's
     user_regs_struct, as ptrace gives it (the core is of this host's
     architecture, checked above).  */
  GElf_Phdr ph;
  for (size_t i = 0; gelf_getphdr (t->core_elf, i, &ph) != NULL; i++)
    {
      if (ph.p_type != PT_NOTE)
	continue;
      Elf_Data *data = elf_getdata_rawchunk (t->core_elf, ph.p_offset,
					     ph.p_filesz, ELF_T_NHDR);
      if (data == NULL)
	continue;
      GElf_Nhdr nh;
      size_t off = 0, name_off, desc_off;
      while ((off = gelf_getnote (data, off, &nh, &name_off, &desc_off)) > 0)
	{
	  struct elf_prstatus prs;
	  if (nh.n_type != NT_PRSTATUS || nh.n_descsz < sizeof prs)
	    continue;
	  memcpy (&prs, (char *) data->d_buf + desc_off, sizeof prs);
	  if (prs.pr_pid != th->lwp)
	    continue;
	  *tp = prs.pr_reg[offsetof (struct user_regs_struct, fs_base)
			   / sizeof prs.pr_reg[0]];
	  return OMPDBG_E_OK;
	}
    }
  return OMPDBG_E_NOREG;
#else
  (void) th;
  (void) tp;
  (void) t;
  return OMPDBG_E_UNSUPPORTED;
#endif
}

ompdbg_err_t
ompdbg_thread_pointer (struct ompdbg_thread *th, uint64_t *tp)
{
  if (!ompdbg_thread_valid (th))
    return OMPDBG_E_BADHANDLE;
  if (tp == NULL)
    return OMPDBG_E_BADARG;
  if (!th->tp_read)
    {
      th->tp_err = read_thread_pointer (th, &th->tp);
      if (th->tp_err == OMPDBG_E_OK && th->tp == 0)
	th->tp_err = OMPDBG_E_NOREG;
      th->tp_read = true;
    }
  if (th->tp_err != OMPDBG_E_OK)
    return th->tp_err;
  *tp = th->tp;
  return OMPDBG_E_OK;
}

/* The link_map entry of MOD: the one whose l_ld is MOD's dynamic
   section.  */
static ompdbg_err_t
module_link_map (struct ompdbg_target *t, Dwfl_Module *mod, uint64_t *lm)
{
  GElf_Addr bias;
  Elf *elf = dwfl_module_getelf (mod, &bias);
  if (elf == NULL)
    return OMPDBG_E_NOMODULES;
  uint64_t dyn = 0;
  GElf_Phdr ph;
  for (size_t i = 0; gelf_getphdr (elf, i, &ph) != NULL; i++)
    if (ph.p_type == PT_DYNAMIC)
      {
	dyn = ph.p_vaddr + bias;
	break;
      }
  if (dyn == 0)
    return OMPDBG_E_UNSUPPORTED;	/* statically linked */
  size_t p = pointer_size (t);
  uint64_t r_debug, map;
  ompdbg_err_t err = ompdbg_lookup_symbol (t, "_r_debug", NULL, &r_debug);
  if (err == OMPDBG_E_NOSYM)
    return OMPDBG_E_UNSUPPORTED;
  if (err != OMPDBG_E_OK)
    return err;
  /* struct r_debug { int r_version; struct link_map *r_map; ... }:
     r_map is the pointer after an int, at the pointer's alignment.  */
  err = read_word (t, r_debug + p, p, &map);
  for (unsigned n = 0; err == OMPDBG_E_OK && map != 0; n++)
    {
      uint64_t l_ld;
      if (n >= MAX_LINK_MAPS)
	return OMPDBG_E_UNMAPPED;	/* a cycle, or garbage */
      /* struct link_map { l_addr, l_name, l_ld, l_next, l_prev ... }.  */
      err = read_word (t, map + 2 * p, p, &l_ld);
      if (err != OMPDBG_E_OK)
	break;
      if (l_ld == dyn)
	{
	  *lm = map;
	  return OMPDBG_E_OK;
	}
      err = read_word (t, map + 3 * p, p, &map);
    }
  return err != OMPDBG_E_OK ? err : OMPDBG_E_NOSYM;
}

/* The start of TH's TLS block of the module whose link_map entry is at
   LM.  */
static ompdbg_err_t
tls_block (struct ompdbg_thread *th, uint64_t lm, uint64_t *block)
{
  struct ompdbg_target *t = th->target;
  uint64_t tp;
  ompdbg_err_t err = ompdbg_thread_pointer (th, &tp);
  if (err != OMPDBG_E_OK)
    return err;
  uint32_t d_off[3], d_modid[3];
  uint64_t offset, modid;
  if ((err = db_desc (t, "_thread_db_link_map_l_tls_offset", d_off))
      != OMPDBG_E_OK
      || (err = db_desc (t, "_thread_db_link_map_l_tls_modid", d_modid))
	 != OMPDBG_E_OK
      || (err = read_desc_field (t, d_off, lm, &offset)) != OMPDBG_E_OK
      || (err = read_desc_field (t, d_modid, lm, &modid)) != OMPDBG_E_OK)
    return err;
  if (modid == 0)
    return OMPDBG_E_NOSYM;		/* the module has no TLS */
  /* NO_TLS_OFFSET (0) and FORCED_DYNAMIC_TLS_OFFSET (-1) of x86-64's
     glibc: not in the static block.  */
  uint64_t all_ones = d_off[0] == 64 ? UINT64_MAX
    : ((uint64_t) 1 << d_off[0]) - 1;
  if (offset != 0 && offset != all_ones)
    {
      *block = tp - offset;
      return OMPDBG_E_OK;
    }
  uint32_t d_dtvp[3], d_dtv[3], d_val[3];
  uint64_t dtv, val;
  if ((err = db_desc (t, "_thread_db_pthread_dtvp", d_dtvp)) != OMPDBG_E_OK
      || (err = db_desc (t, "_thread_db_dtv_dtv", d_dtv)) != OMPDBG_E_OK
      || (err = db_desc (t, "_thread_db_dtv_t_pointer_val", d_val))
	 != OMPDBG_E_OK
      || (err = read_desc_field (t, d_dtvp, tp, &dtv)) != OMPDBG_E_OK)
    return err;
  if (dtv == 0 || (d_dtv[1] != 0 && modid >= d_dtv[1]))
    return OMPDBG_E_UNMAPPED;
  err = read_desc_field (t, d_val, dtv + d_dtv[2] + modid * (d_dtv[0] / 8),
			 &val);
  if (err != OMPDBG_E_OK)
    return err;
  /* TLS_DTV_UNALLOCATED ((void *) -1), or none yet: the thread has not
     touched the module's variables.  */
  if (val == 0 || val == UINT64_MAX
      || (d_val[0] < 64 && val == ((uint64_t) 1 << d_val[0]) - 1))
    return OMPDBG_E_UNMAPPED;
  *block = val;
  return OMPDBG_E_OK;
}

ompdbg_err_t
ompdbg_lookup_tls_symbol (struct ompdbg_thread *th, const char *name,
			  const char *file_name, uint64_t *addr)
{
  if (!ompdbg_thread_valid (th))
    return OMPDBG_E_BADHANDLE;
  struct ompdbg_target *t = th->target;
  Dwfl_Module *mod = NULL;
  uint64_t offset = 0, lm, block;
  ompdbg_err_t err = ompdbg_lookup_symbol_tls (t, name, file_name, addr,
					       &mod, &offset);
  if (err != OMPDBG_E_TLS)
    return err;
  err = module_link_map (t, mod, &lm);
  if (err == OMPDBG_E_OK)
    err = tls_block (th, lm, &block);
  if (err != OMPDBG_E_OK)
    return err;
  *addr = block + offset;
  return OMPDBG_E_OK;
}
