/* cli-stack.c -- OpenMP-aware stacks for the ompdbg views, as the gdb
   plugin's `ompd bt' gives them (gdb-plugin/ompdbg_gdb/cmd_bt.py): the
   threads are unwound by libdwfl, the runtime's frames are left out,
   GCC's outlined functions read as the construct they run, and a worker
   thread's stack continues into the stack of the thread that
   encountered its region, down to main.

   The stacks are cut by OMPD's task frames (ompd_get_task_frame): a
   task's code runs in the frames older than its enter frame (where it
   called into the runtime) and newer than its exit frame (where the
   runtime called it); from the thread's current task down its chain of
   tasks (cli_chain) to the initial task.  Where the task frames do not
   place a task on its stack, the thread's own frames are given.  */

#include <config.h>

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dwarf.h>
#include <elfutils/libdwfl.h>

#include "corefiles/cli.h"

#define MAX_FRAMES 4096
#define FRAME_KIND 0x30		/* the address part of ompt_frame_flag_t */

static const char *const thread_start[] = {
  "start_thread", "clone", "clone3", "__clone", "__clone3"
};

struct unwind
{
  struct cli *c;
  struct cli_thread *t;
  size_t cap;
  int sp_reg;
  int machine;			/* EM_* */
  /* Answers of in_sigtramp by pc: the threads of a team return to the
     same few addresses, read once.  */
  struct { uint64_t pc; bool valid, signal; } seen[64];
};

/* The code of the kernel's signal return trampolines on Linux, which a
   handler returns into (glibc's __restore_rt, the vDSO's
   __kernel_rt_sigreturn): `mov $__NR_rt_sigreturn, %rax; syscall' and
   `mov x8, #__NR_rt_sigreturn; svc #0'.  gdb knows such a frame by the
   same bytes (amd64_linux_sigtramp_p, aarch64's tramp_frame) and shows
   it as `<signal handler called>'.  AT is the offset of the pc of a
   frame in the trampoline's second instruction (an interrupted
   syscall).  */
static const struct sigtramp
{
  int machine;
  unsigned char code[12];
  size_t len, at;
} sigtramps[] = {
  { EM_X86_64, { 0x48, 0xc7, 0xc0, 0x0f, 0, 0, 0, 0x0f, 0x05 }, 9, 7 },
  { EM_AARCH64, { 0x68, 0x11, 0x80, 0xd2, 0x01, 0, 0, 0xd4 }, 8, 4 },
};

/* Whether PC, a frame's pc, is in a signal return trampoline.  */
static bool
in_sigtramp (struct cli *c, int machine, uint64_t pc)
{
  for (size_t i = 0; i < sizeof sigtramps / sizeof sigtramps[0]; i++)
    {
      const struct sigtramp *st = &sigtramps[i];
      if (st->machine != machine)
	continue;
      unsigned char code[sizeof st->code];
      for (size_t k = 0; k < 2; k++)
	{
	  uint64_t start = pc - (k ? st->at : 0);
	  if (ompdbg_read_memory (c->t, start, st->len, code) == OMPDBG_E_OK
	      && memcmp (code, st->code, st->len) == 0)
	    return true;
	}
    }
  return false;
}

/* The target's machine (EM_*), from its first module with an ELF.  */
static int
module_machine (Dwfl_Module *mod, void **user, const char *name,
		Dwarf_Addr start, void *arg)
{
  (void) user, (void) name, (void) start;
  GElf_Addr bias;
  Elf *elf = dwfl_module_getelf (mod, &bias);
  GElf_Ehdr eh;
  if (elf == NULL || gelf_getehdr (elf, &eh) == NULL)
    return DWARF_CB_OK;
  *(int *) arg = eh.e_machine;
  return DWARF_CB_ABORT;
}

/* The target's machine (EM_*), EM_NONE if unknown.  */
static int
target_machine (struct cli *c)
{
  int machine = EM_NONE;
  Dwfl *dwfl = ompdbg_target_dwfl (c->t);
  if (dwfl != NULL)
    dwfl_getmodules (dwfl, module_machine, &machine, 0);
  return machine;
}

/* The DWARF number of the stack pointer (the psABIs), -1 if unknown.  */
static int
sp_regno (int machine)
{
  switch (machine)
    {
    case EM_X86_64: return 7;
    case EM_386: return 4;
    case EM_AARCH64: return 31;
    case EM_ARM: return 13;
    case EM_PPC64: case EM_PPC: return 1;
    case EM_S390: return 15;
    case EM_RISCV: return 2;
    default: return -1;
    }
}

static int
one_frame (Dwfl_Frame *frame, void *arg)
{
  struct unwind *u = arg;
  struct cli_thread *t = u->t;
  Dwarf_Addr pc;
  bool activation;
  if (!dwfl_frame_pc (frame, &pc, &activation))
    return DWARF_CB_ABORT;
  if (t->nframes == u->cap)
    {
      size_t cap = u->cap ? 2 * u->cap : 32;
      struct cli_frame *n = realloc (t->frames, cap * sizeof *n);
      if (n == NULL)
	return DWARF_CB_ABORT;
      t->frames = n;
      u->cap = cap;
    }
  struct cli_frame *f = &t->frames[t->nframes++];
  memset (f, 0, sizeof *f);
  size_t slot = (pc >> 2) % (sizeof u->seen / sizeof u->seen[0]);
  if (!u->seen[slot].valid || u->seen[slot].pc != pc)
    {
      u->seen[slot].pc = pc;
      u->seen[slot].valid = true;
      u->seen[slot].signal = in_sigtramp (u->c, u->machine, pc);
    }
  f->signal = u->seen[slot].signal;
  /* A caller's pc is its return address: look the call up.  The
     trampoline's pc is where the handler returns to, and the pc of the
     frame a signal interrupted is where it resumes.  */
  bool interrupted = t->nframes >= 2 && t->frames[t->nframes - 2].signal;
  f->pc = activation || f->signal || interrupted ? pc : pc - 1;
  Dwarf_Word sp;
  if (u->sp_reg >= 0 && dwfl_frame_reg (frame, u->sp_reg, &sp) == 0)
    f->sp = sp;
  return t->nframes >= MAX_FRAMES ? DWARF_CB_ABORT : DWARF_CB_OK;
}

static int
one_thread (Dwfl_Thread *thread, void *arg)
{
  struct unwind *u = arg;
  u->t = cli_thread_of_lwp (u->c, dwfl_thread_tid (thread));
  if (u->t == NULL || u->t->unwound)
    return DWARF_CB_OK;
  u->cap = 0;
  u->t->unwound = true;
  if (dwfl_thread_getframes (thread, one_frame, u) != 0
      && u->t->nframes == 0)
    u->t->unwind_error = u->c->core != NULL || dwfl_errno () != 0
      ? cli_printf (u->c, "%s", dwfl_errmsg (-1)) : "no frames";
  struct cli_thread *t = u->t;
  for (size_t i = 0; i < t->nframes; i++)
    t->frames[i].cfa = i + 1 < t->nframes ? t->frames[i + 1].sp : 0;
  return DWARF_CB_OK;
}

/* ---- unwinding a core --------------------------------------------------

   libdwfl unwinds a core attached with dwfl_core_file_attach, whose
   memory reads look the address up in the core's program headers one by
   one: a core of N threads has about 2N segments, and N stacks to walk,
   so the cost grows as N squared (4.6 s of CPU at 1024 threads).  The
   stacks are unwound instead in a second Dwfl over the same core: the
   same modules (dwfl_core_file_report), each thread's initial registers
   as libdwfl itself read them from the core's notes (the first frame of
   the target's own Dwfl), and memory read through the target by pages,
   with a small cache: a stack is read a page at a time, not a word.  */

#define CACHE_PAGES 64
#define PAGE 4096
#define MAX_REGS 128

struct core_unwind
{
  struct cli *c;
  Dwfl *dwfl;
  Elf *elf;
  int fd;
  /* Per thread (index of c->threads): the registers of its first frame. */
  struct first_regs
  {
    bool have;
    Dwarf_Addr pc;
    uint64_t set[MAX_REGS / 64];
    Dwarf_Word v[MAX_REGS];
  } *regs;
  struct
  {
    uint64_t page;
    bool valid;
    unsigned char data[PAGE];
  } cache[CACHE_PAGES];
};

static int
copy_first_frame (Dwfl_Frame *frame, void *arg)
{
  struct first_regs *r = arg;
  bool activation;
  r->have = dwfl_frame_pc (frame, &r->pc, &activation);
  for (int regno = 0; regno < MAX_REGS; regno++)
    if (dwfl_frame_reg (frame, regno, &r->v[regno]) == 0)
      r->set[regno / 64] |= 1ull << (regno % 64);
  return DWARF_CB_ABORT;
}

static int
collect_regs (Dwfl_Thread *thread, void *arg)
{
  struct core_unwind *u = arg;
  struct cli_thread *t = cli_thread_of_lwp (u->c, dwfl_thread_tid (thread));
  if (t != NULL)
    dwfl_thread_getframes (thread, copy_first_frame,
			   &u->regs[t - u->c->threads]);
  return DWARF_CB_OK;
}

static pid_t
cu_next_thread (Dwfl *dwfl, void *arg, void **thread_argp)
{
  (void) dwfl;
  struct core_unwind *u = arg;
  size_t i = (size_t) *thread_argp;
  if (i >= u->c->nthreads)
    return 0;
  *thread_argp = (void *) (i + 1);
  return u->c->threads[i].lwp;
}

static bool
cu_get_thread (Dwfl *dwfl, pid_t tid, void *arg, void **thread_argp)
{
  (void) dwfl;
  struct core_unwind *u = arg;
  struct cli_thread *t = cli_thread_of_lwp (u->c, tid);
  if (t == NULL)
    return false;
  *thread_argp = (void *) (size_t) (t - u->c->threads + 1);
  return true;
}

static bool
cu_memory_read (Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result, void *arg)
{
  (void) dwfl;
  struct core_unwind *u = arg;
  ompd_device_type_sizes_t sizes;
  if (ompdbg_target_type_sizes (u->c->t, &sizes) != OMPDBG_E_OK)
    return false;
  size_t n = sizes.sizeof_pointer;
  uint64_t page = addr & ~(uint64_t) (PAGE - 1);
  unsigned char raw[8];
  if (addr + n <= page + PAGE)
    {
      size_t k = (page / PAGE) % CACHE_PAGES;
      if (!u->cache[k].valid || u->cache[k].page != page)
	{
	  u->cache[k].valid = ompdbg_read_memory (u->c->t, page, PAGE,
						  u->cache[k].data)
	    == OMPDBG_E_OK;
	  u->cache[k].page = page;
	}
      if (u->cache[k].valid)
	memcpy (raw, u->cache[k].data + (addr - page), n);
      else if (ompdbg_read_memory (u->c->t, addr, n, raw) != OMPDBG_E_OK)
	return false;
    }
  else if (ompdbg_read_memory (u->c->t, addr, n, raw) != OMPDBG_E_OK)
    return false;
  int order;
  ompdbg_target_byte_order (u->c->t, &order);
  uint64_t v = 0;
  for (size_t i = 0; i < n; i++)
    v |= (uint64_t) raw[order == ELFDATA2LSB ? i : n - 1 - i] << (8 * i);
  *result = v;
  return true;
}

static struct core_unwind *current_unwind;

static bool
cu_set_registers (Dwfl_Thread *thread, void *thread_arg)
{
  struct core_unwind *u = current_unwind;
  size_t i = (size_t) thread_arg - 1;
  if (u == NULL || i >= u->c->nthreads || !u->regs[i].have)
    return false;
  struct first_regs *r = &u->regs[i];
  for (int regno = 0; regno < MAX_REGS; regno++)
    if ((r->set[regno / 64] >> (regno % 64)) & 1)
      if (!dwfl_thread_state_registers (thread, regno, 1, &r->v[regno]))
	return false;
  dwfl_thread_state_register_pc (thread, r->pc);
  return true;
}

/* No separate debug files: the unwinder takes the call frame
   information of the modules themselves (.eh_frame), and reading a
   debug file (decompressing it) would double what the target's Dwfl
   already does for symbols and lines.  */
static int
no_debuginfo (Dwfl_Module *mod, void **user, const char *name,
	      Dwarf_Addr base, const char *file, const char *debuglink,
	      GElf_Word crc, char **debuginfo_file_name)
{
  (void) mod, (void) user, (void) name, (void) base, (void) file;
  (void) debuglink, (void) crc, (void) debuginfo_file_name;
  return -1;
}

static const Dwfl_Callbacks unwind_dwfl_callbacks =
{
  .find_elf = dwfl_build_id_find_elf,
  .find_debuginfo = no_debuginfo,
};

static const Dwfl_Thread_Callbacks unwind_thread_callbacks =
{
  .next_thread = cu_next_thread,
  .get_thread = cu_get_thread,
  .memory_read = cu_memory_read,
  .set_initial_registers = cu_set_registers,
};

/* Unwind every thread of the core C in a second Dwfl.  False when it
   cannot be set up (the caller unwinds with the target's Dwfl).  */
static bool
unwind_core (struct cli *c, struct unwind *w)
{
  struct core_unwind *u = calloc (1, sizeof *u);
  if (u == NULL)
    return false;
  u->c = c;
  u->fd = -1;
  u->regs = calloc (c->nthreads ? c->nthreads : 1, sizeof *u->regs);
  bool ok = false;
  Dwfl *orig = ompdbg_target_dwfl (c->t);
  uint64_t needed = 0;
  ompdbg_target_core_truncated (c->t, &needed, NULL, NULL, NULL);
  /* A truncated core's modules come from its NT_FILE note, which the
     target knows how to use: unwind that one with the target's Dwfl.  */
  if (u->regs == NULL || orig == NULL || needed != 0)
    goto out;
  dwfl_getthreads (orig, collect_regs, u);
  u->fd = open (c->core, O_RDONLY);
  if (u->fd < 0)
    goto out;
  elf_version (EV_CURRENT);
  /* Not mapped, as the target does not: a core that shrinks while it
     is read gives read errors, not SIGBUS.  */
  u->elf = elf_begin (u->fd, ELF_C_READ, NULL);
  u->dwfl = dwfl_begin (&unwind_dwfl_callbacks);
  if (u->elf == NULL || u->dwfl == NULL)
    goto out;
  dwfl_report_begin (u->dwfl);
  int n = dwfl_core_file_report (u->dwfl, u->elf, c->exe);
  if (dwfl_report_end (u->dwfl, NULL, NULL) != 0 || n < 0)
    goto out;
  if (!dwfl_attach_state (u->dwfl, u->elf, ompdbg_target_pid (c->t),
			  &unwind_thread_callbacks, u))
    goto out;
  current_unwind = u;
  dwfl_getthreads (u->dwfl, one_thread, w);
  current_unwind = NULL;
  ok = true;
out:
  if (u->dwfl != NULL)
    dwfl_end (u->dwfl);
  if (u->elf != NULL)
    elf_end (u->elf);
  if (u->fd >= 0)
    close (u->fd);
  free (u->regs);
  free (u);
  return ok;
}

void
cli_unwind (struct cli *c)
{
  cli_model (c);
  struct unwind u = { .c = c, .machine = target_machine (c) };
  u.sp_reg = sp_regno (u.machine);
  Dwfl *dwfl = ompdbg_target_dwfl (c->t);
  if ((c->core == NULL || !unwind_core (c, &u)) && dwfl != NULL)
    dwfl_getthreads (dwfl, one_thread, &u);
  for (size_t i = 0; i < c->nthreads; i++)
    if (!c->threads[i].unwound)
      {
	c->threads[i].unwound = true;
	c->threads[i].unwind_error = "cannot unwind";
      }
}

/* The construct an outlined function at START runs: a region's
   function is a parallel region's; a current implicit task's too.  */
static const char *
fn_kind (struct cli *c, uint64_t start)
{
  for (size_t r = 0; r < c->nregions; r++)
    if (c->regions[r].fn == start)
      return "parallel";
  return "task";
}

struct lines
{
  const char **text;
  int *kind;
  size_t n, cap;
};

static void
add (struct lines *l, const char *s, int kind)
{
  if (s == NULL)
    return;
  if (l->n == l->cap)
    {
      size_t cap = l->cap ? 2 * l->cap : 32;
      const char **t = realloc (l->text, cap * sizeof *t);
      int *k = t != NULL ? realloc (l->kind, cap * sizeof *k) : NULL;
      if (t != NULL)
	l->text = t;
      if (k == NULL)
	return;
      l->kind = k;
      l->cap = cap;
    }
  l->text[l->n] = s;
  l->kind[l->n++] = kind;
}

static const char *
base_name (const char *f)
{
  const char *b = f != NULL ? strrchr (f, '/') : NULL;
  return b != NULL ? b + 1 : f;
}

/* The text of one frame: NAME (or LABEL [NAME]) and where.  */
static const char *
one_text (struct cli *c, const char *name, const char *label,
	  const char *file, int line, const struct cli_pc *p)
{
  char loc[600] = "";
  if (file != NULL && line > 0)
    snprintf (loc, sizeof loc, " at %s:%d", file, line);
  else if (!p->in_exe && p->module != NULL)
    snprintf (loc, sizeof loc, " from %s", p->module);
  if (label != NULL)
    return cli_printf (c, "%s [%s]%s", label, name, loc);
  return cli_printf (c, "%s%s", name ? name : "??", loc);
}

/* Collect in OUT (outermost first) the subprogram, inlined-subroutine
   and lexical-block DIEs under DIE whose ranges hold PC.  Unlike
   dwarf_getscopes, it also looks into DIEs whose ranges do not hold PC:
   GCC nests the function it outlines for an OpenMP construct in its
   parent's DIE (an abstract instance, or another outlined function),
   and the functions inlined into it are found only there.  */
static int
scopes_at (Dwarf_Die *die, Dwarf_Addr pc, Dwarf_Die *out, int n, int max,
	   int depth)
{
  Dwarf_Die child;
  if (depth > 32 || dwarf_child (die, &child) != 0)
    return n;
  do
    {
      int tag = dwarf_tag (&child);
      if (tag == DW_TAG_namespace || tag == DW_TAG_class_type
	  || tag == DW_TAG_structure_type || tag == DW_TAG_union_type
	  || tag == DW_TAG_module)
	{
	  /* A C++ lambda's operator() is a member of a class declared in
	     the function that holds it: its code is found there; a Fortran
	     module procedure's code in its module.  */
	  int m = scopes_at (&child, pc, out, n, max, depth + 1);
	  if (m > n)
	    return m;
	  continue;
	}
      if (tag != DW_TAG_subprogram && tag != DW_TAG_inlined_subroutine
	  && tag != DW_TAG_lexical_block)
	continue;
      if (dwarf_haspc (&child, pc) == 1)
	{
	  if (n < max)
	    out[n++] = child;
	  return scopes_at (&child, pc, out, n, max, depth + 1);
	}
      /* A function nested in this DIE need not lie in its ranges.  */
      int m = scopes_at (&child, pc, out, n, max, depth + 1);
      if (m > n)
	return m;
    }
  while (dwarf_siblingof (&child, &child) == 0);
  return n;
}

/* The lines of the frame at PC (see struct cli_pc's FRAMES): the
   functions inlined at PC (DW_TAG_inlined_subroutine scopes, innermost
   first), each at the line its inner one was called from, then the
   function itself.  */
static void
compute_frames (struct cli *c, uint64_t pc, struct cli_pc *p)
{
  p->frames = "";
  if (cli_in_runtime (c, pc))
    return;
  if (p->name != NULL)
    for (size_t i = 0; i < sizeof thread_start / sizeof thread_start[0]; i++)
      if (strcmp (p->name, thread_start[i]) == 0)
	return;
  Dwfl *dwfl = ompdbg_target_dwfl (c->t);
  Dwfl_Module *mod = dwfl_addrmodule (dwfl, pc);
  const char *label = NULL;
  const char *name = p->name;
  if (cli_is_outlined (p->name) && mod != NULL)
    {
      GElf_Off off = 0;
      GElf_Sym sym;
      if (dwfl_module_addrinfo (mod, pc, &off, &sym, NULL, NULL, NULL))
	label = cli_construct_label (c, pc - off, fn_kind (c, pc - off));
    }
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream (&buf, &len);
  if (m == NULL)
    return;
  const char *file = p->file;
  int line = p->line;
  Dwarf_Addr bias;
  Dwarf_Die *cu = mod != NULL ? dwfl_module_addrdie (mod, pc, &bias) : NULL;
  Dwarf_Die scopes[64];
  int n = cu != NULL ? scopes_at (cu, pc - bias, scopes, 0, 64, 0) : 0;
  Dwarf_Files *files = NULL;
  if (n > 0)
    dwarf_getsrcfiles (cu, &files, NULL);
  bool main_program = false;
  for (int i = n - 1; i >= 0; i--)
    {
      int tag = dwarf_tag (&scopes[i]);
      if (tag == DW_TAG_subprogram)
	{
	  main_program = dwarf_hasattr_integrate (&scopes[i],
						  DW_AT_main_subprogram);
	  /* The function's DWARF name, as gdb names the frame (after an
	     outlined function's label too).  */
	  const char *dn = cli_die_name (c, &scopes[i]);
	  if (dn != NULL)
	    name = dn;
	  break;
	}
      if (tag != DW_TAG_inlined_subroutine)
	continue;
      Dwarf_Die origin;
      Dwarf_Attribute attr;
      const char *iname = NULL;
      if (dwarf_formref_die (dwarf_attr (&scopes[i], DW_AT_abstract_origin,
					 &attr), &origin) != NULL)
	/* Named as the inlined copy, which gdb qualifies otherwise than
	   the function's own code (cli_die_name).  */
	iname = cli_die_name (c, &scopes[i]);
      if (iname != NULL && dwarf_hasattr_integrate (&origin,
						    DW_AT_main_subprogram))
	{
	  /* A Fortran main program inlined into the C main that calls
	     it: gdb's backtrace ends there, as at main.  */
	  fprintf (m, "%s", one_text (c, iname, NULL, file, line, p));
	  fclose (m);
	  p->frames = cli_keep (c, buf);
	  p->ends_at_main = true;
	  return;
	}
      fprintf (m, "%s\n", one_text (c, iname ? iname : "??", NULL, file, line,
				    p));
      /* The next frame out is at the call of this one.  */
      Dwarf_Word cl = 0, cf = 0;
      line = dwarf_formudata (dwarf_attr (&scopes[i], DW_AT_call_line, &attr),
			      &cl) == 0 ? (int) cl : 0;
      file = files != NULL
	&& dwarf_formudata (dwarf_attr (&scopes[i], DW_AT_call_file, &attr),
			    &cf) == 0
	? base_name (dwarf_filesrc (files, cf, NULL, NULL)) : NULL;
    }
  fprintf (m, "%s", one_text (c, name, label, file, line, p));
  const char *last = name;
  fclose (m);
  p->frames = cli_keep (c, buf);
  p->ends_at_main = main_program
    || (last != NULL && strcmp (last, "main") == 0);
}

const char *
cli_frame_where (struct cli *c, uint64_t pc)
{
  const struct cli_pc *p = cli_pc_info (c, pc);
  const char *name = p->name;
  Dwfl *dwfl = ompdbg_target_dwfl (c->t);
  Dwfl_Module *mod = dwfl != NULL ? dwfl_addrmodule (dwfl, pc) : NULL;
  Dwarf_Addr bias;
  Dwarf_Die *cu = mod != NULL ? dwfl_module_addrdie (mod, pc, &bias) : NULL;
  Dwarf_Die scopes[64];
  int n = cu != NULL ? scopes_at (cu, pc - bias, scopes, 0, 64, 0) : 0;
  /* The innermost function: the one inlined at PC, else the function
     whose code it is; named as compute_frames names them.  */
  for (int i = n - 1; i >= 0; i--)
    {
      int tag = dwarf_tag (&scopes[i]);
      if (tag != DW_TAG_subprogram && tag != DW_TAG_inlined_subroutine)
	continue;
      const char *dn = cli_die_name (c, &scopes[i]);
      if (dn != NULL)
	name = dn;
      break;
    }
  if (name == NULL)
    name = cli_printf (c, "0x%llx", (unsigned long long) pc);
  if (p->file != NULL && p->line > 0)
    return cli_printf (c, "%s at %s:%d", name, p->file, p->line);
  return name;
}

/* Append the lines of frame F to L; true when the last was main's
   (gdb's backtrace ends there: `set backtrace past-main off').  */
static bool frame_lines (struct cli *c, const struct cli_frame *f,
			 struct lines *l);

/* Rows [first, last] of T's stack of the physical frame at OMPD frame
   address ADDR: the frame whose CFA it is (ompt_frame_cfa), else the
   one whose stack it lies in.  False when no frame is there.  */
static bool
find_frame (struct cli_thread *t, uint64_t addr, ompd_word_t flags,
	    size_t *row)
{
  ompd_word_t kind = flags & FRAME_KIND;
  for (size_t i = 0; i < t->nframes; i++)
    {
      const struct cli_frame *f = &t->frames[i];
      if (f->cfa == 0)
	continue;
      bool hit = kind == ompt_frame_cfa ? f->cfa == addr
	: f->sp != 0 && f->sp <= addr && addr < f->cfa;
      if (hit)
	{
	  *row = i;
	  return true;
	}
    }
  return false;
}

/* Rows [*LO, *HI) of T's stack that run TASK's code.  */
static bool
task_span (struct cli_thread *t, const struct cli_task *task, size_t *lo,
	   size_t *hi)
{
  if (!task->frames_ok)
    return false;
  *lo = 0;
  *hi = t->nframes;
  size_t row;
  if (task->enter.frame_address.address)
    {
      if (!find_frame (t, task->enter.frame_address.address,
		       task->enter.frame_flag, &row))
	return false;
      *lo = row + 1;
    }
  if (task->exit.frame_address.address)
    {
      if (!find_frame (t, task->exit.frame_address.address,
		       task->exit.frame_flag, &row))
	return false;
      *hi = row;
    }
  else if (strcmp (task->kind, "initial") != 0)
    /* Only an initial task's code starts at the stack's bottom.  */
    *hi = *lo;
  if (*hi < *lo)
    *hi = *lo;
  return true;
}

static bool
frame_lines (struct cli *c, const struct cli_frame *f, struct lines *l)
{
  if (f->signal)
    {
      add (l, "<signal handler called>", 0);
      return false;
    }
  struct cli_pc *p = (struct cli_pc *) cli_pc_info (c, f->pc);
  if (p->frames == NULL && p->shared != NULL && p->shared->frames != NULL)
    {
      p->frames = p->shared->frames;
      p->ends_at_main = p->shared->ends_at_main;
    }
  if (p->frames == NULL)
    {
      compute_frames (c, f->pc, p);
      if (p->shared != NULL && p->frames != NULL)
	{
	  p->shared->frames = strdup (p->frames);
	  p->shared->ends_at_main = p->ends_at_main;
	}
    }
  for (const char *s = p->frames; *s != '\0';)
    {
      const char *nl = strchr (s, '\n');
      if (nl == NULL)
	{
	  add (l, s, 0);
	  break;
	}
      add (l, cli_printf (c, "%.*s", (int) (nl - s), s), 0);
      s = nl + 1;
    }
  return p->ends_at_main;
}

/* The frames LO..HI of T; true when main's was reached.  */
static bool
own_frames (struct cli *c, struct cli_thread *t, struct lines *l,
	    size_t lo, size_t hi)
{
  for (size_t i = lo; i < hi && i < t->nframes; i++)
    if (frame_lines (c, &t->frames[i], l))
      return true;
  return false;
}

static const char *
header (struct cli *c, int r, struct cli_thread *primary)
{
  const char *where = "";
  ompd_task_handle_t *imp;
  if (c->api->get_task_in_parallel (c->regions[r].h, 0, &imp) == ompd_rc_ok)
    {
      ompd_frame_info_t ex, en;
      if (c->api->get_task_frame (imp, &ex, &en) == ompd_rc_ok
	  && ex.frame_address.address == 0)
	{
	  int cmp = 1;
	  bool same = primary->task != NULL
	    && c->api->task_handle_compare (primary->task, imp, &cmp)
	       == ompd_rc_ok && cmp == 0;
	  where = same ? ", which has finished the region's code and waits "
	    "at its end barrier" : ", which has finished the region's code "
	    "and runs tasks at its end";
	}
      c->api->rel_task_handle (imp);
    }
  const struct cli_region *x = &c->regions[r];
  return cli_printf (c, "---- region #%d (level %lld) was entered by thread "
		     "%d (OpenMP thread 0 of the team%s):", x->id,
		     x->level.ok ? x->level.v : -1LL, primary->id, where);
}

/* The frames of CHAIN (N tasks, the first on thread T).  False when the
   task frames do not place a task on its stack.  */
static bool
chain_lines (struct cli *c, struct cli_thread *t, struct cli_task *chain,
	     size_t n, struct lines *l)
{
  struct cli_thread *on = t;
  const struct cli_task *prev = NULL;
  for (size_t i = 0; i < n; i++)
    {
      const struct cli_task *task = &chain[i];
      if (task->on != on)
	{
	  if (prev != NULL && prev->region >= 0)
	    add (l, header (c, prev->region, task->on), 1);
	  on = task->on;
	}
      size_t lo, hi;
      if (!task_span (on, task, &lo, &hi))
	return false;
      if (own_frames (c, on, l, lo, hi))
	break;
      prev = task;
    }
  return true;
}

void
cli_omp_stack (struct cli *c, struct cli_thread *t, const char ***text,
	       int **kinds, size_t *n)
{
  struct lines l = { NULL, NULL, 0, 0 };
  if (t->unwind_error != NULL && t->nframes == 0)
    add (&l, cli_printf (c, "(cannot unwind: %s)", t->unwind_error), 2);
  else if (c->s == NULL || t->h == NULL)
    own_frames (c, t, &l, 0, t->nframes);
  else
    {
      cli_chain (c, t);
      if (t->nchain > 0)
	{
	  if (!chain_lines (c, t, t->chain, t->nchain, &l))
	    {
	      /* The task frames do not place its tasks: its own frames.  */
	      l.n = 0;
	      own_frames (c, t, &l, 0, t->nframes);
	      add (&l, "(the OMPD task frames do not place its tasks on the "
		   "stacks: its own frames only)", 2);
	    }
	}
      else
	{
	  own_frames (c, t, &l, 0, t->nframes);
	  if (!t->unstarted || t->region < 0)
	    add (&l, t->region < 0 ? "(idle: it runs no OpenMP task)"
		 : "(it runs no OpenMP task)", 2);
	  else
	    {
	      struct cli_region *r = &c->regions[t->region];
	      add (&l, cli_printf (c, "(assigned to region #%d as OpenMP "
				   "thread %lld; it has not begun its "
				   "implicit task)", r->id,
				   t->num.ok ? t->num.v : -1LL), 2);
	      struct cli_thread *p = cli_member (c, t->region, 0);
	      if (p != NULL && p != t)
		{
		  /* The primary's stack from the task that encountered
		     the region: the tail of its chain after its implicit
		     task of this region.  */
		  cli_chain (c, p);
		  size_t k = 0;
		  while (k < p->nchain && !(p->chain[k].implicit
					    && p->chain[k].region == t->region))
		    k++;
		  if (k + 1 < p->nchain)
		    {
		      add (&l, header (c, t->region, p), 1);
		      chain_lines (c, p->chain[k + 1].on, p->chain + k + 1,
				   p->nchain - k - 1, &l);
		    }
		}
	    }
	}
    }
  *text = l.text;
  *kinds = l.kind;
  *n = l.n;
}
