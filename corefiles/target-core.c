/* target-core.c -- a core file as a target: libdwfl reports the modules
   (executable and shared libraries, from the core's NT_FILE note, its
   r_debug link map and the build ids in its memory) and the threads (the
   NT_PRSTATUS notes, through dwfl_core_file_attach); the core's PT_LOAD
   segments are kept for memory reads (target-memory.c).  */

#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <elfutils/libdwelf.h>

#include "corefiles/target-internal.h"

static char *debuginfo_path;

static const Dwfl_Callbacks core_callbacks = {
  .find_elf = dwfl_build_id_find_elf,
  .find_debuginfo = dwfl_standard_find_debuginfo,
  .debuginfo_path = &debuginfo_path,
};

/* The core's PT_LOAD segments, each checked against the file size.  A
   core cut short (a disk full, a size limit, an interrupted copy) keeps
   what it has: its notes must be whole (the threads and registers), the
   memory past its end is unreadable, and the target says so
   (ompdbg_target_core_truncated).  */
static ompdbg_err_t
read_segments (struct ompdbg_target *t)
{
  /* PN_XNUM in e_phnum says the count is in section 0's sh_info.  With
     no section headers (a core has them only for that) libelf takes
     0xffff program headers, most of them the core's data: garbage that
     may well look like empty entries.  */
  GElf_Ehdr eh;
  if (gelf_getehdr (t->core_elf, &eh) == NULL
      || (eh.e_phnum == PN_XNUM && eh.e_shoff == 0))
    return OMPDBG_E_BADCORE;
  size_t phnum;
  if (elf_getphdrnum (t->core_elf, &phnum) != 0 || phnum == 0)
    return OMPDBG_E_BADCORE;
  t->segments = calloc (phnum, sizeof *t->segments);
  if (t->segments == NULL)
    return OMPDBG_E_NOMEM;
  bool have_note = false;
  for (size_t i = 0; i < phnum; i++)
    {
      GElf_Phdr ph;
      if (gelf_getphdr (t->core_elf, i, &ph) == NULL)
	return OMPDBG_E_BADCORE;
      if (ph.p_type != PT_LOAD && ph.p_type != PT_NOTE)
	continue;
      if (ph.p_offset + ph.p_filesz < ph.p_offset)
	return OMPDBG_E_BADCORE;
      bool whole = ph.p_offset <= t->core_size
	&& ph.p_filesz <= t->core_size - ph.p_offset;
      if (ph.p_type == PT_NOTE)
	{
	  if (!whole)
	    return OMPDBG_E_BADCORE;
	  have_note = true;
	  continue;
	}
      if (ph.p_filesz > ph.p_memsz || ph.p_vaddr + ph.p_memsz < ph.p_vaddr)
	return OMPDBG_E_BADCORE;
      struct core_segment *s = &t->segments[t->nsegments++];
      s->vaddr = ph.p_vaddr;
      s->memsz = ph.p_memsz;
      s->offset = ph.p_offset;
      s->filesz = ph.p_filesz;
      s->avail = ph.p_filesz;
      if (!whole)
	{
	  s->avail = ph.p_offset < t->core_size
	    ? t->core_size - ph.p_offset : 0;
	  t->core_cut++;
	  t->core_missing += ph.p_filesz - s->avail;
	  if (ph.p_offset + ph.p_filesz > t->core_needed)
	    t->core_needed = ph.p_offset + ph.p_filesz;
	}
    }
  return have_note ? OMPDBG_E_OK : OMPDBG_E_BADCORE;
}

/* The files a truncated core's NT_FILE note says were mapped at file
   offset 0, reported as modules where libdwfl found none: it finds a
   module through the ELF headers and link map in the core's memory,
   which the cut may have taken, while the note is whole.  */
static int
report_noted_files (struct ompdbg_target *t)
{
  int added = 0;
  GElf_Phdr ph;
  Elf_Data *data = NULL;
  for (size_t i = 0; gelf_getphdr (t->core_elf, i, &ph) != NULL; i++)
    if (ph.p_type == PT_NOTE)
      {
	data = elf_getdata_rawchunk (t->core_elf, ph.p_offset, ph.p_filesz,
				     ELF_T_NHDR);
	break;
      }
  if (data == NULL)
    return 0;
  size_t word = t->elfclass == ELFCLASS32 ? 4 : 8;
  GElf_Nhdr nh;
  size_t off = 0, name_off, desc_off;
  while ((off = gelf_getnote (data, off, &nh, &name_off, &desc_off)) > 0)
    {
      if (nh.n_type != NT_FILE || nh.n_namesz != sizeof "CORE"
	  || memcmp ((char *) data->d_buf + name_off, "CORE", 4) != 0)
	continue;
      const unsigned char *d = (unsigned char *) data->d_buf + desc_off;
      size_t size = nh.n_descsz;
      uint64_t count = 0;
      if (size < 2 * word)
	return 0;
      memcpy (&count, d, word);	/* the core is the host's byte order */
      if (count > (size - 2 * word) / (3 * word))
	return 0;
      const char *name = (const char *) d + 2 * word + count * 3 * word;
      const char *end = (const char *) d + size;
      dwfl_report_begin_add (t->dwfl);
      for (uint64_t k = 0; k < count && name < end; k++)
	{
	  uint64_t start = 0, ofs = 0;
	  memcpy (&start, d + 2 * word + k * 3 * word, word);
	  memcpy (&ofs, d + 2 * word + k * 3 * word + 2 * word, word);
	  const char *nul = memchr (name, '\0', end - name);
	  if (nul == NULL)
	    break;
	  if (ofs == 0 && name[0] == '/'
	      && dwfl_addrmodule (t->dwfl, start) == NULL
	      && dwfl_report_elf (t->dwfl, name, name, -1, start, false)
		 != NULL)
	    added++;
	  name = nul + 1;
	}
      dwfl_report_end (t->dwfl, NULL, NULL);
      return added;
    }
  return 0;
}

/* Each thread of the core, with its registers read right away: they
   are in the note libdwfl has at hand, and libdwfl 0.188 frees a core
   thread's state only after dwfl_thread_getframes ran on it (a thread
   merely listed leaks 16 bytes).  */
static int
collect_thread (Dwfl_Thread *thread, void *arg)
{
  struct ompdbg_target *t = arg;
  struct ompdbg_thread *th;
  if (ompdbg_target_add_thread (t, dwfl_thread_tid (thread), &th)
      != OMPDBG_E_OK)
    return DWARF_CB_ABORT;
  ompdbg_thread_read_regs (th, thread);
  return DWARF_CB_OK;
}

/* Does EXECUTABLE's build id match the one the core's memory holds for
   the main module?  libdwfl does not take a file whose build id differs
   from the dumped one's: it reports the module without it, so the
   executable module has no ELF, or another one's.  */
static ompdbg_err_t
check_executable (struct ompdbg_target *t, const char *executable)
{
  int fd = open (executable, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return OMPDBG_E_OPEN;
  Elf *elf = elf_begin (fd, ELF_C_READ_MMAP, NULL);
  ompdbg_err_t err = OMPDBG_E_EXEMISMATCH;
  const void *id;
  ssize_t idlen;
  GElf_Ehdr ehdr;
  if (elf == NULL || gelf_getehdr (elf, &ehdr) == NULL
      || (ehdr.e_type != ET_EXEC && ehdr.e_type != ET_DYN))
    goto out;
  idlen = dwelf_elf_gnu_build_id (elf, &id);
  if (idlen <= 0)
    {
      /* No build id to compare: accept (libdwfl then matched it by its
	 file name and load address).  */
      err = OMPDBG_E_OK;
      goto out;
    }
  for (size_t i = 0; i < t->nmodules; i++)
    {
      const unsigned char *mid;
      GElf_Addr vaddr;
      int n = dwfl_module_build_id (t->modules[i], &mid, &vaddr);
      if (n == idlen && memcmp (mid, id, n) == 0)
	{
	  GElf_Addr bias;
	  /* The module must have taken the file (not merely exist).  */
	  if (dwfl_module_getelf (t->modules[i], &bias) != NULL)
	    err = OMPDBG_E_OK;
	  break;
	}
    }
out:
  if (elf != NULL)
    elf_end (elf);
  close (fd);
  return err;
}

ompdbg_err_t
ompdbg_target_open_core (const char *core, const char *executable,
			 struct ompdbg_target **targetp)
{
  if (targetp == NULL || core == NULL)
    return OMPDBG_E_BADARG;
  *targetp = NULL;
  elf_version (EV_CURRENT);
  struct ompdbg_target *t = ompdbg_target_new (false);
  if (t == NULL)
    return OMPDBG_E_NOMEM;
  ompdbg_err_t err = OMPDBG_E_OPEN;
  t->core_fd = open (core, O_RDONLY | O_CLOEXEC);
  if (t->core_fd < 0)
    goto fail;
  struct stat st;
  if (fstat (t->core_fd, &st) != 0 || !S_ISREG (st.st_mode))
    goto fail;
  t->core_size = st.st_size;
  /* ELF_C_READ, not a mapping: a core that shrinks while we read it
     must give read errors, not SIGBUS.  */
  err = OMPDBG_E_NOTCORE;
  t->core_elf = elf_begin (t->core_fd, ELF_C_READ, NULL);
  GElf_Ehdr ehdr;
  if (t->core_elf == NULL || elf_kind (t->core_elf) != ELF_K_ELF
      || gelf_getehdr (t->core_elf, &ehdr) == NULL || ehdr.e_type != ET_CORE)
    goto fail;
  err = ompdbg_target_set_class (t, t->core_elf);
  if (err != OMPDBG_E_OK)
    goto fail;
  err = read_segments (t);
  if (err != OMPDBG_E_OK)
    goto fail;

  err = OMPDBG_E_DWFL;
  t->dwfl = dwfl_begin (&core_callbacks);
  if (t->dwfl == NULL)
    goto fail;
  dwfl_report_begin (t->dwfl);
  int n = dwfl_core_file_report (t->dwfl, t->core_elf, executable);
  if (dwfl_report_end (t->dwfl, NULL, NULL) != 0)
    goto fail;
  if (t->core_cut > 0)
    {
      /* What libdwfl did not find in the memory left.  */
      int more = report_noted_files (t);
      if (more > 0)
	n = (n > 0 ? n : 0) + more;
    }
  if (n <= 0)
    {
      err = n < 0 ? OMPDBG_E_BADCORE : OMPDBG_E_NOMODULES;
      goto fail;
    }
  /* The threads and their registers: NT_PRSTATUS notes.  A core whose
     notes libdwfl cannot parse is corrupt.  */
  pid_t pid = dwfl_core_file_attach (t->dwfl, t->core_elf);
  if (pid <= 0)
    {
      err = OMPDBG_E_BADCORE;
      goto fail;
    }
  t->pid = pid;
  if (dwfl_getthreads (t->dwfl, collect_thread, t) != 0 || t->nthreads == 0)
    {
      err = t->nthreads == 0 ? OMPDBG_E_BADCORE : OMPDBG_E_NOMEM;
      goto fail;
    }
  err = ompdbg_target_list_modules (t);
  if (err != OMPDBG_E_OK)
    goto fail;
  if (executable != NULL)
    {
      err = check_executable (t, executable);
      if (err != OMPDBG_E_OK)
	goto fail;
    }
  *targetp = t;
  return OMPDBG_E_OK;

fail:
  ompdbg_target_free (t);
  return err;
}
