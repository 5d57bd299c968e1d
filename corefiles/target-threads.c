/* target-threads.c -- threads (LWPs) and their registers, and the map
   from a glibc pthread_t to its LWP.

   Registers come from libdwfl's initial frame of each thread: for a live
   process it reads the stopped thread's registers with ptrace, for a core
   the thread's NT_PRSTATUS note, so both kinds share this code.  They are
   read on first use and cached.  */

#include <config.h>

#include <string.h>

#include "corefiles/target-internal.h"

ompdbg_err_t
ompdbg_thread_count (struct ompdbg_target *t, size_t *n)
{
  if (!ompdbg_target_valid (t))
    return OMPDBG_E_BADHANDLE;
  if (n == NULL)
    return OMPDBG_E_BADARG;
  *n = t->nthreads;
  return OMPDBG_E_OK;
}

ompdbg_err_t
ompdbg_thread_at (struct ompdbg_target *t, size_t index,
		  struct ompdbg_thread **thread)
{
  if (!ompdbg_target_valid (t))
    return OMPDBG_E_BADHANDLE;
  if (thread == NULL)
    return OMPDBG_E_BADARG;
  if (index >= t->nthreads)
    return OMPDBG_E_NOTHREAD;
  *thread = t->threads[index];
  return OMPDBG_E_OK;
}

ompdbg_err_t
ompdbg_thread_by_lwp (struct ompdbg_target *t, pid_t lwp,
		      struct ompdbg_thread **thread)
{
  if (!ompdbg_target_valid (t))
    return OMPDBG_E_BADHANDLE;
  if (thread == NULL)
    return OMPDBG_E_BADARG;
  for (size_t i = 0; i < t->nthreads; i++)
    if (t->threads[i]->lwp == lwp)
      {
	*thread = t->threads[i];
	return OMPDBG_E_OK;
      }
  return OMPDBG_E_NOTHREAD;
}

pid_t
ompdbg_thread_lwp (const struct ompdbg_thread *th)
{
  return ompdbg_thread_valid (th) ? th->lwp : -1;
}

struct ompdbg_target *
ompdbg_thread_target (const struct ompdbg_thread *th)
{
  return ompdbg_thread_valid (th) ? th->target : NULL;
}

/* Find the offset of `tid` in glibc's struct pthread.  glibc describes
   its thread descriptor for libthread_db in constants it exports from
   libc.so.6 (GLIBC_PRIVATE, in .dynsym): `_thread_db_pthread_tid` is
   three uint32_t, {size in bits, element count, offset} (nptl's
   db_info.c, DB_DESC_SIZE / DB_DESC_NELEM / DB_DESC_OFFSET).  Reading it
   from the target's own libc gives the right layout for whatever glibc
   the target ran, in a core as well, without libthread_db.  */
static ompdbg_err_t
tid_offset (struct ompdbg_target *t, uint32_t *offset)
{
  if (t->tid_offset_state == TID_OFFSET_UNKNOWN)
    {
      t->tid_offset_state = TID_OFFSET_NONE;
      uint64_t addr;
      unsigned char raw[12];
      if (ompdbg_lookup_symbol (t, "_thread_db_pthread_tid", "libc.so.6",
				&addr) == OMPDBG_E_OK
	  && ompdbg_read_memory (t, addr, sizeof raw, raw) == OMPDBG_E_OK)
	{
	  uint32_t desc[3];
	  for (int i = 0; i < 3; i++)
	    {
	      const unsigned char *p = raw + 4 * i;
	      desc[i] = t->byte_order == ELFDATA2LSB
		? p[0] | p[1] << 8 | p[2] << 16 | (uint32_t) p[3] << 24
		: (uint32_t) p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
	    }
	  /* A pid_t field, one element, inside a descriptor of sane size.  */
	  if (desc[0] == 32 && desc[1] <= 1 && desc[2] < 65536)
	    {
	      t->tid_offset = desc[2];
	      t->tid_offset_state = TID_OFFSET_KNOWN;
	    }
	}
    }
  if (t->tid_offset_state != TID_OFFSET_KNOWN)
    return OMPDBG_E_UNSUPPORTED;
  *offset = t->tid_offset;
  return OMPDBG_E_OK;
}

ompdbg_err_t
ompdbg_thread_by_pthread (struct ompdbg_target *t, uint64_t pthread,
			  struct ompdbg_thread **thread)
{
  if (!ompdbg_target_valid (t))
    return OMPDBG_E_BADHANDLE;
  if (thread == NULL)
    return OMPDBG_E_BADARG;
  uint32_t off;
  ompdbg_err_t err = tid_offset (t, &off);
  if (err != OMPDBG_E_OK)
    return err;
  unsigned char raw[4];
  if (pthread == 0 || ompdbg_read_memory (t, pthread + off, 4, raw)
      != OMPDBG_E_OK)
    return OMPDBG_E_NOTHREAD;
  int32_t tid = t->byte_order == ELFDATA2LSB
    ? (int32_t) (raw[0] | raw[1] << 8 | raw[2] << 16 | (uint32_t) raw[3] << 24)
    : (int32_t) ((uint32_t) raw[0] << 24 | raw[1] << 16 | raw[2] << 8 | raw[3]);
  if (tid <= 0)
    return OMPDBG_E_NOTHREAD;
  return ompdbg_thread_by_lwp (t, tid, thread);
}

/* DWARF register numbers of the stack and frame pointers (the psABIs'
   DWARF mappings); -1 where unknown.  */
static void
dwarf_regnos (GElf_Half machine, int *sp, int *fp)
{
  switch (machine)
    {
    case EM_X86_64: *sp = 7; *fp = 6; break;
    case EM_386: *sp = 4; *fp = 5; break;
    case EM_AARCH64: *sp = 31; *fp = 29; break;
    case EM_ARM: *sp = 13; *fp = 11; break;
    case EM_PPC64: case EM_PPC: *sp = 1; *fp = 31; break;
    case EM_S390: *sp = 15; *fp = 11; break;
    case EM_RISCV: *sp = 2; *fp = 8; break;
    default: *sp = -1; *fp = -1; break;
    }
}

static int
first_frame (Dwfl_Frame *frame, void *arg)
{
  struct ompdbg_thread *th = arg;
  Dwarf_Addr pc;
  bool activation;
  if (!dwfl_frame_pc (frame, &pc, &activation))
    {
      th->regs_err = OMPDBG_E_NOREG;
      return DWARF_CB_ABORT;
    }
  th->pc = pc;
  int sp, fp;
  dwarf_regnos (th->target->machine, &sp, &fp);
  Dwarf_Word v;
  if (sp < 0 || dwfl_frame_reg (frame, sp, &v) != 0)
    {
      th->regs_err = OMPDBG_E_NOREG;
      return DWARF_CB_ABORT;
    }
  th->sp = v;
  th->have_fp = fp >= 0 && dwfl_frame_reg (frame, fp, &v) == 0;
  if (th->have_fp)
    th->fp = v;
  th->regs_err = OMPDBG_E_OK;
  /* Only the innermost frame: no unwinding.  */
  return DWARF_CB_ABORT;
}

/* Read TH's registers from libdwfl's THREAD, now.  */
void
ompdbg_thread_read_regs (struct ompdbg_thread *th, Dwfl_Thread *thread)
{
  th->regs_err = OMPDBG_E_NOREG;
  dwfl_thread_getframes (thread, first_frame, th);
  th->regs_read = true;
}

ompdbg_err_t
ompdbg_thread_reg (struct ompdbg_thread *th, enum ompdbg_reg reg,
		   uint64_t *value)
{
  if (!ompdbg_thread_valid (th))
    return OMPDBG_E_BADHANDLE;
  if (value == NULL)
    return OMPDBG_E_BADARG;
  if (!th->regs_read)
    {
      th->regs_err = OMPDBG_E_NOREG;
      /* Only the callback's verdict counts: the return value is the
	 callback's DWARF_CB_ABORT or -1.  */
      dwfl_getthread_frames (th->target->dwfl, th->lwp, first_frame, th);
      th->regs_read = true;
    }
  if (th->regs_err != OMPDBG_E_OK)
    return th->regs_err;
  switch (reg)
    {
    case OMPDBG_REG_PC: *value = th->pc; return OMPDBG_E_OK;
    case OMPDBG_REG_SP: *value = th->sp; return OMPDBG_E_OK;
    case OMPDBG_REG_FP:
      if (!th->have_fp)
	return OMPDBG_E_NOREG;
      *value = th->fp;
      return OMPDBG_E_OK;
    }
  return OMPDBG_E_BADARG;
}
